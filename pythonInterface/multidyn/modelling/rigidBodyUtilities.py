"""Rigid-body utilities: rotations, homogeneous transforms, inertia (re-exported by multidyn.utilities).

Pure Python + numpy, so it can be imported without the compiled module.
Names and call signatures follow exudyn.utilities / exudyn.rigidBodyUtilities
so that Exudyn scripts run unchanged.

Conventions:
- Rotation matrices are active and right-handed: A maps body-frame
  components to global-frame components, vGlobal = A @ vBody.
- Euler parameters ep = [e0, e1, e2, e3], e0 is the scalar part.
- Tait-Bryan angles rot = [rotX, rotY, rotZ] with A = Rx(rotX) @ Ry(rotY) @ Rz(rotZ).
- A 6D inertia vector is [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy].
- Bad input raises ValueError naming the function, the parameter and what was expected.
"""

import numpy as np

__all__ = [
    'eulerParameters0',
    'Skew', 'Skew2Vec', 'ComputeOrthonormalBasis', 'ComputeOrthonormalBasisVectors',
    'RotationMatrixX', 'RotationMatrixY', 'RotationMatrixZ', 'RotationMatrix2D', 'GramSchmidt',
    'RotXYZ2RotationMatrix', 'RotationMatrix2RotXYZ', 'RotXYZ2G', 'RotXYZ2GLocal',
    'AngularVelocity2RotXYZ_t',
    'EulerParameters2RotationMatrix', 'RotationMatrix2EulerParameters',
    'EulerParameters2G', 'EulerParameters2GLocal', 'AngularVelocity2EulerParameters_t',
    'RotXYZ2EulerParameters', 'EulerParameters2RotXYZ',
    'RotationVector2RotationMatrix', 'RotationMatrix2RotationVector',
    'HT', 'HomogeneousTransformation', 'HT0', 'HTtranslate', 'HTtranslateX', 'HTtranslateY',
    'HTtranslateZ', 'HTrotateX', 'HTrotateY', 'HTrotateZ', 'HT2rotationMatrix', 'HT2translation',
    'InverseHT',
    'RotationX2T66', 'RotationY2T66', 'RotationZ2T66', 'Translation2T66', 'TranslationX2T66', 'TranslationY2T66',
    'TranslationZ2T66', 'T66toRotationTranslation', 'InverseT66toRotationTranslation', 'RotationTranslation2T66',
    'RotationTranslation2T66Inverse', 'T66Inverse', 'T66toHT',
    'InertiaTensor2Inertia6D', 'Inertia6D2InertiaTensor',
    'RigidBodyInertia', 'InertiaCuboid', 'InertiaRodX', 'InertiaMassPoint', 'InertiaSphere',
    'InertiaHollowSphere', 'InertiaCylinder', 'AddRigidBody',
]

eulerParameters0 = [1., 0., 0., 0.]  # Euler parameters of the identity rotation

# tolerance for "is a unit quaternion / is a rotation matrix" checks; loose enough for
# values that went through a time integrator or a file, tight enough to catch real mistakes
_unitTolerance = 1e-6


# ---------------------------------------------------------------------------
# input validation helpers
def _Describe(value):
    try:
        arr = np.asarray(value)
        if arr.dtype != object:
            return 'shape %s' % (arr.shape,) if arr.ndim > 0 else repr(value)
    except Exception:
        pass
    return 'value of type %s' % type(value).__name__


def _Fail(funcName, paramName, expected, value=None, detail=None):
    msg = "%s: parameter '%s' must be %s" % (funcName, paramName, expected)
    msg += '; ' + (detail if detail is not None else 'received ' + _Describe(value))
    raise ValueError(msg)


def _AsArray(value, shape, funcName, paramName):
    """convert to float array of given shape and check that all entries are finite;
    a vector may also be given as a row or column matrix (as in Exudyn)"""
    expected = ('a vector with %d components' % shape[0] if len(shape) == 1
                else 'a %dx%d matrix' % shape)
    try:
        arr = np.array(value, dtype=float)
    except (TypeError, ValueError):
        _Fail(funcName, paramName, expected, value)
    if arr.shape != shape:
        if len(shape) == 1 and arr.ndim == 2 and arr.size == shape[0] and 1 in arr.shape:
            arr = arr.reshape(shape)
        else:
            _Fail(funcName, paramName, expected, value)
    if not np.all(np.isfinite(arr)):
        _Fail(funcName, paramName, expected + ' of finite numbers', detail='received inf or nan')
    return arr


def _AsScalar(value, funcName, paramName, nonNegative=False):
    expected = 'a finite %snumber' % ('non-negative ' if nonNegative else '')
    if np.ndim(value) != 0 or isinstance(value, (str, bytes)):
        _Fail(funcName, paramName, expected, value)
    try:
        x = float(value)
    except (TypeError, ValueError):
        _Fail(funcName, paramName, expected, value)
    if not np.isfinite(x) or (nonNegative and x < 0):
        _Fail(funcName, paramName, expected, detail='received %r' % (value,))
    return x


def _AsRotationMatrix(value, funcName, paramName):
    A = _AsArray(value, (3, 3), funcName, paramName)
    if (np.max(np.abs(A.T @ A - np.eye(3))) > _unitTolerance
            or np.linalg.det(A) < 0):
        _Fail(funcName, paramName, 'a rotation matrix (orthonormal, det=+1)',
              detail='received a matrix with A^T A - I of max abs %.3g and det %.6g'
              % (np.max(np.abs(A.T @ A - np.eye(3))), np.linalg.det(A)))
    return A


def _AsEulerParameters(value, funcName, paramName):
    ep = _AsArray(value, (4,), funcName, paramName)
    norm = np.linalg.norm(ep)
    if abs(norm - 1.) > _unitTolerance:
        _Fail(funcName, paramName, 'unit-length Euler parameters [e0,e1,e2,e3]',
              detail='received norm %.9g' % norm)
    return ep


# ---------------------------------------------------------------------------
# basic vector / matrix helpers
def Skew(vector):
    """skew-symmetric (tilde) matrix of a 3-vector: Skew(a) @ b == cross(a, b)"""
    v = _AsArray(vector, (3,), 'Skew', 'vector')
    return np.array([[0., -v[2], v[1]],
                     [v[2], 0., -v[0]],
                     [-v[1], v[0], 0.]])


def Skew2Vec(skew):
    """inverse of Skew for a 3x3 matrix; for a 4x4 twist matrix [[Skew(w), u],[0, 0]] returns [u, w]
    (as Exudyn); uses the antisymmetric part, i.e. projects a nearly skew matrix onto the nearest skew one"""
    try:
        shape = np.asarray(skew, dtype=float).shape
    except (TypeError, ValueError):
        shape = None
    if shape not in ((3, 3), (4, 4)):
        _Fail('Skew2Vec', 'skew', 'a 3x3 (or 4x4) matrix', skew)
    S = _AsArray(skew, shape, 'Skew2Vec', 'skew')
    w = 0.5 * np.array([S[2, 1] - S[1, 2], S[0, 2] - S[2, 0], S[1, 0] - S[0, 1]])
    if S.shape == (4, 4):
        return np.concatenate([S[0:3, 3], w])
    return w


def ComputeOrthonormalBasisVectors(vector0):
    """returns [n0, n1, n2]: n0 = vector0/|vector0|, n1 and n2 complete a right-handed
    orthonormal basis (n2 = n0 x n1); n1, n2 are one (non-unique) valid choice"""
    v = _AsArray(vector0, (3,), 'ComputeOrthonormalBasisVectors', 'vector0')
    length = np.linalg.norm(v)
    if length == 0.:
        _Fail('ComputeOrthonormalBasisVectors', 'vector0', 'a non-zero vector', v)
    n0 = v / length
    # Exudyn's choice, so that joints built on this basis report the same local components:
    # Gram-Schmidt from e_x, or from e_y where n0 is close to e_x
    nearX = abs(n0[0]) > 0.5 and abs(n0[1]) < 0.1 and abs(n0[2]) < 0.1
    helper = np.array([0., 1., 0.]) if nearX else np.array([1., 0., 0.])
    n1 = helper - (helper @ n0) * n0
    n1 /= np.linalg.norm(n1)
    n2 = np.cross(n0, n1)
    return [n0, n1, n2]


def ComputeOrthonormalBasis(vector0):
    """3x3 rotation matrix (det=+1) whose first column is vector0 normalised;
    columns 2 and 3 are normals, see ComputeOrthonormalBasisVectors"""
    return np.column_stack(ComputeOrthonormalBasisVectors(vector0))


# ---------------------------------------------------------------------------
# elementary rotations and Tait-Bryan angles
def RotationMatrixX(angle):
    """active rotation matrix for rotation by angle (rad) about the x-axis"""
    a = _AsScalar(angle, 'RotationMatrixX', 'angle')
    c, s = np.cos(a), np.sin(a)
    return np.array([[1., 0., 0.], [0., c, -s], [0., s, c]])


def RotationMatrixY(angle):
    """active rotation matrix for rotation by angle (rad) about the y-axis"""
    a = _AsScalar(angle, 'RotationMatrixY', 'angle')
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, 0., s], [0., 1., 0.], [-s, 0., c]])


def RotationMatrixZ(angle):
    """active rotation matrix for rotation by angle (rad) about the z-axis"""
    a = _AsScalar(angle, 'RotationMatrixZ', 'angle')
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0.], [s, c, 0.], [0., 0., 1.]])


def RotationMatrix2D(angle):
    """2x2 rotation matrix for a rotation by angle (rad) in the plane"""
    a = _AsScalar(angle, 'RotationMatrix2D', 'angle')
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s], [s, c]])


def GramSchmidt(vector0, vector1):
    """orthonormal triad [n0, n1, n0 x n1]: n0 = vector0 normalised, n1 = vector1 made orthogonal to n0 and normalised"""
    v0 = _AsArray(vector0, (3,), 'GramSchmidt', 'vector0')
    v1 = _AsArray(vector1, (3,), 'GramSchmidt', 'vector1')
    if np.linalg.norm(v0) == 0.:
        _Fail('GramSchmidt', 'vector0', 'a non-zero vector', v0)
    n0 = v0 / np.linalg.norm(v0)
    w = v1 - (v1 @ n0) * n0
    if np.linalg.norm(w) <= 1e-14 * max(np.linalg.norm(v1), 1e-300):
        _Fail('GramSchmidt', 'vector1', 'a vector not parallel to vector0', v1)
    n1 = w / np.linalg.norm(w)
    return [n0, n1, np.cross(n0, n1)]


def RotXYZ2RotationMatrix(rot):
    """rotation matrix from Tait-Bryan angles rot=[rotX,rotY,rotZ]: A = Rx(rotX) @ Ry(rotY) @ Rz(rotZ)"""
    r = _AsArray(rot, (3,), 'RotXYZ2RotationMatrix', 'rot')
    return RotationMatrixX(r[0]) @ RotationMatrixY(r[1]) @ RotationMatrixZ(r[2])


def RotationMatrix2RotXYZ(rotationMatrix):
    """Tait-Bryan angles [rotX,rotY,rotZ] with rotY in [-pi/2, pi/2] from a rotation matrix;
    at gimbal lock (|rotY| = pi/2) rotX is set to 0 and rotZ carries the combined angle"""
    A = _AsRotationMatrix(rotationMatrix, 'RotationMatrix2RotXYZ', 'rotationMatrix')
    cosY = np.hypot(A[1, 2], A[2, 2])
    rotY = np.arctan2(A[0, 2], cosY)
    if cosY > 1e-14:
        rotX = np.arctan2(-A[1, 2], A[2, 2])
        rotZ = np.arctan2(-A[0, 1], A[0, 0])
    else:
        # x and z axes coincide; with rotX = 0 the second row of A reads [sin(rotZ), cos(rotZ), 0]
        rotX = 0.
        rotZ = np.arctan2(A[1, 0], A[1, 1])
    return np.array([rotX, rotY, rotZ])


def RotXYZ2G(rot):
    """G-matrix of Tait-Bryan angles: global angular velocity omega = G @ rot_t"""
    r = _AsArray(rot, (3,), 'RotXYZ2G', 'rot')
    c0, s0, c1, s1 = np.cos(r[0]), np.sin(r[0]), np.cos(r[1]), np.sin(r[1])
    # columns: x-axis, y-axis after Rx, z-axis after Rx@Ry, all in global frame
    return np.array([[1., 0., s1],
                     [0., c0, -s0 * c1],
                     [0., s0, c0 * c1]])


def RotXYZ2GLocal(rot):
    """local G-matrix of Tait-Bryan angles: body-frame angular velocity omegaLocal = GLocal @ rot_t"""
    r = _AsArray(rot, (3,), 'RotXYZ2GLocal', 'rot')
    return RotXYZ2RotationMatrix(r).T @ RotXYZ2G(r)


def AngularVelocity2RotXYZ_t(angularVelocity, rotation):
    """time derivative of Tait-Bryan angles from global angular velocity; singular at |rotY| = pi/2"""
    omega = _AsArray(angularVelocity, (3,), 'AngularVelocity2RotXYZ_t', 'angularVelocity')
    r = _AsArray(rotation, (3,), 'AngularVelocity2RotXYZ_t', 'rotation')
    if abs(np.cos(r[1])) < 1e-12:
        _Fail('AngularVelocity2RotXYZ_t', 'rotation', 'away from gimbal lock (rotation[1] != +-pi/2)',
              detail='received rotation[1] = %r' % r[1])
    return np.linalg.solve(RotXYZ2G(r), omega)


# ---------------------------------------------------------------------------
# Euler parameters (unit quaternions)
def EulerParameters2RotationMatrix(eulerParameters):
    """rotation matrix A = (2 e0^2 - 1) I + 2 e e^T + 2 e0 Skew(e) from unit Euler parameters"""
    ep = _AsEulerParameters(eulerParameters, 'EulerParameters2RotationMatrix', 'eulerParameters')
    e0, e = ep[0], ep[1:]
    return (2. * e0 * e0 - 1.) * np.eye(3) + 2. * np.outer(e, e) + 2. * e0 * Skew(e)


def RotationMatrix2EulerParameters(rotationMatrix):
    """unit Euler parameters [e0,e1,e2,e3] with e0 >= 0 from a rotation matrix;
    Shepperd's method: divide by the largest of |e0|..|e3| to stay accurate near 180 deg"""
    A = _AsRotationMatrix(rotationMatrix, 'RotationMatrix2EulerParameters', 'rotationMatrix')
    trace = np.trace(A)
    candidates = [trace, A[0, 0], A[1, 1], A[2, 2]]
    k = int(np.argmax(candidates))
    if k == 0:
        e0 = 0.5 * np.sqrt(1. + trace)
        f = 0.25 / e0
        ep = np.array([e0, (A[2, 1] - A[1, 2]) * f, (A[0, 2] - A[2, 0]) * f, (A[1, 0] - A[0, 1]) * f])
    elif k == 1:
        e1 = 0.5 * np.sqrt(max(0., 1. + A[0, 0] - A[1, 1] - A[2, 2]))
        f = 0.25 / e1
        ep = np.array([(A[2, 1] - A[1, 2]) * f, e1, (A[0, 1] + A[1, 0]) * f, (A[0, 2] + A[2, 0]) * f])
    elif k == 2:
        e2 = 0.5 * np.sqrt(max(0., 1. - A[0, 0] + A[1, 1] - A[2, 2]))
        f = 0.25 / e2
        ep = np.array([(A[0, 2] - A[2, 0]) * f, (A[0, 1] + A[1, 0]) * f, e2, (A[1, 2] + A[2, 1]) * f])
    else:
        e3 = 0.5 * np.sqrt(max(0., 1. - A[0, 0] - A[1, 1] + A[2, 2]))
        f = 0.25 / e3
        ep = np.array([(A[1, 0] - A[0, 1]) * f, (A[0, 2] + A[2, 0]) * f, (A[1, 2] + A[2, 1]) * f, e3])
    if ep[0] < 0.:
        ep = -ep  # ep and -ep describe the same rotation; pick the unique e0 >= 0 one
    return ep / np.linalg.norm(ep)  # removes round-off of a slightly non-orthogonal input


def EulerParameters2G(eulerParameters):
    """3x4 G-matrix: global angular velocity omega = G @ ep_t"""
    e0, e1, e2, e3 = _AsArray(eulerParameters, (4,), 'EulerParameters2G', 'eulerParameters')
    return 2. * np.array([[-e1, e0, -e3, e2],
                          [-e2, e3, e0, -e1],
                          [-e3, -e2, e1, e0]])


def EulerParameters2GLocal(eulerParameters):
    """3x4 local G-matrix: body-frame angular velocity omegaLocal = GLocal @ ep_t"""
    e0, e1, e2, e3 = _AsArray(eulerParameters, (4,), 'EulerParameters2GLocal', 'eulerParameters')
    return 2. * np.array([[-e1, e0, e3, -e2],
                          [-e2, -e3, e0, e1],
                          [-e3, e2, -e1, e0]])


def AngularVelocity2EulerParameters_t(angularVelocity, eulerParameters):
    """ep_t from global angular velocity: ep_t = G^T omega / 4 (G as in EulerParameters2G);
    valid because G G^T = 4 I for unit ep, and the result satisfies ep . ep_t = 0"""
    omega = _AsArray(angularVelocity, (3,), 'AngularVelocity2EulerParameters_t', 'angularVelocity')
    ep = _AsEulerParameters(eulerParameters, 'AngularVelocity2EulerParameters_t', 'eulerParameters')
    return 0.25 * EulerParameters2G(ep).T @ omega


def RotXYZ2EulerParameters(alpha):
    """Euler parameters (e0 >= 0) of Tait-Bryan angles alpha=[rotX,rotY,rotZ]"""
    r = _AsArray(alpha, (3,), 'RotXYZ2EulerParameters', 'alpha')
    return RotationMatrix2EulerParameters(RotXYZ2RotationMatrix(r))


def EulerParameters2RotXYZ(eulerParameters):
    """Tait-Bryan angles [rotX,rotY,rotZ] of unit Euler parameters"""
    ep = _AsEulerParameters(eulerParameters, 'EulerParameters2RotXYZ', 'eulerParameters')
    return RotationMatrix2RotXYZ(EulerParameters2RotationMatrix(ep))


# ---------------------------------------------------------------------------
# rotation vector (axis * angle)
def RotationVector2RotationMatrix(rotationVector):
    """Rodrigues formula A = I + sin(phi)/phi S + (1-cos(phi))/phi^2 S^2, S = Skew(v), phi = |v|"""
    v = _AsArray(rotationVector, (3,), 'RotationVector2RotationMatrix', 'rotationVector')
    phi = np.linalg.norm(v)
    S = Skew(v)
    # sinc forms avoid 0/0 at phi=0 and cancellation in 1-cos(phi) for small phi
    a = np.sinc(phi / np.pi)                 # sin(phi)/phi
    b = 0.5 * np.sinc(phi / (2. * np.pi)) ** 2  # (1-cos(phi))/phi^2
    return np.eye(3) + a * S + b * (S @ S)


def RotationMatrix2RotationVector(rotationMatrix):
    """rotation vector (axis * angle, angle in [0, pi]) from a rotation matrix"""
    A = _AsRotationMatrix(rotationMatrix, 'RotationMatrix2RotationVector', 'rotationMatrix')
    ep = RotationMatrix2EulerParameters(A)
    sinHalf = np.linalg.norm(ep[1:])
    phi = 2. * np.arctan2(sinHalf, ep[0])
    # phi/sin(phi/2) -> 2 for small angles; avoids dividing by ~0
    factor = phi / sinHalf if sinHalf > 1e-12 else 2.
    return factor * ep[1:]


# ---------------------------------------------------------------------------
# homogeneous transformations (4x4), T @ [p, 1] = [A @ p + r, 1]
def HT(rotation=None, translation=None, *, A=None, r=None):
    """4x4 homogeneous transformation from 3x3 rotation and 3-vector translation;
    HT(A, r) positional and Exudyn's keywords A=, r= are accepted too"""
    if A is not None:
        if rotation is not None:
            _Fail('HT', 'A', 'given only once (A and rotation are aliases)', detail='received both')
        rotation = A
    if r is not None:
        if translation is not None:
            _Fail('HT', 'r', 'given only once (r and translation are aliases)', detail='received both')
        translation = r
    T = np.eye(4)
    if rotation is not None:
        T[0:3, 0:3] = _AsArray(rotation, (3, 3), 'HT', 'rotation')
    if translation is not None:
        T[0:3, 3] = _AsArray(translation, (3,), 'HT', 'translation')
    return T


HomogeneousTransformation = HT  # Exudyn's long name


def HT0():
    """identity homogeneous transformation"""
    return np.eye(4)


def HTtranslate(r):
    """homogeneous transformation for a pure translation by r"""
    return HT(translation=_AsArray(r, (3,), 'HTtranslate', 'r'))


def HTtranslateX(x):
    """homogeneous transformation for translation by x along the x-axis"""
    return HT(translation=[_AsScalar(x, 'HTtranslateX', 'x'), 0., 0.])


def HTtranslateY(y):
    """homogeneous transformation for translation by y along the y-axis"""
    return HT(translation=[0., _AsScalar(y, 'HTtranslateY', 'y'), 0.])


def HTtranslateZ(z):
    """homogeneous transformation for translation by z along the z-axis"""
    return HT(translation=[0., 0., _AsScalar(z, 'HTtranslateZ', 'z')])


def HTrotateX(angle):
    """homogeneous transformation for rotation about the x-axis"""
    return HT(rotation=RotationMatrixX(angle))


def HTrotateY(angle):
    """homogeneous transformation for rotation about the y-axis"""
    return HT(rotation=RotationMatrixY(angle))


def HTrotateZ(angle):
    """homogeneous transformation for rotation about the z-axis"""
    return HT(rotation=RotationMatrixZ(angle))


def HT2rotationMatrix(T):
    """3x3 rotation part of a homogeneous transformation (copy)"""
    return _AsArray(T, (4, 4), 'HT2rotationMatrix', 'T')[0:3, 0:3].copy()


def HT2translation(T):
    """translation part of a homogeneous transformation (copy)"""
    return _AsArray(T, (4, 4), 'HT2translation', 'T')[0:3, 3].copy()


def InverseHT(T):
    """inverse of a rigid homogeneous transformation: [A^T, -A^T r; 0, 1]"""
    T = _AsArray(T, (4, 4), 'InverseHT', 'T')
    if np.max(np.abs(T[3] - [0., 0., 0., 1.])) > _unitTolerance:
        _Fail('InverseHT', 'T', 'a homogeneous transformation with last row [0,0,0,1]',
              detail='received last row %s' % T[3])
    A = _AsRotationMatrix(T[0:3, 0:3], 'InverseHT', 'T[0:3,0:3]')
    return HT(A.T, -A.T @ T[0:3, 3])


# ---------------------------------------------------------------------------
# 6x6 Pluecker coordinate transforms (T66, Featherstone's X; Exudyn's rigidBodyUtilities): for motion
# vectors [angular; linear], T66 = [A, 0; [v]x A, A]; RotationTranslation2T66Inverse(A, v) = [A^T, 0; -A^T [v]x, A^T]
# is Featherstone's X from a parent frame to a frame with axes A and origin v (parent coordinates).
def _RotationBlocks(R):
    T = np.zeros((6, 6))
    T[0:3, 0:3] = R
    T[3:6, 3:6] = R
    return T


def RotationX2T66(angle):
    """T66 of a rotation about x: the blocks RotationMatrixX(angle) on the diagonal"""
    return _RotationBlocks(RotationMatrixX(_AsScalar(angle, 'RotationX2T66', 'angle')))


def RotationY2T66(angle):
    """T66 of a rotation about y: the blocks RotationMatrixY(angle) on the diagonal"""
    return _RotationBlocks(RotationMatrixY(_AsScalar(angle, 'RotationY2T66', 'angle')))


def RotationZ2T66(angle):
    """T66 of a rotation about z: the blocks RotationMatrixZ(angle) on the diagonal"""
    return _RotationBlocks(RotationMatrixZ(_AsScalar(angle, 'RotationZ2T66', 'angle')))


def Translation2T66(translation3D):
    """T66 of a translation t: [1, 0; [t]x^T, 1] (Exudyn's sign: lower left block -Skew(t))"""
    t = _AsArray(translation3D, (3,), 'Translation2T66', 'translation3D')
    T = np.eye(6)
    T[3:6, 0:3] = -Skew(t)
    return T


def TranslationX2T66(translation):
    """Translation2T66([translation, 0, 0])"""
    return Translation2T66([_AsScalar(translation, 'TranslationX2T66', 'translation'), 0., 0.])


def TranslationY2T66(translation):
    """Translation2T66([0, translation, 0])"""
    return Translation2T66([0., _AsScalar(translation, 'TranslationY2T66', 'translation'), 0.])


def TranslationZ2T66(translation):
    """Translation2T66([0, 0, translation])"""
    return Translation2T66([0., 0., _AsScalar(translation, 'TranslationZ2T66', 'translation')])


def T66toRotationTranslation(T66):
    """[A, v] of T66 = RotationTranslation2T66(A, v)"""
    T = _AsArray(T66, (6, 6), 'T66toRotationTranslation', 'T66')
    A = T[0:3, 0:3].copy()
    return [A, Skew2Vec(T[3:6, 0:3] @ A.T)]


def InverseT66toRotationTranslation(T66):
    """[A, v] of T66 = RotationTranslation2T66Inverse(A, v)"""
    T = _AsArray(T66, (6, 6), 'InverseT66toRotationTranslation', 'T66')
    A = T[0:3, 0:3].T.copy()
    return [A, -Skew2Vec(A @ T[3:6, 0:3])]


def RotationTranslation2T66(A, v):
    """T66 = [A, 0; [v]x A, A]"""
    A = _AsArray(A, (3, 3), 'RotationTranslation2T66', 'A')
    v = _AsArray(v, (3,), 'RotationTranslation2T66', 'v')
    T = _RotationBlocks(A)
    T[3:6, 0:3] = Skew(v) @ A
    return T


def RotationTranslation2T66Inverse(A, v):
    """the inverse of RotationTranslation2T66(A, v): [A^T, 0; -A^T [v]x, A^T]"""
    A = _AsArray(A, (3, 3), 'RotationTranslation2T66Inverse', 'A')
    v = _AsArray(v, (3,), 'RotationTranslation2T66Inverse', 'v')
    T = _RotationBlocks(A.T)
    T[3:6, 0:3] = -A.T @ Skew(v)
    return T


def T66Inverse(T66):
    """inverse of a Pluecker transform T66 = RotationTranslation2T66(A, v)"""
    A, v = T66toRotationTranslation(_AsArray(T66, (6, 6), 'T66Inverse', 'T66'))
    return RotationTranslation2T66Inverse(A, v)


def T66toHT(T66):
    """the homogeneous transformation [A, v; 0, 1] of T66 = RotationTranslation2T66(A, v)"""
    A, v = T66toRotationTranslation(_AsArray(T66, (6, 6), 'T66toHT', 'T66'))
    return HT(A, v)


# ---------------------------------------------------------------------------
# rigid body inertia
def InertiaTensor2Inertia6D(inertiaTensor):
    """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] from a symmetric 3x3 inertia tensor"""
    J = _AsArray(inertiaTensor, (3, 3), 'InertiaTensor2Inertia6D', 'inertiaTensor')
    return np.array([J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]])


def Inertia6D2InertiaTensor(inertia6D):
    """symmetric 3x3 inertia tensor from [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]"""
    j = _AsArray(inertia6D, (6,), 'Inertia6D2InertiaTensor', 'inertia6D')
    return np.array([[j[0], j[5], j[4]],
                     [j[5], j[1], j[3]],
                     [j[4], j[3], j[2]]])


def _SteinerTerm(mass, com):
    # parallel-axis term m (|c|^2 I - c c^T) = m Skew(c)^T Skew(c)
    return mass * (com @ com * np.eye(3) - np.outer(com, com))


class RigidBodyInertia:
    """mass, centre of mass and inertia tensor of a rigid body.

    Stored data (all in body axes):
      mass           scalar >= 0
      com            centre of mass relative to the body reference point
      inertiaTensor  3x3 inertia tensor about the REFERENCE point (not the COM)
    If inertiaTensorAtCOM=True, the given inertiaTensor is about the COM and is
    shifted to the reference point with the parallel-axis theorem.
    data: the shape the inertia came from, as in Exudyn ({'type': 'InertiaCuboid', 'sideLengths': ...},
    plus 'HT' after Translated or Transformed); {'type': 'RigidBodyInertia'} for a general one.
    GetGraphics draws that shape.
    """

    def __init__(self, mass=0., inertiaTensor=None, com=None, inertiaTensorAtCOM=False):
        name = 'RigidBodyInertia'
        self.mass = _AsScalar(mass, name, 'mass', nonNegative=True)
        J = np.zeros((3, 3)) if inertiaTensor is None else _AsArray(inertiaTensor, (3, 3), name, 'inertiaTensor')
        self.com = np.zeros(3) if com is None else _AsArray(com, (3,), name, 'com')
        scale = max(np.max(np.abs(J)), 1e-300)
        if np.max(np.abs(J - J.T)) > 1e-10 * scale:
            # only the upper triangle reaches the solver (6D form), so asymmetry would be lost silently
            _Fail(name, 'inertiaTensor', 'a symmetric 3x3 matrix', detail='received an unsymmetric matrix')
        self.inertiaTensor = J + _SteinerTerm(self.mass, self.com) if inertiaTensorAtCOM else J
        self.data = {'type': 'RigidBodyInertia'}

    def SetWithCOMinertia(self, mass, inertiaTensorCOM, com):
        """set mass, inertia tensor about the COM and COM (relative to reference point)"""
        other = RigidBodyInertia(mass, inertiaTensorCOM, com, inertiaTensorAtCOM=True)
        self.mass, self.inertiaTensor, self.com = other.mass, other.inertiaTensor, other.com

    def Inertia(self):
        """3x3 inertia tensor about the reference point"""
        return self.inertiaTensor.copy()

    def InertiaCOM(self):
        """3x3 inertia tensor about the centre of mass (parallel-axis theorem)"""
        return self.inertiaTensor - _SteinerTerm(self.mass, self.com)

    def COM(self):
        """centre of mass relative to the reference point"""
        return self.com.copy()

    def Mass(self):
        return self.mass

    def GetInertia6D(self):
        """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the reference point"""
        return InertiaTensor2Inertia6D(self.inertiaTensor)

    def Translated(self, vec):
        """new inertia with the BODY shifted by vec relative to the (fixed) reference point:
        com_new = com + vec; equivalently the reference point moves by -vec.
        Same convention as Exudyn, so InertiaCuboid(...).Translated([L/2,0,0]) is a cuboid
        whose COM lies at +L/2 from the reference point (e.g. a joint at its end).
        Inertia: J_new = J_COM + m (|c|^2 I - c c^T) with c = com_new."""
        v = _AsArray(vec, (3,), 'RigidBodyInertia.Translated', 'vec')
        result = RigidBodyInertia(self.mass, self.InertiaCOM(), self.com + v, inertiaTensorAtCOM=True)
        result._KeepShape(self, HTtranslate(v))
        return result

    def Rotated(self, rot):
        """new inertia with the body rotated by rot about the reference point:
        J_new = rot J rot^T, com_new = rot com (for com=0 identical to Exudyn); as in Exudyn, the
        result is a general RigidBodyInertia (its shape is not kept: GetGraphics gives None)"""
        R = _AsRotationMatrix(rot, 'RigidBodyInertia.Rotated', 'rot')
        return RigidBodyInertia(self.mass, R @ self.inertiaTensor @ R.T, R @ self.com)

    def Transformed(self, HT):
        """new inertia with the body moved by the homogeneous transformation HT (rotate, then translate)"""
        T = _AsArray(HT, (4, 4), 'RigidBodyInertia.Transformed', 'HT')
        R = _AsRotationMatrix(T[0:3, 0:3], 'RigidBodyInertia.Transformed', 'HT[0:3,0:3]')
        result = RigidBodyInertia(self.mass, R @ self.InertiaCOM() @ R.T, R @ self.com + T[0:3, 3],
                                  inertiaTensorAtCOM=True)
        result._KeepShape(self, T)
        return result

    def _KeepShape(self, original, T):
        """the shape data of original, with T appended to its transformation 'HT' (as Exudyn's)"""
        self.data = dict(original.data)
        self.data['HT'] = original.data['HT'] @ T if 'HT' in original.data else np.array(T)

    def GetGraphics(self, color, nTiles=None, roundness=None):
        """a graphics dict of the shape this inertia came from (Exudyn's): the cuboid (graphics.Brick),
        cylinder (with 2*nTiles segments), sphere, a thin brick for InertiaRodX, a sphere of density
        2000 for InertiaMassPoint; None for a general RigidBodyInertia (a sum, a Rotated one). As in
        Exudyn it is drawn around the COM in body axes: a rotation in Transformed's HT is not applied.
        A color with red -1 (graphics.color.default) gives graphics.color.defaultBody; nTiles 16 and
        roundness 0 by default."""
        from multidyn.modelling import graphics  # here: multidyn.graphics imports this module
        name = 'RigidBodyInertia.GetGraphics'
        rgba = _AsArray(color, (4,), name, 'color')
        if rgba[0] == -1:
            rgba = np.array(graphics.color.defaultBody)
        if nTiles is None:
            nTiles = 16
        if isinstance(nTiles, bool) or not isinstance(nTiles, (int, np.integer)) or nTiles < 3:
            _Fail(name, 'nTiles', 'an integer >= 3', detail='received %r' % (nTiles,))
        roundness = 0. if roundness is None else _AsScalar(roundness, name, 'roundness', nonNegative=True)
        shape, com = self.data, self.COM()
        kind = shape['type']
        if kind == 'InertiaCylinder':
            axisVector = np.zeros(3)
            axisVector[shape['axis']] = 1.
            length, innerRadius = shape['length'], shape['innerRadius']
            return graphics.Cylinder(pAxis=com - 0.5 * length * axisVector, vAxis=length * axisVector,
                                     radius=shape['outerRadius'], color=rgba, nTiles=2 * int(nTiles),
                                     radiusInner=innerRadius if innerRadius > 0 else None)
        if kind == 'InertiaCuboid':
            return graphics.Brick(centerPoint=com, size=shape['sideLengths'], color=rgba, roundness=roundness)
        if kind == 'InertiaRodX':
            length = shape['length']
            return graphics.Brick(centerPoint=com, size=[length, 0.01 * length, 0.01 * length], color=rgba,
                                  roundness=roundness)
        if kind == 'InertiaMassPoint':
            radius = (shape['mass'] / 2000. * 0.75 / np.pi) ** (1. / 3.)  # a sphere of density 2000
            return graphics.Sphere(point=com, radius=radius, color=rgba, nTiles=nTiles)
        if kind in ('InertiaSphere', 'InertiaHollowSphere'):
            return graphics.Sphere(point=com, radius=shape['radius'], color=rgba, nTiles=nTiles)
        return None  # a general inertia: no shape known

    def __add__(self, other):
        """combine two bodies given w.r.t. the SAME reference point and body axes"""
        if not isinstance(other, RigidBodyInertia):
            return NotImplemented
        mass = self.mass + other.mass
        com = (self.mass * self.com + other.mass * other.com) / mass if mass > 0 else np.zeros(3)
        return RigidBodyInertia(mass, self.inertiaTensor + other.inertiaTensor, com)

    def __radd__(self, other):
        # lets sum([...]) start from 0
        if isinstance(other, (int, float)) and other == 0:
            return RigidBodyInertia(self.mass, self.inertiaTensor, self.com)
        return NotImplemented

    def __str__(self):
        return ('mass = %s\nCOM = %s\ninertiaTensor (reference point) =\n%s\ninertiaTensor (COM) =\n%s'
                % (self.mass, self.com, self.inertiaTensor, self.InertiaCOM()))

    __repr__ = __str__


class InertiaCuboid(RigidBodyInertia):
    """homogeneous cuboid, side lengths along body x, y, z; com = 0"""

    def __init__(self, density, sideLengths):
        rho = _AsScalar(density, 'InertiaCuboid', 'density', nonNegative=True)
        L = _AsArray(sideLengths, (3,), 'InertiaCuboid', 'sideLengths')
        if np.any(L < 0):
            _Fail('InertiaCuboid', 'sideLengths', 'non-negative', detail='received %s' % L)
        m = rho * L.prod()
        L2 = L * L
        super().__init__(m, m / 12. * np.diag([L2[1] + L2[2], L2[0] + L2[2], L2[0] + L2[1]]))
        self.data = {'type': 'InertiaCuboid', 'density': rho, 'sideLengths': L}


class InertiaRodX(RigidBodyInertia):
    """thin rod along body x-axis; com = 0"""

    def __init__(self, mass, length):
        m = _AsScalar(mass, 'InertiaRodX', 'mass', nonNegative=True)
        L = _AsScalar(length, 'InertiaRodX', 'length', nonNegative=True)
        super().__init__(m, m * L * L / 12. * np.diag([0., 1., 1.]))
        self.data = {'type': 'InertiaRodX', 'mass': m, 'length': L}


class InertiaMassPoint(RigidBodyInertia):
    """point mass (zero inertia tensor); com = 0; useful to add to other inertias"""

    def __init__(self, mass):
        super().__init__(_AsScalar(mass, 'InertiaMassPoint', 'mass', nonNegative=True))
        self.data = {'type': 'InertiaMassPoint', 'mass': self.mass}


class InertiaSphere(RigidBodyInertia):
    """solid sphere given mass or density (exactly one) and radius; com = 0"""

    def __init__(self, mass=None, radius=None, density=None):
        r = _AsScalar(radius, 'InertiaSphere', 'radius', nonNegative=True)
        if (mass is None) == (density is None):
            _Fail('InertiaSphere', 'mass', 'given, or else density (exactly one of them)',
                  detail='received mass=%r, density=%r' % (mass, density))
        volume = 4. / 3. * np.pi * r ** 3
        if mass is None:
            rho = _AsScalar(density, 'InertiaSphere', 'density', nonNegative=True)
            m = rho * volume
        else:
            m = _AsScalar(mass, 'InertiaSphere', 'mass', nonNegative=True)
            rho = m / volume if volume != 0 else 0.
        super().__init__(m, 0.4 * m * r * r * np.eye(3))
        self.data = {'type': 'InertiaSphere', 'mass': m, 'radius': r, 'density': rho, 'volume': volume}


class InertiaHollowSphere(RigidBodyInertia):
    """thin spherical shell with mass and radius; com = 0"""

    def __init__(self, mass, radius):
        m = _AsScalar(mass, 'InertiaHollowSphere', 'mass', nonNegative=True)
        r = _AsScalar(radius, 'InertiaHollowSphere', 'radius', nonNegative=True)
        super().__init__(m, 2. / 3. * m * r * r * np.eye(3))
        self.data = {'type': 'InertiaHollowSphere', 'mass': m, 'radius': r}


class InertiaCylinder(RigidBodyInertia):
    """(hollow) cylinder along body axis 0/1/2 (x/y/z); com = 0.
    Argument order as in Exudyn: (density, length, outerRadius, axis, innerRadius)"""

    def __init__(self, density, length, outerRadius, axis=0, innerRadius=0.):
        name = 'InertiaCylinder'
        rho = _AsScalar(density, name, 'density', nonNegative=True)
        L = _AsScalar(length, name, 'length', nonNegative=True)
        ro = _AsScalar(outerRadius, name, 'outerRadius', nonNegative=True)
        ri = _AsScalar(innerRadius, name, 'innerRadius', nonNegative=True)
        if ri > ro:
            _Fail(name, 'innerRadius', '<= outerRadius', detail='received %r > %r' % (innerRadius, outerRadius))
        if isinstance(axis, bool) or np.ndim(axis) != 0 or axis not in (0, 1, 2):
            _Fail(name, 'axis', '0, 1 or 2 (x, y or z)', detail='received %r' % (axis,))
        m = rho * L * np.pi * (ro * ro - ri * ri)
        jAxis = 0.5 * m * (ro * ro + ri * ri)
        jTransverse = m / 12. * (3. * (ro * ro + ri * ri) + L * L)
        diag = [jTransverse] * 3
        diag[int(axis)] = jAxis
        super().__init__(m, np.diag(diag))
        self.data = {'type': 'InertiaCylinder', 'density': rho, 'length': L, 'axis': int(axis),
                     'outerRadius': ro, 'innerRadius': ri}


def AddRigidBody(mainSys, inertia, nodeType=None, position=[0, 0, 0], velocity=[0, 0, 0], rotationMatrix=[],
                 rotationParameters=[], angularVelocity=[0, 0, 0], gravity=[0, 0, 0], graphicsDataList=[]):
    """Exudyn's older (deprecated there) helper: a rigid-body node, an ObjectRigidBody with the mass,
    inertia and center of mass of inertia (a RigidBodyInertia) and, for gravity != 0, its weight; returns
    [nodeNumber, bodyNumber]. velocity and angularVelocity are global; the reference rotation is given by
    rotationMatrix or by the node's rotationParameters (4 Euler parameters for RotationEulerParameters, 3
    Tait-Bryan angles for RotationRxyz), not both. Now mbs.CreateRigidBody(..., returnDict=True) does the
    same (which this calls)."""
    from multidyn.api.enums import NodeType
    function = "AddRigidBody"
    if not isinstance(inertia, RigidBodyInertia):
        raise TypeError(f"{function}: parameter 'inertia': expected a RigidBodyInertia (e.g. InertiaCuboid(...)), got "
                        f"{type(inertia).__name__}")
    nodeType = NodeType.RotationEulerParameters if nodeType is None else NodeType(nodeType)
    if not isinstance(graphicsDataList, list):
        raise TypeError(f"{function}: parameter 'graphicsDataList' must be a (possibly empty) list of graphics dicts")
    if len(rotationMatrix) and len(rotationParameters):
        raise ValueError(f"{function}: give either rotationMatrix or rotationParameters, not both")
    if len(rotationParameters):
        parameters = np.asarray(rotationParameters, dtype=float)
        expected = {NodeType.RotationEulerParameters: (4, EulerParameters2RotationMatrix),
                    NodeType.RotationRxyz: (3, RotXYZ2RotationMatrix)}.get(nodeType)
        if expected is None:
            raise NotImplementedError(f"{function}: rotationParameters for nodeType {nodeType.name} are not available; "
                                      "give rotationMatrix")
        if parameters.shape != (expected[0],):
            raise ValueError(f"{function}: parameter 'rotationParameters': expected {expected[0]} values for "
                             f"{nodeType.name}, got {rotationParameters!r}")
        rotation = expected[1](parameters)
    else:
        rotation = np.eye(3) if len(rotationMatrix) == 0 else np.asarray(rotationMatrix, dtype=float)
        if rotation.shape != (3, 3):
            raise ValueError(f"{function}: parameter 'rotationMatrix': expected a 3x3 matrix, got {rotationMatrix!r}")
    items = mainSys.CreateRigidBody(referencePosition=position, referenceRotationMatrix=rotation, initialVelocity=velocity,
                                    initialAngularVelocity=angularVelocity, inertia=inertia, gravity=gravity,
                                    nodeType=nodeType, graphicsDataList=graphicsDataList, returnDict=True)
    return [items["nodeNumber"], items["bodyNumber"]]
