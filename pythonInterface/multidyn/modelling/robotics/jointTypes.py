"""The six joint types of multidyn.robotics ('Rx', 'Ry', 'Rz': revolute about, 'Px', 'Py', 'Pz':
prismatic along the x, y or z axis of the joint frame) and the checks shared by the robotics
classes. Internal: the public API takes the type strings, as Exudyn's."""
from collections import namedtuple

import numpy as np

from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.kinematicTreeTypes import JointType

# axis: 0, 1, 2 for x, y, z; revolute: True for a rotation, False for a translation;
# treeType: the ObjectKinematicTree joint type
JointKind = namedtuple('JointKind', ['axis', 'revolute', 'treeType'])

jointKinds = {
    'Rx': JointKind(0, True, JointType.RevoluteX),
    'Ry': JointKind(1, True, JointType.RevoluteY),
    'Rz': JointKind(2, True, JointType.RevoluteZ),
    'Px': JointKind(0, False, JointType.PrismaticX),
    'Py': JointKind(1, False, JointType.PrismaticY),
    'Pz': JointKind(2, False, JointType.PrismaticZ),
}


def JointKindOf(jointType, function, parameter='jointType'):
    """the JointKind of a type string, or a ValueError naming function and parameter"""
    if not isinstance(jointType, str) or jointType not in jointKinds:
        raise ValueError(f"{function}: parameter '{parameter}' must be one of {sorted(jointKinds)} "
                         f"(R: revolute about, P: prismatic along the local x, y or z axis); received {jointType!r}")
    return jointKinds[jointType]


def UnitAxis(kind):
    """the joint axis in joint-frame coordinates"""
    axis = np.zeros(3)
    axis[kind.axis] = 1.
    return axis


def JointMotionHT(kind, q):
    """the HT of the joint's own motion: a rotation by q about, or a translation by q along, its axis"""
    if kind.revolute:
        return (_rbu.HTrotateX, _rbu.HTrotateY, _rbu.HTrotateZ)[kind.axis](q)
    return (_rbu.HTtranslateX, _rbu.HTtranslateY, _rbu.HTtranslateZ)[kind.axis](q)


def CheckedHT(value, function, parameter):
    """a 4x4 homogeneous transformation as a float array: rotation part orthonormal, last row [0,0,0,1]"""
    T = _rbu._AsArray(value, (4, 4), function, parameter)
    _rbu._AsRotationMatrix(T[0:3, 0:3], function, parameter + '[0:3,0:3]')
    if np.max(np.abs(T[3] - [0., 0., 0., 1.])) > 1e-12:
        _rbu._Fail(function, parameter, 'a homogeneous transformation (4x4, last row [0,0,0,1])',
                   detail=f'received last row {T[3].tolist()}')
    return T


def CheckedVector3(value, function, parameter):
    return _rbu._AsArray(value, (3,), function, parameter)


def CheckedScalar(value, function, parameter, nonNegative=False):
    return _rbu._AsScalar(value, function, parameter, nonNegative=nonNegative)


def CheckedGraphicsList(graphicsData, function):
    """a copy of a list of graphics dicts"""
    if not isinstance(graphicsData, (list, tuple)):
        raise ValueError(f"{function}: parameter 'graphicsData' must be a list of graphics dicts; received "
                         f"{type(graphicsData).__name__}")
    return list(graphicsData)


def CheckedInstance(value, cls, function, parameter):
    if not isinstance(value, cls):
        raise ValueError(f"{function}: parameter '{parameter}' must be a {cls.__name__}; received {type(value).__name__}")
    return value
