"""Robot.CreateKinematicTree and Robot.CreateRedundantCoordinateMBS: both models of the same robot
start in the frames of Robot.JointHT / LinkHT and move alike (minimal coordinates against rigid bodies
with joints), with gravity, PD drives and a rotated base; a robot held by -StaticTorques stays at rest;
bad input adds nothing."""
import numpy as np
import pytest

import multidyn as exu
from multidyn import rigidBodyUtilities as rbu
from multidyn.itemInterface import MarkerBodyRigid, ObjectGround, SensorBody, SensorKinematicTree
from multidyn.robotics import Robot, RobotBase, RobotLink, StdDH2HT

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
PROBE = np.array([0.05, -0.1, 0.15])  # a point of every link, link coordinates


def SpatialRobot(drives=True, base=None, rootPreHT=np.eye(4)):
    """four links: Rz, Ry, Px, Rx with DH link frames, COMs off the axes, full inertias, a reference configuration,
    and a branch: a fifth link (Rz) on link 1"""
    base = rbu.HT(rbu.RotXYZ2RotationMatrix([0.3, -0.2, 0.1]), [0.2, 0.1, -0.1]) if base is None else base
    robot = Robot(gravity=[0., -9.81, 0.], base=RobotBase(HT=base), referenceConfiguration=[0.2, -0.4, 0.05, 0.3, 0.6])
    inertia = np.array([[0.02, 0.001, 0.], [0.001, 0.03, 0.002], [0., 0.002, 0.04]])
    pd = (40., 1.) if drives else (None, None)
    robot.AddLink(RobotLink(2., [-0.1, 0., 0.05], inertia, jointType='Rz', localHT=StdDH2HT([0., 0.2, 0.3, 0.5]),
                            preHT=rootPreHT, PDcontrol=pd))
    robot.AddLink(RobotLink(1.5, [0., 0.1, 0.], inertia, jointType='Ry',
                            preHT=rbu.HTtranslate([0.1, 0., 0.2]) @ rbu.HTrotateX(0.7), PDcontrol=pd))
    robot.AddLink(RobotLink(1., [0.05, 0., 0.1], inertia, jointType='Px', localHT=StdDH2HT([0., 0.1, 0.25, -0.4]),
                            PDcontrol=(200., 5.) if drives else pd))
    robot.AddLink(RobotLink(0.5, [0., 0., 0.1], inertia, jointType='Rx', preHT=rbu.HTrotateZ(-0.6)))
    robot.AddLink(RobotLink(0.8, [0.1, 0., 0.], inertia, jointType='Rz', parent=1, preHT=rbu.HTtranslate([0, 0.2, 0]),
                            localHT=StdDH2HT([0., 0., 0.3, 0.2]), PDcontrol=pd))
    return robot


def GroundMarker(mbs, robot, rotated=True):
    """the base marker at the robot's base frame (rotated=False: at its position, with the world's axes)"""
    ground = mbs.AddObject(ObjectGround())
    rotation = robot.GetBaseHT()[0:3, 0:3] if rotated else np.eye(3)
    return mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=list(robot.GetBaseHT()[0:3, 3]),
                                         localRotationMatrix=rotation.tolist()))


def TreeSensors(mbs, robot, tree, variable):
    """sensors at PROBE of every link (the tree's link frame is the joint frame: the point is localHT @ PROBE)"""
    return [mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=i, storeInternal=True, writeToFile=False,
                                              localPosition=list((link.localHT @ np.hstack((PROBE, 1.)))[0:3]),
                                              outputVariableType=variable))
            for i, link in enumerate(robot.links)]


def BodySensors(mbs, bodies, variable):
    return [mbs.AddSensor(SensorBody(bodyNumber=b, localPosition=list(PROBE), storeInternal=True, writeToFile=False,
                                     outputVariableType=variable)) for b in bodies]


def test_bothModelsStartInTheRobotsFrames(workDir):
    robot = SpatialRobot()
    mbs = NewSystem()
    tree = robot.CreateKinematicTree(mbs)['objectKinematicTree']
    bodies = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot), createJointTorqueLoads=False)['bodyList']
    origins = [mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=i, localPosition=[0, 0, 0],
                                                 outputVariableType=variable, writeToFile=False))
               for i in range(robot.NumberOfLinks()) for variable in (OVT.Position, OVT.RotationMatrix)]
    mbs.Assemble()
    joints, links = robot.JointHT(robot.referenceConfiguration), robot.LinkHT(robot.referenceConfiguration)
    for i, body in enumerate(bodies):
        # the tree's link frame is the joint frame, the body's frame the link frame
        assert np.allclose(mbs.GetSensorValues(origins[2 * i]), joints[i][0:3, 3], atol=1e-14)
        assert np.allclose(np.reshape(mbs.GetSensorValues(origins[2 * i + 1]), (3, 3)), joints[i][0:3, 0:3],
                           atol=1e-14)
        assert np.allclose(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0, 0, 0]), links[i][0:3, 3],
                           atol=1e-14)
        assert np.allclose(np.reshape(mbs.GetObjectOutputBody(body, OVT.RotationMatrix, localPosition=[0, 0, 0]),
                                      (3, 3)), links[i][0:3, 0:3], atol=1e-14)


@pytest.mark.parametrize('drives, variant', [(False, 'baseMarkerRotated'), (True, 'baseMarkerRotated'),
                                             (True, 'rotationMarkerBase')])
def test_kinematicTreeAndRedundantModelMoveAlike(workDir, drives, variant):
    """the same robot twice in one system, uncoupled: minimal and redundant coordinates give the same motion
    (gravity, PD drives towards q = 0, a prismatic joint, a branch, a rotated base, a root joint off the base's
    origin) to the discretization error; the base's rotation in the base marker or given as rotationMarkerBase"""
    robot = SpatialRobot(drives=drives, rootPreHT=rbu.HTtranslate([0.05, -0.1, 0.1]) @ rbu.HTrotateY(0.4))
    mbs = NewSystem()
    tree = robot.CreateKinematicTree(mbs)['objectKinematicTree']
    if variant == 'baseMarkerRotated':
        model = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot), createJointTorqueLoads=False)
    else:
        model = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot, rotated=False),
                                                   createJointTorqueLoads=False,
                                                   rotationMarkerBase=robot.GetBaseHT()[0:3, 0:3])
    assert (model['springDamperList'][3] is None) and ((model['springDamperList'][0] is not None) == drives)
    treeSensors = TreeSensors(mbs, robot, tree, OVT.Position) + TreeSensors(mbs, robot, tree, OVT.Velocity)
    bodySensors = BodySensors(mbs, model['bodyList'], OVT.Position) + BodySensors(mbs, model['bodyList'], OVT.Velocity)
    mbs.Assemble()
    endTime = 0.4
    settings = Settings(endTime=endTime, numberOfSteps=800, spectralRadius=1., tightNewton=True)
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = True
    mbs.SolveDynamic(settings)
    travelled = 0.
    for s0, s1 in zip(treeSensors, bodySensors):
        a, b = mbs.GetSensorStoredData(s0), mbs.GetSensorStoredData(s1)
        assert np.allclose(a[:, 0], b[:, 0])
        assert np.max(np.abs(a[:, 1:] - b[:, 1:])) < 2e-5
        travelled = max(travelled, np.max(np.abs(a[:, 1:] - a[0, 1:])))
    assert travelled > 0.1  # the robot moves: the comparison means something


def test_aRobotHeldByMinusStaticTorquesStaysAtRest(workDir):
    """joint torque loads (redundant model) and jointForceVector (tree) set to -StaticTorques hold the robot"""
    robot = SpatialRobot(drives=False)
    robot.links[2].jointType = 'Rz'  # joint torque loads exist for revolute joints
    mbs = NewSystem()
    tree = robot.CreateKinematicTree(mbs)['objectKinematicTree']
    model = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot))
    tau = -robot.StaticTorques(robot.JointHT(robot.referenceConfiguration))
    assert np.linalg.norm(tau) > 1.
    mbs.SetObjectParameter(tree, 'jointForceVector', list(tau))
    for i in range(robot.NumberOfLinks()):
        mbs.SetLoadParameter(model['jointTorque0List'][i], 'loadVector', list(tau[i] * model['unitTorque0List'][i]))
        mbs.SetLoadParameter(model['jointTorque1List'][i], 'loadVector', list(tau[i] * model['unitTorque1List'][i]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.2, numberOfSteps=100, tightNewton=True))
    q = mbs.GetObjectOutput(tree, OVT.Coordinates)
    assert np.allclose(q, robot.referenceConfiguration, atol=1e-10)
    for body, frame in zip(model['bodyList'], robot.LinkHT(robot.referenceConfiguration)):
        assert np.allclose(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0, 0, 0]), frame[0:3, 3],
                           atol=1e-9)
    # without the loads the robot falls
    mbs.SetObjectParameter(tree, 'jointForceVector', [0.] * 5)
    mbs.SolveDynamic(Settings(endTime=0.2, numberOfSteps=100))
    assert np.max(np.abs(mbs.GetObjectOutput(tree, OVT.Coordinates) - robot.referenceConfiguration)) > 1e-2


def test_returnedItemsAndBaseObjects(workDir):
    from multidyn import graphics
    robot = SpatialRobot(drives=True)
    robot.base.visualization.graphicsData = [graphics.Brick([0, 0, 0], [0.1, 0.1, 0.1], graphics.color.grey)]
    mbs = NewSystem()
    dKT = robot.CreateKinematicTree(mbs)
    assert set(dKT) == {'nodeGeneric', 'objectKinematicTree', 'baseObject'} and dKT['baseObject'] is not None
    assert np.allclose(mbs.GetNode(dKT['nodeGeneric'])['referenceCoordinates'], robot.referenceConfiguration)
    tree = mbs.GetObject(dKT['objectKinematicTree'])
    assert list(tree['jointPControlVector']) == [40., 40., 200., 0., 40.]
    d = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot), createJointTorqueLoads=False)
    assert all(len(d[key]) == 5 for key in ('nodeList', 'bodyList', 'jointList', 'markerList0', 'markerList1',
                                            'springDamperList'))
    assert len(d['unitTorque0List']) == 4 and d['jointTorque0List'] == [None] * 4  # revolute joints only
    assert mbs.GetObject(d['jointList'][2])['constrainedAxes'] == [0, 1, 1, 1, 1, 1]  # Px: x translation free
    assert mbs.GetObject(d['jointList'][1])['constrainedAxes'] == [1, 1, 1, 1, 0, 1]  # Ry


def test_badInputOfTheModelsAddsNothing(workDir):
    robot = SpatialRobot()
    mbs = NewSystem()
    marker = GroundMarker(mbs, robot)
    counts = (mbs.systemData.NumberOfObjects(), mbs.systemData.NumberOfMarkers(), mbs.systemData.NumberOfNodes())
    with pytest.raises(ValueError, match=r"Robot.CreateRedundantCoordinateMBS: link 2 has the prismatic joint 'Px': "
                                         r"joint torque loads .* give createJointTorqueLoads=False"):
        robot.CreateRedundantCoordinateMBS(mbs, marker)
    with pytest.raises(ValueError, match=r"parameter 'baseMarker' must be the MarkerIndex of a rigid-body marker"):
        robot.CreateRedundantCoordinateMBS(mbs, 17, createJointTorqueLoads=False)
    with pytest.raises(ValueError, match=r"parameter 'rotationMarkerBase' must be a rotation matrix"):
        robot.CreateRedundantCoordinateMBS(mbs, marker, createJointTorqueLoads=False, rotationMarkerBase=2 * np.eye(3))
    robot.links[1].jointType = 'Qz'
    with pytest.raises(ValueError, match=r"Robot.CreateKinematicTree: parameter 'links\[1\].jointType' must be one of"):
        robot.CreateKinematicTree(mbs)
    with pytest.raises(ValueError, match=r"Robot.CreateKinematicTree: the robot has no links"):
        Robot().CreateKinematicTree(mbs)
    assert counts == (mbs.systemData.NumberOfObjects(), mbs.systemData.NumberOfMarkers(), mbs.systemData.NumberOfNodes())


def test_randomBranchingRobotWithEveryJointTypeMovesAsRigidBodiesWithJoints(workDir):
    """a random branching robot of nine links with every joint type (Rx, Ry, Rz, Px, Py, Pz), random joint
    frames, centers of mass and inertias, falling under gravity without drives: the kinematic tree (its own
    Newton-Euler, composite-rigid-body and derivative algorithms) and rigid bodies with joints move alike"""
    rng = np.random.default_rng(44)
    types = ['Rx', 'Ry', 'Rz', 'Px', 'Py', 'Pz']
    robot = Robot(gravity=[0., -9.81, 0.], base=RobotBase(HT=rbu.HTtranslate([0.1, 0.2, 0.])))
    for i in range(9):
        J = np.diag(rng.uniform(0.01, 0.04, 3))
        R = rbu.RotXYZ2RotationMatrix(rng.uniform(-1., 1., 3))
        robot.AddLink(RobotLink(float(rng.uniform(0.5, 2.)), list(rng.uniform(-0.1, 0.1, 3)), R @ J @ R.T,
                                jointType=types[(i + 2) % 6], parent=-1 if i == 0 else int(rng.integers(0, i)),
                                preHT=rbu.HT(rbu.RotXYZ2RotationMatrix(rng.uniform(-1., 1., 3)),
                                             list(rng.uniform(-0.2, 0.2, 3)))))
    mbs = NewSystem()
    tree = robot.CreateKinematicTree(mbs)['objectKinematicTree']
    model = robot.CreateRedundantCoordinateMBS(mbs, GroundMarker(mbs, robot), createJointTorqueLoads=False)
    treeSensors = TreeSensors(mbs, robot, tree, OVT.Position)
    bodySensors = BodySensors(mbs, model['bodyList'], OVT.Position)
    mbs.Assemble()
    settings = Settings(endTime=0.3, numberOfSteps=600, spectralRadius=1., tightNewton=True)
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = True
    mbs.SolveDynamic(settings)
    travelled = 0.
    for s0, s1 in zip(treeSensors, bodySensors):
        a, b = mbs.GetSensorStoredData(s0), mbs.GetSensorStoredData(s1)
        # measured 1.9e-7 m: the two formulations' discretization errors at h = 0.5 ms
        assert np.max(np.abs(a[:, 1:] - b[:, 1:])) < 1e-6
        travelled = max(travelled, np.max(np.abs(a[:, 1:] - a[0, 1:])))
    assert travelled > 0.1
