"""Contact helpers on MainSystem: mbs.CreateExponentialSpringContact and mbs.ResetAnchorPoint
(ObjectContactExponentialSpring, docs/theory/ExponentialSpring.md), mbs.CreateSphereSphereContact
(ObjectContactSphereSphere, docs/theory/ContactSphereSphere.md)."""
import numpy as _np

from multidyn import _multidyn
from multidyn.argumentChecks import IsInteger
from multidyn.createFunctions import _AllOrNothingCall, _defaultColor, _LoadMarker, _Pair
from multidyn.indices import MarkerIndex, ObjectIndex
from multidyn.itemInterface import (MarkerBodyPosition, MarkerBodyRigid, NodeGenericData, ObjectContactExponentialSpring,
                                    ObjectContactSphereSphere, ObjectGround)

MainSystem = _multidyn.MainSystem


def CreateExponentialSpringContact(self, bodyNumber, localPositions, planeMarker=None, parameters=None, name=""):
    """Adds one ObjectContactExponentialSpring per point of a body against a plane.
    bodyNumber: the body (ObjectIndex); localPositions: list of stations [x, y, z] in body coordinates;
    planeMarker: a rigid marker whose z axis is the plane normal (None: the ground plane through the
    origin with z up, on a new ObjectGround); parameters: an ExponentialSpringParameters (None: the
    defaults). Returns the list of the contacts' ObjectIndex."""
    function = "CreateExponentialSpringContact"
    if isinstance(bodyNumber, MarkerIndex) or not IsInteger(bodyNumber):
        raise TypeError(f"{function}: parameter 'bodyNumber': expected the ObjectIndex of a body, got {bodyNumber!r}")
    if not 0 <= int(bodyNumber) < self.NumberOfObjects():
        raise IndexError(f"{function}: parameter 'bodyNumber': object number {int(bodyNumber)} does not exist")
    if "nodeNumber" not in self.GetObject(bodyNumber):
        raise TypeError(f"{function}: parameter 'bodyNumber': object {int(bodyNumber)} "
                        f"({self.GetObject(bodyNumber)['objectType']}) is not a body with a node")
    positions = _np.asarray(localPositions, dtype=float) if len(localPositions) else _np.zeros((0, 3))
    if (positions.ndim != 2 or positions.shape[1] != 3 or positions.shape[0] == 0
            or not _np.all(_np.isfinite(positions))):
        raise ValueError(f"{function}: parameter 'localPositions': expected a non-empty list of [x, y, z] with finite "
                         f"numbers, got {localPositions!r}")
    if planeMarker is not None and (not IsInteger(planeMarker) or isinstance(planeMarker, (ObjectIndex,))):
        raise TypeError(f"{function}: parameter 'planeMarker': expected a MarkerIndex of a rigid marker or None, "
                        f"got {planeMarker!r}")
    if parameters is None:
        parameters = _multidyn.ExponentialSpringParameters()
    elif not isinstance(parameters, _multidyn.ExponentialSpringParameters):
        raise TypeError(f"{function}: parameter 'parameters': expected an ExponentialSpringParameters, "
                        f"got {parameters!r}")
    if planeMarker is None:
        ground = self.AddObject(ObjectGround())
        planeMarker = self.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    elif not 0 <= int(planeMarker) < self.NumberOfMarkers():
        raise IndexError(f"{function}: parameter 'planeMarker': marker number {int(planeMarker)} does not exist")
    contacts = []
    for k, position in enumerate(positions):
        station = self.AddMarker(MarkerBodyPosition(bodyNumber=bodyNumber, localPosition=list(position)))
        contacts.append(self.AddObject(ObjectContactExponentialSpring(
            name=f"{name}{k}" if name else "", markerNumbers=[planeMarker, station], parameters=parameters)))
    return contacts


def ResetAnchorPoint(self, objectNumber):
    """Puts the anchor point p0 of an ObjectContactExponentialSpring at the station's current
    projection onto the plane, in the initial and the current state (refused during a solve)."""
    if isinstance(objectNumber, MarkerIndex) or not IsInteger(objectNumber):
        raise TypeError(f"ResetAnchorPoint: parameter 'objectNumber': expected an ObjectIndex, got {objectNumber!r}")
    if not 0 <= int(objectNumber) < self.NumberOfObjects():
        raise IndexError(f"ResetAnchorPoint: object number {int(objectNumber)} does not exist")
    _multidyn._ResetAnchorPoint(self, int(objectNumber))


def CreateSphereSphereContact(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.],
                              localPosition1=[0., 0., 0.], spheresRadii=[-1, -1], isHollowSphere1=False,
                              dynamicFriction=0., frictionProportionalZone=1e-3, contactStiffness=0., contactDamping=0.,
                              contactStiffnessExponent=1, constantPullOffForce=0, contactPlasticityRatio=0,
                              adhesionCoefficient=0, adhesionExponent=1, restitutionCoefficient=1,
                              minimumImpactVelocity=0, impactModel=0, dataInitialCoordinates=[0, 0, 0, 0],
                              activeConnector=True, show=False, color=_defaultColor, bodyNumbers=None,
                              bodyOrNodeList=None):
    """Adds an ObjectContactSphereSphere between two spheres at two bodies (at localPosition0/1), nodes
    or markers (Exudyn 1.13's mbs.CreateSphereSphereContact): position markers, or rigid ones with
    friction (dynamicFriction != 0), and its NodeGenericData with dataInitialCoordinates [gap,
    tangential velocity, impact velocity, plastic overlap]; the other parameters are the item's.
    bodyNumbers is the deprecated name of itemNumbers. Returns the contact's ObjectIndex."""
    function = "CreateSphereSphereContact"
    if bodyOrNodeList is not None:
        raise TypeError(f"{function}: parameter 'bodyOrNodeList' is not accepted: give the items in itemNumbers")
    items = _Pair(function, bodyNumbers, itemNumbers)
    data = _np.asarray(dataInitialCoordinates, dtype=float).reshape(-1) if _np.ndim(dataInitialCoordinates) else []
    if len(data) != 4 or not _np.all(_np.isfinite(data)):
        raise ValueError(f"{function}: parameter 'dataInitialCoordinates': expected 4 finite numbers [gap, tangential "
                         f"velocity, impact velocity, plastic overlap], got {dataInitialCoordinates!r}")
    rigid = dynamicFriction != 0  # friction needs the orientation (torques, velocities at the contact point)
    markers = [_LoadMarker(self, function, item, position, rigid, "itemNumbers", f"localPosition{k}")
               for k, (item, position) in enumerate(zip(items, [localPosition0, localPosition1]))]
    node = self.AddNode(NodeGenericData(initialCoordinates=list(data), numberOfDataCoordinates=len(data)))
    return self.AddObject(ObjectContactSphereSphere(
        name=name, markerNumbers=markers, nodeNumber=node, spheresRadii=spheresRadii, isHollowSphere1=isHollowSphere1,
        dynamicFriction=dynamicFriction, frictionProportionalZone=frictionProportionalZone,
        contactStiffness=contactStiffness, contactDamping=contactDamping,
        contactStiffnessExponent=contactStiffnessExponent, constantPullOffForce=constantPullOffForce,
        contactPlasticityRatio=contactPlasticityRatio, adhesionCoefficient=adhesionCoefficient,
        adhesionExponent=adhesionExponent, restitutionCoefficient=restitutionCoefficient,
        minimumImpactVelocity=minimumImpactVelocity, impactModel=impactModel, activeConnector=activeConnector,
        visualization={"show": show, "color": color}))

MainSystem.CreateExponentialSpringContact = _AllOrNothingCall(CreateExponentialSpringContact)  # as every Create
MainSystem.CreateSphereSphereContact = _AllOrNothingCall(CreateSphereSphereContact)
MainSystem.ResetAnchorPoint = ResetAnchorPoint
