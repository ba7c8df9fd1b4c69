"""mbs.SetPostNewtonUserFunction (Exudyn's post-Newton hook; docs/theory/SystemUserFunctions.md): a
mass bouncing on a penalty floor whose contact state a Python function switches after each Newton
solve, against the closed-form contact phase (largest penetration, rebound velocity) and energy
conservation; Exudyn's step-size rule after a recommendation; errors without a recommendation;
bad functions, the refusal during a solve and the system dictionary."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, LoadCoordinate, Mass1D, MarkerNodeCoordinate, Node1D,
                                    NodeGenericData, NodePointGround)

MASS, STIFFNESS, GRAVITY, HEIGHT = 0.25, 2e4, 9.81, 0.02  # [kg], [N/m], [m/s^2], [m] above the floor


def ClosedFormContact():
    """Impact velocity, largest penetration and duration of the contact phase of a mass dropped
    from rest at HEIGHT onto a linear spring floor (gravity in -x)."""
    v = np.sqrt(2 * GRAVITY * HEIGHT)
    omega = np.sqrt(STIFFNESS / MASS)
    static = GRAVITY / omega**2  # the spring's deflection under the weight
    amplitude = np.hypot(static, v / omega)
    theta0 = np.arctan2(v / omega, static)
    return v, -static - amplitude, (2 * np.pi - 2 * theta0) / omega


def Build(recommend=True):
    """The mass on a Node1D, its floor a CoordinateSpringDamper whose Python law reads the contact
    state (data coordinate: 1 contact, 0 free) that PostNewton switches."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddNode(NodeGenericData(initialCoordinates=[0], numberOfDataCoordinates=1))
    node = mbs.AddNode(Node1D(referenceCoordinates=[0], initialCoordinates=[HEIGHT]))
    mbs.AddObject(Mass1D(nodeNumber=node, physicsMass=MASS))
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))

    def Floor(mbs, t, itemNumber, u, v, k, d, offset):
        return k * u if mbs.systemData.GetDataCoordinates()[0] == 1 else 0.

    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[ground, marker], stiffness=STIFFNESS,
                                         springForceUserFunction=Floor))
    mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=-MASS * GRAVITY))
    calls = []

    def PostNewton(mbs, t):
        x0 = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates, exu.ConfigurationType.StartOfStep)
        x = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
        h = mbs.sys['dynamicSolver'].it.currentStepSize
        state = mbs.systemData.GetDataCoordinates()
        start = mbs.systemData.GetDataCoordinates(exu.ConfigurationType.StartOfStep)[0]
        error, recommended = 0., -1.
        if (x < 0) != (start == 1):  # the state assumed for the step was wrong: switch
            error = abs(x)
            if recommend:  # where the gap, linear in the step, is zero
                recommended = h * abs(x0) / (abs(x0) + abs(x))
            state[0] = 1 if x < 0 else 0
            mbs.systemData.SetDataCoordinates(state)
        calls.append((t, h, error, recommended))
        return [error, recommended]

    mbs.SetPostNewtonUserFunction(PostNewton)
    mbs.Assemble()
    return mbs, node, calls


def Settings(endTime, steps, maxIterations=1):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = endTime
    s.timeIntegration.minimumStepSize = 1e-12
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.timeIntegration.discontinuous.iterationTolerance = 1e-9  # [m] of penetration before switching
    s.timeIntegration.discontinuous.maxIterations = maxIterations
    s.timeIntegration.discontinuous.ignoreMaxIterations = False
    s.timeIntegration.adaptiveStepRecoverySteps = 0
    s.timeIntegration.adaptiveStepIncrease = 10
    return s


def Energy(mbs, node):
    x = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
    v = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t)
    spring = 0.5 * STIFFNESS * x**2 if x < 0 else 0.
    return 0.5 * MASS * v**2 + MASS * GRAVITY * x + spring


def test_bounceConservesEnergyAndReboundsWithTheImpactVelocity():
    v, penetration, duration = ClosedFormContact()
    tImpact = v / GRAVITY
    mbs, node, calls = Build()
    # Until mid-flight after the rebound; trapezoidal steps conserve the energy of the linear phases
    # exactly, so only the switching points (within 1e-9 m) leave an error.
    endTime = 2 * tImpact + duration - 0.5 * tImpact
    mbs.SolveDynamic(Settings(endTime, 2000), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    e0 = MASS * GRAVITY * HEIGHT
    assert Energy(mbs, node) == pytest.approx(e0, rel=1e-7)
    # mid-flight: the closed-form rebound, x = v t - g t^2 / 2 at t = tImpact / 2 after the contact;
    # the trapezoidal rule lengthens the contact by (omega h)^2 / 12 ~ 4e-5 of its duration
    tFlight = 0.5 * tImpact
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t) == pytest.approx(v - GRAVITY * tFlight, rel=1e-4)
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates) == pytest.approx(
        v * tFlight - 0.5 * GRAVITY * tFlight**2, rel=1e-4)
    assert mbs.sys['dynamicSolverStatistics']['rejectedSteps'] > 0  # the switching steps were repeated
    # kept, as Exudyn's
    assert mbs.sys['dynamicSolver'].it.newtonStepsCount == mbs.sys['dynamicSolverStatistics']['newtonIterations']


def test_largestPenetrationIsTheClosedFormOne():
    v, penetration, duration = ClosedFormContact()
    mbs, node, calls = Build()
    tImpact = v / GRAVITY
    lowest = []

    def PostStep(mbs, t):
        lowest.append(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates))
        return True

    mbs.SetPostStepUserFunction(PostStep)
    mbs.SolveDynamic(Settings(tImpact + duration, 2000), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    # steps of about 1e-4 s against a contact period of 2.2e-2 s: the discrete minimum within 1e-3
    assert min(lowest) == pytest.approx(penetration, rel=1e-3)


def test_recommendedStepSizeIsHonouredByExudynsRule():
    mbs, node, calls = Build()
    mbs.SolveDynamic(Settings(0.1, 20), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    followed = 0
    for (t, h, error, recommended), (tNext, hNext, _, _) in zip(calls, calls[1:]):
        if error > 1e-9 and recommended >= 0:  # the step is repeated with min(0.75 h, recommended)
            assert hNext == pytest.approx(min(0.75 * h, recommended), rel=1e-12)
            assert tNext == pytest.approx(t - h + hNext, rel=1e-12)
            followed += 1
    assert followed >= 2
    # the accepted switching step ends on the floor: the recommendations converge on the contact point
    switches = [c for c in calls if 0 < c[2] <= 1e-9]
    assert switches


def test_withoutRecommendationTheStepIsDecreasedByTheAdaptiveFactor():
    mbs, node, calls = Build(recommend=False)
    s = Settings(0.1, 20)
    s.timeIntegration.adaptiveStepDecrease = 0.5
    mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    reduced = [(h, hNext) for (t, h, error, _), (_, hNext, _, _) in zip(calls, calls[1:]) if error > 1e-9]
    assert reduced and all(hNext == pytest.approx(0.5 * h, rel=1e-12) for h, hNext in reduced)


def test_errorRepeatsTheStepWithTheSwitchedStateUpToMaxIterations():
    # with maxIterations = 2 and no recommendation the first switch repeats the Newton solve with
    # the new contact state (a discontinuous iteration) instead of reducing the step
    mbs, node, calls = Build(recommend=False)
    s = Settings(0.1, 20, maxIterations=2)
    s.timeIntegration.discontinuous.ignoreMaxIterations = True
    s.timeIntegration.discontinuous.iterationTolerance = 1.  # any switch error: only the first one repeats
    mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    assert mbs.sys['dynamicSolverStatistics']['discontinuousIterations'] == 0  # errors < 1 m
    s.timeIntegration.discontinuous.iterationTolerance = 1e-12
    mbs, node, calls = Build(recommend=False)
    mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    assert mbs.sys['dynamicSolverStatistics']['discontinuousIterations'] > 0
    assert mbs.sys['dynamicSolverStatistics']['rejectedSteps'] == 0  # ignoreMaxIterations accepts


def test_aFailedStepNamesTheIterationThatFailed():
    # without step reduction, a switching error above the tolerance after maxIterations ends the
    # solve as the discontinuous iteration's failure, not Newton's (the solver knows which failed)
    mbs, node, calls = Build(recommend=False)
    s = Settings(0.1, 20)
    s.timeIntegration.adaptiveStep = False
    with pytest.raises(exu.SolverError, match=r"^the discontinuous iteration did not converge at t=.*switching error"):
        mbs.SolveDynamic(s, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    assert len(calls) > 0 and calls[-1][2] > 1e-9  # (Newton's own failure: GeneralizedAlphaSolverTest)


def test_removedByZeroAndInTheDictionary():
    mbs, node, calls = Build()
    function = mbs.GetPostNewtonUserFunction()
    assert callable(function)
    d = mbs.GetDictionary()
    assert d['userFunctions']['postNewtonFunction'] is function
    copy = exu.SystemContainer().AddSystem()
    copy.SetDictionary(d)
    assert copy.GetPostNewtonUserFunction() is function
    mbs.SetPostNewtonUserFunction(0)
    assert mbs.GetPostNewtonUserFunction() == 0
    mbs.SolveDynamic(Settings(0.01, 10), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    assert calls == []


def test_badFunctionsAreClearErrors():
    mbs, node, calls = Build()
    with pytest.raises(TypeError, match="SetPostNewtonUserFunction.*discontinuousError, recommendedStepSize"):
        mbs.SetPostNewtonUserFunction('PostNewton')
    mbs.SetPostNewtonUserFunction(lambda mbs, t: 0.5)
    with pytest.raises(exu.UserFunctionError, match="postNewtonUserFunction.*expected 2"):
        mbs.SolveDynamic(Settings(0.01, 10))
    mbs.SetPostNewtonUserFunction(lambda mbs, t: [float('nan'), -1])
    with pytest.raises(exu.UserFunctionError, match="postNewtonUserFunction.*finite"):
        mbs.SolveDynamic(Settings(0.01, 10))


def test_refusedDuringASolve():
    mbs, node, calls = Build()

    def PreStep(mbs, t):
        mbs.SetPostNewtonUserFunction(0)
        return True

    mbs.SetPreStepUserFunction(PreStep)
    with pytest.raises(exu.SolveInProgressError, match="SetPostNewtonUserFunction"):
        mbs.SolveDynamic(Settings(0.01, 10))
    assert callable(mbs.GetPostNewtonUserFunction())
