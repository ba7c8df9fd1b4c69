"""Contact helpers on MainSystem: mbs.CreateExponentialSpringContact and mbs.ResetAnchorPoint
(ObjectContactExponentialSpring, docs/theory/ExponentialSpring.md), mbs.CreateSphereSphereContact
(ObjectContactSphereSphere, docs/theory/ContactSphereSphere.md), mbs.CreateSphereTriangleContact and
mbs.CreateSphereQuadContact (ObjectContactSphereTriangle, docs/theory/ContactSphereTriangle.md)."""
import numpy as _np

from multidyn import _multidyn
from multidyn.api.argumentChecks import IsInteger
from multidyn.modelling.createFunctions import _AllOrNothingCall, _defaultColor, _DeprecatedArgument, _LoadMarker, _Pair
from multidyn.api.indices import MarkerIndex, ObjectIndex
from multidyn.api.itemInterface import (MarkerBodyPosition, MarkerBodyRigid, NodeGenericData, ObjectContactExponentialSpring,
                                    ObjectContactSphereSphere, ObjectContactSphereTriangle, ObjectGround)

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


def _ContactItemsAndData(function, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates):
    """the two items of a contact's Create function (bodyNumbers: the deprecated name of itemNumbers)
    and the 4 initial data coordinates [gap, tangential velocity, impact velocity, 0], checked"""
    if bodyOrNodeList is not None:
        raise TypeError(f"{function}: parameter 'bodyOrNodeList' is not accepted: give the items in itemNumbers")
    items = _Pair(function, bodyNumbers, itemNumbers)
    data = _np.asarray(dataInitialCoordinates, dtype=float).reshape(-1) if _np.ndim(dataInitialCoordinates) else []
    if len(data) != 4 or not _np.all(_np.isfinite(data)):
        raise ValueError(f"{function}: parameter 'dataInitialCoordinates': expected 4 finite numbers [gap, tangential "
                         f"velocity, impact velocity, plastic overlap or 0], got {dataInitialCoordinates!r}")
    return items, list(data)


def _DataNode(mbs, data):
    return mbs.AddNode(NodeGenericData(initialCoordinates=data, numberOfDataCoordinates=len(data)))


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
    items, data = _ContactItemsAndData(function, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates)
    rigid = dynamicFriction != 0  # friction needs the orientation (torques, velocities at the contact point)
    markers = [_LoadMarker(self, function, item, position, rigid, "itemNumbers", f"localPosition{k}")
               for k, (item, position) in enumerate(zip(items, [localPosition0, localPosition1]))]
    return self.AddObject(ObjectContactSphereSphere(
        name=name, markerNumbers=markers, nodeNumber=_DataNode(self, data), spheresRadii=spheresRadii,
        isHollowSphere1=isHollowSphere1,
        dynamicFriction=dynamicFriction, frictionProportionalZone=frictionProportionalZone,
        contactStiffness=contactStiffness, contactDamping=contactDamping,
        contactStiffnessExponent=contactStiffnessExponent, constantPullOffForce=constantPullOffForce,
        contactPlasticityRatio=contactPlasticityRatio, adhesionCoefficient=adhesionCoefficient,
        adhesionExponent=adhesionExponent, restitutionCoefficient=restitutionCoefficient,
        minimumImpactVelocity=minimumImpactVelocity, impactModel=impactModel, activeConnector=activeConnector,
        visualization={"show": show, "color": color}))

def _TriangleContacts(mbs, function, name, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates,
                      localPosition0, localPosition1, sphereRadius, radiusSphere, rigidSphere, triangles,
                      includeEdgesList, contactParameters, show, color):
    """ObjectContactSphereTriangle on a sphere (item 0 at localPosition0) and the triangles (corner
    lists) fixed to item 1 (a rigid marker at localPosition1), a data node each"""
    if radiusSphere is not None:
        _DeprecatedArgument(function, "radiusSphere", "sphereRadius")
        sphereRadius = radiusSphere
    items, data = _ContactItemsAndData(function, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates)
    sphere = _LoadMarker(mbs, function, items[0], localPosition0, rigidSphere, "itemNumbers", "localPosition0")
    plate = _LoadMarker(mbs, function, items[1], localPosition1, True, "itemNumbers", "localPosition1")
    return [mbs.AddObject(ObjectContactSphereTriangle(
        name=name, markerNumbers=[sphere, plate], nodeNumber=_DataNode(mbs, data), sphereRadius=sphereRadius,
        trianglePoints=corners, includeEdges=includeEdges, visualization={"show": show, "color": color},
        **contactParameters)) for corners, includeEdges in zip(triangles, includeEdgesList)]


def _LawParameters(arguments):
    """the item parameters a triangle contact's Create function passes on unchanged, from its arguments"""
    names = ('dynamicFriction', 'frictionProportionalZone', 'contactStiffness', 'contactDamping',
             'contactStiffnessExponent', 'restitutionCoefficient', 'minimumImpactVelocity', 'impactModel',
             'activeConnector')
    return {name: arguments[name] for name in names}


def _Corners(function, name, points, count):
    corners = _np.asarray(points, dtype=float) if _np.ndim(points) == 2 else _np.zeros((0, 3))
    if corners.shape != (count, 3) or not _np.all(_np.isfinite(corners)):
        raise ValueError(f"{function}: parameter '{name}': expected {count} points [x, y, z] in the coordinates of "
                         f"item 1, got {points!r}")
    return corners.tolist()


def CreateSphereTriangleContact(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.], sphereRadius=0,
                                trianglePoints=[[0, 0, 0], [1, 0, 0], [0, 1, 0]], includeEdges=7, dynamicFriction=0.,
                                frictionProportionalZone=1e-3, contactStiffness=0., contactDamping=0.,
                                contactStiffnessExponent=1, restitutionCoefficient=1, minimumImpactVelocity=0,
                                impactModel=0, dataInitialCoordinates=[0, 0, 0, 0], activeConnector=True,
                                localPosition1=[0., 0., 0.], show=False, color=_defaultColor, radiusSphere=None,
                                bodyNumbers=None, bodyOrNodeList=None):
    """Adds an ObjectContactSphereTriangle (Exudyn 1.13's mbs.CreateSphereTriangleContact): the sphere
    at item 0 (a body at localPosition0, a node or a marker; a rigid marker), the triangle's corners
    trianglePoints in the axes of a rigid marker on item 1 at localPosition1, and its NodeGenericData
    with dataInitialCoordinates; the other parameters are the item's. radiusSphere and bodyNumbers
    are deprecated names of sphereRadius and itemNumbers. Returns the contact's ObjectIndex."""
    arguments = locals()
    function = "CreateSphereTriangleContact"
    return _TriangleContacts(
        self, function, name, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates, localPosition0,
        localPosition1, sphereRadius, radiusSphere, True, [_Corners(function, "trianglePoints", trianglePoints, 3)],
        [includeEdges], _LawParameters(arguments), show, color)[0]


def CreateSphereQuadContact(self, name="", itemNumbers=[None, None], localPosition0=[0., 0., 0.], sphereRadius=0,
                            quadPoints=[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], includeEdges=15,
                            dynamicFriction=0., frictionProportionalZone=1e-3, contactStiffness=0., contactDamping=0.,
                            contactStiffnessExponent=1, restitutionCoefficient=1, minimumImpactVelocity=0,
                            impactModel=0, dataInitialCoordinates=[0, 0, 0, 0], activeConnector=True,
                            localPosition1=[0., 0., 0.], show=False, color=_defaultColor, radiusSphere=None,
                            bodyNumbers=None, bodyOrNodeList=None):
    """Adds two ObjectContactSphereTriangle for a quad (Exudyn 1.13's mbs.CreateSphereQuadContact): the
    quad's corners quadPoints are split into the triangles [0, 1, 3] and [1, 2, 3], whose shared
    diagonal makes no edge contact; includeEdges flags the quad's edges (1: corners 0-1, 2: 1-2,
    4: 2-3, 8: 3-0). The sphere's marker is rigid only with friction. Otherwise as
    CreateSphereTriangleContact. Returns {'oContact0': ObjectIndex, 'oContact1': ObjectIndex}."""
    arguments = locals()
    function = "CreateSphereQuadContact"
    if not IsInteger(includeEdges) or not 0 <= includeEdges <= 15:
        raise ValueError(f"{function}: parameter 'includeEdges': expected binary flags 0 to 15, got {includeEdges!r}")
    corners = _Corners(function, "quadPoints", quadPoints, 4)
    # the quad's edges on the triangles' edges 0-1, 1-2, 2-0: [0,1,3] has quad edges 0-1 and 3-0, [1,2,3] 1-2 and 2-3
    includeEdgesList = [(includeEdges & 1) + (includeEdges & 8) // 2, ((includeEdges & 2) + (includeEdges & 4)) // 2]
    contacts = _TriangleContacts(
        self, function, name, itemNumbers, bodyNumbers, bodyOrNodeList, dataInitialCoordinates, localPosition0,
        localPosition1, sphereRadius, radiusSphere, dynamicFriction != 0,
        [[corners[i] for i in triangle] for triangle in ([0, 1, 3], [1, 2, 3])], includeEdgesList,
        _LawParameters(arguments), show, color)
    return {'oContact0': contacts[0], 'oContact1': contacts[1]}


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions); the Create
#: functions add all of their items or none, as every Create
methods = {function.__name__: _AllOrNothingCall(function)
           for function in (CreateExponentialSpringContact, CreateSphereTriangleContact, CreateSphereQuadContact,
                            CreateSphereSphereContact)}
methods["ResetAnchorPoint"] = ResetAnchorPoint
