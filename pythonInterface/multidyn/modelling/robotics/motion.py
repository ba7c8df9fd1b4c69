"""Point-to-point trajectories of a set of coordinates (e.g. joint angles), Exudyn's
exudyn.robotics.motion: a Trajectory starts at initialCoordinates at initialTime and is extended by
profiles, each starting where the previous one ended:

- ProfileConstantAcceleration(finalCoordinates, duration): every coordinate accelerates for half the
  duration with a = 4 |s| / T^2 and decelerates for the other half (the time-optimal profile of a given
  duration with a bounded acceleration); velocities are zero at both ends.
- ProfilePTP(finalCoordinates, syncAccTimes=False, maxVelocities, maxAccelerations): trapezoidal
  velocity profiles under maximum velocities and accelerations (the profile's own or the Trajectory's,
  the smaller), the slowest coordinate setting the duration and the others synchronized to end with it.
- ProfileLinearAccelerationsList([(t0=0, a0), (t1, a1), ...]): accelerations linearly interpolated
  between the given relative times; positions and velocities follow by integration.

Trajectory.Evaluate(t) returns [s, v, a] (numpy arrays), EvaluateCoordinate(t, i) the scalars of
coordinate i; before the first and after the last profile the coordinates rest.

The profile objects Trajectory keeps are internal (_TrapezoidalSegment, _LinearAccelerationSegment)."""
import numpy as np


def _Coordinates(values, function, parameter):
    try:
        array = np.array(values, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        array = None
    if array is None or np.ndim(values) > 1 or not np.all(np.isfinite(array)):
        raise ValueError(f"{function}: parameter '{parameter}' must be a list of finite numbers; received {values!r}")
    return array


def _PositiveLimits(values, function, parameter):
    limits = _Coordinates(values, function, parameter)
    if np.any(limits <= 0.):
        raise ValueError(f"{function}: parameter '{parameter}' must hold numbers > 0 (or be empty); received {values!r}")
    return limits


def _Field(profile, key, names):
    if key not in names:
        raise KeyError(f"profile: unknown key {key!r}; the keys are {list(names)}")
    return getattr(profile, key)


class _TrapezoidalSegment:
    """per coordinate: accelerate with acceleration for accelerationTime, cruise at velocity, decelerate for
    accelerationTime, arriving at the final coordinates at finalTime"""

    def __init__(self, initialTime, duration, initialCoordinates, finalCoordinates, accelerationTimes, velocities,
                 accelerations):
        self.initialTime = float(initialTime)
        self.finalTime = self.initialTime + float(duration)
        self.coordinateSets = [np.array(initialCoordinates, dtype=float), np.array(finalCoordinates, dtype=float)]
        self.distances = self.coordinateSets[1] - self.coordinateSets[0]
        self.accelerationTimes = np.array(accelerationTimes, dtype=float)
        self.maxVelocities = np.array(velocities, dtype=float)
        self.maxAccelerations = np.array(accelerations, dtype=float)

    def GetInitialCoordinates(self):
        return self.coordinateSets[0]

    def GetFinalCoordinates(self):
        return self.coordinateSets[-1]

    def EvaluateCoordinate(self, time, coordinate):
        i = coordinate
        start = self.coordinateSets[0][i]
        direction = np.sign(self.distances[i])
        T = self.finalTime - self.initialTime
        ta, v, a = self.accelerationTimes[i], self.maxVelocities[i], self.maxAccelerations[i]
        t = time - self.initialTime
        if t < 0.:
            return [start, 0., 0.]
        if t > T:
            return [self.coordinateSets[1][i], 0., 0.]
        if t < ta:  # accelerating
            return [start + direction * 0.5 * a * t * t, direction * a * t, direction * a]
        if t < T - ta:  # cruising
            return [start + direction * (0.5 * a * ta * ta + v * (t - ta)), direction * v, 0.]
        remaining = T - t  # decelerating: mirror image of the acceleration, measured from the end of the cruise
        return [start + direction * (v * (T - ta) - 0.5 * a * remaining * remaining), direction * a * remaining,
                -direction * a]

    def __getitem__(self, key):
        """the profile's data by name, as Exudyn's profiles give them: 'initialTime', 'finalTime',
        'accelerationTimes', 'maxVelocities', 'maxAccelerations', 'coordinateSets', 'distances'"""
        return _Field(self, key, ('initialTime', 'finalTime', 'accelerationTimes', 'maxVelocities', 'maxAccelerations',
                                  'coordinateSets', 'distances'))

    def Evaluate(self, time):
        values = np.array([self.EvaluateCoordinate(time, i) for i in range(len(self.distances))]).reshape(-1, 3)
        return [values[:, 0], values[:, 1], values[:, 2]]

    def __repr__(self):
        return (f"profile(t = {self.initialTime} .. {self.finalTime}, from {self.coordinateSets[0].tolist()} to "
                f"{self.coordinateSets[1].tolist()})")


class _LinearAccelerationSegment:
    """accelerations linear in time between the points of accelerationList, velocities and positions integrated"""

    def __init__(self, initialTime, initialCoordinates, accelerationList):
        self.initialTime = float(initialTime)
        self.accelerationList = accelerationList
        self.times = np.array([float(t) for t, _ in accelerationList])
        self.accelerations = [np.array(acc, dtype=float) for _, acc in accelerationList]
        self.coordinateSets = [np.array(initialCoordinates, dtype=float)]
        self.coordinateSets_t = [np.zeros(len(initialCoordinates))]
        for k in range(len(self.times) - 1):  # exact integration of the linear acceleration over each interval
            s, v, _ = self._InInterval(k, self.times[k + 1] - self.times[k])
            self.coordinateSets.append(s)
            self.coordinateSets_t.append(v)
        self.finalTime = self.initialTime + self.times[-1]
        self.distances = self.coordinateSets[-1] - self.coordinateSets[0]

    def __getitem__(self, key):
        """the profile's data by name: 'initialTime', 'accelerationList', 'finalTime', 'coordinateSets',
        'coordinateSets_t', 'distances'"""
        return _Field(self, key, ('initialTime', 'accelerationList', 'finalTime', 'coordinateSets', 'coordinateSets_t',
                                  'distances'))

    def _InInterval(self, k, tau):
        dt = self.times[k + 1] - self.times[k]
        a0, slope = self.accelerations[k], (self.accelerations[k + 1] - self.accelerations[k]) / dt
        s0, v0 = self.coordinateSets[k], self.coordinateSets_t[k]
        return [s0 + v0 * tau + a0 * tau ** 2 / 2. + slope * tau ** 3 / 6., v0 + a0 * tau + slope * tau ** 2 / 2.,
                a0 + slope * tau]

    def GetInitialCoordinates(self):
        return self.coordinateSets[0]

    def GetFinalCoordinates(self):
        return self.coordinateSets[-1]

    def Evaluate(self, time):
        t = time - self.initialTime
        if t < 0.:
            return [self.coordinateSets[0], self.coordinateSets_t[0], self.accelerations[0]]
        if t > self.times[-1]:
            return [self.coordinateSets[-1], self.coordinateSets_t[-1], self.accelerations[-1]]
        k = min(int(np.searchsorted(self.times, t, side='left')) - 1, len(self.times) - 2)
        k = max(k, 0)
        return self._InInterval(k, t - self.times[k])

    def EvaluateCoordinate(self, time, coordinate):
        s, v, a = self.Evaluate(time)
        return [s[coordinate], v[coordinate], a[coordinate]]

    def __repr__(self):
        return f"profile(linear accelerations, t = {self.initialTime} .. {self.finalTime})"


class ProfileConstantAcceleration:
    """constant acceleration for the first and deceleration for the second half of duration"""

    def __init__(self, finalCoordinates, duration):
        function = 'ProfileConstantAcceleration'
        self.finalCoordinates = _Coordinates(finalCoordinates, function, 'finalCoordinates')
        if np.ndim(duration) != 0 or not np.isfinite(float(duration)) or float(duration) <= 0.:
            raise ValueError(f"{function}: parameter 'duration' must be a number > 0; received {duration!r}")
        self.duration = float(duration)

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities, globalMaxAccelerations):
        if len(initialCoordinates) != len(self.finalCoordinates):
            raise ValueError(f"ProfileConstantAcceleration: finalCoordinates has {len(self.finalCoordinates)} "
                             f"coordinates, the trajectory {len(initialCoordinates)}")
        distance = np.abs(self.finalCoordinates - initialCoordinates)
        half = 0.5 * self.duration
        acceleration = distance / half ** 2  # s/2 covered in T/2: s/2 = a (T/2)^2 / 2
        return _TrapezoidalSegment(initialTime, self.duration, initialCoordinates, self.finalCoordinates,
                                   [half] * len(distance), acceleration * half, acceleration)


class ProfilePTP:
    """trapezoidal velocity profiles limited by maxVelocities and maxAccelerations (per coordinate; empty: the
    Trajectory's), synchronized to the slowest coordinate; syncAccTimes=True (equal acceleration times) is not
    available, as in Exudyn"""

    def __init__(self, finalCoordinates, syncAccTimes=True, maxVelocities=[], maxAccelerations=[]):
        function = 'ProfilePTP'
        self.finalCoordinates = _Coordinates(finalCoordinates, function, 'finalCoordinates')
        self.maxVelocities = _PositiveLimits(maxVelocities, function, 'maxVelocities')
        self.maxAccelerations = _PositiveLimits(maxAccelerations, function, 'maxAccelerations')
        if syncAccTimes:
            raise NotImplementedError(f"{function}: syncAccTimes=True (equal acceleration times) is not available; "
                                      "give syncAccTimes=False")
        self.syncAccTimes = False

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities, globalMaxAccelerations):
        function = 'ProfilePTP'
        distance = np.abs(self.finalCoordinates - initialCoordinates)
        limits = [np.array(x, dtype=float) for x in (self.maxAccelerations, globalMaxAccelerations) if len(x)]
        if not limits:
            raise ValueError(f"{function}: maxAccelerations must be given, in ProfilePTP or in Trajectory")
        acceleration = np.minimum.reduce(limits) if len(limits) > 1 else limits[0]
        velocity = np.sqrt(acceleration * distance)  # the peak velocity of a pure accelerate-decelerate motion
        for limit in (globalMaxVelocities, self.maxVelocities):
            if len(limit):
                velocity = np.minimum(velocity, limit)
        moving = distance > 0.
        durations = np.where(moving, distance / np.where(moving, velocity, 1.) + velocity / acceleration, 0.)
        duration = float(np.max(durations))
        # each coordinate reaches its goal at the common duration T: cruise velocity v from
        # v^2 - a T v + a s = 0 (acceleration time v/a, distance v (T - v/a) = s), the smaller root
        discriminant = (acceleration * duration) ** 2 - 4. * acceleration * distance
        discriminant = np.where((discriminant < 0.) & (discriminant > -1e-10 * np.maximum(
            (acceleration * duration) ** 2, 1e-300)), 0., discriminant)  # round-off at the limiting coordinate
        if np.any(discriminant < 0.):
            raise ValueError(f"{function}: the coordinates cannot be synchronized with these limits")
        velocity = np.minimum(0.5 * (acceleration * duration - np.sqrt(discriminant)), velocity)
        return _TrapezoidalSegment(initialTime, duration, initialCoordinates, self.finalCoordinates,
                                   velocity / acceleration, velocity, acceleration)


class ProfileLinearAccelerationsList:
    """accelerations given at relative times [(0, a0), (t1, a1), ...], linearly interpolated"""

    def __init__(self, accelerationList):
        function = 'ProfileLinearAccelerationsList'
        if not isinstance(accelerationList, (list, tuple)) or len(accelerationList) < 2:
            raise ValueError(f"{function}: parameter 'accelerationList' must be a list of at least two tuples "
                             f"(relativeTime, accelerations); received {accelerationList!r}")
        times = []
        for k, entry in enumerate(accelerationList):
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise ValueError(f"{function}: parameter 'accelerationList': entry {k} must be a tuple "
                                 f"(relativeTime, accelerations); received {entry!r}")
            times.append(float(entry[0]))
            if len(entry[1]) != len(accelerationList[0][1]):
                raise ValueError(f"{function}: parameter 'accelerationList': every acceleration vector must have "
                                 f"{len(accelerationList[0][1])} components; entry {k} has {len(entry[1])}")
        if times[0] != 0.:
            raise ValueError(f"{function}: parameter 'accelerationList': the first time must be 0; received {times[0]}")
        if any(t1 <= t0 for t0, t1 in zip(times, times[1:])):
            raise ValueError(f"{function}: parameter 'accelerationList': the times must increase; received {times}")
        self.accelerationList = accelerationList

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities, globalMaxAccelerations):
        if len(self.accelerationList[0][1]) != len(initialCoordinates):
            raise ValueError(f"ProfileLinearAccelerationsList: the accelerations have {len(self.accelerationList[0][1])} "
                             f"components, the trajectory {len(initialCoordinates)} coordinates")
        return _LinearAccelerationSegment(initialTime, initialCoordinates, self.accelerationList)


class Trajectory:
    """a sequence of profiles from initialCoordinates at initialTime; maxVelocities and maxAccelerations are the
    limits ProfilePTP uses where it gives none"""

    def __init__(self, initialCoordinates, initialTime=0, maxVelocities=[], maxAccelerations=[]):
        function = 'Trajectory'
        self.initialCoordinates = _Coordinates(initialCoordinates, function, 'initialCoordinates')
        self.initialTime = float(initialTime)
        self.globalMaxVelocities = _PositiveLimits(maxVelocities, function, 'maxVelocities')
        self.globalMaxAccelerations = _PositiveLimits(maxAccelerations, function, 'maxAccelerations')
        self.profiles = []

    def GetFinalCoordinates(self):
        return self.profiles[-1].GetFinalCoordinates() if self.profiles else self.initialCoordinates

    def Add(self, profile):
        """append a profile (ProfileConstantAcceleration, ProfilePTP, ProfileLinearAccelerationsList)"""
        if not hasattr(profile, 'GetBasicProfile'):
            raise ValueError(f"Trajectory.Add: parameter 'profile' must be a profile such as "
                             f"ProfileConstantAcceleration; received {type(profile).__name__}")
        self.profiles.append(profile.GetBasicProfile(self.GetTimes()[-1], self.GetFinalCoordinates(),
                                                     self.globalMaxVelocities, self.globalMaxAccelerations))

    def GetTimes(self):
        """the start time and the end time of every profile"""
        return [self.initialTime] + [p.finalTime for p in self.profiles]

    def Initialize(self):
        """kept for Exudyn's API; the trajectory needs no initialization"""

    def _ProfileAt(self, t):
        """the profile that holds t (at a boundary: the one ending there), or None before/after all"""
        if not self.profiles:
            raise ValueError("Trajectory.Evaluate: the trajectory has no profiles; add one with Trajectory.Add")
        if t <= self.initialTime or t > self.profiles[-1].finalTime:
            return None
        for profile in self.profiles:
            if t <= profile.finalTime:
                return profile
        return None

    def Evaluate(self, t):
        """[s, v, a] of all coordinates at time t"""
        profile = self._ProfileAt(t)
        if profile is not None:
            return profile.Evaluate(t)
        resting = self.profiles[0].GetInitialCoordinates() if t <= self.initialTime else self.GetFinalCoordinates()
        return [resting, np.zeros(len(resting)), np.zeros(len(resting))]

    def EvaluateCoordinate(self, t, coordinate):
        """[s, v, a] of one coordinate at time t"""
        profile = self._ProfileAt(t)
        if profile is not None:
            return profile.EvaluateCoordinate(t, coordinate)
        resting = self.profiles[0].GetInitialCoordinates() if t <= self.initialTime else self.GetFinalCoordinates()
        return [resting[coordinate], 0., 0.]

    def __iter__(self):
        return iter(self.profiles)

    def __getitem__(self, key):
        return self.profiles[key]

    def __len__(self):
        return len(self.profiles)

    def __repr__(self):
        return str(self.profiles)
