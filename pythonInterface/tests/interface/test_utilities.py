"""Tests for multidyn/modelling/rigidBodyUtilities.py (re-exported by multidyn.utilities) against closed forms
and independent identities."""

import importlib.util
import math
import pathlib

import numpy as np
import pytest

# load the file directly: the package __init__ needs the compiled module
_utilitiesPath = pathlib.Path(__file__).resolve().parents[2] / 'multidyn' / 'rigidBodyUtilities.py'
_spec = importlib.util.spec_from_file_location('multidynUtilities', _utilitiesPath)
ut = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ut)

rng = np.random.default_rng(12345)
tol = 1e-12


def RandomAngles(n=20, maxY=1.4):
    # rotY kept away from +-pi/2 (gimbal lock) so the angles are unique
    return [np.array([rng.uniform(-np.pi, np.pi), rng.uniform(-maxY, maxY), rng.uniform(-np.pi, np.pi)])
            for _ in range(n)]


def RandomUnitVector():
    v = rng.normal(size=3)
    return v / np.linalg.norm(v)


def TildeRef(v):
    # independent skew matrix, defined via the cross product
    return np.column_stack([np.cross(v, e) for e in np.eye(3)])


def AxisAngleMatrixRef(axis, phi):
    # Euler-Rodrigues in the cos/sin/outer form (different from the code's Skew^2 form)
    n = np.asarray(axis) / np.linalg.norm(axis)
    return math.cos(phi) * np.eye(3) + math.sin(phi) * TildeRef(n) + (1 - math.cos(phi)) * np.outer(n, n)


def AssertRotation(A):
    assert A.shape == (3, 3)
    np.testing.assert_allclose(A.T @ A, np.eye(3), atol=tol)
    assert abs(np.linalg.det(A) - 1.) < tol


def PointCloudInertia(masses, points):
    # direct sum definition, independent of the parallel-axis formula in the code
    J = sum(m * (p @ p * np.eye(3) - np.outer(p, p)) for m, p in zip(masses, points))
    M = sum(masses)
    return M, J, sum(m * p for m, p in zip(masses, points)) / M


# ---------------------------------------------------------------- rotations
def test_ElementaryRotationsKnownValues():
    x, y, z = np.eye(3)
    np.testing.assert_allclose(ut.RotationMatrixZ(np.pi / 2) @ x, y, atol=tol)
    np.testing.assert_allclose(ut.RotationMatrixX(np.pi / 2) @ y, z, atol=tol)
    np.testing.assert_allclose(ut.RotationMatrixY(np.pi / 2) @ z, x, atol=tol)
    a = 0.3
    np.testing.assert_allclose(ut.RotationMatrixZ(a), [[math.cos(a), -math.sin(a), 0],
                                                       [math.sin(a), math.cos(a), 0], [0, 0, 1]], atol=tol)
    for axis, f in zip(np.eye(3), [ut.RotationMatrixX, ut.RotationMatrixY, ut.RotationMatrixZ]):
        np.testing.assert_allclose(f(a), AxisAngleMatrixRef(axis, a), atol=tol)


def test_AllRotationsOrthonormal():
    for rot in RandomAngles():
        for A in [ut.RotationMatrixX(rot[0]), ut.RotationMatrixY(rot[1]), ut.RotationMatrixZ(rot[2]),
                  ut.RotXYZ2RotationMatrix(rot), ut.RotationVector2RotationMatrix(rot),
                  ut.EulerParameters2RotationMatrix(ut.RotXYZ2EulerParameters(rot)),
                  ut.ComputeOrthonormalBasis(rot)]:
            AssertRotation(A)


def test_RotXYZ():
    for rot in RandomAngles():
        A = ut.RotXYZ2RotationMatrix(rot)
        Aref = (AxisAngleMatrixRef([1, 0, 0], rot[0]) @ AxisAngleMatrixRef([0, 1, 0], rot[1])
                @ AxisAngleMatrixRef([0, 0, 1], rot[2]))
        np.testing.assert_allclose(A, Aref, atol=tol)
        np.testing.assert_allclose(ut.RotationMatrix2RotXYZ(A), rot, atol=1e-11)
        np.testing.assert_allclose(ut.EulerParameters2RotXYZ(ut.RotXYZ2EulerParameters(rot)), rot, atol=1e-11)


def test_RotXYZGimbalLock():
    for rotY in [np.pi / 2, -np.pi / 2]:
        A = ut.RotXYZ2RotationMatrix([0.4, rotY, -1.1])
        rot = ut.RotationMatrix2RotXYZ(A)
        assert abs(rot[1] - rotY) < 1e-7
        np.testing.assert_allclose(ut.RotXYZ2RotationMatrix(rot), A, atol=1e-12)


def test_EulerParametersClosedFormAndRoundTrip():
    for _ in range(20):
        n, phi = RandomUnitVector(), rng.uniform(0, np.pi)
        ep = np.concatenate([[math.cos(phi / 2)], math.sin(phi / 2) * n])
        A = ut.EulerParameters2RotationMatrix(ep)
        np.testing.assert_allclose(A, AxisAngleMatrixRef(n, phi), atol=tol)
        np.testing.assert_allclose(ut.RotationMatrix2EulerParameters(A), ep, atol=tol)
        # -ep is the same rotation; result is normalised to e0 >= 0
        np.testing.assert_allclose(ut.RotationMatrix2EulerParameters(ut.EulerParameters2RotationMatrix(-ep)),
                                   ep, atol=tol)


@pytest.mark.parametrize('phi', [np.pi, np.pi - 1e-9, 1e-9, 0.])
def test_EulerParametersNearSingularAngles(phi):
    # near 180 deg the trace branch would lose accuracy; Shepperd branch choice must keep it
    for axis in [RandomUnitVector(), np.array([0., 0., 1.]), np.array([0., -1., 0.])]:
        A = AxisAngleMatrixRef(axis, phi)
        ep = ut.RotationMatrix2EulerParameters(A)
        assert ep[0] >= 0.
        np.testing.assert_allclose(np.linalg.norm(ep), 1., atol=tol)
        np.testing.assert_allclose(ut.EulerParameters2RotationMatrix(ep), A, atol=1e-12)
        if phi > 1:
            np.testing.assert_allclose(abs(ep[1:] @ axis), math.sin(phi / 2), atol=1e-12)


def test_RotationVector():
    for _ in range(20):
        n, phi = RandomUnitVector(), rng.uniform(0, np.pi * 0.999)
        A = ut.RotationVector2RotationMatrix(phi * n)
        np.testing.assert_allclose(A, AxisAngleMatrixRef(n, phi), atol=tol)
        np.testing.assert_allclose(ut.RotationMatrix2RotationVector(A), phi * n, atol=1e-11)
    # small angles: A = I + Skew(v) + O(v^2) and exact round trip
    v = 1e-9 * RandomUnitVector()
    np.testing.assert_allclose(ut.RotationVector2RotationMatrix(v), np.eye(3) + TildeRef(v), atol=1e-17)
    np.testing.assert_allclose(ut.RotationMatrix2RotationVector(ut.RotationVector2RotationMatrix(v)), v, rtol=1e-6)
    np.testing.assert_allclose(ut.RotationVector2RotationMatrix([0, 0, 0]), np.eye(3))
    np.testing.assert_allclose(ut.RotationMatrix2RotationVector(np.eye(3)), np.zeros(3))


def test_EulerParametersGMatrix():
    for rot in RandomAngles(10):
        ep = ut.RotXYZ2EulerParameters(rot)
        omega = rng.normal(size=3)
        ep_t = ut.AngularVelocity2EulerParameters_t(omega, ep)
        G = ut.EulerParameters2G(ep)
        np.testing.assert_allclose(G @ ep_t, omega, atol=tol)
        assert abs(ep @ ep_t) < tol  # keeps |ep| = 1
        A = ut.EulerParameters2RotationMatrix(ep)
        np.testing.assert_allclose(ut.EulerParameters2GLocal(ep) @ ep_t, A.T @ omega, atol=tol)
        # d/dt A = Skew(omega) A; A is quadratic in ep, so the central difference is exact up to round-off
        h = 1e-6
        A_t = (ut.EulerParameters2RotationMatrix(ep + h * ep_t) - ut.EulerParameters2RotationMatrix(ep - h * ep_t)) / (2 * h)
        np.testing.assert_allclose(A_t, TildeRef(omega) @ A, atol=1e-8)


def test_RotXYZGMatrix():
    for rot in RandomAngles(10):
        rot_t = rng.normal(size=3)
        h = 1e-6
        A = ut.RotXYZ2RotationMatrix(rot)
        A_t = (ut.RotXYZ2RotationMatrix(rot + h * rot_t) - ut.RotXYZ2RotationMatrix(rot - h * rot_t)) / (2 * h)
        omega = ut.RotXYZ2G(rot) @ rot_t
        np.testing.assert_allclose(A_t, TildeRef(omega) @ A, atol=1e-8)
        np.testing.assert_allclose(ut.RotXYZ2GLocal(rot) @ rot_t, A.T @ omega, atol=tol)
        np.testing.assert_allclose(ut.AngularVelocity2RotXYZ_t(omega, rot), rot_t, atol=1e-10)


def test_SkewAndBasis():
    a, b = rng.normal(size=3), rng.normal(size=3)
    np.testing.assert_allclose(ut.Skew(a) @ b, np.cross(a, b), atol=tol)
    np.testing.assert_allclose(ut.Skew2Vec(ut.Skew(a)), a, atol=tol)
    np.testing.assert_allclose(ut.Skew(np.array([[1.], [2.], [3.]])), TildeRef([1, 2, 3]))  # column vector
    T = np.zeros((4, 4))
    T[0:3, 0:3], T[0:3, 3] = ut.Skew(a), b
    np.testing.assert_allclose(ut.Skew2Vec(T), np.concatenate([b, a]), atol=tol)
    for v in [rng.normal(size=3) * 5, [1., 0, 0], [0, 0, -2.], [0, 1e-3, 0], [1, 1, 1]]:
        B = ut.ComputeOrthonormalBasis(v)
        AssertRotation(B)
        np.testing.assert_allclose(B[:, 0], np.asarray(v) / np.linalg.norm(v), atol=tol)
        n0, n1, n2 = ut.ComputeOrthonormalBasisVectors(v)
        np.testing.assert_allclose(np.column_stack([n0, n1, n2]), B)


# ---------------------------------------------------------------- homogeneous transformations
def test_HT():
    A, p = ut.RotXYZ2RotationMatrix([0.1, -0.7, 2.]), np.array([1., -2., 3.])
    T = ut.HT(A, p)
    x = rng.normal(size=3)
    np.testing.assert_allclose(T @ np.append(x, 1.), np.append(A @ x + p, 1.), atol=tol)
    np.testing.assert_allclose(ut.HT(rotation=A, translation=p), T)
    np.testing.assert_allclose(ut.HT(A=A, r=p), T)
    np.testing.assert_allclose(ut.HT(), np.eye(4))
    np.testing.assert_allclose(ut.HT0(), np.eye(4))
    np.testing.assert_allclose(ut.HT2rotationMatrix(T), A)
    np.testing.assert_allclose(ut.HT2translation(T), p)
    np.testing.assert_allclose(ut.HTrotateZ(np.pi / 2) @ [1, 0, 0, 1], [0, 1, 0, 1], atol=tol)
    np.testing.assert_allclose(ut.HTtranslate(p) @ [0, 0, 0, 1], np.append(p, 1))
    np.testing.assert_allclose(ut.HTtranslateX(2.) @ ut.HTtranslateY(3.) @ ut.HTtranslateZ(4.), ut.HTtranslate([2, 3, 4]))
    # composition: translate then rotate about x in the moved frame
    T2 = ut.HTtranslate([1, 0, 0]) @ ut.HTrotateX(np.pi / 2) @ ut.HTtranslate([0, 1, 0])
    np.testing.assert_allclose(ut.HT2translation(T2), [1, 0, 1], atol=tol)
    np.testing.assert_allclose(ut.HTrotateX(0.3) @ ut.HTrotateY(0.4) @ ut.HTrotateZ(0.5),
                               ut.HT(ut.RotXYZ2RotationMatrix([0.3, 0.4, 0.5]), [0, 0, 0]), atol=tol)
    np.testing.assert_allclose(ut.InverseHT(T) @ T, np.eye(4), atol=tol)
    np.testing.assert_allclose(T @ ut.InverseHT(T), np.eye(4), atol=tol)
    np.testing.assert_allclose(ut.InverseHT(T), np.linalg.inv(T), atol=tol)


# ---------------------------------------------------------------- inertia
def test_InertiaClosedForms():
    rho, (a, b, c) = 7850., (0.4, 0.1, 0.05)
    cub = ut.InertiaCuboid(density=rho, sideLengths=[a, b, c])
    m = rho * a * b * c
    assert cub.Mass() == pytest.approx(m)
    np.testing.assert_allclose(cub.Inertia(), np.diag([m * (b**2 + c**2) / 12, m * (a**2 + c**2) / 12,
                                                       m * (a**2 + b**2) / 12]), rtol=1e-14)
    np.testing.assert_allclose(cub.COM(), 0.)
    np.testing.assert_allclose(ut.InertiaRodX(mass=2., length=3.).Inertia(), np.diag([0, 1.5, 1.5]))
    np.testing.assert_allclose(ut.InertiaMassPoint(mass=2.).Inertia(), np.zeros((3, 3)))
    np.testing.assert_allclose(ut.InertiaSphere(mass=2., radius=0.5).Inertia(), 0.2 * np.eye(3))
    s = ut.InertiaSphere(radius=0.5, density=1000.)
    assert s.Mass() == pytest.approx(1000. * 4 / 3 * np.pi * 0.125)
    np.testing.assert_allclose(ut.InertiaHollowSphere(mass=3., radius=0.5).Inertia(), 0.5 * np.eye(3))
    # solid cylinder along z against the closed form
    L, r = 0.8, 0.1
    cyl = ut.InertiaCylinder(density=rho, length=L, outerRadius=r, axis=2)
    m = rho * L * np.pi * r**2
    np.testing.assert_allclose(cyl.Inertia(), np.diag([m * (3 * r**2 + L**2) / 12] * 2 + [m * r**2 / 2]), rtol=1e-14)
    # hollow cylinder = outer solid minus inner solid (independent identity); positional Exudyn order
    hollow = ut.InertiaCylinder(rho, L, r, 1, 0.06)
    outer, inner = ut.InertiaCylinder(rho, L, r, 1), ut.InertiaCylinder(rho, L, 0.06, 1)
    assert hollow.Mass() == pytest.approx(outer.Mass() - inner.Mass())
    np.testing.assert_allclose(hollow.Inertia(), outer.Inertia() - inner.Inertia(), rtol=1e-12)
    assert isinstance(cub, ut.RigidBodyInertia)
    np.testing.assert_allclose(ut.RigidBodyInertia(1., np.diag([1, 2, 3.]) + [[0, 6, 5], [6, 0, 4], [5, 4, 0]])
                               .GetInertia6D(), [1, 2, 3, 4, 5, 6])
    np.testing.assert_allclose(ut.Inertia6D2InertiaTensor([1, 2, 3, 4, 5, 6]),
                               [[1, 6, 5], [6, 2, 4], [5, 4, 3]])


def test_InertiaTranslatedAndRotatedAgainstPointCloud():
    masses = rng.uniform(0.5, 2., size=8)
    points = rng.normal(size=(8, 3))
    M, J, com = PointCloudInertia(masses, points)
    body = ut.RigidBodyInertia(M, J, com)
    np.testing.assert_allclose(body.InertiaCOM(), PointCloudInertia(masses, points - com)[1], atol=1e-12)

    vec = np.array([0.3, -1.2, 0.7])
    moved = body.Translated(vec)  # body shifted by vec, reference point unchanged
    M2, J2, com2 = PointCloudInertia(masses, points + vec)
    np.testing.assert_allclose(moved.COM(), com2, atol=1e-12)
    np.testing.assert_allclose(moved.Inertia(), J2, atol=1e-12)
    np.testing.assert_allclose(moved.InertiaCOM(), body.InertiaCOM(), atol=1e-12)

    # parallel-axis theorem in closed form for a cuboid moved by d
    cub = ut.InertiaCuboid(1000., [1., 0.1, 0.2])
    d = np.array([0.5, 0., 0.])
    m = cub.Mass()
    np.testing.assert_allclose(cub.Translated(d).Inertia(),
                               cub.Inertia() + m * (d @ d * np.eye(3) - np.outer(d, d)), atol=1e-12)
    assert cub.Translated(d).Inertia()[1, 1] == pytest.approx(m * (1. + 0.04) / 12 + m * 0.25)

    R = ut.RotXYZ2RotationMatrix([0.3, -0.5, 1.2])
    rotated = body.Rotated(R)
    np.testing.assert_allclose(rotated.Inertia(), R @ J @ R.T, atol=1e-12)
    M3, J3, com3 = PointCloudInertia(masses, points @ R.T)
    np.testing.assert_allclose(rotated.Inertia(), J3, atol=1e-12)
    np.testing.assert_allclose(rotated.COM(), com3, atol=1e-12)

    T = ut.HT(R, vec)
    np.testing.assert_allclose(body.Transformed(T).Inertia(), PointCloudInertia(masses, points @ R.T + vec)[1],
                               atol=1e-12)


def test_InertiaAddAndSetWithCOM():
    masses = rng.uniform(0.5, 2., size=6)
    points = rng.normal(size=(6, 3))
    a = ut.RigidBodyInertia(*PointCloudInertia(masses[:3], points[:3]))
    b = ut.RigidBodyInertia(*PointCloudInertia(masses[3:], points[3:]))
    M, J, com = PointCloudInertia(masses, points)
    for total in [a + b, sum([a, b])]:
        assert total.Mass() == pytest.approx(M)
        np.testing.assert_allclose(total.Inertia(), J, atol=1e-12)
        np.testing.assert_allclose(total.COM(), com, atol=1e-12)

    JCOM = PointCloudInertia(masses, points - com)[1]
    c = ut.RigidBodyInertia()
    c.SetWithCOMinertia(M, JCOM, com)
    np.testing.assert_allclose(c.Inertia(), J, atol=1e-12)
    d = ut.RigidBodyInertia(mass=M, inertiaTensor=JCOM, com=com, inertiaTensorAtCOM=True)
    np.testing.assert_allclose(d.Inertia(), J, atol=1e-12)
    np.testing.assert_allclose(d.GetInertia6D(), [J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]])


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize('call, names', [
    (lambda: ut.Skew([1, 2]), ('Skew', 'vector')),
    (lambda: ut.Skew([1, np.nan, 2]), ('Skew', 'vector', 'finite')),
    (lambda: ut.Skew2Vec(np.zeros((2, 2))), ('Skew2Vec', 'skew')),
    (lambda: ut.RotationMatrixX([1, 2]), ('RotationMatrixX', 'angle')),
    (lambda: ut.RotationMatrixZ(np.inf), ('RotationMatrixZ', 'angle')),
    (lambda: ut.RotXYZ2RotationMatrix([1, 2, 3, 4]), ('RotXYZ2RotationMatrix', 'rot')),
    (lambda: ut.RotationMatrix2RotXYZ(np.eye(4)), ('RotationMatrix2RotXYZ', 'rotationMatrix')),
    (lambda: ut.RotationMatrix2EulerParameters(2 * np.eye(3)), ('RotationMatrix2EulerParameters', 'rotation matrix')),
    (lambda: ut.RotationMatrix2EulerParameters(-np.eye(3)), ('RotationMatrix2EulerParameters', 'det')),
    (lambda: ut.EulerParameters2RotationMatrix([1, 1, 0, 0]), ('EulerParameters2RotationMatrix', 'unit')),
    (lambda: ut.EulerParameters2RotationMatrix([1, 0, 0]), ('EulerParameters2RotationMatrix', 'eulerParameters')),
    (lambda: ut.AngularVelocity2EulerParameters_t([1, 2], [1, 0, 0, 0]),
     ('AngularVelocity2EulerParameters_t', 'angularVelocity')),
    (lambda: ut.RotationVector2RotationMatrix('abc'), ('RotationVector2RotationMatrix', 'rotationVector')),
    (lambda: ut.ComputeOrthonormalBasis([0, 0, 0]), ('ComputeOrthonormalBasis', 'vector0', 'non-zero')),
    (lambda: ut.HT(np.eye(2), [0, 0, 0]), ('HT', 'rotation')),
    (lambda: ut.HT(np.eye(3), [0, 0]), ('HT', 'translation')),
    (lambda: ut.HTtranslate([1, 2]), ('HTtranslate', 'r')),
    (lambda: ut.InverseHT(np.eye(3)), ('InverseHT', 'T')),
    (lambda: ut.RigidBodyInertia(mass=-1.), ('RigidBodyInertia', 'mass', 'non-negative')),
    (lambda: ut.RigidBodyInertia(mass=np.nan), ('RigidBodyInertia', 'mass')),
    (lambda: ut.RigidBodyInertia(1., np.zeros((2, 2))), ('RigidBodyInertia', 'inertiaTensor')),
    (lambda: ut.RigidBodyInertia(1., [[1, 2, 0], [0, 1, 0], [0, 0, 1]]), ('RigidBodyInertia', 'symmetric')),
    (lambda: ut.RigidBodyInertia(1., np.eye(3), [0, 0]), ('RigidBodyInertia', 'com')),
    (lambda: ut.InertiaCuboid(-1., [1, 1, 1]), ('InertiaCuboid', 'density')),
    (lambda: ut.InertiaCuboid(1., [1, -1, 1]), ('InertiaCuboid', 'sideLengths')),
    (lambda: ut.InertiaRodX(1., -2.), ('InertiaRodX', 'length')),
    (lambda: ut.InertiaMassPoint(-1.), ('InertiaMassPoint', 'mass')),
    (lambda: ut.InertiaSphere(mass=1., radius=-1.), ('InertiaSphere', 'radius')),
    (lambda: ut.InertiaSphere(mass=1., radius=1., density=2.), ('InertiaSphere', 'mass')),
    (lambda: ut.InertiaHollowSphere(-1., 1.), ('InertiaHollowSphere', 'mass')),
    (lambda: ut.InertiaCylinder(1., 1., 0.1, axis=3), ('InertiaCylinder', 'axis')),
    (lambda: ut.InertiaCylinder(1., 1., 0.1, 0, 0.2), ('InertiaCylinder', 'innerRadius')),
    (lambda: ut.InertiaCylinder(1., -1., 0.1), ('InertiaCylinder', 'length')),
    (lambda: ut.InertiaCuboid(1., [1, 1, 1]).Translated([1, 2]), ('Translated', 'vec')),
    (lambda: ut.InertiaCuboid(1., [1, 1, 1]).Rotated(2 * np.eye(3)), ('Rotated', 'rot')),
])
def test_BadInputRaisesValueError(call, names):
    with pytest.raises(ValueError) as info:
        call()
    for name in names:
        assert name in str(info.value)
