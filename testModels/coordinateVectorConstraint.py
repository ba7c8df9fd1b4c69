"""CoordinateVectorConstraint on MarkerNodeCoordinates and MarkerObjectODE2Coordinates, built here in
the project's own code:

* doublePendulumUserFunctions: the physics of Exudyn's test models coordinateVectorConstraint*.py: two
  links of L = 0.8 m with point masses of 2.5 kg released horizontally under gravity, the masses one
  ObjectGenericODE2 on two NodePoint2D, the two distances in a constraintUserFunction (with its
  jacobianUserFunction) on [ground; all coordinates]; generalized-alpha rho = 0.8, 1000 steps of
  1 ms; result: x + y of the first mass at t = 1 s (Exudyn's result quantity);
* pendulumQuadratic / pendulumQuadraticIndex2: one such link on the quadratic terms x^2 + y^2 = L^2
  (Y1 = [[1, 1]], offset L^2), generalized-alpha rho = 1 and TrapezoidalIndex2; result: the angle
  atan2(y, x) at t = 1 s;
* tiedMasses: two masses (2 and 3 kg) tied by the linear terms q1 - q0 = offset, a force of 10 N on
  the first; result: its displacement at t = 1 s.

Independent values: the double pendulum on two DistanceConstraints (an independent formulation of
the same constraints, solved to the Newton tolerance), the pendulum equation theta_tt = -g/L cos(theta)
by the classical Runge-Kutta method (within the integrators' O(h^2) error at h = 1 ms), and the
closed form F t^2 / (2 (m0 + m1)) (exact for a constant acceleration).
"""
import math

import numpy as np

import multidyn as exu
from _pendulumReference import PendulumByRungeKutta
from multidyn.itemInterface import (CoordinateVectorConstraint, DistanceConstraint, Force, MarkerBodyPosition,
                                    MarkerNodeCoordinates, MarkerNodePosition, MarkerObjectODE2Coordinates, MassPoint2D,
                                    NodePointGround, ObjectGenericODE2, ObjectGround, Point2D)

OVT = exu.OutputVariableType
L, mass, gravity = 0.8, 2.5, 9.81


def Settings(spectralRadius=0.8):
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.numberOfSteps = 1000
    settings.timeIntegration.endTime = 1.
    settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius
    return settings


def PointNodes(mbs, count, withBodies):
    nodes = [mbs.AddNode(Point2D(referenceCoordinates=[L * (k + 1), 0.])) for k in range(count)]
    for node in nodes:
        if withBodies:
            mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
        mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=node)), loadVector=[0., -mass * gravity, 0.]))
    return nodes


def Distances(q):
    return np.array([math.hypot(q[0], q[1]), math.hypot(q[2] - q[0], q[3] - q[1])])


def LinkConstraints(mbs, t, itemNumber, q, q_t, velocityLevel):
    return Distances(q) - L


def LinkJacobian(mbs, t, itemNumber, q, q_t, velocityLevel):
    d = Distances(q)
    u = [(q[2] - q[0]) / d[1], (q[3] - q[1]) / d[1]]
    return np.array([[q[0] / d[0], q[1] / d[0], 0., 0.], [-u[0], -u[1], u[0], u[1]]])


def DoublePendulum(userFunctions):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nodes = PointNodes(mbs, 2, withBodies=not userFunctions)
    if userFunctions:
        body = mbs.AddObject(ObjectGenericODE2(nodeNumbers=nodes, massMatrix=mass * np.eye(4)))
        ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
        bodyMarker = mbs.AddMarker(MarkerObjectODE2Coordinates(objectNumber=body))
        mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, bodyMarker],
                                                 scalingMarker0=np.zeros((2, 1)), constraintUserFunction=LinkConstraints,
                                                 jacobianUserFunction=LinkJacobian))
    else:
        ground = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(ObjectGround())))
        points = [mbs.AddMarker(MarkerNodePosition(nodeNumber=n)) for n in nodes]
        mbs.AddObject(DistanceConstraint(markerNumbers=[ground, points[0]], distance=L))
        mbs.AddObject(DistanceConstraint(markerNumbers=points, distance=L))
    mbs.Assemble()
    mbs.SolveDynamic(Settings())
    return float(sum(mbs.GetNodeOutput(nodes[0], OVT.Position)))


def QuadraticPendulumAngle(solverType):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = PointNodes(mbs, 1, withBodies=True)[0]
    ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
    mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=node))],
                                             quadraticTermMarker1=[[1., 1.]], offset=[L ** 2]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(spectralRadius=1.), solverType=solverType)
    x, y = mbs.GetNodeOutput(node, OVT.Position)[:2]
    return float(math.atan2(y, x))


def TiedMassesDisplacement():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nodes = [mbs.AddNode(Point2D(referenceCoordinates=position)) for position in ([0., 0.], [1., 0.5])]
    for node, m in zip(nodes, (2., 3.)):
        mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=m))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[0])), loadVector=[10., 0., 0.]))
    markers = [mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=n)) for n in nodes]
    mbs.AddObject(CoordinateVectorConstraint(markerNumbers=markers, scalingMarker0=np.eye(2), scalingMarker1=np.eye(2),
                                             offset=[1., 0.5]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings())
    return float(mbs.GetNodeOutput(nodes[0], OVT.Displacement)[0])


def Run():
    return {"doublePendulumUserFunctions": DoublePendulum(userFunctions=True),
            "pendulumQuadratic": QuadraticPendulumAngle(exu.DynamicSolverType.GeneralizedAlpha),
            "pendulumQuadraticIndex2": QuadraticPendulumAngle(exu.DynamicSolverType.TrapezoidalIndex2),
            "tiedMasses": TiedMassesDisplacement()}


def independent():
    theta = PendulumByRungeKutta(gravity / L, 1., 20000)[0]
    return {"doublePendulumUserFunctions": (DoublePendulum(userFunctions=False), 1e-9,
                                            "the same links on two DistanceConstraints"),
            "pendulumQuadratic": (theta, 1e-5, "pendulum equation, RK4 with 20000 steps; O(h^2) at h = 1 ms"),
            "pendulumQuadraticIndex2": (theta, 1e-5, "pendulum equation, RK4 with 20000 steps; O(h^2) at h = 1 ms"),
            "tiedMasses": (10. / (2. * 5.), 1e-12, "F t^2 / (2 (m0 + m1)), exact for a constant acceleration")}


#: Exudyn's reference (its test models coordinateVectorConstraint.py and ...GenericODE2.py)
exudynReference = {"doublePendulumUserFunctions": -1.0825265797698322}
referenceTolerance = {"doublePendulumUserFunctions": (1e-10, 0.)}
