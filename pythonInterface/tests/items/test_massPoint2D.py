"""NodePoint2D and ObjectMassPoint2D against closed forms.

* Constant loads: x(t) = x0 + u0 + v0 t + F t^2 / (2 m), which the generalized-alpha method
  integrates exactly; a load along z has no effect (the point stays in the x-y plane).
* A CoordinateSpringDamper on coordinate 1 of the node: the damped oscillator's exact solution.
* Outputs (3D vectors with z = 0, two coordinates), CreateMassPoint(create2D=True) and bad input.
"""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, Force, MarkerNodeCoordinate, MarkerNodePosition,
                                    MassPoint, MassPoint2D, NodePoint2D, NodePointGround, Point, Point2D, SensorNode)

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
MASS = 1.5


def FreePoint(load=(0.6, -2.4, 5.), reference=(0.4, -0.3), displacement=(0.05, 0.1), velocity=(0.2, -0.7)):
    mbs = NewSystem()
    node = mbs.AddNode(Point2D(referenceCoordinates=list(reference), initialCoordinates=list(displacement),
                               initialVelocities=list(velocity)))
    body = mbs.AddObject(MassPoint2D(physicsMass=MASS, nodeNumber=node))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=marker, loadVector=list(load)))
    mbs.Assemble()
    return mbs, node, body


def test_constant_load_gives_the_exact_parabola_in_the_plane():
    load, p0, u0, v0 = np.array([0.6, -2.4, 5.]), np.array([0.4, -0.3]), np.array([0.05, 0.1]), np.array([0.2, -0.7])
    mbs, node, body = FreePoint(load, p0, u0, v0)
    t = 0.8
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=40))
    expected = p0 + u0 + v0 * t + load[:2] / MASS * t ** 2 / 2
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), list(expected) + [0.], atol=1e-12)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Velocity), list(v0 + load[:2] / MASS * t) + [0.], atol=1e-12)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Acceleration), list(load[:2] / MASS) + [0.], atol=1e-9)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Coordinates), expected - p0, atol=1e-12)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.CoordinatesTotal), expected, atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Displacement, localPosition=[0, 0, 0]),
                               list(expected - p0) + [0.], atol=1e-12)
    kinetic = 0.5 * MASS * np.sum((v0 + load[:2] / MASS * t) ** 2)
    assert mbs.GetObjectOutputBody(body, OVT.KineticEnergy, localPosition=[0, 0, 0]) == pytest.approx(kinetic, rel=1e-10)
    assert mbs.systemData.GetODE2Coordinates().shape == (2,)


def test_spring_on_the_y_coordinate_is_the_damped_oscillator():
    stiffness, damping, y0 = 800., 6., 0.02
    mbs = NewSystem()
    node = mbs.AddNode(Point2D(referenceCoordinates=[1., 2.], initialCoordinates=[0., y0]))
    mbs.AddObject(MassPoint2D(physicsMass=MASS, nodeNumber=node))
    ground = mbs.AddNode(NodePointGround())
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    mY = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=1))
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mY], stiffness=stiffness, damping=damping))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, outputVariableType=OVT.Coordinates, storeInternal=True,
                                     writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=5000, spectralRadius=1., tightNewton=True))
    data = mbs.GetSensorStoredData(sensor)
    y, _ = DampedOscillator(data[:, 0], MASS, stiffness, damping, theta0=y0)
    np.testing.assert_allclose(data[:, 2], y, atol=2e-6 * y0 / 0.02)
    np.testing.assert_allclose(data[:, 1], 0., atol=1e-14)  # x is not coupled


def test_create_mass_point_2D_drops_z_and_adds_the_weight():
    mbs = NewSystem()
    items = mbs.CreateMassPoint(referencePosition=[0.1, 0.2, 0.3], initialVelocity=[1., 0., 4.], mass=2.,
                                gravity=[0., -9.81, 0.], create2D=True, returnDict=True)
    assert mbs.GetNode(items["nodeNumber"])["nodeType"] == "Point2D"
    assert mbs.GetObject(items["bodyNumber"])["objectType"] == "MassPoint2D"
    mbs.Assemble()
    t = 0.5
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=10))
    np.testing.assert_allclose(mbs.GetNodeOutput(items["nodeNumber"], OVT.Position),
                               [0.1 + t, 0.2 - 9.81 * t ** 2 / 2, 0.], atol=1e-12)


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    node3D = mbs.AddNode(Point())
    with pytest.raises(TypeError, match="nodeNumber.*NodePoint2D.*NodePointGround"):
        mbs.AddObject(MassPoint2D(physicsMass=1., nodeNumber=node3D))
    node2D = mbs.AddNode(NodePoint2D())
    with pytest.raises(TypeError, match="nodeNumber.*NodePoint"):
        mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node2D))
    with pytest.raises((TypeError, ValueError), match="referenceCoordinates"):
        mbs.AddNode(NodePoint2D(referenceCoordinates=[0., 0., 0.]))
    with pytest.raises(ValueError, match="physicsMass"):
        mbs.AddObject(MassPoint2D(physicsMass=-1., nodeNumber=node2D))
    with pytest.raises(TypeError, match="create2D"):
        mbs.CreateMassPoint(mass=1., create2D="yes")
    assert mbs.systemData.NumberOfObjects() == 0 and mbs.systemData.NumberOfNodes() == 2


@pytest.mark.parametrize("bodyClass", [MassPoint, MassPoint2D])
def test_mass_point_on_a_ground_node_is_a_fixed_point(bodyClass):
    """Exudyn allows a mass point on a NodePointGround (its four-bar test model uses one as the
    ground): no coordinates, a fixed position. A pendulum hung at a marker on it moves as one hung
    at the ground node itself."""
    from multidyn.itemInterface import DistanceConstraint, MarkerBodyPosition
    positions = []
    for onBody in (True, False):
        mbs = NewSystem()
        ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0.2, 0.1, 0.]))
        groundBody = mbs.AddObject(bodyClass(physicsMass=2., nodeNumber=ground))
        pivot = mbs.AddMarker(MarkerBodyPosition(bodyNumber=groundBody, localPosition=[0., 0., 0.]) if onBody
                              else MarkerNodePosition(nodeNumber=ground))
        node = mbs.AddNode(Point2D(referenceCoordinates=[1.2, 0.1]))
        mbs.AddObject(MassPoint2D(physicsMass=MASS, nodeNumber=node))
        point = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
        mbs.AddLoad(Force(markerNumber=point, loadVector=[0., -9.81 * MASS, 0.]))
        mbs.AddObject(DistanceConstraint(markerNumbers=[pivot, point], distance=1.))
        mbs.Assemble()
        assert mbs.systemData.GetODE2Coordinates().shape == (2,)
        mbs.SolveDynamic(Settings(endTime=0.3, numberOfSteps=30))
        positions.append(mbs.GetNodeOutput(node, OVT.Position))
        np.testing.assert_array_equal(mbs.GetObjectOutputBody(groundBody, OVT.Position, localPosition=[0., 0.5, 0.]),
                                      [0.2, 0.6, 0.])
        np.testing.assert_array_equal(mbs.GetObjectOutputBody(groundBody, OVT.Velocity, localPosition=[0., 0., 0.]), 0.)
        assert mbs.GetObjectOutput(groundBody, OVT.KineticEnergy) == 0.
    assert positions[0][1] < 0.  # it swung down
    np.testing.assert_allclose(positions[0], positions[1], atol=1e-14)
