"""Graphics primitives for bodies (``import multidyn.graphics as graphics``), with Exudyn's names.

Each function returns one graphics dict in Exudyn's GraphicsData form, e.g.
``{'type': 'TriangleList', 'points': [x0,y0,z0, ...], 'triangles': [i0,i1,i2, ...], 'colors': [...]}``,
to be given to a body: ``VObjectGround(graphicsData=[graphics.CheckerBoard(...)])`` or
``mbs.CreateRigidBody(..., graphicsDataList=[graphics.Brick(...)])``. The dicts are validated, stored with
the item, saved with the model (docs/graphics.md) and drawn by the browser viewer (docs/viewer.md).

Conventions (as Exudyn's): arrays are flat numpy arrays (3 numbers per point, 4 per RGBA
color, 3 indices per triangle); triangles are ordered counter-clockwise seen from outside, so
(p1-p0) x (p2-p0) points outwards; coordinates are in the body frame.
"""
import numpy as np

from multidyn.api.console import Print as _Print
from multidyn.modelling import rigidBodyUtilities as _utilities

__all__ = ['color', 'material', 'colorList', 'Sphere', 'Spheres', 'Lines', 'Circle', 'Text', 'Cuboid', 'BrickXYZ', 'Brick',
           'Cylinder', 'SolidOfRevolution', 'Arrow', 'RigidLink', 'Basis', 'Frame', 'Quad', 'CheckerBoard',
           'FromPointsAndTrigs', 'ToPointsAndTrigs', 'Transform', 'Move', 'MergeTriangleLists', 'SolidExtrusion',
           'FromSTLfile', 'FromSTLfileASCII', 'ExportSTL', 'AddEdgesAndSmoothenNormals', 'BoundingBoxSingle',
           'BoundingBox', 'InvertTriangles', 'InconsistentTriangles']


class color:
    """RGBA colors (each a list of 4 numbers in [0, 1]); graphics.color.red, ..."""
    red = [1., 0., 0., 1.]
    green = [0., 1., 0., 1.]
    blue = [0., 0., 1., 1.]
    cyan = [0., 1., 1., 1.]
    magenta = [1., 0., 1., 1.]
    yellow = [1., 1., 0., 1.]
    orange = [1., 0.5, 0., 1.]
    pink = [1., 0., 0.5, 1.]
    lawngreen = [0.5, 1., 0., 1.]
    springgreen = [0., 1., 0.5, 1.]
    violet = [0.5, 0., 1., 1.]
    dodgerblue = [0., 0.5, 1., 1.]
    lightred = [0.9, 0.4, 0.4, 1.]
    lightgreen = [0.4, 0.9, 0.4, 1.]
    steelblue = [0.4, 0.4, 0.9, 1.]
    brown = [0.65, 0.2, 0.2, 1.]
    black = [0., 0., 0., 1.]
    darkgrey = [0.2, 0.2, 0.2, 1.]
    darkgrey2 = [0.35, 0.35, 0.35, 1.]
    grey = [0.5, 0.5, 0.5, 1.]
    lightgrey = [0.7, 0.7, 0.7, 1.]
    lightgrey2 = [0.85, 0.85, 0.85, 1.]
    white = [1., 1., 1., 1.]
    default = [-1., -1., -1., -1.]  # the viewer's default color
    defaultBody = [0.4, 0.4, 0.9, 1.]
    defaultJoint = [0.6, 0.6, 0.8, 1.]


class material:
    """material indices for the alpha channel of a color (Exudyn's raytracer materials); stored, not drawn"""
    indexBase = 1000
    indexDefault = indexBase
    indexMatt = indexBase + 1
    indexSteel = indexBase + 2
    indexPlastic = indexBase + 3
    indexChrome = indexBase + 4
    indexShiny = indexBase + 5
    indexTransparent = indexBase + 6
    indexGlass = indexBase + 7
    indexMirror = indexBase + 8
    indexEmission = indexBase + 9
    default = [-1, -1, -1, indexDefault]
    matt = [-1, -1, -1, indexMatt]
    steel = [-1, -1, -1, indexSteel]
    plastic = [-1, -1, -1, indexPlastic]
    chrome = [-1, -1, -1, indexChrome]
    shiny = [-1, -1, -1, indexShiny]
    transparent = [-1, -1, -1, indexTransparent]
    glass = [-1, -1, -1, indexGlass]
    mirror = [-1, -1, -1, indexMirror]
    emission = [-1, -1, -1, indexEmission]


#: 16 distinct colors for coloring many bodies, in Exudyn's order
colorList = [color.red, color.green, color.blue, color.cyan, color.magenta, color.yellow, color.orange, color.pink,
             color.lawngreen, color.violet, color.springgreen, color.dodgerblue, color.grey, color.darkgrey,
             color.lightgrey, color.brown]


# ---------------------------------------------------------------------------------------------
# validation of arguments: a ValueError naming the function and the argument
def _Fail(function, name, expected, value):
    raise ValueError(f"graphics.{function}: parameter '{name}': expected {expected}, got {value!r}")


def _Vector(function, name, value, size=3):
    try:
        array = np.array(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        _Fail(function, name, f"a list of {size} numbers", value)
    if array.size != size or not np.all(np.isfinite(array)):
        _Fail(function, name, f"a list of {size} finite numbers", value)
    return array


def _Color(function, value, name='color'):
    return _Vector(function, name, value, 4)


def _Positive(function, name, value, allowZero=False):
    try:
        x = float(value)
    except (TypeError, ValueError):
        _Fail(function, name, 'a number', value)
    if not np.isfinite(x) or x < 0 or (x == 0 and not allowZero):
        _Fail(function, name, 'a finite number ' + ('>= 0' if allowZero else '> 0'), value)
    return x


def _Tiles(function, nTiles, minimum=3, default=8):
    if isinstance(nTiles, bool) or not isinstance(nTiles, (int, np.integer)):
        _Fail(function, 'nTiles', 'an integer', nTiles)
    if nTiles < 0:
        return default  # Exudyn 1.13: -1 means the default resolution
    if nTiles < minimum:
        _Fail(function, 'nTiles', f'an integer >= {minimum}', nTiles)
    return int(nTiles)


def _TriangleList(points, triangles, colors, normals=None, edges=None, edgeColor=None):
    """the dict of a triangle mesh; colors is one RGBA color for all points or one per point"""
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    colors = np.asarray(colors, dtype=float).reshape(-1, 4)
    if len(colors) == 1:
        colors = np.tile(colors, (len(points), 1))
    data = {'type': 'TriangleList', 'points': points.reshape(-1), 'colors': colors.reshape(-1),
            'triangles': np.asarray(triangles, dtype=int).reshape(-1)}
    if normals is not None:
        data['normals'] = np.asarray(normals, dtype=float).reshape(-1)
    if edges is not None:
        data['edges'] = np.asarray(edges, dtype=int).reshape(-1)
        data['edgeColor'] = np.asarray(edgeColor, dtype=float)
    return data


# ---------------------------------------------------------------------------------------------
# lines, circles, text
def Lines(pList, color=color.black, shape='linear'):
    """a polyline through the points of pList (close it by repeating the first point);
    shape='quadratic' (Exudyn 1.13): segments start, mid, end, mid, end, ... drawn as quadratic curves"""
    points = np.array(pList, dtype=float)
    if points.ndim != 2 or points.shape[1] != 3 or len(points) < 2 or not np.all(np.isfinite(points)):
        _Fail('Lines', 'pList', 'a list of at least 2 points with 3 finite coordinates', pList)
    rgba = _Color('Lines', color)
    if shape == 'linear':
        return {'type': 'Line', 'color': rgba, 'data': points.reshape(-1)}
    if shape != 'quadratic':
        _Fail('Lines', 'shape', "'linear' or 'quadratic'", shape)
    if len(points) < 3 or len(points) % 2 != 1:
        _Fail('Lines', 'pList', "an odd number (>= 3) of points for shape='quadratic'", pList)
    # per segment: its two end points, then its mid point (the order of the 'Lines' type)
    rows = np.concatenate([[points[k], points[k + 2], points[k + 1]] for k in range(0, len(points) - 1, 2)])
    return {'type': 'Lines', 'shape': 'quadratic', 'points': rows.reshape(-1), 'colors': np.tile(rgba, len(rows))}


def Circle(point=[0, 0, 0], radius=1, color=color.black):
    """a circle in the x-y plane of the body around point"""
    return {'type': 'Circle', 'color': _Color('Circle', color), 'radius': _Positive('Circle', 'radius', radius, True),
            'position': _Vector('Circle', 'point', point)}


def Text(point=[0, 0, 0], text='', color=color.black, fontSize=0., offset=[0., 0.]):
    """a text at point; fontSize 0: the viewer's default; offset in characters on the screen"""
    if not isinstance(text, str):
        _Fail('Text', 'text', 'a string', text)
    return {'type': 'Text', 'color': _Color('Text', color), 'text': text, 'position': _Vector('Text', 'point', point),
            'fontSize': _Positive('Text', 'fontSize', fontSize, True), 'offset': _Vector('Text', 'offset', offset, 2)}


# ---------------------------------------------------------------------------------------------
# boxes
# faces of a cuboid with corners 0..7 (Exudyn's order: 0-3 the z-min face counter-clockwise seen
# from +z, 4-7 above them), each counter-clockwise seen from outside; the order of the faces is
# that of the `faces` flags: z-min, z-max, y-min, x-max, y-max, x-min
_cuboidFaces = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]]
_cuboidEdges = [[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4], [0, 4], [1, 5], [2, 6], [3, 7]]


def Cuboid(pList, color=color.black, faces=[1, 1, 1, 1, 1, 1], addNormals=False, addEdges=False,
           edgeColor=color.black, addFaces=True):
    """a hexahedron from its 8 corner points (0-3 one face counter-clockwise, 4-7 the points
    opposite to them); faces: 6 flags to leave out faces (z-min, z-max, y-min, x-max, y-max, x-min)"""
    corners = np.array(pList, dtype=float)
    if corners.shape != (8, 3) or not np.all(np.isfinite(corners)):
        _Fail('Cuboid', 'pList', 'a list of 8 points with 3 finite coordinates', pList)
    if len(faces) != 6:
        _Fail('Cuboid', 'faces', 'a list of 6 flags', faces)
    rgba = _Color('Cuboid', color)
    edges = _cuboidEdges if addEdges else None
    edgeRgba = _Color('Cuboid', edgeColor, 'edgeColor')
    shown = [face for face, flag in zip(_cuboidFaces, faces) if flag] if addFaces else []
    if not addNormals:
        triangles = [[a, b, c] for a, b, c, d in shown] + [[a, c, d] for a, b, c, d in shown]
        return _TriangleList(corners, triangles, rgba, edges=edges, edgeColor=edgeRgba)
    # flat shading needs one normal per face: 4 points of its own for each face
    points, normals, triangles = [], [], []
    for face in _cuboidFaces:
        normal = np.cross(corners[face[1]] - corners[face[0]], corners[face[2]] - corners[face[0]])
        normal /= max(np.linalg.norm(normal), 1e-300)
        base = len(points)
        points += [corners[k] for k in face]
        normals += [normal] * 4
        if face in shown:
            triangles += [[base, base + 1, base + 2], [base, base + 2, base + 3]]
    # edges refer to the first copy of each corner
    firstCopy = {}
    for index, face in enumerate(_cuboidFaces):
        for k, corner in enumerate(face):
            firstCopy.setdefault(corner, 4 * index + k)
    mappedEdges = [[firstCopy[a], firstCopy[b]] for a, b in _cuboidEdges] if addEdges else None
    return _TriangleList(points, triangles, rgba, normals, mappedEdges, edgeRgba)


def BrickXYZ(xMin, yMin, zMin, xMax, yMax, zMax, color=color.black, addNormals=False, addEdges=False,
             edgeColor=color.black, addFaces=True):
    """an axis-aligned box between the corners [xMin, yMin, zMin] and [xMax, yMax, zMax]"""
    low = _Vector('BrickXYZ', 'xMin, yMin, zMin', [xMin, yMin, zMin])
    high = _Vector('BrickXYZ', 'xMax, yMax, zMax', [xMax, yMax, zMax])
    x, y, z = [low[0], high[0]], [low[1], high[1]], [low[2], high[2]]
    corners = [[x[0], y[0], z[0]], [x[1], y[0], z[0]], [x[1], y[1], z[0]], [x[0], y[1], z[0]],
               [x[0], y[0], z[1]], [x[1], y[0], z[1]], [x[1], y[1], z[1]], [x[0], y[1], z[1]]]
    return Cuboid(corners, color, addNormals=addNormals, addEdges=addEdges, edgeColor=edgeColor, addFaces=addFaces)


def Brick(centerPoint=[0, 0, 0], size=[0.1, 0.1, 0.1], color=color.black, addNormals=False, addEdges=False,
          edgeColor=color.black, addFaces=True, roundness=0, nTiles=12):
    """an axis-aligned box with the given center and side lengths (Exudyn's GraphicsDataOrthoCubePoint);
    rounded edges (roundness > 0) are not available: the box is drawn sharp"""
    center = _Vector('Brick', 'centerPoint', centerPoint)
    sides = _Vector('Brick', 'size', size)
    if np.any(sides < 0):
        _Fail('Brick', 'size', 'side lengths >= 0', size)
    low, high = center - 0.5 * sides, center + 0.5 * sides
    return BrickXYZ(*low, *high, color=color, addNormals=addNormals, addEdges=addEdges, edgeColor=edgeColor,
                    addFaces=addFaces)


# ---------------------------------------------------------------------------------------------
# spheres
def Sphere(point=[0, 0, 0], radius=0.1, color=color.black, nTiles=8, addEdges=False, edgeColor=color.black,
           addFaces=True, **kwargs):
    """a sphere around point as a triangle mesh: nTiles segments around the z-axis, nTiles/2 from
    pole to pole (at least 4 and 2); normals point outwards"""
    center = _Vector('Sphere', 'point', point)
    r = _Positive('Sphere', 'radius', radius, True)
    rgba = _Color('Sphere', color)
    nAround = max(4, _Tiles('Sphere', nTiles))
    nPolar = max(2, nAround // 2)
    normals = [[0., 0., -1.]]
    for i in range(1, nPolar):
        theta = -0.5 * np.pi + np.pi * i / nPolar  # latitude of ring i
        for k in range(nAround):
            phi = 2. * np.pi * k / nAround
            normals.append([np.cos(theta) * np.cos(phi), np.cos(theta) * np.sin(phi), np.sin(theta)])
    normals.append([0., 0., 1.])
    normals = np.array(normals)
    top = len(normals) - 1

    def Ring(i, k):  # index of point k of ring i (1..nPolar-1)
        return 1 + (i - 1) * nAround + k % nAround

    triangles = []
    if addFaces:
        for k in range(nAround):
            triangles.append([0, Ring(1, k + 1), Ring(1, k)])
            triangles.append([top, Ring(nPolar - 1, k), Ring(nPolar - 1, k + 1)])
            for i in range(1, nPolar - 1):
                a, b, c, d = Ring(i, k), Ring(i, k + 1), Ring(i + 1, k + 1), Ring(i + 1, k)
                triangles += [[a, b, c], [a, c, d]]
    edges = None
    if addEdges:  # the equator (or the ring next to it)
        edges = [[Ring(nPolar // 2, k), Ring(nPolar // 2, k + 1)] for k in range(nAround)]
    return _TriangleList(center + r * normals, triangles, rgba, normals, edges, _Color('Sphere', edgeColor, 'edgeColor'))


def Spheres(points, radii=0.1, colors=color.black, nTiles=-1):
    """many spheres in one dict of Exudyn 1.13's type 'Spheres': one radius and color for all or one per point"""
    centers = np.array(points, dtype=float).reshape(-1, 3)
    radiusArray = np.array(radii, dtype=float).reshape(-1)
    colorArray = np.array(colors, dtype=float).reshape(-1)
    if radiusArray.size not in (1, len(centers)) or np.any(radiusArray < 0):
        _Fail('Spheres', 'radii', 'one radius >= 0 for all points or one per point', radii)
    if colorArray.size not in (4, 4 * len(centers)):
        _Fail('Spheres', 'colors', 'one RGBA color for all points or one per point', colors)
    return {'type': 'Spheres', 'points': centers.reshape(-1), 'radii': radiusArray, 'colors': colorArray,
            'resolution': int(nTiles)}


# ---------------------------------------------------------------------------------------------
# solids of revolution
def _AxisBasis(function, vAxis):
    axis = _Vector(function, 'vAxis', vAxis)
    length = np.linalg.norm(axis)
    if length == 0.:
        _Fail(function, 'vAxis', 'a non-zero vector', vAxis)
    e0, n1, n2 = _utilities.ComputeOrthonormalBasisVectors(axis)
    return axis, length, e0, n1, n2


def SolidOfRevolution(pAxis, vAxis, contour, color=color.black, nTiles=16, smoothContour=False, addEdges=False,
                      edgeColor=color.black, addFaces=True, **kwargs):
    """the surface swept by a 2D contour [[x0, r0], [x1, r1], ...] (x along vAxis from pAxis, r the
    distance from the axis) turned once around the axis; give a closed contour's first point again
    at its end, or let it start and end on the axis (r = 0). Normals are left to the viewer."""
    origin = _Vector('SolidOfRevolution', 'pAxis', pAxis)
    _, _, e0, n1, n2 = _AxisBasis('SolidOfRevolution', vAxis)
    profile = np.array(contour, dtype=float)
    if profile.ndim != 2 or profile.shape[1] != 2 or len(profile) < 2 or not np.all(np.isfinite(profile)):
        _Fail('SolidOfRevolution', 'contour', 'a list of at least 2 points [x, r]', contour)
    nAround = _Tiles('SolidOfRevolution', nTiles)
    rgba = _Color('SolidOfRevolution', color)
    angles = 2. * np.pi * np.arange(nAround) / nAround
    points = [origin + x * e0 + r * (np.cos(a) * n1 + np.sin(a) * n2) for x, r in profile for a in angles]
    triangles = []
    if addFaces:
        for j in range(len(profile) - 1):
            for k in range(nAround):
                # a, b: contour point j at angles k, k+1; d, c: contour point j+1 at the same angles. With the
                # angle turning right-handed about the axis, (a, c, d) and (a, b, c) face to the right of the
                # contour's direction in the (x, r) plane: outwards for a contour that goes along +x at the
                # outside, inwards at r = 0 and back along -x (as Exudyn's contours run). A triangle with two
                # points on the axis has no area and is left out.
                a, b = j * nAround + k, j * nAround + (k + 1) % nAround
                c, d = b + nAround, a + nAround
                if profile[j + 1, 1] != 0.:
                    triangles.append([a, c, d])
                if profile[j, 1] != 0.:
                    triangles.append([a, b, c])
    edges = None
    if addEdges:  # the circles through the contour's corners
        edges = [[j * nAround + k, j * nAround + (k + 1) % nAround] for j in range(len(profile)) for k in range(nAround)]
    return _TriangleList(points, triangles, rgba, None, edges, _Color('SolidOfRevolution', edgeColor, 'edgeColor'))


def Cylinder(pAxis=[0, 0, 0], vAxis=[0, 0, 1], radius=0.1, color=color.black, nTiles=16, radiusInner=None,
             angleRange=[0, 2 * np.pi], lastFace=True, cutPlain=True, addEdges=False, edgeColor=color.black,
             addFaces=True, **kwargs):
    """a (hollow, if radiusInner > 0) cylinder from pAxis to pAxis + vAxis; Exudyn's older keyword
    innerRadius is accepted. Only full cylinders are available (angleRange [0, 2 pi])."""
    if radiusInner is None:
        radiusInner = kwargs.pop('innerRadius', 0.) or 0.
    for key in kwargs:
        if key not in ('alternatingColor',):
            raise TypeError(f"graphics.Cylinder: unknown parameter '{key}'")
    r = _Positive('Cylinder', 'radius', radius)
    rInner = _Positive('Cylinder', 'radiusInner', radiusInner, True)
    if rInner >= r:
        _Fail('Cylinder', 'radiusInner', f'a radius < radius = {r}', radiusInner)
    angles = _Vector('Cylinder', 'angleRange', angleRange, 2)
    if abs(angles[1] - angles[0] - 2. * np.pi) > 1e-12:
        raise NotImplementedError('graphics.Cylinder: only full cylinders are available (angleRange=[0, 2*pi])')
    _, length, _, _, _ = _AxisBasis('Cylinder', vAxis)
    contour = [[0., rInner], [0., r], [length, r], [length, rInner]]
    if rInner > 0.:
        contour.append([0., rInner])  # closes the inner surface
    return SolidOfRevolution(pAxis, vAxis, contour, color, nTiles, addEdges=addEdges, edgeColor=edgeColor,
                             addFaces=addFaces)


def Arrow(pAxis, vAxis, radius, color=color.black, headFactor=2, headStretch=4, nTiles=12):
    """an arrow from pAxis to pAxis + vAxis: a shaft of the given radius and a cone of radius
    headFactor*radius and length headStretch*headFactor*radius"""
    shaft = _Positive('Arrow', 'radius', radius)
    _, length, _, _, _ = _AxisBasis('Arrow', vAxis)
    headRadius = shaft * _Positive('Arrow', 'headFactor', headFactor)
    headStart = length - _Positive('Arrow', 'headStretch', headStretch) * headRadius
    contour = [[0., 0.], [0., shaft], [headStart, shaft], [headStart, headRadius], [length, 0.]]
    return SolidOfRevolution(pAxis, vAxis, contour, color, nTiles)


def RigidLink(p0, p1, axis0=[0, 0, 0], axis1=[0, 0, 0], radius=[0.1, 0.1], thickness=0.05, width=[0.05, 0.05],
              color=[0., 0., 0., 1.], nTiles=16):
    """a link between the joint positions p0 and p1: a shaft (a cylinder of diameter thickness) from p0
    to p1 and a joint at each end: a cylinder of radius[i] and width[i] centered at p_i along axis_i, or,
    where axis_i is [0, 0, 0], a sphere of radius[i] (width[i] is not used then)"""
    function = 'RigidLink'
    start = _Vector(function, 'p0', p0)
    end = _Vector(function, 'p1', p1)
    if np.array_equal(start, end):
        _Fail(function, 'p1', 'a point different from p0 (the link has no length)', p1)
    axes = [_Vector(function, 'axis0', axis0), _Vector(function, 'axis1', axis1)]
    axisLengths = [np.linalg.norm(axis) for axis in axes]  # 0: a sphere at that end (as Exudyn decides)
    radii = _Vector(function, 'radius', radius, 2)
    if np.any(radii <= 0):
        _Fail(function, 'radius', 'two radii > 0 [radius0, radius1]', radius)
    widths = _Vector(function, 'width', width, 2)
    for i in range(2):
        if widths[i] < 0 or (widths[i] == 0 and axisLengths[i] != 0):
            _Fail(function, 'width', f'two widths [width0, width1], width{i} > 0 for the cylinder along axis{i}',
                  width)
    shaftRadius = 0.5 * _Positive(function, 'thickness', thickness)
    rgba = _Color(function, color)
    n = _Tiles(function, nTiles, default=16)
    link = Cylinder(start, end - start, shaftRadius, rgba, n)
    for center, axis, axisLength, r, w in zip((start, end), axes, axisLengths, radii, widths):
        if axisLength == 0:
            joint = Sphere(center, r, rgba, n)
        else:
            direction = axis / axisLength
            joint = Cylinder(center - 0.5 * w * direction, w * direction, r, rgba, n)
        link = MergeTriangleLists(link, joint)
    return link


def Basis(origin=[0, 0, 0], rotationMatrix=np.eye(3), length=1, colors=[color.red, color.green, color.blue],
          headFactor=2, headStretch=4, nTiles=12, radius=None, **kwargs):
    """three arrows along the columns of rotationMatrix (x red, y green, z blue); radius 0.01*length by default"""
    A = np.array(rotationMatrix, dtype=float)
    if A.shape != (3, 3):
        _Fail('Basis', 'rotationMatrix', 'a 3x3 matrix', rotationMatrix)
    L = _Positive('Basis', 'length', length)
    r = 0.01 * L if radius is None else radius
    arrows = [Arrow(origin, L * A[:, i], r, colors[i], headFactor, headStretch, nTiles) for i in range(3)]
    return MergeTriangleLists(MergeTriangleLists(arrows[0], arrows[1]), arrows[2])


def Frame(HT=np.eye(4), length=1, colors=[color.red, color.green, color.blue], headFactor=2, headStretch=4,
          nTiles=12, **kwargs):
    """Basis at the origin and rotation of a homogeneous transformation"""
    T = np.array(HT, dtype=float)
    if T.shape != (4, 4):
        _Fail('Frame', 'HT', 'a 4x4 homogeneous transformation', HT)
    return Basis(T[0:3, 3], T[0:3, 0:3], length, colors, headFactor, headStretch, nTiles, **kwargs)


# ---------------------------------------------------------------------------------------------
# plane patches
def Quad(pList, color=color.black, alternatingColor=None, nTiles=1, nTilesY=None, **kwargs):
    """a plane quadrilateral from 4 points counter-clockwise (seen from the side its normal points
    to); with alternatingColor a checkerboard of nTiles x nTilesY tiles"""
    corners = np.array(pList, dtype=float)
    if corners.shape != (4, 3) or not np.all(np.isfinite(corners)):
        _Fail('Quad', 'pList', 'a list of 4 points with 3 finite coordinates', pList)
    rgba = _Color('Quad', color)
    nx = _Tiles('Quad', nTiles, 1, 1) if alternatingColor is not None else 1
    ny = nx if nTilesY is None else _Tiles('Quad', nTilesY, 1, 1)
    other = rgba if alternatingColor is None else _Color('Quad', alternatingColor, 'alternatingColor')
    normal = np.cross(corners[1] - corners[0], corners[3] - corners[0])
    normal /= max(np.linalg.norm(normal), 1e-300)

    def At(u, v):  # bilinear map of [0,1]^2 onto the quad
        return (1 - u) * (1 - v) * corners[0] + u * (1 - v) * corners[1] + u * v * corners[2] + (1 - u) * v * corners[3]

    points, colors, triangles = [], [], []
    for i in range(nx):
        for j in range(ny):
            base = len(points)
            points += [At(i / nx, j / ny), At((i + 1) / nx, j / ny), At((i + 1) / nx, (j + 1) / ny),
                       At(i / nx, (j + 1) / ny)]
            colors += [rgba if (i + j) % 2 == 0 else other] * 4
            triangles += [[base, base + 1, base + 2], [base, base + 2, base + 3]]
    return _TriangleList(points, triangles, colors, [normal] * len(points))


def CheckerBoard(point=[0, 0, 0], normal=[0, 0, 1], size=1, color=color.lightgrey,
                 alternatingColor=color.lightgrey2, nTiles=10, size2=None, nTiles2=None, **kwargs):
    """a square (size x size2) checkerboard of nTiles x nTiles2 tiles around point, in the plane with the given normal"""
    center = _Vector('CheckerBoard', 'point', point)
    n0, n1, n2 = _utilities.ComputeOrthonormalBasisVectors(_Vector('CheckerBoard', 'normal', normal))
    a = 0.5 * _Positive('CheckerBoard', 'size', size)
    b = a if size2 is None else 0.5 * _Positive('CheckerBoard', 'size2', size2)
    corners = [center - a * n1 - b * n2, center + a * n1 - b * n2, center + a * n1 + b * n2, center - a * n1 + b * n2]
    return Quad(corners, color, alternatingColor=alternatingColor, nTiles=nTiles,
                nTilesY=nTiles if nTiles2 is None else nTiles2)


# ---------------------------------------------------------------------------------------------
# meshes
def FromPointsAndTrigs(points, triangles, color=color.black, normals=None):
    """a triangle mesh from points (n x 3) and triangles (m x 3 point indices)"""
    colors = np.array(color, dtype=float)
    if colors.size != 4 and colors.size != 4 * len(points):
        _Fail('FromPointsAndTrigs', 'color', 'one RGBA color or one per point', color)
    return _TriangleList(points, triangles, colors, normals)


def ToPointsAndTrigs(g):
    """[points (n x 3), triangles (m x 3)] of a 'TriangleList' dict"""
    if not isinstance(g, dict) or g.get('type') != 'TriangleList':
        _Fail('ToPointsAndTrigs', 'g', "a graphics dict of type 'TriangleList'", g)
    return [np.asarray(g['points'], dtype=float).reshape(-1, 3), np.asarray(g['triangles'], dtype=int).reshape(-1, 3)]


def Transform(graphicsData, translation=None, rotation=None, scale=1, **kwargs):
    """a copy of a graphics dict with its points mapped to p -> rotation @ (scale*p) + translation"""
    if not isinstance(graphicsData, dict) or 'type' not in graphicsData:
        _Fail('Transform', 'graphicsData', 'a graphics dict', graphicsData)
    offset = np.zeros(3) if translation is None else _Vector('Transform', 'translation', translation)
    A = np.eye(3) if rotation is None or len(rotation) == 0 else np.array(rotation, dtype=float)
    if A.shape != (3, 3):
        _Fail('Transform', 'rotation', 'a 3x3 matrix', rotation)
    s = float(scale)

    def Points(values):
        return ((np.asarray(values, dtype=float).reshape(-1, 3) * s) @ A.T + offset).reshape(-1)

    result = dict(graphicsData)
    kind = graphicsData['type']
    if kind in ('TriangleList', 'Lines', 'Spheres'):
        result['points'] = Points(graphicsData['points'])
        if 'normals' in graphicsData:
            result['normals'] = (np.asarray(graphicsData['normals'], dtype=float).reshape(-1, 3) @ A.T).reshape(-1)
        if 'radii' in graphicsData:
            result['radii'] = np.asarray(graphicsData['radii'], dtype=float) * s
    elif kind == 'Line':
        result['data'] = Points(graphicsData['data'])
    elif kind in ('Circle', 'Text'):
        result['position'] = Points(graphicsData['position'])
        if kind == 'Circle':
            result['radius'] = graphicsData['radius'] * s
    return result


def Move(g, pOff, Aoff=None):
    """a copy of a graphics dict rotated by Aoff, then moved by pOff (Exudyn's MoveGraphicsData)"""
    return Transform(g, translation=pOff, rotation=Aoff)


def MergeTriangleLists(g1, g2):
    """one 'TriangleList' with the triangles of both (normals kept only if both have them)"""
    for name, g in (('g1', g1), ('g2', g2)):
        if not isinstance(g, dict) or g.get('type') != 'TriangleList':
            _Fail('MergeTriangleLists', name, "a graphics dict of type 'TriangleList'", g)
    n1 = len(g1['points']) // 3 if np.ndim(g1['points']) == 1 else len(g1['points'])
    merged = {'type': 'TriangleList'}
    for key in ('points', 'colors', 'normals'):
        if key in g1 and key in g2:
            merged[key] = np.concatenate([np.asarray(g1[key], dtype=float).reshape(-1),
                                          np.asarray(g2[key], dtype=float).reshape(-1)])
    for key in ('triangles', 'edges'):
        if key in g1 or key in g2:
            first = np.asarray(g1.get(key, []), dtype=int).reshape(-1)
            second = np.asarray(g2.get(key, []), dtype=int).reshape(-1) + n1
            merged[key] = np.concatenate([first, second])
    if 'edges' in merged:
        merged['edgeColor'] = np.asarray(g1.get('edgeColor', g2.get('edgeColor', color.black)), dtype=float)
    return merged


# ---------------------------------------------------------------------------------------------
# extrusions of 2D regions
def ComputeTriangularMesh(vertices, segments):
    """triangles of the 2D region bounded by segments (pairs of vertex indices [i, j], the region to the
    left of i -> j: outer contours counter-clockwise, holes clockwise), as Exudyn's graphicsDataUtilities
    function: the Delaunay triangulation (scipy) of the vertices, keeping the triangles whose centroid has
    a positive winding number; returns the scipy Delaunay object with .simplices replaced by these
    triangles (m x 3), each counter-clockwise. The boundary must be made of Delaunay edges (true for
    convex pieces and usual outlines; a long thin notch may need extra vertices)."""
    from scipy.spatial import Delaunay
    points = np.asarray(vertices, dtype=float)
    if points.ndim != 2 or points.shape[1] != 2 or len(points) < 3:
        _Fail('ComputeTriangularMesh', 'vertices', 'a list of at least 3 points [x, y]', vertices)
    segments = np.asarray(segments, dtype=int).reshape(-1, 2)
    if len(segments) < 3 or segments.min() < 0 or segments.max() >= len(points):
        _Fail('ComputeTriangularMesh', 'segments', f'at least 3 pairs of vertex indices in 0 ... {len(points) - 1}',
              segments.tolist())
    delaunay = Delaunay(points)
    triangles = delaunay.simplices.copy()
    corners = points[triangles]  # (m, 3, 2)
    # counter-clockwise: a positive signed area
    edge1, edge2 = corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0]
    area = edge1[:, 0] * edge2[:, 1] - edge1[:, 1] * edge2[:, 0]
    triangles[area < 0] = triangles[area < 0][:, [0, 2, 1]]
    centroids = corners.mean(axis=1)
    # winding number of each centroid about the directed boundary (sum of signed crossings of a ray in +x)
    a, b = points[segments[:, 0]], points[segments[:, 1]]
    x, y = centroids[:, None, 0], centroids[:, None, 1]
    upward = (a[:, 1] <= y) & (b[:, 1] > y)
    downward = (a[:, 1] > y) & (b[:, 1] <= y)
    side = (b[:, 0] - a[:, 0]) * (y - a[:, 1]) - (x - a[:, 0]) * (b[:, 1] - a[:, 1])  # > 0: centroid left of a -> b
    winding = np.sum(upward & (side > 0), axis=1) - np.sum(downward & (side < 0), axis=1)
    delaunay.simplices = triangles[winding > 0]
    return delaunay


def SolidExtrusion(vertices, segments, height, rot=np.diag([1, 1, 1]), pOff=[0, 0, 0], relRot=np.diag([1, 1, 1]),
                   relOff=[0, 0, 0], color=[0, 0, 0, 1], smoothNormals=False, addEdges=False, edgeColor=color.black,
                   addFaces=True):
    """a prism from a 2D region (vertices [x, y], boundary segments [i, j] with the region on their left, see
    ComputeTriangularMesh) extruded along z from 0 to height; the top face is mapped by relRot and moved by
    relOff; then every point p -> rot p + pOff. smoothNormals: separate points for the flat faces (normals -z/+z)
    and the mantle (normals averaged from the adjacent segments); addEdges: True for the edges of bottom and
    top, 2 also the vertical mantle edges; addFaces=False gives only the edges."""
    function = 'SolidExtrusion'
    base = np.asarray(vertices, dtype=float)
    if base.ndim != 2 or base.shape[1] != 2:
        _Fail(function, 'vertices', 'a list of points [x, y]', vertices)
    segmentArray = np.asarray(segments, dtype=int).reshape(-1, 2)
    n = len(base)
    R, A = np.asarray(rot, dtype=float), np.asarray(relRot, dtype=float)
    if R.shape != (3, 3):
        _Fail(function, 'rot', 'a 3x3 rotation matrix', rot)
    if A.shape != (3, 3):
        _Fail(function, 'relRot', 'a 3x3 rotation matrix', relRot)
    offset, relativeOffset = _Vector(function, 'pOff', pOff), _Vector(function, 'relOff', relOff)
    rgba = _Color(function, color)
    bottom = np.column_stack([base, np.zeros(n)])
    top = bottom @ A.T + relativeOffset + [0., 0., height]
    ring = np.vstack([bottom, top])  # 2n points: bottom 0..n-1, top n..2n-1
    faces = ComputeTriangularMesh(base, segmentArray).simplices
    mantleStart = 2 * n if smoothNormals else 0  # the mantle's own copy of the points when normals are smoothed
    triangles = [faces[:, ::-1], faces + n]  # bottom seen from below, top from above
    i, j = segmentArray[:, 0] + mantleStart, segmentArray[:, 1] + mantleStart
    triangles += [np.column_stack([i, j, j + n]), np.column_stack([i, j + n, i + n])]
    points = np.vstack([ring, ring]) if smoothNormals else ring
    normals = None
    if smoothNormals:
        normals = np.zeros((4 * n, 3))
        normals[:n] = [0., 0., -1.]
        normals[n:2 * n] = A @ [0., 0., 1.]
        direction = base[segmentArray[:, 1]] - base[segmentArray[:, 0]]
        outward = np.column_stack([direction[:, 1], -direction[:, 0], np.zeros(len(direction))])
        outward /= np.maximum(np.linalg.norm(outward, axis=1), 1e-300)[:, None]
        for k in (0, 1):  # each vertex sums the outward normals of its segments, bottom and top copies
            np.add.at(normals, segmentArray[:, k] + 2 * n, outward)
            np.add.at(normals, segmentArray[:, k] + 3 * n, outward)
        normals /= np.maximum(np.linalg.norm(normals, axis=1), 1e-300)[:, None]
        normals = normals @ R.T
    points = points @ R.T + offset
    edges = None
    if addEdges:
        edges = [segmentArray, segmentArray + n]
        if addEdges == 2:
            edges.append(np.column_stack([segmentArray[:, 0], segmentArray[:, 0] + n]) + mantleStart)
        edges = np.vstack(edges)
    allTriangles = np.vstack(triangles) if addFaces else np.zeros((0, 3), dtype=int)
    return _TriangleList(points, allTriangles, rgba, normals, edges, edgeColor if addEdges else None)


# ---------------------------------------------------------------------------------------------
# STL files
def _STLGraphics(corners, facetNormals, color, invertNormals, invertTriangles):
    """the dict of STL facets: corners (m, 3, 3), facetNormals (m, 3); three points per facet"""
    m = len(corners)
    triangles = np.arange(3 * m).reshape(m, 3)
    if invertTriangles:
        triangles = triangles[:, [0, 2, 1]]
    normals = np.repeat(facetNormals * (-1. if invertNormals else 1.), 3, axis=0)
    return _TriangleList(corners.reshape(-1, 3), triangles, np.asarray(color, dtype=float), normals)


def _ReadSTL(function, fileName):
    """(corners (m, 3, 3), normals (m, 3)) of an ASCII or binary STL file"""
    with open(fileName, 'rb') as file:
        content = file.read()
    if len(content) >= 84:
        count = int(np.frombuffer(content, dtype='<u4', count=1, offset=80)[0])
        if len(content) == 84 + 50 * count:  # binary: 80 byte header, count, 50 bytes per facet
            record = np.dtype([('normal', '<f4', 3), ('corners', '<f4', (3, 3)), ('attribute', '<u2')])
            facets = np.frombuffer(content, dtype=record, count=count, offset=84)
            return facets['corners'].astype(float), facets['normal'].astype(float)
    return _ParseASCIISTL(function, content.decode('ascii', errors='replace').splitlines())


def _ParseASCIISTL(function, lines):
    words = [line.split() for line in lines]
    words = [w for w in words if w]
    if not words or words[0][0] != 'solid':
        raise ValueError(f"{function}: expected 'solid ...' in the first line of an ASCII STL file (or a binary STL "
                         f"file), got {lines[0][:60] if lines else 'an empty file'!r}")
    normals, corners = [], []
    expected = ['facet', 'outer', 'vertex', 'vertex', 'vertex', 'endloop', 'endfacet']
    k = 1
    while k < len(words) and words[k][0] != 'endsolid':
        block = words[k:k + 7]
        if len(block) < 7 or [w[0] for w in block] != expected or len(block[0]) != 5 or \
                any(len(w) != 4 for w in block[2:5]):
            raise ValueError(f"{function}: line {k + 1} of the STL file: expected 'facet normal nx ny nz', 'outer loop', "
                             f"three 'vertex x y z', 'endloop', 'endfacet', got {' '.join(words[k])!r}")
        normals.append([float(v) for v in block[0][2:5]])
        corners.append([[float(v) for v in w[1:4]] for w in block[2:5]])
        k += 7
    return np.array(corners, dtype=float).reshape(-1, 3, 3), np.array(normals, dtype=float).reshape(-1, 3)


def FromSTLfileASCII(fileName, color=[0., 0., 0., 1.], verbose=False, invertNormals=True, invertTriangles=True):
    """graphics of an ASCII STL file, three points per facet; with Exudyn's defaults the facets' normals and
    corner order are reversed (invertNormals, invertTriangles), as Exudyn's function does"""
    if verbose:
        _Print("read STL file:", fileName)
    with open(fileName, 'r') as file:
        corners, normals = _ParseASCIISTL('FromSTLfileASCII', file.read().splitlines())
    return _STLGraphics(corners, normals, _Color('FromSTLfileASCII', color), invertNormals, invertTriangles)


def FromSTLfile(fileName, color=[0., 0., 0., 1.], verbose=False, density=0., scale=1., Aoff=[], pOff=[],
                invertNormals=True, invertTriangles=True):
    """graphics of a binary or ASCII STL file (read without numpy-stl): points scaled by scale, rotated by
    Aoff, moved by pOff; with density != 0 returns [graphicsData, {'minPos', 'maxPos', 'volume', 'mass',
    'COM', 'inertia'}] of the closed mesh (inertia about the center of mass); normals and corner order are
    reversed by default as in Exudyn's function"""
    function = 'FromSTLfile'
    corners, normals = _ReadSTL(function, fileName)
    corners = corners * float(scale)
    if len(Aoff) or len(pOff):
        A = np.eye(3) if len(Aoff) == 0 else np.asarray(Aoff, dtype=float)
        if A.shape != (3, 3):
            _Fail(function, 'Aoff', 'a 3x3 rotation matrix', Aoff)
        offset = np.zeros(3) if len(pOff) == 0 else _Vector(function, 'pOff', pOff)
        corners = corners @ A.T + offset
        normals = normals @ A.T
    graphicsData = _STLGraphics(corners, normals, _Color(function, color), invertNormals, invertTriangles)
    points = corners.reshape(-1, 3)
    if verbose:
        _Print(f"FromSTLfile:\n  max point= {list(points.max(axis=0))}\n  min point= {list(points.min(axis=0))}\n"
              f"  STL points= {len(points)}")
    if density == 0:
        return graphicsData
    volume, centerOfMass, inertia = _ClosedMeshMassProperties(corners)
    properties = {'minPos': points.min(axis=0), 'maxPos': points.max(axis=0), 'volume': volume,
                  'mass': density * volume, 'COM': centerOfMass, 'inertia': density * inertia}
    if verbose:
        _Print(f"  volume = {volume}\n  center of mass = {list(centerOfMass)}\n  inertia = {list(density * inertia)}")
    return [graphicsData, properties]


def _ClosedMeshMassProperties(corners):
    """volume, center of mass and inertia tensor per unit density about the center of mass of the solid
    bounded by the triangles corners (m, 3, 3), counter-clockwise seen from outside: a sum over the tetrahedra
    (origin, a, b, c) with signed volumes"""
    a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
    signedVolumes = np.einsum('ij,ij->i', a, np.cross(b, c)) / 6.
    volume = signedVolumes.sum()
    if volume == 0.:
        raise ValueError("FromSTLfile: the mesh encloses no volume; density needs a closed surface")
    centerOfMass = (signedVolumes[:, None] * (a + b + c)).sum(axis=0) / (4. * volume)
    # second moments int x_i x_j dV of each tetrahedron with a vertex at the origin: V/20 (sum_k v_k v_k^T + s s^T)
    s = a + b + c
    moments = (np.einsum('t,ti,tj->ij', signedVolumes, a, a) + np.einsum('t,ti,tj->ij', signedVolumes, b, b)
               + np.einsum('t,ti,tj->ij', signedVolumes, c, c) + np.einsum('t,ti,tj->ij', signedVolumes, s, s)) / 20.
    moments -= volume * np.outer(centerOfMass, centerOfMass)  # about the center of mass
    inertia = np.trace(moments) * np.eye(3) - moments
    return volume, centerOfMass, inertia


def _TriangleNormals(corners):
    """unit normals (p1 - p0) x (p2 - p0)/|...| and areas of the triangles corners (m, 3, 3); zero for degenerate ones"""
    cross = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    length = np.linalg.norm(cross, axis=1)
    normals = np.divide(cross, length[:, None], out=np.zeros_like(cross), where=length[:, None] > 0)
    return normals, 0.5 * length


def ExportSTL(graphicsData, fileName, solidName='ExudynSolid', invertNormals=True, invertTriangles=True):
    """writes a 'TriangleList' graphics dict to an ASCII STL file; with Exudyn's defaults the facet normals are
    negated and the corner order reversed (as FromSTLfileASCII's defaults undo: a round trip keeps the mesh)"""
    if not isinstance(graphicsData, dict) or graphicsData.get('type') != 'TriangleList':
        _Fail('ExportSTL', 'graphicsData', "a graphics dict of type 'TriangleList'", graphicsData)
    points, triangles = ToPointsAndTrigs(graphicsData)
    corners = points[triangles]
    normals, _ = _TriangleNormals(corners)
    if invertNormals:
        normals = -normals
    if invertTriangles:
        corners = corners[:, [0, 2, 1]]
    lines = ['solid ' + solidName]
    for normal, corner in zip(normals, corners):
        lines.append('facet normal {} {} {}'.format(*normal))
        lines.append('outer loop')
        lines.extend('vertex {} {} {}'.format(*point) for point in corner)
        lines.extend(['endloop', 'endfacet'])
    lines.append('endsolid ' + solidName)
    with open(fileName, 'w') as file:
        file.write('\n'.join(lines) + '\n')


def AddEdgesAndSmoothenNormals(graphicsData, edgeColor=color.black, edgeAngle=0.25 * np.pi, addEdges=True,
                               smoothNormals=True, roundDigits=5, triangleColor=[]):
    """a 'TriangleList' with coinciding points merged (equal after rounding to roundDigits digits of the mesh's
    size), edges where neighbouring triangles meet at an angle >= edgeAngle [rad] (and at open boundaries), and,
    with smoothNormals, per-point normals: area-weighted means of the adjacent triangles' normals, while points on
    an edge are repeated per triangle with its own normal (sharp edges stay sharp); e.g. for STL meshes, which
    repeat every point per triangle. triangleColor: one RGBA color for the whole mesh (else the points' colors)."""
    function = 'AddEdgesAndSmoothenNormals'
    points, triangles = ToPointsAndTrigs(graphicsData)
    colors = np.asarray(graphicsData.get('colors', []), dtype=float).reshape(-1, 4)
    if len(triangleColor):
        colors = np.tile(_Color(function, triangleColor, 'triangleColor'), (len(points), 1))
    elif len(colors) != len(points):
        colors = np.tile(colors[0] if len(colors) else color.black, (len(points), 1))  # one color for all, as Exudyn
    size = np.linalg.norm(points.max(axis=0) - points.min(axis=0)) or 1.
    rounded = size * np.round(points / size, int(roundDigits))
    uniquePoints, firstIndex, inverse = np.unique(rounded, axis=0, return_index=True, return_inverse=True)
    merged = inverse.reshape(-1)[triangles]
    uniqueColors = colors[firstIndex]
    normals, areas = _TriangleNormals(uniquePoints[merged])
    # each undirected edge once, with the triangles on its two sides (the second -1 at an open boundary)
    directed = {}
    for t, (a, b, c) in enumerate(merged):
        for edge in ((a, b), (b, c), (c, a)):
            directed[edge] = t
    edges = []
    onEdge = np.zeros(len(uniquePoints), dtype=bool)
    for (a, b), t in directed.items():
        other = directed.get((b, a), -1)
        if other != -1 and a < b:
            continue  # the pair is looked at from (b, a)
        cosine = np.clip(normals[t] @ normals[other], -1., 1.) if other != -1 else -1.
        if other == -1 or np.arccos(cosine) >= edgeAngle:
            edges.append((max(a, b), min(a, b)))
            onEdge[[a, b]] = True
    pointList, colorList, finalTriangles = list(uniquePoints), list(uniqueColors), merged.copy()
    pointNormals = None
    if smoothNormals:
        summed = np.zeros((len(uniquePoints), 3))
        np.add.at(summed, merged.reshape(-1), np.repeat(areas[:, None] * normals, 3, axis=0))
        summed[onEdge] = 0.  # points on an edge are used through their copies only
        length = np.linalg.norm(summed, axis=1)
        pointNormals = list(np.divide(summed, length[:, None], out=np.zeros_like(summed), where=length[:, None] > 0))
        for t, triangle in enumerate(merged):
            for k, point in enumerate(triangle):
                if onEdge[point]:  # a copy of the point with this triangle's normal
                    finalTriangles[t, k] = len(pointList)
                    pointList.append(uniquePoints[point])
                    colorList.append(uniqueColors[point])
                    pointNormals.append(normals[t])
    result = _TriangleList(np.array(pointList), finalTriangles, np.array(colorList),
                           None if pointNormals is None else np.array(pointNormals))
    if addEdges:
        result['edges'] = np.array(edges, dtype=int).reshape(-1)
        result['edgeColor'] = np.asarray(_Color(function, edgeColor, 'edgeColor'), dtype=float)
    return result


# ---------------------------------------------------------------------------------------------
# inspecting graphics dicts
def BoundingBoxSingle(graphicsData):
    """[min, max] corners (3-vectors) of the axis-aligned box around one graphics dict ('TriangleList', 'Line',
    'Text' (its position), 'Circle' (in its x-y plane)); [None, None] if it has no points"""
    kind = graphicsData.get('type') if isinstance(graphicsData, dict) else None
    key = {'TriangleList': 'points', 'Lines': 'points', 'Spheres': 'points', 'Line': 'data', 'Text': 'position',
           'Circle': 'position'}.get(kind)
    if key is None:
        _Fail('BoundingBoxSingle', 'graphicsData', "a graphics dict of type 'TriangleList', 'Line', 'Text' or 'Circle'",
              kind if kind is not None else graphicsData)
    points = np.asarray(graphicsData.get(key, []), dtype=float).reshape(-1, 3)
    if len(points) == 0:
        return [None, None]
    low, high = points.min(axis=0), points.max(axis=0)
    if kind == 'Circle':
        radius = float(graphicsData.get('radius', 0.))
        if radius < 0:
            _Fail('BoundingBoxSingle', 'radius', 'a radius >= 0', radius)
        low, high = low - [radius, radius, 0.], high + [radius, radius, 0.]
    return [low, high]


def BoundingBox(graphicsData):
    """[min, max] of the axis-aligned box around a graphics dict or a list of them ([None, None] if empty)"""
    if isinstance(graphicsData, dict):
        return BoundingBoxSingle(graphicsData)
    if not isinstance(graphicsData, list):
        _Fail('BoundingBox', 'graphicsData', 'a graphics dict or a list of them', graphicsData)
    low = high = None
    for item in graphicsData:
        itemLow, itemHigh = BoundingBoxSingle(item)
        if itemLow is None:
            continue
        low = itemLow if low is None else np.minimum(low, itemLow)
        high = itemHigh if high is None else np.maximum(high, itemHigh)
    return [low, high]


def _TriangleListOf(function, graphicsData, needsNormals):
    if not isinstance(graphicsData, dict) or graphicsData.get('type') != 'TriangleList':
        _Fail(function, 'graphicsData', "a graphics dict of type 'TriangleList'", graphicsData)
    if needsNormals and 'normals' not in graphicsData:
        _Fail(function, 'graphicsData', "a 'TriangleList' with normals", sorted(graphicsData))


def InvertTriangles(graphicsData, invertTriangles=True, invertNormals=True):
    """a copy of a 'TriangleList' with each triangle's first two corners swapped (its orientation reversed)
    and/or its normals negated (invertNormals needs normals)"""
    _TriangleListOf('InvertTriangles', graphicsData, invertNormals)
    result = {key: np.array(value) if key != 'type' else value for key, value in graphicsData.items()}
    if invertTriangles:
        result['triangles'] = np.asarray(graphicsData['triangles'], dtype=int).reshape(-1, 3)[:, [1, 0, 2]].reshape(-1)
    if invertNormals:
        result['normals'] = -np.asarray(graphicsData['normals'], dtype=float)
    return result


def InconsistentTriangles(graphicsData):
    """the number of triangle corners whose point normal points against the triangle's normal (p1 - p0) x
    (p2 - p0); 0 for a consistently oriented mesh with outward normals"""
    _TriangleListOf('InconsistentTriangles', graphicsData, True)
    points, triangles = ToPointsAndTrigs(graphicsData)
    normals = np.asarray(graphicsData['normals'], dtype=float).reshape(-1, 3)
    faceNormals, _ = _TriangleNormals(points[triangles])
    return int(np.sum(np.einsum('tkj,tj->tk', normals[triangles], faceNormals) < 0))
