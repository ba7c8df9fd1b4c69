"""What multidyn and Exudyn (PyPI package `exudyn`, not a multidyn dependency) do when Newton
diverges at a too large step with adaptiveStep on (issue 38), on the same models built here with
each package's items:
  1. a chain of 50 rigid bodies on revolute joints (benchmarks/chainSpeed.py's), h = 1 s, 2 s;
  2. the torsional spring-damper mini example with k = 1e15 N*m/rad, d = 1e13 N*m*s/rad,
     h = 100 s, 1000 s (the static rotation is 1/k = 1e-15 rad).
For each it prints whether the solve finished, the end time, accepted and rejected steps, Newton
iterations and the result (the tip's y position, the rotation), or the error.
Run: python scripts/compareDivergenceWithExudyn.py   (pip install exudyn)
"""
import importlib
import os
import sys
import tempfile
import time
import warnings

warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings and parameters
try:
    import exudyn  # noqa: F401
except ImportError:
    sys.exit("this script needs Exudyn: pip install exudyn")


def Settings(exu, endTime, steps):
    settings = exu.SimulationSettings()
    settings.solutionSettings.writeSolutionToFile = False
    settings.timeIntegration.verboseMode = 0
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = steps
    return settings


def Chain(exu, n=50):
    utilities = importlib.import_module(exu.__name__ + ".utilities")
    mbs = exu.SystemContainer().AddSystem()
    inertia = utilities.InertiaCuboid(density=1000., sideLengths=[1., 0.1, 0.1])
    previous = mbs.CreateGround()
    for i in range(n):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[i + 0.5, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    mbs.Assemble()
    settings = Settings(exu, 2., 2)
    settings.linearSolverType = exu.LinearSolverType.EigenSparse
    settings.timeIntegration.newton.useModifiedNewton = True
    result = lambda: mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, [0.5, 0, 0])[1]  # noqa: E731
    return mbs, settings, result, "tip y [m]"


def StiffMini(exu):
    ii = importlib.import_module(exu.__name__ + ".itemInterface")
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.AddObject(ii.ObjectGround())
    node = mbs.AddNode(ii.RigidRxyz())
    try:
        mbs.AddObject(ii.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=node))
    except TypeError:
        mbs.AddObject(ii.RigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0], nodeNumber=node))
    mBody = mbs.AddMarker(ii.MarkerNodeRigid(nodeNumber=node))
    mGround = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mbs.AddObject(ii.RevoluteJointZ(markerNumbers=[mGround, mBody]))
    mbs.AddObject(ii.TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=1e15, damping=1e13, offset=0))
    mbs.AddLoad(ii.Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    mbs.Assemble()
    result = lambda: mbs.GetNodeOutput(node, exu.OutputVariableType.Rotation)[2]  # noqa: E731
    return mbs, Settings(exu, 1000., 10), result, "rotation [rad]"


def Run(packageName, model):
    exu = importlib.import_module(packageName)
    mbs, settings, result, name = model(exu)
    start = time.perf_counter()
    try:
        mbs.SolveDynamic(settings)
        outcome = "finished"
    except Exception as error:  # exudyn raises ValueError or RuntimeError, multidyn SolverError
        outcome = f"failed: {type(error).__name__}: {str(error).splitlines()[0][:160]}"
    seconds = time.perf_counter() - start
    solver = mbs.sys.get("dynamicSolver")
    it = getattr(solver, "it", None)
    steps = getattr(it, "currentStepIndex", "?") if it is not None else "?"
    rejected = getattr(it, "rejectedModifiedNewtonSteps", "?") if it is not None else "?"
    newton = getattr(it, "newtonStepsCount", "?") if it is not None else "?"
    statistics = mbs.sys.get("dynamicSolverStatistics", {})
    if packageName == "multidyn" and statistics:
        steps, rejected, newton = statistics["steps"], statistics["rejectedSteps"], statistics["newtonIterations"]
    print(f"  {packageName:9s} {outcome}; t = {mbs.systemData.GetTime():.6g} s, steps {steps}, rejected {rejected}, "
          f"Newton iterations {newton}, {name} {result():.8g}, {seconds:.2f} s")


def main():
    os.chdir(tempfile.mkdtemp(prefix="divergence_"))
    for title, model in [("chain of 50 bodies, h = 1 s", Chain), ("mini example, k = 1e15, h = 100 s", StiffMini)]:
        print(title)
        for packageName in ["multidyn", "exudyn"]:
            Run(packageName, model)


if __name__ == "__main__":
    main()
