"""The outputs users read from ObjectKinematicTree's algorithms (joint torques of a given motion, the
mass matrix, the Jacobian of a link point, forward dynamics, the derivatives of the torques), through
multidyn.robotics.Robot and multidyn.kinematicTree.KinematicTree33, against independent formulations:
the closed forms of a planar two-link arm; for spatial trees with every joint type, the mass matrix
as the sum of the links' Jacobians (central differences of Robot.LinkHT/COMHT, numpy), the
Coriolis terms as Christoffel symbols of that matrix, gravity as the gradient of the potential;
rigid bodies with joints driven by the computed torques follow the motion; and bad input."""
import numpy as np
import pytest

import multidyn as exu
from multidyn import rigidBodyUtilities as rbu
from multidyn.itemInterface import ObjectGround
from multidyn.kinematicTree import KinematicTree33, KinematicTreeOfObject
from multidyn.robotics import Robot

from conftest import NewSystem, Settings
from test_robotKinematics import C1, C2, G, L1, L2, M1, M2, PlanarArm, SpatialTree
from test_robotModels import GroundMarker, SpatialRobot

IZZ = 0.03  # the arm links' inertia about the z axis through their COM [kg m^2]
STATES = [(np.array([0.4, -1.1]), np.array([0.7, -0.3]), np.array([1.2, 0.5])),
          (np.array([-2.5, 2.9]), np.array([-1.5, 2.0]), np.array([0., -3.]))]


def ArmClosedForms(q, q_t, q_tt):
    """M, Coriolis/centrifugal and gravity torques of the planar two-link arm (gravity -G along y)"""
    c2, s2 = np.cos(q[1]), np.sin(q[1])
    M12 = M2 * (C2**2 + L1 * C2 * c2) + IZZ
    M = np.array([[M1 * C1**2 + M2 * (L1**2 + C2**2 + 2 * L1 * C2 * c2) + 2 * IZZ, M12], [M12, M2 * C2**2 + IZZ]])
    h = M2 * L1 * C2 * s2
    coriolis = np.array([-h * (2 * q_t[0] * q_t[1] + q_t[1]**2), h * q_t[0]**2])
    gravity = G * np.array([(M1 * C1 + M2 * L1) * np.cos(q[0]) + M2 * C2 * np.cos(q.sum()), M2 * C2 * np.cos(q.sum())])
    return M, coriolis, gravity


def test_twoLinkArmTorquesMassMatrixAndJacobianAreTheClosedForms():
    base = rbu.HT(np.eye(3), [0.5, -0.2, 0.1])  # a shifted base changes nothing
    robot = PlanarArm(base)
    for q, q_t, q_tt in STATES:
        M, coriolis, gravity = ArmClosedForms(q, q_t, q_tt)
        tau = M @ q_tt + coriolis + gravity
        assert np.allclose(robot.MassMatrix(q), M, rtol=1e-14, atol=1e-14)
        assert np.allclose(robot.InverseDynamics(q, q_t, q_tt), tau, rtol=1e-13, atol=1e-13)
        assert np.allclose(robot.ForwardDynamics(q, q_t, tau), q_tt, rtol=1e-12, atol=1e-12)
        assert np.allclose(robot.StaticTorques(robot.JointHT(q)), -gravity, rtol=1e-13, atol=1e-13)
        s1, c1, s12, c12 = np.sin(q[0]), np.cos(q[0]), np.sin(q.sum()), np.cos(q.sum())
        tipJacobian = np.array([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12], [0, 0],
                                [0, 0], [0, 0], [1, 1]])
        assert np.allclose(robot.Jacobian(robot.JointHT(q)), tipJacobian, rtol=1e-14, atol=1e-14)
        # the same arm as Exudyn's KinematicTree33: inertias about the joint points
        tree = KinematicTree33(['Rz', 'Rz'], [np.eye(3)] * 2, [[0, 0, 0], [L1, 0, 0]],
                               [np.diag([0.01, 0.02 + m * c**2, IZZ + m * c**2]) for m, c in ((M1, C1), (M2, C2))],
                               [[C1, 0, 0], [C2, 0, 0]], [M1, M2], gravity=[0, -G, 0])
        M33, f33 = tree.ComputeMassMatrixAndForceTerms(q, q_t)
        assert np.allclose(M33, M, rtol=1e-14, atol=1e-14) and np.allclose(f33, coriolis + gravity, rtol=1e-13)
        assert np.allclose(tree.ForwardDynamicsCRB(q, q_t, tau), q_tt, rtol=1e-12)
        assert np.allclose(tree.InverseDynamics(q, q_t, q_tt), tau, rtol=1e-13)
        assert np.allclose(tree.Jacobian(q, 1, [L2, 0, 0]), tipJacobian, atol=1e-14)
        assert np.allclose(tree.LinkHT(q)[1][0:3, 3], [L1 * c1, L1 * s1, 0], atol=1e-15)


def test_aRobotChangedInPlaceCopiedOrPickledComputesItsOwnDynamics():
    import copy
    import pickle
    robot = PlanarArm()
    q = np.array([0.4, -1.1])
    M = robot.MassMatrix(q)
    for other in (copy.deepcopy(robot), pickle.loads(pickle.dumps(robot))):
        assert np.array_equal(other.MassMatrix(q), M)
    robot.links[1].mass += 1.  # the compiled tree follows the change
    assert np.isclose(robot.MassMatrix(q)[1, 1] - M[1, 1], C2**2, rtol=1e-13)


def FiniteDifferenceJacobians(robot, q, h=1e-6):
    """per link: the COM's translational Jacobian (3 x n) and the angular velocity Jacobian (3 x n, global) by
    central differences of Robot.COMHT (numpy kinematics, independent of the tree's algorithms)"""
    n = len(q)
    frames = robot.COMHT(robot.JointHT(q))
    Jv = [np.zeros((3, n)) for _ in range(n)]
    Jw = [np.zeros((3, n)) for _ in range(n)]
    for j in range(n):
        dq = np.zeros(n)
        dq[j] = h
        plus, minus = robot.COMHT(robot.JointHT(q + dq)), robot.COMHT(robot.JointHT(q - dq))
        for i in range(n):
            Jv[i][:, j] = (plus[i][0:3, 3] - minus[i][0:3, 3]) / (2 * h)
            W = (plus[i][0:3, 0:3] - minus[i][0:3, 0:3]) / (2 * h) @ frames[i][0:3, 0:3].T  # skew(omega)
            Jw[i][:, j] = [W[2, 1], W[0, 2], W[1, 0]]
    return frames, Jv, Jw


def IndependentMassMatrix(robot, q):
    """M = sum_i m_i Jv_i^T Jv_i + Jw_i^T (R_i J_i R_i^T) Jw_i"""
    frames, Jv, Jw = FiniteDifferenceJacobians(robot, q)
    M = np.zeros((len(q), len(q)))
    for link, frame, v, w in zip(robot.links, frames, Jv, Jw):
        R = frame[0:3, 0:3]
        M += link.mass * v.T @ v + w.T @ (R @ np.array(link.inertia) @ R.T) @ w
    return M


def Potential(robot, q):
    return -sum(link.mass * robot.gravity @ frame[0:3, 3] for link, frame in zip(robot.links, robot.COMHT(robot.JointHT(q))))


@pytest.mark.parametrize('makeRobot', [SpatialTree, lambda: SpatialRobot(drives=False)], ids=['tree4', 'robot5'])
def test_spatialTreesAgainstJacobiansChristoffelSymbolsAndThePotential(makeRobot):
    robot = makeRobot()
    n = robot.NumberOfLinks()
    rng = np.random.default_rng(3)
    for _ in range(2):
        q, q_t, q_tt = rng.uniform(-1, 1, n), rng.uniform(-4, 4, n), rng.uniform(-3, 3, n)
        M = robot.MassMatrix(q)
        assert np.allclose(M, IndependentMassMatrix(robot, q), rtol=1e-7, atol=1e-8)
        assert np.allclose(M, M.T, rtol=0, atol=1e-14) and np.all(np.linalg.eigvalsh(M) > 0)
        # tau(q, q_t, q_tt) = M q_tt + c(q, q_t) + g(q); c from the Christoffel symbols of M (composite rigid
        # bodies, just checked; Newton-Euler computes tau), g = dV/dq
        h = 1e-5
        dM = [(robot.MassMatrix(q + h * e) - robot.MassMatrix(q - h * e)) / (2 * h) for e in np.eye(n)]  # dM/dq_i
        coriolis = np.array([sum((dM[i][k, j] - 0.5 * dM[k][i, j]) * q_t[i] * q_t[j] for i in range(n) for j in range(n))
                             for k in range(n)])
        gravity = np.array([(Potential(robot, q + h * e) - Potential(robot, q - h * e)) / (2 * h) for e in np.eye(n)])
        tau = robot.InverseDynamics(q, q_t, q_tt)
        assert np.allclose(tau, M @ q_tt + coriolis + gravity, rtol=1e-5, atol=1e-5)
        assert np.allclose(robot.InverseDynamics(q, q_t, np.zeros(n)), coriolis + gravity, rtol=1e-5, atol=1e-5)
        assert np.linalg.norm(coriolis) > 0.02 and np.linalg.norm(gravity) > 1.  # both terms matter
        assert np.allclose(robot.ForwardDynamics(q, q_t, tau), q_tt, rtol=1e-10, atol=1e-10)
        # the Jacobian of a point of every link against central differences of LinkHT
        point = np.array([0.05, -0.1, 0.15])
        for k in range(n):
            def Point(x):
                return (robot.LinkHT(x)[k] @ np.hstack((point, 1.)))[0:3]
            numerical = np.column_stack([(Point(q + h * e) - Point(q - h * e)) / (2 * h) for e in np.eye(n)])
            J = robot.Jacobian(robot.JointHT(q), toolPosition=Point(q), linkIndex=k)
            assert np.allclose(J[0:3], numerical, atol=1e-8)


def test_derivativesOfTheTorquesAreCentralDifferences():
    robot = SpatialRobot(drives=False)
    from multidyn.modelling.robotics.kinematicTreeModel import TreeParameters
    parameters = TreeParameters(robot, 'test')
    # the robot as Exudyn's KinematicTree33 (inertias about the joint points)
    inertias = [np.array(J) + m * (np.dot(c, c) * np.eye(3) - np.outer(c, c))
                for J, c, m in zip(parameters['linkInertiasCOM'], parameters['linkCOMs'], parameters['linkMasses'])]
    tree = KinematicTree33([{exu.JointType.RevoluteX: 'Rx', exu.JointType.RevoluteY: 'Ry', exu.JointType.RevoluteZ: 'Rz',
                             exu.JointType.PrismaticX: 'Px', exu.JointType.PrismaticY: 'Py',
                             exu.JointType.PrismaticZ: 'Pz'}[t] for t in parameters['jointTypes']],
                           parameters['jointTransformations'], parameters['jointOffsets'], inertias,
                           parameters['linkCOMs'], parameters['linkMasses'], parameters['linkParents'],
                           gravity=robot.gravity, baseOffset=parameters['baseOffset'])
    rng = np.random.default_rng(7)
    n = robot.NumberOfLinks()
    q, q_t, q_tt = rng.uniform(-1, 1, n), rng.uniform(-2, 2, n), rng.uniform(-3, 3, n)
    assert np.allclose(tree.InverseDynamics(q, q_t, q_tt), robot.InverseDynamics(q, q_t, q_tt), rtol=1e-12, atol=1e-12)
    tau_q, tau_q_t = tree.InverseDynamicsDerivatives(q, q_t, q_tt)
    h = 1e-6
    for j, e in enumerate(np.eye(n)):
        assert np.allclose(tau_q[:, j], (tree.InverseDynamics(q + h * e, q_t, q_tt) -
                                         tree.InverseDynamics(q - h * e, q_t, q_tt)) / (2 * h), rtol=1e-6, atol=1e-6)
        assert np.allclose(tau_q_t[:, j], (tree.InverseDynamics(q, q_t + h * e, q_tt) -
                                           tree.InverseDynamics(q, q_t - h * e, q_tt)) / (2 * h), rtol=1e-6, atol=1e-6)
    assert np.linalg.norm(tau_q) > 1. and np.linalg.norm(tau_q_t) > 0.1


def test_theKinematicTree33OfAnObjectInASystemComputesWhatTheObjectDoes():
    """KinematicTreeOfObject: the object's Force output (Newton-Euler at zero acceleration, no applied forces here)
    and the robot's mass matrix, at the object's state (total coordinates)"""
    robot = SpatialRobot(drives=False)
    mbs = NewSystem()
    items = robot.CreateKinematicTree(mbs)
    n = robot.NumberOfLinks()
    mbs.SetNodeParameter(items['nodeGeneric'], 'initialCoordinates', [0.1, -0.2, 0.03, 0.4, -0.5])
    mbs.SetNodeParameter(items['nodeGeneric'], 'initialCoordinates_t', [1., -2., 0.5, 1.5, -1.])
    mbs.Assemble()
    tree = KinematicTreeOfObject(mbs, items['objectKinematicTree'])
    q = mbs.GetObjectOutput(items['objectKinematicTree'], exu.OutputVariableType.Coordinates)
    q_t = mbs.GetObjectOutput(items['objectKinematicTree'], exu.OutputVariableType.Coordinates_t)
    assert np.allclose(q, robot.referenceConfiguration + np.array([0.1, -0.2, 0.03, 0.4, -0.5]))
    assert np.allclose(tree.InverseDynamics(q, q_t, np.zeros(n)),
                       mbs.GetObjectOutput(items['objectKinematicTree'], exu.OutputVariableType.Force), rtol=1e-12,
                       atol=1e-12)
    assert np.allclose(tree.MassMatrix(q), robot.MassMatrix(q), rtol=1e-12, atol=1e-14)
    assert np.allclose(tree.Jacobian(q, 3, robot.links[3].localHT[0:3, 3]), robot.Jacobian(robot.JointHT(q), linkIndex=3),
                       atol=1e-13)
    ground = mbs.AddObject(ObjectGround())
    with pytest.raises(ValueError, match=r"KinematicTreeOfObject: parameter 'objectNumber': expected an "
                                         r"ObjectKinematicTree, got object 1, an ObjectGround"):
        KinematicTreeOfObject(mbs, ground)
    with pytest.raises(ValueError, match=r"KinematicTreeOfObject: parameter 'objectNumber': .*object number 7 does "
                                         r"not exist"):
        KinematicTreeOfObject(mbs, 7)


def test_rigidBodiesDrivenByTheInverseDynamicsTorquesFollowTheMotion(workDir):
    """joint torque loads of the redundant model (rigid bodies and generic joints), set before each step to
    Robot.InverseDynamics of a prescribed motion q_d(t), make the bodies follow the frames LinkHT(q_d(t)); the
    error falls with the step size (the loads are constant within a step)"""
    robot = SpatialRobot(drives=False)
    robot.links[2].jointType = 'Rz'  # joint torque loads exist for revolute joints
    n = robot.NumberOfLinks()
    q0 = np.array(robot.referenceConfiguration)
    amplitude, omega = np.array([0.3, -0.2, 0.25, 0.4, -0.3]), np.array([3., 4., 5., 2.5, 3.5])

    def Motion(t):  # starts at rest in the reference configuration, as the model does
        return (q0 + amplitude * (1 - np.cos(omega * t)), amplitude * omega * np.sin(omega * t),
                amplitude * omega**2 * np.cos(omega * t))

    def Error(h, endTime=0.3):
        mbs = NewSystem()
        model = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot))

        def PreStep(mbs, t):
            tau = robot.InverseDynamics(*Motion(t))
            for i in range(n):
                for side in '01':
                    mbs.SetLoadParameter(model[f'jointTorque{side}List'][i], 'loadVector',
                                         list(tau[i] * model[f'unitTorque{side}List'][i]))
            return True
        mbs.SetPreStepUserFunction(PreStep)
        mbs.Assemble()
        mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=int(round(endTime / h)), tightNewton=True))
        qEnd = Motion(endTime)[0]
        assert np.max(np.abs(qEnd - q0)) > 0.2  # the robot moved
        return max(np.linalg.norm(mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position,
                                                          localPosition=[0, 0, 0]) - frame[0:3, 3])
                   for body, frame in zip(model['bodyList'], robot.LinkHT(qEnd)))
    coarse, fine = Error(4e-4), Error(2e-4)
    assert fine < 4e-4 and 1.8 < coarse / fine < 4.2  # [m]; converges with h (links move by about 0.1 m)


def test_badInputOfTheDynamicsFunctions():
    robot = PlanarArm()
    with pytest.raises(ValueError, match=r"Robot.InverseDynamics: parameter 'q_t' must hold one value per link \(2\)"):
        robot.InverseDynamics([0, 0], [0], [0, 0])
    with pytest.raises(ValueError, match=r"Robot.MassMatrix: parameter 'q' must hold one joint coordinate per link"):
        robot.MassMatrix([0, 0, 0])
    with pytest.raises(ValueError, match=r"Robot.MassMatrix: the robot has no links"):
        Robot().MassMatrix([])
    robot.links[1].mass = -1.  # changed in place, after the link's own check
    with pytest.raises(ValueError, match=r"Robot.MassMatrix: .*'mass' must be a finite non-negative number"):
        robot.MassMatrix([0, 0])
    arm = dict(listOfJointTypes=['Rz', 'Rz'], listOfRotations=[np.eye(3)] * 2, listOfOffsets=[[0, 0, 0], [1, 0, 0]],
               listOfInertia3D=[np.eye(3)] * 2, listOfCOM=[[0, 0, 0]] * 2, listOfMass=[1, 1])
    with pytest.raises(ValueError, match=r"KinematicTree33: parameter 'listOfJointTypes': link 1 has joint type 'Rw'"):
        KinematicTree33(**dict(arm, listOfJointTypes=['Rz', 'Rw']))
    with pytest.raises(ValueError, match=r"KinematicTree33: parameter 'listOfParents': link 1 has parent 1; expected -1"):
        KinematicTree33(**arm, listOfParents=[-1, 1])
    with pytest.raises(ValueError, match=r"KinematicTree33: parameter 'listOfInertia3D': the inertia tensor of link 0"):
        KinematicTree33(**dict(arm, listOfInertia3D=[-np.eye(3), np.eye(3)]))
    with pytest.raises(ValueError, match=r"KinematicTree33: length of listOfMass \(1\) must agree"):
        KinematicTree33(**dict(arm, listOfMass=[1]))
    tree = KinematicTree33(**arm)
    with pytest.raises(ValueError, match=r"KinematicTree33.InverseDynamics: parameter 'q_tt'"):
        tree.InverseDynamics([0, 0], [0, 0], [0, 0, 0])
    with pytest.raises(ValueError, match=r"KinematicTree33.Jacobian: parameter 'linkIndex': expected a link index 0..1"):
        tree.Jacobian([0, 0], 2)
    with pytest.raises(ValueError, match=r"KinematicTree33.ComputeMassMatrixAndForceTerms: parameter 'externalForces'"):
        tree.ComputeMassMatrixAndForceTerms([0, 0], [0, 0], externalForces=[np.zeros(6)] * 2)
