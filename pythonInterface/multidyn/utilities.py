"""``from multidyn.utilities import *`` brings what ``from exudyn.utilities import *`` brings:
the item classes and their short names (itemInterface), the rotation, homogeneous-transform
and inertia helpers (rigidBodyUtilities), basic helpers (basicUtilities), Exudyn 1.11's
graphics names (GraphicsDataOrthoCubePoint, color4red, ...) and, as in Exudyn 1.11, ``np``,
``sqrt``, ``sin``, ``cos`` and ``exudyn`` (here: the multidyn module)."""
from math import cos, sin, sqrt  # noqa: F401  (Exudyn 1.11's utilities bring sin, cos, sqrt)

import numpy as np  # noqa: F401  (Exudyn 1.11's utilities bring np)

from multidyn.modelling import basicUtilities as _basicUtilities
from multidyn.modelling import graphics as _graphics
from multidyn import graphicsDataUtilities as _graphicsDataUtilities
from multidyn.api import itemInterface as _itemInterface
from multidyn.modelling import rigidBodyUtilities as _rigidBodyUtilities
from multidyn.modelling.basicUtilities import *  # noqa: F401,F403
from multidyn.modelling.advancedUtilities import *  # noqa: F401,F403  (after basicUtilities, as Exudyn's)
from multidyn.modelling import advancedUtilities as _advancedUtilities
from multidyn.graphicsDataUtilities import *  # noqa: F401,F403
from multidyn.api.itemInterface import *  # noqa: F401,F403
from multidyn.modelling.rigidBodyUtilities import *  # noqa: F401,F403
from multidyn.modelling.rigidBodyUtilities import HT  # noqa: F401
from multidyn.modelling.kinematicTreeTypes import TreeLink  # noqa: F401  (Exudyn's rigidBodyUtilities.TreeLink)
from multidyn.viewer.playback import LoadSolutionFile  # noqa: F401  (Exudyn's utilities.LoadSolutionFile)
from multidyn.modelling.beams import GenerateStraightBeam, GenerateStraightLineANCFCable2D  # noqa: F401  (as Exudyn's utilities)
from multidyn.api.symbolic import ConvertFunctionToSymbolic, CreateSymbolicUserFunction  # noqa: F401  (Exudyn's advancedUtilities)

# Exudyn 1.11's names of the graphics functions (before exudyn.graphics)
GraphicsDataOrthoCubePoint = _graphics.Brick
GraphicsDataCube = _graphics.Cuboid
GraphicsDataOrthoCube = _graphics.BrickXYZ
GraphicsDataSphere = _graphics.Sphere
GraphicsDataCylinder = _graphics.Cylinder
GraphicsDataLine = _graphics.Lines
GraphicsDataQuad = _graphics.Quad
GraphicsDataCircle = _graphics.Circle
GraphicsDataText = _graphics.Text
GraphicsDataSolidOfRevolution = _graphics.SolidOfRevolution
GraphicsDataSolidExtrusion = _graphics.SolidExtrusion
GraphicsDataFromSTLfile = _graphics.FromSTLfile
GraphicsDataFromSTLfileTxt = _graphics.FromSTLfileASCII
GraphicsDataArrow = _graphics.Arrow
GraphicsDataRigidLink = _graphics.RigidLink
GraphicsDataBasis = _graphics.Basis
GraphicsDataFrame = _graphics.Frame
GraphicsDataCheckerBoard = _graphics.CheckerBoard
GraphicsDataFromPointsAndTrigs = _graphics.FromPointsAndTrigs
GraphicsData2PointsAndTrigs = _graphics.ToPointsAndTrigs
MoveGraphicsData = _graphics.Move
MergeGraphicsDataTriangleList = _graphics.MergeTriangleLists
ExportGraphicsData2STL = _graphics.ExportSTL
AddEdgesAndSmoothenNormals = _graphics.AddEdgesAndSmoothenNormals


_graphicsNames = [name for name in globals() if name.startswith('GraphicsData') or name.endswith('GraphicsData')
                  or name in ('MoveGraphicsData', 'MergeGraphicsDataTriangleList', 'ExportGraphicsData2STL',
                              'AddEdgesAndSmoothenNormals')]

import multidyn as exudyn  # noqa: E402  (Exudyn 1.11's utilities bring the module itself)

_itemNames = [name for name in vars(_itemInterface) if not name.startswith('_')
              and name not in ('ItemBase', 'MissingItem', 'ClassForDict', 'classesByCategory', 'indexTypes')]

__all__ = (_basicUtilities.__all__ + _advancedUtilities.__all__ + _rigidBodyUtilities.__all__ + _itemNames + _graphicsNames
           + _graphicsDataUtilities.__all__ + ['np', 'sqrt', 'sin', 'cos', 'exudyn', 'HT', 'TreeLink',
                                                'GenerateStraightBeam', 'GenerateStraightLineANCFCable2D',
                                                'ConvertFunctionToSymbolic', 'CreateSymbolicUserFunction'])


# ---- Exudyn's joint helpers (exudyn.utilities.GetOtherMarker, GetJointArgs) ----------------------

def _ReferenceBodyFrame(mbs, function, name, bodyNumber):
    """p_0B and A_0B of a body (or ground) in the reference configuration."""
    if isinstance(bodyNumber, bool) or not isinstance(bodyNumber, (int, np.integer)):
        raise TypeError(f"{function}: parameter '{name}': expected the ObjectIndex of a body, got {bodyNumber!r}")
    reference = exudyn.ConfigurationType.Reference
    OVT = exudyn.OutputVariableType
    p_0B = mbs.GetObjectOutputBody(bodyNumber, OVT.Position, localPosition=[0, 0, 0], configuration=reference)
    A_0B = mbs.GetObjectOutputBody(bodyNumber, OVT.RotationMatrix, localPosition=[0, 0, 0],
                                   configuration=reference).reshape((3, 3))
    return np.asarray(p_0B), A_0B


def _MarkerAtReferencePositionOf(mbs, function, bodyName, bodyNumber, existingMarker, show=True):
    """Adds a MarkerBodyRigid on bodyNumber where existingMarker is in the reference
    configuration; returns it and A_0B, the body's reference orientation."""
    p_0B, A_0B = _ReferenceBodyFrame(mbs, function, bodyName, bodyNumber)
    reference = exudyn.ConfigurationType.Reference
    p_0M = np.asarray(mbs.GetMarkerOutput(existingMarker, exudyn.OutputVariableType.Position, configuration=reference))
    marker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodyNumber, localPosition=A_0B.T @ (p_0M - p_0B),
                                           visualization=VMarkerBodyRigid(show=show)))
    return marker, A_0B


def GetOtherMarker(mbs, bodyNumber, existingMarker, show=True):
    """A new MarkerBodyRigid on bodyNumber at the reference position of existingMarker (Exudyn's)."""
    return _MarkerAtReferencePositionOf(mbs, "GetOtherMarker", "bodyNumber", bodyNumber, existingMarker, show)[0]


def _RotationMatrix(function, name, value):
    matrix = np.eye(3) if value is None else np.asarray(value, dtype=float)
    if matrix.shape != (3, 3) or not np.all(np.isfinite(matrix)):
        raise ValueError(f"{function}: parameter '{name}': expected a 3x3 rotation matrix, got {value!r}")
    return matrix


def GetJointArgs(mbs, markerNumber0=None, markerNumber1=None, rotationMarker0=None, rotationMarker1=None,
                 bodyNumber0=None, bodyNumber1=None):
    """Arguments for a joint (markerNumbers, rotationMarker0, rotationMarker1) from one existing
    rigid marker (with its joint rotation rotationMarker0 or 1) and the other body: a marker is
    added on that body at the existing marker's reference position, and its joint rotation makes
    both joint frames coincide in the reference configuration (Exudyn's GetJointArgs). Give
    markerNumber0 [rotationMarker0] and bodyNumber1, or markerNumber1 [rotationMarker1] and bodyNumber0."""
    function = "GetJointArgs"
    if markerNumber0 is not None:
        if markerNumber1 is not None:
            raise ValueError(f"{function}: give markerNumber0 or markerNumber1, not both")
        if bodyNumber1 is None:
            raise ValueError(f"{function}: with markerNumber0, parameter 'bodyNumber1' (the other body) is needed")
        existing, R_existing, bodyName, body = markerNumber0, _RotationMatrix(function, "rotationMarker0",
                                                                              rotationMarker0), "bodyNumber1", bodyNumber1
    else:
        if markerNumber1 is None:
            raise ValueError(f"{function}: give markerNumber0 (with bodyNumber1) or markerNumber1 (with bodyNumber0)")
        if bodyNumber0 is None:
            raise ValueError(f"{function}: with markerNumber1, parameter 'bodyNumber0' (the other body) is needed")
        existing, R_existing, bodyName, body = markerNumber1, _RotationMatrix(function, "rotationMarker1",
                                                                              rotationMarker1), "bodyNumber0", bodyNumber0
    reference = exudyn.ConfigurationType.Reference
    A_0M = np.asarray(mbs.GetMarkerOutput(existing, exudyn.OutputVariableType.RotationMatrix,
                                          configuration=reference)).reshape((3, 3))
    newMarker, A_0B = _MarkerAtReferencePositionOf(mbs, function, bodyName, body, existing)
    # joint frame J in global axes: A_0J = A_0M R_existing = A_0B R_new
    R_new = A_0B.T @ A_0M @ R_existing
    if markerNumber0 is not None:
        return {'markerNumbers': [markerNumber0, newMarker], 'rotationMarker0': R_existing, 'rotationMarker1': R_new}
    return {'markerNumbers': [newMarker, markerNumber1], 'rotationMarker0': R_new, 'rotationMarker1': R_existing}


__all__ += ['GetOtherMarker', 'GetJointArgs']
