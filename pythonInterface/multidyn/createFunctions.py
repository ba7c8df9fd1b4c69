"""mbs.Create...: helpers that add an item with the markers and nodes it needs in one call."""
import numpy as _np

from . import _multidyn
from . import utilities as _utilities
from .indices import MarkerIndex, ObjectIndex
from .itemInterface import (LoadForceVector, MarkerBodyPosition, MarkerBodyRigid, NodeGenericData, NodeRigidBodyEP,
                            NodeRigidBodyRxyz, ObjectConnectorTorsionalSpringDamper, ObjectGround,
                            ObjectJointRevoluteZ, ObjectRigidBody)

MainSystem = _multidyn.MainSystem
_defaultColor = [-1., -1., -1., -1.]


def _Vector3(function, name, value):
    array = _np.asarray(value, dtype=float)
    if array.shape != (3,) or not _np.all(_np.isfinite(array)):
        raise ValueError(f"{function}: parameter '{name}': expected a list of 3 finite numbers, got {value!r}")
    return array


def _ReferenceFrame(mbs, function, item):
    """Reference position p_0B and rotation A_0B of a body (or ground) from its parameters."""
    if isinstance(item, MarkerIndex) or not isinstance(item, (int, _np.integer)) or isinstance(item, bool):
        raise TypeError(f"{function}: expected ObjectIndex of bodies in itemNumbers, got {item!r}")
    if not 0 <= int(item) < mbs.NumberOfObjects():
        raise IndexError(f"{function}: object number {int(item)} does not exist")
    data = mbs.GetObject(item)
    if data["objectType"] == "Ground":
        return _np.asarray(data["referencePosition"], float), _np.asarray(data["referenceRotation"], float)
    if "nodeNumber" not in data:
        raise TypeError(f"{function}: object {int(item)} ({data['objectType']}) is not a body")
    node = mbs.GetNode(data["nodeNumber"])
    reference = _np.asarray(node.get("referenceCoordinates", [0.] * 3), float)
    if node["nodeType"] == "RigidBodyEP":
        return reference[:3], _utilities.EulerParameters2RotationMatrix(reference[3:7])
    if node["nodeType"] == "RigidBodyRxyz":
        return reference[:3], _utilities.RotXYZ2RotationMatrix(reference[3:6])
    return reference[:3], _np.eye(3)


def _Pair(function, bodyNumbers, itemNumbers):
    items = itemNumbers if itemNumbers is not None else bodyNumbers
    if items is None or len(items) != 2 or any(i is None for i in items):
        raise ValueError(f"{function}: parameter 'itemNumbers': expected a list of two body numbers (ObjectIndex)")
    return list(items)


def _JointMarkers(mbs, function, items, position, axis, useGlobalFrame, name):
    """Markers whose z-axis is the joint axis at the joint point, on both bodies."""
    p0, A0 = _ReferenceFrame(mbs, function, items[0])
    position = _Vector3(function, "position", position)
    axis = _Vector3(function, "axis", axis)
    if _np.linalg.norm(axis) == 0.:
        raise ValueError(f"{function}: parameter 'axis': the joint axis must not be zero")
    pJoint = position if useGlobalFrame else A0 @ position + p0
    axisGlobal = axis if useGlobalFrame else A0 @ axis
    basis = _utilities.ComputeOrthonormalBasis(axisGlobal)
    A_0J = _np.column_stack([-basis[:, 2], basis[:, 1], basis[:, 0]])  # z = axis, det = +1
    markers = []
    for k, item in enumerate(items):
        p, A = _ReferenceFrame(mbs, function, item)
        markers.append(mbs.AddMarker(MarkerBodyRigid(name=f"Marker{k}:{name}", bodyNumber=item,
                                                     localPosition=(A.T @ (pJoint - p)).tolist(),
                                                     localRotationMatrix=(A.T @ A_0J).tolist())))
    return markers


def CreateGround(self, name="", referencePosition=[0., 0., 0.], referenceRotationMatrix=_np.eye(3), show=True,
                 color=_defaultColor, graphicsDataList=[]):
    """Adds an ObjectGround; returns its ObjectIndex."""
    return self.AddObject(ObjectGround(name=name, referencePosition=referencePosition,
                                       referenceRotation=_np.asarray(referenceRotationMatrix).tolist(),
                                       visualization={"show": show, "color": color}))


def CreateRigidBody(self, name="", referencePosition=[0., 0., 0.], referenceRotationMatrix=_np.eye(3),
                    initialVelocity=[0., 0., 0.], initialAngularVelocity=[0., 0., 0.], initialDisplacement=None,
                    initialRotationMatrix=None, inertia=None, gravity=[0., 0., 0.], nodeType=None,
                    graphicsDataList=[], drawSize=-1, color=_defaultColor, show=True, create2D=False,
                    returnDict=False):
    """Adds a rigid-body node, an ObjectRigidBody and (if gravity is not zero) its weight as a force at
    the center of mass. `inertia` is a utilities.RigidBodyInertia (e.g. InertiaCuboid); angular
    velocity is global. Returns the body's ObjectIndex, or a dict of all added items."""
    from . import NodeType
    function = "CreateRigidBody"
    if inertia is None or not hasattr(inertia, "GetInertia6D"):
        raise TypeError(f"{function}: parameter 'inertia': expected a RigidBodyInertia (e.g. utilities.InertiaCuboid)")
    if create2D:
        raise NotImplementedError(f"{function}: create2D=True is not supported (there are no 2D bodies); use "
                                  "create2D=False, a 3D rigid body, held in its plane by a joint such as "
                                  "CreateRevoluteJoint")
    nodeType = NodeType.RotationEulerParameters if nodeType is None else NodeType(nodeType)
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
    nodeNumber = self.AddNode(node)
    bodyNumber = self.AddObject(ObjectRigidBody(name=name, nodeNumber=nodeNumber, mass=inertia.Mass(),
                                                inertia=list(inertia.GetInertia6D()),
                                                centerOfMass=list(inertia.COM()),
                                                visualization={"show": show, "drawSize": drawSize, "color": color}))
    result = {"nodeNumber": nodeNumber, "bodyNumber": bodyNumber}
    if _np.linalg.norm(gravity) > 0.:
        marker = self.AddMarker(MarkerBodyPosition(bodyNumber=bodyNumber, localPosition=list(inertia.COM())))
        result["markerBodyCOM"] = marker
        result["loadGravity"] = self.AddLoad(LoadForceVector(markerNumber=marker,
                                                             loadVector=list(inertia.Mass() * gravity)))
    return result if returnDict else bodyNumber


def CreateRevoluteJoint(self, name="", bodyNumbers=None, itemNumbers=None, position=[], axis=[], useGlobalFrame=True,
                        show=True, axisRadius=0.1, axisLength=0.4, color=_defaultColor):
    """Adds a revolute joint between two bodies about `axis` through `position` (global, or in body 0's
    frame if useGlobalFrame=False); returns [ObjectIndex of the joint, marker 0, marker 1]."""
    function = "CreateRevoluteJoint"
    items = _Pair(function, bodyNumbers, itemNumbers)
    markers = _JointMarkers(self, function, items, position, axis, useGlobalFrame, name)
    joint = self.AddObject(ObjectJointRevoluteZ(name=name, markerNumbers=markers,
                                                visualization={"show": show, "axisRadius": axisRadius,
                                                               "axisLength": axisLength, "color": color}))
    return [joint] + markers


def CreateTorsionalSpringDamper(self, name="", bodyNumbers=None, itemNumbers=None, position=[0., 0., 0.],
                                axis=[0., 0., 0.], stiffness=0., damping=0., offset=0., velocityOffset=0., torque=0.,
                                useGlobalFrame=True, springTorqueUserFunction=0, unlimitedRotations=True, show=True,
                                drawSize=-1, color=_defaultColor):
    """Adds a torsional spring-damper about `axis` through `position` between two bodies: the two
    markers (joint frame z = axis), a NodeGenericData for rotations beyond +-pi if unlimitedRotations,
    and the connector. Returns the connector's ObjectIndex."""
    function = "CreateTorsionalSpringDamper"
    items = _Pair(function, bodyNumbers, itemNumbers)
    if all(isinstance(i, MarkerIndex) for i in items):
        markers = items
    else:
        markers = _JointMarkers(self, function, items, position, axis, useGlobalFrame, name)
    nodeNumber = -1
    if unlimitedRotations:
        nodeNumber = self.AddNode(NodeGenericData(name=f"Node:{name}", numberOfDataCoordinates=1,
                                                  initialCoordinates=[0.]))
    return self.AddObject(ObjectConnectorTorsionalSpringDamper(
        name=name, markerNumbers=markers, nodeNumber=nodeNumber, stiffness=stiffness, damping=damping, offset=offset,
        velocityOffset=velocityOffset, torque=torque, springTorqueUserFunction=springTorqueUserFunction,
        visualization={"show": show, "drawSize": drawSize, "color": color}))


MainSystem.CreateGround = CreateGround
MainSystem.CreateRigidBody = CreateRigidBody
MainSystem.CreateRevoluteJoint = CreateRevoluteJoint
MainSystem.CreateTorsionalSpringDamper = CreateTorsionalSpringDamper
