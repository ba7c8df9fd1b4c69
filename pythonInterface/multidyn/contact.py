"""Contact helpers on MainSystem: mbs.CreateExponentialSpringContact and mbs.ResetAnchorPoint
(ObjectContactExponentialSpring, docs/theory/ExponentialSpring.md)."""
import numpy as _np

from multidyn import _multidyn
from multidyn.argumentChecks import IsInteger
from multidyn.createFunctions import _AllOrNothingCall
from multidyn.indices import MarkerIndex, ObjectIndex
from multidyn.itemInterface import MarkerBodyPosition, MarkerBodyRigid, ObjectContactExponentialSpring, ObjectGround

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


MainSystem.CreateExponentialSpringContact = _AllOrNothingCall(CreateExponentialSpringContact)  # as every Create
MainSystem.ResetAnchorPoint = ResetAnchorPoint
