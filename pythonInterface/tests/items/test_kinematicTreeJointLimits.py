"""Joint ranges of ObjectKinematicTree (jointRangeLower/Upper, our extension: MuJoCo's soft joint
limits with solref = (jointLimitTimeConstant, jointLimitDampingRatio)): the law at given states,
a pendulum resting against a limit (static penetration in closed form), elastic and critically
damped impacts (contact time, deepest penetration and exit speed in closed form, energy
conservation), the effective inertia 1/(M^-1)_ii of a joint whose child moves freely, limits that
are never reached change nothing, and bad input."""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import NodeGenericODE2, ObjectKinematicTree, SensorKinematicTree, SensorNode

from conftest import NewSystem, Settings
from test_kinematicTree import AddChainTree, ChainMotion

OVT = exu.OutputVariableType
JT = exu.JointType
G = 9.81
# A pendulum: one link turning about z, center of mass at L on the link's x axis.
MASS, LENGTH, J_COM = 2., 0.5, 0.03
INERTIA = J_COM + MASS * LENGTH ** 2  # about the joint [kg*m^2]


def AddPendulum(mbs, q0=0., q_t0=0., gravity=(0., -G, 0.), reference=0., **limits):
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[reference],
                                       initialCoordinates=[q0], initialCoordinates_t=[q_t0]))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ], linkParents=[-1], jointTransformations=[np.eye(3)],
        jointOffsets=[[0., 0., 0.]], linkInertiasCOM=[np.diag([J_COM] * 3)], linkCOMs=[[LENGTH, 0., 0.]],
        linkMasses=[MASS], gravity=list(gravity), **limits))
    return node, tree


def AddSlider(mbs, masses, q0, q_t0, **limits):
    """A chain of links sliding along x, each on the previous one (coordinates relative to the parent)."""
    n = len(masses)
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=list(q0), initialCoordinates_t=list(q_t0)))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.PrismaticX] * n, linkParents=list(range(-1, n - 1)),
        jointTransformations=[np.eye(3)] * n, jointOffsets=[[0., 0., 0.]] * n,
        linkInertiasCOM=[np.diag([0.1, 0.1, 0.1])] * n, linkCOMs=[[0., 0., 0.]] * n, linkMasses=list(masses),
        **limits))
    return node, tree


def Omega(timeConstant, dampingRatio):
    return 1. / (timeConstant * dampingRatio) if dampingRatio > 0. else 1. / timeConstant


@pytest.mark.parametrize("q, q_t, expected", [
    (0.05, 0.3, 0.),                                   # inside the range: no force
    (-0.01, 0.2, INERTIA * (2500. * 0.01 - 100. * 0.2)),   # below, moving in slowly: pushed up
    (-0.01, 1., 0.),                                   # below, leaving fast: clamped at 0 (no adhesion)
    (0.52, 0.1, -INERTIA * (2500. * 0.02 + 100. * 0.1)),   # above: pushed down
    (0.52, -0.6, 0.),                                  # above, leaving fast: clamped
])
@pytest.mark.parametrize("sides", ["both", "lower only", "upper only"])
def test_limit_force_at_given_states(workDir, q, q_t, expected, sides):
    """The law f = m (omega^2 pen + 2 zeta omega pen_t) >= 0 pushing back, read with the Force output
    (minus the applied forces) without gravity: timeConstant 0.02 s, dampingRatio 1, omega = 50/s.
    An empty jointRangeLower or jointRangeUpper leaves that side free."""
    limits = dict(jointRangeLower=[0.], jointRangeUpper=[0.5])
    if sides != "both":
        limits.pop("jointRangeUpper" if sides == "lower only" else "jointRangeLower")
        if (q > 0.5 and sides == "lower only") or (q < 0. and sides == "upper only"):
            expected = 0.
    mbs = NewSystem()
    _, tree = AddPendulum(mbs, q, q_t, gravity=(0., 0., 0.), **limits)
    mbs.Assemble()
    force = mbs.GetObjectOutput(tree, OVT.Force)
    assert force[0] == pytest.approx(-expected, rel=1e-13, abs=1e-13)


def test_ranges_bound_the_total_coordinate(workDir):
    """The ranges bound q = reference + stored coordinate (as the Coordinates output shows it):
    reference 0.3, stored 0, lower 0.35: 0.05 below it."""
    mbs = NewSystem()
    _, tree = AddPendulum(mbs, 0., 0., gravity=(0., 0., 0.), reference=0.3, jointRangeLower=[0.35])
    mbs.Assemble()
    assert mbs.GetObjectOutput(tree, OVT.Force)[0] == pytest.approx(-INERTIA * 2500. * 0.05, rel=1e-12)


@pytest.mark.parametrize("timeConstant, dampingRatio", [(0.02, 1.), (0.05, 0.5), (0.01, 2.)])
def test_pendulum_rests_against_its_limit_at_the_static_penetration(workDir, timeConstant, dampingRatio):
    """Gravity presses the pendulum onto its lower limit at 0.3 rad: at rest the limit's stiffness
    k = I omega^2 balances the gravity torque, k pen = m g L cos(0.3 - pen)."""
    lower = 0.3
    mbs = NewSystem()
    _, tree = AddPendulum(mbs, q0=lower + 0.1, jointRangeLower=[lower],
                          jointLimitTimeConstant=timeConstant, jointLimitDampingRatio=dampingRatio)
    mbs.Assemble()
    mbs.SolveDynamic(Settings(2., 2000))
    stiffness = INERTIA * Omega(timeConstant, dampingRatio) ** 2
    penetration = 0.
    for _ in range(100):  # fixed point, contraction factor m g L / k < 0.02
        penetration = MASS * G * LENGTH * math.cos(lower - penetration) / stiffness
    q = mbs.GetObjectOutput(tree, OVT.Coordinates)[0]
    assert lower - q == pytest.approx(penetration, rel=1e-9)
    assert abs(mbs.GetObjectOutput(tree, OVT.Coordinates_t)[0]) < 1e-9


def Impact(masses, dampingRatio, timeConstant=0.02, speed=2., numberOfSteps=8000):
    """The first link hits its lower limit at 0 with -speed, the others move with it (coordinates
    relative to their parents: 0 rate), nothing else acts. Returns times, q, q_t of all links.
    It arrives between two steps (t = 0.0050065 s): a step that ends exactly on the limit with the
    joint moving into it has no solution when the limit is damped (see the theory page)."""
    mbs = NewSystem()
    n = len(masses)
    node, _ = AddSlider(mbs, masses, [0.010013] + [0.] * (n - 1), [-speed] + [0.] * (n - 1),
                        jointRangeLower=[0.] + [-1e30] * (n - 1), jointRangeUpper=[1e30] * n,
                        jointLimitTimeConstant=timeConstant, jointLimitDampingRatio=dampingRatio)
    sensors = [mbs.AddSensor(SensorNode(nodeNumber=node, outputVariableType=v, storeInternal=True, writeToFile=False))
               for v in (OVT.Coordinates, OVT.Coordinates_t)]
    mbs.Assemble()
    endTime = 0.2
    mbs.SolveDynamic(Settings(endTime, numberOfSteps, spectralRadius=1., tightNewton=True))
    q, q_t = (mbs.GetSensorStoredData(s) for s in sensors)
    return q[:, 0], q[:, 1:], q_t[:, 1:]


def ContactFigures(t, q0, q0_t):
    inside = np.nonzero(q0 < 0.)[0]
    duration = t[inside[-1] + 1] - t[inside[0]]  # first step in contact to first step out
    return duration, -q0.min(), q0_t[-1]


@pytest.mark.parametrize("masses", [[1.5], [1., 3.]])
def test_elastic_limit_returns_the_speed_it_came_in_with(workDir, masses):
    """dampingRatio 0: a linear spring k = m omega^2, omega = 1/timeConstant, on the joint's effective
    inertia m = 1/(M^-1)_00; it is the first link's mass m0 alone also when a second link slides
    freely on it (M = [[m0+m1, m1], [m1, m1]]): half a period pi/omega in contact, deepest
    penetration speed/omega, leaves with the speed it came in; the free link keeps its absolute speed."""
    timeConstant, speed = 0.02, 2.
    omega = 1. / timeConstant
    t, q, q_t = Impact(masses, 0., timeConstant, speed)
    duration, deepest, exitSpeed = ContactFigures(t, q[:, 0], q_t[:, 0])
    h = t[1] - t[0]
    assert duration == pytest.approx(math.pi / omega, abs=1.5 * h)
    assert deepest == pytest.approx(speed / omega, rel=1e-4)
    assert exitSpeed == pytest.approx(speed, rel=1e-6)
    if len(masses) > 1:  # the second link's absolute velocity q0_t + q1_t stays -speed
        assert np.max(np.abs(q_t[:, 0] + q_t[:, 1] + speed)) < 1e-9


@pytest.mark.parametrize("masses", [[1.5], [1., 3.]])
def test_critically_damped_limit_does_not_bounce_back(workDir, masses):
    """dampingRatio 1: pen(t) = v t e^(-omega t), deepest v/(e omega) at t = 1/omega; the push
    m omega v e^(-omega t)(2 - omega t) falls to 0 at t = 2/omega (no adhesion), where the joint has
    the rate v e^(-2) outwards and pen = 2 v e^(-2)/omega: it leaves at t = 4/omega with speed
    v e^(-2) = 0.135 v and never swings back into the limit. The damping force jumps from 0 to
    2 m omega v at contact, which the integrator resolves to O(omega h) (depending on where in a step
    the contact starts): measured 6e-4 and 2.5e-5 at the two step sizes, bound 2 omega h."""
    timeConstant, speed = 0.02, 2.
    omega = 1. / timeConstant
    for numberOfSteps in (8000, 16000):
        t, q, q_t = Impact(masses, 1., timeConstant, speed, numberOfSteps)
        duration, deepest, exitSpeed = ContactFigures(t, q[:, 0], q_t[:, 0])
        h = t[1] - t[0]
        assert duration == pytest.approx(4. / omega, abs=1.5 * h)
        assert deepest == pytest.approx(speed / (math.e * omega), rel=2. * omega * h)
        assert exitSpeed == pytest.approx(speed * math.exp(-2.), rel=2. * omega * h)
        inside = np.nonzero(q[:, 0] < 0.)[0]
        assert np.all(np.diff(inside) == 1)  # one contact, no second one


def test_elastic_limit_conserves_the_energy_of_a_pendulum_in_gravity(workDir):
    """dampingRatio 0: the pendulum falls from horizontal onto its lower limit at -1 rad and swings
    back up: kinetic plus gravitational energy is the same before and after the contact, and it
    rises again to its start (the limit's potential 1/2 k pen^2 returns all it took)."""
    mbs = NewSystem()
    _, tree = AddPendulum(mbs, q0=0., jointRangeLower=[-1.], jointRangeUpper=[1e30], jointLimitDampingRatio=0.)
    sensors = [mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=0, localPosition=[LENGTH, 0., 0.],
                                                 outputVariableType=v, storeInternal=True, writeToFile=False))
               for v in (OVT.Position, OVT.Velocity, OVT.AngularVelocity)]
    mbs.Assemble()
    mbs.SolveDynamic(Settings(1.2, 24000, spectralRadius=1., tightNewton=True))
    position, velocity, angularVelocity = (mbs.GetSensorStoredData(s)[:, 1:] for s in sensors)
    energy = (0.5 * MASS * np.sum(velocity ** 2, axis=1) + 0.5 * J_COM * angularVelocity[:, 2] ** 2
              + MASS * G * position[:, 1])
    angle = np.arctan2(position[:, 1], position[:, 0])
    inContact = np.nonzero(angle < -1.)[0]
    firstContact = inContact[:np.argmax(np.diff(inContact) > 1)] if np.any(np.diff(inContact) > 1) else inContact
    assert firstContact.size > 0 and firstContact[-1] < len(angle) - 100  # it hit the limit and left it
    outside = np.nonzero(angle >= -1.)[0]
    assert np.max(np.abs(energy[outside] - energy[0])) < 1e-5 * MASS * G * LENGTH
    backUp = angle[firstContact[-1] + 1:]
    assert backUp.max() == pytest.approx(0., abs=1e-3)  # back up to horizontal


def test_limits_never_reached_change_nothing(workDir):
    """The spatial triple pendulum of test_kinematicTree with ranges it never reaches moves exactly as
    without them."""
    free = ChainMotion(True, 200)
    limited = ChainMotion(True, 200, treeParameters=dict(jointRangeLower=[-50.] * 3, jointRangeUpper=[50.] * 3))
    assert np.array_equal(free, limited)


def test_limits_and_their_parameters_round_trip(workDir):
    mbs = NewSystem()
    _, tree = AddPendulum(mbs, jointRangeLower=[-0.5], jointRangeUpper=[1e30], jointLimitTimeConstant=0.01,
                          jointLimitDampingRatio=0.3)
    item = mbs.GetObject(tree)
    assert (item['jointRangeLower'], item['jointRangeUpper']) == ([-0.5], [1e30])
    assert (item['jointLimitTimeConstant'], item['jointLimitDampingRatio']) == (0.01, 0.3)
    mbs.SetObjectParameter(tree, 'jointRangeLower', [-0.25])
    assert mbs.GetObjectParameter(tree, 'jointRangeLower') == [-0.25]
    mbs.SetObjectParameter(tree, 'jointRangeUpper', [])  # one side alone
    assert mbs.GetObjectParameter(tree, 'jointRangeUpper') == []
    default = ObjectKinematicTree()
    assert (list(default.jointRangeLower), list(default.jointRangeUpper)) == ([], [])
    assert (default.jointLimitTimeConstant, default.jointLimitDampingRatio) == (0.02, 1.)


BAD_LIMITS = [
    (dict(jointRangeLower=[0.], jointRangeUpper=[1.]), ValueError, "jointRangeLower.*expected an empty list or 3 items.*got 1"),
    (dict(jointRangeUpper=[0.] * 4), ValueError, "jointRangeUpper.*expected an empty list or 3 items.*got 4"),
    (dict(jointRangeLower=[0., 1., 0.], jointRangeUpper=[1., 0.5, 1.]), ValueError,
     r"jointRangeLower.*link 1 has the range \[1(\.0)?, 0.5\]; expected jointRangeLower <= jointRangeUpper"),
    (dict(jointRangeLower=[0., float('nan'), 0.], jointRangeUpper=[1.] * 3), ValueError,
     "jointRangeLower.*expected a finite real number, got nan"),
    (dict(jointRangeLower=[0.] * 3, jointRangeUpper=[1., float('inf'), 1.]), ValueError,
     "jointRangeUpper.*expected a finite real number, got inf"),
    (dict(jointLimitTimeConstant=0.), ValueError, "jointLimitTimeConstant.*expected.*> 0.*got 0"),
    (dict(jointLimitTimeConstant=-0.02), ValueError, "jointLimitTimeConstant.*expected.*> 0"),
    (dict(jointLimitDampingRatio=-1.), ValueError, "jointLimitDampingRatio.*expected.*>= 0.*got -1"),
    (dict(jointRangeLower=[0.] * 3, jointRangeUpper=[1.] * 3, linkMasses=[2., 1.5, 0.],
          linkInertiasCOM=[np.eye(3) * 0.1, np.eye(3) * 0.1, np.zeros((3, 3))]), ValueError,
     "jointRangeLower.*positive definite mass matrix.*got a singular one"),
    (dict(jointRangeUpper=[1.] * 3, linkMasses=[2., 1.5, 0.],
          linkInertiasCOM=[np.eye(3) * 0.1, np.eye(3) * 0.1, np.zeros((3, 3))]), ValueError,
     "jointRangeUpper.*positive definite mass matrix.*got a singular one"),
]


@pytest.mark.parametrize("change, error, message", BAD_LIMITS)
def test_bad_limits_are_rejected_naming_the_parameter(workDir, change, error, message):
    mbs = NewSystem()
    before = mbs.NumberOfObjects()
    with pytest.raises(error, match="ObjectKinematicTree|KinematicTree") as info:
        AddChainTree(mbs, **change)
    assert info.match(message)
    assert mbs.NumberOfObjects() == before


def test_tree_beyond_the_kernel_size_with_limits(workDir):
    """Limits on a tree of more links than a kernel holds (64): the tree evaluates with its own
    algorithms (any size), the effective inertias are computed, and the lower ends hold the
    chain that gravity would fold down."""
    def FinalAngles(withLimits):
        mbs = NewSystem()
        n = 70
        node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                           initialCoordinates=[0.] * n, initialCoordinates_t=[0.] * n))
        limits = dict(jointRangeLower=[0.] * n) if withLimits else {}
        mbs.AddObject(ObjectKinematicTree(
            nodeNumber=node, jointTypes=[JT.RevoluteZ] * n, linkParents=list(range(-1, n - 1)),
            jointTransformations=[np.eye(3)] * n, jointOffsets=[[0.1, 0., 0.]] * n,
            linkInertiasCOM=[np.eye(3) * 1e-3] * n, linkCOMs=[[0.05, 0., 0.]] * n, linkMasses=[1.] * n,
            gravity=[0., -9.81, 0.], **limits))
        mbs.Assemble()
        settings = Settings(0.1, 100)
        settings.linearSolver.solverType = exu.LinearSolverType.EigenDense
        mbs.SolveDynamic(settings)
        return mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
    free, limited = FinalAngles(False), FinalAngles(True)
    assert free.min() < -0.1  # the free chain folds down
    # the limits hold it back (soft limits scaled by each joint's effective inertia 1/(M^-1)_ii, which
    # is small for the first joints of a long free chain: a penetration of 0.11 rad against 0.24)
    assert limited.min() > 0.5 * free.min()
