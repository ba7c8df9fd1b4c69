"""Single-rigid-body (centroidal) dynamics of legged robots, as trajectory optimisers use it.

* `SingleRigidBodyDynamics(mass, inertia, eeCount)`: the robot as one rigid body with feet
  (end-effectors) that push with point forces; `SetCurrent(...)` then `GetDynamicViolation()`
  (6 values: angular, then linear) and the Jacobians `GetJacobianWrt...` (scipy.sparse, 6 x n).
* `EulerConverter(euler, eulerDot, eulerDDot, jacEuler, jacEulerDot, jacEulerDDot)`: Euler ZYX
  angles (roll, pitch, yaw) of the base at one instant, their rates and the 3 x n Jacobians of
  the three with respect to the optimisation variables.
* `DynamicViolationAlongTrajectory(mbs, model, ...)`: the violation along a solved multidyn
  simulation, from stored sensor data: is the simulated motion consistent with the foot forces?

Every quantity is in world coordinates; gravity g = 9.80665 m/s^2 acts along -z. Theory:
docs/theory/CentroidalDynamics.md; user guide: docs/centroidal/README.md.
"""
import math as _math

import numpy as _np
import scipy.sparse as _sparse

from multidyn import _multidyn

__all__ = ['SingleRigidBodyDynamics', 'EulerConverter', 'DynamicViolationAlongTrajectory']

_compiled = _multidyn.centroidal


# ---------------------------------------------------------------------------------------------
# argument checks: each names the function, the argument and what was expected
# ---------------------------------------------------------------------------------------------

def _FloatArray(value, where, name, expected):
    if isinstance(value, (str, bytes)) or _sparse.issparse(value):
        raise TypeError(f"{where}: {name}: expected {expected}, got {type(value).__name__}")
    try:
        array = _np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{where}: {name}: expected {expected} (numbers), got {value!r}") from None
    return array


def _CheckFinite(array, where, name, expected):
    if not _np.all(_np.isfinite(array)):
        raise ValueError(f"{where}: {name}: expected {expected} with finite values, got {array.tolist()}")
    return array


def _Vector3(value, where, name):
    array = _FloatArray(value, where, name, "3 numbers")
    if array.shape != (3,):
        raise ValueError(f"{where}: {name}: expected 3 numbers (shape (3,)), got shape {array.shape}")
    return _CheckFinite(array, where, name, "3 numbers")


def _Matrix3(value, where, name):
    array = _FloatArray(value, where, name, "a 3 x 3 matrix")
    if array.shape == (9,):
        array = array.reshape(3, 3)     # Exudyn's sensors store rotation matrices as 9 values, row by row
    if array.shape != (3, 3):
        raise ValueError(f"{where}: {name}: expected a 3 x 3 matrix, got shape {array.shape}")
    return _CheckFinite(array, where, name, "a 3 x 3 matrix")


def _RotationMatrix(value, where, name, tolerance=1e-6):
    R = _Matrix3(value, where, name)
    error = _np.abs(R.T @ R - _np.eye(3)).max()
    determinant = _np.linalg.det(R)
    if error > tolerance or determinant < 0.:
        raise ValueError(f"{where}: {name}: expected a rotation matrix (orthonormal to {tolerance:g}, det = +1); "
                         f"max |R^T R - I| = {error:.3g}, det = {determinant:.6g}")
    return R


def _FootVectors(value, count, where, name):
    """A list (or count x 3 array) of per-foot 3-vectors."""
    if isinstance(value, _np.ndarray) and value.ndim == 2:
        value = list(value)
    if isinstance(value, (str, bytes)) or not hasattr(value, '__len__'):
        raise TypeError(f"{where}: {name}: expected a list of {count} 3-vectors (one per foot), got "
                        f"{type(value).__name__}")
    if len(value) != count:
        raise ValueError(f"{where}: {name}: expected {count} 3-vectors (one per foot, eeCount = {count}), got "
                         f"{len(value)}")
    return [_Vector3(v, where, f"{name}[{e}]") for e, v in enumerate(value)]


def _Jacobian3(value, where, name, columns=None):
    """A 3 x n Jacobian as scipy.sparse.csr_matrix (from any scipy.sparse matrix or a 2-D array)."""
    if _sparse.issparse(value):
        matrix = _sparse.csr_matrix(value, dtype=float)
    else:
        array = _FloatArray(value, where, name, "a 3 x n Jacobian (scipy.sparse or 2-D array)")
        if array.ndim != 2:
            raise ValueError(f"{where}: {name}: expected a 3 x n Jacobian, got an array of shape {array.shape}")
        matrix = _sparse.csr_matrix(array)
    if matrix.shape[0] != 3:
        raise ValueError(f"{where}: {name}: expected a 3 x n Jacobian, got shape {matrix.shape}")
    if columns is not None and matrix.shape[1] != columns:
        raise ValueError(f"{where}: {name}: expected {columns} columns (as the other Jacobians), got shape "
                         f"{matrix.shape}")
    _CheckFinite(matrix.data, where, name, "a 3 x n Jacobian")
    return matrix


def _Time(t, where):
    if isinstance(t, bool) or not isinstance(t, (int, float, _np.integer, _np.floating)) or not _math.isfinite(t):
        raise ValueError(f"{where}: t: expected a finite time [s], got {t!r}")
    return float(t)


def _Prefixed(where, function, *arguments):
    """Calls the compiled function; its ValueError (argument names only) gets `where` in front."""
    try:
        return function(*arguments)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def _EndEffector(ee, count, where):
    if isinstance(ee, bool) or not isinstance(ee, (int, _np.integer)):
        raise TypeError(f"{where}: ee: expected an end-effector index (int), got {ee!r}")
    if not 0 <= int(ee) < count:
        raise IndexError(f"{where}: ee: expected an end-effector index in [0, {count}), got {int(ee)}")
    return int(ee)


# ---------------------------------------------------------------------------------------------
# EulerConverter
# ---------------------------------------------------------------------------------------------

class EulerConverter:
    """Euler ZYX angles (roll, pitch, yaw) [rad] of the base at one instant.

    w_R_b = Rz(yaw) Ry(pitch) Rx(roll); omega_W = M(euler) eulerDot. jacEuler, jacEulerDot and
    jacEulerDDot are the 3 x n Jacobians of the angles and their first and second time
    derivatives with respect to the n optimisation variables (scipy.sparse or 2-D arrays).
    time [s] is optional; when given, every method that takes t checks it is this time.
    """

    def __init__(self, euler, eulerDot, eulerDDot, jacEuler, jacEulerDot, jacEulerDDot, time=None):
        where = "EulerConverter"
        euler = _Vector3(euler, where, "euler")
        eulerDot = _Vector3(eulerDot, where, "eulerDot")
        eulerDDot = _Vector3(eulerDDot, where, "eulerDDot")
        jacEuler = _Jacobian3(jacEuler, where, "jacEuler")
        n = jacEuler.shape[1]
        jacEulerDot = _Jacobian3(jacEulerDot, where, "jacEulerDot", n)
        jacEulerDDot = _Jacobian3(jacEulerDDot, where, "jacEulerDDot", n)
        self._time = None if time is None else _Time(time, where)
        self._impl = _compiled.EulerConverter(euler, eulerDot, eulerDDot, jacEuler, jacEulerDot, jacEulerDDot,
                                              _math.nan if time is None else self._time)

    def _Check(self, t, method):
        if t is not None:
            _Prefixed(f"EulerConverter.{method}", self._impl.CheckTime, _Time(t, f"EulerConverter.{method}"))

    @property
    def time(self):
        """The instant [s] this converter holds, or None."""
        return self._time

    def GetVariableCount(self):
        """n, the number of optimisation variables (columns of the Jacobians)."""
        return self._impl.GetVariableCount()

    def GetRotationMatrixBaseToWorld(self, t=None):
        """w_R_b (3 x 3)."""
        self._Check(t, "GetRotationMatrixBaseToWorld")
        return self._impl.GetRotationMatrixBaseToWorld()

    def GetAngularVelocityInWorld(self, t=None):
        """omega_W [rad/s]."""
        self._Check(t, "GetAngularVelocityInWorld")
        return self._impl.GetAngularVelocityInWorld()

    def GetAngularAccelerationInWorld(self, t=None):
        """omegaDot_W [rad/s^2]."""
        self._Check(t, "GetAngularAccelerationInWorld")
        return self._impl.GetAngularAccelerationInWorld()

    def GetDerivOfAngVelWrtEulerNodes(self, t=None):
        """d omega_W / du, scipy.sparse 3 x n."""
        self._Check(t, "GetDerivOfAngVelWrtEulerNodes")
        return self._impl.GetDerivOfAngVelWrtEulerNodes()

    def GetDerivOfAngAccWrtEulerNodes(self, t=None):
        """d omegaDot_W / du, scipy.sparse 3 x n."""
        self._Check(t, "GetDerivOfAngAccWrtEulerNodes")
        return self._impl.GetDerivOfAngAccWrtEulerNodes()

    def DerivOfRotVecMult(self, v, inverse=False, t=None):
        """d(w_R_b v)/du, or d(w_R_b^T v)/du if inverse, for a fixed vector v; scipy.sparse 3 x n."""
        self._Check(t, "DerivOfRotVecMult")
        return self._impl.DerivOfRotVecMult(_Vector3(v, "EulerConverter.DerivOfRotVecMult", "v"), bool(inverse))

    def __repr__(self):
        return (f"EulerConverter(euler={self._impl.GetEuler().tolist()}, n={self.GetVariableCount()}, "
                f"time={self._time})")


# ---------------------------------------------------------------------------------------------
# SingleRigidBodyDynamics
# ---------------------------------------------------------------------------------------------

class SingleRigidBodyDynamics:
    """The robot as one rigid body of mass [kg] with eeCount feet.

    inertia [kg*m^2] is about the centre of mass in base axes: a symmetric 3 x 3 array, or the
    six scalars (Ixx, Iyy, Izz, Ixy, Ixz, Iyz) whose products of inertia enter the tensor
    negated, [[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]] (towr's convention).
    """

    def __init__(self, mass, inertia, eeCount):
        where = "SingleRigidBodyDynamics"
        if isinstance(mass, bool) or not isinstance(mass, (int, float, _np.integer, _np.floating)) \
                or not _math.isfinite(mass) or mass <= 0:
            raise ValueError(f"{where}: mass: expected a finite number > 0 [kg], got {mass!r}")
        if isinstance(eeCount, bool) or not isinstance(eeCount, (int, _np.integer)) or eeCount < 0:
            raise ValueError(f"{where}: eeCount: expected an integer >= 0 (number of feet), got {eeCount!r}")
        array = _FloatArray(inertia, where, "inertia", "a 3 x 3 array or the six scalars Ixx, Iyy, Izz, Ixy, Ixz, Iyz")
        if array.shape == (6,):
            _CheckFinite(array, where, "inertia", "six scalars")
            tensor = _compiled.SingleRigidBodyDynamics.BuildInertiaTensor(*array)
        elif array.shape == (3, 3):
            tensor = _CheckFinite(array, where, "inertia", "a 3 x 3 array")
            if _np.abs(tensor - tensor.T).max() > 1e-12 * max(1., _np.abs(tensor).max()):
                raise ValueError(f"{where}: inertia: expected a symmetric 3 x 3 tensor, got {tensor.tolist()}")
        else:
            raise ValueError(f"{where}: inertia: expected a 3 x 3 array or the six scalars Ixx, Iyy, Izz, Ixy, "
                             f"Ixz, Iyz, got shape {array.shape}")
        self._impl = _compiled.SingleRigidBodyDynamics(float(mass), tensor, int(eeCount))

    def m(self):
        """Mass [kg]."""
        return self._impl.m()

    def g(self):
        """Gravity [m/s^2], positive; it acts along -z."""
        return self._impl.g()

    def GetEECount(self):
        """Number of end-effectors (feet)."""
        return self._impl.GetEECount()

    def GetInertiaInBase(self):
        """I_b, the 3 x 3 inertia tensor about the CoM in base axes [kg*m^2]."""
        return self._impl.GetInertiaInBase()

    def GetInertiaInWorld(self):
        """I_W = w_R_b I_b w_R_b^T at the current orientation [kg*m^2]."""
        return self._impl.GetInertiaInWorld()

    def SetCurrent(self, com_W, com_acc_W, w_R_b, omega_W, omega_dot_W, force_W, pos_W):
        """Sets the state and input at one instant, all in world coordinates.

        com_W [m], com_acc_W [m/s^2]: CoM position and acceleration; w_R_b: base-to-world
        rotation (3 x 3, or 9 values row by row); omega_W [rad/s], omega_dot_W [rad/s^2];
        force_W [N], pos_W [m]: lists of one 3-vector per foot (or eeCount x 3 arrays).
        """
        where = "SingleRigidBodyDynamics.SetCurrent"
        count = self.GetEECount()
        arguments = (_Vector3(com_W, where, "com_W"), _Vector3(com_acc_W, where, "com_acc_W"),
                     _RotationMatrix(w_R_b, where, "w_R_b"), _Vector3(omega_W, where, "omega_W"),
                     _Vector3(omega_dot_W, where, "omega_dot_W"), _FootVectors(force_W, count, where, "force_W"),
                     _FootVectors(pos_W, count, where, "pos_W"))
        self._impl.SetCurrent(*arguments)

    def GetDynamicViolation(self):
        """g = (g_ang, g_lin) [N*m, N]: I_W omegaDot + omega x I_W omega - sum (p_e - c) x f_e and
        m cDDot - sum f_e + (0, 0, m g); numpy array of 6."""
        return self._impl.GetDynamicViolation()

    def GetJacobianWrtBaseLin(self, jac_base_lin_pos, jac_base_lin_acc):
        """d g/du from the 3 x n Jacobians of the CoM position and acceleration; scipy.sparse 6 x n."""
        where = "SingleRigidBodyDynamics.GetJacobianWrtBaseLin"
        position = _Jacobian3(jac_base_lin_pos, where, "jac_base_lin_pos")
        acceleration = _Jacobian3(jac_base_lin_acc, where, "jac_base_lin_acc", position.shape[1])
        return self._impl.GetJacobianWrtBaseLin(position, acceleration)

    def GetJacobianWrtBaseAng(self, base_angular, t):
        """d g/du for the variables of the base's Euler angles (an EulerConverter at time t);
        scipy.sparse 6 x n, linear rows zero."""
        where = "SingleRigidBodyDynamics.GetJacobianWrtBaseAng"
        if not isinstance(base_angular, EulerConverter):
            raise TypeError(f"{where}: base_angular: expected a multidyn.centroidal.EulerConverter, got "
                            f"{type(base_angular).__name__}")
        return _Prefixed(where, self._impl.GetJacobianWrtBaseAng, base_angular._impl, _Time(t, where))

    def GetJacobianWrtForce(self, ee_force, ee):
        """d g/du from the 3 x n Jacobian of the force of foot ee; scipy.sparse 6 x n."""
        where = "SingleRigidBodyDynamics.GetJacobianWrtForce"
        ee = _EndEffector(ee, self.GetEECount(), where)
        return self._impl.GetJacobianWrtForce(_Jacobian3(ee_force, where, "ee_force"), ee)

    def GetJacobianWrtEEPos(self, ee_pos, ee):
        """d g/du from the 3 x n Jacobian of the position of foot ee; scipy.sparse 6 x n."""
        where = "SingleRigidBodyDynamics.GetJacobianWrtEEPos"
        ee = _EndEffector(ee, self.GetEECount(), where)
        return self._impl.GetJacobianWrtEEPos(_Jacobian3(ee_pos, where, "ee_pos"), ee)

    def __repr__(self):
        return f"SingleRigidBodyDynamics(mass={self.m()}, eeCount={self.GetEECount()})"


# ---------------------------------------------------------------------------------------------
# the bridge to simulations: the violation along a solved system's stored sensor data
# ---------------------------------------------------------------------------------------------

_BRIDGE = "DynamicViolationAlongTrajectory"


def _SensorNumber(mbs, sensor, name):
    if isinstance(sensor, bool) or not isinstance(sensor, (int, _np.integer)):
        raise TypeError(f"{_BRIDGE}: {name}: expected a sensor number, got {sensor!r}")
    if not 0 <= int(sensor) < mbs.NumberOfSensors():
        raise IndexError(f"{_BRIDGE}: {name}: sensor number {int(sensor)} does not exist; the system has "
                         f"{mbs.NumberOfSensors()} sensors")
    return int(sensor)


def _PointOfSensor(mbs, sensor, name, variables):
    """(node number, point in body axes relative to the node) of a SensorNode/SensorBody that reads
    one of `variables`."""
    d = mbs.GetSensor(sensor)
    if d['sensorType'] not in ('Node', 'Body') or d['outputVariableType'] not in variables:
        raise ValueError(f"{_BRIDGE}: {name}: expected a SensorNode or SensorBody reading "
                         f"{' or '.join(variables)}, got sensor {sensor} ({d['sensorType']}, "
                         f"{d['outputVariableType']})")
    if d['sensorType'] == 'Node':
        return d['nodeNumber'], _np.zeros(3)
    body = mbs.GetObject(d['bodyNumber'])
    if 'nodeNumber' not in body:
        raise ValueError(f"{_BRIDGE}: {name}: sensor {sensor} reads object {d['bodyNumber']} "
                         f"({body.get('objectType')}), which is not a body on one node")
    return body['nodeNumber'], _np.asarray(d['localPosition'], dtype=float)


def _Stored(mbs, sensor, name, columns):
    data = _np.asarray(mbs.GetSensorStoredData(sensor), dtype=float)
    if data.ndim != 2 or data.shape[1] != 1 + columns:
        raise ValueError(f"{_BRIDGE}: {name}: sensor {sensor} stores rows of {data.shape[-1] - 1} values, expected "
                         f"time and {columns}")
    return data


def _NodeOfMarker(mbs, marker):
    """(node number, the marker's point in body axes, the marker's axes in body axes) or None if the
    marker is not on a body with one node."""
    d = mbs.GetMarker(marker)
    axes = _np.asarray(d.get('localRotationMatrix', _np.eye(3)), dtype=float).reshape(3, 3)
    if 'nodeNumber' in d:
        return d['nodeNumber'], _np.zeros(3), axes
    if 'bodyNumber' in d:
        body = mbs.GetObject(d['bodyNumber'])
        if 'nodeNumber' in body:
            return body['nodeNumber'], _np.asarray(d.get('localPosition', [0., 0., 0.]), dtype=float), axes
    return None


def _TimeDerivative(values, time, order):
    """d^order values / dt^order (order 1 or 2) at every stored time, from the Lagrange polynomial
    through the sample and its neighbours: 3 points inside, one-sided 3 (order 1) or 4 (order 2)
    points at the ends; error O(h^2) for uniform steps h."""
    count = len(time)
    endPoints = 2 + order
    result = _np.empty_like(values)
    for i in range(count):
        if 0 < i < count - 1:
            stencil = _np.arange(i - 1, i + 2)
        elif i == 0:
            stencil = _np.arange(0, endPoints)
        else:
            stencil = _np.arange(count - endPoints, count)
        # weights w with sum_k w_k (t_k - t_i)^j = d^order/dt^order (t - t_i)^j at t_i, j = 0..len-1
        offsets = time[stencil] - time[i]
        powers = _np.vander(offsets, increasing=True).T
        rightHandSide = _np.zeros(len(stencil))
        rightHandSide[order] = _math.factorial(order)
        result[i] = _np.linalg.solve(powers, rightHandSide) @ values[stencil]
    return result


def DynamicViolationAlongTrajectory(mbs, model, positionSensor, rotationMatrixSensor, angularVelocitySensor,
                                    footForceSensors, footPositionSensors=None, accelerationSensor=None,
                                    angularAccelerationSensor=None):
    """The dynamic violation of `model` along a solved system, from sensors stored internally
    (storeInternal=True) at the same times.

    The base body is the rigid body whose centre of mass positionSensor reads (a SensorNode of
    its node if the body's centerOfMass is zero, else a SensorBody with localPosition =
    centerOfMass). Sensors, all of the base unless said otherwise:

    * positionSensor: Position of the CoM [m]; rotationMatrixSensor: RotationMatrix;
      angularVelocitySensor: AngularVelocity (world axes) [rad/s].
    * footForceSensors: one per foot (model.GetEECount()): a SensorLoad of a LoadForceVector (a
      bodyFixed load must act on the base; it is turned into world axes), or a sensor whose
      outputVariableType is Force in world axes (e.g. of a contact).
    * footPositionSensors: one Position sensor per foot [m]; None: each foot is the point of its
      load's marker on the base (c + R (markerPoint - comPoint)).
    * accelerationSensor (Acceleration of the CoM) and angularAccelerationSensor
      (AngularAcceleration, world axes): None differentiates the stored position twice and the
      angular velocity once (local Lagrange polynomials, error O(h^2) with h the
      sensorsWritePeriod, also at the two ends). The solver's accelerations satisfy its equations
      of motion to the Newton tolerance, differences only to O(h^2): prefer sensors.

    Gravity is the model's, (0, 0, -model.g()): the simulation must apply the same gravity
    (e.g. mbs.CreateRigidBody(gravity=[0, 0, -model.g()])) and no other load than the feet's.

    Returns a numpy array with one row per stored time: time, g_ang (3, [N*m]), g_lin (3, [N]).
    """
    if not isinstance(model, SingleRigidBodyDynamics):
        raise TypeError(f"{_BRIDGE}: model: expected a multidyn.centroidal.SingleRigidBodyDynamics, got "
                        f"{type(model).__name__}")
    count = model.GetEECount()

    def SensorList(sensors, name):
        if isinstance(sensors, (str, bytes)) or not hasattr(sensors, '__len__'):
            raise TypeError(f"{_BRIDGE}: {name}: expected a list of sensor numbers, one per foot, got {sensors!r}")
        if len(sensors) != count:
            raise ValueError(f"{_BRIDGE}: {name}: expected {count} sensors (one per foot, model eeCount), got "
                             f"{len(sensors)}")
        return [_SensorNumber(mbs, s, f"{name}[{e}]") for e, s in enumerate(sensors)]

    positionSensor = _SensorNumber(mbs, positionSensor, "positionSensor")
    baseNode, comPoint = _PointOfSensor(mbs, positionSensor, "positionSensor", ("Position",))
    for number in range(mbs.NumberOfObjects()):
        body = mbs.GetObject(number)
        if body.get('nodeNumber') == baseNode and 'centerOfMass' in body:
            if _np.abs(_np.asarray(body['centerOfMass'], dtype=float) - comPoint).max() > 1e-12:
                raise ValueError(f"{_BRIDGE}: positionSensor: sensor {positionSensor} reads point {comPoint.tolist()} "
                                 f"of body {number}, but its centerOfMass is {body['centerOfMass']}; use a "
                                 f"SensorBody with localPosition = centerOfMass")

    def BaseSensor(sensor, name, variable, samePoint=False):
        sensor = _SensorNumber(mbs, sensor, name)
        node, point = _PointOfSensor(mbs, sensor, name, (variable,))
        if node != baseNode or (samePoint and _np.abs(point - comPoint).max() > 1e-12):
            raise ValueError(f"{_BRIDGE}: {name}: sensor {sensor} reads node {node} at {point.tolist()}, expected the "
                             f"base (node {baseNode}){' at the CoM ' + str(comPoint.tolist()) if samePoint else ''}")
        return sensor

    rotationMatrixSensor = BaseSensor(rotationMatrixSensor, "rotationMatrixSensor", "RotationMatrix")
    angularVelocitySensor = BaseSensor(angularVelocitySensor, "angularVelocitySensor", "AngularVelocity")

    position = _Stored(mbs, positionSensor, "positionSensor", 3)
    time = position[:, 0]
    if len(time) < 4:
        raise ValueError(f"{_BRIDGE}: positionSensor: expected at least 4 stored times, got {len(time)}")
    if _np.any(_np.diff(time) <= 0.):
        raise ValueError(f"{_BRIDGE}: positionSensor: expected increasing stored times")

    def Columns(sensor, name, columns):
        data = _Stored(mbs, sensor, name, columns)
        if data.shape[0] != len(time) or _np.abs(data[:, 0] - time).max() > 1e-12 * max(1., _np.abs(time).max()):
            raise ValueError(f"{_BRIDGE}: {name}: sensor {sensor} stored other times than positionSensor; give all "
                             f"sensors the same sensorsWritePeriod")
        return data[:, 1:]

    com = position[:, 1:]
    rotation = Columns(rotationMatrixSensor, "rotationMatrixSensor", 9).reshape(-1, 3, 3)
    omega = Columns(angularVelocitySensor, "angularVelocitySensor", 3)
    if accelerationSensor is None:
        comAcc = _TimeDerivative(com, time, 2)
    else:
        sensor = BaseSensor(accelerationSensor, "accelerationSensor", "Acceleration", samePoint=True)
        comAcc = Columns(sensor, "accelerationSensor", 3)
    if angularAccelerationSensor is None:
        omegaDot = _TimeDerivative(omega, time, 1)
    else:
        sensor = BaseSensor(angularAccelerationSensor, "angularAccelerationSensor", "AngularAcceleration")
        omegaDot = Columns(sensor, "angularAccelerationSensor", 3)

    forces, feet = [], []
    for e, sensor in enumerate(SensorList(footForceSensors, "footForceSensors")):
        name = f"footForceSensors[{e}]"
        d = mbs.GetSensor(sensor)
        values = Columns(sensor, name, 3)
        footOnBase = None
        if d['sensorType'] == 'Load':
            load = mbs.GetLoad(d['loadNumber'])
            if load['loadType'] != 'ForceVector':
                raise ValueError(f"{_BRIDGE}: {name}: sensor {sensor} reads load {d['loadNumber']} of type "
                                 f"{load['loadType']}; expected a LoadForceVector (point force of a foot)")
            marker = _NodeOfMarker(mbs, load['markerNumber'])
            if marker is not None and marker[0] == baseNode:
                footOnBase = marker[1]
            if load['bodyFixed']:     # the stored vector is in marker axes: turn it into world axes
                if footOnBase is None:
                    raise ValueError(f"{_BRIDGE}: {name}: load {d['loadNumber']} is bodyFixed on another body than "
                                     f"the base; give a sensor of the force in world axes")
                values = _np.einsum('nij,jk,nk->ni', rotation, marker[2], values)
        elif d['outputVariableType'] != 'Force':
            raise ValueError(f"{_BRIDGE}: {name}: expected a SensorLoad or a sensor reading Force, got sensor "
                             f"{sensor} ({d['sensorType']}, {d['outputVariableType']})")
        forces.append(values)
        feet.append(footOnBase)

    if footPositionSensors is None:
        positions = []
        for e, footPoint in enumerate(feet):
            if footPoint is None:
                raise ValueError(f"{_BRIDGE}: footPositionSensors: foot {e}'s force does not act at a marker on the "
                                 f"base, so its point is unknown; give footPositionSensors")
            positions.append(com + _np.einsum('nij,j->ni', rotation, footPoint - comPoint))
    else:
        positions = []
        for e, sensor in enumerate(SensorList(footPositionSensors, "footPositionSensors")):
            name = f"footPositionSensors[{e}]"
            if mbs.GetSensor(sensor)['outputVariableType'] != 'Position':
                raise ValueError(f"{_BRIDGE}: {name}: expected a sensor reading Position, got sensor {sensor} "
                                 f"({mbs.GetSensor(sensor)['outputVariableType']})")
            positions.append(Columns(sensor, name, 3))

    result = _np.empty((len(time), 7))
    result[:, 0] = time
    for i in range(len(time)):
        try:
            model.SetCurrent(com[i], comAcc[i], rotation[i], omega[i], omegaDot[i], [f[i] for f in forces],
                             [p[i] for p in positions])
        except ValueError as error:
            raise ValueError(f"{_BRIDGE}: stored data at t = {time[i]:g}: {error}") from None
        result[i, 1:] = model.GetDynamicViolation()
    return result
