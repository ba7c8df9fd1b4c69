"""ObjectContactCoordinate (docs/theory/ContactCoordinate.md): a mass dropped on a coordinate
contact against the closed-form contact phase: largest penetration, rebound velocity (undamped:
the impact velocity; damped: from the analytic damped oscillation), energy; the active set and
the recommended step size of its PostNewtonStep; outputs and bad input."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (LoadCoordinate, MarkerNodeCoordinate, MassPoint, NodeGenericData, NodePoint,
                                    NodePointGround, ObjectContactCoordinate)

MASS, STIFFNESS, GRAVITY, HEIGHT, OFFSET = 0.25, 2e5, 9.81, 0.01, 0.05  # [kg], [N/m], [m/s^2], [m], [m]


def Build(damping=0.):
    """A mass point whose y coordinate falls from gap HEIGHT onto the contact (gap = y - OFFSET)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    data = mbs.AddNode(NodeGenericData(initialCoordinates=[1], numberOfDataCoordinates=1))  # > 0: no contact
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, OFFSET + HEIGHT, 0]))
    mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=MASS))
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=1))
    contact = mbs.AddObject(ObjectContactCoordinate(markerNumbers=[ground, marker], nodeNumber=data,
                                                    contactStiffness=STIFFNESS, contactDamping=damping, offset=OFFSET))
    mbs.AddLoad(LoadCoordinate(markerNumber=marker, load=-MASS * GRAVITY))
    mbs.Assemble()
    return mbs, node, contact


def Settings(endTime, steps):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = endTime
    s.timeIntegration.minimumStepSize = 1e-12
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.newton.relativeTolerance = 1e-10
    s.timeIntegration.discontinuous.iterationTolerance = 1e-4  # [N] of contact force at the switch
    s.timeIntegration.discontinuous.maxIterations = 2
    s.timeIntegration.discontinuous.ignoreMaxIterations = False
    s.timeIntegration.adaptiveStepRecoverySteps = 0
    s.timeIntegration.adaptiveStepIncrease = 10
    return s


def ContactPhase(damping):
    """Impact velocity v, and for the analytic solution of m g'' + d g' + k g = -m g from g = 0,
    g' = -v: the largest penetration, the duration and the exit velocity (bisection on the exit)."""
    v = np.sqrt(2 * GRAVITY * HEIGHT)
    omega = np.sqrt(STIFFNESS / MASS)
    zeta = damping / (2 * np.sqrt(STIFFNESS * MASS))
    omegaD = omega * np.sqrt(1 - zeta**2)
    static = -GRAVITY / omega**2
    a = -static  # g(0) = static + a = 0
    b = (-v + zeta * omega * a) / omegaD  # g'(0) = -zeta omega a + omegaD b = -v

    def Gap(t):
        return static + np.exp(-zeta * omega * t) * (a * np.cos(omegaD * t) + b * np.sin(omegaD * t))

    def GapVelocity(t):
        e = np.exp(-zeta * omega * t)
        return e * ((-zeta * omega * a + omegaD * b) * np.cos(omegaD * t) + (-zeta * omega * b - omegaD * a) *
                    np.sin(omegaD * t))

    times = np.linspace(0, 2 * np.pi / omegaD, 200001)
    lowest = Gap(times).min()
    first = np.argmax((Gap(times) > 0) & (times > np.pi / omegaD / 2))
    lo, hi = times[first - 1], times[first]
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if Gap(mid) <= 0 else (lo, mid)
    return v, lowest, hi, GapVelocity(hi)


@pytest.mark.parametrize('damping', [0., 20.])
def test_droppedMassReboundsAsTheClosedFormContactPhase(damping):
    v, lowest, duration, exitVelocity = ContactPhase(damping)
    tImpact = v / GRAVITY
    mbs, node, contact = Build(damping)
    steps = []  # (t, data coordinate, velocity, gap, force) of the accepted steps

    def PostStep(mbs, t):
        steps.append((t, mbs.systemData.GetDataCoordinates()[0], mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)[1],
                      mbs.GetObjectOutput(contact, exu.OutputVariableType.Distance),
                      mbs.GetObjectOutput(contact, exu.OutputVariableType.Force)))
        return True

    mbs.SetPostStepUserFunction(PostStep)
    tFlight = 0.5 * tImpact  # after the contact, in flight again
    mbs.SolveDynamic(Settings(tImpact + duration + tFlight, 4000), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    switches = [now for before, now in zip(steps, steps[1:]) if (before[1] <= 0) != (now[1] <= 0)]
    assert len(switches) == 2  # contact made and lost, each at a step's end within 1e-9 m of the floor
    (tIn, _, vIn, gapIn, _), (tOut, _, vOut, gapOut, _) = switches
    assert abs(gapIn) < 1e-9 and abs(gapOut) < 1e-9
    assert tIn == pytest.approx(tImpact, rel=1e-9) and vIn == pytest.approx(-v, rel=1e-9)
    assert tOut == pytest.approx(tImpact + duration, rel=1e-5)
    assert vOut == pytest.approx(exitVelocity, rel=1e-4)
    assert min(s[3] for s in steps) == pytest.approx(lowest, rel=2e-3)  # discrete minimum, 1/400 of the period
    assert max(s[4] for s in steps) <= 0. or damping > 0.  # undamped: only compressive forces
    assert all(s[4] == 0. for s in steps if s[1] > 0)  # no force out of contact
    if damping == 0.:  # undamped: the impact velocity comes back, the energy is conserved
        assert exitVelocity == pytest.approx(v, rel=1e-9)
        velocity = mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)[1]
        gap = mbs.GetObjectOutput(contact, exu.OutputVariableType.Distance)
        assert velocity == pytest.approx(v - GRAVITY * tFlight, rel=1e-4)
        assert 0.5 * MASS * velocity**2 + MASS * GRAVITY * gap == pytest.approx(MASS * GRAVITY * HEIGHT, rel=1e-6)
    # (damped: the first free step starts from the accelerations with the contact's damping force,
    # as the trapezoidal rule does in Exudyn too: a velocity error of h_1 d g_t / (2 m) after the switch)


def test_postNewtonStepSwitchesTheDataCoordinateAndRecommendsTheContactPoint():
    mbs, node, contact = Build()
    v = np.sqrt(2 * GRAVITY * HEIGHT)
    tImpact = v / GRAVITY
    steps = []

    def PreStep(mbs, t):
        steps.append((t, mbs.sys['dynamicSolver'].it.currentStepSize))
        return True

    mbs.SetPreStepUserFunction(PreStep)
    mbs.SolveDynamic(Settings(tImpact * 1.001, 10), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    # the data coordinate holds the last gap: in contact now
    assert mbs.systemData.GetDataCoordinates()[0] == pytest.approx(mbs.GetObjectOutput(contact,
                                                                   exu.OutputVariableType.Distance))
    assert mbs.systemData.GetDataCoordinates()[0] < 0
    # the step that crossed the contact was repeated, reduced to at most 0.75 of its size
    reductions = [(h, hNext) for (t, h), (tNext, hNext) in zip(steps, steps[1:]) if tNext < t]
    assert reductions and all(hNext <= 0.75 * h * (1 + 1e-12) for h, hNext in reductions)
    # a step ends at the contact point: the gap at the accepted switching step is within
    # iterationTolerance / stiffness of zero (the error |k g| accepted)
    assert mbs.sys['dynamicSolverStatistics']['rejectedSteps'] >= 1


def test_inactiveConnectorHasNoForce():
    mbs, node, contact = Build()
    mbs.SetObjectParameter(contact, 'activeConnector', False)
    v = np.sqrt(2 * GRAVITY * HEIGHT)
    t = 2 * v / GRAVITY
    mbs.SolveDynamic(Settings(t, 100), solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    y = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1]
    assert y == pytest.approx(OFFSET + HEIGHT - 0.5 * GRAVITY * t**2, rel=1e-10)  # free fall through the floor
    assert mbs.GetObjectOutput(contact, exu.OutputVariableType.Force) == 0.


def test_badInputNamesTheParameter():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint())
    other = mbs.AddNode(NodePoint())
    m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=other, coordinate=0))
    with pytest.raises(ValueError, match="contactStiffness"):
        ObjectContactCoordinate(markerNumbers=[m0, m1], contactStiffness=-1.)
    with pytest.raises(TypeError, match="nodeNumber.*NodeGenericData"):
        mbs.AddObject(ObjectContactCoordinate(markerNumbers=[m0, m1], nodeNumber=node, contactStiffness=1.))
    with pytest.raises(TypeError, match="nodeNumber.*NodeGenericData"):
        mbs.AddObject(ObjectContactCoordinate(markerNumbers=[m0, m1], contactStiffness=1.))
