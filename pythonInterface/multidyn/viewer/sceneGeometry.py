"""Exudyn's graphics dicts (multidyn.graphics: 'Line', 'Lines', 'Circle', 'Text', 'TriangleList',
'Spheres') reduced to what a browser draws: triangle meshes of one colour each, line segments with a
colour per point, and text labels, all in the coordinates of the item's frame.

Pure Python and numpy: no viewer library is needed, so this is unit-tested on its own.
"""
import warnings

import numpy as np

#: the triangle list's keys and the other types' keys (as docs/graphics.md lists them)
_knownKeys = {
    'Line': {'type', 'data', 'color'},
    'Lines': {'type', 'points', 'colors', 'color', 'shape'},
    'Circle': {'type', 'position', 'radius', 'color', 'normal'},
    'Text': {'type', 'position', 'text', 'color', 'fontSize', 'offset'},
    'TriangleList': {'type', 'points', 'triangles', 'triangles6', 'colors', 'normals', 'edges', 'edges3', 'edgeColor'},
    'Spheres': {'type', 'points', 'radii', 'colors', 'resolution'},
}


class GraphicsDataError(ValueError):
    """graphics data that cannot be drawn; the message names the item, graphicsData[i] and the key"""


class Mesh:
    """triangles of one colour: vertices (n x 3), faces (m x 3 indices), rgba (4 numbers in [0, 1])"""

    def __init__(self, vertices, faces, rgba):
        self.vertices = np.ascontiguousarray(vertices, dtype=np.float32).reshape(-1, 3)
        self.faces = np.ascontiguousarray(faces, dtype=np.uint32).reshape(-1, 3)
        self.rgba = np.asarray(rgba, dtype=float).reshape(4)

    def Key(self):
        """bytes that are equal for equal meshes (used to batch identical bodies)"""
        return self.vertices.tobytes() + self.faces.tobytes() + np.round(self.rgba * 255).astype(np.uint8).tobytes()


class Label:
    """a text at a point of the frame"""

    def __init__(self, position, text, rgba):
        self.position = np.asarray(position, dtype=float).reshape(3)
        self.text = str(text)
        self.rgba = np.asarray(rgba, dtype=float).reshape(4)


class GeometryParts:
    """what one item draws in its own frame: meshes (one per colour), line segments
    (segmentPoints: 2k x 3, segmentColors: 2k x 4, a pair of rows per segment) and labels"""

    def __init__(self):
        self.meshes = []
        self.segmentPoints = np.zeros((0, 3))
        self.segmentColors = np.zeros((0, 4))
        self.labels = []

    def AddMesh(self, vertices, faces, rgba):
        if len(faces):
            self.meshes.append(Mesh(vertices, faces, rgba))

    def AddSegments(self, points, colors):
        points = np.asarray(points, dtype=float).reshape(-1, 3)
        colors = np.broadcast_to(np.asarray(colors, dtype=float).reshape(-1, 4), (len(points), 4))
        self.segmentPoints = np.vstack([self.segmentPoints, points])
        self.segmentColors = np.vstack([self.segmentColors, colors])

    def AddPolyline(self, points, rgba, closed=False):
        points = np.asarray(points, dtype=float).reshape(-1, 3)
        if closed:
            points = np.vstack([points, points[:1]])
        self.AddSegments(np.repeat(points, 2, axis=0)[1:-1], rgba)

    def MergedByColor(self):
        """the same parts with one mesh per colour (fewer objects for the browser to draw)"""
        groups = {}
        for mesh in self.meshes:
            groups.setdefault(tuple(np.round(mesh.rgba * 255).astype(int)), []).append(mesh)
        merged = GeometryParts()
        for meshes in groups.values():
            offsets = np.cumsum([0] + [len(m.vertices) for m in meshes[:-1]])
            merged.AddMesh(np.vstack([m.vertices for m in meshes]),
                           np.vstack([m.faces + offset for m, offset in zip(meshes, offsets)]), meshes[0].rgba)
        merged.segmentPoints, merged.segmentColors, merged.labels = self.segmentPoints, self.segmentColors, self.labels
        return merged

    def Extend(self, other):
        self.meshes += other.meshes
        self.AddSegments(other.segmentPoints, other.segmentColors)
        self.labels += other.labels

    def IsEmpty(self):
        return not self.meshes and len(self.segmentPoints) == 0 and not self.labels

    def Key(self):
        """bytes equal for equal geometry (labels excluded: they carry item numbers)"""
        return b'|'.join([m.Key() for m in self.meshes] + [self.segmentPoints.astype(np.float32).tobytes(),
                                                            self.segmentColors.astype(np.float32).tobytes()])

    def Bounds(self):
        """[lowest corner, highest corner] of all points, or None"""
        clouds = [m.vertices for m in self.meshes] + [self.segmentPoints] + [[label.position] for label in self.labels]
        points = np.vstack([np.asarray(c, dtype=float).reshape(-1, 3) for c in clouds])
        if len(points) == 0:
            return None
        return points.min(axis=0), points.max(axis=0)


def ResolvedColor(rgba, defaultColor):
    """Exudyn's colour conventions: R = -1 (graphics.color.default) or a material index in the alpha
    channel (graphics.material.*, >= 1000) give the default colour; alpha is clipped to [0, 1]"""
    rgba = np.asarray(rgba, dtype=float).reshape(4)
    if rgba[0] < 0:
        return np.asarray(defaultColor, dtype=float).reshape(4)
    if rgba[3] >= 1000:
        return np.array([*np.clip(rgba[:3], 0, 1), 1.])
    return np.clip(rgba, 0., 1.)


class _Entry:
    """one graphics dict being translated, for messages that name it"""

    def __init__(self, data, where):
        self.data = data
        self.where = where

    def Fail(self, key, expected):
        value = self.data.get(key, '(missing)') if isinstance(self.data, dict) else self.data
        text = repr(value)
        if len(text) > 80:
            text = text[:77] + '...'
        raise GraphicsDataError(f"{self.where}: key '{key}': expected {expected}, got {text}")

    def Array(self, key, columns, required=True, default=None):
        if key not in self.data:
            if required:
                self.Fail(key, f'a list of numbers ({columns} per row)')
            return default
        try:
            array = np.asarray(self.data[key], dtype=float).reshape(-1)
        except (TypeError, ValueError):
            self.Fail(key, f'a list of numbers ({columns} per row)')
        if array.size % columns != 0 or not np.all(np.isfinite(array)):
            self.Fail(key, f'finite numbers, a multiple of {columns}')
        return array.reshape(-1, columns)

    def Indices(self, key, columns, numberOfPoints, required=True):
        array = self.Array(key, columns, required, np.zeros((0, columns)))
        if array.size and (np.any(array < 0) or np.any(array >= numberOfPoints) or np.any(array != np.round(array))):
            self.Fail(key, f'point indices 0 to {numberOfPoints - 1}')
        return array.astype(np.int64)

    def Color(self, key, defaultColor):
        """one colour (the default where the key is missing)"""
        if key not in self.data:
            return ResolvedColor(defaultColor, defaultColor)
        colors = self.Array(key, 4)
        if len(colors) != 1:
            self.Fail(key, 'one RGBA colour (4 numbers)')
        return ResolvedColor(colors[0], defaultColor)

    def PointColors(self, key, numberOfPoints, defaultColor):
        """one colour per point (or one for all) as an n x 4 array"""
        colors = self.Array(key, 4, False)
        if colors is None:
            colors = np.asarray(self.data.get('color', defaultColor), dtype=float).reshape(1, 4)
        if len(colors) not in (1, numberOfPoints):
            self.Fail(key, f'one RGBA colour or one per point ({numberOfPoints})')
        resolved = np.array([ResolvedColor(c, defaultColor) for c in colors])
        return np.broadcast_to(resolved, (numberOfPoints, 4))


def _TrianglesByColor(parts, vertices, triangles, colors):
    """one mesh per colour of the triangles' first points (a checkerboard: two meshes)"""
    if len(triangles) == 0:
        return
    firstColors = np.round(colors[triangles[:, 0]] * 255).astype(np.int64)
    keys = firstColors @ np.array([1 << 24, 1 << 16, 1 << 8, 1])
    for key in np.unique(keys):
        chosen = triangles[keys == key]
        used, inverse = np.unique(chosen.reshape(-1), return_inverse=True)  # only the points these triangles use
        parts.AddMesh(vertices[used], inverse.reshape(-1, 3), colors[chosen[0, 0]])


def SphereMesh(center, radius, segments=12):
    """vertices and faces of a UV sphere with `segments` points around (outward faces)"""
    rings = max(2, segments // 2)
    theta = np.linspace(0, np.pi, rings + 1)[1:-1]
    phi = 2 * np.pi * np.arange(segments) / segments
    ring = np.stack([np.outer(np.sin(theta), np.cos(phi)), np.outer(np.sin(theta), np.sin(phi)),
                     np.outer(np.cos(theta), np.ones(segments))], axis=-1).reshape(-1, 3)
    unit = np.vstack([[0, 0, 1], ring, [0, 0, -1]])
    faces = []
    for k in range(segments):
        k1 = (k + 1) % segments
        faces.append([0, 1 + k, 1 + k1])
        bottom = len(unit) - 1
        last = 1 + (rings - 2) * segments
        faces.append([bottom, last + k1, last + k])
        for i in range(rings - 2):
            a, b = 1 + i * segments + k, 1 + i * segments + k1
            faces += [[a, a + segments, b], [b, a + segments, b + segments]]
    return np.asarray(center, dtype=float) + radius * unit, np.array(faces)


def _QuadraticCurve(start, end, mid, samples=8):
    """points of the quadratic curve through start, mid (at its middle) and end"""
    s = np.linspace(0, 1, samples + 1)[:, None]
    return (1 - s) * (1 - 2 * s) * start + 4 * s * (1 - s) * mid + s * (2 * s - 1) * end


def TranslateGraphicsData(graphicsDataList, where='graphicsData', defaultColor=(0.3, 0.3, 1., 1.), circleTiling=16,
                          sphereTiling=12):
    """GeometryParts of a body's graphicsData list (Exudyn's dicts, flat or as rows). `where` names
    the item in messages, e.g. "object 3 (RigidBody 'arm')". Bad data is a GraphicsDataError naming
    graphicsData[i], the type and the key; an unknown key is a warning (the rest is drawn)."""
    if isinstance(graphicsDataList, dict):
        graphicsDataList = [graphicsDataList]
    if not isinstance(graphicsDataList, (list, tuple)):
        raise GraphicsDataError(f"{where}: graphicsData must be a list of graphics dicts, got "
                                f"{type(graphicsDataList).__name__}")
    parts = GeometryParts()
    for index, data in enumerate(graphicsDataList):
        label = f"{where}: graphicsData[{index}]"
        if not isinstance(data, dict) or 'type' not in data:
            raise GraphicsDataError(f"{label}: expected a graphics dict with a 'type' (e.g. graphics.Brick(...)), got "
                                    f"{type(data).__name__}")
        kind = data['type']
        if kind not in _knownKeys:
            raise GraphicsDataError(f"{label}: unknown type {kind!r}; the viewer draws "
                                    f"{', '.join(sorted(_knownKeys))}")
        entry = _Entry(data, f"{label} ({kind})")
        unknown = set(data) - _knownKeys[kind]
        if unknown:
            warnings.warn(f"{label} ({kind}): key(s) {', '.join(sorted(unknown))} are not drawn", stacklevel=2)
        if kind == 'Line':
            points = entry.Array('data', 3)
            if len(points) < 2:
                entry.Fail('data', 'at least 2 points')
            parts.AddPolyline(points, entry.Color('color', defaultColor))
        elif kind == 'Lines':
            points = entry.Array('points', 3)
            colors = entry.PointColors('colors', len(points), defaultColor)
            if data.get('shape', 'linear') == 'quadratic':  # rows start, end, mid per segment
                if len(points) % 3:
                    entry.Fail('points', '3 points (start, end, mid) per quadratic segment')
                for k in range(0, len(points), 3):
                    parts.AddPolyline(_QuadraticCurve(points[k], points[k + 1], points[k + 2]), colors[k])
            else:  # pairs of points
                if len(points) % 2:
                    entry.Fail('points', 'two points per segment')
                parts.AddSegments(points, colors)
        elif kind == 'Circle':
            center = entry.Array('position', 3)[0]
            radius = float(data.get('radius', 0))
            if not np.isfinite(radius) or radius < 0:
                entry.Fail('radius', 'a finite number >= 0')
            angles = 2 * np.pi * np.arange(circleTiling) / circleTiling
            circle = center + radius * np.stack([np.cos(angles), np.sin(angles), 0 * angles], axis=1)
            parts.AddPolyline(circle, entry.Color('color', defaultColor), closed=True)
        elif kind == 'Text':
            if not isinstance(data.get('text'), str):
                entry.Fail('text', 'a string')
            parts.labels.append(Label(entry.Array('position', 3)[0], data['text'], entry.Color('color', defaultColor)))
        elif kind == 'TriangleList':
            points = entry.Array('points', 3)
            colors = entry.PointColors('colors', len(points), defaultColor)
            if 'triangles' in data or 'triangles6' not in data:
                triangles = entry.Indices('triangles', 3, len(points))
            else:  # quadratic triangles: drawn flat on their corners (the first three of six)
                triangles = entry.Indices('triangles6', 6, len(points))[:, :3]
            _TrianglesByColor(parts, points, triangles, colors)
            for key, columns in (('edges', 2), ('edges3', 3)):
                if key in data:
                    edges = entry.Indices(key, columns, len(points))[:, :2]
                    parts.AddSegments(points[edges.reshape(-1)], entry.Color('edgeColor', (0, 0, 0, 1)))
        elif kind == 'Spheres':
            centers = entry.Array('points', 3)
            radii = entry.Array('radii', 1).reshape(-1)
            if len(radii) not in (1, len(centers)) or np.any(radii < 0):
                entry.Fail('radii', 'one radius >= 0 or one per point')
            colors = entry.PointColors('colors', len(centers), defaultColor)
            for center, radius, rgba in zip(centers, np.broadcast_to(radii, len(centers)), colors):
                parts.AddMesh(*SphereMesh(center, radius, sphereTiling), rgba)
    return parts.MergedByColor()
