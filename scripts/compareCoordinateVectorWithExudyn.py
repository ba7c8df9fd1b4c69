"""Compares multidyn's CoordinateVectorConstraint (with MarkerNodeCoordinates and
MarkerObjectODE2Coordinates) with Exudyn's (PyPI package `exudyn`, not a multidyn dependency): the
same models, built here in our own code with each package, solved for 1 s in 1000 steps:

1. userFunctions: the double pendulum of Exudyn's test models, two links of 0.8 m, on one
   ObjectGenericODE2 of two NodePoint2D, the distances in a constraintUserFunction with its
   jacobianUserFunction on [ground; all coordinates] (generalized-alpha, rho = 0.8); and the same
   with TrapezoidalIndex2 (userFunctionsIndex2: the function returns C q_t when velocityLevel=True);
2. builtIn: a pendulum on the quadratic terms (x^2 + y^2 = L^2) and a second mass tied to it by the
   linear terms (q1 - q0 = offset), generalized-alpha;
3. builtInIndex2: model 2 with TrapezoidalIndex2 (quadratic terms: multidyn's index-2 equation is
   the time derivative, Exudyn's not; docs/theory/CoordinateVectorConstraint.md);
4. linearIndex2: the tied masses of model 2 on a linear pendulum constraint (x = L sin, a slider),
   TrapezoidalIndex2, where both index-2 equations are the same;
5. velocityLevel: a mass whose x rate is prescribed (velocityLevel=True), under gravity and a force.
Prints each model's final coordinates and multipliers in both and the largest differences.
Run: python scripts/compareCoordinateVectorWithExudyn.py   (pip install exudyn)
"""
import importlib
import math
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings
try:
    import exudyn  # noqa: F401
except ImportError:
    sys.exit("this script needs Exudyn: pip install exudyn")

L, mass, g = 0.8, 2.5, 9.81


def Build(packageName, model):
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    groundNode = mbs.AddNode(ii.NodePointGround())
    ground = mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=groundNode))
    nodes, constraints = [], []

    def Point(position, velocity=(0., 0.), withBody=True, force=(0., -mass * g)):
        node = mbs.AddNode(ii.NodePoint2D(referenceCoordinates=list(position), initialVelocities=list(velocity)))
        if withBody:
            mbs.AddObject(ii.ObjectMassPoint2D(nodeNumber=node, physicsMass=mass))
        marker = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=node))
        mbs.AddLoad(ii.LoadForceVector(markerNumber=marker, loadVector=[force[0], force[1], 0.]))
        nodes.append(node)
        return node

    if model in ("userFunctions", "userFunctionsIndex2"):
        n0, n1 = Point([L, 0.], withBody=False), Point([2. * L, 0.], withBody=False)
        body = mbs.AddObject(ii.ObjectGenericODE2(nodeNumbers=[n0, n1], massMatrix=mass * np.eye(4)))

        def Constraint(mbs, t, itemNumber, q, q_t, velocityLevel):
            if velocityLevel:  # index-2 solvers ask for dg/dt = C q_t
                return Jacobian(mbs, t, itemNumber, q, q_t, False) @ np.asarray(q_t)
            return [math.hypot(q[0], q[1]) - L, math.hypot(q[2] - q[0], q[3] - q[1]) - L]

        def Jacobian(mbs, t, itemNumber, q, q_t, velocityLevel):
            d0, d1 = math.hypot(q[0], q[1]), math.hypot(q[2] - q[0], q[3] - q[1])
            u = [(q[2] - q[0]) / d1, (q[3] - q[1]) / d1]
            return np.array([[q[0] / d0, q[1] / d0, 0., 0.], [-u[0], -u[1], u[0], u[1]]])

        all = mbs.AddMarker(ii.MarkerObjectODE2Coordinates(objectNumber=body))
        constraints.append(mbs.AddObject(ii.ObjectConnectorCoordinateVector(
            markerNumbers=[ground, all], scalingMarker0=np.zeros((2, 4)), constraintUserFunction=Constraint,
            jacobianUserFunction=Jacobian)))
    elif model in ("builtIn", "builtInIndex2", "linearIndex2"):
        n0 = Point([L, 0.])
        n1 = Point([L + 0.3, 0.2], force=(5., -mass * g))
        m0, m1 = (mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=n)) for n in (n0, n1))
        if model == "linearIndex2":  # a slider: y0 = 0.5 x0 - 0.4
            constraints.append(mbs.AddObject(ii.ObjectConnectorCoordinateVector(
                markerNumbers=[ground, m0], scalingMarker1=[[0.5, -1.]], offset=[0.4])))
        else:  # the circle x0^2 + y0^2 = L^2
            constraints.append(mbs.AddObject(ii.ObjectConnectorCoordinateVector(
                markerNumbers=[ground, m0], quadraticTermMarker1=[[1., 1.]], offset=[L ** 2])))
        constraints.append(mbs.AddObject(ii.ObjectConnectorCoordinateVector(
            markerNumbers=[m0, m1], scalingMarker0=np.eye(2), scalingMarker1=np.eye(2), offset=[0.3, 0.2])))
    elif model == "velocityLevel":
        n0 = Point([0.2, 0.], velocity=[0.3, 0.], force=(4., -mass * g))
        m0 = mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=n0))
        constraints.append(mbs.AddObject(ii.ObjectConnectorCoordinateVector(
            markerNumbers=[ground, m0], scalingMarker1=[[2., 0.]], offset=[0.6], velocityLevel=True)))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 1000
    settings.timeIntegration.endTime = 1.
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.solution.file.write = False
    settings.timeIntegration.verboseMode = 0
    index2 = model in ("userFunctionsIndex2", "builtInIndex2", "linearIndex2")
    solver = exu.DynamicSolverType.TrapezoidalIndex2 if index2 else exu.DynamicSolverType.GeneralizedAlpha
    mbs.SolveDynamic(settings, solverType=solver)
    OVT = exu.OutputVariableType
    coordinates = np.concatenate([np.asarray(mbs.GetNodeOutput(n, OVT.Position))[:2] for n in nodes])
    forces = [mbs.GetObjectOutput(c, OVT.Force) for c in constraints]
    return coordinates, np.concatenate([np.atleast_1d(f) for f in forces]), [type(f).__name__ for f in forces]


models = ["userFunctions", "userFunctionsIndex2", "builtIn", "builtInIndex2", "linearIndex2", "velocityLevel"]
print(f"{'model':20s} {'quantity':12s} {'multidyn':>40s} {'exudyn':>40s} {'max difference':>15s}")
for model in models:
    ours = Build("multidyn", model)
    try:
        theirs = Build("exudyn", model)
    except Exception as error:  # Exudyn's index-2 equation of quadratic terms is not dg/dt: Newton fails
        print(f"{model:20s} {'positions':12s} {np.array2string(ours[0], precision=9):>40s} "
              f"{'exudyn failed: ' + type(error).__name__:>40s}")
        continue
    for k, name in enumerate(["positions", "multipliers"]):
        difference = np.max(np.abs(ours[k] - theirs[k]))
        relative = difference / max(np.max(np.abs(theirs[k])), 1e-300)
        print(f"{model:20s} {name:12s} {np.array2string(ours[k], precision=9):>40s} "
              f"{np.array2string(theirs[k], precision=9):>40s} {difference:9.2e} ({relative:.1e} rel.)")
    if ours[2] != theirs[2]:
        print(f"{model:20s} output types differ: multidyn {ours[2]}, exudyn {theirs[2]}")
