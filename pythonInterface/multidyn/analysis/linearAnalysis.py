"""Exudyn's exudyn.solver: the solve functions and the linear analysis of a MainSystem,
mbs.ComputeLinearizedSystem, mbs.ComputeODE2Eigenvalues and mbs.ComputeSystemDegreeOfFreedom
(also as module-level functions taking mbs first, as Exudyn's). The matrices come from the
compiled core (mbs._LinearizedSystemMatrices, solvers/driver/LinearizedSystem.h) at the initial
state, as Exudyn's, which linearizes at the initial values; the eigenvalue problems and the
projection into the constraints' nullspace use scipy's LAPACK routines (scipy.linalg.eigh for the
symmetric problem, ARPACK's scipy.sparse.linalg.eigsh for useSparseSolver=True). Equations, sign
conventions and the differences from Exudyn: docs/solvers/LinearAnalysis.md."""
import numbers as _numbers

import numpy as _np
import scipy.linalg as _linalg
import scipy.sparse as _sparse
import scipy.sparse.linalg as _sparseLinalg

from multidyn import _multidyn
from multidyn.api.argumentChecks import CheckedFlag
from multidyn.api.console import Print as _Print
from multidyn.analysis.solve import _AutoAssemble, _SettingsOf
from multidyn.api.userWarnings import WarnAtUserLine as _WarnAtUserLine
from multidyn.api.userFunctionErrors import UserFrameFirst
from multidyn.analysis.mainSolver import SolverSuccess  # noqa: F401  (exudyn.solver.SolverSuccess)

MainSystem = _multidyn.MainSystem


# ---------------------------------------------------------------------------------------------
# argument checks (Exudyn's parameter names in the messages)
def _CheckTolerance(function, name, value):
    """a finite non-negative real"""
    if isinstance(value, (bool, _np.bool_)) or not isinstance(value, _numbers.Real):
        raise TypeError(f"{function}: {name} must be a real number, got {value!r}")
    if not _np.isfinite(value) or value < 0:
        raise ValueError(f"{function}: {name} must be finite and >= 0, got {value!r}")
    return float(value)


def _CheckCount(function, name, value):
    """a non-negative integer"""
    if isinstance(value, (bool, _np.bool_)) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{function}: {name} must be an integer >= 0, got {value!r}")
    if value < 0:
        raise ValueError(f"{function}: {name} must be >= 0, got {value!r}")
    return int(value)


def _CheckMainSystem(function, mbs):
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"{function}: expected a MainSystem (mbs = SC.AddSystem()), got {type(mbs).__name__}")


def _Matrices(mbs, function, simulationSettings, autoAssemble):
    """the core's matrices at the initial state (Exudyn's InitializeSolver starts from the initial
    values); assembles an unassembled system first, with a warning, as Exudyn's autoAssemble"""
    _CheckMainSystem(function, mbs)
    simulationSettings, settings = _SettingsOf(function, simulationSettings)
    autoAssemble = CheckedFlag(autoAssemble, f"{function}: parameter 'autoAssemble'")
    _AutoAssemble(mbs, function, autoAssemble)
    matrices = mbs._LinearizedSystemMatrices(settings, _multidyn.ConfigurationType.Initial)
    # Exudyn's functions run its static solver's InitializeSolver, which leaves the current state at the
    # initial values and the time at staticSolver.loadStepStart; scripts read the coordinates afterwards
    mbs._ResetCurrentToInitial()
    mbs._SetTime(settings["staticSolver"]["loadStepStart"], _multidyn.ConfigurationType.Current)
    return matrices


def _ConstraintNullspace(constraintJacobian, singularValuesTolerance):
    """rows spanning the nullspace of C_q: C is C_q^T (nODE2 x nAE), C = U S V^T; the columns of U
    beyond the rank (singular values > tolerance) are orthonormal and orthogonal to C's columns"""
    U, singularValues, _ = _np.linalg.svd(constraintJacobian)
    rank = int((abs(singularValues) > singularValuesTolerance).sum())
    return U[:, rank:].T


# ---------------------------------------------------------------------------------------------
@UserFrameFirst
def ComputeLinearizedSystem(mbs, simulationSettings=None, projectIntoConstraintNullspace=False,
                            singularValuesTolerance=1e-12, returnConstraintJacobian=False,
                            returnConstraintNullspace=False, autoAssemble=True):
    """[M, K, D] of the ODE2 equations at the initial state, as Exudyn's: M the mass matrix,
    K = -d(RHS)/dq and D = -d(RHS)/dq_t of the objects' forces (bodies, connectors; applied loads
    and d(C_q^T lambda)/dq are no part of them), with M q_tt = RHS. With constraints and
    projectIntoConstraintNullspace=True: N M N^T, N K N^T, N D N^T, N the rows spanning the nullspace
    of the constraint Jacobian (by SVD, singular values above singularValuesTolerance count). With
    constraints and any of the three flags, the list goes on as Exudyn's: C = C_q^T (nODE2 x nAE)
    if returnConstraintJacobian, else []; then, if the nullspace was computed, N if
    returnConstraintNullspace, else []. A system that is not assembled is assembled first, with a
    warning (autoAssemble=True)."""
    function = "ComputeLinearizedSystem"
    project = CheckedFlag(projectIntoConstraintNullspace, f"{function}: parameter 'projectIntoConstraintNullspace'")
    returnJacobian = CheckedFlag(returnConstraintJacobian, f"{function}: parameter 'returnConstraintJacobian'")
    returnNullspace = CheckedFlag(returnConstraintNullspace, f"{function}: parameter 'returnConstraintNullspace'")
    tolerance = _CheckTolerance(function, "singularValuesTolerance", singularValuesTolerance)
    matrices = _Matrices(mbs, function, simulationSettings, autoAssemble)
    nODE2, nAE = matrices["nODE2"], matrices["nAE"]
    if matrices["nODE1"] != 0:
        _WarnAtUserLine(f"{function}: the system has ODE1 coordinates, which the linearized ODE2 system leaves out "
                       "(as Exudyn)")
    M, K, D = matrices["massMatrix"], matrices["stiffnessMatrix"], matrices["dampingMatrix"]
    if nAE == 0 or not (project or returnJacobian or returnNullspace):
        return [M, K, D]
    C = matrices["constraintColumns"][:nODE2, :]
    constraintParts = [C if returnJacobian else []]
    if project or returnNullspace:
        N = _ConstraintNullspace(C, tolerance)
        constraintParts.append(N if returnNullspace else [])
        if project:
            return [N @ M @ N.T, N @ K @ N.T, N @ D @ N.T] + constraintParts
    return [M, K, D] + constraintParts


def _NotPositiveDefinite(function):
    return ValueError(f"{function}: the mass matrix is not positive definite (a coordinate without mass or "
                      "inertia, e.g. a node without a body, or a constraint left out with "
                      "ignoreAlgebraicEquations=True on a body whose mass matrix needs it): the generalized "
                      "symmetric eigenvalue problem K x = omega^2 M x needs M > 0")


def _GeneralizedSymmetricEigen(K, M, function):
    """K x = omega^2 M x for symmetric K and positive definite M (LAPACK's sygvd through
    scipy.linalg.eigh, which reads the lower triangles): eigenvalues ascending, X^T M X = I"""
    try:
        return _linalg.eigh(_np.asarray(K, dtype=float), _np.asarray(M, dtype=float))
    except _linalg.LinAlgError:
        raise _NotPositiveDefinite(function) from None


def _LowerSymmetric(A):
    """the symmetric matrix of A's lower triangle, which LAPACK's symmetric solvers read (so that the
    sparse solver sees the same matrix as the dense one)"""
    return _np.tril(A) + _np.tril(A, -1).T


def _SparseSymmetricEigen(K, M, numberOfEigenvalues, function):
    """the numberOfEigenvalues eigenvalues omega^2 of K x = omega^2 M x nearest to 0 (the smallest of
    a positive semi-definite K) by ARPACK's Lanczos iteration in shift-invert mode
    (scipy.sparse.linalg.eigsh): K - sigma M is factorized once (sparse LU); sigma is a small negative
    shift, so that it is regular also for free (zero-frequency) modes. Eigenvectors with X^T M X = I."""
    K = _sparse.csc_matrix(K)
    M = _sparse.csc_matrix(M)
    if (M.diagonal() <= 0).any():
        raise _NotPositiveDefinite(function)
    scale = max(float(abs(K.diagonal() / M.diagonal()).max()), 1.)
    try:
        eigenValues, eigenVectors = _sparseLinalg.eigsh(K, k=numberOfEigenvalues, M=M, sigma=-1e-6 * scale, which="LM")
    except (RuntimeError, _sparseLinalg.ArpackError) as error:
        raise ValueError(f"{function}: the sparse eigenvalue solver (ARPACK) failed: {error}; useSparseSolver=False "
                         "computes all eigenvalues densely") from None
    eigenVectors = eigenVectors / _np.sqrt(_np.einsum("ij,ij->j", eigenVectors, M @ eigenVectors))
    return eigenValues, eigenVectors


def _FirstOrderEigen(M, K, D):
    """the eigenvalues s of M x_tt + D x_t + K x = 0 as Exudyn computes them: with z = [x, v],
    A z_t + B z = 0, A = [[0, M], [M, 0]], B = [[K, D], [0, -M]], i.e. s of -A^-1 B; eigenvectors
    (columns, unit length) are the first-order states [x; v]"""
    n = M.shape[0]
    zero = _np.zeros((n, n))
    A = _np.block([[zero, M], [M, zero]])
    B = _np.block([[K, D], [zero, -M]])
    return _np.linalg.eig(-_np.linalg.solve(A, B))


def _Sorted(eigenValues, eigenVectors, useAbsoluteValues, numberOfEigenvalues):
    """Exudyn's order: ascending (by magnitude and as magnitudes if useAbsoluteValues; complex
    values otherwise by real, then imaginary part), the first numberOfEigenvalues (0: all)"""
    values = abs(eigenValues) if useAbsoluteValues else eigenValues
    sortIndices = _np.argsort(values)
    values = _np.sort(values)
    if numberOfEigenvalues > 0:
        values = values[:numberOfEigenvalues]
        sortIndices = sortIndices[:numberOfEigenvalues]
    return values, eigenVectors[:, sortIndices]


def _CoordinateList(function, constrainedCoordinates, nODE2):
    """constrainedCoordinates as a list of ODE2 coordinate indices"""
    try:
        coordinates = list(constrainedCoordinates)
    except TypeError:
        raise TypeError(f"{function}: constrainedCoordinates must be a list of ODE2 coordinate indices, got "
                        f"{constrainedCoordinates!r}") from None
    for c in coordinates:
        if isinstance(c, (bool, _np.bool_)) or not isinstance(c, _numbers.Integral):
            raise TypeError(f"{function}: constrainedCoordinates must hold ODE2 coordinate indices (int), got {c!r}")
        if not 0 <= c < nODE2:
            raise IndexError(f"{function}: constrainedCoordinates: {c} is no ODE2 coordinate (the system has "
                             f"{nODE2}: 0 to {nODE2 - 1})")
    return sorted(set(int(c) for c in coordinates))


@UserFrameFirst
def ComputeODE2Eigenvalues(mbs, simulationSettings=None, useSparseSolver=False, numberOfEigenvalues=0,
                           constrainedCoordinates=[], convert2Frequencies=False, useAbsoluteValues=True,
                           computeComplexEigenvalues=False, ignoreAlgebraicEquations=False,
                           singularValuesTolerance=1e-12, autoAssemble=True):
    """[eigenValues, eigenVectors] of the ODE2 system linearized at the initial state (see
    ComputeLinearizedSystem), as Exudyn's: eigenvalues omega^2 of K x = omega^2 M x (ascending;
    their magnitudes if useAbsoluteValues), eigenvectors in the columns (X^T M X = I). With
    constraints (and ignoreAlgebraicEquations=False) the problem is projected into the nullspace N
    of the constraint Jacobian (N K N^T, N M N^T) and the eigenvectors mapped back (N^T y). Or the
    constrainedCoordinates (ODE2 indices) are fixed: their rows and columns are left out, and they
    are 0 in the eigenvectors. computeComplexEigenvalues=True: the eigenvalues s of the damped system
    M x_tt + D x_t + K x = 0 in first-order form (complex, -delta +- i omega_d; sorted by magnitude if
    useAbsoluteValues, then returned as magnitudes), eigenvectors the states [x; v]. convert2Frequencies:
    sqrt(omega^2)/(2 pi) in Hz. numberOfEigenvalues > 0: the first ones only. useSparseSolver=True
    computes the numberOfEigenvalues eigenvalues nearest to 0 with ARPACK (scipy.sparse.linalg.eigsh,
    shift-invert), not all of them: for a positive semi-definite stiffness the smallest ones, as the
    dense solver (all of them, also with numberOfEigenvalues=0 or >= the size, where ARPACK cannot
    be used). A system that is not assembled is assembled first, with a warning (autoAssemble=True)."""
    function = "ComputeODE2Eigenvalues"
    useSparseSolver = CheckedFlag(useSparseSolver, f"{function}: parameter 'useSparseSolver'")
    numberOfEigenvalues = _CheckCount(function, "numberOfEigenvalues", numberOfEigenvalues)
    convert2Frequencies = CheckedFlag(convert2Frequencies, f"{function}: parameter 'convert2Frequencies'")
    useAbsoluteValues = CheckedFlag(useAbsoluteValues, f"{function}: parameter 'useAbsoluteValues'")
    computeComplexEigenvalues = CheckedFlag(computeComplexEigenvalues, f"{function}: parameter 'computeComplexEigenvalues'")
    ignoreAlgebraicEquations = CheckedFlag(ignoreAlgebraicEquations, f"{function}: parameter 'ignoreAlgebraicEquations'")
    tolerance = _CheckTolerance(function, "singularValuesTolerance", singularValuesTolerance)
    if computeComplexEigenvalues and convert2Frequencies:
        raise ValueError(f"{function}: In case of computeComplexEigenvalues=True, you must set convert2Frequencies=False "
                         "(complex eigenvalues are no squared frequencies)")
    if computeComplexEigenvalues and useSparseSolver:
        raise ValueError(f"{function}: computeComplexEigenvalues must be False with sparse solvers")
    if constrainedCoordinates is None:
        constrainedCoordinates = []
    matrices = _Matrices(mbs, function, simulationSettings, autoAssemble)
    nODE2, nAE = matrices["nODE2"], matrices["nAE"]
    coordinates = _CoordinateList(function, constrainedCoordinates, nODE2)
    if matrices["nODE1"] != 0:
        _WarnAtUserLine(f"{function}: the system has ODE1 coordinates, which the ODE2 eigenvalue problem leaves out "
                       "(as Exudyn)")
    if nAE != 0 and not ignoreAlgebraicEquations and coordinates:
        raise ValueError(f"{function}: in case of algebraic equations, either ignoreAlgebraicEquations=True or "
                         "constrainedCoordinates=[]")
    projected = nAE != 0 and not ignoreAlgebraicEquations
    if projected and useSparseSolver:
        raise ValueError(f"{function}: in case of algebraic equations and ignoreAlgebraicEquations=False, "
                         "useSparseSolver must be False")

    M, K, D = matrices["massMatrix"], matrices["stiffnessMatrix"], matrices["dampingMatrix"]
    free = _np.setdiff1d(_np.arange(nODE2), coordinates)  # the coordinates that are not fixed
    if useSparseSolver and 0 < numberOfEigenvalues < len(free) - 1:  # ARPACK computes k < n - 1 of n
        eigenValues, reducedVectors = _SparseSymmetricEigen(_LowerSymmetric(K)[_np.ix_(free, free)],
                                                            _LowerSymmetric(M)[_np.ix_(free, free)],
                                                            numberOfEigenvalues, function)
        eigenValues, reducedVectors = _Sorted(eigenValues, reducedVectors, useAbsoluteValues, numberOfEigenvalues)
        eigenVectors = _np.zeros((nODE2, reducedVectors.shape[1]))
        eigenVectors[free, :] = reducedVectors
        if convert2Frequencies:
            return [_np.sqrt(eigenValues) / (2 * _np.pi), eigenVectors]
        return [eigenValues, eigenVectors]
    if projected:
        N = _ConstraintNullspace(matrices["constraintColumns"][:nODE2, :], tolerance)
    else:
        N = _np.eye(nODE2)[free, :]  # leaves out the fixed rows and columns: N K N^T = K[free][:, free]
    reducedM, reducedK, reducedD = N @ M @ N.T, N @ K @ N.T, N @ D @ N.T

    if computeComplexEigenvalues:
        eigenValues, reducedVectors = _FirstOrderEigen(reducedM, reducedK, reducedD)
    else:
        eigenValues, reducedVectors = _GeneralizedSymmetricEigen(reducedK, reducedM, function)
    eigenValues, reducedVectors = _Sorted(eigenValues, reducedVectors, useAbsoluteValues, numberOfEigenvalues)
    if computeComplexEigenvalues:  # first-order states [x; v] of all coordinates
        zero = _np.zeros_like(N.T)
        eigenVectors = _np.block([[N.T, zero], [zero, N.T]]) @ reducedVectors
    else:
        eigenVectors = N.T @ reducedVectors

    if convert2Frequencies:
        return [_np.sqrt(eigenValues) / (2 * _np.pi), eigenVectors]
    return [eigenValues, eigenVectors]


@UserFrameFirst
def ComputeSystemDegreeOfFreedom(mbs, simulationSettings=None, threshold=1e-12, verbose=False, useSVD=False,
                                 autoAssemble=True):
    """The degree of freedom at the initial state, as Exudyn's: Gruebler-Kutzbach's count
    nODE2 - (nAE - nPureAE) corrected by the redundant constraints, those that the rank of the
    constraints' Jacobian columns [C_q^T; C_lambda] (all rows, the multipliers' columns) does not
    reach; nPureAE the rank of C_lambda (equations on multipliers alone, e.g. lambda = 0 of an
    inactive constraint, which constrain no coordinate). Ranks by numpy.linalg.matrix_rank, or with
    useSVD=True by the singular values above threshold. verbose prints the figures (2 also the
    matrices; with useSVD the singular values). Returns {'degreeOfFreedom', 'redundantConstraints',
    'nODE2', 'nODE1', 'nAE', 'nPureAE'}; ODE1 coordinates count as no degree of freedom."""
    function = "ComputeSystemDegreeOfFreedom"
    threshold = _CheckTolerance(function, "threshold", threshold)
    useSVD = CheckedFlag(useSVD, f"{function}: parameter 'useSVD'")
    if isinstance(verbose, (bool, _np.bool_)) or not isinstance(verbose, _numbers.Integral):
        verbose = CheckedFlag(verbose, f"{function}: parameter 'verbose'")
    verbose = int(verbose)
    matrices = _Matrices(mbs, function, simulationSettings, autoAssemble)
    nODE2, nODE1, nAE = matrices["nODE2"], matrices["nODE1"], matrices["nAE"]
    if nODE1 != 0:
        _WarnAtUserLine(f"{function}: ODE1 coordinates are not counted as degrees of freedom (as Exudyn)")
    allColumns = matrices["constraintColumns"]  # rows [ODE2 | ODE1 | AE], the multipliers' columns
    multiplierBlock = allColumns[nODE2 + nODE1:, :]
    if verbose == 2:
        _Print('Code2=\n', allColumns[:nODE2, :], sep='')
        _Print('Cae  =\n', multiplierBlock, sep='')
    redundant = 0
    pureAE = 0
    if nAE != 0:
        if useSVD:
            singularValues = _np.linalg.svd(allColumns, compute_uv=False)
            if verbose:
                _Print('singular values ODE2+AE=' + str(singularValues))
            singularValuesAE = _np.linalg.svd(multiplierBlock, compute_uv=False)
            if verbose:
                _Print('singular values pure AE=' + str(singularValuesAE))
            # as Exudyn: the zero singular values among min(rows, nAE) ones are the dependent columns
            redundant = int((abs(singularValues) <= threshold).sum())
            pureAE = int((abs(singularValuesAE) > threshold).sum())
        else:
            redundant = nAE - int(_np.linalg.matrix_rank(allColumns))
            pureAE = int(_np.linalg.matrix_rank(multiplierBlock))
    dof = nODE2 - (nAE - pureAE) + redundant
    if verbose:
        _Print('ODE2 coordinates          = ' + str(nODE2))
        _Print('total constraints         = ' + str(nAE))
        _Print('redundant constraints     = ' + str(redundant))
        _Print('pure algebraic constraints= ' + str(pureAE))
        _Print('degree of freedom         = ' + str(dof))
    return {'degreeOfFreedom': dof, 'redundantConstraints': redundant, 'nODE2': nODE2, 'nODE1': nODE1, 'nAE': nAE,
            'nPureAE': pureAE}


def SolveDynamic(mbs, simulationSettings=None, solverType=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """exudyn.solver.SolveDynamic(mbs, ...): the same as mbs.SolveDynamic(...)"""
    _CheckMainSystem("SolveDynamic", mbs)
    return mbs.SolveDynamic(simulationSettings, solverType=solverType, updateInitialValues=updateInitialValues,
                            storeSolver=storeSolver, showHints=showHints, showCausingItems=showCausingItems,
                            autoAssemble=autoAssemble)


def SolveStatic(mbs, simulationSettings=None, updateInitialValues=False, storeSolver=True, showHints=False,
                showCausingItems=True, autoAssemble=True):
    """exudyn.solver.SolveStatic(mbs, ...): the same as mbs.SolveStatic(...)"""
    _CheckMainSystem("SolveStatic", mbs)
    return mbs.SolveStatic(simulationSettings, updateInitialValues=updateInitialValues, storeSolver=storeSolver,
                           showHints=showHints, showCausingItems=showCausingItems, autoAssemble=autoAssemble)


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {function.__name__: function
           for function in (ComputeLinearizedSystem, ComputeODE2Eigenvalues, ComputeSystemDegreeOfFreedom)}
