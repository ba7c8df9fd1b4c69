"""Exudyn's exudyn.kinematicTree for multidyn: KinematicTree33, a kinematic tree described by
rotation matrices and offsets, whose dynamics come from the C++ algorithms of ObjectKinematicTree
(recursive Newton-Euler, composite rigid bodies, the articulated-body solve, the analytic
derivatives of Newton-Euler; docs/theory/KinematicTree.md), not from Python loops.

Exudyn's functions keep their names and results: Size, XL, ComputeMassMatrixAndForceTerms,
ForwardDynamicsCRB. Our additions: InverseDynamics (joint torques of a given motion),
MassMatrix, InverseDynamicsDerivatives, Jacobian (of a point of a link) and LinkHT; and
KinematicTreeOfObject(mbs, objectNumber), the KinematicTree33 of an ObjectKinematicTree in a system.

KinematicTree66 is Exudyn's tree described by 6x6 Pluecker transforms and 6x6 spatial inertias
(Featherstone's form); it converts them once to KinematicTree33's rotations, offsets and inertias, so
it runs on the same C++ algorithms. Exudyn's helpers of that form keep their names:
MassCOMinertia2T66, Inertia2T66, Inertia66toMassCOMinertia, JointTransformMotionSubspace66, CRM, CRF."""
import numpy as np

from multidyn import _multidyn
from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.kinematicTreeTypes import JointType

__all__ = ['KinematicTree33', 'KinematicTree66', 'KinematicTreeOfObject', 'MassCOMinertia2T66', 'Inertia2T66',
           'Inertia66toMassCOMinertia', 'JointTransformMotionSubspace66', 'CRM', 'CRF']

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


# ---------------------------------------------------------------------------
# Exudyn's 6x6 (Pluecker) form: motion vectors [angular; linear], spatial inertia at the link origin
# [J_C + m C C^T, m C; m C^T, m 1] with C = [c]x, and the transform X_L from the parent's frame to the
# joint frame, X_L = RotationTranslation2T66Inverse(A, p) = [A^T, 0; -A^T [p]x, A^T] for a joint frame with
# axes A and origin p (parent coordinates), i.e. KinematicTree33's rotation and offset.
def MassCOMinertia2T66(mass, centerOfMass, inertia):
    """6x6 spatial inertia at the link origin from the mass, the center of mass (link frame) and the 3x3
    inertia about the center of mass"""
    m = _rbu._AsScalar(mass, 'MassCOMinertia2T66', 'mass', nonNegative=True)
    C = _rbu.Skew(_rbu._AsArray(centerOfMass, (3,), 'MassCOMinertia2T66', 'centerOfMass'))
    J = _rbu._AsArray(inertia, (3, 3), 'MassCOMinertia2T66', 'inertia')
    return np.block([[J + m * (C @ C.T), m * C], [m * C.T, m * np.eye(3)]])


def Inertia2T66(inertia):
    """6x6 spatial inertia at the reference point of a RigidBodyInertia (its mass, com and inertia)"""
    return MassCOMinertia2T66(inertia.mass, inertia.com, inertia.InertiaCOM())


def Inertia66toMassCOMinertia(inertia66):
    """[mass, centerOfMass, inertia about the center of mass] of a 6x6 spatial inertia"""
    I = _rbu._AsArray(inertia66, (6, 6), 'Inertia66toMassCOMinertia', 'inertia66')
    mass = I[5, 5]
    massCOM = I[0:3, 3:6]
    centerOfMass = _rbu.Skew2Vec(massCOM) / mass if mass != 0. else np.zeros(3)
    inertia = I[0:3, 0:3] - (massCOM @ massCOM.T / mass if mass != 0. else 0.)
    return [mass, centerOfMass, inertia]


_motionSubspaces = {name: np.eye(6)[k] for k, name in enumerate(['Rx', 'Ry', 'Rz', 'Px', 'Py', 'Pz'])}


def JointTransformMotionSubspace66(jointType, q):
    """[X_J, S]: the 6x6 joint transform (parent joint frame to moved frame) of a joint 'Rx' ... 'Pz' at
    coordinate q and its motion subspace S (a unit 6-vector)"""
    if jointType not in _motionSubspaces:
        raise ValueError(f"JointTransformMotionSubspace66: parameter 'jointType' must be one of "
                         f"{list(_motionSubspaces)}; received {jointType!r}")
    q = _rbu._AsScalar(q, 'JointTransformMotionSubspace66', 'q')
    axis = {'x': 0, 'y': 1, 'z': 2}[jointType[1]]
    if jointType[0] == 'R':
        X = [_rbu.RotationX2T66, _rbu.RotationY2T66, _rbu.RotationZ2T66][axis](q).T
    else:
        X = _rbu.Translation2T66(-q * np.eye(3)[axis])
    return [X, _motionSubspaces[jointType].copy()]


def CRM(v):
    """6x6 cross product operator of the motion vector v = [w; u]: CRM(v) @ m = v x m"""
    v = _rbu._AsArray(v, (6,), 'CRM', 'v')
    W, U = _rbu.Skew(v[0:3]), _rbu.Skew(v[3:6])
    return np.block([[W, np.zeros((3, 3))], [U, W]])


def CRF(v):
    """6x6 cross product operator of v for force vectors: CRF(v) @ f = v x* f = -CRM(v)^T f"""
    return -CRM(v).T


_plueckerTolerance = 1e-8


def _RotationOffsetOfTransform(X, i):
    """KinematicTree33's rotation A and offset p of link i from its 6x6 transform X = [A^T, 0; -A^T [p]x, A^T]"""
    X = _rbu._AsArray(X, (6, 6), 'KinematicTree66', f'listOfTransformations[{i}]')
    A = X[0:3, 0:3].T
    skewP = -A @ X[3:6, 0:3]
    scale = max(1., np.abs(X).max())
    if (np.abs(X[0:3, 3:6]).max() > _plueckerTolerance * scale or np.abs(X[3:6, 3:6] - X[0:3, 0:3]).max()
            > _plueckerTolerance * scale or np.abs(A.T @ A - np.eye(3)).max() > 1e-6 or np.linalg.det(A) < 0
            or np.abs(skewP + skewP.T).max() > _plueckerTolerance * scale):
        raise ValueError(f"KinematicTree66: parameter 'listOfTransformations': link {i} needs a Pluecker transform "
                         "[E, 0; -E [p]x, E] with a rotation matrix E (RotationTranslation2T66Inverse(A, p)); "
                         f"received {X.tolist()}")
    return A, _rbu.Skew2Vec(skewP)


def _MassCOMInertiaOfSpatialInertia(I, i):
    """mass, COM and 3x3 inertia about the link origin of link i from its 6x6 spatial inertia"""
    I = _rbu._AsArray(I, (6, 6), 'KinematicTree66', f'listOfInertias[{i}]')
    mass = I[5, 5]
    massCOM = _rbu.Skew2Vec(I[0:3, 3:6])
    scale = max(1., np.abs(I).max())
    if (np.abs(I - I.T).max() > _plueckerTolerance * scale or np.abs(I[3:6, 3:6] - mass * np.eye(3)).max()
            > _plueckerTolerance * scale or np.abs(I[0:3, 3:6] - _rbu.Skew(massCOM)).max() > _plueckerTolerance * scale
            or mass < 0. or (mass == 0. and np.abs(massCOM).max() > 0.)):
        raise ValueError(f"KinematicTree66: parameter 'listOfInertias': link {i} needs a spatial inertia "
                         "[J, m C; m C^T, m 1] with C = Skew(com) and m >= 0 (MassCOMinertia2T66); received "
                         f"{I.tolist()}")
    return mass, (massCOM / mass if mass > 0. else np.zeros(3)), I[0:3, 0:3].copy()


class KinematicTree66:
    """A kinematic tree (Exudyn's KinematicTree66) of links given by 6x6 Pluecker transforms: per link i
    listOfJointTypes[i]: 'Rx', 'Ry', 'Rz' or 'Px', 'Py', 'Pz' (the joint's axis in the joint frame);
    listOfTransformations[i]: the transform X_L from the parent's frame to the joint frame,
    RotationTranslation2T66Inverse(A, p) for a joint frame with axes A and origin p in the parent's frame;
    listOfInertias[i]: the 6x6 spatial inertia at the joint point, link frame (MassCOMinertia2T66);
    listOfParents: parent link indices (-1: the base; parent[i] < i), empty for a chain; gravity: global.
    The dynamics run on KinematicTree33's C++ algorithms (the same mechanism, converted once)."""

    def __init__(self, listOfJointTypes, listOfTransformations, listOfInertias, listOfParents=[],
                 gravity=[0, 0, -9.81]):
        n = len(listOfJointTypes)
        for name, values in (('listOfTransformations', listOfTransformations), ('listOfInertias', listOfInertias)):
            if len(values) != n:
                raise ValueError(f"KinematicTree66: length of {name} ({len(values)}) must agree with the length of "
                                 f"listOfJointTypes ({n})")
        for i, jointType in enumerate(listOfJointTypes):
            if jointType not in _motionSubspaces:
                raise ValueError(f"KinematicTree66: parameter 'listOfJointTypes': link {i} has joint type "
                                 f"{jointType!r}; expected one of {list(_motionSubspaces)}")
        self.jointTypes = list(listOfJointTypes)
        self.transformations = [np.array(X, dtype=float) for X in listOfTransformations]
        self.inertias = [np.array(I, dtype=float) for I in listOfInertias]
        self.parents = np.arange(-1, n - 1) if len(listOfParents) == 0 else np.array(listOfParents, dtype=int)
        self.gravity = np.array(gravity, dtype=float)
        rotations, offsets = zip(*[_RotationOffsetOfTransform(X, i) for i, X in enumerate(self.transformations)]) \
            if n else ((), ())
        masses, coms, inertias = zip(*[_MassCOMInertiaOfSpatialInertia(I, i) for i, I in enumerate(self.inertias)]) \
            if n else ((), (), ())
        try:
            self._tree = KinematicTree33(self.jointTypes, list(rotations), list(offsets), list(inertias), list(coms),
                                         list(masses), list(self.parents), gravity=self.gravity)
        except ValueError as error:
            raise ValueError(str(error).replace('KinematicTree33', 'KinematicTree66').replace(
                'listOfRotations', 'listOfTransformations').replace('listOfOffsets', 'listOfTransformations').replace(
                'listOfInertia3D', 'listOfInertias').replace('listOfCOM', 'listOfInertias').replace(
                'listOfMass', 'listOfInertias')) from None

    def Size(self):
        """number of links (joints)"""
        return len(self.jointTypes)

    def XL(self, i):
        """the 6x6 transform of link i (listOfTransformations[i])"""
        return self.transformations[i]

    def ComputeMassMatrixAndForceTerms(self, q, q_t, externalForces=[]):
        """[M, f]: mass matrix and generalized force terms (Coriolis, centrifugal, gravity) for
        M(q) q_tt + f(q, q_t) = tau; externalForces are not supported (give an empty list)"""
        if len(externalForces):
            raise ValueError("KinematicTree66.ComputeMassMatrixAndForceTerms: parameter 'externalForces' is not "
                             "supported; give an empty list")
        return self._tree.ComputeMassMatrixAndForceTerms(q, q_t)

    def ForwardDynamicsCRB(self, q=[], q_t=[], torques=[], forces=[]):
        """joint accelerations q_tt = M^-1 (torques - f(q, q_t)); torques empty: zero"""
        if len(forces):
            raise ValueError("KinematicTree66.ForwardDynamicsCRB: parameter 'forces' is not supported (as in "
                             "Exudyn); give an empty list")
        return self._tree.ForwardDynamicsCRB(q, q_t, torques)

    def InverseDynamics(self, q, q_t, q_tt):
        """joint torques tau = M(q) q_tt + f(q, q_t) (recursive Newton-Euler)"""
        return self._tree.InverseDynamics(q, q_t, q_tt)

    def MassMatrix(self, q):
        """the mass matrix M(q)"""
        return self._tree.MassMatrix(q)

    def InverseDynamicsDerivatives(self, q, q_t, q_tt):
        """[d(tau)/dq, d(tau)/dq_t] of InverseDynamics, analytic"""
        return self._tree.InverseDynamicsDerivatives(q, q_t, q_tt)
