"""ObjectConnectorTorsionalSpringDamper against closed forms and independent formulations.

The mini example (seed 002) is a unit-inertia body on a revolute joint about z with a torsional
spring-damper k = 2e3, d = 20 and a torque tau = 1, so its rotation obeys exactly
    I th'' + d th' + k th = tau,  th(0) = th'(0) = 0   (underdamped: zeta = 0.2236).
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import MarkerBodyRigid, NodeGenericData, RevoluteJointZ, SensorObject, Torque, \
    TorsionalSpringDamper

from conftest import MINI_REFERENCE, NewSystem, Settings, WrapAngle, ut

OVT = exu.OutputVariableType
K, D, TAU, INERTIA = 2e3, 20., 1., 1.


def Stored(r, sensor):
    return r.mbs.GetSensorStoredData(getattr(r, sensor))


def Scalar(value):
    """A scalar output (float, or an array of one value)."""
    array = np.asarray(value, dtype=float).reshape(-1)
    assert array.size == 1
    return float(array[0])


def TightNewton(settings):
    """Newton converged to round-off: the built-in law has an exact Jacobian (linear problem, one
    iteration), a user function gets a forward-difference Jacobian; with the default tolerance both
    stop after one iteration at states that differ by ~1e-10 (relative), i.e. by the Newton
    tolerance, not by the torque law. Tight tolerances make the comparison a round-off comparison."""
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-14
    return settings


# ---------------------------------------------------------------------------------------------
# 1. mini example against the closed form; second-order convergence; Exudyn's reference value
# ---------------------------------------------------------------------------------------------

def test_miniExample_matchesExudynReference(buildMini):
    r = buildMini()
    testResult = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    # algorithm-identical reproduction of Exudyn's published testResult
    assert abs(testResult - MINI_REFERENCE) < 1e-12
    # default settings: 100 steps of 0.01 s, ending at t = 1
    assert r.mbs.systemData.GetTime() == pytest.approx(1., abs=1e-14)
    assert r.mbs.sys['dynamicSolverStatistics']['steps'] == 100


def test_miniExample_closedForm(buildMini, dampedOscillator):
    r = buildMini()
    theta1, _ = dampedOscillator(1., INERTIA, K, D, TAU)
    testResult = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    # at t = 1 the transient has decayed to e^-10 of 5e-4; the integration error is ~6e-9
    assert abs(testResult - theta1) < 2e-8

    data = Stored(r, 'sRotation')
    assert data.shape == (101, 4)
    np.testing.assert_allclose(data[:, 0], np.linspace(0., 1., 101), atol=1e-12)
    theta, _ = dampedOscillator(data[:, 0], INERTIA, K, D, TAU)
    # the rotation stays about z: the other two angles are zero (revolute joint)
    assert np.abs(data[:, 1:3]).max() < 1e-12
    error = np.abs(data[:, 3] - theta).max()
    # first overshoot 1.5 * 5e-4; with h = 0.01 (omega_n h = 0.45) the max error is ~1.4e-5
    assert error < 2e-5, error

    # the connector's own outputs: continuous rotation equals the node angle here, the torque is
    # k th + d th', and the relative angular velocity is th'
    rotation = Stored(r, 'sTSDRotation')[:, 1]
    omega = Stored(r, 'sTSDAngularVelocity')[:, 1]
    torque = Stored(r, 'sTSDTorque')[:, 1]
    np.testing.assert_allclose(rotation, data[:, 3], rtol=0, atol=1e-15)
    np.testing.assert_allclose(omega, Stored(r, 'sAngularVelocity')[:, 3], rtol=0, atol=1e-12)
    np.testing.assert_allclose(torque, K * rotation + D * omega, rtol=0, atol=1e-12)


def _MaxTrajectoryError(buildMini, dampedOscillator, endTime, numberOfSteps):
    r = buildMini(endTime=endTime, numberOfSteps=numberOfSteps)
    data = Stored(r, 'sRotation')
    theta, _ = dampedOscillator(data[:, 0], INERTIA, K, D, TAU)
    return np.abs(data[:, 3] - theta).max(), abs(data[-1, 3] - theta[-1])


def test_miniExample_secondOrderConvergence(buildMini, dampedOscillator):
    # whole trajectory of the default 1 s: max error over the sensor times
    errors = [_MaxTrajectoryError(buildMini, dampedOscillator, 1., n)[0] for n in (100, 200, 400)]
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    # measured: 1.42e-5, 3.55e-6, 8.90e-7 -> ratios 3.996, 3.984
    assert all(3.3 < q < 4.8 for q in ratios), (errors, ratios)

    # pointwise at t = 0.2 (transient still large): 40 -> 80 -> 160 steps
    errors = [_MaxTrajectoryError(buildMini, dampedOscillator, 0.2, n)[1] for n in (40, 80, 160)]
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    # measured: 7.11e-7, 1.69e-7, 4.16e-8 -> ratios 4.22, 4.06
    assert all(3.3 < q < 4.8 for q in ratios), (errors, ratios)


def test_miniExample_solveTwice_sameResult(buildMini):
    # Exudyn starts every SolveDynamic from the initial state (CSolverBase::
    # InitializeSolverInitialConditions: currentState = initialState), so solving twice reproduces
    # the result; continuing a simulation needs updateInitialValues / new initial coordinates
    r = buildMini()
    first = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    r.mbs.SolveDynamic(r.settings)
    second = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    assert Stored(r, 'sRotation')[0, 3] == 0.
    assert abs(second - first) < 1e-15
    assert abs(second - MINI_REFERENCE) < 1e-12


# ---------------------------------------------------------------------------------------------
# 2. continuous rotation with NodeGenericData
# ---------------------------------------------------------------------------------------------

OMEGA, T_ROT, STEPS_ROT = 20., 2., 400     # 40 rad = 6.4 turns, 0.1 rad per step


def test_continuousRotation_withGenericNode(buildMini):
    # no spring, no torque: the revolute joint leaves only the rotation about z, which keeps its
    # initial rate exactly (I th'' = 0), so th = 20 t
    r = buildMini(stiffness=0., damping=0., torque=0., genericNode=True, initialAngularVelocity=OMEGA,
                  endTime=T_ROT, numberOfSteps=STEPS_ROT)
    data = Stored(r, 'sTSDRotation')
    t = data[:, 0]
    assert t[-1] == pytest.approx(T_ROT, abs=1e-12)
    np.testing.assert_allclose(data[:, 1], OMEGA * t, rtol=0, atol=1e-10)
    assert r.mbs.GetObjectOutput(r.oTSD, OVT.Rotation) == pytest.approx(40., abs=1e-10)
    # the data coordinate holds the continuous angle
    assert r.mbs.systemData.GetDataCoordinates()[0] == pytest.approx(40., abs=1e-10)
    np.testing.assert_allclose(Stored(r, 'sTSDAngularVelocity')[:, 1], OMEGA, rtol=0, atol=1e-10)
    assert np.abs(Stored(r, 'sTSDTorque')[:, 1]).max() == 0.


def test_continuousRotation_withoutGenericNode_isWrapped(buildMini):
    r = buildMini(stiffness=0., damping=0., torque=0., genericNode=False, initialAngularVelocity=OMEGA,
                  endTime=T_ROT, numberOfSteps=STEPS_ROT)
    data = Stored(r, 'sTSDRotation')
    t, rotation = data[:, 0], data[:, 1]
    assert np.all(rotation > -math.pi) and np.all(rotation <= math.pi)
    # equals the wrapped angle (compare modulo 2 pi, so values at +-pi cannot flip the test)
    difference = np.array([WrapAngle(x - OMEGA * tt) for x, tt in zip(rotation, t)])
    assert np.abs(difference).max() < 1e-10
    assert r.mbs.GetObjectOutput(r.oTSD, OVT.Rotation) == pytest.approx(WrapAngle(40.), abs=1e-10)
    # the node itself (Rxyz coordinate) is not wrapped
    assert r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2] == pytest.approx(40., abs=1e-10)


@pytest.mark.parametrize('genericNode', [True, False])
def test_continuousRotation_springTorqueFollowsAngle(buildMini, dampedOscillator, genericNode):
    # A spring k = 1, d = 0.5 on a body with I_zz = 1e4, started at 20 rad/s: this is again the
    # exact damped oscillator I th'' + d th' + k th = 0, th(0) = 0, th'(0) = 20 (omega_n = 0.01 rad/s,
    # so within 2 s the body turns ~40 rad at almost constant speed). With the generic node the spring
    # torque is k th + d th' with the continuous angle th (up to 40 rad); without it, the spring sees
    # the wrapped angle and its torque k wrap(th) + d th' jumps at +-pi (Exudyn's behaviour).
    k, d, inertia = 1., 0.5, 1e4
    r = buildMini(stiffness=k, damping=d, torque=0., inertiaZ=inertia, genericNode=genericNode,
                  initialAngularVelocity=OMEGA, endTime=T_ROT, numberOfSteps=STEPS_ROT)
    t = Stored(r, 'sTSDRotation')[:, 0]
    rotation = Stored(r, 'sTSDRotation')[:, 1]
    torque = Stored(r, 'sTSDTorque')[:, 1]
    theta, omega = dampedOscillator(t, inertia, k, d, 0., 0., OMEGA)
    assert theta[-1] > 39.99
    if genericNode:
        np.testing.assert_allclose(rotation, theta, rtol=0, atol=1e-7)
        np.testing.assert_allclose(torque, k * theta + d * omega, rtol=0, atol=1e-7)
        assert torque[-1] > 49.99   # k * 40 + d * 20
        # the spring acts on the body: its angular velocity follows the closed form
        np.testing.assert_allclose(Stored(r, 'sAngularVelocity')[:, 3], omega, rtol=0, atol=1e-7)
    else:
        # the motion is no longer the linear oscillator (the torque jumps by 2 pi k at each wrap),
        # so compare with the body's own (unwrapped Rxyz) angle and rate
        nodeAngle = Stored(r, 'sRotation')[:, 3]
        nodeOmega = Stored(r, 'sAngularVelocity')[:, 3]
        assert nodeAngle[-1] > 39.9
        wrapped = np.array([WrapAngle(x) for x in nodeAngle])
        np.testing.assert_allclose(torque, k * wrapped + d * nodeOmega, rtol=0, atol=1e-9)
        assert np.abs(torque).max() < math.pi * k + d * OMEGA + 1e-6


# ---------------------------------------------------------------------------------------------
# 3. springTorqueUserFunction
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize('offset', [0., 2e-4])
def test_userFunction_arguments_and_linearLawReproducesBuiltIn(buildMini, offset):
    calls = []

    def UFlinear(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        calls.append((mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset))
        return stiffness * (rotation - offset) + damping * angularVelocity

    r = buildMini(userFunction=UFlinear, offset=offset, solve=False)
    r.mbs.SolveDynamic(TightNewton(r.settings))
    reference = buildMini(offset=offset, solve=False)
    reference.mbs.SolveDynamic(TightNewton(reference.settings))

    # documented arguments
    assert len(calls) > 100
    assert all(c[0] is r.mbs for c in calls)
    times = np.array([c[1] for c in calls])
    assert times.min() >= 0. and times.max() <= 1. + 1e-14
    assert times.max() == pytest.approx(1., abs=1e-12)
    assert all(c[2] == int(r.oTSD) and isinstance(c[2], int) for c in calls)
    assert all(c[5] == K and c[6] == D and c[7] == offset for c in calls)
    # rotation / angularVelocity are those of the node at the end state (one call is at the
    # converged final state; all calls at t = 1 are within the Newton/differencing perturbations)
    thetaEnd = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    omegaEnd = r.mbs.GetNodeOutput(r.nBody, OVT.AngularVelocity)[2]
    final = [c for c in calls if c[1] == times.max()]
    assert min(abs(c[3] - thetaEnd) + abs(c[4] - omegaEnd) for c in final) < 1e-14
    assert max(abs(c[3] - thetaEnd) for c in final) < 1e-6
    assert max(abs(c[4] - omegaEnd) for c in final) < 1e-4
    # at every sensor time, some call saw exactly the stored node state
    stored = Stored(r, 'sRotation')
    rotationsSeen = np.array([c[3] for c in calls])
    for t, theta in stored[1::10, [0, 3]]:
        assert np.abs(rotationsSeen[np.abs(times - t) < 1e-12] - theta).min() < 1e-14

    # the user-function law reproduces the built-in law to round-off
    for sensor in ('sRotation', 'sAngularVelocity', 'sTSDTorque', 'sTSDRotation'):
        a, b = Stored(r, sensor), Stored(reference, sensor)
        assert a.shape == b.shape
        scale = np.abs(b[:, 1:]).max()
        assert np.abs(a - b).max() <= 1e-12 * scale, sensor


def test_userFunction_seedCubicSpring_conservesEnergy(buildMini):
    # the seed's cubic spring (it ignores damping); with tau = 1000 the static rotation is ~0.49 rad,
    # where the cubic term changes the torque by 2.4 %. Undamped motion from rest conserves
    # E = 1/2 I th'^2 + 1/2 k th^2 + k/40 th^4 - tau th = 0 (spectralRadius 1: no numerical damping).
    def UFforce(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        k = stiffness
        u = rotation
        return k * u + 0.1 * k * u ** 3

    tau = 1000.
    r = buildMini(userFunction=UFforce, torque=tau, numberOfSteps=2000, spectralRadius=1.)
    theta = Stored(r, 'sRotation')[:, 3]
    omega = Stored(r, 'sAngularVelocity')[:, 3]
    energy = 0.5 * INERTIA * omega ** 2 + 0.5 * K * theta ** 2 + K / 40. * theta ** 4 - tau * theta
    scale = tau * tau / K   # 500 J, the energy scale of the motion
    assert np.abs(energy).max() < 1e-4 * scale, np.abs(energy).max() / scale
    # undamped: it swings up to twice the static rotation (root of k u + 0.1 k u^3 = tau), and the
    # turning point satisfies E = 0 with th' = 0: 1/2 k u^2 + k/40 u^4 = tau u
    uStatic = np.roots([0.1 * K, 0., K, -tau]).real[np.abs(np.roots([0.1 * K, 0., K, -tau]).imag) < 1e-12][0]
    uMax = np.roots([K / 40., 0., 0.5 * K, -tau, 0.])
    uMax = max(x.real for x in uMax if abs(x.imag) < 1e-12)
    assert theta.max() == pytest.approx(uMax, rel=2e-4)
    assert uMax < 2 * uStatic   # the hardening spring keeps the swing below the linear 2 u_static
    # the user function's torque is what the connector reports
    torque = Stored(r, 'sTSDTorque')[:, 1]
    np.testing.assert_allclose(torque, K * theta + 0.1 * K * theta ** 3, rtol=1e-12, atol=1e-9)


def test_userFunction_exception_surfaces_and_systemStaysUsable(buildMini, dampedOscillator):
    def UFfailing(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        if t > 0.505:
            raise ZeroDivisionError('spring model breaks here')
        return stiffness * rotation + damping * angularVelocity

    def UFgood(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        return stiffness * rotation + damping * angularVelocity

    r = buildMini(userFunction=UFfailing, solve=False)
    with pytest.raises(exu.UserFunctionError) as info:
        r.mbs.SolveDynamic(r.settings)
    message = str(info.value)
    assert 'ObjectConnectorTorsionalSpringDamper' in message
    assert f'object {int(r.oTSD)}' in message
    assert 'springTorqueUserFunction' in message
    assert 'UFfailing' in message
    assert 'ZeroDivisionError' in message and 'spring model breaks here' in message

    # results up to the failure are kept: the state is that of the last accepted step, t = 0.50
    tFail = r.mbs.systemData.GetTime()
    assert tFail == pytest.approx(0.5, abs=1e-12)
    thetaFail = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    stored = Stored(r, 'sRotation')
    assert stored[-1, 0] == pytest.approx(0.5, abs=1e-12)
    assert thetaFail == stored[-1, 3]
    thetaExact, _ = dampedOscillator(0.5, INERTIA, K, D, TAU)
    assert abs(thetaFail - thetaExact) < 2e-5

    # fix the function and solve again from the initial state
    r.mbs.SetObjectParameter(r.oTSD, 'springTorqueUserFunction', UFgood)
    r.mbs.SolveDynamic(r.settings)
    assert r.mbs.systemData.GetTime() == pytest.approx(1., abs=1e-14)
    testResult = r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2]
    assert abs(testResult - MINI_REFERENCE) < 1e-9
    assert Stored(r, 'sRotation').shape == (101, 4)


# ---------------------------------------------------------------------------------------------
# 4. activeConnector, TorqueLocal and PotentialEnergy
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize('useCreate', [False, True])
def test_inactiveConnector_isFreeBody(buildMini, useCreate):
    # no spring: I th'' = tau = 1 gives th = t^2 / 2 (generalized-alpha is exact for constant
    # acceleration)
    r = buildMini(activeConnector=False, useCreate=useCreate, offset=0.1, connectorTorque=3.)
    data = Stored(r, 'sRotation')
    np.testing.assert_allclose(data[:, 3], 0.5 * data[:, 0] ** 2, rtol=0, atol=1e-12)
    assert r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2] == pytest.approx(0.5, abs=1e-12)
    assert np.abs(Stored(r, 'sTSDTorque')[:, 1]).max() == 0.
    assert Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.TorqueLocal)) == 0.
    assert Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.PotentialEnergy)) == 0.
    # the kinematic outputs still report the relative motion
    assert Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.Rotation)) == pytest.approx(0.5, abs=1e-12)
    assert Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.AngularVelocityLocal)) == pytest.approx(1., abs=1e-12)


def test_potentialEnergy_activeConnector(buildMini, dampedOscillator):
    offset, tauC = 0.3, 5.
    r = buildMini(offset=offset, connectorTorque=tauC, genericNode=True)
    phi = Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.Rotation))
    assert phi == pytest.approx(r.mbs.GetNodeOutput(r.nBody, OVT.Rotation)[2], abs=1e-15)
    energy = Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.PotentialEnergy))
    assert energy == pytest.approx(0.5 * K * (phi - offset) ** 2 + tauC * phi, rel=1e-13)
    # the motion itself: I th'' + d th' + k (th - offset) + tauC = tau, i.e. the mini-example
    # oscillator with the static rotation offset + (tau - tauC) / k
    # (same relative integration error as the mini example at t = 1: ~1.1e-5)
    thetaExact, _ = dampedOscillator(1., INERTIA, K, D, TAU + K * offset - tauC)
    assert phi == pytest.approx(thetaExact, rel=3e-5)
    omega = Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.AngularVelocityLocal))
    torque = Scalar(r.mbs.GetObjectOutput(r.oTSD, OVT.TorqueLocal))
    assert torque == pytest.approx(K * (phi - offset) + D * omega + tauC, rel=1e-13)


def test_potentialEnergy_userFunction_raises(buildMini):
    def UF(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        return stiffness * rotation

    r = buildMini(userFunction=UF, numberOfSteps=10, endTime=0.1)
    with pytest.raises(ValueError):
        r.mbs.GetObjectOutput(r.oTSD, OVT.PotentialEnergy)


# ---------------------------------------------------------------------------------------------
# 6. mbs.CreateTorsionalSpringDamper
# ---------------------------------------------------------------------------------------------

def test_create_miniExample_equalsHandBuilt(buildMini):
    handBuilt = buildMini()
    created = buildMini(useCreate=True)
    mbs = created.mbs
    # 2 markers and 1 NodeGenericData added by CreateTorsionalSpringDamper
    assert mbs.NumberOfMarkers() - created.numberOfMarkersBefore == 2
    assert mbs.NumberOfNodes() - created.numberOfNodesBefore == 1
    node = mbs.GetNode(created.numberOfNodesBefore)
    assert node['nodeType'] == 'GenericData' and node['numberOfDataCoordinates'] == 1
    connector = mbs.GetObject(created.oTSD)
    assert connector['nodeNumber'] == created.numberOfNodesBefore
    assert connector['stiffness'] == K and connector['damping'] == D
    a = handBuilt.mbs.GetNodeOutput(handBuilt.nBody, OVT.Rotation)[2]
    b = mbs.GetNodeOutput(created.nBody, OVT.Rotation)[2]
    assert abs(a - b) < 1e-12
    assert abs(b - MINI_REFERENCE) < 1e-12
    for sensor in ('sRotation', 'sTSDTorque'):
        np.testing.assert_allclose(Stored(created, sensor), Stored(handBuilt, sensor), rtol=0, atol=1e-12)


def _AxisXSystem(nodeType, handBuilt, k=100., d=20., endTime=4., numberOfSteps=200):
    """A rotated body on a revolute joint about global x to a rotated, shifted ground, a torsional
    spring-damper about the same axis and a torque 1 about global x."""
    mbs = NewSystem()
    Ag = ut.RotXYZ2RotationMatrix([0.2, 0.7, -0.4])
    pg = np.array([0.5, -1., 2.])
    oGround = mbs.CreateGround(referencePosition=pg.tolist(), referenceRotationMatrix=Ag)
    A0 = ut.RotXYZ2RotationMatrix([0.3, -0.4, 0.5])
    p0 = np.array([1., 2., 3.])
    body = mbs.CreateRigidBody(inertia=ut.InertiaCuboid(100., [0.5, 0.4, 0.3]), referencePosition=p0.tolist(),
                               referenceRotationMatrix=A0, nodeType=nodeType, returnDict=True)
    oBody, nBody = body['bodyNumber'], body['nodeNumber']
    pJoint = p0 + np.array([0.1, 0.2, -0.1])
    if handBuilt:
        # joint frame: z along global x, det +1; marker frames = body axes -> joint axes
        AJ = np.column_stack([[0., 0., -1.], [0., 1., 0.], [1., 0., 0.]])
        m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround,
                                           localHT=exu.HT(rotation=Ag.T @ AJ, translation=Ag.T @ (pJoint - pg))))
        m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oBody,
                                           localHT=exu.HT(rotation=A0.T @ AJ, translation=A0.T @ (pJoint - p0))))
        mbs.AddObject(RevoluteJointZ(markerNumbers=[m0, m1]))
        nData = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
        oTSD = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[m0, m1], nodeNumber=nData, stiffness=k,
                                                   damping=d))
    else:
        mbs.CreateRevoluteJoint(itemNumbers=[oGround, oBody], position=pJoint.tolist(), axis=[1, 0, 0])
        oTSD = mbs.CreateTorsionalSpringDamper(itemNumbers=[oGround, oBody], position=pJoint.tolist(),
                                               axis=[1, 0, 0], stiffness=k, damping=d)
    mTorque = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oBody, localPosition=[0.05, 0., 0.]))
    mbs.AddLoad(Torque(markerNumber=mTorque, loadVector=[1., 0., 0.]))
    sRotation = mbs.AddSensor(SensorObject(objectNumber=oTSD, storeInternal=True, writeToFile=False,
                                           outputVariableType=OVT.Rotation))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, numberOfSteps, 0.9))
    return mbs, oTSD, nBody, A0, p0, pJoint, sRotation


@pytest.mark.parametrize('nodeType', [exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz])
def test_create_axisX_rotatedBodies_staticDeflection(workDir, nodeType):
    # heavily damped (slowest decay rate ~5.6/s): after 4 s only the static deflection tau/k about
    # global x remains
    k = 100.
    mbs, oTSD, nBody, A0, p0, pJoint, sRotation = _AxisXSystem(nodeType, handBuilt=False, k=k)
    phi = Scalar(mbs.GetObjectOutput(oTSD, OVT.Rotation))
    assert phi == pytest.approx(1. / k, rel=1e-7)
    # the body turned by Rx(1/k) about the joint axis through pJoint
    A = mbs.GetNodeOutput(nBody, OVT.RotationMatrix).reshape(3, 3)
    np.testing.assert_allclose(A @ A0.T, ut.RotationMatrixX(1. / k), rtol=0, atol=1e-9)
    position = mbs.GetNodeOutput(nBody, OVT.Position)
    np.testing.assert_allclose(position, pJoint + ut.RotationMatrixX(1. / k) @ (p0 - pJoint), rtol=0, atol=1e-9)

    # the same connector built by hand (markers with localHT) gives the same trajectory
    mbs2, oTSD2, *_, sRotation2 = _AxisXSystem(nodeType, handBuilt=True, k=k)
    np.testing.assert_allclose(mbs.GetSensorStoredData(sRotation), mbs2.GetSensorStoredData(sRotation2),
                               rtol=0, atol=1e-13)
