"""``from multidyn.utilities import *`` brings what ``from exudyn.utilities import *`` brings:
the item classes and their short names (itemInterface), the rotation, homogeneous-transform
and inertia helpers (rigidBodyUtilities), basic helpers (basicUtilities), Exudyn 1.11's
graphics names (GraphicsDataOrthoCubePoint, color4red, ...) and, as in Exudyn 1.11, ``np``,
``sqrt``, ``sin``, ``cos`` and ``exudyn`` (here: the multidyn module)."""
import sys as _sys
from math import cos, sin, sqrt  # noqa: F401  (Exudyn 1.11's utilities bring sin, cos, sqrt)

import numpy as np  # noqa: F401  (Exudyn 1.11's utilities bring np)

from . import basicUtilities as _basicUtilities
from . import graphics as _graphics
from . import graphicsDataUtilities as _graphicsDataUtilities
from . import itemInterface as _itemInterface
from . import rigidBodyUtilities as _rigidBodyUtilities
from .basicUtilities import *  # noqa: F401,F403
from .graphicsDataUtilities import *  # noqa: F401,F403
from .itemInterface import *  # noqa: F401,F403
from .rigidBodyUtilities import *  # noqa: F401,F403
from .rigidBodyUtilities import HT  # noqa: F401
from .kinematicTreeTypes import TreeLink  # noqa: F401  (Exudyn's rigidBodyUtilities.TreeLink)

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
GraphicsDataArrow = _graphics.Arrow
GraphicsDataBasis = _graphics.Basis
GraphicsDataFrame = _graphics.Frame
GraphicsDataCheckerBoard = _graphics.CheckerBoard
GraphicsDataFromPointsAndTrigs = _graphics.FromPointsAndTrigs
GraphicsData2PointsAndTrigs = _graphics.ToPointsAndTrigs
MoveGraphicsData = _graphics.Move
MergeGraphicsDataTriangleList = _graphics.MergeTriangleLists


_graphicsNames = [name for name in globals() if name.startswith('GraphicsData') or name.endswith('GraphicsData')
                  or name in ('MoveGraphicsData', 'MergeGraphicsDataTriangleList')]

exudyn = _sys.modules[__package__]  # Exudyn 1.11's utilities bring the module itself

_itemNames = [name for name in vars(_itemInterface) if not name.startswith('_')
              and name not in ('ItemBase', 'MissingItem', 'ClassForDict', 'classesByCategory', 'indexTypes')]

__all__ = (_basicUtilities.__all__ + _rigidBodyUtilities.__all__ + _itemNames + _graphicsNames
           + _graphicsDataUtilities.__all__ + ['np', 'sqrt', 'sin', 'cos', 'exudyn', 'HT', 'TreeLink'])
