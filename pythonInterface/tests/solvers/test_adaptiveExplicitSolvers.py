"""The embedded Runge-Kutta pairs ODE23, DOPRI5 and DVERK6 with automatic step size control
through mbs.SolveDynamic: a nonlinear spring pendulum against scipy's solve_ivp of the same ODE,
the closed-form torsional oscillator at decreasing tolerances, step statistics, the minimum step
size warning, and the refusals of constraints and bad settings."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerNodePosition, NodePoint, ObjectConnectorSpringDamper, ObjectGround,
                                    ObjectMassPoint, MarkerBodyPosition, Force, SensorNode)
from conftest import DampedOscillator, NewSystem, Settings
from test_explicitSolvers import FreeRotor, INERTIA_Z, STIFFNESS, DAMPING, TORQUE

PAIRS = [exu.DynamicSolverType.ODE23, exu.DynamicSolverType.DOPRI5, exu.DynamicSolverType.DVERK6]
MASS, K, L0, G = 0.5, 80., 1., 9.81


def AdaptiveSettings(endTime, tolerance, numberOfSteps=1):
    settings = Settings(endTime, numberOfSteps)
    settings.timeIntegration.absoluteTolerance = tolerance
    settings.timeIntegration.relativeTolerance = tolerance
    settings.timeIntegration.minimumStepSize = 1e-12
    return settings


def SpringPendulum():
    """A mass point on a spring of length L0 to the ground at the origin, gravity -y, started
    stretched and sideways: m x'' = -K (|x| - L0) x/|x| + m g, nonlinear."""
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0.8, -0.9, 0.], initialVelocities=[1.5, 0., 0.2]))
    mbs.AddObject(ObjectMassPoint(physicsMass=MASS, nodeNumber=node))
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0., 0., 0.]))
    mBody = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=[mGround, mBody], stiffness=K, referenceLength=L0))
    mbs.AddLoad(Force(markerNumber=mBody, loadVector=[0., -MASS * G, 0.]))
    mbs.Assemble()
    return mbs, node


def SpringPendulumReference(endTime):
    from scipy.integrate import solve_ivp

    def f(t, x):
        p, v = x[:3], x[3:]
        length = np.linalg.norm(p)
        a = -K / MASS * (length - L0) * p / length + np.array([0., -G, 0.])
        return np.concatenate([v, a])
    x0 = [0.8, -0.9, 0., 1.5, 0., 0.2]
    return solve_ivp(f, (0., endTime), x0, method='DOP853', rtol=1e-13, atol=1e-13).y[:, -1]


@pytest.mark.parametrize("solverType", PAIRS)
def test_nonlinearSpringPendulumAgreesWithSolveIvp(workDir, solverType):
    endTime = 2.
    reference = SpringPendulumReference(endTime)
    errors = []
    for tolerance in (1e-5, 1e-8):
        mbs, node = SpringPendulum()
        mbs.SolveDynamic(AdaptiveSettings(endTime, tolerance), solverType=solverType)
        p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
        v = mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)
        errors.append(np.max(np.abs(np.concatenate([p, v]) - reference)))
        statistics = mbs.sys['dynamicSolverStatistics']
        assert statistics['steps'] > 10
    # the error follows the tolerance (within a factor ~100 of it, for amplitudes of ~1 and ~5 m/s)
    assert errors[0] < 100 * 1e-5 and errors[1] < 100 * 1e-8
    assert errors[1] < 1e-2 * errors[0]


@pytest.mark.parametrize("solverType", PAIRS)
def test_torsionalOscillatorMeetsTheToleranceAgainstTheClosedForm(workDir, solverType):
    endTime = 1.
    exact, _ = DampedOscillator(endTime, INERTIA_Z, STIFFNESS, DAMPING, TORQUE)
    for tolerance in (1e-6, 1e-9):
        mbs, node, _ = FreeRotor()
        mbs.SolveDynamic(AdaptiveSettings(endTime, tolerance), solverType=solverType)
        angle = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)[5]
        assert abs(angle - float(exact)) < 10 * tolerance


def test_stepStatisticsAndSensorTimes(workDir):
    """From the default initial step (the whole interval, numberOfSteps=1) the first tries are
    rejected; the sensor, written every step, sees the accepted steps only, ending at endTime."""
    mbs, node, _ = FreeRotor()
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True,
                                      outputVariableType=exu.OutputVariableType.Coordinates))
    mbs.Assemble()
    settings = AdaptiveSettings(1., 1e-8)
    settings.solution.sensors.writePeriod = 0.  # every step, as Exudyn
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.DOPRI5)
    statistics = mbs.sys['dynamicSolverStatistics']
    assert statistics['rejectedSteps'] >= 1
    times = mbs.GetSensorStoredData(sensor)[:, 0]
    assert len(times) == statistics['steps'] + 1 and times[-1] == 1.
    steps = np.diff(times)
    assert np.all(steps > 0) and steps.max() / steps.min() > 1.5  # the step size changed
    # looser tolerance, fewer steps
    mbs.SolveDynamic(AdaptiveSettings(1., 1e-4), solverType=exu.DynamicSolverType.DOPRI5)
    assert mbs.sys['dynamicSolverStatistics']['steps'] < statistics['steps']


def test_minimumStepSizeIsAWarning(workDir):
    mbs, node, _ = FreeRotor()
    settings = AdaptiveSettings(0.2, 1e-14)
    settings.timeIntegration.minimumStepSize = 0.01
    with pytest.warns(UserWarning, match="ODE23.*minimumStepSize"):
        mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.ODE23)
    assert mbs.systemData.GetTime() == pytest.approx(0.2, abs=1e-12)
    # exu.config.suppressWarnings leaves the solver's warning out
    import warnings
    exu.config.suppressWarnings = True
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.ODE23)
    finally:
        exu.config.suppressWarnings = False
    assert mbs.systemData.GetTime() == pytest.approx(0.2, abs=1e-12)


def test_constraintsAndBadSettingsAreRefused(workDir):
    mbs, _, _ = FreeRotor(withJoint=True)
    for solverType in PAIRS:
        with pytest.raises(ValueError, match=f"{solverType.name}.*cannot solve constraints.*JointRevoluteZ"):
            mbs.SolveDynamic(Settings(), solverType=solverType)
    mbs, _, _ = FreeRotor()
    settings = Settings()
    settings.timeIntegration.stepSizeSafety = 1.5
    with pytest.raises(ValueError, match=r"DOPRI5.*timeIntegration\.stepSizeSafety.*\(0, 1\]"):
        mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.DOPRI5)
    settings = Settings()
    settings.timeIntegration.stepSizeMaxIncrease = 0.8
    with pytest.raises(ValueError, match=r"DVERK6.*timeIntegration\.stepSizeMaxIncrease.*>= 1"):
        mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.DVERK6)
    with pytest.raises(ValueError, match="absoluteTolerance"):
        exu.SimulationSettings().timeIntegration.absoluteTolerance = 0.
