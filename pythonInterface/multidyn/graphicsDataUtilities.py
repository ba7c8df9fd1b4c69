"""Exudyn 1.11's graphicsDataUtilities names: the colors color4red, ..., color4list and two line
shapes; the graphics themselves are in multidyn.graphics. Re-exported by multidyn.utilities."""
from multidyn.modelling import graphics as _graphics

__all__ = ['color4list', 'color4listSize', 'GraphicsDataRectangle', 'GraphicsDataOrthoCubeLines', 'ComputeTriangularMesh']

ComputeTriangularMesh = _graphics.ComputeTriangularMesh

for _name, _value in vars(_graphics.color).items():
    if not _name.startswith('_') and _name not in ('defaultBody', 'defaultJoint'):
        globals()['color4' + _name] = _value
        __all__.append('color4' + _name)
del _name, _value

color4list = _graphics.colorList
color4listSize = len(color4list)


def GraphicsDataRectangle(xMin, yMin, xMax, yMax, color=_graphics.color.black):
    """a closed rectangle line in the x-y plane"""
    return _graphics.Lines([[xMin, yMin, 0.], [xMax, yMin, 0.], [xMax, yMax, 0.], [xMin, yMax, 0.], [xMin, yMin, 0.]],
                           color)


def GraphicsDataOrthoCubeLines(xMin, yMin, zMin, xMax, yMax, zMax, color=_graphics.color.black):
    """the 12 edges of an axis-aligned box, without faces (as graphics.BrickXYZ(..., addFaces=False, addEdges=True))"""
    return _graphics.BrickXYZ(xMin, yMin, zMin, xMax, yMax, zMax, color, addEdges=True, edgeColor=color, addFaces=False)
