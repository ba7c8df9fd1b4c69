"""Exudyn's exudyn.kinematicTree for multidyn: KinematicTree33, a kinematic tree described by
rotation matrices and offsets, whose dynamics come from the C++ algorithms of ObjectKinematicTree
(recursive Newton-Euler, composite rigid bodies, the articulated-body solve, the analytic
derivatives of Newton-Euler; docs/theory/KinematicTree.md), not from Python loops.

Exudyn's functions keep their names and results: Size, XL, ComputeMassMatrixAndForceTerms,
ForwardDynamicsCRB. Our additions: InverseDynamics (joint torques of a given motion),
MassMatrix, InverseDynamicsDerivatives, Jacobian (of a point of a link) and LinkHT; and
KinematicTreeOfObject(mbs, objectNumber), the KinematicTree33 of an ObjectKinematicTree in a system.
Exudyn's KinematicTree66 (Pluecker transforms) is not provided."""
import numpy as np

from multidyn import _multidyn
from multidyn.modelling.kinematicTreeTypes import JointType

__all__ = ['KinematicTree33', 'KinematicTreeOfObject']

_jointTypes = {'Rx': JointType.RevoluteX, 'Ry': JointType.RevoluteY, 'Rz': JointType.RevoluteZ,
               'Px': JointType.PrismaticX, 'Py': JointType.PrismaticY, 'Pz': JointType.PrismaticZ}


# ObjectKinematicTree's parameter names (in the item's messages) -> KinematicTree33's
_parameterNames = {'jointTypes': 'listOfJointTypes', 'linkParents': 'listOfParents',
                   'jointTransformations': 'listOfRotations', 'jointOffsets': 'listOfOffsets',
                   'linkInertiasCOM': 'listOfInertia3D', 'linkCOMs': 'listOfCOM', 'linkMasses': 'listOfMass'}


def _TreeJointType(jointType, i):
    if isinstance(jointType, str) and jointType in _jointTypes:
        return _jointTypes[jointType]
    if isinstance(jointType, JointType) and jointType != JointType._None:
        return jointType
    raise ValueError(f"KinematicTree33: parameter 'listOfJointTypes': link {i} has joint type {jointType!r}; expected one "
                     f"of {sorted(_jointTypes)} or an exu.JointType other than _None")


def _Matrix3(value, parameter, i):
    try:
        matrix = np.array(value, dtype=float)
    except (TypeError, ValueError):
        matrix = None
    if matrix is None or matrix.shape != (3, 3):
        raise ValueError(f"KinematicTree33: parameter '{parameter}': link {i} needs a 3x3 matrix; received {value!r}")
    return matrix


def _Vector3(value, parameter, i):
    try:
        vector = np.array(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        vector = None
    if vector is None or len(vector) != 3:
        raise ValueError(f"KinematicTree33: parameter '{parameter}': link {i} needs a 3D vector; received {value!r}")
    return vector


class KinematicTree33:
    """A kinematic tree (Exudyn's KinematicTree33): per link i
    listOfJointTypes[i]: 'Rx', 'Ry', 'Rz' (revolute about) or 'Px', 'Py', 'Pz' (prismatic along the x, y, z axis of the
    joint frame), or an exu.JointType;
    listOfRotations[i]: rotation matrix of the joint frame relative to the parent's frame (the base for a root link),
    i.e. the parent's coordinates of the joint frame's axes; listOfOffsets[i]: the joint point in the parent's frame;
    listOfInertia3D[i]: 3x3 inertia about the link's reference point (the joint point, not the COM);
    listOfCOM[i]: the center of mass, link frame; listOfMass[i];
    listOfParents: parent link indices (-1: the base; parent[i] < i), empty for a chain;
    gravity: global vector. baseOffset (our addition): position of the base frame, global.
    These are ObjectKinematicTree's jointTypes, jointTransformations, jointOffsets, linkInertiasCOM (here about
    the reference point), linkCOMs, linkMasses, linkParents, gravity and baseOffset; the results equal the item's."""

    def __init__(self, listOfJointTypes, listOfRotations, listOfOffsets, listOfInertia3D, listOfCOM, listOfMass,
                 listOfParents=[], gravity=[0, 0, -9.81], baseOffset=[0, 0, 0]):
        n = len(listOfJointTypes)
        for name, values in (('listOfRotations', listOfRotations), ('listOfOffsets', listOfOffsets),
                             ('listOfInertia3D', listOfInertia3D), ('listOfCOM', listOfCOM),
                             ('listOfMass', listOfMass)):
            if len(values) != n:
                raise ValueError(f"KinematicTree33: length of {name} ({len(values)}) must agree with the length of "
                                 f"listOfJointTypes ({n})")
        parents = list(range(-1, n - 1)) if len(listOfParents) == 0 else [int(p) for p in listOfParents]
        if len(parents) != n:
            raise ValueError(f"KinematicTree33: length of listOfParents ({len(parents)}) must agree with the length of "
                             f"listOfJointTypes ({n}), or listOfParents be empty (a chain)")
        self.listOfJointTypes = list(listOfJointTypes)
        self.listOfRotations = [_Matrix3(A, 'listOfRotations', i) for i, A in enumerate(listOfRotations)]
        self.listOfOffsets = [_Vector3(p, 'listOfOffsets', i) for i, p in enumerate(listOfOffsets)]
        self.listOfInertia3D = [_Matrix3(J, 'listOfInertia3D', i) for i, J in enumerate(listOfInertia3D)]
        self.listOfCOM = [_Vector3(c, 'listOfCOM', i) for i, c in enumerate(listOfCOM)]
        self.listOfMass = np.array(listOfMass, dtype=float).reshape(-1)
        self.listOfParents = np.array(parents, dtype=int)
        self.gravity = _Vector3(gravity, 'gravity', 0)
        # about the COM, as ObjectKinematicTree takes it: J_C = J_ref - m (|c|^2 1 - c c^T)
        inertiasCOM = [J - m * (c @ c * np.eye(3) - np.outer(c, c))
                       for J, c, m in zip(self.listOfInertia3D, self.listOfCOM, self.listOfMass)]
        parameters = dict(
            jointTypes=[_TreeJointType(t, i) for i, t in enumerate(self.listOfJointTypes)], linkParents=parents,
            jointTransformations=[A.tolist() for A in self.listOfRotations],
            jointOffsets=[p.tolist() for p in self.listOfOffsets], linkInertiasCOM=[J.tolist() for J in inertiasCOM],
            linkCOMs=[c.tolist() for c in self.listOfCOM], linkMasses=self.listOfMass.tolist(),
            gravity=self.gravity.tolist(), baseOffset=_Vector3(baseOffset, 'baseOffset', 0).tolist())
        try:
            self._algorithms = _multidyn._KinematicTreeAlgorithms(parameters)
        except ValueError as error:  # the item's checks, in this class's parameter names
            text = str(error)
            for itemName, name in _parameterNames.items():
                text = text.replace(f"'{itemName}'", f"'{name}'")
            raise ValueError(f"KinematicTree33: {text}") from None

    def Size(self):
        """number of links (joints)"""
        return len(self.listOfJointTypes)

    def XL(self, i):
        """[A, p]: rotation matrix and offset of joint i (listOfRotations[i], listOfOffsets[i])"""
        return [self.listOfRotations[i], self.listOfOffsets[i]]

    def ComputeMassMatrixAndForceTerms(self, q, q_t, externalForces=[]):
        """[M, f]: the mass matrix and the generalized force terms (Coriolis, centrifugal, gravity) at joint
        coordinates q and velocities q_t, for M(q) q_tt + f(q, q_t) = tau (Exudyn's convention)"""
        if len(externalForces):
            raise ValueError("KinematicTree33.ComputeMassMatrixAndForceTerms: parameter 'externalForces' is not "
                             "supported (Exudyn's KinematicTree33 has none either); give an empty list")
        return [self._algorithms.MassMatrix(q), self._algorithms.InverseDynamics(q, q_t, np.zeros(self.Size()))]

    def ForwardDynamicsCRB(self, q=[], q_t=[], torques=[], forces=[]):
        """joint accelerations q_tt = M^-1 (torques - f(q, q_t)); torques empty: zero (computed by the
        articulated-body algorithm, which gives Exudyn's composite-rigid-body result in O(n))"""
        if len(forces):
            raise ValueError("KinematicTree33.ForwardDynamicsCRB: parameter 'forces' is not supported (as in Exudyn); "
                             "give an empty list")
        if len(torques) == 0:
            torques = np.zeros(self.Size())
        return self._algorithms.ForwardDynamics(q, q_t, torques)

    def InverseDynamics(self, q, q_t, q_tt):
        """joint torques (forces for prismatic joints) tau = M(q) q_tt + f(q, q_t) that produce the accelerations q_tt
        at (q, q_t), with gravity (recursive Newton-Euler, O(n))"""
        return self._algorithms.InverseDynamics(q, q_t, q_tt)

    def MassMatrix(self, q):
        """the mass matrix M(q) (composite rigid bodies)"""
        return self._algorithms.MassMatrix(q)

    def InverseDynamicsDerivatives(self, q, q_t, q_tt):
        """[d(tau)/dq, d(tau)/dq_t] of InverseDynamics at (q, q_t, q_tt), analytic (n x n each)"""
        return list(self._algorithms.InverseDynamicsDerivatives(q, q_t, q_tt))

    def Jacobian(self, q, linkIndex, localPosition=[0, 0, 0], mode='all'):
        """Jacobian of the velocity (rows 0-2) and angular velocity (rows 3-5) of the point localPosition (link
        frame) of link linkIndex with respect to the joint velocities (3 x n or 6 x n; columns of joints not on
        the path from the link to the base are zero); mode 'all', 'trans' or 'rot'"""
        if mode not in ('all', 'trans', 'rot'):
            raise ValueError(f"KinematicTree33.Jacobian: parameter 'mode' must be 'all', 'trans' or 'rot'; "
                             f"received {mode!r}")
        if isinstance(linkIndex, bool) or not isinstance(linkIndex, (int, np.integer)):
            raise ValueError(f"KinematicTree33.Jacobian: parameter 'linkIndex' must be a link index; received "
                             f"{linkIndex!r}")
        J = self._algorithms.Jacobian(q, int(linkIndex), localPosition)
        return J[0:3] if mode == 'trans' else J[3:6] if mode == 'rot' else J

    def LinkHT(self, q):
        """list of the link frames at q (homogeneous transformations link -> global)"""
        frames = []
        for A, p in self._algorithms.LinkFrames(q):
            T = np.eye(4)
            T[0:3, 0:3] = A
            T[0:3, 3] = p
            frames.append(T)
        return frames


def KinematicTreeOfObject(mbs, objectNumber):
    """the KinematicTree33 of the ObjectKinematicTree objectNumber of mbs (our addition): its links, gravity and
    baseOffset, not its applied joint forces, PD control, joint limits, link loads or user function. Its
    functions take the total joint coordinates q (with the node's reference values, as the object's Coordinates
    output gives them); e.g. InverseDynamics(q, q_t, 0) is the object's Force output without the applied forces."""
    function = 'KinematicTreeOfObject'
    try:
        item = mbs.GetObject(objectNumber)
    except Exception as error:
        raise ValueError(f"{function}: parameter 'objectNumber': {error}") from None
    if item.get('objectType') != 'KinematicTree':
        raise ValueError(f"{function}: parameter 'objectNumber': expected an ObjectKinematicTree, got object "
                         f"{int(objectNumber)}, an Object{item.get('objectType')}")
    inertias = [np.array(J) + m * (np.dot(c, c) * np.eye(3) - np.outer(c, c))  # about the joint point
                for J, c, m in zip(item['linkInertiasCOM'], item['linkCOMs'], item['linkMasses'])]
    return KinematicTree33([getattr(JointType, name) if isinstance(name, str) else JointType(name)
                            for name in item['jointTypes']],
                           item['jointTransformations'], item['jointOffsets'], inertias, item['linkCOMs'],
                           item['linkMasses'], item['linkParents'], gravity=item['gravity'],
                           baseOffset=item['baseOffset'])
