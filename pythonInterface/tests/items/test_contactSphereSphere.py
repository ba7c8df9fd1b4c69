"""ObjectContactSphereSphere (docs/theory/ContactSphereSphere.md) against closed forms: the static
overlap (m g / k)^(1/n) on a sphere and inside a hollow sphere with the outputs' signs; the rebound
of a linear spring-dashpot impact (half a damped oscillation); the exact rebound velocity of the
Hunt-Crossley and Gonthier / Carvalho-Martins laws (their equation of motion separates); sliding
turning into rolling under Coulomb friction (5/7 of the initial velocity); the force-overlap law
of the adhesive elasto-plastic model through a loading-unloading cycle; mbs.CreateSphereSphereContact;
bad input."""
import numpy as np
import pytest
from scipy.optimize import brentq

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyPosition, MarkerBodyRigid, MarkerNodeRigid, NodeGenericData,
                                    NodePointGround, ObjectConnectorSpringDamper, ObjectContactSphereSphere,
                                    SensorBody, SensorObject)
from multidyn.utilities import InertiaSphere

RADIUS, MASS, GRAVITY = 0.1, 1.6, 9.81  # ball [m], [kg], [m/s^2]


def System():
    SC = exu.SystemContainer()
    return SC, SC.AddSystem()


def GroundMarker(mbs, position=(0., 0., 0.)):
    return mbs.AddMarker(MarkerNodeRigid(nodeNumber=mbs.AddNode(NodePointGround(referenceCoordinates=list(position)))))


def Ball(mbs, position, velocity=(0., 0., 0.), gravity=(0., 0., 0.)):
    """a solid ball (rigid body) and a rigid marker at its centre"""
    body = mbs.CreateRigidBody(referencePosition=list(position), initialVelocity=list(velocity),
                               inertia=InertiaSphere(MASS, RADIUS), gravity=list(gravity))
    return body, mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))


def Data(mbs, gap, tangentialVelocity=0.):
    return mbs.AddNode(NodeGenericData(initialCoordinates=[gap, tangentialVelocity, 0, 0], numberOfDataCoordinates=4))


def Settings(endTime, steps, writePeriod=None):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = endTime
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.timeIntegration.minimumStepSize = 1e-12
    s.timeIntegration.discontinuous.iterationTolerance = 1e-3  # [N] of contact force at a switch
    s.solution.file.write = False
    s.solution.sensors.writePeriod = writePeriod if writePeriod else endTime / steps
    return s


@pytest.mark.parametrize('exponent', [1., 1.5])
def test_ballRestsOnASphereAtTheStaticOverlap(exponent):
    SC, mbs = System()
    k, r0 = 1e6, 0.3
    overlap = (MASS * GRAVITY / k) ** (1 / exponent)
    criticalDamping = 2 * np.sqrt(exponent * k * overlap ** (exponent - 1) * MASS)  # of the linearized contact
    ball, marker = Ball(mbs, [0, r0 + RADIUS + 0.2 * overlap, 0], gravity=[0, -GRAVITY, 0])
    contact = mbs.AddObject(ObjectContactSphereSphere(
        markerNumbers=[GroundMarker(mbs), marker], nodeNumber=Data(mbs, 0.1), spheresRadii=[r0, RADIUS],
        contactStiffness=k, contactStiffnessExponent=exponent, contactDamping=criticalDamping))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.5, 5000))
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.DisplacementLocal) == pytest.approx(-overlap, rel=1e-6)
    # the force on marker 0 (the fixed sphere) is the ball's weight; the normal points up, to the ball
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Force) == pytest.approx([0, -MASS * GRAVITY, 0], abs=1e-6)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Director1) == pytest.approx([0, 1, 0], abs=1e-12)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Position) == pytest.approx(
        [0, r0 - overlap / 2, 0], abs=1e-9)  # midway in the overlap
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Displacement) == pytest.approx(
        [0, r0 + RADIUS - overlap, 0], abs=1e-9)
    assert np.linalg.norm(mbs.GetObjectOutput(contact, exu.OutputVariableType.Velocity)) < 1e-6
    assert np.linalg.norm(mbs.GetObjectOutput(contact, exu.OutputVariableType.Torque)) == 0.  # no friction


def test_ballRestsInAHollowSphere():
    SC, mbs = System()
    k, hollowRadius = 1e5, 0.5
    overlap = MASS * GRAVITY / k
    ball, marker = Ball(mbs, [0, -(hollowRadius - RADIUS), 0], gravity=[0, -GRAVITY, 0])
    contact = mbs.AddObject(ObjectContactSphereSphere(
        markerNumbers=[marker, GroundMarker(mbs)], nodeNumber=Data(mbs, 0.1), spheresRadii=[RADIUS, hollowRadius],
        isHollowSphere1=True, contactStiffness=k, contactDamping=1e3))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.5, 5000))
    assert mbs.GetObjectOutput(ball, exu.OutputVariableType.Position) == pytest.approx(
        [0, -(hollowRadius - RADIUS + overlap), 0], abs=1e-9)
    # marker 0 is the ball: the hollow sphere pushes it up; the normal points from it to the contact point
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Force) == pytest.approx([0, MASS * GRAVITY, 0], abs=1e-6)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Director1) == pytest.approx([0, -1, 0], abs=1e-12)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Position) == pytest.approx(
        [0, -(hollowRadius + overlap / 2), 0], abs=1e-9)


def Impact(impactVelocity, **contactParameters):
    """A ball at impactVelocity towards a fixed sphere (no gravity); returns the velocity after the contact."""
    SC, mbs = System()
    gap0 = 1e-3
    ball, marker = Ball(mbs, [0, 2 * RADIUS + gap0, 0], velocity=[0, -impactVelocity, 0])
    mbs.AddObject(ObjectContactSphereSphere(markerNumbers=[GroundMarker(mbs), marker], nodeNumber=Data(mbs, gap0),
                                            spheresRadii=[RADIUS, RADIUS], **contactParameters))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.02, 20000))
    return mbs.GetObjectOutput(ball, exu.OutputVariableType.Velocity)[1]


def test_linearDampedImpactReboundsAsHalfADampedOscillation():
    k, d, v = 1e6, 400., 1.
    zeta = d / (2 * np.sqrt(k * MASS))
    # the contact phase m delta'' + d delta' + k delta = 0 ends at delta = 0 after half a damped period
    expected = v * np.exp(-zeta * np.pi / np.sqrt(1 - zeta**2))
    assert Impact(v, contactStiffness=k, contactDamping=d) == pytest.approx(expected, rel=5e-4)


def ExactRebound(impactVelocity, factor):
    """The rebound velocity of m u' = -delta^n (k - lambda u), u = delta', lambda = factor k/v_in: with
    m u du/(k - lambda u) = -delta^n d(delta), the integral of u/(k - lambda u) from v_in to -v_out is 0
    (independent of m, k and n)."""
    c = -factor / impactVelocity  # -lambda/k > 0

    def G(u):  # integral of u/(1 + c u) du
        return u / c - np.log(1 + c * u) / c**2
    return brentq(lambda u: G(u) - G(impactVelocity), -1 / c * (1 - 1e-15), -1e-12 * impactVelocity) * -1


@pytest.mark.parametrize('impactModel, restitution, exponent', [(1, 0.8, 1.5), (2, 0.7, 1.5), (2, 0.25, 1.)])
def test_impactModelsReboundAsTheirExactSolution(impactModel, restitution, exponent):
    v = 2.
    if impactModel == 1:
        factor = 1.5 * (restitution - 1)
    elif restitution > 1 / 3:
        factor = 1.5 * (restitution - 1) * (11 - restitution) / (1 + 9 * restitution)
    else:
        factor = (restitution**2 - 1) / restitution
    rebound = Impact(v, contactStiffness=1e7, contactStiffnessExponent=exponent, impactModel=impactModel,
                     restitutionCoefficient=restitution)
    assert rebound == pytest.approx(ExactRebound(v, factor), rel=1e-4)
    if impactModel == 2:  # the model's purpose: the rebound ratio is close to e
        assert rebound / v == pytest.approx(restitution, abs=0.01)


def test_frictionTurnsSlidingIntoRolling():
    """On a (nearly flat) sphere of radius 1e4 m: v = v0 - mu g t until rolling at t* = 2 v0/(7 mu g),
    then v = 5/7 v0 and omega_z = -v/r."""
    SC, mbs = System()
    k, mu, v0, groundRadius = 1e6, 0.3, 1., 1e4
    overlap = MASS * GRAVITY / k
    ball, marker = Ball(mbs, [0, groundRadius + RADIUS - overlap, 0], velocity=[v0, 0, 0], gravity=[0, -GRAVITY, 0])
    mbs.AddObject(ObjectContactSphereSphere(
        markerNumbers=[GroundMarker(mbs), marker], nodeNumber=Data(mbs, -overlap, v0),
        spheresRadii=[groundRadius, RADIUS], contactStiffness=k, contactDamping=2e3, dynamicFriction=mu,
        frictionProportionalZone=1e-4))
    velocity = mbs.AddSensor(SensorBody(bodyNumber=ball, storeInternal=True,
                                        outputVariableType=exu.OutputVariableType.Velocity))
    omega = mbs.AddSensor(SensorBody(bodyNumber=ball, storeInternal=True,
                                     outputVariableType=exu.OutputVariableType.AngularVelocity))
    mbs.Assemble()
    tRolling = 2 * v0 / (7 * mu * GRAVITY)
    mbs.SolveDynamic(Settings(2 * tRolling, 4000))
    v, w = mbs.GetSensorStoredData(velocity), mbs.GetSensorStoredData(omega)
    half = np.argmin(abs(v[:, 0] - tRolling / 2))
    t = v[half, 0]
    assert v[half, 1] == pytest.approx(v0 - mu * GRAVITY * t, rel=5e-4)
    assert w[half, 3] == pytest.approx(-2.5 * mu * GRAVITY * t / RADIUS, rel=5e-4)
    assert v[-1, 1] == pytest.approx(5 / 7 * v0, rel=5e-4)
    assert w[-1, 3] == pytest.approx(-5 / 7 * v0 / RADIUS, rel=5e-4)
    assert abs(w[-1, 1]) + abs(w[-1, 2]) < 1e-9 and abs(v[-1, 3]) < 1e-9  # in the plane of the motion


def test_adhesiveElastoPlasticForceFollowsItsLaw():
    """Loading on k delta^n, unloading and reloading on k2 (delta^n - delta_p^n), delta_p = lambda_P^(1/n)
    delta_max, bounded below by the adhesion -k_adh delta^n_adh; minus the pull-off force and the damping."""
    SC, mbs = System()
    k, n, ratio, pullOff, kAdhesion, nAdhesion, d = 1e5, 2., 0.6, 0.01, 4e4, 2., 1e-3
    depth, tMove = 0.002, 0.05
    ball, marker = Ball(mbs, [0, 2 * RADIUS, 0])
    ground = GroundMarker(mbs)

    def Drive(mbs, t, itemNumber, u, v, stiffness, damping, force):  # pulls the ball in and out again
        return (u - (2 * RADIUS - depth * (t / tMove if t < tMove else 2 - t / tMove))) * 1e5
    mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=[ground, marker], springForceUserFunction=Drive))
    contact = mbs.AddObject(ObjectContactSphereSphere(
        markerNumbers=[ground, marker], nodeNumber=Data(mbs, 0.), spheresRadii=[RADIUS, RADIUS], contactStiffness=k,
        contactStiffnessExponent=n, contactDamping=d, contactPlasticityRatio=ratio, constantPullOffForce=pullOff,
        adhesionCoefficient=kAdhesion, adhesionExponent=nAdhesion))
    sensors = [mbs.AddSensor(SensorObject(objectNumber=contact, storeInternal=True, outputVariableType=variable))
               for variable in [exu.OutputVariableType.DisplacementLocal, exu.OutputVariableType.Force]]
    velocity = mbs.AddSensor(SensorBody(bodyNumber=ball, storeInternal=True,
                                        outputVariableType=exu.OutputVariableType.Velocity))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(2 * tMove, 10000))
    gap, force = [mbs.GetSensorStoredData(s) for s in sensors]
    overlap, forceOnBall, vNormal = -gap[:, 1], -force[:, 2], mbs.GetSensorStoredData(velocity)[:, 2]
    inContact = overlap > 0
    plasticOverlap = ratio ** (1 / n) * np.maximum.accumulate(np.maximum(overlap, 0))
    loading, unloading = k * overlap**n, k / (1 - ratio) * (overlap**n - plasticOverlap**n)
    elastic = np.where(unloading >= loading, loading, np.maximum(unloading, -kAdhesion * overlap**nAdhesion))
    expected = np.where(inContact, elastic - pullOff - d * vNormal, 0.)
    assert np.abs(forceOnBall - expected).max() < 1e-9 * k * depth**n
    adhesive = inContact & (-kAdhesion * overlap**nAdhesion > unloading)
    assert adhesive.any() and (inContact & (unloading < loading) & ~adhesive).any()  # every branch is reached
    assert overlap.max() > 0.9 * depth


def test_inactiveConnectorLetsTheBallPass():
    SC, mbs = System()
    ball, marker = Ball(mbs, [0, 0.25, 0], velocity=[0, -1, 0])
    contact = mbs.AddObject(ObjectContactSphereSphere(
        markerNumbers=[GroundMarker(mbs), marker], nodeNumber=Data(mbs, 0.05), spheresRadii=[RADIUS, RADIUS],
        contactStiffness=1e6, activeConnector=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.1, 100))
    assert mbs.GetObjectOutput(ball, exu.OutputVariableType.Position)[1] == pytest.approx(0.15, rel=1e-10)
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Force) == pytest.approx([0, 0, 0], abs=0)


def test_createSphereSphereContactAddsMarkersAndDataNode():
    SC, mbs = System()
    ground = mbs.CreateGround()
    ball, _ = Ball(mbs, [0, 0.5, 0])
    frictionless = mbs.CreateSphereSphereContact(itemNumbers=[ground, ball], localPosition1=[0, 0, 0.01],
                                                 spheresRadii=[0.2, 0.1], contactStiffness=1e4,
                                                 dataInitialCoordinates=[0.3, 0, 0, 0])
    item = mbs.GetObject(frictionless)
    assert [mbs.GetMarker(m)['markerType'] for m in item['markerNumbers']] == ['BodyPosition', 'BodyPosition']
    assert mbs.GetMarker(item['markerNumbers'][1])['localPosition'] == pytest.approx([0, 0, 0.01])
    assert mbs.GetNode(item['nodeNumber'])['initialCoordinates'] == pytest.approx([0.3, 0, 0, 0])
    withFriction = mbs.CreateSphereSphereContact(itemNumbers=[ground, ball], spheresRadii=[0.2, 0.1],
                                                 dynamicFriction=0.2, contactStiffness=1e4)
    markers = mbs.GetObject(withFriction)['markerNumbers']
    assert [mbs.GetMarker(m)['markerType'] for m in markers] == ['BodyRigid', 'BodyRigid']
    counts = (mbs.NumberOfNodes(), mbs.NumberOfMarkers(), mbs.NumberOfObjects())
    with pytest.raises(ValueError, match="dataInitialCoordinates.*4"):
        mbs.CreateSphereSphereContact(itemNumbers=[ground, ball], spheresRadii=[0.2, 0.1], dataInitialCoordinates=[0])
    with pytest.raises(ValueError, match="spheresRadii"):
        mbs.CreateSphereSphereContact(itemNumbers=[ground, ball], spheresRadii=[-0.2, 0.1])
    with pytest.raises(TypeError, match="bodyOrNodeList"):
        mbs.CreateSphereSphereContact(bodyOrNodeList=[ground, ball], spheresRadii=[0.2, 0.1])
    assert (mbs.NumberOfNodes(), mbs.NumberOfMarkers(), mbs.NumberOfObjects()) == counts  # all or nothing
    with pytest.warns(DeprecationWarning, match="bodyNumbers"):
        mbs.CreateSphereSphereContact(bodyNumbers=[ground, ball], spheresRadii=[0.2, 0.1])


@pytest.mark.parametrize('parameters, error, match', [
    (dict(spheresRadii=[-0.1, 0.1]), ValueError, "spheresRadii.*>= 0"),
    (dict(impactModel=3), ValueError, "impactModel.*0.*1.*2"),
    (dict(contactPlasticityRatio=1.), ValueError, "contactPlasticityRatio.*\\[0, 1\\)"),
    (dict(restitutionCoefficient=0.), ValueError, "restitutionCoefficient"),
    (dict(contactStiffness=-1.), ValueError, "contactStiffness"),
    (dict(dynamicFriction=0.1), TypeError, "markerNumbers.*orientation"),
    (dict(dataCoordinates=3), TypeError, "nodeNumber.*NodeGenericData"),
])
def test_badInputNamesTheParameter(parameters, error, match):
    SC, mbs = System()
    body = mbs.CreateRigidBody(inertia=InertiaSphere(MASS, RADIUS), referencePosition=[0, 1, 0])
    positionMarkers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=body)), GroundMarker(mbs)]
    dataCoordinates = parameters.pop('dataCoordinates', 4)
    data = mbs.AddNode(NodeGenericData(initialCoordinates=[0.] * dataCoordinates,
                                       numberOfDataCoordinates=dataCoordinates))
    with pytest.raises(error, match=match):
        mbs.AddObject(ObjectContactSphereSphere(**dict(dict(markerNumbers=positionMarkers, nodeNumber=data,
                                                            spheresRadii=[0.1, 0.1]), **parameters)))
    assert mbs.NumberOfObjects() == 1  # the body only: the system is as it was
