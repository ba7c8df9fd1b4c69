"""multidyn.robotics.motion: the profiles against their closed forms and against numerical
integration (v is the derivative of s, a of v), the limits of ProfilePTP, the sequence of profiles
in a Trajectory, and bad input."""
import numpy as np
import pytest

from multidyn.robotics.motion import (ProfileConstantAcceleration, ProfileLinearAccelerationsList, ProfilePTP,
                                      Trajectory)


def Samples(trajectory, t0, t1, n=4001):
    times = np.linspace(t0, t1, n)
    values = np.array([np.array(trajectory.Evaluate(t)) for t in times])  # (n, 3, coordinates)
    return times, values[:, 0], values[:, 1], values[:, 2]


def CheckDerivatives(times, s, v, a, kinks):
    """v = ds/dt and a = dv/dt by the trapezoidal rule between the samples, which is exact for piecewise linear
    v (piecewise constant a) and piecewise quadratic v (linear a) except in the few intervals holding a kink
    (where a jumps): those may be off by dt^2 |a| in s and dt |a| in v"""
    dt = np.diff(times)[:, None]
    aMax = np.max(np.abs(a)) + 1e-300
    for error, bound in ((np.diff(s, axis=0) - 0.5 * dt * (v[1:] + v[:-1]), dt ** 2 * aMax),
                         (np.diff(v, axis=0) - 0.5 * dt * (a[1:] + a[:-1]), dt * aMax)):
        worst = np.max(np.abs(error), axis=1)
        assert np.all(worst <= bound[:, 0])
        assert np.count_nonzero(worst > 1e-9 * np.max(np.abs(s))) <= kinks


def test_constantAccelerationProfileIsTwoParabolas():
    q0, q1, T = np.array([0.5, -1., 2.]), np.array([1.5, 1., 2.]), 0.8
    trajectory = Trajectory(q0, initialTime=0.3)
    trajectory.Add(ProfileConstantAcceleration(q1, T))
    d = q1 - q0
    for tau in (0., 0.1, 0.4, 0.55, 0.8):
        s, v, a = trajectory.Evaluate(0.3 + tau)
        if tau <= T / 2:  # s = q0 + (2 d / T^2) tau^2 until the middle
            expected = q0 + 2 * d / T ** 2 * tau ** 2, 4 * d / T ** 2 * tau, 4 * d / T ** 2
        else:
            expected = q1 - 2 * d / T ** 2 * (T - tau) ** 2, 4 * d / T ** 2 * (T - tau), -4 * d / T ** 2
        assert np.allclose(s, expected[0], atol=1e-14) and np.allclose(v, expected[1], atol=1e-14)
    s, v, a = trajectory.Evaluate(0.3 + T / 2)
    assert np.allclose(s, 0.5 * (q0 + q1), atol=1e-14) and np.allclose(v, 2 * d / T, atol=1e-14)  # peak velocity
    times, s, v, a = Samples(trajectory, 0.2, 1.2)
    CheckDerivatives(times, s, v, a, kinks=3)
    assert np.allclose(s[-1], q1) and np.allclose(v[-1], 0.) and np.allclose(s[0], q0)  # at rest outside


def test_ptpProfileRespectsItsLimitsAndSynchronizes():
    q0, q1 = np.array([0., 0., 1.]), np.array([2., -0.5, 1.])
    vMax, aMax = np.array([1., 2., 1.]), np.array([4., 4., 4.])
    trajectory = Trajectory(q0, maxAccelerations=[10., 3., 10.])
    trajectory.Add(ProfilePTP(q1, syncAccTimes=False, maxVelocities=vMax, maxAccelerations=aMax))
    # coordinate 0 is the slowest: trapezoid with v = 1, a = 4: T = s/v + v/a = 2 + 0.25
    assert trajectory.GetTimes() == pytest.approx([0., 2.25], rel=1e-14)
    times, s, v, a = Samples(trajectory, -0.1, 2.5)
    CheckDerivatives(times, s, v, a, kinks=12)
    assert np.all(np.abs(v) <= vMax + 1e-12) and np.all(np.abs(a) <= np.minimum(aMax, [10., 3., 10.]) + 1e-12)
    assert np.allclose(s[-1], q1, atol=1e-13) and np.allclose(v[-1], 0.)
    assert np.allclose(trajectory.Evaluate(2.25)[0], q1, atol=1e-13)  # every coordinate arrives at the end
    with pytest.raises(NotImplementedError, match="ProfilePTP: syncAccTimes=True"):
        ProfilePTP(q1)


def test_linearAccelerationsAreIntegrated():
    trajectory = Trajectory([1., -1.], initialTime=0.5)
    trajectory.Add(ProfileLinearAccelerationsList([(0., [0., 2.]), (0.4, [3., 2.]), (1., [-1., 0.])]))
    times, s, v, a = Samples(trajectory, 0.5, 1.5)
    CheckDerivatives(times, s, v, a, kinks=2)
    assert np.allclose(trajectory.Evaluate(0.7)[2], [1.5, 2.], atol=1e-14)  # linear between the points
    # v(1 s) = area under a: 0.4*1.5 + 0.6*1 = 1.2 and 0.4*2 + 0.6*1 = 1.4
    assert np.allclose(trajectory.Evaluate(1.5)[1], [1.2, 1.4], atol=1e-14)


def test_trajectoryChainsProfiles():
    q0, q1, q2 = [0, 0], [1, 2], [-1, 0]
    trajectory = Trajectory(q0)
    trajectory.Add(ProfileConstantAcceleration(q1, 0.5))
    trajectory.Add(ProfileConstantAcceleration(q2, 1.))
    trajectory.Add(ProfileConstantAcceleration(q2, 1e6))  # resting at q2
    assert trajectory.GetTimes() == [0., 0.5, 1.5, 1e6 + 1.5]
    assert len(trajectory) == 3 and np.allclose(trajectory[1].GetFinalCoordinates(), q2)
    assert trajectory[1]['finalTime'] == 1.5 and np.allclose(trajectory[1]['distances'], [-2, -2])
    assert np.allclose(trajectory.Evaluate(0.5)[0], q1) and np.allclose(trajectory.GetFinalCoordinates(), q2)
    for t in (-1., 0.2, 0.5, 0.9, 1.5, 3., 2e6):
        s, v, a = trajectory.Evaluate(t)
        for i in range(2):
            assert trajectory.EvaluateCoordinate(t, i) == pytest.approx([s[i], v[i], a[i]], abs=1e-15)
    times, s, v, a = Samples(trajectory, -0.2, 2.)
    CheckDerivatives(times, s, v, a, kinks=6)


def test_badInputOfTrajectories():
    with pytest.raises(ValueError, match=r"ProfileConstantAcceleration: parameter 'duration' must be a number > 0"):
        ProfileConstantAcceleration([1, 2], 0.)
    with pytest.raises(ValueError, match=r"Trajectory: parameter 'maxVelocities' must hold numbers > 0"):
        Trajectory([0, 0], maxVelocities=[1, -1])
    with pytest.raises(ValueError, match=r"ProfileConstantAcceleration: finalCoordinates has 3 coordinates, "
                                         r"the trajectory 2"):
        Trajectory([0, 0]).Add(ProfileConstantAcceleration([1, 2, 3], 1.))
    with pytest.raises(ValueError, match=r"ProfilePTP: maxAccelerations must be given"):
        Trajectory([0, 0]).Add(ProfilePTP([1, 1], syncAccTimes=False))
    with pytest.raises(ValueError, match=r"ProfileLinearAccelerationsList: parameter 'accelerationList': the first "
                                         r"time must be 0"):
        ProfileLinearAccelerationsList([(0.1, [0.]), (1., [1.])])
    with pytest.raises(ValueError, match=r"Trajectory.Evaluate: the trajectory has no profiles"):
        Trajectory([0, 0]).Evaluate(0.5)
    with pytest.raises(ValueError, match=r"Trajectory.Add: parameter 'profile' must be a profile"):
        Trajectory([0, 0]).Add([1, 1])
