"""Andrews' squeezer mechanism (Hairer and Wanner, Solving ODEs II, VII.7; problem 'andrews' of
Mazzia and Iavernaro's Test Set for IVP Solvers) against the test set's published reference
solution at t = 0.03 s (subroutine SOLN of andrews.f: PSIDE at rtol = atol = 1e-14, the values in
examples/andrewsSqueezer.py): built from planar rigid bodies, revolute joints, a spring and a
torque; and as the test set's own equations in one ObjectGenericODE2 with the constraints in an
ObjectConnectorCoordinateVector (user functions), solved by IDA too."""
import os
import sys

import numpy as np

import multidyn as exu
import multidyn.itemInterface as ii

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', '..', 'examples'))
import andrewsSqueezer as andrews  # noqa: E402


def SettingsFor(solverType, tolerance=1e-8, numberOfSteps=30):
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = andrews.END_TIME
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.sundials.relativeTolerance = tolerance
    settings.timeIntegration.sundials.absoluteTolerance = tolerance
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    settings.timeIntegration.newton.absoluteTolerance = 1e-12
    settings.solution.file.write = False
    return settings


def test_testSetEquationsGiveTheTestSetsInitialAccelerations():
    """The equations written here reproduce the test set's consistent initial accelerations and
    multipliers (its INITIAL: 14222.44..., -10666.83..., lambda = 98.566..., -6.1226...)."""
    q = np.array(andrews.INITIAL_ANGLES)
    M, G = andrews.TestSetMassMatrix(q), andrews.TestSetConstraintJacobian(q)
    A = np.block([[M, G.T], [G, np.zeros((6, 6))]])
    solution = np.linalg.solve(A, np.concatenate([andrews.TestSetForces(q, np.zeros(7)), np.zeros(6)]))
    assert np.allclose(solution[:2], [14222.4439199541138705911625887, -10666.8329399655854029433719415], rtol=1e-12)
    assert np.allclose(solution[7:9], [98.5668703962410896057654982170, -6.12268834425566265503114393122], rtol=1e-12)
    assert np.max(np.abs(andrews.TestSetConstraints(q))) < 1e-15


def test_idaMeetsTheReferenceWithBodiesAndJoints(workDir):
    mbs, nodes = andrews.AndrewsSqueezer(exu, ii)
    mbs.SolveDynamic(SettingsFor(exu.DynamicSolverType.IDA), solverType=exu.DynamicSolverType.IDA)
    errors = andrews.RelativeErrors(andrews.Angles(exu, mbs, nodes))
    assert max(errors) < 1e-6, dict(zip(andrews.ANGLE_NAMES, errors))


def test_cvodeWithProjectionFinishesAndConvergesToTheReference(workDir):
    """CVODE (BDF, constraints kept by projection) on the squeezer at every tolerance 1e-5 ... 1e-10:
    it finishes (it failed from 1e-8 on with a mass-weighted projection and an unprojected error
    estimate) and its error falls to the reference's (measured 8.5e-4 at 1e-5, 8.0e-8 at 1e-10)."""
    errors = []
    for tolerance in (1e-5, 1e-7, 1e-8, 1e-10):
        mbs, nodes = andrews.AndrewsSqueezer(exu, ii)
        mbs.SolveDynamic(SettingsFor(exu.DynamicSolverType.CVODE, tolerance), solverType=exu.DynamicSolverType.CVODE)
        errors.append(max(andrews.RelativeErrors(andrews.Angles(exu, mbs, nodes))))
    assert errors[0] < 2e-3 and errors[-1] < 1e-6, errors
    assert errors[-1] < errors[0] / 1000, errors


def test_idaOnTheTestSetsOwnEquationsAgreesWithTheMultibodyModelAndTheReference(workDir):
    """The test set's equations as one ObjectGenericODE2 (mass matrix and forces by Python user
    functions) and a CoordinateVector constraint (g, and G q_t when asked for the velocity level,
    as index-2 solvers ask: Exudyn's contract) under IDA at rtol = 1e-9: within 1e-6 of the published
    reference (measured 7.5e-8) and of the bodies-and-joints model. (It had not finished: the
    constraint function returned g also for velocityLevel=True, so IDA's velocity-level rows were
    g(q) = 0 instead of G q_t = 0; its error test then failed at every step size.)"""
    mbs, node = andrews.AndrewsSqueezerGeneric(exu, ii)
    mbs.SolveDynamic(SettingsFor(exu.DynamicSolverType.IDA, 1e-9), solverType=exu.DynamicSolverType.IDA)
    generic = andrews.GenericAngles(exu, mbs, node)
    assert max(andrews.RelativeErrors(generic)) < 1e-6
    mbs, nodes = andrews.AndrewsSqueezer(exu, ii)
    mbs.SolveDynamic(SettingsFor(exu.DynamicSolverType.IDA, 1e-9), solverType=exu.DynamicSolverType.IDA)
    bodies = andrews.Angles(exu, mbs, nodes)
    assert max(abs(a - b) / abs(b) for a, b in zip(generic, bodies)) < 1e-6


def test_generalizedAlphaConvergesQuadratically(workDir):
    """The error of the largest angle falls by about 4 when the step is halved (second order)."""
    errors = []
    for steps in (4000, 8000, 16000):
        mbs, nodes = andrews.AndrewsSqueezer(exu, ii)
        settings = SettingsFor(exu.DynamicSolverType.GeneralizedAlpha, numberOfSteps=steps)
        settings.timeIntegration.newton.useModifiedNewton = False
        mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.GeneralizedAlpha)
        angles = andrews.Angles(exu, mbs, nodes)
        errors.append(max(abs(a - r) for a, r in zip(angles, andrews.REFERENCE_ANGLES)))
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    assert all(3.2 < ratio < 5 for ratio in ratios), (errors, ratios)
