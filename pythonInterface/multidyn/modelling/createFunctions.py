"""mbs.Create...: helpers that add an item with the markers and nodes it needs in one call."""
import functools as _functools
import math as _math

import numpy as _np

from multidyn import _multidyn
from multidyn.api.argumentChecks import CheckedFlag
from multidyn.api import itemInterface as _itemInterface
from multidyn.modelling import rigidBodyUtilities as _utilities
from multidyn.api.indices import MarkerIndex, NodeIndex, ObjectIndex, indexTypes as _indexTypes
from multidyn.modelling.kinematicTreeTypes import JointType, TreeLink
from multidyn.api.console import Print as _Print
from multidyn.api.userWarnings import WarnAtUserLine
from multidyn.api.itemInterface import (LoadForceVector, LoadMassProportional, LoadTorqueVector, MarkerBodyMass,
                                    MarkerBodyPosition, MarkerBodyRigid, MarkerNodeCoordinate, MarkerNodePosition,
                                    MarkerNodeRigid, NodeGenericData, NodePoint, NodePoint2D, NodeRigidBodyEP,
                                    NodeRigidBodyRxyz, ObjectConnectorTorsionalSpringDamper, ObjectGround,
                                    ObjectJointRevoluteZ, ObjectMassPoint, ObjectMassPoint2D, ObjectRigidBody)

MainSystem = _multidyn.MainSystem
_defaultColor = [-1., -1., -1., -1.]


def _Vector3(function, name, value):
    array = _np.asarray(value, dtype=float)
    # three finite numbers (a loop over three floats is several times cheaper than numpy's isfinite and all)
    if array.shape != (3,) or not all(map(_math.isfinite, array.tolist())):
        raise ValueError(f"{function}: parameter '{name}': expected a list of 3 finite numbers, got {value!r}")
    return array


def _AddParameters(mbs, itemClass, parameters):
    """mbs.Add...(itemClass(**parameters)) without the item object: parameters by dict key ('Vshow' for
    visualization.show), the others left at their defaults. The Create functions check their
    arguments first; C++ checks every value as for Add..., naming the item and parameter."""
    info = itemClass._info
    parameters[info["typeKey"]] = info["typeName"]
    return _indexTypes[info["category"]](mbs._AddItem(info["category"], parameters))


def _ReferenceFrame(mbs, function, item, needsOrientation=True):
    """Reference position p_0B and rotation A_0B of a body (or ground) from its parameters; a body
    without orientation (mass point) is refused for joints (needsOrientation) and has A_0B = I."""
    if isinstance(item, MarkerIndex) or not isinstance(item, (int, _np.integer)) or isinstance(item, bool):
        raise TypeError(f"{function}: expected ObjectIndex of bodies in itemNumbers, got {item!r}")
    if not 0 <= int(item) < mbs.NumberOfObjects():
        raise IndexError(f"{function}: object number {int(item)} does not exist")
    data = mbs.GetObject(item)
    if data["objectType"] == "Ground":
        return _np.asarray(data["referencePosition"], float), _np.asarray(data["referenceRotation"], float)
    if "nodeNumber" not in data:
        raise TypeError(f"{function}: object {int(item)} ({data['objectType']}) is not a body")
    if data["objectType"] in ("Mass1D", "RotationalMass1D"):  # frames of their own: referencePosition, referenceRotation
        reference = _multidyn.ConfigurationType.Reference
        p = mbs.GetObjectOutputBody(item, _multidyn.OutputVariableType.Position, [0., 0., 0.], configuration=reference)
        A = mbs.GetObjectOutputBody(item, _multidyn.OutputVariableType.RotationMatrix, [0., 0., 0.], configuration=reference)
        return _np.asarray(p, float), _np.asarray(A, float).reshape(3, 3)
    node = mbs.GetNode(data["nodeNumber"])
    if not needsOrientation and node["nodeType"] not in ("RigidBodyEP", "RigidBodyRxyz"):
        return _NodePosition(mbs, data["nodeNumber"]), _np.eye(3)
    if node["nodeType"] not in ("RigidBodyEP", "RigidBodyRxyz"):
        raise TypeError(f"{function}: object {int(item)} ({data['objectType']}) is not a rigid body: the joint "
                        "needs an orientation on both sides")
    reference = _np.asarray(node.get("referenceCoordinates", [0.] * 3), float)
    if node["nodeType"] == "RigidBodyEP":
        return reference[:3], _utilities.EulerParameters2RotationMatrix(reference[3:7])
    if node["nodeType"] == "RigidBodyRxyz":
        return reference[:3], _utilities.RotXYZ2RotationMatrix(reference[3:6])
    return reference[:3], _np.eye(3)


def _DeprecatedArgument(function, old, new):
    """Exudyn 1.13's warning for an argument name it replaced (bodyNumbers -> itemNumbers, ...),
    naming the user's line."""
    WarnAtUserLine(f"MainSystem.{function}: the argument {old} is deprecated; use {new} instead", DeprecationWarning)


def _Pair(function, bodyNumbers, itemNumbers, oldName="bodyNumbers"):
    """The two items of itemNumbers, or of its deprecated name oldName (passed as bodyNumbers)."""
    if itemNumbers is not None and list(itemNumbers) == [None, None]:  # the default: not given
        itemNumbers = None
    if bodyNumbers is not None:
        if itemNumbers is not None:
            raise ValueError(f"{function}: give itemNumbers only ({oldName} is its deprecated name), not both")
        _DeprecatedArgument(function, oldName, "itemNumbers")
    items = itemNumbers if itemNumbers is not None else bodyNumbers
    if items is None or len(items) != 2 or any(i is None for i in items):
        raise ValueError(f"{function}: parameter 'itemNumbers': expected a list of two body numbers (ObjectIndex)")
    return list(items)


def _JointPoint(mbs, function, items, position, useGlobalFrame, needsOrientation=True):
    """The joint point p_0J in the reference configuration (position is global, or in body 0's frame
    if useGlobalFrame=False) and the reference frames (p_0B, A_0B) of both items."""
    frames = [_ReferenceFrame(mbs, function, item, needsOrientation) for item in items]
    position = _Vector3(function, "position", position)
    p0, A0 = frames[0]
    return (position if useGlobalFrame else A0 @ position + p0), frames


def _FrameMarkers(items, frames, pJoint, A_0J, name):
    """Rigid markers (not yet added) at the joint point on both bodies, with axes A_0J (global) or,
    for A_0J None, the bodies' axes."""
    markers = []
    for k, (item, (p, A)) in enumerate(zip(items, frames)):
        marker = MarkerBodyRigid(name=f"Marker{k}:{name}" if name else "", bodyNumber=item,
                                 localPosition=(A.T @ (pJoint - p)).tolist())
        if A_0J is not None:
            marker.localRotationMatrix = (A.T @ A_0J).tolist()
        markers.append(marker)
    return markers


def _RotationMatrix(function, name, value):
    matrix = _np.asarray(value, dtype=float)
    if matrix.shape != (3, 3) or not _np.allclose(matrix.T @ matrix, _np.eye(3), atol=1e-10) \
            or not _np.linalg.det(matrix) > 0.:
        raise ValueError(f"{function}: parameter '{name}': expected a 3x3 rotation matrix, got {value!r}")
    return matrix


class _AllOrNothing:
    """Items added inside `with _AllOrNothing(mbs):` are removed again if an error leaves the
    block, so that a refused Create call leaves the system as it was (every Create function runs
    in one, see the end of this file)."""
    _counts = (("Node", 0), ("Object", 1), ("Marker", 2), ("Load", 3), ("Sensor", 4))  # category numbers

    def __init__(self, mbs):
        self.mbs = mbs

    def __enter__(self):
        self.before = [self.mbs._NumberOfItems(category) for _, category in self._counts]

    def __exit__(self, errorType, error, traceback):
        if errorType is not None:
            for (_, category), count in reversed(list(zip(self._counts, self.before))):
                self.mbs._RemoveItemsFrom(category, count)
        return False


def _AddWithMarkers(mbs, item, markers, dataNode=None):
    """Adds the markers (built and checked by the caller), the data node if any (as the item's
    nodeNumber), then the item on them; returns the item's ObjectIndex."""
    item.markerNumbers = [mbs.AddMarker(marker) for marker in markers]
    if dataNode is not None:
        item.nodeNumber = mbs.AddNode(dataNode)
    return mbs.AddObject(item)


def _JointAxis(function, axis, A0, useGlobalFrame):
    """The joint axis in global axes as a unit vector (scaled first, so that huge or tiny
    components do not overflow or underflow its length)."""
    axis = _Vector3(function, "axis", axis)
    largest = _np.max(_np.abs(axis))
    if largest == 0.:
        raise ValueError(f"{function}: parameter 'axis': the joint axis must not be zero")
    axis = axis / largest
    axis = axis / _np.linalg.norm(axis)
    return axis if useGlobalFrame else A0 @ axis


def _JointMarkers(mbs, function, items, position, axis, useGlobalFrame, name):
    """Markers (not yet added) whose z-axis is the joint axis at the joint point, on both bodies."""
    pJoint, frames = _JointPoint(mbs, function, items, position, useGlobalFrame)
    basis = _utilities.ComputeOrthonormalBasis(_JointAxis(function, axis, frames[0][1], useGlobalFrame))
    A_0J = _np.column_stack([-basis[:, 2], basis[:, 1], basis[:, 0]])  # z = axis, det = +1
    return _FrameMarkers(items, frames, pJoint, A_0J, name)


def _FrameFromHT(function, name, transform, position, rotation, positionName, rotationName):
    """position and rotation from a homogeneous transformation given instead of them (Exudyn 1.13)"""
    if transform is None:
        return position, rotation
    if position is not None or rotation is not None:
        raise ValueError(f"{function}: give either {name} or {positionName}/{rotationName}, not both")
    T = _np.asarray(transform, dtype=float)
    if T.size != 16:
        raise ValueError(f"{function}: parameter '{name}': expected a 4x4 homogeneous transformation, got {transform!r}")
    T = T.reshape(4, 4)
    return T[0:3, 3], T[0:3, 0:3]


def _GraphicsList(function, graphicsDataList, graphicsDataUserFunction):
    if not isinstance(graphicsDataList, list):
        raise TypeError(f"{function}: parameter 'graphicsDataList': expected a (possibly empty) list of graphics dicts, "
                        f"got {type(graphicsDataList).__name__}")
    if graphicsDataUserFunction not in (0, None) and not callable(graphicsDataUserFunction):
        raise TypeError(f"{function}: parameter 'graphicsDataUserFunction': expected 0 or a function "
                        f"f(mbs, itemNumber) -> list of graphics dicts, got {type(graphicsDataUserFunction).__name__}")
    return graphicsDataList


def _Visualization(show, color, graphicsData, graphicsDataUserFunction, **more):
    """the visualization dict of a Create function's body: the user function only when given (0: none)"""
    visualization = {"show": show, "color": color, "graphicsData": graphicsData, **more}
    if graphicsDataUserFunction not in (0, None):
        visualization["graphicsDataUserFunction"] = graphicsDataUserFunction
    return visualization


def CreateGround(self, name="", referencePosition=None, referenceRotationMatrix=None, graphicsDataList=[],
                 graphicsDataUserFunction=0, show=True, referenceHT=None, color=_defaultColor):
    """Adds an ObjectGround (drawn with graphicsDataList); returns its ObjectIndex."""
    function = "CreateGround"
    referencePosition, referenceRotationMatrix = _FrameFromHT(function, "referenceHT", referenceHT, referencePosition,
                                                              referenceRotationMatrix, "referencePosition",
                                                              "referenceRotationMatrix")
    position = [0., 0., 0.] if referencePosition is None else _Vector3(function, "referencePosition", referencePosition)
    rotation = _np.eye(3) if referenceRotationMatrix is None else _np.asarray(referenceRotationMatrix, dtype=float)
    graphicsData = _GraphicsList(function, graphicsDataList, graphicsDataUserFunction)
    return self.AddObject(ObjectGround(name=name, referencePosition=list(position), referenceRotation=rotation.tolist(),
                                       visualization=_Visualization(show, color, graphicsData,
                                                                    graphicsDataUserFunction)))


def CreateMassPoint(self, name="", referencePosition=[0., 0., 0.], initialDisplacement=[0., 0., 0.],
                    initialVelocity=[0., 0., 0.], mass=0., gravity=[0., 0., 0.], graphicsDataList=[], drawSize=-1,
                    color=_defaultColor, show=True, create2D=False, returnDict=False, physicsMass=None):
    """Adds a NodePoint and an ObjectMassPoint (create2D: a NodePoint2D and an ObjectMassPoint2D) and,
    if gravity is not zero, its weight: a LoadMassProportional on a MarkerBodyMass, as Exudyn.
    physicsMass is Exudyn 1.11's name of mass. Returns the body's ObjectIndex, or a dict of all added
    items (nodeNumber, bodyNumber, and markerBodyMass, loadNumber with gravity)."""
    function = "CreateMassPoint"
    if physicsMass is not None:
        _DeprecatedArgument(function, "physicsMass", "mass")
        mass = physicsMass
    create2D = CheckedFlag(create2D, f"{function}: parameter 'create2D'")
    p0 = _Vector3(function, "referencePosition", referencePosition)
    u0 = _Vector3(function, "initialDisplacement", initialDisplacement)
    v0 = _Vector3(function, "initialVelocity", initialVelocity)
    gravity = _Vector3(function, "gravity", gravity)
    graphicsData = _GraphicsList(function, graphicsDataList, 0)
    # create2D: a NodePoint2D and an ObjectMassPoint2D in the x-y plane (the z components are dropped, as Exudyn)
    nodeClass, bodyClass, size = (NodePoint2D, ObjectMassPoint2D, 2) if create2D else (NodePoint, ObjectMassPoint, 3)
    node = {"referenceCoordinates": p0[:size].tolist(), "initialCoordinates": u0[:size].tolist(),
            "initialVelocities": v0[:size].tolist(), "Vshow": show, "VdrawSize": drawSize}
    if name:
        node["name"] = "Node:" + name
    if color is not _defaultColor:
        node["Vcolor"] = color
    nodeNumber = _AddParameters(self, nodeClass, node)
    body = {"physicsMass": mass, "nodeNumber": nodeNumber, "Vshow": show and len(graphicsData) > 0}
    if name:
        body["name"] = name
    if graphicsData:
        body["VgraphicsData"] = graphicsData
    bodyNumber = _AddParameters(self, bodyClass, body)
    result = {"nodeNumber": nodeNumber, "bodyNumber": bodyNumber}
    if gravity.any():
        marker = _AddParameters(self, MarkerBodyMass, {"bodyNumber": bodyNumber})
        result["markerBodyMass"] = marker
        result["loadNumber"] = _AddParameters(self, LoadMassProportional, {"markerNumber": marker,
                                                                         "loadVector": gravity.tolist()})
    return result if returnDict else bodyNumber


def CreateRigidBody(self, name="", referencePosition=None, referenceRotationMatrix=None,
                    initialVelocity=[0., 0., 0.], initialAngularVelocity=[0., 0., 0.], initialDisplacement=None,
                    initialRotationMatrix=None, inertia=None, gravity=[0., 0., 0.], nodeType=None,
                    graphicsDataList=[], graphicsDataUserFunction=0, drawSize=-1, color=_defaultColor, show=True,
                    create2D=False, returnDict=False, referenceHT=None, initialHT=None):
    """Adds a rigid-body node, an ObjectRigidBody and (if gravity is not zero) its weight: a
    LoadMassProportional on a MarkerBodyMass (the force at the center of mass), as Exudyn. `inertia` is a
    utilities.RigidBodyInertia (e.g. InertiaCuboid); angular
    velocity is global. The body is drawn with graphicsDataList. referenceHT and initialHT (Exudyn 1.13)
    give position and rotation as one homogeneous transformation. Returns the body's ObjectIndex, or a
    dict of all added items."""
    from multidyn.api.enums import NodeType
    function = "CreateRigidBody"
    referencePosition, referenceRotationMatrix = _FrameFromHT(function, "referenceHT", referenceHT, referencePosition,
                                                              referenceRotationMatrix, "referencePosition",
                                                              "referenceRotationMatrix")
    initialDisplacement, initialRotationMatrix = _FrameFromHT(function, "initialHT", initialHT, initialDisplacement,
                                                              initialRotationMatrix, "initialDisplacement",
                                                              "initialRotationMatrix")
    referencePosition = [0., 0., 0.] if referencePosition is None else referencePosition
    referenceRotationMatrix = _np.eye(3) if referenceRotationMatrix is None else referenceRotationMatrix
    graphicsData = _GraphicsList(function, graphicsDataList, graphicsDataUserFunction)
    if inertia is None or not hasattr(inertia, "GetInertia6D"):
        raise TypeError(f"{function}: parameter 'inertia': expected a RigidBodyInertia (e.g. utilities.InertiaCuboid)")
    if create2D:
        raise NotImplementedError(f"{function}: create2D=True is not supported (there are no 2D bodies); use "
                                  "create2D=False, a 3D rigid body, held in its plane by a joint such as "
                                  "CreateRevoluteJoint")
    nodeType = NodeType.RotationEulerParameters if nodeType is None else NodeType(nodeType)
    if nodeType not in (NodeType.RotationEulerParameters, NodeType.RotationRxyz):
        raise NotImplementedError(f"{function}: nodeType {nodeType.name} is not available yet; use "
                                  "exu.NodeType.RotationEulerParameters or RotationRxyz")
    p0 = _Vector3(function, "referencePosition", referencePosition)
    A0 = _np.asarray(referenceRotationMatrix, dtype=float)
    v0 = _Vector3(function, "initialVelocity", initialVelocity)
    w0 = _Vector3(function, "initialAngularVelocity", initialAngularVelocity)
    gravity = _Vector3(function, "gravity", gravity)
    displacement = _np.zeros(3) if initialDisplacement is None else _Vector3(function, "initialDisplacement",
                                                                              initialDisplacement)
    A1 = A0 if initialRotationMatrix is None else _np.asarray(initialRotationMatrix, dtype=float) @ A0
    if nodeType == NodeType.RotationEulerParameters:
        ep0 = _utilities.RotationMatrix2EulerParameters(A0)
        ep1 = _utilities.RotationMatrix2EulerParameters(A1)
        ep_t = _utilities.AngularVelocity2EulerParameters_t(w0, ep1)
        node = NodeRigidBodyEP(name=name, referenceCoordinates=list(p0) + list(ep0),
                               initialCoordinates=list(displacement) + list(_np.asarray(ep1) - _np.asarray(ep0)),
                               initialVelocities=list(v0) + list(ep_t), visualization={"show": False})
    else:
        rot0 = _utilities.RotationMatrix2RotXYZ(A0)
        rot1 = _utilities.RotationMatrix2RotXYZ(A1)
        rot_t = _utilities.AngularVelocity2RotXYZ_t(w0, rot1)
        node = NodeRigidBodyRxyz(name=name, referenceCoordinates=list(p0) + list(rot0),
                                 initialCoordinates=list(displacement) + list(_np.asarray(rot1) - _np.asarray(rot0)),
                                 initialVelocities=list(v0) + list(rot_t), visualization={"show": False})
    # Every item is built (and so validated) before the first is added: a bad value adds nothing.
    body = ObjectRigidBody(name=name, mass=inertia.Mass(), inertia=list(inertia.GetInertia6D()),
                           centerOfMass=list(inertia.COM()),
                           visualization=_Visualization(show, color, graphicsData, graphicsDataUserFunction,
                                                        drawSize=drawSize))
    withWeight = _np.linalg.norm(gravity) > 0.
    if withWeight:
        marker = MarkerBodyMass()
        load = LoadMassProportional(loadVector=list(gravity))
    nodeNumber = self.AddNode(node)
    body.nodeNumber = nodeNumber
    bodyNumber = self.AddObject(body)
    result = {"nodeNumber": nodeNumber, "bodyNumber": bodyNumber}
    if withWeight:
        marker.bodyNumber = bodyNumber
        result["markerBodyMass"] = self.AddMarker(marker)
        load.markerNumber = result["markerBodyMass"]
        result["loadNumber"] = self.AddLoad(load)
    return result if returnDict else bodyNumber


def CreateRevoluteJoint(self, name="", bodyNumbers=None, itemNumbers=None, position=[], axis=[], useGlobalFrame=True,
                        show=True, axisRadius=0.1, axisLength=0.4, color=_defaultColor):
    """Adds a revolute joint between two bodies about `axis` through `position` (global, or in body 0's
    frame if useGlobalFrame=False); returns the joint's ObjectIndex, as Exudyn's (its markers are the
    joint's markerNumbers)."""
    function = "CreateRevoluteJoint"
    items = _Pair(function, bodyNumbers, itemNumbers)
    markers = _JointMarkers(self, function, items, position, axis, useGlobalFrame, name)
    joint = ObjectJointRevoluteZ(name=name, visualization={"show": show, "axisRadius": axisRadius,
                                                           "axisLength": axisLength, "color": color})
    return _AddWithMarkers(self, joint, markers)


def CreatePrismaticJoint(self, name="", itemNumbers=[None, None], position=[], axis=[], useGlobalFrame=True,
                         show=True, axisRadius=0.1, axisLength=0.4, color=_defaultColor, bodyNumbers=None):
    """Adds an ObjectJointPrismaticX between two bodies: body 1 slides along `axis` through `position`
    (global, or in body 0's frame if useGlobalFrame=False); returns the joint's ObjectIndex."""
    function = "CreatePrismaticJoint"
    items = _Pair(function, bodyNumbers, itemNumbers)
    pJoint, frames = _JointPoint(self, function, items, position, useGlobalFrame)
    A_0J = _utilities.ComputeOrthonormalBasis(_JointAxis(function, axis, frames[0][1], useGlobalFrame))  # x = axis
    markers = _FrameMarkers(items, frames, pJoint, A_0J, name)
    joint = _itemInterface.ObjectJointPrismaticX(name=name, visualization={
        "show": show, "axisRadius": axisRadius, "axisLength": axisLength, "color": color})
    return _AddWithMarkers(self, joint, markers)


def CreateSphericalJoint(self, name="", itemNumbers=[None, None], position=[], constrainedAxes=[1, 1, 1],
                         useGlobalFrame=True, show=True, jointRadius=0.1, color=_defaultColor, bodyNumbers=None):
    """Adds an ObjectJointSpherical between two bodies (rigid bodies, mass points or ground) at
    `position` (global, or in body 0's frame if useGlobalFrame=False), locking the global
    translations flagged in constrainedAxes; returns the joint's ObjectIndex."""
    function = "CreateSphericalJoint"
    items = _Pair(function, bodyNumbers, itemNumbers)
    pJoint, frames = _JointPoint(self, function, items, position, useGlobalFrame, needsOrientation=False)
    markers = [MarkerBodyPosition(name=f"Marker{k}:{name}" if name else "", bodyNumber=item,
                                  localPosition=(A.T @ (pJoint - p)).tolist())
               for k, (item, (p, A)) in enumerate(zip(items, frames))]
    joint = _itemInterface.ObjectJointSpherical(name=name, constrainedAxes=list(constrainedAxes), visualization={
        "show": show, "jointRadius": jointRadius, "color": color})
    return _AddWithMarkers(self, joint, markers)


def CreateGenericJoint(self, name="", itemNumbers=[None, None], position=[], rotationMatrixAxes=_np.eye(3),
                       constrainedAxes=[1, 1, 1, 1, 1, 1], useGlobalFrame=True, offsetUserFunction=0,
                       offsetUserFunction_t=0, show=True, axesRadius=0.1, axesLength=0.4, color=_defaultColor,
                       bodyNumbers=None):
    """Adds an ObjectJointGeneric between two bodies at `position`; its joint axes are
    rotationMatrixAxes (global, or relative to body 0 if useGlobalFrame=False, as position), in the
    reference configuration; constrainedAxes flags the locked translations and rotations. Returns
    the joint's ObjectIndex."""
    function = "CreateGenericJoint"
    items = _Pair(function, bodyNumbers, itemNumbers)
    pJoint, frames = _JointPoint(self, function, items, position, useGlobalFrame)
    axes = _RotationMatrix(function, "rotationMatrixAxes", rotationMatrixAxes)
    A_0J = axes if useGlobalFrame else frames[0][1] @ axes
    markers = _FrameMarkers(items, frames, pJoint, A_0J, name)
    joint = _itemInterface.ObjectJointGeneric(
        name=name, constrainedAxes=list(constrainedAxes), offsetUserFunction=offsetUserFunction,
        offsetUserFunction_t=offsetUserFunction_t,
        visualization={"show": show, "axesRadius": axesRadius, "axesLength": axesLength, "color": color})
    return _AddWithMarkers(self, joint, markers)


def CreateTorsionalSpringDamper(self, name="", bodyNumbers=None, itemNumbers=None, position=[0., 0., 0.],
                                axis=[0., 0., 0.], stiffness=0., damping=0., offset=0., velocityOffset=0., torque=0.,
                                useGlobalFrame=True, springTorqueUserFunction=0, unlimitedRotations=True, show=True,
                                drawSize=-1, color=_defaultColor):
    """Adds a torsional spring-damper about `axis` through `position` between two bodies: the two
    markers (joint frame z = axis), a NodeGenericData for rotations beyond +-pi if unlimitedRotations,
    and the connector. Returns the connector's ObjectIndex."""
    function = "CreateTorsionalSpringDamper"
    items = _Pair(function, bodyNumbers, itemNumbers)
    markerItems = None if all(isinstance(i, MarkerIndex) for i in items) else \
        _JointMarkers(self, function, items, position, axis, useGlobalFrame, name)
    connector = ObjectConnectorTorsionalSpringDamper(
        name=name, stiffness=stiffness, damping=damping, offset=offset, velocityOffset=velocityOffset, torque=torque,
        springTorqueUserFunction=springTorqueUserFunction, visualization={"show": show, "drawSize": drawSize,
                                                                         "color": color})
    dataNode = NodeGenericData(name=f"Node:{name}", numberOfDataCoordinates=1, initialCoordinates=[0.])
    if markerItems is None:
        for marker in items:  # given markers must exist before anything is added
            if not 0 <= int(marker) < self.NumberOfMarkers():
                raise IndexError(f"{function}: marker number {int(marker)} does not exist")
    # all items built and checked: now add them
    connector.markerNumbers = items if markerItems is None else [self.AddMarker(m) for m in markerItems]
    if unlimitedRotations:
        connector.nodeNumber = self.AddNode(dataNode)
    return self.AddObject(connector)


def _LoadMarker(mbs, function, itemNumber, localPosition, rigid, itemName="itemNumber", positionName="localPosition"):
    """the marker a load or contact acts at: the marker itself, a node marker, or a body marker at
    localPosition (rigid: one with orientation, for torques and body-fixed loads); itemName and
    positionName are the caller's parameter names, for errors"""
    position = _Vector3(function, positionName, localPosition)
    if isinstance(itemNumber, MarkerIndex):
        return itemNumber
    if isinstance(itemNumber, NodeIndex):
        if _np.any(position != 0.):
            raise ValueError(f"{function}: parameter '{positionName}': must be [0,0,0] for a node")
        return mbs.AddMarker((MarkerNodeRigid if rigid else MarkerNodePosition)(nodeNumber=itemNumber))
    if isinstance(itemNumber, ObjectIndex):
        marker = MarkerBodyRigid if rigid else MarkerBodyPosition
        return mbs.AddMarker(marker(bodyNumber=itemNumber, localPosition=list(position)))
    raise TypeError(f"{function}: parameter '{itemName}': expected the ObjectIndex of a body, a NodeIndex or a "
                    f"MarkerIndex, got {itemNumber!r}")


def _CreateVectorLoad(mbs, function, loadClass, rigid, name, itemNumber, loadVector, localPosition, bodyFixed,
                      loadVectorUserFunction, show, bodyNumber):
    if bodyNumber is not None:
        if itemNumber is not None:
            raise ValueError(f"{function}: give itemNumber only (bodyNumber is its deprecated name), not both")
        _DeprecatedArgument(function, "bodyNumber", "itemNumber")
        itemNumber = bodyNumber
    marker = _LoadMarker(mbs, function, itemNumber, localPosition, rigid or bodyFixed)
    return mbs.AddLoad(loadClass(name=name, markerNumber=marker, loadVector=list(_Vector3(function, "loadVector",
                                                                                          loadVector)),
                                 bodyFixed=bodyFixed, loadVectorUserFunction=loadVectorUserFunction,
                                 visualization={"show": show}))


def CreateForce(self, name="", itemNumber=None, loadVector=[0., 0., 0.], localPosition=[0., 0., 0.], bodyFixed=False,
                loadVectorUserFunction=0, show=True, bodyNumber=None):
    """Adds a force on a body (at localPosition), a node or a marker (with the marker it needs);
    bodyFixed: the vector turns with the body. Returns the LoadIndex."""
    return _CreateVectorLoad(self, "CreateForce", LoadForceVector, False, name, itemNumber, loadVector, localPosition,
                             bodyFixed, loadVectorUserFunction, show, bodyNumber)


def CreateTorque(self, name="", itemNumber=None, loadVector=[0., 0., 0.], localPosition=[0., 0., 0.], bodyFixed=False,
                 loadVectorUserFunction=0, show=True, bodyNumber=None):
    """Adds a torque on a body, a rigid node or a rigid marker; bodyFixed: the vector turns with the
    body. Returns the LoadIndex."""
    return _CreateVectorLoad(self, "CreateTorque", LoadTorqueVector, True, name, itemNumber, loadVector, localPosition,
                             bodyFixed, loadVectorUserFunction, show, bodyNumber)


def _PointMarker(mbs, function, item, localPosition, k):
    """a position marker on a body (at localPosition), a node or the marker itself, and the marker's
    reference position p_0M"""
    position = _Vector3(function, f"localPosition{k}", localPosition)
    if isinstance(item, MarkerIndex):
        data = mbs.GetMarker(item)
        if "bodyNumber" in data:
            p0, A0 = _ReferenceFrame(mbs, function, data["bodyNumber"], needsOrientation=False)
            return item, p0 + A0 @ _np.asarray(data.get("localPosition", [0., 0., 0.]), float)
        return item, _NodePosition(mbs, data["nodeNumber"])
    if isinstance(item, NodeIndex):
        if _np.any(position != 0.):
            raise ValueError(f"{function}: parameter 'localPosition{k}': must be [0,0,0] for a node")
        return mbs.AddMarker(MarkerNodePosition(nodeNumber=item)), _NodePosition(mbs, item)
    if isinstance(item, ObjectIndex):
        p0, A0 = _ReferenceFrame(mbs, function, item, needsOrientation=False)
        return mbs.AddMarker(MarkerBodyPosition(bodyNumber=item, localPosition=list(position))), p0 + A0 @ position
    raise TypeError(f"{function}: parameter 'itemNumbers': expected the ObjectIndex of a body, a NodeIndex or a "
                    f"MarkerIndex, got {item!r}")


def _NodePosition(mbs, node):
    """reference position of a node; 2D nodes lie in the x-y plane"""
    data = mbs.GetNode(node)
    coordinates = list(_np.asarray(data.get("referenceCoordinates", [0., 0., 0.]), float))
    if "2D" in data["nodeType"]:
        return _np.array(coordinates[0:2] + [0.])
    return _np.array(coordinates[0:3])


def _PointMarkers(mbs, function, itemNumbers, bodyNumbers, bodyOrNodeList, localPosition0, localPosition1):
    """the position markers of a two-point connector (_PointMarker) and their reference positions;
    bodyNumbers and bodyOrNodeList are older names of itemNumbers"""
    if bodyOrNodeList is not None:
        _DeprecatedArgument(function, "bodyOrNodeList", "itemNumbers")
        if bodyNumbers is None and list(itemNumbers) == [None, None]:
            itemNumbers, bodyOrNodeList = bodyOrNodeList, None  # one warning, for the name used
    if (bodyNumbers is not None or bodyOrNodeList is not None) and list(itemNumbers) != [None, None]:
        raise ValueError(f"{function}: give itemNumbers only (bodyNumbers is its deprecated name), not both")
    items = _Pair(function, bodyNumbers if bodyNumbers is not None else bodyOrNodeList, itemNumbers)
    markers, points = [], []
    for k, (item, local) in enumerate(zip(items, [localPosition0, localPosition1])):
        marker, point = _PointMarker(mbs, function, item, local, k)
        markers.append(marker)
        points.append(point)
    return markers, points


def CreateSpringDamper(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.],
                       localPosition1=[0., 0., 0.], referenceLength=None, stiffness=0., damping=0., force=0.,
                       velocityOffset=0., springForceUserFunction=0, show=True, drawSize=-1, color=_defaultColor,
                       bodyNumbers=None, bodyOrNodeList=None):
    """Adds an ObjectConnectorSpringDamper between two bodies (at localPosition0/1), nodes or markers,
    with the position markers it needs; referenceLength None: the distance of the two points in the
    reference configuration. bodyNumbers and bodyOrNodeList are older names of itemNumbers.
    Returns the connector's ObjectIndex."""
    function = "CreateSpringDamper"
    connectorClass = _itemInterface.ObjectConnectorSpringDamper
    markers, points = _PointMarkers(self, function, itemNumbers, bodyNumbers, bodyOrNodeList, localPosition0,
                                    localPosition1)
    if referenceLength is None:
        referenceLength = float(_np.linalg.norm(points[1] - points[0]))
    return self.AddObject(connectorClass(
        name=name, markerNumbers=markers, referenceLength=referenceLength, stiffness=stiffness, damping=damping,
        force=force, velocityOffset=velocityOffset, springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": color}))


def CreateCartesianSpringDamper(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.],
                                localPosition1=[0., 0., 0.], stiffness=[0., 0., 0.], damping=[0., 0., 0.],
                                offset=[0., 0., 0.], springForceUserFunction=0, show=True, drawSize=-1,
                                color=_defaultColor, bodyNumbers=None, bodyOrNodeList=None):
    """Adds an ObjectConnectorCartesianSpringDamper between two bodies (at localPosition0/1), nodes or
    markers, with the position markers it needs. bodyNumbers and bodyOrNodeList are older names of
    itemNumbers. Returns the connector's ObjectIndex."""
    function = "CreateCartesianSpringDamper"
    for parameterName, value in (("stiffness", stiffness), ("damping", damping), ("offset", offset)):
        _Vector3(function, parameterName, value)
    markers, _ = _PointMarkers(self, function, itemNumbers, bodyNumbers, bodyOrNodeList, localPosition0,
                               localPosition1)
    return self.AddObject(_itemInterface.ObjectConnectorCartesianSpringDamper(
        name=name, markerNumbers=markers, stiffness=list(stiffness), damping=list(damping), offset=list(offset),
        springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": color}))


def CreateLinearSpringDamper(self, name="", itemNumbers=[None, None], position=[0., 0., 0.], axis=[1., 0., 0.],
                             stiffness=0., damping=0., offset=0., velocityOffset=0., force=0., useGlobalFrame=True,
                             springForceUserFunction=0, show=True, drawSize=-1, color=_defaultColor, bodyNumbers=None):
    """Adds an ObjectConnectorLinearSpringDamper between two bodies at `position`, acting along `axis`
    (global, or in body 0's frame if useGlobalFrame=False; fixed to body 0), e.g. along a prismatic
    joint. Returns the connector's ObjectIndex."""
    function = "CreateLinearSpringDamper"
    items = _Pair(function, bodyNumbers, itemNumbers)
    pPoint, frames = _JointPoint(self, function, items, position, useGlobalFrame)
    axisGlobal = _JointAxis(function, axis, frames[0][1], useGlobalFrame)
    markers = _FrameMarkers(items, frames, pPoint, None, name)
    connector = _itemInterface.ObjectConnectorLinearSpringDamper(
        name=name, axisMarker0=(frames[0][1].T @ axisGlobal).tolist(),
        stiffness=stiffness, damping=damping, offset=offset, velocityOffset=velocityOffset, force=force,
        springForceUserFunction=springForceUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": color})
    return _AddWithMarkers(self, connector, markers)


def CreateRigidBodySpringDamper(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.],
                                localPosition1=[0., 0., 0.], stiffness=_np.zeros((6, 6)), damping=_np.zeros((6, 6)),
                                offset=[0., 0., 0., 0., 0., 0.], rotationMatrixJoint=_np.eye(3), useGlobalFrame=True,
                                useIntrinsicFormulation=True, springForceTorqueUserFunction=0,
                                postNewtonStepUserFunction=0, show=True, drawSize=-1, color=_defaultColor,
                                intrinsicFormulation=None, bodyNumbers=None, bodyList=None):
    """Adds an ObjectConnectorRigidBodySpringDamper between two bodies at localPosition0/1 with the
    joint axes rotationMatrixJoint (global, or relative to body 0 if useGlobalFrame=False) on rigid
    markers; intrinsic (mid-frame, Lie group) formulation by default, as Exudyn. bodyNumbers and
    bodyList are older names of itemNumbers, intrinsicFormulation of useIntrinsicFormulation.
    Returns the connector's ObjectIndex."""
    function = "CreateRigidBodySpringDamper"
    if intrinsicFormulation is not None:
        _DeprecatedArgument(function, "intrinsicFormulation", "useIntrinsicFormulation")
        useIntrinsicFormulation = intrinsicFormulation
    if bodyList is not None and bodyNumbers is not None:
        raise ValueError(f"{function}: give itemNumbers only (bodyList and bodyNumbers are its deprecated names)")
    if bodyList is not None:
        items = _Pair(function, bodyList, itemNumbers, "bodyList")
    else:
        items = _Pair(function, bodyNumbers, itemNumbers)
    frames = [_ReferenceFrame(self, function, item) for item in items]
    axes = _RotationMatrix(function, "rotationMatrixJoint", rotationMatrixJoint)
    A_0J = axes if useGlobalFrame else frames[0][1] @ axes
    markers = [MarkerBodyRigid(name=f"Marker{k}:{name}" if name else "", bodyNumber=item,
                               localPosition=list(_Vector3(function, f"localPosition{k}", local)),
                               localRotationMatrix=(A.T @ A_0J).tolist())
               for k, (item, local, (_, A)) in enumerate(zip(items, [localPosition0, localPosition1], frames))]
    connector = _itemInterface.ObjectConnectorRigidBodySpringDamper(
        name=name, stiffness=_np.asarray(stiffness, float).tolist(), damping=_np.asarray(damping, float).tolist(),
        offset=list(offset), useIntrinsicFormulation=useIntrinsicFormulation,
        springForceTorqueUserFunction=springForceTorqueUserFunction,
        postNewtonStepUserFunction=postNewtonStepUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": color})
    return _AddWithMarkers(self, connector, markers)


def CreateDistanceConstraint(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.],
                             localPosition1=[0., 0., 0.], distance=None, show=True, drawSize=-1.,
                             color=_defaultColor, bodyNumbers=None, bodyOrNodeList=None):
    """Adds an ObjectConnectorDistance between two bodies (at localPosition0/1), nodes or markers, with
    the position markers it needs; distance None: the distance of the two points in the reference
    configuration. bodyNumbers and bodyOrNodeList are older names of itemNumbers. Returns the
    constraint's ObjectIndex."""
    function = "CreateDistanceConstraint"
    if distance is not None:
        if isinstance(distance, bool) or not isinstance(distance, (int, float, _np.floating, _np.integer)) \
                or not distance >= 0.:
            raise ValueError(f"{function}: parameter 'distance': expected None or a distance >= 0 [m], got {distance!r}")
    markers, points = _PointMarkers(self, function, itemNumbers, bodyNumbers, bodyOrNodeList, localPosition0,
                                    localPosition1)
    if distance is None:
        distance = float(_np.linalg.norm(points[1] - points[0]))
    if distance == 0.:
        # as Exudyn: coinciding points are joined by a spherical joint (in the plane for planar bodies)
        _Print("WARNING: CreateDistanceConstraint called with distance=0; creating SphericalJoint instead")
        bodies = [self.GetMarker(marker).get("bodyNumber") for marker in markers]
        planar = any(body is not None and "2D" in self.GetObject(body)["objectType"] for body in bodies)
        return self.AddObject(_itemInterface.ObjectJointSpherical(
            name=name, markerNumbers=markers, constrainedAxes=[1, 1, 0 if planar else 1],
            visualization={"show": show, "jointRadius": 0.5 * drawSize, "color": color}))
    return self.AddObject(_itemInterface.ObjectConnectorDistance(
        name=name, markerNumbers=markers, distance=distance, visualization={"show": show, "drawSize": drawSize,
                                                                            "color": color}))


def _RollingDiscMarkers(mbs, function, name, bodyNumbers, axisPosition, axisVector, planePosition, planeNormal):
    """The rigid markers (not yet added) of a rolling disc: on body 0 at planePosition, on the disc
    body 1 at axisPosition (its center), after checking the arguments."""
    if bodyNumbers is None or len(bodyNumbers) != 2 or any(item is None for item in bodyNumbers):
        raise ValueError(f"{function}: parameter 'bodyNumbers': expected [ground or rigid body, disc body] "
                         f"(ObjectIndex), got {bodyNumbers!r}")
    for item in bodyNumbers:
        _ReferenceFrame(mbs, function, item)
    for parameterName, value in (("axisPosition", axisPosition), ("axisVector", axisVector),
                                 ("planePosition", planePosition), ("planeNormal", planeNormal)):
        _Vector3(function, parameterName, value)
    markers = [MarkerBodyRigid(name=f"Marker{k}:{name}" if name else "", bodyNumber=item, localPosition=list(point))
               for k, (item, point) in enumerate(zip(bodyNumbers, (planePosition, axisPosition)))]
    return markers


def CreateRollingDisc(self, name="", bodyNumbers=[None, None], axisPosition=[], axisVector=[1., 0., 0.],
                      discRadius=0., planePosition=[0., 0., 0.], planeNormal=[0., 0., 1.], constrainedAxes=[1, 1, 1],
                      activeConnector=True, show=True, discWidth=0.1, color=_defaultColor):
    """Adds an ObjectJointRollingDisc: the disc of body 1 (center at axisPosition, axis axisVector, both
    in body 1's frame) rolls without slipping on the plane of body 0 (ground or a rigid body) through
    planePosition with normal planeNormal (in body 0's frame), with the two rigid markers it needs
    (named Marker0:name, Marker1:name). Returns the joint's ObjectIndex."""
    markers = _RollingDiscMarkers(self, "CreateRollingDisc", name, bodyNumbers, axisPosition, axisVector,
                                  planePosition, planeNormal)
    joint = _itemInterface.ObjectJointRollingDisc(
        name=name, constrainedAxes=list(constrainedAxes), discRadius=discRadius, discAxis=list(axisVector),
        planeNormal=list(planeNormal), activeConnector=activeConnector,
        visualization={"show": show, "discWidth": discWidth, "color": color})
    return _AddWithMarkers(self, joint, markers)


def CreateRollingDiscPenalty(self, name="", bodyNumbers=[None, None], axisPosition=[], axisVector=[1., 0., 0.],
                             discRadius=0., planePosition=[0., 0., 0.], planeNormal=[0., 0., 1.], contactStiffness=0.,
                             contactDamping=0., dryFriction=[0., 0.], dryFrictionAngle=0., dryFrictionProportionalZone=0.,
                             viscousFriction=[0., 0.], rollingViscousFriction=0., useLinearProportionalZone=False,
                             activeConnector=True, show=True, discWidth=0.1, color=_defaultColor,
                             rollingFrictionViscous=None):
    """Adds an ObjectConnectorRollingDiscPenalty: the disc of body 1 (center at axisPosition, axis
    axisVector, in body 1's frame) in penalty contact with friction with the plane of body 0 through
    planePosition with normal planeNormal (in body 0's frame), with its two rigid markers and its
    NodeGenericData (3 data coordinates). rollingFrictionViscous is Exudyn 1.11's name of
    rollingViscousFriction. Returns the connector's ObjectIndex."""
    function = "CreateRollingDiscPenalty"
    if rollingFrictionViscous is not None:
        _DeprecatedArgument(function, "rollingFrictionViscous", "rollingViscousFriction")
        rollingViscousFriction = rollingFrictionViscous
    markers = _RollingDiscMarkers(self, function, name, bodyNumbers, axisPosition, axisVector, planePosition,
                                  planeNormal)
    connector = _itemInterface.ObjectConnectorRollingDiscPenalty(
        name=name, discRadius=discRadius, discAxis=list(axisVector), planeNormal=list(planeNormal),
        contactStiffness=contactStiffness, contactDamping=contactDamping, dryFriction=list(dryFriction),
        dryFrictionAngle=dryFrictionAngle, dryFrictionProportionalZone=dryFrictionProportionalZone,
        viscousFriction=list(viscousFriction), rollingViscousFriction=rollingViscousFriction,
        useLinearProportionalZone=useLinearProportionalZone, activeConnector=activeConnector,
        visualization={"show": show, "discWidth": discWidth, "color": color})
    return _AddWithMarkers(self, connector, markers,
                           NodeGenericData(initialCoordinates=[0., 0., 0.], numberOfDataCoordinates=3))


def _NodeODE2Count(mbs, node):
    """the number of ODE2 coordinates of a node (0 for ground, ODE1 and data nodes)"""
    data = mbs.GetNode(node)
    if "numberOfODE2Coordinates" in data:
        return int(data["numberOfODE2Coordinates"])
    return len(data.get("initialVelocities", []))


def _CoordinateMarker(mbs, function, k, item, coordinate, name):
    """(the MarkerNodeCoordinate, not yet added, for entry k of itemNumbers, or None for the ground
    (None or a ground object); True if the entry is ground)"""
    markerName = f"Marker{k}:{name}" if name else ""
    if item is None:
        return None, True
    if isinstance(item, MarkerIndex) or isinstance(item, bool) or not isinstance(item, (int, _np.integer)):
        raise TypeError(f"{function}: parameter 'itemNumbers[{k}]': expected a body (ObjectIndex), a node (NodeIndex) "
                        f"or None for the ground, got {item!r}")
    if isinstance(item, NodeIndex):
        if not 0 <= int(item) < mbs.NumberOfNodes():
            raise IndexError(f"{function}: parameter 'itemNumbers[{k}]': node number {int(item)} does not exist; the "
                             f"system has {mbs.NumberOfNodes()} nodes")
        nodeType = mbs.GetNode(item)["nodeType"]
        if nodeType == "PointGround":  # a fixed zero: its marker is the ground's
            return MarkerNodeCoordinate(name=markerName, nodeNumber=int(item), coordinate=0), True
        nodes = [int(item)]
        owner = f"node {int(item)} ({nodeType})"
    else:
        if not 0 <= int(item) < mbs.NumberOfObjects():
            raise IndexError(f"{function}: parameter 'itemNumbers[{k}]': object number {int(item)} does not exist; "
                             f"the system has {mbs.NumberOfObjects()} objects")
        data = mbs.GetObject(item)
        if data["objectType"] == "Ground":
            return None, True
        if "nodeNumber" in data:
            nodes = [int(data["nodeNumber"])]
        elif "nodeNumbers" in data:
            nodes = [int(n) for n in data["nodeNumbers"]]
        else:
            raise TypeError(f"{function}: parameter 'itemNumbers[{k}]': object {int(item)} ({data['objectType']}) is "
                            "not a body (it has no nodes); expected a body, a node or None for the ground")
        owner = f"body {int(item)} ({data['objectType']})"
    if isinstance(coordinate, bool) or not isinstance(coordinate, (int, _np.integer)) or coordinate < 0:
        raise TypeError(f"{function}: parameter 'coordinates[{k}]': expected a coordinate index (int >= 0) of "
                        f"{owner}, got {coordinate!r}")
    local = int(coordinate)
    total = 0
    for node in nodes:  # a body's coordinates are those of its nodes, in their order (as Exudyn)
        count = _NodeODE2Count(mbs, node)
        if local < count:
            return MarkerNodeCoordinate(name=markerName, nodeNumber=node, coordinate=local), False
        local -= count
        total += count
    raise ValueError(f"{function}: parameter 'coordinates[{k}]': {owner} has {total} ODE2 coordinate(s); expected 0 "
                     f"<= coordinate < {total}, got {int(coordinate)}")


def CreateCoordinateConstraint(self, name="", itemNumbers=[None, None], coordinates=[None, None], offset=0.,
                               factor1=1., velocityLevel=False, offsetUserFunction=0, offsetUserFunction_t=0,
                               show=True, drawSize=-1., color=_defaultColor, factorValue1=None, bodyNumbers=None,
                               bodyOrNodeList=None):
    """Adds an ObjectConnectorCoordinate, factor1*c1 - c0 = offset (or offsetUserFunction(mbs, t,
    itemNumber, offset)), between coordinate coordinates[0] of itemNumbers[0] and coordinates[1] of
    itemNumbers[1], with the MarkerNodeCoordinate markers it needs (Marker0:name, Marker1:name).
    An item is a body (its coordinates are those of its nodes, in their order), a node, or None or
    a ground object for the ground (a hidden NodePointGround is added, whose coordinate is a fixed
    zero; the coordinate is then not used; a NodePointGround given as node is used so). factorValue1 and
    bodyNumbers are Exudyn 1.11's names of factor1
    and itemNumbers (DeprecationWarning); bodyOrNodeList is not accepted (as Exudyn 1.13).
    velocityLevel=True: factor1*c1_t - c0_t = offset (or offsetUserFunction_t). The items and
    coordinates are checked before the first item is added. Returns the constraint's ObjectIndex."""
    function = "CreateCoordinateConstraint"
    if bodyOrNodeList is not None:
        raise TypeError(f"{function}: the argument bodyOrNodeList is not accepted; use itemNumbers")
    if factorValue1 is not None:
        _DeprecatedArgument(function, "factorValue1", "factor1")
        factor1 = factorValue1
    if bodyNumbers is not None:
        if not (isinstance(itemNumbers, (list, tuple)) and all(item is None for item in itemNumbers)):
            raise TypeError(f"{function}: give itemNumbers only (bodyNumbers is its deprecated name), not both")
        _DeprecatedArgument(function, "bodyNumbers", "itemNumbers")
        itemNumbers = bodyNumbers
    if not isinstance(name, str):
        raise TypeError(f"{function}: parameter 'name': expected a string, got {name!r}")
    if not isinstance(itemNumbers, (list, tuple)) or len(itemNumbers) != 2:
        raise TypeError(f"{function}: parameter 'itemNumbers': expected a list of 2 items (body, node or None for the "
                        f"ground), got {itemNumbers!r}")
    if not isinstance(coordinates, (list, tuple)) or len(coordinates) != 2:
        raise TypeError(f"{function}: parameter 'coordinates': expected a list of 2 coordinate indices (None for the "
                        f"ground), got {coordinates!r}")
    markers, grounds = zip(*[_CoordinateMarker(self, function, k, item, coordinate, name)
                             for k, (item, coordinate) in enumerate(zip(itemNumbers, coordinates))])
    if all(grounds):
        raise ValueError(f"{function}: parameter 'itemNumbers': one of the two items must be a body or a node, got "
                         f"{list(itemNumbers)!r} (both ground)")
    connector = _itemInterface.ObjectConnectorCoordinate(
        name=name, offset=offset, factorValue1=factor1, velocityLevel=velocityLevel,
        offsetUserFunction=offsetUserFunction, offsetUserFunction_t=offsetUserFunction_t,
        visualization={"show": show, "drawSize": drawSize, "color": color})
    # all items built and checked: now add them (the ground: a hidden NodePointGround, as Exudyn)
    markerNumbers = []
    for k, marker in enumerate(markers):
        if marker is None:
            ground = self.AddNode(_itemInterface.NodePointGround(visualization={"show": False}))
            marker = MarkerNodeCoordinate(name=f"Marker{k}:{name}" if name else "", nodeNumber=ground, coordinate=0)
        markerNumbers.append(self.AddMarker(marker))
    connector.markerNumbers = markerNumbers
    return self.AddObject(connector)


def _LinkVector(function, name, value, nLinks, default):
    """None -> default; otherwise a list of nLinks finite numbers"""
    if value is None:
        return default
    array = _np.asarray(value, dtype=float)
    if array.shape != (nLinks,) or not _np.all(_np.isfinite(array)):
        raise ValueError(f"{function}: parameter '{name}': expected None or a list of {nLinks} finite numbers (one per "
                         f"link of listOfTreeLinks), got {value!r}")
    return list(array)


def _LinkVector3List(function, name, value, nLinks):
    """None -> []; otherwise nLinks 3-vectors"""
    if value is None:
        return []
    array = _np.asarray(list(value), dtype=float)
    if array.shape != (nLinks, 3) or not _np.all(_np.isfinite(array)):
        raise ValueError(f"{function}: parameter '{name}': expected None or {nLinks} vectors of 3 finite numbers (one "
                         f"per link of listOfTreeLinks), got {value!r}")
    return array.tolist()


def CreateKinematicTree(self, name="", listOfTreeLinks=[], referenceCoordinates=None, initialCoordinates=None,
                        initialCoordinates_t=None, gravity=[0., 0., 0.], baseOffset=[0., 0., 0.], linkForces=None,
                        linkTorques=None, jointForceVector=None, jointPositionOffsetVector=None,
                        jointVelocityOffsetVector=None, forceUserFunction=0, jointRadius=0.05, jointWidth=0.12,
                        colors=_defaultColor, colorsJoints=_defaultColor, baseGraphicsDataList=None,
                        linkRoundness=0.2, show=True):
    """Adds a NodeGenericODE2 (name 'Node:'+name) and an ObjectKinematicTree built from listOfTreeLinks
    (utilities.TreeLink: inertia about the joint point, joint type, jointHT from the parent's frame, parent,
    PD gains, graphics), as Exudyn's mbs.CreateKinematicTree. A link's parent None means the previous link
    (all parents None, or all given). The joint coordinates start at referenceCoordinates +
    initialCoordinates (default 0). If any link has PDcontrol, every joint gets P and D gains (0 where
    not given) and the set values jointPositionOffsetVector / jointVelocityOffsetVector (default 0).
    As Exudyn, an ObjectGround at baseOffset carries the base graphics unless baseGraphicsDataList is [];
    each link's graphicsDataList goes to the tree's, which the viewer draws (jointRadius, jointWidth,
    colorsJoints, linkRoundness are accepted for compatibility, not used: the viewer's default drawing of a
    link without graphics has its own sizes). linkForces, linkTorques and forceUserFunction go to the tree. Everything is
    checked before the first item is added. Returns the tree's ObjectIndex."""
    function = "CreateKinematicTree"
    if not isinstance(name, str):
        raise TypeError(f"{function}: parameter 'name': expected a string, got {name!r}")
    if not isinstance(listOfTreeLinks, (list, tuple)) or len(listOfTreeLinks) == 0:
        raise ValueError(f"{function}: parameter 'listOfTreeLinks': expected a non-empty list of TreeLink, "
                         f"got {listOfTreeLinks!r}")
    nLinks = len(listOfTreeLinks)
    gravity = list(_Vector3(function, "gravity", gravity))
    baseOffset = list(_Vector3(function, "baseOffset", baseOffset))
    zeros = [0.] * nLinks
    referenceCoordinates = _LinkVector(function, "referenceCoordinates", referenceCoordinates, nLinks, zeros)
    initialCoordinates = _LinkVector(function, "initialCoordinates", initialCoordinates, nLinks, zeros)
    initialCoordinates_t = _LinkVector(function, "initialCoordinates_t", initialCoordinates_t, nLinks, zeros)
    jointForceVector = _LinkVector(function, "jointForceVector", jointForceVector, nLinks, [])
    jointPositionOffsetVector = _LinkVector(function, "jointPositionOffsetVector", jointPositionOffsetVector, nLinks, None)
    jointVelocityOffsetVector = _LinkVector(function, "jointVelocityOffsetVector", jointVelocityOffsetVector, nLinks, None)
    linkForces = _LinkVector3List(function, "linkForces", linkForces, nLinks)
    linkTorques = _LinkVector3List(function, "linkTorques", linkTorques, nLinks)
    if colors is not None and not isinstance(colors, (list, tuple)):
        raise TypeError(f"{function}: parameter 'colors': expected one RGBA color or a list of {nLinks}, got {colors!r}")

    jointTypes, linkParents, jointTransformations, jointOffsets = [], [], [], []
    linkMasses, linkCOMs, linkInertiasCOM, gains, linkGraphics = [], [], [], [], []
    parentsGiven = [link.parent is not None for link in listOfTreeLinks if isinstance(link, TreeLink)]
    if any(parentsGiven) and not all(parentsGiven):
        raise ValueError(f"{function}: parameter 'listOfTreeLinks': either all TreeLink parents are None (a serial "
                         "chain) or all are given as numbers")
    for i, link in enumerate(listOfTreeLinks):
        where = f"{function}: parameter 'listOfTreeLinks': link {i}"
        if not isinstance(link, TreeLink):
            raise TypeError(f"{where}: expected a TreeLink, got {link!r}")
        parent = i - 1 if link.parent is None else link.parent
        if isinstance(parent, bool) or not isinstance(parent, (int, _np.integer)) or not -1 <= parent < i:
            raise ValueError(f"{where}: parent {link.parent!r}: expected -1 (the base) or a smaller link number")
        try:
            jointType = _JointType(link.jointType)
        except (ValueError, KeyError):
            raise ValueError(f"{where}: jointType {link.jointType!r}: expected an exu.JointType (RevoluteX/Y/Z, "
                             "PrismaticX/Y/Z)") from None
        inertia = link.linkInertia
        if not isinstance(inertia, _utilities.RigidBodyInertia):
            raise TypeError(f"{where}: linkInertia: expected a RigidBodyInertia (e.g. InertiaCuboid), got {inertia!r}")
        transform = _np.asarray(link.jointHT, dtype=float)
        if transform.shape != (4, 4) or not _np.all(_np.isfinite(transform)):
            raise ValueError(f"{where}: jointHT: expected a 4x4 homogeneous transformation, got {link.jointHT!r}")
        if link.PDcontrol is not None and (len(link.PDcontrol) != 2 or not _np.all(_np.isfinite(link.PDcontrol))):
            raise ValueError(f"{where}: PDcontrol: expected None or (P, D), got {link.PDcontrol!r}")
        jointTypes.append(jointType.name)
        linkParents.append(int(parent))
        jointTransformations.append(transform[0:3, 0:3].tolist())
        jointOffsets.append(transform[0:3, 3].tolist())
        linkMasses.append(float(inertia.Mass()))
        linkCOMs.append(list(map(float, inertia.COM())))
        linkInertiasCOM.append(_np.asarray(inertia.InertiaCOM(), dtype=float).tolist())
        gains.append(link.PDcontrol)
        linkGraphics.append([] if link.graphicsDataList is None else list(link.graphicsDataList))
    hasPDcontrol = any(g is not None for g in gains)
    if not hasPDcontrol and (jointPositionOffsetVector is not None or jointVelocityOffsetVector is not None):
        raise ValueError(f"{function}: jointPositionOffsetVector and jointVelocityOffsetVector need PDcontrol in at "
                         "least one TreeLink (otherwise give None)")
    control = {}
    if hasPDcontrol:
        control = dict(jointPControlVector=[0. if g is None else float(g[0]) for g in gains],
                       jointDControlVector=[0. if g is None else float(g[1]) for g in gains],
                       jointPositionOffsetVector=zeros if jointPositionOffsetVector is None else jointPositionOffsetVector,
                       jointVelocityOffsetVector=zeros if jointVelocityOffsetVector is None else jointVelocityOffsetVector)
    if baseGraphicsDataList is not None and not isinstance(baseGraphicsDataList, list):
        raise TypeError(f"{function}: parameter 'baseGraphicsDataList': expected None or a list of graphics dicts, "
                        f"got {baseGraphicsDataList!r}")
    color = list(colors) if colors is not None and len(colors) == 4 and not isinstance(colors[0], (list, tuple)) \
        else _defaultColor
    # Every item is built (and so checked) before the first is added.
    nodeNumber = NodeIndex(self.NumberOfNodes())
    node = _itemInterface.NodeGenericODE2(name="Node:" + name if name else "", referenceCoordinates=referenceCoordinates,
                                          initialCoordinates=initialCoordinates,
                                          initialCoordinates_t=initialCoordinates_t, numberOfODE2Coordinates=nLinks)
    tree = _itemInterface.ObjectKinematicTree(
        name=name, nodeNumber=nodeNumber, jointTypes=jointTypes, linkParents=linkParents,
        jointTransformations=jointTransformations, jointOffsets=jointOffsets, linkInertiasCOM=linkInertiasCOM,
        linkCOMs=linkCOMs, linkMasses=linkMasses, linkForces=linkForces, linkTorques=linkTorques,
        jointForceVector=jointForceVector, forceUserFunction=forceUserFunction, baseOffset=baseOffset,
        gravity=gravity, visualization={"show": show, "color": color, "graphicsDataList": linkGraphics}, **control)
    for i, inertia in enumerate(linkInertiasCOM):
        eigenvalues = _np.linalg.eigvalsh(_np.asarray(inertia))
        if eigenvalues.min() < -1e-12 * max(1., abs(eigenvalues).max()):
            raise ValueError(f"{function}: parameter 'listOfTreeLinks': link {i}: linkInertia: the inertia about the "
                             "center of mass is not positive semi-definite")
    if baseGraphicsDataList is None or len(baseGraphicsDataList) > 0:
        CreateGround(self, referencePosition=baseOffset,
                     graphicsDataList=[] if baseGraphicsDataList is None else baseGraphicsDataList)
    self.AddNode(node)
    return self.AddObject(tree)


def _JointType(value):
    """an exu.JointType from the enum, its name or its value"""
    if isinstance(value, str):
        return JointType[value]
    if isinstance(value, bool):
        raise ValueError(value)
    jointType = JointType(value)
    if jointType == JointType._None:
        raise ValueError(value)
    return jointType


def _AllOrNothingCall(create):
    @_functools.wraps(create)
    def Create(self, *args, **kwargs):
        with _AllOrNothing(self):
            return create(self, *args, **kwargs)
    return Create


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {}
for _create in (CreateKinematicTree, CreateGround, CreateSpringDamper, CreateDistanceConstraint,
                CreateCoordinateConstraint, CreateForce, CreateTorque, CreateMassPoint, CreateRigidBody,
                CreateRevoluteJoint, CreatePrismaticJoint, CreateSphericalJoint, CreateGenericJoint,
                CreateCartesianSpringDamper, CreateLinearSpringDamper, CreateRigidBodySpringDamper,
                CreateTorsionalSpringDamper, CreateRollingDisc, CreateRollingDiscPenalty):
    methods[_create.__name__] = _AllOrNothingCall(_create)
