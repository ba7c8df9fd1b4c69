"""Robot.CreateKinematicTree: the robot as one ObjectKinematicTree on a NodeGenericODE2 (one joint
coordinate per link, in the order the links were added).

The tree's link frame is the robot's joint frame (before localHT), so mass, COM and inertia, given
in the robot's link frame, are moved by localHT, and a child's joint sits at parent.localHT @ preHT
in the parent's tree frame. Root links carry the base's rotation in their joint transformation and
the base's position is the tree's baseOffset, so that the tree's frames are Robot.JointHT's for
any base (Exudyn drops the base's rotation here; for an unrotated base both agree)."""
import numpy as np

from multidyn.api import itemInterface as _items
from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import JointKindOf, UnitAxis
from multidyn.modelling.robotics.linkGraphics import ComCube, JointCylinder, LinkCylinder, MovedGraphics


def AddBaseGround(robot, mbs):
    """an ObjectGround at the base carrying the base's graphics (rotated with the base), or None without graphics"""
    if len(robot.base.visualization.graphicsData) == 0:
        return None
    rotationOnly = _rbu.HT(robot.base.HT[0:3, 0:3], [0., 0., 0.])  # the ground's position moves the graphics
    return mbs.AddObject(_items.ObjectGround(
        referencePosition=list(robot.base.HT[0:3, 3]),
        visualization=_items.VObjectGround(graphicsData=MovedGraphics(robot.base.visualization.graphicsData,
                                                                      rotationOnly))))


def CheckLinksAndReference(robot, function):
    """a model needs links and one reference coordinate per link"""
    n = robot.NumberOfLinks()
    if n == 0:
        raise ValueError(f"{function}: the robot has no links; add them with Robot.AddLink first")
    if len(robot.referenceConfiguration) != n:
        raise ValueError(f"{function}: robot.referenceConfiguration must hold one coordinate per link ({n}); it has "
                         f"{len(robot.referenceConfiguration)}")
    return n


def TreeParameters(robot, function):
    """ObjectKinematicTree's parameters of the robot's links, base and gravity (without node, drives and
    graphics): the tree's link frame is the robot's joint frame"""
    baseRotation = _rbu.HT(robot.base.HT[0:3, 0:3], [0., 0., 0.])
    parameters = dict(jointTypes=[], linkParents=[], jointTransformations=[], jointOffsets=[], linkInertiasCOM=[],
                      linkCOMs=[], linkMasses=[], baseOffset=list(robot.base.HT[0:3, 3]), gravity=list(robot.gravity))
    for i, link in enumerate(robot.links):
        kind = JointKindOf(link.jointType, function, f'links[{i}].jointType')
        # joint frame (before the joint moves) in the parent's tree frame
        T = (robot.links[link.parent].localHT if link.parent >= 0 else baseRotation) @ link.preHT
        inertia = _rbu.RigidBodyInertia()
        inertia.SetWithCOMinertia(link.mass, link.inertia, link.COM)
        inertia = inertia.Transformed(link.localHT)  # link frame -> joint (tree) frame
        parameters['jointTypes'].append(kind.treeType)
        parameters['linkParents'].append(link.parent)
        parameters['jointTransformations'].append(T[0:3, 0:3].tolist())
        parameters['jointOffsets'].append(list(T[0:3, 3]))
        parameters['linkMasses'].append(inertia.Mass())
        parameters['linkCOMs'].append(list(inertia.COM()))
        parameters['linkInertiasCOM'].append(inertia.InertiaCOM().tolist())
    return parameters


def AddKinematicTreeModel(robot, mbs, name, forceUserFunction):
    function = 'Robot.CreateKinematicTree'
    n = CheckLinksAndReference(robot, function)
    parameters = TreeParameters(robot, function)
    graphicsLists = []
    pGains, dGains = np.zeros(n), np.zeros(n)
    anyDrive = False
    for i, link in enumerate(robot.links):
        kind = JointKindOf(link.jointType, function, f'links[{i}].jointType')
        if link.HasPDcontrol():
            pGains[i], dGains[i] = link.GetPDcontrol()
            anyDrive = True

        vis = link.visualization
        linkGraphics = []
        if vis.showCOM:
            linkGraphics.append(ComCube(parameters['linkCOMs'][i], vis))
        if vis.showMBSjoint:
            linkGraphics.append(JointCylinder([0., 0., 0.], UnitAxis(kind), vis))
        linkGraphics += MovedGraphics(vis.graphicsData, link.localHT)
        if i == n - 1 and robot.IsSerialRobot():
            linkGraphics += MovedGraphics(robot.tool.visualization.graphicsData, link.localHT @ robot.tool.HT)
        if link.parent >= 0 and len(vis.graphicsData) == 0:  # default drawing: a rod from the parent to this joint
            graphicsLists[link.parent] += LinkCylinder([0., 0., 0.], parameters['jointOffsets'][i], vis)
        graphicsLists.append(linkGraphics)

    baseObject = AddBaseGround(robot, mbs)
    node = mbs.AddNode(_items.NodeGenericODE2(referenceCoordinates=list(robot.referenceConfiguration),
                                              initialCoordinates=[0.] * n, initialCoordinates_t=[0.] * n,
                                              numberOfODE2Coordinates=n))
    # without any drive the control vectors stay empty (the tree then skips the PD terms)
    control = {}
    if anyDrive:
        control = dict(jointPControlVector=list(pGains), jointDControlVector=list(dGains),
                       jointPositionOffsetVector=[0.] * n, jointVelocityOffsetVector=[0.] * n)
    tree = mbs.AddObject(_items.ObjectKinematicTree(
        name=name, nodeNumber=node, forceUserFunction=forceUserFunction,
        visualization=_items.VObjectKinematicTree(graphicsDataList=graphicsLists), **parameters, **control))
    return {'nodeGeneric': node, 'objectKinematicTree': tree, 'baseObject': baseObject}
