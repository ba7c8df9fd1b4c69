"""mbs.SetPreNewtonResidualUserFunction and mbs.SetSystemJacobianUserFunction (Exudyn's
system-level user functions of the Newton iteration; docs/theory/SystemUserFunctions.md): a
spring-damper replicated by a load set before each residual plus its Jacobian, against the
closed-form damped oscillator and against the built-in CoordinateSpringDamper; the iteration
counts with and without the Jacobian; the calling points; bad functions."""
import copy

import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, LoadCoordinate, Mass1D, MarkerNodeCoordinate, Node1D,
                                    NodePointGround)

MASS, SPRING, DAMPER, U0 = 4., 12000., 20., 0.2
END_TIME, STEPS = 0.5, 2000


def Build(replicate, jacobian=True, record=None):
    """A mass on a Node1D with u(0) = U0, its spring-damper built in or replicated by user functions."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[0], initialCoordinates=[U0]))
    mbs.AddObject(Mass1D(nodeNumber=node, physicsMass=MASS))
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    if not replicate:
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[ground, marker], stiffness=SPRING, damping=DAMPER))
    else:
        # the spring force at t = 0, for the initial accelerations (no user function is called there)
        load = mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=-SPRING * U0))

        def PreNewton(mbs, t, newtonIt, discontinuousIt):
            if record is not None:
                record.append((t, newtonIt, discontinuousIt))
            u = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
            v = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t)
            mbs.SetLoadParameter(load, 'load', -SPRING * u - DAMPER * v)

        mbs.SetPreNewtonResidualUserFunction(PreNewton)
        if jacobian:
            mbs.Assemble()
            index = mbs.GetNodeODE2Index(node)

            def Jacobian(mbs, t, factorODE2, factorODE2_t, factorODE1):
                mc = exu.MatrixContainer()  # of the right-hand side: -K, -D
                mc.SetWithSparseMatrix([[index, index, -factorODE2 * SPRING - factorODE2_t * DAMPER]], 1, 1)
                return mc

            mbs.SetSystemJacobianUserFunction(Jacobian)
    mbs.Assemble()
    return mbs, node


def Settings():
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = STEPS
    s.timeIntegration.endTime = END_TIME
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.timeIntegration.verboseMode = 0
    return s


def Solve(mbs, node, settings=None):
    mbs.SolveDynamic(Settings() if settings is None else settings)
    return (mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates),
            mbs.sys['dynamicSolverStatistics']['newtonIterations'])


def test_replicatedSpringDamperMatchesClosedFormAndBuiltIn(dampedOscillator):
    uBuiltIn, _ = Solve(*Build(False))
    uUser, _ = Solve(*Build(True))
    uExact, _ = dampedOscillator(END_TIME, MASS, SPRING, DAMPER, theta0=U0)
    # generalized-alpha at h = 2.5e-4 (omega h = 0.014): its O(h^2) phase error after 4 periods
    assert abs(uUser - uExact) < 1e-3 * U0
    # the same equations solved to the Newton tolerance: the same result
    assert abs(uUser - uBuiltIn) < 1e-8 * U0


@pytest.mark.parametrize('how', ['copy', 'SetDictionary'])
def test_aCopyThroughTheDictionaryKeepsTheReplicatedSpringDamper(dampedOscillator, how):
    """The hooks travel in mbs.GetDictionary()['userFunctions']: the copy (a new system without the
    built-in spring) still oscillates as the closed form, and needs as few Newton iterations as the
    original, so its Jacobian function came along too."""
    mbs, node = Build(True)
    if how == 'copy':
        duplicate = copy.copy(mbs)
    else:
        duplicate = exu.SystemContainer().AddSystem()
        duplicate.SetDictionary(mbs.GetDictionary())
    duplicate.Assemble()
    uOriginal, iterationsOriginal = Solve(mbs, node)  # after the copy: the solve changes the load's value
    uCopy, iterationsCopy = Solve(duplicate, node)
    uExact, _ = dampedOscillator(END_TIME, MASS, SPRING, DAMPER, theta0=U0)
    assert abs(uCopy - uExact) < 1e-3 * U0
    assert abs(uCopy - uOriginal) < 1e-12 * U0 and iterationsCopy == iterationsOriginal


def test_jacobianGivesNewtonConvergence():
    """Without the Jacobian the Newton matrix lacks K and D: modified Newton converges slowly
    (Exudyn's script: 5511 instead of 2000 iterations); with it, as the built-in item."""
    _, withJacobian = Solve(*Build(True, jacobian=True))
    _, withoutJacobian = Solve(*Build(True, jacobian=False))
    _, builtIn = Solve(*Build(False))
    assert withJacobian <= builtIn + STEPS // 10
    assert withoutJacobian > 2 * withJacobian


def test_callingPoints():
    """Before every residual of the Newton iteration: newtonIt 0 at the predictor, then 1, 2, ...;
    t the step's end time; never for the initial accelerations."""
    record = []
    mbs, node = Build(True, record=record)
    s = Settings()
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = True
    s.timeIntegration.numberOfSteps = 4
    s.timeIntegration.endTime = 4e-3
    Solve(mbs, node, s)
    times = sorted({round(t, 12) for t, _, _ in record})
    assert times == pytest.approx([1e-3, 2e-3, 3e-3, 4e-3])
    firstStep = [it for t, it, _ in record if abs(t - 1e-3) < 1e-12]
    assert firstStep[0] == 0 and firstStep == list(range(len(firstStep)))
    assert all(d == 0 for _, _, d in record)


def test_staticSolverUsesBoth():
    """Static equilibrium of K u = f with the spring given by the user functions: u = f / K."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[0], initialCoordinates=[0]))
    mbs.AddObject(Mass1D(nodeNumber=node, physicsMass=MASS))
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    force = 60.
    load = mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=0))
    mbs.Assemble()
    index = mbs.GetNodeODE2Index(node)
    factors = []
    mbs.SetPreNewtonResidualUserFunction(lambda mbs, t, it, d: mbs.SetLoadParameter(
        load, 'load', force - SPRING * mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)))

    def Jacobian(mbs, t, f2, f2t, f1):
        factors.append((f2, f2t, f1))
        mc = exu.MatrixContainer()
        mc.SetWithSparseMatrix([[index, index, -f2 * SPRING]], 1, 1)
        return mc

    mbs.SetSystemJacobianUserFunction(Jacobian)
    s = exu.SimulationSettings()
    s.staticSolver.newton.relativeTolerance = 1e-12
    mbs.SolveStatic(s)
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates) == pytest.approx(force / SPRING, rel=1e-9)
    assert factors and all(f == (1., 0., 1.) for f in factors)  # Exudyn's static factors


def BadCase(jacobian):
    mbs, node = Build(True, jacobian=False)
    mbs.SetSystemJacobianUserFunction(jacobian)
    return mbs, node


@pytest.mark.parametrize("jacobian, message", [
    (lambda mbs, t, a, b, c: 1. / 0., "ZeroDivisionError"),
    (lambda mbs, t, a, b, c: [[1.]], "expected an exu.MatrixContainer"),
    (lambda mbs, t, a, b, c: exu.MatrixContainer([[0., 0.], [0., 1.], [0., 0.], [5., 5.]]), "entry (1, 1)"),
    (lambda mbs, t, a, b, c: mbs.Assemble(), "mbs.Assemble() is not allowed"),
    (lambda mbs, t, a: None, "TypeError"),
])
def test_badSystemJacobianUserFunction(jacobian, message):
    mbs, node = BadCase(jacobian)
    with pytest.raises((exu.UserFunctionError, exu.SolveInProgressError)) as error:
        mbs.SolveDynamic(Settings())
    assert message in str(error.value)
    assert "systemJacobianUserFunction" in str(error.value)
    assert not mbs.IsBeingSolved()


@pytest.mark.parametrize("function, message, errorType", [
    (lambda mbs, t, it, d: 1. / 0., "ZeroDivisionError", exu.UserFunctionError),
    (lambda mbs, t: None, "TypeError", exu.UserFunctionError),
    (lambda mbs, t, it, d: mbs.Assemble(), "mbs.Assemble() is not allowed", exu.SolveInProgressError),
    (lambda mbs, t, it, d: mbs.SetPreNewtonResidualUserFunction(0), "not allowed", exu.SolveInProgressError),
])
def test_badPreNewtonResidualUserFunction(function, message, errorType):
    mbs, node = Build(False)
    mbs.SetPreNewtonResidualUserFunction(function)
    with pytest.raises(errorType) as error:
        mbs.SolveDynamic(Settings())
    assert message in str(error.value)
    assert "preNewtonResidualUserFunction" in str(error.value)
    mbs.SetPreNewtonResidualUserFunction(0)  # the system stays usable
    Solve(mbs, node)


def test_returnValueIgnoredAndSetters():
    mbs, node = Build(False)
    f = lambda mbs, t, it, d: "anything"  # Exudyn ignores the result
    mbs.SetPreNewtonResidualUserFunction(f)
    assert mbs.GetPreNewtonResidualUserFunction() is f
    Solve(mbs, node)
    with pytest.raises(TypeError, match="SetSystemJacobianUserFunction: expected a Python function"):
        mbs.SetSystemJacobianUserFunction(3)
    mbs.SetSystemJacobianUserFunction(0)
    assert mbs.GetSystemJacobianUserFunction() == 0
    with pytest.raises(IndexError):
        mbs.GetNodeODE2Index(99)
    with pytest.raises(ValueError, match="no ODE2 coordinates"):
        mbs.GetNodeODE2Index(1)  # the NodePointGround
