"""ObjectKinematicTree beyond the 64 coordinates of item kernels, evaluated by its own O(n)
algorithms (Newton-Euler, composite rigid bodies, articulated bodies, analytic derivatives of
Newton-Euler): a 1000-link chain conserves energy computed by independent planar kinematics,
explicit and implicit solvers agree, several trees in one system move as each alone, a large
branching tree with every joint type conserves energy, a singular mass matrix is reported
naming the joint, and link sensors on a 70-link chain agree with independent planar kinematics."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import NodeGenericODE2, ObjectKinematicTree, ObjectMassPoint, NodePoint, SensorBody

from conftest import NewSystem, Settings, ut

OVT = exu.OutputVariableType
JT = exu.JointType
G = 9.81


def AddPlanarChain(mbs, n, length=1., mass=1., q0=None, **treeParameters):
    """n links of length `length`, mass `mass` (a thin rod, COM at the middle), revolute z joints; treeParameters
    replace or add ObjectKinematicTree's."""
    rodInertia = np.diag([1e-4, mass * length ** 2 / 12., mass * length ** 2 / 12.])
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=list(q0) if q0 is not None else [0.] * n,
                                       initialCoordinates_t=[0.] * n))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ] * n, linkParents=list(range(-1, n - 1)),
        jointTransformations=[np.eye(3)] * n, jointOffsets=[[0., 0., 0.]] + [[length, 0., 0.]] * (n - 1),
        linkInertiasCOM=[rodInertia] * n, linkCOMs=[[0.5 * length, 0., 0.]] * n, linkMasses=[mass] * n,
        **{'gravity': [0., -G, 0.], **treeParameters}))
    return node, tree


def PlanarChainEnergy(q, q_t, length=1., mass=1.):
    """Kinetic and potential energy of the planar chain from its absolute angles, independently of
    the tree's algorithms: COM_i = sum_{k<i} L e(theta_k) + L/2 e(theta_i)."""
    theta, omega = np.cumsum(q), np.cumsum(q_t)
    e = np.stack([np.cos(theta), np.sin(theta)], axis=1)
    d = np.stack([-np.sin(theta), np.cos(theta)], axis=1) * omega[:, None]  # d e/dt
    joints = length * np.vstack([[0., 0.], np.cumsum(e, axis=0)[:-1]])
    jointVelocities = length * np.vstack([[0., 0.], np.cumsum(d, axis=0)[:-1]])
    com, comVelocity = joints + 0.5 * length * e, jointVelocities + 0.5 * length * d
    inertia = mass * length ** 2 / 12.
    T = 0.5 * mass * (comVelocity ** 2).sum() + 0.5 * inertia * (omega ** 2).sum()
    V = mass * G * com[:, 1].sum()
    return T, V


def test_thousand_link_chain_assembles_runs_and_conserves_energy(workDir):
    n = 1000
    mbs = NewSystem()
    rng = np.random.default_rng(1)
    q0 = 0.05 * rng.standard_normal(n)
    node, tree = AddPlanarChain(mbs, n, q0=q0)
    mbs.Assemble()
    T0, V0 = PlanarChainEnergy(q0, np.zeros(n))
    mbs.SolveDynamic(Settings(0.005, 10), solverType=exu.DynamicSolverType.RK44)
    q = mbs.GetNodeOutput(node, OVT.Coordinates)
    q_t = mbs.GetNodeOutput(node, OVT.Coordinates_t)
    T, V = PlanarChainEnergy(q, q_t)
    assert T > 1.  # it falls (1.2 J after 5 ms)
    assert abs(T + V - (T0 + V0)) < 1e-6 * T
    # the tree's own kinetic energy output (composite rigid bodies) agrees with the independent one
    assert abs(mbs.GetObjectOutput(tree, OVT.KineticEnergy) - T) < 1e-9 * T
    # generalized-alpha (Newton matrix from the analytic derivatives) agrees within its O(h^2) error
    settings = Settings(0.005, 10)
    settings.linearSolver.solverType = exu.LinearSolverType.EigenDense
    mbs.SolveDynamic(settings)
    q_ga = mbs.GetNodeOutput(node, OVT.Coordinates)
    assert np.abs(q_ga - q).max() < 1e-3 * np.abs(q - q0).max()


def test_large_branching_tree_with_every_joint_type_conserves_energy(workDir):
    n = 120
    rng = np.random.default_rng(7)
    types = [JT.RevoluteX, JT.RevoluteY, JT.RevoluteZ, JT.PrismaticX, JT.PrismaticY, JT.PrismaticZ]
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=[0.] * n, initialCoordinates_t=list(rng.uniform(-1, 1, n))))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[types[i % 6] for i in range(n)],
        linkParents=[-1] + [int(rng.integers(max(0, i - 4), i)) for i in range(1, n)],
        jointTransformations=[ut.RotXYZ2RotationMatrix(rng.uniform(-1, 1, 3)) for i in range(n)],
        jointOffsets=[list(rng.uniform(-0.3, 0.3, 3)) for i in range(n)],
        linkInertiasCOM=[np.diag(rng.uniform(0.01, 0.05, 3)) for i in range(n)],
        linkCOMs=[list(rng.uniform(-0.1, 0.1, 3)) for i in range(n)], linkMasses=list(rng.uniform(0.5, 1.5, n))))
    kinetic = mbs.AddSensor(SensorBody(bodyNumber=tree, outputVariableType=OVT.KineticEnergy, storeInternal=True,
                                       writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.2, 400), solverType=exu.DynamicSolverType.RK44)
    T = mbs.GetSensorStoredData(kinetic)[:, 1]
    # no gravity, no damping: the kinetic energy is the total; the prismatic joints exchange it
    # with the rotations, which a wrong Coriolis term would not conserve
    assert np.abs(T - T[0]).max() < 1e-6 * T[0]


def ChainMotion(trees, solverType):
    """Final coordinates of each of the given chains (lengths), all in one system."""
    mbs = NewSystem()
    nodes = [AddPlanarChain(mbs, n, length=0.5 + 0.1 * k, q0=0.1 * np.ones(n))[0] for k, n in enumerate(trees)]
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.05, 50, tightNewton=True), solverType=solverType)
    return [mbs.GetNodeOutput(node, OVT.Coordinates) for node in nodes]


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.RK44, exu.DynamicSolverType.GeneralizedAlpha])
def test_several_trees_in_one_system_move_as_each_alone(workDir, solverType):
    together = ChainMotion([70, 3], solverType)
    alone = [ChainMotion([70], solverType)[0], ChainMotion([70, 3], solverType)[1]]
    for a, b in zip(together, alone):
        # RK44: the same arithmetic; generalized-alpha: Newton stops where the error of both meets the tolerance
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-12 if solverType == exu.DynamicSolverType.RK44 else 1e-9)


def test_tree_beside_other_bodies_uses_the_system_mass_matrix(workDir):
    # a mass point besides the tree: the explicit solver factorizes the system's M (the tree's block
    # from composite rigid bodies) instead of the trees' own solve; the same motion
    def Motion(withPoint):
        mbs = NewSystem()
        node, tree = AddPlanarChain(mbs, 8, q0=0.2 * np.ones(8))
        if withPoint:
            point = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[1., 0., 0.]))
            mbs.AddObject(ObjectMassPoint(nodeNumber=point, physicsMass=2.))
        mbs.Assemble()
        mbs.SolveDynamic(Settings(0.1, 100), solverType=exu.DynamicSolverType.RK44)
        return mbs.GetNodeOutput(node, OVT.Coordinates)
    np.testing.assert_allclose(Motion(True), Motion(False), rtol=0, atol=1e-12)


def test_singular_mass_matrix_names_the_joint(workDir):
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0.] * 2,
                                       initialCoordinates=[0.] * 2, initialCoordinates_t=[0.] * 2))
    mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ, JT.RevoluteZ], linkParents=[-1, 0],
        jointTransformations=[np.eye(3)] * 2, jointOffsets=[[0., 0., 0.], [1., 0., 0.]],
        linkInertiasCOM=[np.diag([0.1, 0.1, 0.1]), np.zeros((3, 3))], linkCOMs=[[0.5, 0., 0.]] * 2,
        linkMasses=[1., 0.], gravity=[0., -G, 0.]))
    mbs.Assemble()
    with pytest.raises(Exception, match="joint 1"):
        mbs.SolveDynamic(Settings(0.01, 10), solverType=exu.DynamicSolverType.RK44)


def test_sensors_on_a_tree_beyond_the_kernel_size(workDir):
    """SensorKinematicTree on the last link of a 70-link chain (beyond the 64 coordinates of item kernels): the
    position and velocity of its tip against independent planar kinematics of the chain's coordinates"""
    from multidyn.itemInterface import SensorKinematicTree
    n = 70
    mbs = NewSystem()
    rng = np.random.default_rng(2)
    node, tree = AddPlanarChain(mbs, n, q0=0.05 * rng.standard_normal(n))
    sensors = {variable: mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=n - 1, localPosition=[1., 0., 0.],
                                                           outputVariableType=variable, storeInternal=True))
               for variable in (OVT.Position, OVT.Velocity)}
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.02, 20), solverType=exu.DynamicSolverType.RK44)
    q, q_t = mbs.GetNodeOutput(node, OVT.Coordinates), mbs.GetNodeOutput(node, OVT.Coordinates_t)
    theta, omega = np.cumsum(q), np.cumsum(q_t)
    tip = np.array([np.cos(theta).sum(), np.sin(theta).sum(), 0.])
    tipVelocity = np.array([-(np.sin(theta) * omega).sum(), (np.cos(theta) * omega).sum(), 0.])
    assert np.linalg.norm(tipVelocity) > 0.1  # the chain falls
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.Position]), tip, atol=1e-12)
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.Velocity]), tipVelocity, atol=1e-10)


def PlanarPointOfLink(q, q_t, link, localPosition, length=1.):
    """position and velocity of the point localPosition (link axes) of link `link` of the planar chain, from the
    absolute angles (independent of the tree's algorithms)"""
    theta, omega = np.cumsum(q)[:link + 1], np.cumsum(q_t)[:link + 1]
    joints = length * np.vstack([[0., 0.], np.cumsum(np.stack([np.cos(theta), np.sin(theta)], axis=1), axis=0)[:-1]])
    c, s = np.cos(theta[-1]), np.sin(theta[-1])
    point = joints[-1] + [c * localPosition[0] - s * localPosition[1], s * localPosition[0] + c * localPosition[1]]
    # v = sum over the joints j <= link of q_t_j e_z x (point - joint_j)
    arms = point - joints
    velocity = np.array([-(q_t[:link + 1] * arms[:, 1]).sum(), (q_t[:link + 1] * arms[:, 0]).sum()])
    return np.array([*point, 0.]), np.array([*velocity, 0.]), omega[-1]


def test_marker_sensor_on_link_900_of_a_thousand_link_chain(workDir):
    """MarkerKinematicTreeRigid on link 900 of a 1000-link chain (beyond the 64 coordinates of item kernels): a
    SensorMarker's position, velocity and angular velocity after a few steps against planar kinematics of the
    chain's coordinates, and a load on that marker (its generalized force J^T f) changes the motion"""
    from multidyn.itemInterface import MarkerKinematicTreeRigid, SensorMarker, LoadForceVector
    n, link, localPosition = 1000, 900, [0.3, 0.2, 0.]
    rng = np.random.default_rng(3)
    q0 = 0.02 * rng.standard_normal(n)
    mbs = NewSystem()
    node, tree = AddPlanarChain(mbs, n, q0=q0)
    marker = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=link, localPosition=localPosition))
    sensors = {variable: mbs.AddSensor(SensorMarker(markerNumber=marker, outputVariableType=variable,
                                                    storeInternal=True))
               for variable in (OVT.Position, OVT.Velocity, OVT.AngularVelocity)}
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.004, 8), solverType=exu.DynamicSolverType.RK44)
    q, q_t = mbs.GetNodeOutput(node, OVT.Coordinates), mbs.GetNodeOutput(node, OVT.Coordinates_t)
    position, velocity, omega = PlanarPointOfLink(q, q_t, link, localPosition)
    assert np.linalg.norm(velocity) > 0.03  # the chain falls (g t = 0.039 m/s)
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.Position]), position, rtol=0, atol=1e-10)
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.Velocity]), velocity, rtol=0, atol=1e-10)
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.AngularVelocity]), [0., 0., omega], rtol=0, atol=1e-12)
    # the same with a load on the marker: the motion differs, and the sensor still follows the coordinates
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0., 500., 0.]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.004, 8), solverType=exu.DynamicSolverType.RK44)
    qLoaded = mbs.GetNodeOutput(node, OVT.Coordinates)
    assert np.abs(qLoaded - q).max() > 1e-6
    position, _, _ = PlanarPointOfLink(qLoaded, mbs.GetNodeOutput(node, OVT.Coordinates_t), link, localPosition)
    assert np.allclose(mbs.GetSensorValues(sensors[OVT.Position]), position, rtol=0, atol=1e-10)


def test_static_load_on_link_900_of_a_thousand_link_chain(workDir):
    """A force F on a point of link 900 of a 1000-link chain held by joint springs k (no gravity), solved
    statically: every joint j <= 900 carries k q_j = ((p - o_j) x F)_z at the deformed configuration (checked
    with planar kinematics of the solution), which for this small load is the closed form
    q_j = F_y (x_p - x_j) / k of the straight chain; the joints beyond the link carry nothing."""
    from multidyn.itemInterface import MarkerKinematicTreeRigid, LoadForceVector
    n, link, localPosition, k, force = 1000, 900, [0.5, 0., 0.], 1e6, 1e-3
    mbs = NewSystem()
    node, tree = AddPlanarChain(mbs, n, gravity=[0., 0., 0.], jointPControlVector=[k] * n,
                                jointPositionOffsetVector=[0.] * n)
    marker = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=link, localPosition=localPosition))
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0., force, 0.]))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.linearSolver.solverType = exu.LinearSolverType.EigenDense
    settings.staticSolver.computeLoadsJacobian = False  # the loads' Jacobian is differentiated on <= 64 coordinates
    settings.staticSolver.newton.relativeTolerance = 1e-12
    mbs.SolveStatic(settings)
    q = mbs.GetNodeOutput(node, OVT.Coordinates)
    theta = np.cumsum(q)
    joints = np.vstack([[0., 0.], np.cumsum(np.stack([np.cos(theta), np.sin(theta)], axis=1), axis=0)[:-1]])
    point = joints[link] + 0.5 * np.array([np.cos(theta[link]), np.sin(theta[link])])
    torques = (point[0] - joints[:link + 1, 0]) * force  # ((p - o_j) x F)_z with F along y
    assert np.abs(k * q[:link + 1] - torques).max() < 1e-9 * np.abs(torques).max()
    assert np.abs(q[link + 1:]).max() < 1e-15
    closedForm = force * (link + 0.5 - np.arange(link + 1)) / k
    assert np.abs(q[:link + 1] - closedForm).max() < 1e-5 * closedForm.max()


def test_loads_jacobian_on_a_large_tree_is_refused_by_name(workDir):
    from multidyn.itemInterface import MarkerKinematicTreeRigid, LoadForceVector
    mbs = NewSystem()
    node, tree = AddPlanarChain(mbs, 70)
    marker = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=60))
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0., 1., 0.]))
    mbs.Assemble()
    settings = Settings(0.01, 10)
    settings.timeIntegration.computeLoadsJacobian = 1
    with pytest.raises(Exception, match="computeLoadsJacobian"):
        mbs.SolveDynamic(settings)
