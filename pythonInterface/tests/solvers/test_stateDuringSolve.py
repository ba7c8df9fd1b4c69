"""What mbs shows of its state during and after a dynamic solve (Exudyn's semantics, checked
against exudyn 1.13.6): in the pre-step user function the Current and the StartOfStep
configuration are both the last accepted state; in user functions evaluated during a step,
Current is the state being evaluated (a Newton iterate, a Runge-Kutta stage) and StartOfStep the
last accepted state; after the solve, Current is the last step and StartOfStep the state that step
started from; after a failure, both are the last accepted state. Explicit solvers work on the
system's current state itself and the generalized-alpha solver on a copy, so both kinds are
checked."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate, MassPoint,
                                    NodePointGround, Point, SensorNode)

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
CT = exu.ConfigurationType
SOLVERS = [exu.DynamicSolverType.ExplicitEuler, exu.DynamicSolverType.RK44, exu.DynamicSolverType.GeneralizedAlpha]


class Observed:
    """A mass on a spring whose force user function and pre-step function record what mbs shows."""

    def __init__(self, failAfter=None, recordAtSteps=None):
        self.preStep, self.inUserFunction = [], []
        self.failAfter = failAfter
        self.recordAtSteps = recordAtSteps  # None: record in every call; else the steps whose pre-step call records
        mbs = self.mbs = NewSystem()
        ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
        self.node = mbs.AddNode(Point(referenceCoordinates=[1, 0, 0], initialCoordinates=[0.02, 0, 0],
                                      initialVelocities=[0.3, 0, 0]))
        mbs.AddObject(MassPoint(physicsMass=2., nodeNumber=self.node))
        mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        mNode = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=self.node, coordinate=0))
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mNode], stiffness=500., damping=2.,
                                             springForceUserFunction=self.Spring))
        mbs.AddLoad(LoadCoordinate(markerNumber=mNode, load=3.))
        self.sensor = mbs.AddSensor(SensorNode(nodeNumber=self.node, storeInternal=True, writeToFile=False,
                                               outputVariableType=OVT.Coordinates))
        mbs.SetPreStepUserFunction(self.PreStep)
        mbs.Assemble()

    def Shown(self):
        """(time, Current q and q_t, StartOfStep q and q_t) of the node as mbs shows them now."""
        out = lambda ovt, ct: np.asarray(self.mbs.GetNodeOutput(self.node, ovt, configuration=ct)).copy()  # noqa: E731
        return (self.mbs.systemData.GetTime(),
                np.concatenate([out(OVT.Coordinates, CT.Current), out(OVT.Coordinates_t, CT.Current)]),
                np.concatenate([out(OVT.Coordinates, CT.StartOfStep), out(OVT.Coordinates_t, CT.StartOfStep)]))

    def PreStep(self, mbs, t):
        self.steps = getattr(self, 'steps', 0) + 1
        if self.recordAtSteps is None or self.steps in self.recordAtSteps:
            self.preStep.append((t,) + self.Shown())
        return True

    def Spring(self, mbs, t, itemNumber, u, v, k, d, offset):
        if self.recordAtSteps is None:
            self.inUserFunction.append((t, len(self.preStep), u, v) + self.Shown())
        if self.failAfter is not None and t > self.failAfter:
            raise RuntimeError("spring broke")
        return k * (u - offset) + d * v


@pytest.mark.parametrize("solverType", SOLVERS)
def test_duringAStepCurrentIsTheEvaluatedStateAndStartOfStepTheLastAccepted(solverType):
    o = Observed()
    steps, h = 40, 1e-3
    o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps), solverType=solverType)
    accepted = o.mbs.GetSensorStoredData(o.sensor)  # t, q (3): the initial state and every step
    assert accepted.shape[0] == steps + 1 and len(o.preStep) == steps
    for k, (stepEnd, time, current, startOfStep) in enumerate(o.preStep):
        assert stepEnd == pytest.approx((k + 1) * h, abs=1e-15)
        assert time == pytest.approx(k * h, abs=1e-15)
        np.testing.assert_array_equal(current, startOfStep)
        np.testing.assert_array_equal(current[:3], accepted[k, 1:])  # the state after step k
    # every evaluation sees the state it evaluates as Current (the spring's arguments are its
    # coordinate and velocity) and, inside step k, the state the step started from as StartOfStep
    assert len(o.inUserFunction) > steps
    iterates = set()
    for t, calls, u, v, time, current, startOfStep in o.inUserFunction:
        assert time == t
        # (u is formed from the total coordinate 1 + q: equal to q up to its rounding; calls for
        # the Jacobian's numerical derivative get u or v perturbed by 1e-7 max(1e-2, |value|))
        assert abs(current[0] - u) <= 1.01e-7 * max(1e-2, abs(u)) and abs(current[3] - v) <= 1.01e-7 * max(1e-2, abs(v))
        iterates.add((calls, u, v))
        if calls == 0:  # initial accelerations, before the first step
            np.testing.assert_array_equal(startOfStep[:3], accepted[0, 1:])
            continue
        _, timeAtStart, currentAtStart, _ = o.preStep[calls - 1]
        np.testing.assert_array_equal(startOfStep, currentAtStart)
    # and the states differ within a step (iterates or stages), so Current did follow them
    assert len(iterates) > len(o.preStep) + 1
    # after the solve: Current is the last step, StartOfStep the state it started from
    time, current, startOfStep = o.Shown()
    assert time == pytest.approx(steps * h, abs=1e-15)
    np.testing.assert_array_equal(current[:3], accepted[-1, 1:])
    np.testing.assert_array_equal(startOfStep, o.preStep[-1][2])
    assert not np.array_equal(current, startOfStep)


@pytest.mark.parametrize("solverType", SOLVERS)
@pytest.mark.parametrize("recordAtSteps", [(), (3,), (3, 40)])
def test_startOfStepIsRightAlsoWhenNobodyReadsItDuringTheSteps(solverType, recordAtSteps):
    # StartOfStep read in no step, in one step, or in the last step only: after the solve it is
    # the state the last step started from in each case.
    steps, h = 40, 1e-3
    o = Observed(recordAtSteps=recordAtSteps)
    o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps), solverType=solverType)
    accepted = o.mbs.GetSensorStoredData(o.sensor)
    for (_stepEnd, _time, current, startOfStep), step in zip(o.preStep, recordAtSteps):
        np.testing.assert_array_equal(current, startOfStep)
        np.testing.assert_array_equal(current[:3], accepted[step - 1, 1:])
    time, current, startOfStep = o.Shown()
    np.testing.assert_array_equal(current[:3], accepted[-1, 1:])
    np.testing.assert_array_equal(startOfStep[:3], accepted[-2, 1:])  # the state the last step started from
    # a second solve continues from the last step, and StartOfStep follows again
    o.mbs.SolveDynamic(Settings(endTime=2 * steps * h, numberOfSteps=2 * steps), solverType=solverType)
    accepted = o.mbs.GetSensorStoredData(o.sensor)
    time, current, startOfStep = o.Shown()
    assert time == pytest.approx(2 * steps * h, abs=1e-15)
    np.testing.assert_array_equal(startOfStep[:3], accepted[-2, 1:])


@pytest.mark.parametrize("solverType", SOLVERS)
def test_startOfStepIsTheStateBeforeCoordinatesSetInThePreStepFunction(solverType):
    # Coordinates set in the pre-step function change Current, not StartOfStep: it stays the
    # last accepted state.
    steps, h = 10, 1e-3
    o = Observed(recordAtSteps=())

    def PreStep(mbs, t):
        if abs(t - steps * h) < 0.5 * h:  # the last step starts from q = 0.05
            mbs.systemData.SetODE2Coordinates([0.05, 0, 0])
        return True

    o.mbs.SetPreStepUserFunction(PreStep)
    o.mbs.Assemble()
    o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps), solverType=solverType)
    accepted = o.mbs.GetSensorStoredData(o.sensor)
    time, current, startOfStep = o.Shown()
    np.testing.assert_array_equal(startOfStep[:3], accepted[-2, 1:])
    assert startOfStep[0] != 0.05 and abs(current[0] - 0.05) < 1e-3


@pytest.mark.parametrize("solverType", SOLVERS)
def test_afterAFailureBothConfigurationsAreTheLastAcceptedState(solverType):
    steps, h = 40, 1e-3
    o = Observed(failAfter=10.5 * h)
    with pytest.raises(Exception, match="spring broke"):
        o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps), solverType=solverType)
    accepted = o.mbs.GetSensorStoredData(o.sensor)
    # the steps ending at 1 ms ... 10 ms were accepted; the step to 11 ms failed
    assert accepted.shape[0] == 11 and accepted[-1, 0] == pytest.approx(10 * h, abs=1e-15)
    time, current, startOfStep = o.Shown()
    assert time == pytest.approx(10 * h, abs=1e-15)
    np.testing.assert_array_equal(current[:3], accepted[-1, 1:])
    np.testing.assert_array_equal(current, startOfStep)
    np.testing.assert_array_equal(current, o.preStep[-1][2])  # what the failed step started from
    # the results so far are kept: a second solve continues from there
    o.failAfter = None
    o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps), solverType=solverType)
    assert o.mbs.systemData.GetTime() == pytest.approx(steps * h, abs=1e-15)


@pytest.mark.parametrize("solverType", SOLVERS)
def test_theNextStepStartsFromCoordinatesSetInThePreStepFunction(solverType):
    # As in Exudyn: the explicit solvers integrate the system's current state itself; the
    # generalized-alpha solver takes it over from the pre-step function.
    o = Observed()
    h = 1e-3

    def PreStep(mbs, t):
        if abs(t - 6 * h) < 0.5 * h:  # the step to 6 ms starts from the initial state again
            mbs.systemData.SetODE2Coordinates([0.02, 0, 0])
            mbs.systemData.SetODE2Coordinates_t([0.3, 0, 0])
        return True

    o.mbs.SetPreStepUserFunction(PreStep)
    o.mbs.Assemble()
    o.mbs.SolveDynamic(Settings(endTime=10 * h, numberOfSteps=10), solverType=solverType)
    q = o.mbs.GetSensorStoredData(o.sensor)[:, 1]
    if solverType == exu.DynamicSolverType.GeneralizedAlpha:
        # The same steps again but for the algorithmic acceleration carried over from step 5
        # (O(h^2) of the change in acceleration: 4e-5 relative); without the reset q(6 ms) would
        # be 7% beyond q(1 ms).
        np.testing.assert_allclose(q[6:11], q[1:6], rtol=1e-4)
    else:
        np.testing.assert_allclose(q[6:11], q[1:6], rtol=1e-12, atol=1e-15)  # the same steps again (only t differs)


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.ExplicitEuler, exu.DynamicSolverType.GeneralizedAlpha])
@pytest.mark.parametrize("withUserFunction", [True, False])
def test_ctrlCStopsALongSolveAndTheAcceptedStepsAreKept(solverType, withUserFunction):
    # Ctrl-C as Python delivers it: the C handler marks the signal, and Python raises
    # KeyboardInterrupt from the handler in the next Python code it runs (a user function) or
    # when the solver checks for signals (on Python's main thread, taking the GIL back for the check:
    # the solve itself runs without it). A timer's SIGALRM with that handler stands in for the key.
    # The solver checks for signals about every 50 ms; a progress report, whose print
    # would also run the handler, comes only after 2 s: the 1 s bound tells the two apart.
    import signal
    import time as clock

    def Interrupt(signum, frame):
        handled.append(clock.monotonic())
        raise KeyboardInterrupt()

    handled = []

    o = Observed(recordAtSteps=())
    if not withUserFunction:
        o.mbs.SetPreStepUserFunction(None)
        o.mbs.SetObjectParameter(1, 'springForceUserFunction', 0)
        o.mbs.Assemble()
    # several seconds without the interrupt, 0.3 s with it
    steps, h = (5 * 10**7 if solverType == exu.DynamicSolverType.ExplicitEuler else 10**7), 1e-4
    previous = signal.signal(signal.SIGALRM, Interrupt)
    try:
        start = clock.monotonic()
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            o.mbs.SolveDynamic(Settings(endTime=steps * h, numberOfSteps=steps, sensorsWritePeriod=1.),
                               solverType=solverType)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert len(handled) == 1 and handled[0] - start < 1.3  # signal at 0.3 s
    time = o.mbs.systemData.GetTime()
    assert 0. < time < steps * h
    # the state is the last accepted step: a second solve continues from it
    assert np.all(np.isfinite(o.mbs.systemData.GetODE2Coordinates()))
    o.mbs.SolveDynamic(Settings(endTime=time + 10 * h, numberOfSteps=10), solverType=solverType)
    assert o.mbs.systemData.GetTime() == pytest.approx(time + 10 * h, rel=1e-12)
