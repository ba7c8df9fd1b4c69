"""multidyn.centroidal: the single-rigid-body model against closed forms, its Jacobians against
central differences, and the bridge against free rigid bodies simulated by multidyn's solver.

Closed forms: standing still (forces sum to m g, no moment about the CoM) gives zero; a foot at
c + d with force f gives g_ang = -d x f and g_lin = -f + (0, 0, m g). Simulations: a free body
under gravity and two time-varying foot forces; with the solver's accelerations (sensors) the
violation is at the Newton tolerance, with accelerations differentiated from the stored data it
is O(h^2) (falls ~4x when h halves); a load the model is not told about appears in the
violation exactly (its force and its moment about the CoM).
"""
import math

import numpy as np
import pytest
import scipy.sparse

import multidyn as exu
from multidyn import centroidal
from multidyn.modelling import centroidal as _centroidalCode  # its private _TimeDerivative
from multidyn.itemInterface import (LoadForceVector, MarkerBodyPosition, MarkerBodyRigid, SensorBody, SensorLoad,
                                    SensorNode)

from conftest import NewSystem, ut

OVT = exu.OutputVariableType
G = 9.80665
HYQ_MASS = 83.
HYQ_INERTIA = [4.26, 8.97, 9.88, -0.0063, 0.193, 0.0126]   # Ixx, Iyy, Izz, Ixy, Ixz, Iyz


def Hyq(eeCount):
    return centroidal.SingleRigidBodyDynamics(HYQ_MASS, HYQ_INERTIA, eeCount)


# ---------------------------------------------------------------------------------------------
# closed forms
# ---------------------------------------------------------------------------------------------

def test_gravity_and_six_scalar_inertia_convention():
    model = Hyq(4)
    assert model.g() == 9.80665
    assert model.m() == HYQ_MASS
    assert model.GetEECount() == 4
    Ixx, Iyy, Izz, Ixy, Ixz, Iyz = HYQ_INERTIA
    np.testing.assert_array_equal(model.GetInertiaInBase(), [[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]])
    tensor = np.array([[1., 0.1, 0.], [0.1, 2., 0.], [0., 0., 3.]])
    np.testing.assert_array_equal(centroidal.SingleRigidBodyDynamics(1., tensor, 0).GetInertiaInBase(), tensor)


@pytest.mark.parametrize("yaw", [0., 0.7])
def test_standing_still_has_zero_violation(yaw):
    """Four feet symmetric about the CoM, each carrying m g / 4: zero force and moment residual,
    whatever the base's heading (the inertia does not enter when omega = omegaDot = 0)."""
    model = Hyq(4)
    com = np.array([0.2, -0.1, 0.58])
    weight = HYQ_MASS * G
    feet = [com + ut.RotationMatrixZ(yaw) @ [x, y, -0.58] for x in (0.31, -0.31) for y in (0.29, -0.29)]
    model.SetCurrent(com, [0, 0, 0], ut.RotationMatrixZ(yaw), [0, 0, 0], [0, 0, 0], [[0, 0, weight / 4]] * 4, feet)
    assert np.abs(model.GetDynamicViolation()).max() < 1e-12 * weight


def test_offset_foot_gives_the_moment_residual():
    model = Hyq(1)
    com = np.array([0.3, 0.4, 0.5])
    weight = HYQ_MASS * G
    model.SetCurrent(com, [0, 0, 0], np.eye(3), [0, 0, 0], [0, 0, 0], [[0, 0, weight]], [com + [0.1, 0, -0.5]])
    violation = model.GetDynamicViolation()
    # (p - c) x f = (0.1, 0, -0.5) x (0, 0, m g) = (0, -0.1 m g, 0); g_ang = -(that)
    np.testing.assert_allclose(violation, [0, 81.395195, 0, 0, 0, 0], atol=1e-9)


def test_random_feet_closed_form():
    """g_ang = -sum d_e x f_e, g_lin = -sum f_e + (0, 0, m g) with omega = omegaDot = cDDot = 0."""
    rng = np.random.default_rng(4)
    model = Hyq(3)
    com = rng.uniform(-1, 1, 3)
    offsets, forces = rng.uniform(-0.5, 0.5, (3, 3)), rng.uniform(-300, 300, (3, 3))
    model.SetCurrent(com, [0, 0, 0], ut.RotationMatrixX(0.3), [0, 0, 0], [0, 0, 0], list(forces), list(com + offsets))
    moment = sum(np.array([d[1] * f[2] - d[2] * f[1], d[2] * f[0] - d[0] * f[2], d[0] * f[1] - d[1] * f[0]])
                 for d, f in zip(offsets, forces))
    expected = np.concatenate([-moment, -forces.sum(axis=0) + [0, 0, HYQ_MASS * G]])
    np.testing.assert_allclose(model.GetDynamicViolation(), expected, rtol=0, atol=1e-11)


def test_gyroscopic_term_and_rotated_inertia():
    model = centroidal.SingleRigidBodyDynamics(1., np.diag([1., 2., 3.]), 0)
    model.SetCurrent([0, 0, 0], [0, 0, -G], np.eye(3), [1, 1, 0], [0, 0, 0], [], [])
    np.testing.assert_allclose(model.GetDynamicViolation(), [0, 0, 1, 0, 0, 0], atol=1e-14)   # omega x I omega
    model.SetCurrent([0, 0, 0], [0, 0, -G], ut.RotationMatrixZ(math.pi / 2), [0, 0, 0], [1, 0, 0], [], [])
    np.testing.assert_allclose(model.GetInertiaInWorld(), np.diag([2., 1., 3.]), atol=1e-15)
    np.testing.assert_allclose(model.GetDynamicViolation(), [2, 0, 0, 0, 0, 0], atol=1e-14)


def test_euler_converter_rotation_and_angular_velocity():
    """R = Rz(yaw) Ry(pitch) Rx(roll); omega_W from dR/dt R^T along e(t) = e0 + eDot t."""
    euler, eulerDot = np.array([0.3, -0.7, 1.9]), np.array([0.5, -1.2, 0.8])
    empty = np.zeros((3, 0))
    converter = centroidal.EulerConverter(euler, eulerDot, [0, 0, 0], empty, empty, empty)
    R = lambda e: ut.RotationMatrixZ(e[2]) @ ut.RotationMatrixY(e[1]) @ ut.RotationMatrixX(e[0])
    np.testing.assert_allclose(converter.GetRotationMatrixBaseToWorld(), R(euler), atol=1e-15)
    h = 1e-6
    skew = (R(euler + h * eulerDot) - R(euler - h * eulerDot)) / (2 * h) @ R(euler).T
    np.testing.assert_allclose(converter.GetAngularVelocityInWorld(), [skew[2, 1], skew[0, 2], skew[1, 0]], atol=1e-8)


# ---------------------------------------------------------------------------------------------
# Jacobians against central differences
# ---------------------------------------------------------------------------------------------

def RandomMap(rng, n, scale=1.):
    """A 3 x n variable map with about half of its entries zero."""
    return scipy.sparse.csr_matrix(rng.uniform(-scale, scale, (3, n)) * (rng.uniform(size=(3, n)) > 0.5))


def CentralDifference(function, n, h=1e-6):
    columns = []
    for j in range(n):
        step = np.zeros(n)
        step[j] = h
        columns.append((function(step) - function(-step)) / (2 * h))
    return np.array(columns).T


def AssertJacobian(analytic, numerical, what):
    assert scipy.sparse.issparse(analytic), what
    assert analytic.shape == numerical.shape, what
    scale = max(1., np.abs(numerical).max())
    error = np.abs(analytic.toarray() - numerical).max()
    assert error <= 1e-6 * scale, f"{what}: |analytic - central difference| = {error:.3g} (scale {scale:.3g})"


@pytest.mark.parametrize("seed", range(8))
def test_jacobians_match_central_differences(seed):
    rng = np.random.default_rng(seed)
    n, feet = 8, 3
    euler0, eulerDot0, eulerDDot0 = rng.uniform(-1.4, 1.4, 3), rng.uniform(-2, 2, 3), rng.uniform(-4, 4, 3)
    jE, jED, jEDD = RandomMap(rng, n), RandomMap(rng, n), RandomMap(rng, n)
    com0, comAcc0 = rng.uniform(-1, 1, 3), rng.uniform(-5, 5, 3)
    jPos, jAcc = RandomMap(rng, n), RandomMap(rng, n)
    forces0 = list(rng.uniform(-300, 300, (feet, 3)))
    positions0 = list(com0 + rng.uniform(-0.6, 0.6, (feet, 3)))
    jForce = [RandomMap(rng, n, 100.) for _ in range(feet)]
    jFoot = [RandomMap(rng, n) for _ in range(feet)]
    axes = ut.RotationMatrixZ(rng.uniform(0, 6)) @ ut.RotationMatrixX(rng.uniform(0, 6))
    inertia = axes @ np.diag(rng.uniform(2, 4, 3)) @ axes.T
    inertia = 0.5 * (inertia + inertia.T)
    t = 0.3

    def Converter(du):
        return centroidal.EulerConverter(euler0 + jE @ du, eulerDot0 + jED @ du, eulerDDot0 + jEDD @ du, jE, jED,
                                         jEDD, time=t)

    def Violation(duBase=np.zeros(n), duAngular=np.zeros(n), foot=None, duForce=np.zeros(n), duFoot=np.zeros(n)):
        converter = Converter(duAngular)
        forces, positions = [f.copy() for f in forces0], [p.copy() for p in positions0]
        if foot is not None:
            forces[foot] += jForce[foot] @ duForce
            positions[foot] += jFoot[foot] @ duFoot
        model = centroidal.SingleRigidBodyDynamics(29.5, inertia, feet)
        model.SetCurrent(com0 + jPos @ duBase, comAcc0 + jAcc @ duBase, converter.GetRotationMatrixBaseToWorld(t),
                         converter.GetAngularVelocityInWorld(t), converter.GetAngularAccelerationInWorld(t), forces,
                         positions)
        return model, model.GetDynamicViolation()

    model, _ = Violation()
    converter = Converter(np.zeros(n))
    AssertJacobian(model.GetJacobianWrtBaseLin(jPos, jAcc), CentralDifference(lambda du: Violation(duBase=du)[1], n),
                   "base linear")
    AssertJacobian(model.GetJacobianWrtBaseAng(converter, t),
                   CentralDifference(lambda du: Violation(duAngular=du)[1], n), "base angular")
    for e in range(feet):
        AssertJacobian(model.GetJacobianWrtForce(jForce[e], e),
                       CentralDifference(lambda du: Violation(foot=e, duForce=du)[1], n), f"force {e}")
        AssertJacobian(model.GetJacobianWrtEEPos(jFoot[e], e),
                       CentralDifference(lambda du: Violation(foot=e, duFoot=du)[1], n), f"foot position {e}")
    v = rng.uniform(-2, 2, 3)
    for name, analytic, value in [
            ("d omega/du", converter.GetDerivOfAngVelWrtEulerNodes(t), lambda c: c.GetAngularVelocityInWorld()),
            ("d omegaDot/du", converter.GetDerivOfAngAccWrtEulerNodes(t), lambda c: c.GetAngularAccelerationInWorld()),
            ("d(R v)/du", converter.DerivOfRotVecMult(v), lambda c: c.GetRotationMatrixBaseToWorld() @ v),
            ("d(R^T v)/du", converter.DerivOfRotVecMult(v, inverse=True),
             lambda c: c.GetRotationMatrixBaseToWorld().T @ v)]:
        AssertJacobian(analytic, CentralDifference(lambda du: value(Converter(du)), n), name)


def test_jacobians_are_sparse_6_by_n_and_accept_dense_maps():
    model = Hyq(2)
    model.SetCurrent([0, 0, 0.5], [0, 0, 0], np.eye(3), [0, 0, 0], [0, 0, 0], [[1, 2, 3], [4, 5, 6]],
                     [[0.1, 0, 0], [0, 0.1, 0]])
    onlyColumnTwo = np.zeros((3, 5))
    onlyColumnTwo[0, 2] = 1.
    jacobian = model.GetJacobianWrtForce(onlyColumnTwo, 1)
    assert isinstance(jacobian, scipy.sparse.csr_matrix) and jacobian.shape == (6, 5)
    assert set(jacobian.indices) == {2}
    byPosition = model.GetJacobianWrtEEPos(scipy.sparse.csc_matrix(onlyColumnTwo), 0)
    assert byPosition[3:, :].nnz == 0            # foot positions do not enter the linear rows


# ---------------------------------------------------------------------------------------------
# bad input: a ValueError / TypeError / IndexError naming the argument and what was expected
# ---------------------------------------------------------------------------------------------

def SetCurrentArguments(**changes):
    arguments = dict(com_W=[0, 0, 0.5], com_acc_W=[0, 0, 0], w_R_b=np.eye(3), omega_W=[0, 0, 0],
                     omega_dot_W=[0, 0, 0], force_W=[[0, 0, 1], [0, 0, 1]], pos_W=[[0, 0, 0], [0.1, 0, 0]])
    arguments.update(changes)
    return arguments


@pytest.mark.parametrize("changes, error, words", [
    (dict(force_W=[[0, 0, 1]]), ValueError, ["force_W", "expected 2 3-vectors"]),
    (dict(pos_W=[[0, 0, 0]] * 3), ValueError, ["pos_W", "expected 2 3-vectors"]),
    (dict(com_W=[0, math.nan, 0]), ValueError, ["com_W", "finite"]),
    (dict(omega_dot_W=[0, 0, math.inf]), ValueError, ["omega_dot_W", "finite"]),
    (dict(force_W=[[0, 0, 1], [0, math.nan, 1]]), ValueError, ["force_W[1]", "finite"]),
    (dict(w_R_b=1.1 * np.eye(3)), ValueError, ["w_R_b", "rotation matrix"]),
    (dict(w_R_b=np.diag([1., 1., -1.])), ValueError, ["w_R_b", "det"]),
    (dict(w_R_b=np.eye(2)), ValueError, ["w_R_b", "3 x 3"]),
    (dict(com_acc_W=[0, 0]), ValueError, ["com_acc_W", "shape (3,)"]),
    (dict(omega_W="fast"), TypeError, ["omega_W"]),
    (dict(pos_W=[[0, 0, 0], [0, 0]]), ValueError, ["pos_W[1]", "shape (3,)"]),
])
def test_set_current_rejects_bad_input(changes, error, words):
    model = Hyq(2)
    model.SetCurrent(**SetCurrentArguments())
    before = model.GetDynamicViolation()
    with pytest.raises(error) as info:
        model.SetCurrent(**SetCurrentArguments(**changes))
    for word in words + ["SetCurrent"]:
        assert word in str(info.value)
    np.testing.assert_array_equal(model.GetDynamicViolation(), before)   # the last good state is kept


def test_constructors_and_jacobians_reject_bad_input():
    with pytest.raises(ValueError, match="mass"):
        centroidal.SingleRigidBodyDynamics(-1., HYQ_INERTIA, 2)
    with pytest.raises(ValueError, match="eeCount"):
        centroidal.SingleRigidBodyDynamics(1., HYQ_INERTIA, -2)
    with pytest.raises(ValueError, match="inertia.*six scalars"):
        centroidal.SingleRigidBodyDynamics(1., [1, 2, 3], 2)
    with pytest.raises(ValueError, match="inertia.*symmetric"):
        centroidal.SingleRigidBodyDynamics(1., [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]], 2)
    model = Hyq(2)
    model.SetCurrent(**SetCurrentArguments())
    with pytest.raises(IndexError, match="ee: expected an end-effector index in \\[0, 2\\), got 2"):
        model.GetJacobianWrtForce(np.eye(3), 2)
    with pytest.raises(ValueError, match="ee_pos: expected a 3 x n Jacobian"):
        model.GetJacobianWrtEEPos(np.eye(2), 0)
    with pytest.raises(ValueError, match="jac_base_lin_acc: expected 4 columns"):
        model.GetJacobianWrtBaseLin(np.zeros((3, 4)), np.zeros((3, 5)))
    with pytest.raises(ValueError, match="ee_force.*finite"):
        model.GetJacobianWrtForce(np.full((3, 2), math.nan), 0)
    with pytest.raises(TypeError, match="base_angular"):
        model.GetJacobianWrtBaseAng("euler", 0.)
    with pytest.raises(ValueError, match="jacEulerDDot: expected 4 columns"):
        centroidal.EulerConverter([0, 0, 0], [0, 0, 0], [0, 0, 0], np.zeros((3, 4)), np.zeros((3, 4)),
                                  np.zeros((3, 5)))
    with pytest.raises(ValueError, match="eulerDot.*finite"):
        centroidal.EulerConverter([0, 0, 0], [0, math.nan, 0], [0, 0, 0], np.zeros((3, 1)), np.zeros((3, 1)),
                                  np.zeros((3, 1)))
    converter = centroidal.EulerConverter([0.1, 0, 0], [0, 0, 0], [0, 0, 0], np.zeros((3, 4)), np.zeros((3, 4)),
                                          np.zeros((3, 4)), time=0.5)
    with pytest.raises(ValueError, match="GetJacobianWrtBaseAng.*w_R_b given to SetCurrent"):
        model.GetJacobianWrtBaseAng(converter, 0.5)            # its orientation is not the current one
    with pytest.raises(ValueError, match="GetAngularVelocityInWorld: t: this EulerConverter holds time 0.5"):
        converter.GetAngularVelocityInWorld(0.6)


# ---------------------------------------------------------------------------------------------
# the bridge: free rigid bodies simulated by multidyn's solver
# ---------------------------------------------------------------------------------------------

FOOT_POINTS = [[0.15, 0.1, -0.05], [-0.15, -0.1, -0.05]]           # in body axes [m]
EXTRA_POINT, EXTRA_FORCE = np.array([0.1, -0.08, 0.05]), np.array([3., -2., 4.])


def FootForce(foot, t):
    """Known, time-varying foot forces in world axes [N]."""
    return [10. * math.sin(3. * t), 0., 30.] if foot == 0 else [0., 5. * math.cos(2. * t), 20. + 5. * t]


def SimulateFreeBody(nodeType, numberOfSteps, extraLoad=False, endTime=0.5, bodyFixedFoot=False):
    """A cuboid with a full inertia tensor (rotated principal axes), thrown and spinning, under
    gravity and the two foot forces (plus an optional extra force the model is not told about).
    bodyFixedFoot: foot 0's load is bodyFixed (its FootForce components are in body axes)."""
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[0.3, 0.2, 0.1]).Rotated(ut.RotationMatrixX(0.4))
    body = mbs.CreateRigidBody(inertia=inertia, nodeType=nodeType, referencePosition=[0, 0, 0.5],
                               initialVelocity=[0.2, 0, 1], initialAngularVelocity=[1., 2., 3.],
                               gravity=[0, 0, -G], returnDict=True)
    n, o = body['nodeNumber'], body['bodyNumber']
    sensor = lambda item: mbs.AddSensor(item)
    s = {}
    s['footForces'], s['footPositions'] = [], []
    for foot, point in enumerate(FOOT_POINTS):
        if bodyFixedFoot and foot == 0:   # a follower force needs a marker with axes; turned ones here
            marker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=o, localPosition=point,
                                                   localRotationMatrix=ut.RotationMatrixZ(0.5)))
        else:
            marker = mbs.AddMarker(MarkerBodyPosition(bodyNumber=o, localPosition=point))
        load = mbs.AddLoad(LoadForceVector(markerNumber=marker, bodyFixed=bodyFixedFoot and foot == 0,
                                           loadVectorUserFunction=lambda mbs, t, v, foot=foot: FootForce(foot, t)))
        s['footForces'].append(sensor(SensorLoad(loadNumber=load, storeInternal=True, writeToFile=False)))
        s['footPositions'].append(sensor(SensorBody(bodyNumber=o, localPosition=point, storeInternal=True,
                                                    writeToFile=False, outputVariableType=OVT.Position)))
    if extraLoad:
        marker = mbs.AddMarker(MarkerBodyPosition(bodyNumber=o, localPosition=list(EXTRA_POINT)))
        mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=list(EXTRA_FORCE)))
    for name, variable in [('position', OVT.Position), ('rotation', OVT.RotationMatrix),
                           ('omega', OVT.AngularVelocity), ('acceleration', OVT.Acceleration),
                           ('omegaDot', OVT.AngularAcceleration)]:
        s[name] = sensor(SensorNode(nodeNumber=n, storeInternal=True, writeToFile=False, outputVariableType=variable))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-14
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = endTime / numberOfSteps
    mbs.SolveDynamic(settings)
    model = centroidal.SingleRigidBodyDynamics(inertia.Mass(), inertia.Inertia(), len(FOOT_POINTS))
    return mbs, model, s


def Violation(mbs, model, s, sensorAccelerations=True, footPositionSensors=False):
    return centroidal.DynamicViolationAlongTrajectory(
        mbs, model, s['position'], s['rotation'], s['omega'], s['footForces'],
        footPositionSensors=s['footPositions'] if footPositionSensors else None,
        accelerationSensor=s['acceleration'] if sensorAccelerations else None,
        angularAccelerationSensor=s['omegaDot'] if sensorAccelerations else None)


@pytest.mark.parametrize("nodeType", [exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz])
def test_simulated_free_body_is_consistent_with_its_forces(workDir, nodeType):
    mbs, model, s = SimulateFreeBody(nodeType, 200)
    weight = model.m() * G
    violation = Violation(mbs, model, s)
    assert violation.shape == (201, 7)
    np.testing.assert_allclose(violation[:, 0], np.linspace(0, 0.5, 201), atol=1e-12)
    # the solver's accelerations satisfy its equations of motion to the Newton tolerance;
    # measured: 1e-12 of m g
    assert np.abs(violation[:, 1:]).max() < 1e-9 * weight
    # foot points from Position sensors instead of the loads' markers: the same values
    np.testing.assert_allclose(Violation(mbs, model, s, footPositionSensors=True), violation, rtol=0,
                               atol=1e-12 * weight)


def test_body_fixed_foot_load_is_turned_into_world_axes(workDir):
    """A follower force on the base (bodyFixed=True, at a marker with turned axes): the bridge turns
    its stored marker-axes vector with the marker's and the base's rotations; the motion is then
    consistent to the Newton tolerance."""
    mbs, model, s = SimulateFreeBody(exu.NodeType.RotationEulerParameters, 100, bodyFixedFoot=True)
    violation = Violation(mbs, model, s)
    assert np.abs(violation[:, 1:]).max() < 1e-9 * model.m() * G
    rotation = mbs.GetSensorStoredData(s['rotation'])[:, 1:].reshape(-1, 3, 3)
    assert np.abs(rotation - np.eye(3)).max() > 0.5      # the base turned a lot: a missing rotation would show


def test_time_derivative_of_stored_data_is_exact_for_low_degree_polynomials():
    """3-point stencils inside and 3/4-point one-sided stencils at the ends are exact for
    quadratics (first derivative) and cubics at the ends (second derivative), on uneven steps."""
    time = np.cumsum(np.r_[0., np.random.default_rng(1).uniform(0.5, 1.5, 12)]) * 0.01
    quadratic = np.stack([2. - 3. * time + 5. * time ** 2, -time ** 2], axis=1)
    np.testing.assert_allclose(_centroidalCode._TimeDerivative(quadratic, time, 1),
                               np.stack([-3. + 10. * time, -2. * time], axis=1), rtol=0, atol=1e-9)
    np.testing.assert_allclose(_centroidalCode._TimeDerivative(quadratic, time, 2),
                               np.tile([10., -2.], (len(time), 1)), rtol=0, atol=1e-6)


def test_differentiated_accelerations_converge_at_second_order(workDir):
    """Accelerations from the stored data: the violation is the differentiation (and integration)
    error, O(h^2) in the angular rows. Measured (h = 2.5e-3 -> 1.25e-3): max |g_ang| 3.6e-3 -> 9.1e-4 N*m."""
    maxima = []
    for steps in (200, 400):
        mbs, model, s = SimulateFreeBody(exu.NodeType.RotationEulerParameters, steps)
        violation = Violation(mbs, model, s, sensorAccelerations=False)
        maxima.append(np.abs(violation[:, 1:4]).max())
        assert np.abs(violation[:, 1:]).max() < 1e-3 * model.m() * G
    assert 3.5 < maxima[0] / maxima[1] < 4.5


def test_a_missing_force_appears_as_the_violation(workDir):
    """The body also carries EXTRA_FORCE at EXTRA_POINT, which the model is not told about: the
    violation is exactly that force and its moment (R r) x f about the CoM."""
    mbs, model, s = SimulateFreeBody(exu.NodeType.RotationEulerParameters, 100, extraLoad=True)
    violation = Violation(mbs, model, s)
    rotation = mbs.GetSensorStoredData(s['rotation'])[:, 1:].reshape(-1, 3, 3)
    moment = np.cross(rotation @ EXTRA_POINT, EXTRA_FORCE)
    np.testing.assert_allclose(violation[:, 4:], np.tile(EXTRA_FORCE, (len(violation), 1)), rtol=0, atol=1e-9)
    np.testing.assert_allclose(violation[:, 1:4], moment, rtol=0, atol=1e-9)
    assert np.abs(moment).max() > 0.3     # the moment is far above the tolerance


def test_bridge_rejects_bad_arguments(workDir):
    mbs, model, s = SimulateFreeBody(exu.NodeType.RotationEulerParameters, 10)
    bridge = centroidal.DynamicViolationAlongTrajectory
    with pytest.raises(ValueError, match="footForceSensors: expected 2 sensors"):
        bridge(mbs, model, s['position'], s['rotation'], s['omega'], s['footForces'][:1])
    with pytest.raises(ValueError, match="rotationMatrixSensor: expected a SensorNode or SensorBody reading "
                                         "RotationMatrix"):
        bridge(mbs, model, s['position'], s['omega'], s['omega'], s['footForces'])
    with pytest.raises(ValueError, match="footPositionSensors\\[0\\]: expected a sensor reading Position"):
        bridge(mbs, model, s['position'], s['rotation'], s['omega'], s['footForces'],
               footPositionSensors=[s['omega'], s['footPositions'][1]])
    with pytest.raises(ValueError, match="footForceSensors\\[1\\]: expected a SensorLoad or a sensor reading Force"):
        bridge(mbs, model, s['position'], s['rotation'], s['omega'], [s['footForces'][0], s['omega']])
    with pytest.raises(IndexError, match="angularVelocitySensor: sensor number 99 does not exist"):
        bridge(mbs, model, s['position'], s['rotation'], 99, s['footForces'])
    with pytest.raises(TypeError, match="model: expected a multidyn.centroidal.SingleRigidBodyDynamics"):
        bridge(mbs, "robot", s['position'], s['rotation'], s['omega'], s['footForces'])
    with pytest.raises(ValueError, match="accelerationSensor: sensor .* expected the base .* at the CoM"):
        bridge(mbs, model, s['position'], s['rotation'], s['omega'], s['footForces'],
               accelerationSensor=mbs.AddSensor(SensorBody(bodyNumber=0, localPosition=[0.1, 0, 0],
                                                           storeInternal=True, outputVariableType=OVT.Acceleration)))
