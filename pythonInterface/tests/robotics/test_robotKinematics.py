"""multidyn.robotics kinematics against closed forms and independent formulations: forward
kinematics of a planar two-link arm against trigonometry, DH parameters against the product of
elementary transformations, the Jacobian against central differences of LinkHT, static torques
against m g x lever arms; and bad input."""
import numpy as np
import pytest

from multidyn import rigidBodyUtilities as rbu
from multidyn.robotics import (ModDHKK2HT, Robot, RobotBase, RobotLink, RobotTool, StdDH2HT, VRobotLink,
                               projectAngleToPMPi)

L1, L2 = 0.7, 0.45      # link lengths [m]
C1, C2 = 0.3, 0.2       # centres of mass along the links [m]
M1, M2 = 3., 2.         # masses [kg]
G = 9.81


def PlanarArm(base=np.eye(4), gravity=(0., -G, 0.)):
    """two links in the x-y plane, Rz joints, standard DH a = L1, L2 (link frame at the far end)"""
    robot = Robot(gravity=list(gravity), base=RobotBase(HT=base), tool=RobotTool(HT=rbu.HTtranslateX(0.1)))
    for length, com, mass in ((L1, C1, M1), (L2, C2, M2)):
        # COM is given in the link frame, which sits at the far end of the link
        robot.AddLink(RobotLink(mass, [com - length, 0., 0.], np.diag([0.01, 0.02, 0.03]),
                                localHT=StdDH2HT([0., 0., length, 0.])))
    return robot


def SpatialTree():
    """a tree of revolute and prismatic joints with rotated, shifted frames: links 1 and 3 hang on link 0, link 2
    on link 1"""
    robot = Robot(gravity=[0.3, -9.81, 0.5], base=RobotBase(HT=rbu.HT(rbu.RotXYZ2RotationMatrix([0.2, -0.1, 0.4]),
                                                                       [0.1, 0.2, -0.3])))
    inertia = np.array([[0.02, 0.001, 0.], [0.001, 0.03, 0.002], [0., 0.002, 0.04]])
    robot.AddLink(RobotLink(2., [0.1, 0., 0.05], inertia, jointType='Rz', localHT=StdDH2HT([0., 0.2, 0.3, 0.5])))
    robot.AddLink(RobotLink(1.5, [0., 0.1, 0.], inertia, jointType='Py',
                            preHT=rbu.HTtranslate([0.1, 0., 0.2]) @ rbu.HTrotateX(0.7)))
    robot.AddLink(RobotLink(1., [0.05, 0., 0.1], inertia, jointType='Ry', localHT=StdDH2HT([0., 0.1, 0.25, -0.4])))
    robot.AddLink(RobotLink(0.5, [0., 0., 0.1], inertia, jointType='Rx', parent=0, preHT=rbu.HTrotateZ(-0.6)))
    return robot


def test_forwardKinematicsOfTheTwoLinkArmIsTrigonometry():
    base = rbu.HT(rbu.RotationMatrixZ(0.3), [0.5, -0.2, 0.1])
    robot = PlanarArm(base)
    for q1, q2 in ((0., 0.), (0.4, -1.1), (-2.5, 2.9)):
        joints, links = robot.JointHT([q1, q2]), robot.LinkHT([q1, q2])
        a1, a12 = 0.3 + q1, 0.3 + q1 + q2  # absolute angles with the base's rotation
        elbow = np.array([0.5, -0.2, 0.1]) + L1 * np.array([np.cos(a1), np.sin(a1), 0.])
        hand = elbow + L2 * np.array([np.cos(a12), np.sin(a12), 0.])
        assert np.allclose(links[0][0:3, 3], elbow, atol=1e-14)
        assert np.allclose(links[1][0:3, 3], hand, atol=1e-14)
        assert np.allclose(links[1][0:3, 0:3], rbu.RotationMatrixZ(a12), atol=1e-14)
        assert np.allclose(joints[1][0:3, 3], elbow, atol=1e-14)  # the second joint sits at the elbow
        assert np.allclose(joints[0][0:3, 3], [0.5, -0.2, 0.1], atol=1e-14)
        comFrames = robot.COMHT(joints)
        assert np.allclose(comFrames[1][0:3, 3], elbow + C2 * np.array([np.cos(a12), np.sin(a12), 0.]), atol=1e-14)
    assert np.allclose(robot.GetToolHT(), rbu.HTtranslateX(0.1)) and np.allclose(robot.GetBaseHT(), base)


def test_denavitHartenbergIsTheProductOfElementaryTransformations():
    theta, d, a, alpha = 0.7, -0.2, 0.45, -1.1
    product = rbu.HTrotateZ(theta) @ rbu.HTtranslateZ(d) @ rbu.HTtranslateX(a) @ rbu.HTrotateX(alpha)
    assert np.allclose(StdDH2HT([theta, d, a, alpha]), product, atol=1e-15)
    pre, post = ModDHKK2HT([alpha, a, theta, d])
    assert np.allclose(pre, rbu.HTrotateX(alpha) @ rbu.HTtranslateX(a), atol=1e-15)
    assert np.allclose(post, rbu.HTrotateZ(theta) @ rbu.HTtranslateZ(d), atol=1e-15)
    # a modified-DH link: preHT = HTpre, localHT = HTpost with theta = 0, the joint adds theta
    robot = Robot(gravity=[0, 0, 0])
    robot.AddLink(RobotLink(1., [0, 0, 0], np.eye(3), preHT=pre, localHT=ModDHKK2HT([alpha, a, 0., d])[1]))
    assert np.allclose(robot.LinkHT([theta])[0], pre @ post, atol=1e-15)
    assert np.allclose(projectAngleToPMPi([3 * np.pi / 2, -3 * np.pi / 2, 0.5]), [-np.pi / 2, np.pi / 2, 0.5])


def test_jacobianIsTheDerivativeOfLinkHT():
    robot = SpatialTree()
    q = np.array([0.3, 0.15, -0.7, 1.2])
    local = np.array([0.05, -0.1, 0.2])  # a point of the link, link coordinates
    h = 1e-6
    for k in range(robot.NumberOfLinks()):
        def Point(q):
            return (robot.LinkHT(q)[k] @ np.hstack((local, 1.)))[0:3]
        numerical = np.zeros((6, robot.NumberOfLinks()))
        R = robot.LinkHT(q)[k][0:3, 0:3]
        for j in range(robot.NumberOfLinks()):
            dq = np.zeros(len(q))
            dq[j] = h
            numerical[0:3, j] = (Point(q + dq) - Point(q - dq)) / (2 * h)
            dR = (robot.LinkHT(q + dq)[k][0:3, 0:3] - robot.LinkHT(q - dq)[k][0:3, 0:3]) / (2 * h)
            numerical[3:6, j] = rbu.Skew2Vec(dR @ R.T)  # omega~ = R' R^T
        jacobian = robot.Jacobian(robot.JointHT(q), toolPosition=Point(q), linkIndex=k)
        assert np.allclose(jacobian, numerical, atol=1e-8), k
        assert np.allclose(robot.Jacobian(robot.JointHT(q), toolPosition=Point(q), mode='trans', linkIndex=k),
                           numerical[0:3], atol=1e-8)
        assert np.allclose(robot.Jacobian(robot.JointHT(q), mode='rot', linkIndex=k), numerical[3:6], atol=1e-8)
    # link 3 hangs on link 0: links 1 and 2 do not move it
    assert np.all(robot.Jacobian(robot.JointHT(q), linkIndex=3)[:, 1:3] == 0.)
    # default point: the link frame's origin of the last link given
    first2 = robot.JointHT(q)[0:3]
    assert np.allclose(robot.Jacobian(first2), robot.Jacobian(first2, toolPosition=robot.LinkHT(q)[2][0:3, 3]))


def test_staticTorquesAreWeightsTimesLeverArms():
    robot = PlanarArm()
    for q1, q2 in ((0., 0.), (0.4, -1.1), (-2.5, 2.9)):
        x1 = C1 * np.cos(q1)                                    # horizontal lever arms of the COMs from joint 1
        x2 = L1 * np.cos(q1) + C2 * np.cos(q1 + q2)
        expected = [-G * (M1 * x1 + M2 * x2), -G * M2 * C2 * np.cos(q1 + q2)]  # torque of (0, -m g, 0) about z
        assert np.allclose(robot.StaticTorques(robot.JointHT([q1, q2])), expected, rtol=1e-13, atol=1e-13)


def test_staticTorquesOfATreeAreTheGravityPowerOfEachJoint():
    """for any robot, tau_j = dV/dq_j with V = -sum m_i g . p_COM,i (the generalized force of gravity is -grad V)"""
    robot = SpatialTree()
    q = np.array([0.3, 0.15, -0.7, 1.2])

    def Potential(q):
        return -sum(link.mass * robot.gravity @ T[0:3, 3] for link, T in zip(robot.links, robot.COMHT(robot.JointHT(q))))
    h = 1e-6
    numerical = [-(Potential(q + h * e) - Potential(q - h * e)) / (2 * h) for e in np.eye(len(q))]
    assert np.allclose(robot.StaticTorques(robot.JointHT(q)), numerical, atol=1e-7)


def test_structureOfRobots():
    robot = SpatialTree()
    assert robot.NumberOfLinks() == 4 and not robot.IsSerialRobot()
    assert [robot.GetParentIndex(i) for i in range(4)] == [-1, 0, 1, 0]
    assert not robot.HasParent(0) and robot.HasParent(3)
    assert robot.GetLink(1).jointType == 'Py'
    assert list(robot.referenceConfiguration) == [0., 0., 0., 0.]
    assert PlanarArm().IsSerialRobot()
    link = RobotLink(1., [0, 0, 0], np.eye(3), PDcontrol=(100., 2.))
    assert link.HasPDcontrol() and link.GetPDcontrol() == (100., 2.)
    assert not RobotLink(1., [0, 0, 0], np.eye(3)).HasPDcontrol()
    robot = Robot(referenceConfiguration=[0.5])
    robot.AddLink(link)
    robot.AddLink(link)
    assert list(robot.referenceConfiguration) == [0.5, 0.]  # given for the first link, 0 for the second
    link.mass = 5.
    assert robot.GetLink(0).mass == 1.  # AddLink keeps a copy


def test_badInputNamesFunctionParameterAndExpectation():
    with pytest.raises(TypeError, match=r"RobotLink.__init__\(\) missing 1 required positional argument: 'inertia'"):
        RobotLink(1., [0, 0, 0])
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'jointType' must be one of .*received 'Rq'"):
        RobotLink(1., [0, 0, 0], np.eye(3), jointType='Rq')
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'inertia' must be a 3x3 matrix"):
        RobotLink(1., [0, 0, 0], [1., 1., 1.])
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'inertia' must be the symmetric"):
        RobotLink(1., [0, 0, 0], [[1, 0.5, 0], [0, 1, 0], [0, 0, 1]])
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'mass' must be a finite non-negative number"):
        RobotLink(-1., [0, 0, 0], np.eye(3))
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'COM' must be a vector with 3 components"):
        RobotLink(1., [0, 0], np.eye(3))
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'localHT\[0:3,0:3\]' must be a rotation matrix"):
        RobotLink(1., [0, 0, 0], np.eye(3), localHT=2 * np.eye(4))
    with pytest.raises(ValueError, match=r"RobotLink: parameter 'PDcontrol' must be a pair"):
        RobotLink(1., [0, 0, 0], np.eye(3), PDcontrol=100.)
    with pytest.raises(ValueError, match=r"VRobotLink: parameter 'linkColor' must be an RGBA color"):
        VRobotLink(linkColor=[1, 0, 0])
    with pytest.raises(ValueError, match=r"StdDH2HT: parameter 'DHparameters' must be a list of 4 finite numbers "
                                         r"\[theta, d, a, alpha\]"):
        StdDH2HT([0., 0.1, 0.2])
    with pytest.raises(ValueError, match=r"ModDHKK2HT: parameter 'DHparameters' must be a list of 4"):
        ModDHKK2HT('abcd')
    with pytest.raises(ValueError, match=r"RobotBase: parameter 'HT' must be a 4x4 matrix"):
        RobotBase(HT=np.eye(3))
    with pytest.raises(ValueError, match=r"Robot: parameter 'base' must be a RobotBase"):
        Robot(base=RobotTool())
    robot = PlanarArm()
    with pytest.raises(ValueError, match=r"Robot.AddLink: the link's parent must be .* < 2; received parent=5"):
        robot.AddLink(RobotLink(1., [0, 0, 0], np.eye(3), parent=5))
    with pytest.raises(ValueError, match=r"Robot.AddLink: parameter 'robotLink' must be a RobotLink"):
        robot.AddLink({'mass': 1.})
    with pytest.raises(ValueError, match=r"Robot.JointHT: parameter 'q' must hold one joint coordinate per link \(2\)"):
        robot.JointHT([0.1])
    HT = robot.JointHT([0.1, 0.2])
    with pytest.raises(ValueError, match=r"Robot.Jacobian: parameter 'mode' must be 'all', 'trans' or 'rot'"):
        robot.Jacobian(HT, mode='translation')
    with pytest.raises(ValueError, match=r"Robot.Jacobian: parameter 'linkIndex' must be a link index 0..1"):
        robot.Jacobian(HT, linkIndex=2)
    with pytest.raises(ValueError, match=r"Robot.Jacobian: parameter 'HT' must be a list of 1..2 joint frames"):
        robot.Jacobian(HT + HT)
    with pytest.raises(ValueError, match=r"Robot.StaticTorques: parameter 'HT' must be a list of 2 joint frames"):
        robot.StaticTorques(HT[0:1])
    with pytest.raises(IndexError, match=r"Robot.GetLink: parameter 'i' must be a link index 0..1"):
        robot.GetLink(2)
