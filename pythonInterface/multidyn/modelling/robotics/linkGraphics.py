"""Graphics of robot links for the two multibody models (stored with the model; multidyn has no renderer
yet, so these only need to be sensible, not pixel-equal to Exudyn's)."""
import numpy as np

from multidyn.modelling import graphics as _graphics


def MovedGraphics(graphicsList, T):
    """the graphics dicts moved by the homogeneous transformation T"""
    return [_graphics.Move(g, T[0:3, 3], T[0:3, 0:3]) for g in graphicsList]


def ComCube(position, visualization):
    """a small, darker cube at the centre of mass"""
    size = 0.2 * visualization.jointRadius
    color = [0.75 * c for c in visualization.linkColor[0:3]] + [visualization.linkColor[3]]
    return _graphics.Brick(list(position), [size] * 3, color)


def JointCylinder(position, axis, visualization):
    """the joint drawn as a cylinder of jointWidth along its axis, centred at position"""
    axis = np.asarray(axis, dtype=float)
    half = 0.5 * visualization.jointWidth * axis
    return _graphics.Cylinder(list(np.asarray(position) - half), list(2 * half), visualization.jointRadius,
                              _graphics.color.grey)


def LinkCylinder(p0, p1, visualization):
    """the link drawn as a cylinder of linkWidth from p0 to p1; nothing if they coincide"""
    v = np.asarray(p1, dtype=float) - np.asarray(p0, dtype=float)
    if np.linalg.norm(v) < 1e-15:
        return []
    return [_graphics.Cylinder(list(p0), list(v), 0.5 * visualization.linkWidth, visualization.linkColor)]
