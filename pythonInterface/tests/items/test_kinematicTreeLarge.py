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


def AddPlanarChain(mbs, n, length=1., mass=1., q0=None):
    """n links of length `length`, mass `mass` (a thin rod, COM at the middle), revolute z joints."""
    rodInertia = np.diag([1e-4, mass * length ** 2 / 12., mass * length ** 2 / 12.])
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=list(q0) if q0 is not None else [0.] * n,
                                       initialCoordinates_t=[0.] * n))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ] * n, linkParents=list(range(-1, n - 1)),
        jointTransformations=[np.eye(3)] * n, jointOffsets=[[0., 0., 0.]] + [[length, 0., 0.]] * (n - 1),
        linkInertiasCOM=[rodInertia] * n, linkCOMs=[[0.5 * length, 0., 0.]] * n, linkMasses=[mass] * n,
        gravity=[0., -G, 0.]))
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
