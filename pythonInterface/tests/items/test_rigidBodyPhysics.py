"""Rigid-body physics: conservation laws, closed forms and agreement of rotation parametrisations.

Generalized-alpha with spectralRadius 1 has no numerical damping, but it does not conserve energy or
angular momentum exactly for nonlinear rotations: the conserved quantities drift by O(h^2). The tests
therefore check small drifts AND that the drift falls by ~4 when h is halved (so it is integration
error, not a modelling error).
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import SensorBody, SensorNode

from conftest import NewSystem, Settings, ut

OVT = exu.OutputVariableType
EP, RXYZ = exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz
G = 9.81


def Stored(mbs, sensor):
    return mbs.GetSensorStoredData(sensor)


def NodeSensor(mbs, nodeNumber, variable):
    return mbs.AddSensor(SensorNode(nodeNumber=nodeNumber, storeInternal=True, writeToFile=False,
                                    outputVariableType=variable))


# ---------------------------------------------------------------------------------------------
# 5. free rigid body: Euler parameters and Rxyz
# ---------------------------------------------------------------------------------------------

FREE_INERTIA = dict(density=1000., sideLengths=[0.3, 0.2, 0.1])   # m = 6 kg, J = diag(0.025, 0.05, 0.065)
OMEGA0 = np.array([1., 2., 3.])    # rad/s, global = local at t = 0; not about a principal axis


def FreeBody(nodeType, numberOfSteps=1000, endTime=1., omega0=OMEGA0, spectralRadius=1.):
    """A free cuboid (no gravity) spinning with omega0; returns the stored sensor data."""
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(**FREE_INERTIA)
    body = mbs.CreateRigidBody(inertia=inertia, nodeType=nodeType, initialAngularVelocity=list(omega0),
                               returnDict=True)
    n, o = body['nodeNumber'], body['bodyNumber']
    sensors = {v: NodeSensor(mbs, n, getattr(OVT, v)) for v in ('RotationMatrix', 'AngularVelocityLocal',
                                                                 'AngularVelocity', 'Coordinates', 'Position')}
    sKinetic = mbs.AddSensor(SensorBody(bodyNumber=o, storeInternal=True, writeToFile=False,
                                        outputVariableType=OVT.KineticEnergy))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, numberOfSteps, spectralRadius))
    data = {v: Stored(mbs, s) for v, s in sensors.items()}
    data['KineticEnergy'] = Stored(mbs, sKinetic)
    data['J'] = inertia.Inertia()
    data['A'] = data['RotationMatrix'][:, 1:].reshape(-1, 3, 3)
    data['omegaLocal'] = data['AngularVelocityLocal'][:, 1:]
    data['statistics'] = mbs.sys['dynamicSolverStatistics']
    return data


def EnergyAndMomentum(data):
    J, A, w = data['J'], data['A'], data['omegaLocal']
    energy = 0.5 * np.einsum('ni,ij,nj->n', w, J, w)
    momentum = np.einsum('nij,jk,nk->ni', A, J, w)     # global angular momentum A J omega_local
    return energy, momentum


def test_freeBody_EulerParameters_conservation(workDir):
    data = FreeBody(EP)
    J = data['J']
    energy, momentum = EnergyAndMomentum(data)
    energy0 = 0.5 * OMEGA0 @ J @ OMEGA0
    momentum0 = J @ OMEGA0
    assert energy[0] == pytest.approx(energy0, rel=1e-14)
    # the body's KineticEnergy output is 1/2 omega^T J omega (no translation)
    np.testing.assert_allclose(data['KineticEnergy'][:, 1], energy, rtol=1e-12)
    # measured drift over 1 s with h = 1e-3: energy 4.7e-7, momentum 4.9e-7 (relative)
    assert np.abs(energy / energy0 - 1.).max() < 1e-6
    assert np.linalg.norm(momentum - momentum0, axis=1).max() / np.linalg.norm(momentum0) < 1e-6
    # the body really tumbles (angular velocity changes a lot in body and global axes)
    assert np.abs(data['omegaLocal'] - OMEGA0).max() > 0.5
    # no translation
    assert np.abs(data['Position'][:, 1:]).max() < 1e-12
    # Euler-parameter norm (the node's constraint) and orthogonality of the rotation matrix
    eulerParameters = data['Coordinates'][:, 4:8] + np.array([1., 0., 0., 0.])
    assert np.abs(np.linalg.norm(eulerParameters, axis=1) - 1.).max() < 1e-12
    A = data['A']
    assert np.abs(np.einsum('nji,njk->nik', A, A) - np.eye(3)).max() < 1e-12
    # the local and global angular velocity outputs are consistent: omega = A omega_local
    np.testing.assert_allclose(np.einsum('nij,nj->ni', A, data['omegaLocal']), data['AngularVelocity'][:, 1:],
                               rtol=0, atol=1e-12)


@pytest.mark.parametrize('nodeType', [EP, RXYZ])
def test_freeBody_conservationErrorIsSecondOrder(workDir, nodeType):
    # drift of the global angular momentum at t = 1 for h = 1e-3, 5e-4, 2.5e-4
    # (measured for 250..2000 steps: ratios 4.000 for both parametrisations)
    errors = []
    for n in (1000, 2000, 4000):
        data = FreeBody(nodeType, numberOfSteps=n)
        _, momentum = EnergyAndMomentum(data)
        m0 = data['J'] @ OMEGA0
        errors.append(np.linalg.norm(momentum[-1] - m0) / np.linalg.norm(m0))
        assert data['statistics']['steps'] == n
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    assert all(3.3 < q < 4.8 for q in ratios), (errors, ratios)


def test_freeBody_Rxyz_agreesWithEulerParameters(workDir):
    ep = FreeBody(EP)
    rxyz = FreeBody(RXYZ)
    # the Rxyz angles stay away from the singularity rotY = +-pi/2 (measured max |rotY| = 0.65)
    assert np.abs(rxyz['Coordinates'][:, 5]).max() < 1.
    # both are second-order approximations of the same motion; their difference is the O(h^2)
    # error (measured: rotation matrices 5.4e-6, local angular velocity 2.9e-5 over 1 s)
    assert np.abs(ep['A'] - rxyz['A']).max() < 2e-5
    assert np.abs(ep['omegaLocal'] - rxyz['omegaLocal']).max() < 1e-4
    # Rxyz conserves energy and momentum to O(h^2) too (measured 4.3e-6 and 1.7e-6)
    energy, momentum = EnergyAndMomentum(rxyz)
    energy0 = 0.5 * OMEGA0 @ rxyz['J'] @ OMEGA0
    assert np.abs(energy / energy0 - 1.).max() < 1e-5
    m0 = rxyz['J'] @ OMEGA0
    assert np.linalg.norm(momentum - m0, axis=1).max() / np.linalg.norm(m0) < 5e-6
    np.testing.assert_allclose(rxyz['KineticEnergy'][:, 1], energy, rtol=1e-12)


def test_freeBody_sensorTimesFollowNumberOfSteps(workDir):
    # 1 s in 3000 steps: exactly 3000 steps on the uniform grid t_k = k / 3000 (Exudyn ends the
    # loop when t >= endTime - 1e-10; a round-off remainder must not become an extra step)
    for nodeType in (RXYZ, EP):
        data = FreeBody(nodeType, numberOfSteps=3000, omega0=np.array([0., 0., 2.]))
        assert data['statistics']['steps'] == 3000, nodeType
        t = data['RotationMatrix'][:, 0]
        np.testing.assert_allclose(t, np.arange(3001) / 3000., rtol=0, atol=1e-12)


@pytest.mark.parametrize('nodeType', [EP, RXYZ])
def test_freeBody_rotationAboutPrincipalAxis_closedForm(workDir, nodeType):
    # spin about the principal z-axis: omega stays constant and A(t) = Rz(omega t)
    omega = 5.
    data = FreeBody(nodeType, numberOfSteps=1000, omega0=np.array([0., 0., omega]))
    t = data['RotationMatrix'][:, 0]
    exact = np.array([ut.RotationMatrixZ(omega * tt) for tt in t])
    error = np.abs(data['A'] - exact).max()
    # Rxyz: the angle rotZ is linear in time and integrated exactly; Euler parameters move on a circle
    # (cos, sin of omega t / 2), an O(h^2) error (measured 2.6e-6 over 5 rad)
    assert error < (1e-12 if nodeType == RXYZ else 1e-5), error
    # (Euler parameters: Newton-tolerance noise of 1.2e-8 on the angular velocity)
    tolerance = 1e-12 if nodeType == RXYZ else 1e-7
    np.testing.assert_allclose(data['omegaLocal'], [[0., 0., omega]] * len(t), rtol=0, atol=tolerance)
    np.testing.assert_allclose(data['AngularVelocity'][:, 1:], [[0., 0., omega]] * len(t), rtol=0, atol=tolerance)


def test_revoluteJoint_constantRotation_rotationMatrix(buildMini):
    # the mini-example body on its revolute joint, without spring and load, started at 20 rad/s:
    # A(t) = Rz(20 t) over 40 rad
    r = buildMini(stiffness=0., damping=0., torque=0., initialAngularVelocity=20., endTime=2., numberOfSteps=400,
                  sensors=False, solve=False)
    sensor = NodeSensor(r.mbs, r.nBody, OVT.RotationMatrix)
    r.mbs.Assemble()
    r.mbs.SolveDynamic(r.settings)
    data = Stored(r.mbs, sensor)
    exact = np.array([ut.RotationMatrixZ(20. * t).reshape(-1) for t in data[:, 0]])
    np.testing.assert_allclose(data[:, 1:], exact, rtol=0, atol=1e-11)


# ---------------------------------------------------------------------------------------------
# 7. pendulum under gravity
# ---------------------------------------------------------------------------------------------

PENDULUM_L = 0.8
PENDULUM_INERTIA = dict(density=500., sideLengths=[0.1, 0.04, 0.03])


def Pendulum(phi0, endTime, numberOfSteps, nodeType=EP, spectralRadius=1.):
    """A cuboid whose centre of mass hangs at distance L below a revolute joint about global z at the
    origin, released from rest at angle phi0; gravity [0, -g, 0] through CreateRigidBody.
    Newton is converged tightly: with spectralRadius 1 nothing damps the step-to-step alternation that
    the default tolerance (1e-8) leaves in the velocities of the index-3 system; it showed as an
    alternating energy error of 3e-6 (relative) at h = 1e-3, larger than the O(h^2) drift itself."""
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(**PENDULUM_INERTIA)
    position = PENDULUM_L * np.array([math.sin(phi0), -math.cos(phi0), 0.])
    oGround = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=position.tolist(),
                               referenceRotationMatrix=ut.RotationMatrixZ(phi0 - math.pi / 2),
                               gravity=[0., -G, 0.], nodeType=nodeType, returnDict=True)
    mbs.CreateRevoluteJoint(itemNumbers=[oGround, body['bodyNumber']], position=[0., 0., 0.], axis=[0., 0., 1.])
    n = body['nodeNumber']
    sensors = [NodeSensor(mbs, n, v) for v in (OVT.Position, OVT.Velocity, OVT.AngularVelocity)]
    sKinetic = mbs.AddSensor(SensorBody(bodyNumber=body['bodyNumber'], storeInternal=True, writeToFile=False,
                                        outputVariableType=OVT.KineticEnergy))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, numberOfSteps, spectralRadius, tightNewton=True))
    position, velocity, omega = [Stored(mbs, s) for s in sensors]
    m = inertia.Mass()
    jz = inertia.InertiaCOM()[2, 2]
    kinetic = 0.5 * m * np.sum(velocity[:, 1:] ** 2, axis=1) + 0.5 * jz * omega[:, 3] ** 2
    energy = m * G * position[:, 2] + kinetic
    return dict(t=position[:, 0], position=position[:, 1:], omega=omega[:, 1:], kinetic=kinetic, energy=energy,
                kineticOutput=Stored(mbs, sKinetic)[:, 1], m=m, iPivot=jz + m * PENDULUM_L ** 2)


@pytest.mark.parametrize('nodeType', [EP, RXYZ])
def test_pendulum_energyConservation(workDir, nodeType):
    phi0 = 1.   # large swing (57 degrees), so the motion is clearly nonlinear
    p = Pendulum(phi0, 2., 1000, nodeType)
    scale = p['m'] * G * PENDULUM_L
    drift = np.abs(p['energy'] - p['energy'][0]).max() / scale
    # measured: 7.76e-6 (Euler parameters), 7.75e-6 (Rxyz) relative to m g L with h = 2e-3
    assert drift < 1e-5, drift
    # it swings through the bottom: kinetic energy there is m g L (1 - cos phi0)
    assert p['kinetic'].max() == pytest.approx(scale * (1. - math.cos(phi0)), rel=1e-4)
    # the body's KineticEnergy output agrees with 1/2 m v^2 + 1/2 J_com omega^2
    np.testing.assert_allclose(p['kineticOutput'], p['kinetic'], rtol=1e-12, atol=1e-14 * scale)
    # the joint keeps the centre of mass on the circle of radius L in the plane z = 0
    assert np.abs(np.linalg.norm(p['position'], axis=1) - PENDULUM_L).max() < 1e-10
    assert np.abs(p['position'][:, 2]).max() < 1e-12
    assert np.abs(p['omega'][:, :2]).max() < 1e-10


def test_pendulum_energyDriftIsSecondOrder(workDir):
    drifts = []
    for n in (500, 1000, 2000):
        p = Pendulum(1., 2., n)
        drifts.append(np.abs(p['energy'] - p['energy'][0]).max())
    ratios = [drifts[0] / drifts[1], drifts[1] / drifts[2]]
    # measured: 3.1e-5, 7.8e-6, 1.9e-6 (relative) -> ratios 4.00, 4.00
    assert all(3.3 < q < 4.8 for q in ratios), (drifts, ratios)


def test_pendulum_smallAnglePeriod(workDir):
    phi0 = 0.05
    m = ut.InertiaCuboid(**PENDULUM_INERTIA).Mass()
    iPivot = ut.InertiaCuboid(**PENDULUM_INERTIA).InertiaCOM()[2, 2] + m * PENDULUM_L ** 2
    T0 = 2. * math.pi * math.sqrt(iPivot / (m * G * PENDULUM_L))
    # finite-amplitude series of the exact period: T = T0 (1 + phi0^2/16 + 11 phi0^4/3072 + ...)
    T = T0 * (1. + phi0 ** 2 / 16. + 11. * phi0 ** 4 / 3072.)
    p = Pendulum(phi0, 3. * T0, 3000)
    assert p['iPivot'] == pytest.approx(iPivot, rel=1e-14)
    t, x = p['t'], p['position'][:, 0]
    # downward zero crossings of x, linearly interpolated
    i = np.where((x[:-1] > 0.) & (x[1:] <= 0.))[0]
    crossings = t[i] + (t[i + 1] - t[i]) * x[i] / (x[i] - x[i + 1])
    periods = np.diff(crossings)
    assert len(periods) >= 2
    # measured: relative deviation 3.3e-6 from T (the generalized-alpha period error (omega h)^2/12)
    np.testing.assert_allclose(periods, T, rtol=2e-5)
    # and the small-angle formula itself within the amplitude correction (1.6e-4)
    np.testing.assert_allclose(periods, T0, rtol=3e-4)


@pytest.mark.parametrize("nodeType", [exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz])
def test_bodyOutputs_accelerationsOfASpunUpSphere(workDir, nodeType):
    """A free body with isotropic inertia J from rest under a constant global torque tau spins
    up about the fixed axis tau: alpha = tau / J (the equations of motion hold exactly at each
    step's end), omega = alpha t, phi = |alpha| t^2/2 (to the integrator's error: the rotation
    parameters are not quadratic in time); at a local point b the outputs follow
    a = alpha x r + omega x (omega x r), r = A b, with the body's own A and omega."""
    J, tau, T = 0.4, np.array([0.3, -0.2, 0.6]), 0.5
    mbs = NewSystem()
    body = mbs.CreateRigidBody(inertia=ut.RigidBodyInertia(mass=2., inertiaTensor=np.eye(3) * J),
                               referencePosition=[0.1, 0.2, 0.3], nodeType=nodeType)
    mbs.CreateTorque(itemNumber=body, loadVector=list(tau))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=T, numberOfSteps=200))
    alpha = tau / J
    A = np.asarray(mbs.GetObjectOutputBody(body, exu.OutputVariableType.RotationMatrix)).reshape(3, 3)
    axis, angle = alpha / np.linalg.norm(alpha), 0.5 * np.linalg.norm(alpha) * T**2
    np.testing.assert_allclose(A, ut.RotationVector2RotationMatrix(axis * angle), atol=1e-6)
    out = lambda ovt, b=(0., 0., 0.): np.asarray(mbs.GetObjectOutputBody(body, ovt, localPosition=list(b)))  # noqa: E731
    omega = out(exu.OutputVariableType.AngularVelocity)
    np.testing.assert_allclose(omega, alpha * T, rtol=1e-5)
    np.testing.assert_allclose(out(exu.OutputVariableType.AngularAcceleration), alpha, rtol=1e-8)
    np.testing.assert_allclose(out(exu.OutputVariableType.AngularAccelerationLocal), A.T @ alpha, rtol=1e-8, atol=1e-12)
    b = np.array([0.5, -0.3, 0.2])
    r = A @ b
    acceleration = np.cross(alpha, r) + np.cross(omega, np.cross(omega, r))
    np.testing.assert_allclose(out(exu.OutputVariableType.Acceleration, b), acceleration, rtol=1e-7, atol=1e-12)
    np.testing.assert_allclose(out(exu.OutputVariableType.AccelerationLocal, b), A.T @ acceleration, rtol=1e-7, atol=1e-12)
    np.testing.assert_allclose(out(exu.OutputVariableType.VelocityLocal, b), A.T @ np.cross(omega, r), rtol=1e-8, atol=1e-12)
