"""Exudyn's default drawings of items that have no graphics data, in the forms the viewer sends:
meshes in an item's frame (node points, marker cubes, joint spheres, sensor diamonds, body boxes,
world axes) and line segments in world coordinates recomputed each frame (spring coils between
two markers, load arrows scaled by magnitude, the contour-coloured line of a cable).

Pure Python and numpy, unit-tested without a browser.
"""
import math

import numpy as np

from multidyn.viewer.sceneGeometry import GeometryParts, SphereMesh

_cubeCorners = np.array([[x, y, z] for z in (-1, 1) for y in (-1, 1) for x in (-1, 1)], dtype=float)
_cubeFaces = np.array([[0, 2, 3], [0, 3, 1], [4, 5, 7], [4, 7, 6], [0, 1, 5], [0, 5, 4], [1, 3, 7], [1, 7, 5],
                       [3, 2, 6], [3, 6, 7], [2, 0, 4], [2, 4, 6]])
_octahedronCorners = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], dtype=float)
_octahedronFaces = np.array([[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4], [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]])


def Box(sides, rgba):
    """an axis-aligned box of the given side lengths around the frame's origin"""
    parts = GeometryParts()
    parts.AddMesh(0.5 * _cubeCorners * np.asarray(sides, dtype=float), _cubeFaces, rgba)
    return parts


def Ball(radius, rgba, segments=10):
    parts = GeometryParts()
    parts.AddMesh(*SphereMesh([0, 0, 0], radius, segments), rgba)
    return parts


def Diamond(radius, rgba):
    """an octahedron: sensors are drawn so, to tell them from nodes (balls) and markers (cubes)"""
    parts = GeometryParts()
    parts.AddMesh(radius * _octahedronCorners, _octahedronFaces, rgba)
    return parts


def Axes(length, rotation=np.eye(3), origin=(0., 0., 0.)):
    """the three axes of a frame as lines: x red, y green, z blue"""
    parts = GeometryParts()
    colors = ([1., 0., 0., 1.], [0., 0.7, 0., 1.], [0., 0., 1., 1.])
    for axis in range(3):
        parts.AddSegments([origin, np.asarray(origin) + length * np.asarray(rotation)[:, axis]], colors[axis])
    return parts


def PerpendicularBasis(direction):
    """unit vectors n1, n2 normal to direction (and to each other); plain floats, as it runs for every drawn load
    and spring in every frame (numpy's cross of two 3-vectors costs more than the arithmetic)"""
    x, y, z = (float(c) for c in direction)
    length = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / length, y / length, z / length
    hx, hy, hz = (1., 0., 0.) if abs(x) < 0.9 else (0., 1., 0.)
    a, b, c = y * hz - z * hy, z * hx - x * hz, x * hy - y * hx  # d x helper
    norm = math.sqrt(a * a + b * b + c * c)
    a, b, c = a / norm, b / norm, c / norm
    return np.array([a, b, c]), np.array([y * c - z * b, z * a - x * c, x * b - y * a])


def CoilSegments(p0, p1, radius, windings, pointsPerWinding=12):
    """line segments (2k x 3) of a helical spring from p0 to p1: straight where p0 == p1"""
    p0, p1 = np.asarray(p0, dtype=float), np.asarray(p1, dtype=float)
    axis = p1 - p0
    if np.linalg.norm(axis) < 1e-12:
        return np.array([p0, p1])
    n1, n2 = PerpendicularBasis(axis)
    s = np.linspace(0., 1., int(windings) * pointsPerWinding + 1)
    angle = 2 * np.pi * windings * s
    # the first and last points on the axis, so the coil meets the markers
    envelope = np.minimum(1., np.minimum(s, 1 - s) * 4 * windings)
    points = p0 + np.outer(s, axis) + radius * envelope[:, None] * (np.outer(np.cos(angle), n1) + np.outer(np.sin(angle), n2))
    return np.repeat(points, 2, axis=0)[1:-1]


def ArrowSegments(start, vector, headFraction=0.25, torque=False):
    """line segments of an arrow from start along vector, with a four-line head (two heads for a torque); a vector of
    zero length gives a shaft of zero length and no head (the number of segments stays the same for one kind)"""
    start, vector = np.asarray(start, dtype=float), np.asarray(vector, dtype=float)
    length = math.sqrt(float(vector @ vector))
    tip = start + vector
    heads = 2 if torque else 1
    segments = np.empty((2 + 8 * heads, 3))
    segments[0], segments[1] = start, tip
    if length < 1e-300:
        segments[2:] = tip
        return segments
    n1, n2 = PerpendicularBasis(vector)
    head = headFraction * length
    direction = vector / length
    row = 2
    for k in range(heads):
        tipPoint = tip - 0.6 * k * head * direction
        back = tipPoint - head * direction
        for n in (n1, -n1, n2, -n2):
            segments[row], segments[row + 1] = tipPoint, back + 0.4 * head * n
            row += 2
    return segments


def ContourColors(values, minimum, maximum, colorStops=None):
    """rgba (n x 4) of values on Exudyn's contour scale (blue, cyan, green, yellow, red from minimum to maximum)"""
    stops = np.array(colorStops if colorStops is not None else
                     [[0.1, 0.1, 0.9, 1.], [0.1, 0.9, 0.9, 1.], [0.1, 0.9, 0.1, 1.], [0.9, 0.9, 0.1, 1.], [0.9, 0.1, 0.1, 1.]])
    span = maximum - minimum
    fraction = np.clip((np.asarray(values, dtype=float) - minimum) / span, 0., 1.) if span > 0 else \
        np.zeros(np.shape(values))
    position = fraction * (len(stops) - 1)
    lower = np.minimum(np.floor(position).astype(int), len(stops) - 2)
    weight = (position - lower)[..., None]
    return (1 - weight) * stops[lower] + weight * stops[lower + 1]


def ColorBarImage(width=24, height=256, colorStops=None):
    """an RGB image (height x width x 3, uint8) of the contour scale, maximum at the top"""
    column = ContourColors(np.linspace(1., 0., height), 0., 1., colorStops)[:, :3]
    return np.repeat((column[:, None, :] * 255).astype(np.uint8), width, axis=1)
