"""ObjectContactSphereTriangle (docs/theory/ContactSphereTriangle.md) against closed forms and
conservation laws: the static overlap on the face with every output's value and sign; an elastic
impact on an edge reverses the velocity, and an edge left out of includeEdges lets the ball pass;
sliding turning into rolling on the face (5/7 of the initial velocity); a spinning ball with
friction hitting a free, spinning triangle conserves linear and angular momentum (the moments of
both contact forces); mbs.CreateSphereTriangleContact and mbs.CreateSphereQuadContact; bad input."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyPosition, MarkerBodyRigid, MarkerNodeRigid, NodeGenericData,
                                    NodePointGround, ObjectContactSphereTriangle, SensorBody)
from multidyn.utilities import InertiaCuboid, InertiaSphere

RADIUS, MASS, GRAVITY = 0.1, 1.6, 9.81  # ball [m], [kg], [m/s^2]
FLOOR = [[-1., 0., -1.], [1., 0., -1.], [0., 0., 1.]]  # a triangle in the x-z plane, face up (y)


def System():
    SC = exu.SystemContainer()
    return SC, SC.AddSystem()


def Ball(mbs, position, velocity=(0., 0., 0.), angularVelocity=(0., 0., 0.), gravity=(0., 0., 0.)):
    body = mbs.CreateRigidBody(referencePosition=list(position), initialVelocity=list(velocity),
                               initialAngularVelocity=list(angularVelocity), inertia=InertiaSphere(MASS, RADIUS),
                               gravity=list(gravity))
    return body, mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))


def GroundMarker(mbs):
    return mbs.AddMarker(MarkerNodeRigid(nodeNumber=mbs.AddNode(NodePointGround())))


def Data(mbs, gap, tangentialVelocity=0.):
    return mbs.AddNode(NodeGenericData(initialCoordinates=[gap, tangentialVelocity, 0, 0], numberOfDataCoordinates=4))


def Settings(endTime, steps):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = endTime
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.timeIntegration.minimumStepSize = 1e-12
    s.timeIntegration.discontinuous.iterationTolerance = 1e-3  # [N] of contact force at a switch
    s.solution.file.write = False
    s.solution.sensors.writePeriod = endTime / steps
    return s


def test_ballRestsOnTheFaceAtTheStaticOverlap():
    SC, mbs = System()
    k = 1e6
    overlap = MASS * GRAVITY / k
    ball, marker = Ball(mbs, [0.1, RADIUS, 0.2], gravity=[0, -GRAVITY, 0])
    contact = mbs.AddObject(ObjectContactSphereTriangle(
        markerNumbers=[marker, GroundMarker(mbs)], nodeNumber=Data(mbs, 0.1), sphereRadius=RADIUS,
        trianglePoints=FLOOR, contactStiffness=k, contactDamping=2 * np.sqrt(k * MASS)))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.2, 2000))
    assert mbs.GetObjectOutput(ball, exu.OutputVariableType.Position) == pytest.approx([0.1, RADIUS - overlap, 0.2],
                                                                                      abs=1e-10)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.DisplacementLocal) == pytest.approx(-overlap, rel=1e-6)
    # marker 0 is the sphere: pushed up; the normal points from its centre down to the triangle
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Force) == pytest.approx([0, MASS * GRAVITY, 0], abs=1e-6)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Director1) == pytest.approx([0, -1, 0], abs=1e-12)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Position) == pytest.approx([0.1, -overlap / 2, 0.2],
                                                                                         abs=1e-10)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Displacement) == pytest.approx(
        [0, -(RADIUS - overlap), 0], abs=1e-10)


@pytest.mark.parametrize('includeEdges, rebounds', [(7, True), (1, True), (6, False), (0, False)])
def test_edgeContactFollowsIncludeEdges(includeEdges, rebounds):
    """The ball flies (no gravity) at the edge of corners 0-1 (z = -1) from outside, in the plane of the
    triangle: an included edge is an elastic wall (v_out = -v_in), an excluded one makes no contact."""
    SC, mbs = System()
    v = 1.
    ball, marker = Ball(mbs, [0.2, 0., -1 - RADIUS - 0.01], velocity=[0, 0, v])
    mbs.AddObject(ObjectContactSphereTriangle(
        markerNumbers=[marker, GroundMarker(mbs)], nodeNumber=Data(mbs, 0.01), sphereRadius=RADIUS,
        trianglePoints=FLOOR, includeEdges=includeEdges, contactStiffness=1e6))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.05, 5000))
    velocity = mbs.GetObjectOutput(ball, exu.OutputVariableType.Velocity)
    if rebounds:
        assert velocity == pytest.approx([0, 0, -v], abs=1e-4)
    else:
        assert velocity == pytest.approx([0, 0, v], abs=1e-14)


def test_frictionTurnsSlidingIntoRolling():
    """v = v0 - mu g t until rolling at t* = 2 v0/(7 mu g), then v = 5/7 v0, omega_z = -v/r."""
    SC, mbs = System()
    k, mu, v0 = 1e6, 0.3, 1.
    overlap = MASS * GRAVITY / k
    ball, marker = Ball(mbs, [-0.3, RADIUS - overlap, 0.], velocity=[v0, 0, 0], gravity=[0, -GRAVITY, 0])
    mbs.AddObject(ObjectContactSphereTriangle(
        markerNumbers=[marker, GroundMarker(mbs)], nodeNumber=Data(mbs, -overlap, v0), sphereRadius=RADIUS,
        trianglePoints=FLOOR, contactStiffness=k, contactDamping=2e3, dynamicFriction=mu, frictionProportionalZone=1e-4))
    velocity, omega = [mbs.AddSensor(SensorBody(bodyNumber=ball, storeInternal=True, outputVariableType=variable))
                       for variable in [exu.OutputVariableType.Velocity, exu.OutputVariableType.AngularVelocity]]
    mbs.Assemble()
    tRolling = 2 * v0 / (7 * mu * GRAVITY)
    mbs.SolveDynamic(Settings(2 * tRolling, 4000))
    v, w = mbs.GetSensorStoredData(velocity), mbs.GetSensorStoredData(omega)
    half = np.argmin(abs(v[:, 0] - tRolling / 2))
    assert v[half, 1] == pytest.approx(v0 - mu * GRAVITY * v[half, 0], rel=5e-4)
    assert w[half, 3] == pytest.approx(-2.5 * mu * GRAVITY * v[half, 0] / RADIUS, rel=5e-4)
    assert v[-1, 1] == pytest.approx(5 / 7 * v0, rel=5e-4)
    assert w[-1, 3] == pytest.approx(-5 / 7 * v0 / RADIUS, rel=5e-4)


def Momenta(mbs, bodies):
    """total linear momentum and angular momentum about the origin of rigid bodies [mass, inertia at the COM, body]"""
    linear, angular = np.zeros(3), np.zeros(3)
    for mass, inertia, body in bodies:
        p = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, [0, 0, 0])
        v = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Velocity, [0, 0, 0])
        A = np.asarray(mbs.GetObjectOutputBody(body, exu.OutputVariableType.RotationMatrix, [0, 0, 0])).reshape(3, 3)
        omega = mbs.GetObjectOutputBody(body, exu.OutputVariableType.AngularVelocity, [0, 0, 0])
        linear += mass * v
        angular += mass * np.cross(p, v) + A @ inertia @ A.T @ omega
    return linear, angular


def test_impactOnAFreeSpinningTriangleConservesMomenta():
    SC, mbs = System()
    plateMass = 5.
    plateInertia = InertiaCuboid(plateMass / (0.8 * 0.05 * 0.8), [0.8, 0.05, 0.8])
    plate = mbs.CreateRigidBody(referencePosition=[0, 0, 0], initialVelocity=[0.1, -0.2, 0.05],
                                initialAngularVelocity=[0.4, 2., -0.3], inertia=plateInertia)
    ball, marker = Ball(mbs, [0.15, 0.2, 0.1], velocity=[0.3, -2., 0.1], angularVelocity=[5., -3., 8.])
    mbs.AddObject(ObjectContactSphereTriangle(
        markerNumbers=[marker, mbs.AddMarker(MarkerBodyRigid(bodyNumber=plate, localPosition=[0.05, 0.025, -0.02]))],
        nodeNumber=Data(mbs, 0.05), sphereRadius=RADIUS, trianglePoints=[[-0.4, 0, -0.4], [0.4, 0, -0.3], [0, 0, 0.5]],
        contactStiffness=1e6, contactDamping=100., dynamicFriction=0.4, frictionProportionalZone=1e-2))
    mbs.Assemble()
    bodies = [(plateMass, plateInertia.InertiaCOM(), plate), (MASS, InertiaSphere(MASS, RADIUS).InertiaCOM(), ball)]
    before = Momenta(mbs, bodies)
    mbs.SolveDynamic(Settings(0.15, 15000))
    after = Momenta(mbs, bodies)
    ballVelocity = mbs.GetObjectOutput(ball, exu.OutputVariableType.Velocity)
    assert ballVelocity[1] > 0.  # it bounced
    assert after[0] == pytest.approx(before[0], abs=1e-9 * np.linalg.norm(before[0]))
    assert after[1] == pytest.approx(before[1], abs=1e-6 * np.linalg.norm(before[1]))


def test_createSphereTriangleAndQuadContact():
    SC, mbs = System()
    ground = mbs.CreateGround()
    ball, _ = Ball(mbs, [0, 0.5, 0])
    triangle = mbs.CreateSphereTriangleContact(itemNumbers=[ball, ground], sphereRadius=0.1, trianglePoints=FLOOR,
                                               includeEdges=3, contactStiffness=1e4, localPosition1=[0, -0.1, 0])
    item = mbs.GetObject(triangle)
    assert [mbs.GetMarker(m)['markerType'] for m in item['markerNumbers']] == ['BodyRigid', 'BodyRigid']
    assert mbs.GetMarker(item['markerNumbers'][1])['localPosition'] == pytest.approx([0, -0.1, 0])
    assert item['includeEdges'] == 3 and np.allclose(item['trianglePoints'], FLOOR)
    quad = [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]]
    contacts = mbs.CreateSphereQuadContact(itemNumbers=[ball, ground], sphereRadius=0.1, quadPoints=quad,
                                           includeEdges=15, contactStiffness=1e4)
    items = [mbs.GetObject(contacts[key]) for key in ('oContact0', 'oContact1')]
    assert np.allclose(items[0]['trianglePoints'], [quad[0], quad[1], quad[3]])
    assert np.allclose(items[1]['trianglePoints'], [quad[1], quad[2], quad[3]])
    assert [i['includeEdges'] for i in items] == [5, 3]  # the quad's edges, not the diagonal
    assert mbs.GetMarker(items[0]['markerNumbers'][0])['markerType'] == 'BodyPosition'  # no friction
    assert items[0]['nodeNumber'] != items[1]['nodeNumber']
    partial = mbs.CreateSphereQuadContact(itemNumbers=[ball, ground], sphereRadius=0.1, quadPoints=quad,
                                          includeEdges=1 + 4, contactStiffness=1e4)
    assert [mbs.GetObject(partial[key])['includeEdges'] for key in ('oContact0', 'oContact1')] == [1, 2]
    counts = (mbs.NumberOfNodes(), mbs.NumberOfMarkers(), mbs.NumberOfObjects())
    with pytest.raises(ValueError, match="quadPoints.*4 points"):
        mbs.CreateSphereQuadContact(itemNumbers=[ball, ground], sphereRadius=0.1, quadPoints=quad[:3])
    with pytest.raises(ValueError, match="sphereRadius"):
        mbs.CreateSphereTriangleContact(itemNumbers=[ball, ground], sphereRadius=0., trianglePoints=FLOOR)
    with pytest.raises(ValueError, match="includeEdges"):
        mbs.CreateSphereQuadContact(itemNumbers=[ball, ground], sphereRadius=0.1, includeEdges=16)
    assert (mbs.NumberOfNodes(), mbs.NumberOfMarkers(), mbs.NumberOfObjects()) == counts  # all or nothing
    with pytest.warns(DeprecationWarning, match="radiusSphere"):
        mbs.CreateSphereTriangleContact(itemNumbers=[ball, ground], radiusSphere=0.1, trianglePoints=FLOOR)


@pytest.mark.parametrize('parameters, error, match', [
    (dict(trianglePoints=FLOOR[:2]), ValueError, "trianglePoints.*3 corners"),
    (dict(sphereRadius=0.), ValueError, "sphereRadius.*> 0"),
    (dict(includeEdges=8), ValueError, "includeEdges.*0 to 7"),
    (dict(impactModel=-1), ValueError, "impactModel"),
    (dict(positionTriangleMarker=True), TypeError, "markerNumbers.*orientation"),
    (dict(dynamicFriction=0.2, positionSphereMarker=True), TypeError, "markerNumbers.*orientation"),
])
def test_badInputNamesTheParameter(parameters, error, match):
    SC, mbs = System()
    ball = mbs.CreateRigidBody(inertia=InertiaSphere(MASS, RADIUS), referencePosition=[0, 1, 0])
    plate = mbs.CreateRigidBody(inertia=InertiaSphere(MASS, RADIUS), referencePosition=[0, 0, 0])
    markers = [mbs.AddMarker((MarkerBodyPosition if parameters.pop('positionSphereMarker', False) else MarkerBodyRigid)(
                   bodyNumber=ball)),
               mbs.AddMarker((MarkerBodyPosition if parameters.pop('positionTriangleMarker', False) else MarkerBodyRigid)(
                   bodyNumber=plate))]
    with pytest.raises(error, match=match):
        mbs.AddObject(ObjectContactSphereTriangle(**dict(dict(markerNumbers=markers, nodeNumber=Data(mbs, 1.),
                                                              sphereRadius=RADIUS, trianglePoints=FLOOR), **parameters)))
    assert mbs.NumberOfObjects() == 2  # the bodies only: the system is as it was
