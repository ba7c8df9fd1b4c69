"""Compares mbs.SolveStatic of multidyn with Exudyn's (PyPI package `exudyn`, not a multidyn
dependency) on the same models, built here in our own code with each package's items:
  1. a point mass on a cubic coordinate spring (a Python law) under a load, y and z held by
     coordinate constraints, 3 load steps;
  2. a bar (Euler parameters) on a revolute joint held by a torsional spring against gravity and a
     follower force at its tip, 2 load steps, dense and sparse;
  3. a chain of 20 bars on revolute joints with torsional springs, hanging under gravity,
     geometric load steps, sparse, with the joint forces at the tip;
  4. a chain of 10 mass points on spring-dampers between two walls, sagging under gravity, with
     the mass-proportional stabilizer.
For each it prints the results of both, their largest difference, the load steps and the Newton
iterations. Run: python scripts/compareStaticSolverExudyn.py   (pip install exudyn)
"""
import importlib
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings and parameters
try:
    import exudyn  # noqa: F401
except ImportError:
    sys.exit("this script needs Exudyn: pip install exudyn")


def Settings(exu, loadSteps):
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.staticSolver.numberOfLoadSteps = loadSteps
    settings.staticSolver.verboseMode = 0
    return settings


def CubicSpring(exu, ii, utilities):
    mbs = exu.SystemContainer().AddSystem()
    node = mbs.AddNode(ii.Point(referenceCoordinates=[1, 0, 0]))
    ground = mbs.AddNode(ii.NodePointGround())
    mbs.AddObject(ii.MassPoint(physicsMass=2., nodeNumber=node))
    mGround = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    markers = [mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=node, coordinate=c)) for c in range(3)]
    mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[mGround, markers[0]], stiffness=100., damping=1.,
                                            springForceUserFunction=lambda mbs, t, i, u, v, k, d, o: k * u + 1e4 * u**3))
    for c in (1, 2):
        mbs.AddObject(ii.CoordinateConstraint(markerNumbers=[mGround, markers[c]]))
    mbs.AddLoad(ii.LoadCoordinate(markerNumber=markers[0], load=50.))
    mbs.AddLoad(ii.LoadCoordinate(markerNumber=markers[1], load=-7.))
    mbs.Assemble()
    settings = Settings(exu, 3)
    return mbs, settings, lambda: np.concatenate([mbs.GetNodeOutput(node, exu.OutputVariableType.Position),
                                                  mbs.systemData.GetAECoordinates()])


def Bar(linearSolverType):
    def Build(exu, ii, utilities):
        mbs = exu.SystemContainer().AddSystem()
        L, g = 1., 9.81
        ground = mbs.CreateGround()
        inertia = utilities.InertiaCuboid(density=1000., sideLengths=[L, 0.1, 0.1])
        bar = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.5 * L, 0, 0], gravity=[0, -g, 0])
        mbs.CreateRevoluteJoint(bodyNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1])
        mbs.CreateTorsionalSpringDamper(bodyNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1], stiffness=2000.)
        mbs.CreateForce(bodyNumber=bar, loadVector=[0, 300., 0], localPosition=[0.5 * L, 0, 0], bodyFixed=True)
        mbs.Assemble()
        settings = Settings(exu, 2)
        settings.linearSolver.solverType = getattr(exu.LinearSolverType, linearSolverType)
        return mbs, settings, lambda: np.asarray(mbs.GetObjectOutputBody(bar, exu.OutputVariableType.Position,
                                                                         localPosition=[0.5 * L, 0, 0]))
    return Build


def HangingChain(exu, ii, utilities):
    mbs = exu.SystemContainer().AddSystem()
    L, n = 0.5, 20
    previous = mbs.CreateGround()
    inertia = utilities.InertiaCuboid(density=500., sideLengths=[L, 0.05, 0.05])
    for i in range(n):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[(i + 0.5) * L, 0, 0], gravity=[0, -9.81, 0])
        lastJoint = mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i * L, 0, 0], axis=[0, 0, 1])
        mbs.CreateTorsionalSpringDamper(bodyNumbers=[previous, body], position=[i * L, 0, 0], axis=[0, 0, 1],
                                        stiffness=20000.)
        previous = body
    mbs.Assemble()
    # Exudyn's Newton matrix has no derivative of the constraint forces, so its convergence is
    # linear; with springs of 3000 N*m/rad the last geometric step, from 0.4 to 1, does not
    # converge in 25 iterations in either package (as both report)
    settings = Settings(exu, 6)
    settings.staticSolver.loadStepGeometric = True
    settings.staticSolver.loadStepGeometricRange = 100.
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    return mbs, settings, lambda: np.concatenate([
        mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, localPosition=[0.5 * L, 0, 0]),
        mbs.GetObjectOutput(lastJoint, exu.OutputVariableType.ForceLocal)])


def SaggingString(exu, ii, utilities):
    mbs = exu.SystemContainer().AddSystem()
    n, spacing = 10, 0.1
    ground = mbs.AddObject(ii.ObjectGround())
    left = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    right = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[(n + 1) * spacing, 0, 0]))
    previous, nodes = left, []
    for i in range(n):
        node = mbs.AddNode(ii.Point(referenceCoordinates=[(i + 1) * spacing, 0, 0]))
        body = mbs.AddObject(ii.MassPoint(physicsMass=0.1, nodeNumber=node))
        marker = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=body))
        mbs.AddLoad(ii.Force(markerNumber=marker, loadVector=[0, -0.981, 0]))
        mbs.AddObject(ii.SpringDamper(markerNumbers=[previous, marker], stiffness=500., damping=1.,
                                      referenceLength=0.8 * spacing))
        previous = marker
        nodes.append(node)
    mbs.AddObject(ii.SpringDamper(markerNumbers=[previous, right], stiffness=500., damping=1., referenceLength=0.8 * spacing))
    mbs.Assemble()
    settings = Settings(exu, 4)
    settings.staticSolver.stabilizerODE2term = 10.
    return mbs, settings, lambda: np.concatenate([mbs.GetNodeOutput(k, exu.OutputVariableType.Position) for k in nodes])


models = {"cubic spring": CubicSpring, "bar (dense)": Bar("EigenDense"), "bar (sparse)": Bar("EigenSparse"),
          "hanging chain of 20": HangingChain, "sagging string, stabilizer": SaggingString}


def main():
    print(f"{'model':28s} {'package':9s} {'load steps':>10s} {'Newton it.':>10s}  result (first values)")
    for name, build in models.items():
        results = {}
        for packageName in ["multidyn", "exudyn"]:
            exu = importlib.import_module(packageName)
            ii = importlib.import_module(packageName + ".itemInterface")
            utilities = importlib.import_module(packageName + ".utilities")
            mbs, settings, result = build(exu, ii, utilities)
            mbs.SolveStatic(settings)
            results[packageName] = result()
            if packageName == "multidyn":
                statistics = mbs.sys["staticSolverStatistics"]
                steps, iterations = statistics["steps"], statistics["newtonIterations"]
            else:
                solver = mbs.sys["staticSolver"]
                steps, iterations = solver.it.currentStepIndex - 1, solver.it.newtonStepsCount
            first = np.array2string(results[packageName][:4], precision=10)
            print(f"{name:28s} {packageName:9s} {steps:10d} {iterations:10d}  {first}")
        difference = np.abs(results["multidyn"] - results["exudyn"]).max()
        scale = np.abs(results["exudyn"]).max()
        print(f"{name:28s} largest difference {difference:.2e} (relative {difference / scale:.2e})\n")


if __name__ == "__main__":
    main()
