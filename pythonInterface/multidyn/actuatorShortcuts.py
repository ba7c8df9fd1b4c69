"""MuJoCo's actuator shortcuts (motor, position, velocity, intvelocity, damper, cylinder).

Each shortcut takes MuJoCo's parameters and compiles to the general ObjectActuator exactly
as MuJoCo's compiler does (docs/theory/Actuator.md); ``mbs.AddObject(shortcut)`` adds that
ObjectActuator, so ``mbs.GetObject`` shows the general parameters. A ``dampratio`` becomes
kv = dampratio * 2 * sqrt(kp * m_eff) when the actuator is added, with the effective mass
(or inertia) m_eff of the transmission at the reference configuration.
"""
import math as _math

import numpy as _np

from . import rigidBodyUtilities as _rbu

# parameters every shortcut passes on to the general actuator unchanged
_commonParameters = ["name", "jointNumber", "markerNumbers", "nodeNumber", "ctrllimited", "ctrlrange", "forcelimited",
                     "forcerange", "gear", "control", "controlUserFunction", "actearly", "lengthrange"]
_unset = object()


def _ObjectActuator():
    from .itemInterface import ObjectActuator  # the generated class (itemInterface imports this module)
    return ObjectActuator


class ActuatorShortcut:
    """Base of the shortcut classes: MuJoCo's own parameters plus the common ones."""
    _ownParameters = {}  # name -> default (None: not given)
    _extraCommon = []    # further general parameters a shortcut accepts (intvelocity: actrange, actlimited)

    def __init__(self, **kwargs):
        className = type(self).__name__
        accepted = list(self._ownParameters) + _commonParameters + self._extraCommon
        self._own = dict(self._ownParameters)
        self._given = set()
        general = {}
        for key, value in kwargs.items():
            if key in self._ownParameters:
                if value is not None:
                    if isinstance(value, bool) or not isinstance(value, (int, float, _np.floating, _np.integer, list,
                                                                          tuple, _np.ndarray)):
                        raise TypeError(f"{className}: parameter '{key}': expected a real number, got {value!r}")
                    self._own[key] = value
                    self._given.add(key)
            elif key in accepted or key == "visualization" or key.startswith("V"):
                general[key] = value
            else:
                raise TypeError(f"{className}: unknown parameter '{key}'; the parameters are: {', '.join(accepted)}")
        self._general = general
        self._CheckOwn()
        # validates the common parameters now, with the same messages as ObjectActuator
        self._Compile(kvFromDampratio=0.)

    def _Real(self, key):
        value = self._own[key]
        className = type(self).__name__
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise TypeError(f"{className}: parameter '{key}': expected a real number, got {value!r}") from None
        if not _math.isfinite(value):
            raise ValueError(f"{className}: parameter '{key}': expected a finite real number, got {value!r}")
        return value

    def _NonNegative(self, key, message):
        if self._own[key] is not None and self._Real(key) < 0:
            raise ValueError(f"{type(self).__name__}: parameter '{key}' = {self._Real(key)!r}: {message}")

    def _CheckOwn(self):
        pass

    def _CheckServo(self):
        """MuJoCo's rules for position-like servos (position, intvelocity)."""
        className = type(self).__name__
        if "kv" in self._given and "dampratio" in self._given:
            raise ValueError(f"{className}: parameters 'kv' and 'dampratio': kv and dampratio cannot both be defined")
        self._NonNegative("kv", "kv cannot be negative")
        self._NonNegative("dampratio", "dampratio cannot be negative")
        self._NonNegative("inheritrange", "inheritrange cannot be negative")
        if self._Real("inheritrange") > 0:
            rangeName = "actrange" if "actrange" in self._extraCommon else "ctrlrange"
            if rangeName in self._general:
                raise ValueError(f"{className}: parameters '{rangeName}' and 'inheritrange': {rangeName} and "
                                 f"inheritrange cannot both be defined")
            raise ValueError(f"{className}: parameter 'inheritrange': the transmission has no range to inherit "
                             f"(multidyn's revolute joints and coordinate markers have no joint range); give "
                             f"{rangeName} instead")

    def _Mapping(self, kv):
        """(dyntype, dynprm, gaintype, gainprm, biastype, biasprm, extra general parameters)."""
        raise NotImplementedError

    def _Compile(self, kvFromDampratio):
        dyntype, dynprm, gaintype, gainprm, biastype, biasprm, extra = self._Mapping(kvFromDampratio)
        pad = lambda values: [float(v) for v in values] + [0.] * (10 - len(values))  # noqa: E731
        parameters = dict(self._general)
        parameters.update(extra)
        parameters.update(dyntype=dyntype, dynprm=pad(dynprm), gaintype=gaintype, gainprm=pad(gainprm),
                          biastype=biastype, biasprm=pad(biasprm))
        try:
            return _ObjectActuator()(**parameters)
        except (TypeError, ValueError) as error:
            raise type(error)(str(error).replace("ObjectActuator:", type(self).__name__ + ":", 1)) from None

    def _CompileFor(self, mbs):
        """The ObjectActuator this shortcut stands for in system mbs (dampratio resolved there)."""
        kv = 0.
        if self._own.get("dampratio") is not None and self._Real("dampratio") > 0:
            kv = self._Real("dampratio") * 2. * _math.sqrt(self._Real("kp") * _EffectiveMass(mbs, self))
        return self._Compile(kv)

    def _Kv(self, kvFromDampratio):
        return kvFromDampratio if "dampratio" in self._given else self._Real("kv")

    def __repr__(self):
        own = {k: v for k, v in self._own.items() if k in self._given}
        return f"{type(self).__name__}({dict(own, **self._general)!r})"


class ActuatorMotor(ActuatorShortcut):
    """MuJoCo's motor: force = gear * control (dyntype none, gain 1, no bias)."""
    _ownParameters = {}

    def _Mapping(self, kv):
        return "none", [1], "fixed", [1], "none", [0], {}


class ActuatorPosition(ActuatorShortcut):
    """MuJoCo's position servo: force = kp (u - l) - kv l_t; with timeconst > 0 the set-point is
    filtered (filterexact)."""
    _ownParameters = {"kp": 1., "kv": 0., "dampratio": None, "timeconst": 0., "inheritrange": 0.}

    def _CheckOwn(self):
        self._CheckServo()
        self._NonNegative("timeconst", "timeconst cannot be negative")

    def _Mapping(self, kv):
        kp, timeconst = self._Real("kp"), self._Real("timeconst")
        dyntype = "filterexact" if timeconst > 0 else "none"
        return dyntype, [timeconst if timeconst > 0 else 1], "fixed", [kp], "affine", [0, -kp, -self._Kv(kv)], {}


class ActuatorVelocity(ActuatorShortcut):
    """MuJoCo's velocity servo: force = kv (u - l_t)."""
    _ownParameters = {"kv": 1.}

    def _Mapping(self, kv):
        kv = self._Real("kv")
        return "none", [1], "fixed", [kv], "affine", [0, 0, -kv], {}


class ActuatorIntVelocity(ActuatorShortcut):
    """MuJoCo's intvelocity: the activation integrates the control (a_t = u) and is the
    set-point of a position servo: force = kp (a - l) - kv l_t."""
    _ownParameters = {"kp": 1., "kv": 0., "dampratio": None, "inheritrange": 0.}
    _extraCommon = ["actrange", "actlimited"]

    def _CheckOwn(self):
        self._CheckServo()

    def _Mapping(self, kv):
        kp = self._Real("kp")
        return "integrator", [1], "fixed", [kp], "affine", [0, -kp, -self._Kv(kv)], {}


class ActuatorDamper(ActuatorShortcut):
    """MuJoCo's damper: force = -kv l_t u, the control limited to a non-negative ctrlrange."""
    _ownParameters = {"kv": 0.}

    def _CheckOwn(self):
        self._NonNegative("kv", "damping coefficient cannot be negative")
        ctrlrange = self._general.get("ctrlrange", [0, 0])
        if min(_np.asarray(ctrlrange, dtype=float).ravel().tolist() or [0]) < 0:
            raise ValueError(f"ActuatorDamper: parameter 'ctrlrange' = {list(ctrlrange)}: damper control range "
                             f"cannot be negative")
        if self._general.get("ctrllimited", True) in (False, "false"):
            raise ValueError("ActuatorDamper: parameter 'ctrllimited': a damper's control is always limited")

    def _Mapping(self, kv):
        return "none", [1], "affine", [0, 0, -self._Real("kv")], "none", [0], {"ctrllimited": True}


class ActuatorCylinder(ActuatorShortcut):
    """MuJoCo's cylinder: the pressure (activation) follows the control with time constant
    timeconst (filter); force = area * pressure + bias[0] + bias[1] l + bias[2] l_t."""
    _ownParameters = {"timeconst": 1., "area": 1., "diameter": None, "bias": [0., 0., 0.]}

    def _CheckOwn(self):
        self._NonNegative("timeconst", "timeconst cannot be negative")
        if self._own["diameter"] is not None:
            self._NonNegative("diameter", "diameter cannot be negative")
        bias = _np.asarray(self._own["bias"], dtype=float)
        if bias.shape != (3,) or not _np.all(_np.isfinite(bias)):
            raise ValueError(f"ActuatorCylinder: parameter 'bias': expected 3 finite real numbers, got {self._own['bias']!r}")

    def _Mapping(self, kv):
        area = _math.pi / 4 * self._Real("diameter") ** 2 if self._own["diameter"] is not None else self._Real("area")
        return ("filter", [self._Real("timeconst")], "fixed", [area], "affine",
                [float(b) for b in self._own["bias"]], {})


shortcutClasses = [ActuatorMotor, ActuatorPosition, ActuatorVelocity, ActuatorIntVelocity, ActuatorDamper,
                   ActuatorCylinder]


# ---- effective mass of a transmission at the reference configuration (for dampratio) -----------

def _NodeFrame(mbs, nodeNumber):
    """(position, rotation matrix) of a node at its reference coordinates."""
    node = mbs.GetNode(nodeNumber)
    q = _np.asarray(node["referenceCoordinates"], dtype=float)
    nodeType = node["nodeType"]
    if nodeType == "RigidBody2D":
        return _np.array([q[0], q[1], 0.]), _rbu.RotationMatrixZ(q[2])
    if nodeType == "RigidBodyRxyz":
        return q[:3], _rbu.RotXYZ2RotationMatrix(q[3:6])
    if nodeType == "RigidBodyEP":
        return q[:3], _rbu.EulerParameters2RotationMatrix(q[3:7])
    if q.size >= 3:
        return q[:3], _np.eye(3)
    return _np.zeros(3), _np.eye(3)


def _BodyInertiaAboutAxis(mbs, bodyNumber, point, axis, what):
    """Inertia of a body about the global axis through `point` (reference configuration)."""
    body = mbs.GetObject(bodyNumber)
    bodyType = body["objectType"]
    if bodyType == "Ground":
        return 0.
    position, A = _NodeFrame(mbs, body["nodeNumber"])
    if bodyType == "RigidBody2D":
        m, J, b = body["physicsMass"], body["physicsInertia"], _np.array(list(body["physicsCenterOfMass"]) + [0.])
        com = position + A @ b
        d = (com - point)[:2]
        return J - m * float(b @ b) + m * float(d @ d)
    if bodyType == "RigidBody":
        m, b = body["mass"], _np.asarray(body["centerOfMass"], dtype=float)
        Jref = A @ _rbu.Inertia6D2InertiaTensor(body["inertia"]) @ A.T  # about the reference point, global axes
        c_r = A @ b
        c_p = position + c_r - point
        steiner = lambda c: m * (float(c @ c) * _np.eye(3) - _np.outer(c, c))  # noqa: E731
        return float(axis @ (Jref - steiner(c_r) + steiner(c_p)) @ axis)
    raise ValueError(f"{what}: dampratio needs the inertia of the driven body, but body {bodyNumber} is a "
                     f"{bodyType}; give kv instead")


def _CoordinateMass(mbs, markerNumber, what):
    """Diagonal entry of the mass matrix for a coordinate marker's coordinate."""
    marker = mbs.GetMarker(markerNumber)
    node, coordinate = marker["nodeNumber"], marker["coordinate"]
    for i in range(mbs.NumberOfObjects()):
        body = mbs.GetObject(i)
        if body.get("nodeNumber") != node:
            continue
        if body["objectType"] == "MassPoint":
            return body["physicsMass"]
        if body["objectType"] == "RigidBody2D":
            return body["physicsMass"] if coordinate < 2 else body["physicsInertia"]
        if body["objectType"] == "RigidBody" and coordinate < 3:
            return body["mass"]
    if mbs.GetNode(node)["nodeType"] == "PointGround":
        return 0.
    raise ValueError(f"{what}: dampratio needs the mass of coordinate {coordinate} of node {node}, which is not known "
                     f"for this node; give kv instead")


def _EffectiveMass(mbs, shortcut):
    """MuJoCo's reflected mass sum_j M0_jj / moment_j^2 of the transmission at the reference
    configuration: for a joint the inertia of the body on its side 1 about the joint axis, for
    coordinate markers the mass-matrix entries of both coordinates; divided by gear[0]^2."""
    what = f"{type(shortcut).__name__}: parameter 'dampratio'"
    general = shortcut._general
    gear = float(_np.asarray(general.get("gear", [1, 0, 0, 0, 0, 0]), dtype=float)[0])
    if gear == 0:
        raise ValueError(f"{what}: gear[0] = 0 gives no transmission to damp")
    joint = general.get("jointNumber", -1)
    if joint is not None and int(joint) >= 0:
        jointDict = mbs.GetObject(joint)
        marker1 = mbs.GetMarker(jointDict["markerNumbers"][1])
        if "bodyNumber" not in marker1:
            raise ValueError(f"{what}: the joint's marker 1 is not on a body; give kv instead")
        position, A = _NodeFrame(mbs, mbs.GetObject(marker1["bodyNumber"])["nodeNumber"])
        point = position + A @ _np.asarray(marker1.get("localPosition", [0, 0, 0]), dtype=float)
        rotation1 = _np.asarray(jointDict.get("rotationMarker1", _np.eye(3)), dtype=float)
        if marker1["markerType"] == "BodyRigid":
            rotation1 = _np.asarray(marker1.get("localRotationMatrix", _np.eye(3)), dtype=float) @ rotation1
        axis = (A @ rotation1)[:, 2] if jointDict["objectType"] == "JointRevoluteZ" else _np.array([0., 0., 1.])
        mass = _BodyInertiaAboutAxis(mbs, marker1["bodyNumber"], point, axis, what)
    else:
        mass = sum(_CoordinateMass(mbs, m, what) for m in general["markerNumbers"])
    if not mass > 0:
        raise ValueError(f"{what}: the transmission's effective mass at the reference configuration is {mass}; "
                         f"dampratio needs a positive one")
    return mass / gear ** 2
