"""ObjectGenericODE2 against closed forms and independent formulations.

* Two point nodes with symmetric M, K and Rayleigh damping D = a M + b K: the modes decouple, and
  the motion is the sum of exact damped modal oscillations (eigenvectors of K v = w^2 M v).
* M = m I, K = diag(k), D = diag(d) on one NodePoint equals a MassPoint on a
  CartesianSpringDamper to ground; a nonlinear forceUserFunction equals the same law in the
  Cartesian spring's user function.
* A massMatrixUserFunction with forceUserFunction writes Lagrange's equation of a position-dependent
  mass: against scipy's solve_ivp and energy conservation.
* Outputs (Coordinates, CoordinatesTotal, Force = K q + D q_t - f, KineticEnergy), bad input.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CartesianSpringDamper, MarkerBodyPosition, MarkerNodePosition, MassPoint,
                                    NodeGenericODE2, NodePoint, ObjectGenericODE2, ObjectGround)

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
M = np.array([[2., 0.3, 0., 0., 0., 0.], [0.3, 1.5, 0., 0., 0., 0.2], [0., 0., 1., 0., 0., 0.],
              [0., 0., 0., 1.2, 0., 0.], [0., 0., 0., 0., 0.9, 0.], [0., 0.2, 0., 0., 0., 1.1]])
K = np.array([[40., -5., 0., 2., 0., 0.], [-5., 30., 1., 0., 0., 0.], [0., 1., 20., -3., 0., 0.],
              [2., 0., -3., 10., 0., 1.], [0., 0., 0., 0., 15., 0.], [0., 0., 0., 1., 0., 25.]])
A_RAYLEIGH, B_RAYLEIGH = 0.05, 0.002
Q0 = np.array([0.02, -0.01, 0.03, 0., 0.015, -0.02])


def TwoPoints():
    mbs = NewSystem()
    nodes = [mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=list(Q0[:3]))),
             mbs.AddNode(NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=list(Q0[3:])))]
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=nodes, massMatrix=M.tolist(), stiffnessMatrix=K.tolist(),
                                              dampingMatrix=(A_RAYLEIGH * M + B_RAYLEIGH * K).tolist()))
    mbs.Assemble()
    return mbs, nodes, generic


def test_modes_of_a_rayleigh_damped_system():
    mbs, nodes, generic = TwoPoints()
    t = 0.5
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=5000, spectralRadius=1., tightNewton=True))
    # modal solution: L L^T = M, eigenvectors of L^-1 K L^-T
    L = np.linalg.cholesky(M)
    Linv = np.linalg.inv(L)
    omega2, Y = np.linalg.eigh(Linv @ K @ Linv.T)
    V = Linv.T @ Y  # M-orthonormal modes: V^T M V = I, V^T K V = diag(omega2)
    eta0 = V.T @ M @ Q0
    eta = np.array([DampedOscillator(t, 1., w2, A_RAYLEIGH + B_RAYLEIGH * w2, theta0=e)[0]
                    for w2, e in zip(omega2, eta0)])
    q = V @ eta
    np.testing.assert_allclose(mbs.GetObjectOutput(generic, OVT.Coordinates), q, atol=1e-7)
    np.testing.assert_allclose(mbs.GetNodeOutput(nodes[1], OVT.Position), [1., 0., 0.] + q[3:], atol=1e-7)
    np.testing.assert_allclose(mbs.GetObjectOutput(generic, OVT.CoordinatesTotal), q + [0., 0., 0., 1., 0., 0.],
                               atol=1e-7)
    q_t = mbs.GetObjectOutput(generic, OVT.Coordinates_t)
    np.testing.assert_allclose(mbs.GetObjectOutput(generic, OVT.Force),
                               K @ mbs.GetObjectOutput(generic, OVT.Coordinates) + (A_RAYLEIGH * M + B_RAYLEIGH * K) @ q_t,
                               rtol=1e-12, atol=1e-12)
    assert mbs.GetObjectOutput(generic, OVT.KineticEnergy) == pytest.approx(0.5 * q_t @ M @ q_t, rel=1e-12)


def PointOnSprings(useGeneric, law=None):
    stiffness, damping, mass = np.array([300., 500., 800.]), np.array([1., 4., 0.5]), 0.7
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0.5, 0., 0.], initialCoordinates=[0.02, 0.01, -0.03],
                                 initialVelocities=[0., 0.3, -0.2]))
    if useGeneric:
        userFunction = {} if law is None else {
            "forceUserFunction": lambda mbs, t, itemNumber, q, q_t: [-f for f in law(q, q_t)]}
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=(mass * np.eye(3)).tolist(),
                                        stiffnessMatrix=[] if law else np.diag(stiffness).tolist(),
                                        dampingMatrix=[] if law else np.diag(damping).tolist(),
                                        forceVector=[] if law else [0., 0., -2.],
                                        **userFunction))
    else:
        mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
        ground = mbs.AddObject(ObjectGround(referencePosition=[0.5, 0., 0.]))
        userFunction = {} if law is None else {
            # u = dp - offset (as Exudyn): the law's displacement dp is u + offset
            "springForceUserFunction": lambda mbs, t, itemNumber, u, v, k, d, offset: law(
                [ui + oi for ui, oi in zip(u, offset)], v)}
        mbs.AddObject(CartesianSpringDamper(
            markerNumbers=[mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)),
                           mbs.AddMarker(MarkerNodePosition(nodeNumber=node))],
            stiffness=list(stiffness), damping=list(damping), offset=[0., 0., -2. / 800.], **userFunction))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.3, numberOfSteps=600, tightNewton=True))
    return mbs.GetNodeOutput(node, OVT.Position)


def test_equals_a_mass_point_on_cartesian_springs():
    np.testing.assert_allclose(PointOnSprings(True), PointOnSprings(False), atol=1e-10)


def test_nonlinear_force_user_function_equals_the_cartesian_spring_law():
    def Law(u, v):  # the spring force on marker 0 (ground) = minus the force on the point
        return [300. * u[0] + 1e4 * u[0] ** 3 + v[0], 500. * u[1] + 2. * v[1], 800. * u[2] + 0.5 * v[2] + 2.]
    generic, reference = PointOnSprings(True, Law), PointOnSprings(False, Law)
    np.testing.assert_allclose(generic, reference, atol=1e-9)
    assert np.abs(generic - [0.5, 0., 0.]).max() > 1e-3


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint())
    with pytest.raises(ValueError, match="massMatrix.*3x3"):
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(2).tolist()))
    with pytest.raises(ValueError, match="stiffnessMatrix"):
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(3).tolist(), stiffnessMatrix=[[1.]]))
    with pytest.raises(ValueError, match="forceVector"):
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(3).tolist(), forceVector=[1., 2.]))
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(3).tolist()))
    with pytest.raises(TypeError, match="bodyNumber.*no body frame"):
        mbs.AddMarker(MarkerBodyPosition(bodyNumber=generic))
    tooLarge = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=70, referenceCoordinates=[0.] * 70,
                                           initialCoordinates=[0.] * 70, initialCoordinates_t=[0.] * 70))
    mbs.AddObject(ObjectGenericODE2(nodeNumbers=[tooLarge], massMatrix=np.eye(70).tolist()))
    with pytest.raises(ValueError, match="64"):
        mbs.Assemble()


def test_mass_matrix_user_function_gives_lagranges_equations_of_a_position_dependent_mass():
    """One coordinate with kinetic energy 1/2 m(q) q_t^2, m = m0 (1 + a q^2), and potential 1/2 k q^2:
    Lagrange's equation m(q) q_tt = -1/2 m'(q) q_t^2 - k q, written as massMatrixUserFunction and
    forceUserFunction, against scipy's solve_ivp of the same ODE; its energy is conserved."""
    from scipy.integrate import solve_ivp
    m0, a, k, q0, v0, endTime = 2., 30., 50., 0.15, 0.8, 1.
    calls = []

    def Mass(mbs, t, itemNumber, q, q_t):
        calls.append(t)
        return [[m0 * (1. + a * q[0] ** 2)]]

    def Force(mbs, t, itemNumber, q, q_t):
        return [-0.5 * 2. * m0 * a * q[0] * q_t[0] ** 2 - k * q[0]]

    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.], initialCoordinates=[q0],
                                       initialCoordinates_t=[v0]))
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=[], massMatrixUserFunction=Mass,
                                              forceUserFunction=Force))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=4000, spectralRadius=1., tightNewton=True))

    def Rates(t, y):
        q, q_t = y
        return [q_t, (-m0 * a * q * q_t ** 2 - k * q) / (m0 * (1. + a * q ** 2))]

    exact = solve_ivp(Rates, (0., endTime), [q0, v0], rtol=1e-12, atol=1e-14).y[:, -1]
    q, q_t = mbs.GetObjectOutput(generic, OVT.Coordinates)[0], mbs.GetObjectOutput(generic, OVT.Coordinates_t)[0]
    assert q == pytest.approx(exact[0], abs=2e-6) and q_t == pytest.approx(exact[1], abs=2e-5)
    kinetic = mbs.GetObjectOutput(generic, OVT.KineticEnergy)
    assert kinetic == pytest.approx(0.5 * m0 * (1. + a * q ** 2) * q_t ** 2, rel=1e-12)
    energy0 = 0.5 * m0 * (1. + a * q0 ** 2) * v0 ** 2 + 0.5 * k * q0 ** 2
    assert kinetic + 0.5 * k * q ** 2 == pytest.approx(energy0, rel=1e-5)
    assert len(calls) > 4000  # called in every evaluation, not once


def test_mass_matrix_user_function_that_returns_the_constant_matrix_changes_nothing():
    def Run(withUserFunction):
        mbs, nodes, generic = TwoPoints()
        if withUserFunction:
            mbs.SetObjectParameter(generic, 'massMatrixUserFunction', lambda mbs, t, i, q, q_t: M)
            mbs.SetObjectParameter(generic, 'massMatrix', [])
            mbs.Assemble()
        mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=200))
        return mbs.GetObjectOutput(generic, OVT.Coordinates)

    assert np.abs(Run(True) - Run(False)).max() < 1e-14


def test_bad_mass_matrix_user_function_names_the_item_and_function():
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint())
    with pytest.raises(ValueError, match="massMatrix.*3x3"):
        mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=[]))
    mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrixUserFunction=lambda mbs, t, i, q, q_t: np.eye(2)))
    mbs.Assemble()
    with pytest.raises(Exception, match="massMatrixUserFunction.*3"):
        mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=10))


def test_matrix_container_parameters_give_the_same_system():
    """massMatrix, stiffnessMatrix, dampingMatrix as exu.MatrixContainer (sparse from scipy or
    triplets, or dense), as Exudyn accepts them: the same matrices as the lists (stored dense)."""
    from scipy.sparse import csr_matrix
    mbs, nodes, generic = TwoPoints()
    rows, columns = np.nonzero(K)
    stiffness = exu.MatrixContainer()
    stiffness.SetWithSparseMatrix([[i, j, K[i, j]] for i, j in zip(rows, columns)], 6, 6)
    D = A_RAYLEIGH * M + B_RAYLEIGH * K
    mbs2 = NewSystem()
    nodes2 = [mbs2.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=list(Q0[:3]))),
              mbs2.AddNode(NodePoint(referenceCoordinates=[1., 0., 0.], initialCoordinates=list(Q0[3:])))]
    generic2 = mbs2.AddObject(ObjectGenericODE2(nodeNumbers=nodes2, massMatrix=exu.MatrixContainer(csr_matrix(M)),
                                                stiffnessMatrix=stiffness, dampingMatrix=exu.MatrixContainer(D)))
    np.testing.assert_array_equal(mbs2.GetObjectParameter(generic2, 'stiffnessMatrix').Convert2DenseMatrix(), K)
    mbs2.Assemble()
    for system, _item in ((mbs, generic), (mbs2, generic2)):
        system.SolveDynamic(Settings(endTime=0.05, numberOfSteps=100, tightNewton=True))
    # sparse products sum in another order: the same to round-off
    np.testing.assert_allclose(mbs2.GetObjectOutput(generic2, OVT.Coordinates),
                               mbs.GetObjectOutput(generic, OVT.Coordinates), rtol=1e-12, atol=1e-15)


def SpringChain(n, sparse, damping=0.):
    """n NodeGenericODE2 coordinates, unit masses on springs k between neighbours and to ground at
    both ends (M = I, K = k tridiag(-1, 2, -1), D = damping K): the modes are known in closed form,
    w_j = 2 sqrt(k) sin(j pi / (2 (n + 1))), v_j(i) = sin(i j pi / (n + 1))."""
    from scipy.sparse import diags
    k = 400.
    Kmatrix = k * (2. * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1))
    q0 = np.sin(np.arange(1, n + 1) * np.pi / (n + 1)) * 0.01 + np.sin(3. * np.arange(1, n + 1) * np.pi / (n + 1)) * 0.005
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=list(q0), initialCoordinates_t=[0.] * n))
    matrix = (lambda A: exu.MatrixContainer(diags([np.diag(A, -1), np.diag(A), np.diag(A, 1)], [-1, 0, 1]).tocsr())) \
        if sparse else (lambda A: A.tolist())
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=matrix(np.eye(n)),
                                              stiffnessMatrix=matrix(Kmatrix),
                                              dampingMatrix=matrix(damping * Kmatrix) if damping else []))
    mbs.Assemble()
    return mbs, generic, k, q0, Kmatrix


@pytest.mark.parametrize("sparse", [False, True])
def test_undamped_chain_follows_its_modes_and_conserves_energy(sparse):
    """Modal closed form of an undamped 30-DOF chain; with spectral radius 1 (the trapezoidal rule)
    the energy of a linear system is conserved to Newton's tolerance."""
    n, endTime = 30, 0.2
    mbs, generic, k, q0, Kmatrix = SpringChain(n, sparse)
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=4000, spectralRadius=1., tightNewton=True))
    i = np.arange(1, n + 1)
    modes = np.array([np.sin(i * j * np.pi / (n + 1)) for j in i]).T  # columns, orthogonal
    omega = 2. * math.sqrt(k) * np.sin(i * np.pi / (2. * (n + 1)))
    eta0 = np.linalg.solve(modes, q0)
    exact = modes @ (eta0 * np.cos(omega * endTime))
    q = mbs.GetObjectOutput(generic, OVT.Coordinates)
    q_t = mbs.GetObjectOutput(generic, OVT.Coordinates_t)
    np.testing.assert_allclose(q, exact, atol=2e-6 * np.abs(q0).max())
    energy = 0.5 * q_t @ q_t + 0.5 * q @ Kmatrix @ q
    assert energy == pytest.approx(0.5 * q0 @ Kmatrix @ q0, rel=1e-9)
    assert mbs.GetObjectOutput(generic, OVT.KineticEnergy) == pytest.approx(0.5 * q_t @ q_t, rel=1e-12)


def test_sparse_and_dense_give_the_same_damped_motion():
    results = []
    for sparse in (False, True):
        mbs, generic, k, q0, Kmatrix = SpringChain(12, sparse, damping=0.002)
        mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=200, tightNewton=True))
        results.append(mbs.GetObjectOutput(generic, OVT.Coordinates))
    np.testing.assert_allclose(results[1], results[0], rtol=1e-12, atol=1e-16)
    assert np.abs(results[0] - q0).max() > 1e-3  # it moved


def test_damped_single_mode_in_closed_form():
    """One coordinate, m q_tt + d q_t + k q = f: the damped oscillation about f / k."""
    m, d, k, f, q0, t = 2., 3., 800., 4., 0.01, 0.3
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.], initialCoordinates=[q0],
                                       initialCoordinates_t=[0.]))
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=[[m]], stiffnessMatrix=[[k]],
                                              dampingMatrix=[[d]], forceVector=[f]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=6000, spectralRadius=1., tightNewton=True))
    exact = DampedOscillator(t, m, k, d, torque=f, theta0=q0)[0]
    assert mbs.GetObjectOutput(generic, OVT.Coordinates)[0] == pytest.approx(exact, abs=1e-8)


def test_sparse_parameters_stay_sparse_through_parameters_and_dicts():
    from scipy.sparse import csr_matrix
    mbs, generic, k, q0, Kmatrix = SpringChain(5, True)
    stiffness = mbs.GetObjectParameter(generic, 'stiffnessMatrix')
    assert isinstance(stiffness, exu.MatrixContainer) and not stiffness.UseDenseMatrix()
    np.testing.assert_array_equal(stiffness.Convert2DenseMatrix(), Kmatrix)
    assert len(stiffness._SparseTriplets()[0]) == 13  # the tridiagonal's entries, not 25
    dense, denseItem, *_ = SpringChain(5, False)
    assert isinstance(dense.GetObjectParameter(denseItem, 'stiffnessMatrix'), list)  # dense stays a list of rows
    # the item dict makes the same item again (JSON round trip through the C++ field)
    again = NewSystem()
    again.AddNode(NodeGenericODE2(numberOfODE2Coordinates=5, referenceCoordinates=[0.] * 5,
                                  initialCoordinates=list(q0), initialCoordinates_t=[0.] * 5))
    item = again.AddObject(mbs.GetObject(generic))
    assert again.GetObjectParameter(item, 'massMatrix').Convert2DenseMatrix().tolist() == np.eye(5).tolist()
    mbs.SetObjectParameter(generic, 'dampingMatrix', exu.MatrixContainer(csr_matrix(0.01 * Kmatrix)))
    assert not mbs.GetObjectParameter(generic, 'dampingMatrix').UseDenseMatrix()
    bad = exu.MatrixContainer()
    bad.SetWithSparseMatrix([[0, 7, 1.]], 5, 5)  # kept by the container, outside the 5 x 5 matrix
    with pytest.raises(ValueError, match="stiffnessMatrix.*column of triplet 0"):
        mbs.SetObjectParameter(generic, 'stiffnessMatrix', bad)


def CubicSpring(jacobianUserFunction=None):
    """A NodePoint on a linear K and a nonlinear user force f = -c (q.q) q - e (q.q) q_t."""
    c, e = 2e4, 30.
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialCoordinates=[0.03, -0.02, 0.05],
                                 initialVelocities=[0.4, 0.1, -0.3]))
    force = lambda mbs, t, i, q, q_t: -c * (q @ q) * q - e * (q @ q) * q_t
    extra = {} if jacobianUserFunction is None else {"jacobianUserFunction": jacobianUserFunction}
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(3).tolist(),
                                              stiffnessMatrix=(100. * np.eye(3)).tolist(), forceUserFunction=force,
                                              **extra))
    mbs.Assemble()
    return mbs, generic, force, c, e


def test_jacobian_user_function_against_central_differences():
    """ComputeLinearizedSystem's K = dLHS/dq and D = dLHS/dq_t with the forward differences of the
    forceUserFunction and with Exudyn's jacobianUserFunction (the exact -fODE2 df/dq - fODE2_t df/dq_t)
    against central differences of the law."""
    from multidyn.solver import ComputeLinearizedSystem
    factors = []

    def Jacobian(mbs, t, i, q, q_t, fODE2, fODE2_t):
        factors.append((fODE2, fODE2_t))
        c, e = 2e4, 30.
        df_dq = -c * ((q @ q) * np.eye(3) + 2. * np.outer(q, q)) - 2. * e * np.outer(q_t, q)
        df_dq_t = -e * (q @ q) * np.eye(3)
        return exu.MatrixContainer(-fODE2 * df_dq - fODE2_t * df_dq_t)

    mbs, generic, force, c, e = CubicSpring()
    q, q_t = np.array([0.03, -0.02, 0.05]), np.array([0.4, 0.1, -0.3])
    h = 1e-6
    central = lambda F, x: np.array([(F(x + h * u) - F(x - h * u)) / (2. * h) for u in np.eye(3)]).T
    K = 100. * np.eye(3) - central(lambda x: force(None, 0., 0, x, q_t), q)
    D = -central(lambda x: force(None, 0., 0, q, x), q_t)
    _, Knumerical, Dnumerical = ComputeLinearizedSystem(mbs)
    np.testing.assert_allclose(Knumerical, K, rtol=1e-5, atol=1e-5 * np.abs(K).max())
    np.testing.assert_allclose(Dnumerical, D, rtol=1e-5, atol=1e-5 * np.abs(D).max())
    mbs, generic, force, c, e = CubicSpring(Jacobian)
    _, Kuser, Duser = ComputeLinearizedSystem(mbs)
    np.testing.assert_allclose(Kuser, K, rtol=1e-8, atol=1e-8 * np.abs(K).max())
    np.testing.assert_allclose(Duser, D, rtol=1e-8, atol=1e-8 * np.abs(D).max())
    assert factors
    # in time integration, Newton converges with it to the motion the differences give
    results = []
    for function in (None, Jacobian):
        mbs, generic, *_ = CubicSpring(function)
        settings = Settings(endTime=0.2, numberOfSteps=200, tightNewton=True)
        settings.timeIntegration.newton.useModifiedNewton = False
        mbs.SolveDynamic(settings)
        results.append(mbs.GetObjectOutput(generic, OVT.Coordinates))
    np.testing.assert_allclose(results[1], results[0], atol=1e-10)


def test_jacobian_user_function_of_the_wrong_size_names_the_item_and_function():
    mbs, generic, *_ = CubicSpring(lambda mbs, t, i, q, q_t, fODE2, fODE2_t: np.eye(2))
    with pytest.raises(Exception, match="jacobianUserFunction.*3x3"):
        mbs.SolveDynamic(Settings(endTime=0.01, numberOfSteps=2))
