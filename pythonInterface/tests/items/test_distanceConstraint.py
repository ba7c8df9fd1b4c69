"""ObjectConnectorDistance (DistanceConstraint) against an independent formulation and closed forms.

* A mass point on a rod of length L (a distance constraint to a ground point) is the planar
  pendulum theta'' = -(g/L) cos(theta) (theta from the x-axis, gravity -y), integrated here with
  RK4 on the angle; the multiplier is the rod tension T = m L theta'^2 - m g sin(theta) (lambda > 0:
  tension), with the index-3 solver and the index-2 one (TrapezoidalIndex2, velocity level).
* The distance stays d along the motion of a 3D point on a rigid body; inactive: free fall.
* CreateDistanceConstraint: the reference distance when none is given, and bad input.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (DistanceConstraint, Force, MarkerNodePosition, MassPoint2D, NodePointGround, Point2D,
                                    SensorObject)

from multidyn.utilities import InertiaCuboid

from conftest import NewSystem, Settings
from conftest import Pendulum as PendulumAngle

OVT = exu.OutputVariableType
MASS, L, G = 0.8, 1.2, 9.81


def Pendulum(theta0=0.3, activeConnector=True):
    mbs = NewSystem()
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0., 0., 0.]))
    node = mbs.AddNode(Point2D(referenceCoordinates=[L * math.cos(theta0), L * math.sin(theta0)]))
    mbs.AddObject(MassPoint2D(physicsMass=MASS, nodeNumber=node))
    mPivot = mbs.AddMarker(MarkerNodePosition(nodeNumber=ground))
    mPoint = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=mPoint, loadVector=[0., -MASS * G, 0.]))
    rod = mbs.AddObject(DistanceConstraint(markerNumbers=[mPivot, mPoint], distance=L, activeConnector=activeConnector))
    mbs.Assemble()
    return mbs, node, rod


@pytest.mark.parametrize("solverType", ["GeneralizedAlpha", "TrapezoidalIndex2"])
def test_pendulum_angle_and_rod_tension(solverType):
    theta0, endTime = 0.3, 1.
    mbs, node, rod = Pendulum(theta0)
    # rho_inf < 1: without numerical damping the index-3 multiplier oscillates from step to step
    settings = Settings(endTime=endTime, numberOfSteps=4000, spectralRadius=0.8, tightNewton=True)
    mbs.SolveDynamic(settings, solverType=getattr(exu.DynamicSolverType, solverType))
    theta, omega = PendulumAngle(theta0, endTime, G / L)
    p = mbs.GetNodeOutput(node, OVT.Position)
    assert math.atan2(p[1], p[0]) == pytest.approx(theta, abs=2e-6)
    assert np.linalg.norm(mbs.GetNodeOutput(node, OVT.Velocity)) == pytest.approx(L * abs(omega), rel=1e-4)
    tension = MASS * L * omega ** 2 - MASS * G * math.sin(theta)
    assert tension > 1.  # the rod pulls: a sign error of lambda cannot pass
    assert mbs.GetObjectOutput(rod, OVT.Force) == pytest.approx(tension, rel=1e-5)
    if solverType == "GeneralizedAlpha":  # index 3: the distance itself is kept (index 2 lets it drift)
        assert mbs.GetObjectOutput(rod, OVT.Distance) == pytest.approx(L, abs=1e-10)
    np.testing.assert_allclose(mbs.GetObjectOutput(rod, OVT.Displacement), p, atol=1e-14)


def test_inactive_constraint_lets_the_point_fall():
    mbs, node, rod = Pendulum(0.3, activeConnector=False)
    t = 0.5
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=10))
    p0 = np.array([L * math.cos(0.3), L * math.sin(0.3)])
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position)[:2], p0 + [0., -G * t ** 2 / 2], atol=1e-12)
    assert mbs.GetObjectOutput(rod, OVT.Force) == 0.


def test_spinning_body_and_point_keep_their_distance_and_momentum():
    """A spinning rigid body and a point on a rod, falling freely: the distance stays d and, the rod
    force being internal (equal and opposite), the total momentum is (m_body + m_point) g t."""
    mbs = NewSystem()
    inertia = InertiaCuboid(1000., [0.3, 0.2, 0.1])
    gravity = np.array([0., 0., -9.81])
    body = mbs.CreateRigidBody(referencePosition=[0., 0., 0.], initialAngularVelocity=[0.4, -1., 2.], inertia=inertia,
                               gravity=list(gravity))
    point = mbs.CreateMassPoint(referencePosition=[0.5, 0.2, 0.1], mass=0.3, gravity=list(gravity))
    rod = mbs.CreateDistanceConstraint(itemNumbers=[body, point], localPosition0=[0.1, 0.05, 0.])
    distance = math.sqrt(0.4 ** 2 + 0.15 ** 2 + 0.1 ** 2)
    assert mbs.GetObject(rod)["distance"] == pytest.approx(distance, rel=1e-14)
    sensor = mbs.AddSensor(SensorObject(objectNumber=rod, outputVariableType=OVT.Distance, storeInternal=True,
                                       writeToFile=False))
    mbs.Assemble()
    t = 0.5
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=500, tightNewton=True))
    np.testing.assert_allclose(mbs.GetSensorStoredData(sensor)[:, 1], distance, atol=1e-9)
    momentum = (inertia.Mass() * mbs.GetObjectOutputBody(body, OVT.Velocity, localPosition=[0, 0, 0])
                + 0.3 * mbs.GetObjectOutputBody(point, OVT.Velocity, localPosition=[0, 0, 0]))
    np.testing.assert_allclose(momentum, (inertia.Mass() + 0.3) * gravity * t, atol=1e-8)


def test_create_distance_constraint_bad_input():
    mbs = NewSystem()
    a = mbs.CreateMassPoint(referencePosition=[0., 0., 0.], mass=1.)
    b = mbs.CreateMassPoint(referencePosition=[1., 0., 0.], mass=1.)
    objects = mbs.systemData.NumberOfObjects()
    with pytest.raises(ValueError, match="distance"):
        mbs.CreateDistanceConstraint(itemNumbers=[a, b], distance=-1.)
    with pytest.raises(ValueError, match="itemNumbers"):
        mbs.CreateDistanceConstraint(itemNumbers=[a, None])
    with pytest.raises(ValueError, match="distance"):
        mbs.AddObject(DistanceConstraint(markerNumbers=[0, 1], distance=-0.5))
    assert mbs.systemData.NumberOfObjects() == objects
    with pytest.warns(DeprecationWarning, match="bodyNumbers"):
        rod = mbs.CreateDistanceConstraint(bodyNumbers=[a, b])
    assert mbs.GetObject(rod)["distance"] == pytest.approx(1.)
