"""Side by side with the exudyn wheel (pip install exudyn==1.13.6): a mass point dropped on a floor,
(a) with the contact switched by mbs.SetPostNewtonUserFunction (the model of Exudyn's
postNewtonStepContactTest.py) and (b) with ObjectContactCoordinate (contactCoordinateTest.py), in
both engines with the same settings; prints the final height, the Newton iterations, the number of
post-Newton calls and where the step-size sequences first differ.

    .venv/bin/python scripts/compareContactCoordinateWithExudyn.py
"""
import importlib
import sys

L, R, GRAVITY, MASS = 0.5, 0.05, 9.81, 0.25


def Run(package, contactCoordinate, modifiedNewton, endTime, h, stiffness, damping, tolerance, maxIterations):
    exu = importlib.import_module(package)
    items = importlib.import_module(package + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    data = mbs.AddNode(items.NodeGenericData(initialCoordinates=[1 if contactCoordinate else 0],
                                             numberOfDataCoordinates=1))
    if contactCoordinate:
        node = mbs.AddNode(items.NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, R + 0.05, 0]))
    else:
        node = mbs.AddNode(items.NodePoint(referenceCoordinates=[0, L, 0], initialCoordinates=[0, R - L + 0.01, 0],
                                           initialVelocities=[0, -1, 0]))
    mbs.AddObject(items.MassPoint(physicsMass=MASS, nodeNumber=node))
    ground = mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(items.NodePointGround()), coordinate=0))
    marker = mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=node, coordinate=1))
    steps = []

    def SpringForce(mbs, t, itemIndex, u, v, k, d, offset):
        return k * (L + u - R) if mbs.systemData.GetDataCoordinates()[0] == 1 else 0.

    def PostNewton(mbs, t):
        p0 = mbs.GetNodeOutput(node, exu.OutputVariableType.Position, configuration=exu.ConfigurationType.StartOfStep)[1] - R
        p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1] - R
        h = mbs.sys['dynamicSolver'].it.currentStepSize
        state = mbs.systemData.GetDataCoordinates()
        start = mbs.systemData.GetDataCoordinates(configuration=exu.ConfigurationType.StartOfStep)
        recommended, error = -1, 0
        if (p < 0 and start[0] == 0) or (p >= 0 and start[0] == 1):
            error = abs(p)
            recommended = h * abs(p0) / (abs(p0) + abs(p)) if p0 > 0 else 0.25 * h
            state[0] = 1 if p < 0 else 0
        mbs.systemData.SetDataCoordinates(state)
        steps.append(h)
        return [error, recommended]

    def PreStep(mbs, t):
        if contactCoordinate:
            steps.append(mbs.sys['dynamicSolver'].it.currentStepSize)
        return True

    if contactCoordinate:
        mbs.AddObject(items.ObjectContactCoordinate(markerNumbers=[ground, marker], nodeNumber=data,
                                                    contactStiffness=stiffness, contactDamping=damping, offset=R))
        mbs.SetPreStepUserFunction(PreStep)
    else:
        mbs.AddObject(items.CoordinateSpringDamper(markerNumbers=[ground, marker], stiffness=stiffness,
                                                   damping=damping, springForceUserFunction=SpringForce))
        mbs.SetPostNewtonUserFunction(PostNewton)
    mbs.AddLoad(items.LoadCoordinate(markerNumber=marker, load=-MASS * GRAVITY))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(endTime / h)
    s.timeIntegration.endTime = endTime
    s.timeIntegration.minimumStepSize = 1e-10
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = modifiedNewton
    s.timeIntegration.discontinuous.iterationTolerance = tolerance
    s.timeIntegration.discontinuous.maxIterations = maxIterations
    s.timeIntegration.discontinuous.ignoreMaxIterations = False
    s.timeIntegration.adaptiveStepRecoverySteps = 0
    s.timeIntegration.adaptiveStepIncrease = 10
    s.timeIntegration.generalizedAlpha.spectralRadius = 1
    mbs.SolveDynamic(solverType=exu.DynamicSolverType.TrapezoidalIndex2, simulationSettings=s)
    solver = mbs.sys.get("dynamicSolver")
    iterations = (solver.it.newtonStepsCount if hasattr(solver, "it") and hasattr(solver.it, "newtonStepsCount")
                  else mbs.sys["dynamicSolverStatistics"]["newtonIterations"])
    return mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1], iterations, steps


CASES = [  # name, contactCoordinate, modifiedNewton, endTime, h, stiffness, damping, tolerance, maxIterations
    ("postNewtonStepContactTest (user function)", False, True, 0.5, 5e-3, 2e4, 0., 1e-8, 1),
    ("the same, full Newton", False, False, 0.5, 5e-3, 2e4, 0., 1e-8, 1),
    ("contactCoordinateTest (ObjectContactCoordinate)", True, False, 0.25, 2e-4, 2e6, 200., 1e-3, 2),
    # (modified Newton on this stiff contact: exudyn 1.13.6 takes 2.3 million steps, as its script warns)
    ("ObjectContactCoordinate, softer, undamped", True, False, 0.25, 1e-3, 2e5, 0., 1e-3, 2),
]


def main():
    try:
        importlib.import_module("exudyn")
    except ImportError:
        sys.exit("exudyn is not installed: pip install exudyn==1.13.6")
    for name, *arguments in CASES:
        yExu, itExu, stepsExu = Run("exudyn", *arguments)
        yMd, itMd, stepsMd = Run("multidyn", *arguments)
        first = next((i for i, (a, b) in enumerate(zip(stepsExu, stepsMd)) if abs(a - b) > 1e-9 * abs(a)),
                     None if len(stepsExu) == len(stepsMd) else min(len(stepsExu), len(stepsMd)))
        print(f"{name}:\n  exudyn   y={yExu:.15g}, {itExu} Newton iterations, {len(stepsExu)} calls\n"
              f"  multidyn y={yMd:.15g}, {itMd} Newton iterations, {len(stepsMd)} calls\n"
              f"  relative difference {abs(yMd - yExu) / abs(yExu):.2e}; step sizes "
              + ("equal within 1e-9 relative" if first is None else f"differ first at call {first}: exudyn "
                 f"{stepsExu[first] if first < len(stepsExu) else None}, multidyn "
                 f"{stepsMd[first] if first < len(stepsMd) else None}"))


if __name__ == "__main__":
    main()
