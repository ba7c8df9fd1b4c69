"""Exudyn's solver objects (exu.MainSolverImplicitSecondOrder, MainSolverExplicit, MainSolverStatic,
mbs.sys['dynamicSolver'], exu.SolverSuccess) on a mass on a linear spring: the same solution as
the closed form and as mbs.SolveDynamic, the counters a linear system fixes (one Newton iteration
per step, one Jacobian), the step size seen during the solve, the static equilibrium, a failing
solve, and bad input."""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate,
                                    MassPoint, NodePointGround, Point)

from conftest import NewSystem

mass, stiffness, force = 2., 200., 10.


def Oscillator(fixTransverse=True):
    """x-spring k with load F on a mass m starting at rest at x = 0; y and z held (or left free)."""
    mbs = NewSystem()
    node = mbs.AddNode(Point(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=i)) for i in range(3)]
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[ground, markers[0]], stiffness=stiffness))
    mbs.AddLoad(LoadCoordinate(markerNumber=markers[0], load=force))
    if fixTransverse:
        for marker in markers[1:]:
            mbs.AddObject(CoordinateConstraint(markerNumbers=[ground, marker]))
    mbs.Assemble()
    return mbs, node


def Settings(steps=200, endTime=0.5):
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.verboseMode = 0
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    settings.solution.file.write = False
    settings.staticSolver.verboseMode = 0
    return settings


def ClosedForm(t):
    """x(t) = F/k (1 - cos(omega t))"""
    return force / stiffness * (1 - math.cos(math.sqrt(stiffness / mass) * t))


def test_implicitSolverObjectSolvesAsSolveDynamicAndCountsWhatALinearSystemNeeds():
    mbs, node = Oscillator()
    solver = exu.MainSolverImplicitSecondOrder()
    assert solver.SolveSystem(mbs, Settings()) is True
    x = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0]
    assert abs(x - ClosedForm(0.5)) < 1e-3 * force / stiffness  # second order in h = 2.5 ms
    mbs.SolveDynamic(Settings())
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0] == x
    # linear: Newton ends after one iteration in every step, on the one Jacobian it computed
    assert solver.it.newtonStepsCount == 200 and solver.it.newtonJacobiCount == 1
    assert solver.it.currentStepIndex == 201 and solver.it.numberOfSteps == 200
    assert solver.it.currentStepSize == pytest.approx(0.5 / 200) and solver.it.currentTime == pytest.approx(0.5)
    assert solver.it.discontinuousIterationsCount == 200 and solver.it.rejectedModifiedNewtonSteps == 0
    assert solver.conv.newtonConverged and not solver.conv.stepReductionFailed
    assert exu.SolverSuccess(solver) == [True, ""]
    assert solver.GetSolverName() == "implicit second order time integration"


def test_solveDynamicStoresItsSolverBeforeTheSolveAndTheStepSizeIsLive():
    mbs, node = Oscillator()
    seen = []

    def PreStep(mbs, t):
        solver = mbs.sys["dynamicSolver"]
        seen.append((solver, solver.it.currentStepSize, t))
        return True

    mbs.SetPreStepUserFunction(PreStep)
    settings = Settings(steps=40, endTime=0.2)
    mbs.SolveDynamic(settings)
    solver = mbs.sys["dynamicSolver"]
    assert isinstance(solver, exu.MainSolverImplicitSecondOrder) and mbs.sys["simulationSettings"] is settings
    assert len(seen) == 40 and all(s is solver for s, _, _ in seen)
    # the solver's step itself, as Exudyn's (only the last one ends exactly at endTime)
    assert [h for _, h, _ in seen[:-1]] == [0.2 / 40] * 39 and seen[-1][1] == pytest.approx(0.2 / 40, rel=1e-12)
    assert [t for _, _, t in seen] == pytest.approx([0.005 * (i + 1) for i in range(40)])
    mbs.SetPreStepUserFunction(0)
    mbs.SolveDynamic(Settings(steps=10, endTime=0.1), storeSolver=False)  # leaves mbs.sys['dynamicSolver'] alone
    assert mbs.sys["dynamicSolver"] is solver and solver.it.numberOfSteps == 40


def test_explicitSolverObjectTakesTheMethodFromTheSettings(monkeypatch):
    import multidyn.api.simulationSettings as settingsModule
    monkeypatch.setattr(settingsModule, '_warnedNames', set())  # the warning comes once per name and session
    mbs, node = Oscillator(fixTransverse=False)  # explicit solvers: no constraints
    settings = Settings(steps=500)
    settings.timeIntegration.solverType = exu.DynamicSolverType.RK44  # Exudyn 1.13's name
    solver = exu.MainSolverExplicit()
    solver.SolveSystem(mbs, settings)
    x = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0]
    assert abs(x - ClosedForm(0.5)) < 1e-6 * force / stiffness  # fourth order in h = 1 ms
    assert solver.GetSolverName() == "explicit time integration (RK44)"
    assert solver.it.newtonStepsCount == 0 and solver.it.currentStepIndex == 501 and not solver.it.automaticStepSize
    mbs.SolveDynamic(Settings(steps=500), solverType=exu.DynamicSolverType.RK44)
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0] == x
    assert isinstance(mbs.sys["dynamicSolver"], exu.MainSolverExplicit)
    # Exudyn 1.11's name is the same setting, with 1.13's deprecation warning
    with pytest.warns(DeprecationWarning, match="explicitIntegration.dynamicSolverType is deprecated! use "
                                                "timeIntegration.solverType"):
        settings.timeIntegration.explicitIntegration.dynamicSolverType = exu.DynamicSolverType.ExplicitEuler
    assert settings.timeIntegration.solverType == exu.DynamicSolverType.ExplicitEuler
    assert settings.timeIntegration.explicitIntegration.dynamicSolverType == exu.DynamicSolverType.ExplicitEuler
    solver = exu.MainSolverExplicit()
    solver.SolveSystem(mbs, settings)
    assert solver.GetSolverName() == "explicit time integration (ExplicitEuler)"
    assert abs(mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0] - x) > 1e-7 * force / stiffness  # first order
    settings.timeIntegration.solverType = exu.DynamicSolverType.GeneralizedAlpha  # the default, as in Exudyn 1.13
    with pytest.raises(ValueError, match="timeIntegration.solverType must be an explicit method .*RK44.*but it is "
                                         "GeneralizedAlpha.*MainSolverImplicitSecondOrder"):
        exu.MainSolverExplicit().SolveSystem(mbs, settings)


def test_rejectedAutomaticStepSizeStepsCountsTheRepeatedTries():
    mbs, node = Oscillator(fixTransverse=False)
    tries = []
    mbs.SetPreStepUserFunction(lambda mbs, t: tries.append(t) or True)  # called before every try of a step
    settings = Settings(steps=10)  # the first try is the largest step, 0.05 s: far too large for the tolerances
    settings.timeIntegration.absoluteTolerance = settings.timeIntegration.relativeTolerance = 1e-8
    solver = exu.MainSolverExplicit()
    settings.timeIntegration.solverType = exu.DynamicSolverType.DOPRI5
    solver.SolveSystem(mbs, settings)
    accepted = solver.it.currentStepIndex - 1
    assert solver.it.rejectedAutomaticStepSizeSteps == len(tries) - accepted > 0
    assert abs(mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0] - ClosedForm(0.5)) < 1e-7 * force / stiffness
    # fixed steps and the implicit solver (whose step reductions are no step size control) count none
    tries.clear()
    settings.timeIntegration.solverType = exu.DynamicSolverType.RK44
    solver.SolveSystem(mbs, settings)
    assert solver.it.rejectedAutomaticStepSizeSteps == 0 and len(tries) == 10
    implicit = exu.MainSolverImplicitSecondOrder()
    implicit.SolveSystem(mbs, settings)
    assert implicit.it.rejectedAutomaticStepSizeSteps == 0


def test_staticSolverObjectFindsTheEquilibrium():
    mbs, node = Oscillator()
    solver = exu.MainSolverStatic()
    solver.SolveSystem(mbs, Settings())
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0] == pytest.approx(force / stiffness, rel=1e-10)
    assert solver.GetSolverName() == "nonlinear static solver"
    assert solver.it.newtonStepsCount >= 1 and solver.it.newtonJacobiCount >= 1 and solver.conv.newtonConverged
    mbs.SolveStatic(Settings())
    assert isinstance(mbs.sys["staticSolver"], exu.MainSolverStatic)


def test_aFailedSolveIsReportedByTheSolverObject():
    mbs, node = Oscillator(fixTransverse=False)  # y and z have no stiffness: the static Jacobian is singular
    solver = exu.MainSolverStatic()
    settings = Settings()
    settings.staticSolver.adaptiveStep = False
    with pytest.raises(exu.SolverError) as failure:
        solver.SolveSystem(mbs, settings)
    success, message = exu.SolverSuccess(solver)
    assert success is False and message == str(failure.value) and message
    assert solver.conv.stepReductionFailed and not solver.conv.newtonConverged
    assert not solver.output.finishedSuccessfully


def test_badInput():
    with pytest.raises(TypeError, match="SolverSuccess: expected a solver object"):
        exu.SolverSuccess(3)
    mbs, _ = Oscillator()
    with pytest.raises(TypeError, match="simulationSettings must be an exu.SimulationSettings"):
        exu.MainSolverImplicitSecondOrder().SolveSystem(mbs, {"timeIntegration": {}})
    assert np.isfinite(exu.MainSolverImplicitSecondOrder().it.currentStepSize)  # no solve yet: 0


# ---------------------------------------------------------------------------------------------
# Exudyn's matrix interface of the solver objects
def ConstrainedSpringMass():
    """a planar mass m = 2 (coordinates x, y from the reference [1, 0]), a coordinate spring k = 100 with
    damper d = 3 on x, and the constraint 2 y = 0: M = 2 I, K = diag(100, 0), D = diag(3, 0), C_q = [0, 2]"""
    from multidyn.itemInterface import MassPoint2D, NodePoint2D
    mbs = NewSystem()
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    node = mbs.AddNode(NodePoint2D(referenceCoordinates=[1, 0], initialCoordinates=[0.1, 0.2],
                                   initialVelocities=[0.3, 0.4]))
    mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=2))
    x, y = (mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=i)) for i in range(2))
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[ground, x], stiffness=100, damping=3))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[ground, y], factorValue1=2.))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("solverClass", [exu.MainSolverStatic, exu.MainSolverImplicitSecondOrder])
def test_matrixInterfaceGivesMassStiffnessDampingAndConstraintJacobian(solverClass):
    mbs = ConstrainedSpringMass()
    mbs.systemData.SetODE2Coordinates([5., 5.])
    settings = exu.SimulationSettings()
    solver = solverClass()
    assert solver.InitializeSolver(mbs, settings) is True
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(), [0.1, 0.2])  # back at the initial values
    assert (solver.GetODE2size(), solver.GetODE1size(), solver.GetAEsize()) == (2, 0, 1)
    solver.ComputeMassMatrix(mbs)
    np.testing.assert_array_equal(solver.GetSystemMassMatrix(), 2 * np.eye(2))
    solver.ComputeMassMatrix(mbs, scalarFactor=3.)
    np.testing.assert_array_equal(solver.GetSystemMassMatrix(), 6 * np.eye(2))
    solver.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=-1, scalarFactor_ODE2_t=0)
    np.testing.assert_allclose(solver.GetSystemJacobian(), [[100, 0, 0], [0, 0, 0], [0, 0, 0]], atol=1e-9)
    solver.ComputeJacobianAE(mbs, scalarFactor_ODE2=2.)
    np.testing.assert_allclose(solver.GetSystemJacobian(), [[100, 0, 0], [0, 0, 2], [0, 4, 0]], atol=1e-9)
    solver.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=0, scalarFactor_ODE2_t=-1)  # clears the AE parts
    np.testing.assert_allclose(solver.GetSystemJacobian(), [[3, 0, 0], [0, 0, 0], [0, 0, 0]], atol=1e-9)
    solver.FinalizeSolver(mbs, settings)


def test_matrixInterfaceGivesTheEigenfrequenciesOfTheLinearAnalysis():
    """Exudyn's recipe (its manualExplicitIntegrator test): eigh(K, M) of the matrices read through the solver"""
    from scipy.linalg import eigh
    mbs, _ = Oscillator(fixTransverse=False)
    solver = exu.MainSolverStatic()
    solver.InitializeSolver(mbs, exu.SimulationSettings())
    solver.ComputeMassMatrix(mbs)
    solver.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=-1, scalarFactor_ODE2_t=0)
    n = solver.GetODE2size()
    omegaSquared = eigh(solver.GetSystemJacobian()[:n, :n], solver.GetSystemMassMatrix(), eigvals_only=True)
    np.testing.assert_allclose(sorted(omegaSquared), [0, 0, stiffness / mass], atol=1e-8)


def test_matrixInterfaceBeforeInitializeSolverOrAfterAChange():
    solver = exu.MainSolverStatic()
    with pytest.raises(RuntimeError, match=r"MainSolverStatic.GetSystemJacobian: call InitializeSolver"):
        solver.GetSystemJacobian()
    mbs = ConstrainedSpringMass()
    with pytest.raises(TypeError, match="InitializeSolver: parameter 'mainSystem'"):
        solver.InitializeSolver(3, exu.SimulationSettings())
    solver.InitializeSolver(mbs, exu.SimulationSettings())
    mbs.AddNode(Point())
    with pytest.raises(exu.NotAssembledError, match="changed since InitializeSolver"):
        solver.ComputeMassMatrix(mbs)
