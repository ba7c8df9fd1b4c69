"""Robot.CreateRedundantCoordinateMBS: the robot as one rigid body per link (node, ObjectRigidBody,
its weight) connected by ObjectJointGeneric joints, each joint leaving free the one axis of its
link's joint type, with optional joint torque loads and PD drives (torsional or linear spring-dampers).

Frames: the body of link i has its reference point and axes at the link frame Robot.LinkHT(q_ref)[i];
marker 1 of joint i sits on that body at the joint frame (localHT^-1), marker 0 on the parent's body at
preHT (or at the base), both with the joint frame's axes (as Exudyn 1.13, which gives joints their
frames by markers), so the joint's free axis is the link's joint axis. Torsional spring-dampers act
about the z axis of their frame: for 'Rx' and 'Ry' they get markers of their own, the joint frame turned
to bring z onto the joint axis (Exudyn's act about z there, a locked axis, and so do nothing)."""
import numpy as np

from multidyn.api import itemInterface as _items
from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import JointKindOf, JointMotionHT, UnitAxis
from multidyn.modelling.robotics.kinematicTreeModel import AddBaseGround, CheckLinksAndReference
from multidyn.modelling.robotics.linkGraphics import ComCube, JointCylinder, LinkCylinder, MovedGraphics

_function = 'Robot.CreateRedundantCoordinateMBS'


def _CheckArguments(robot, mbs, baseMarker, springDamperFunctions, loadFunctions, createJointTorqueLoads,
                    rotationMarkerBase):
    """everything is checked before the first item is added, so that bad input adds nothing"""
    CheckLinksAndReference(robot, _function)
    if isinstance(baseMarker, bool) or not isinstance(baseMarker, (int, np.integer)) or \
            not 0 <= int(baseMarker) < mbs.NumberOfMarkers():
        raise ValueError(f"{_function}: parameter 'baseMarker' must be the MarkerIndex of a rigid-body marker "
                         f"(position and orientation) in mbs, e.g. a MarkerBodyRigid on the ground; received "
                         f"{baseMarker!r}")
    for name, functions in (('jointSpringDamperUserFunctionList', springDamperFunctions),
                            ('jointLoadUserFunctionList', loadFunctions)):
        if not isinstance(functions, (list, tuple)):
            raise ValueError(f"{_function}: parameter '{name}' must be a list; received {type(functions).__name__}")
    if any(f != 0 for f in springDamperFunctions):
        # as in Exudyn, where the spring-damper user functions are not implemented either
        raise NotImplementedError(f"{_function}: parameter 'jointSpringDamperUserFunctionList': user functions of "
                                  "the joint spring-dampers are not available; use 0 entries (spring-dampers with the "
                                  "links' PDcontrol) or mbs.SetObjectParameter on the 'springDamperList' items")
    rotation = np.eye(3) if rotationMarkerBase is None else \
        _rbu._AsRotationMatrix(rotationMarkerBase, _function, 'rotationMarkerBase')
    for i, link in enumerate(robot.links):
        kind = JointKindOf(link.jointType, _function, f'links[{i}].jointType')
        if not kind.revolute and (createJointTorqueLoads or i < len(loadFunctions)):
            raise ValueError(f"{_function}: link {i} has the prismatic joint {link.jointType!r}: joint torque loads "
                             "(createJointTorqueLoads, jointLoadUserFunctionList) exist for revolute joints only; "
                             "give createJointTorqueLoads=False")
        if i < len(springDamperFunctions) and not link.HasPDcontrol():
            raise ValueError(f"{_function}: parameter 'jointSpringDamperUserFunctionList' asks for a spring-damper at "
                             f"link {i}, which has no PDcontrol; give the link PDcontrol=(P, D)")
    return rotation


def _RootMarker(mbs, baseMarker, rotation, offset):
    """marker 0 of a root joint, whose frame is (offset, rotation) in baseMarker's axes: on a MarkerBodyRigid a new
    marker on the same body carrying that frame (as Exudyn 1.13 gives joints their frames by markers); otherwise
    baseMarker itself with the rotation left for the joint's rotationMarker0 (then the offset must be zero).
    Returns (marker, rotation the joint still has to apply)."""
    identity = np.linalg.norm(rotation - np.eye(3)) == 0.
    if identity and np.linalg.norm(offset) == 0.:
        return baseMarker, np.eye(3)
    marker = mbs.GetMarker(baseMarker)
    if marker.get('markerType') == 'BodyRigid':
        A_BM = np.array(marker.get('localRotationMatrix', np.eye(3)), dtype=float)
        return mbs.AddMarker(_items.MarkerBodyRigid(bodyNumber=marker['bodyNumber'],
                                                    localPosition=list(np.array(marker['localPosition'], dtype=float)
                                                                       + A_BM @ offset),
                                                    localRotationMatrix=(A_BM @ rotation).tolist())), np.eye(3)
    if np.linalg.norm(offset) != 0.:
        raise ValueError(f"{_function}: a root link with a translation in its preHT needs a MarkerBodyRigid as "
                         f"'baseMarker' (to place its joint there); received a marker of type {marker.get('markerType')}")
    return baseMarker, rotation


def _RotationArguments(rotation0, rotation1):
    """rotationMarker0/1 only where a marker could not take the rotation (Exudyn 1.13 deprecates them)"""
    return {name: R.tolist() for name, R in (('rotationMarker0', rotation0), ('rotationMarker1', rotation1))
            if np.linalg.norm(R - np.eye(3)) != 0.}


def _TurnedMarker(mbs, marker, rotation, turn):
    """a marker at marker's point whose axes are marker's @ rotation @ turn (a new MarkerBodyRigid on the same body),
    or marker itself with the rotation left to the connector. Returns (marker, rotation the connector applies)."""
    if np.linalg.norm(turn - np.eye(3)) == 0.:
        return marker, rotation
    data = mbs.GetMarker(marker)
    if data.get('markerType') != 'BodyRigid':
        return marker, rotation @ turn
    A_BM = np.array(data.get('localRotationMatrix', np.eye(3)), dtype=float)
    return mbs.AddMarker(_items.MarkerBodyRigid(bodyNumber=data['bodyNumber'], localPosition=list(data['localPosition']),
                                                localRotationMatrix=(A_BM @ rotation @ turn).tolist())), np.eye(3)


def _AxisToZ(axis):
    """a cyclic permutation (a rotation) taking the z axis to coordinate axis 0, 1 or 2: the torsional spring-damper
    acts about the z axis of its frame, the joint may turn about x or y"""
    return np.eye(3)[:, [(axis + 1) % 3, (axis + 2) % 3, axis]]


def AddRedundantCoordinateModel(robot, mbs, baseMarker, springDamperFunctions, loadFunctions, createJointTorqueLoads,
                                rotationMarkerBase, rigidBodyNodeType):
    rotationMarkerBase = _CheckArguments(robot, mbs, baseMarker, springDamperFunctions, loadFunctions,
                                         createJointTorqueLoads, rotationMarkerBase)
    n = robot.NumberOfLinks()
    result = {key: [] for key in ('nodeList', 'bodyList', 'jointList', 'markerList0', 'markerList1',
                                  'springDamperList', 'jointTorque0List', 'jointTorque1List', 'unitTorque0List',
                                  'unitTorque1List')}
    baseObject = AddBaseGround(robot, mbs)
    children = [[j for j in range(n) if robot.links[j].parent == i] for i in range(n)]
    linkFrames = []
    for i, link in enumerate(robot.links):
        kind = JointKindOf(link.jointType, _function, f'links[{i}].jointType')
        axis = UnitAxis(kind)
        parentFrame = robot.base.HT if link.parent < 0 else linkFrames[link.parent]
        frame = parentFrame @ link.preHT @ JointMotionHT(kind, robot.referenceConfiguration[i]) @ link.localHT
        linkFrames.append(frame)
        jointInLink = _rbu.InverseHT(link.localHT)  # joint frame in link (body) coordinates
        jointPosition, jointAxes = jointInLink[0:3, 3], jointInLink[0:3, 0:3]

        inertia = _rbu.RigidBodyInertia(link.mass, link.inertia, link.COM, inertiaTensorAtCOM=True)
        vis = link.visualization
        graphicsList = []
        if len(vis.graphicsData) != 0:
            graphicsList += vis.graphicsData
        else:
            if vis.showCOM:
                graphicsList.append(ComCube(link.COM, vis))
            if vis.showMBSjoint:
                graphicsList.append(JointCylinder(jointPosition, jointAxes @ axis, vis))
            for child in children[i]:  # a rod from this joint to each child's joint
                graphicsList += LinkCylinder(jointPosition, robot.links[child].preHT[0:3, 3], vis)
        if i == n - 1 and robot.IsSerialRobot():
            graphicsList += MovedGraphics(robot.tool.visualization.graphicsData, robot.tool.HT)

        created = mbs.CreateRigidBody(referencePosition=frame[0:3, 3], referenceRotationMatrix=frame[0:3, 0:3],
                                      inertia=inertia, gravity=robot.gravity, nodeType=rigidBodyNodeType,
                                      graphicsDataList=graphicsList, returnDict=True)
        body = created['bodyNumber']
        result['nodeList'].append(created['nodeNumber'])
        result['bodyList'].append(body)

        # the markers carry the joint frames: marker 1 at the joint frame in the link body, marker 0 at preHT in the
        # parent's body (or at the base)
        marker1 = mbs.AddMarker(_items.MarkerBodyRigid(bodyNumber=body, localPosition=list(jointPosition),
                                                       localRotationMatrix=jointAxes.tolist()))
        if link.parent < 0:
            marker0, rotationMarker0 = _RootMarker(mbs, baseMarker, rotationMarkerBase @ link.preHT[0:3, 0:3],
                                                   rotationMarkerBase @ link.preHT[0:3, 3])
        else:
            marker0 = mbs.AddMarker(_items.MarkerBodyRigid(bodyNumber=result['bodyList'][link.parent],
                                                           localPosition=list(link.preHT[0:3, 3]),
                                                           localRotationMatrix=link.preHT[0:3, 0:3].tolist()))
            rotationMarker0 = np.eye(3)
        rotationMarker1 = np.eye(3)
        result['markerList0'].append(marker0)
        result['markerList1'].append(marker1)

        constrainedAxes = [1] * 6
        constrainedAxes[kind.axis + (3 if kind.revolute else 0)] = 0  # the joint's one free axis
        joint = mbs.AddObject(_items.ObjectJointGeneric(
            markerNumbers=[marker0, marker1], constrainedAxes=constrainedAxes,
            **_RotationArguments(rotationMarker0, rotationMarker1),
            visualization=_items.VObjectJointGeneric(show=vis.showMBSjoint, axesRadius=0.25 * vis.jointRadius,
                                                     axesLength=1.1 * vis.jointWidth, color=[0.5, 0.5, 0.5, 1.])))
        result['jointList'].append(joint)

        if kind.revolute:
            # a joint torque tau acts as tau*unitTorque1 on the link and tau*unitTorque0 (reaction) on the parent,
            # both in the markers' (body-fixed) axes
            unitTorque0, unitTorque1 = rotationMarker0 @ (-axis), rotationMarker1 @ axis
            result['unitTorque0List'].append(unitTorque0)
            result['unitTorque1List'].append(unitTorque1)
            loads = [None, None]
            if i < len(loadFunctions):
                loads = [mbs.AddLoad(_items.LoadTorqueVector(markerNumber=m, loadVector=list(u), bodyFixed=True,
                                                             loadVectorUserFunction=loadFunctions[i]))
                         for m, u in ((marker0, unitTorque0), (marker1, unitTorque1))]
            elif createJointTorqueLoads:  # zero torques, to be set e.g. in a preStepUserFunction
                loads = [mbs.AddLoad(_items.LoadTorqueVector(markerNumber=m, loadVector=[0., 0., 0.], bodyFixed=True))
                         for m in (marker0, marker1)]
            result['jointTorque0List'].append(loads[0])
            result['jointTorque1List'].append(loads[1])

        springDamper = None
        if link.HasPDcontrol() or i < len(springDamperFunctions):
            P, D = link.GetPDcontrol()
            if kind.revolute:
                # the data node counts full turns, so that the drive follows rotations beyond +-pi
                turns = mbs.AddNode(_items.NodeGenericData(initialCoordinates=[0.], numberOfDataCoordinates=1))
                springMarker0, springRotation0 = _TurnedMarker(mbs, marker0, rotationMarker0, _AxisToZ(kind.axis))
                springMarker1, springRotation1 = _TurnedMarker(mbs, marker1, rotationMarker1, _AxisToZ(kind.axis))
                springDamper = mbs.AddObject(_items.ObjectConnectorTorsionalSpringDamper(
                    markerNumbers=[springMarker0, springMarker1], nodeNumber=turns, stiffness=P, damping=D,
                    **_RotationArguments(springRotation0, springRotation1),
                    visualization=_items.VObjectConnectorTorsionalSpringDamper(show=False)))
            else:
                springDamper = mbs.AddObject(_items.ObjectConnectorLinearSpringDamper(
                    markerNumbers=[marker0, marker1], axisMarker0=list(rotationMarker0 @ axis), stiffness=P, damping=D,
                    visualization=_items.VObjectConnectorLinearSpringDamper(show=False)))
        result['springDamperList'].append(springDamper)

    result['baseObject'] = -1 if baseObject is None else baseObject  # Exudyn's value without a base object
    return result
