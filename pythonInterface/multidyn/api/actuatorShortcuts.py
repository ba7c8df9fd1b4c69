"""MuJoCo's actuator shortcuts (motor, position, velocity, intvelocity, damper, cylinder).

Each shortcut takes MuJoCo's parameters and compiles to the general ObjectActuator exactly
as MuJoCo's compiler does (docs/theory/Actuator.md); ``mbs.AddObject(shortcut)`` adds that
ObjectActuator, so ``mbs.GetObject`` shows the general parameters. A ``dampratio`` is stored
as MuJoCo's compiler stores it, as a positive biasprm[2] of a position-like actuator
(gainprm[0] = -biasprm[1]); ``mbs.Assemble()`` turns it into -kv (ResolveDampratios).
"""
import math as _math

import numpy as _np


# parameters every shortcut passes on to the general actuator unchanged
_commonParameters = ["name", "jointNumber", "markerNumbers", "nodeNumber", "ctrllimited", "ctrlrange", "forcelimited",
                     "forcerange", "gear", "control", "controlUserFunction", "actearly", "lengthrange"]


def _ObjectActuator():
    from multidyn.api.itemInterface import ObjectActuator  # the generated class (itemInterface imports this module)
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
        self._Compile()

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

    def _Mapping(self):
        """(dyntype, dynprm, gaintype, gainprm, biastype, biasprm, extra general parameters)."""
        raise NotImplementedError

    def _Compile(self):
        dyntype, dynprm, gaintype, gainprm, biastype, biasprm, extra = self._Mapping()
        if len(biasprm) > 2 and biasprm[2] == 0:
            biasprm[2] = 0.  # kv = 0 is stored as +0, never as a dampratio of -0
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
        """The ObjectActuator this shortcut stands for (mbs.AddObject calls it with its system)."""
        return self._Compile()

    def _Kv(self):
        """-biasprm[2]: kv, or -dampratio (stored positive until mbs.Assemble() resolves it)."""
        return -self._Real("dampratio") if "dampratio" in self._given else self._Real("kv")

    def __repr__(self):
        own = {k: v for k, v in self._own.items() if k in self._given}
        return f"{type(self).__name__}({dict(own, **self._general)!r})"


class ActuatorMotor(ActuatorShortcut):
    """MuJoCo's motor: force = gear * control (dyntype none, gain 1, no bias)."""
    _ownParameters = {}

    def _Mapping(self):
        return "none", [1], "fixed", [1], "none", [0], {}


class ActuatorPosition(ActuatorShortcut):
    """MuJoCo's position servo: force = kp (u - l) - kv l_t; with timeconst > 0 the set-point is
    filtered (filterexact)."""
    _ownParameters = {"kp": 1., "kv": 0., "dampratio": None, "timeconst": 0., "inheritrange": 0.}

    def _CheckOwn(self):
        self._CheckServo()
        self._NonNegative("timeconst", "timeconst cannot be negative")

    def _Mapping(self):
        kp, timeconst = self._Real("kp"), self._Real("timeconst")
        dyntype = "filterexact" if timeconst > 0 else "none"
        return dyntype, [timeconst if timeconst > 0 else 1], "fixed", [kp], "affine", [0, -kp, -self._Kv()], {}


class ActuatorVelocity(ActuatorShortcut):
    """MuJoCo's velocity servo: force = kv (u - l_t)."""
    _ownParameters = {"kv": 1.}

    def _Mapping(self):
        kv = self._Real("kv")
        return "none", [1], "fixed", [kv], "affine", [0, 0, -kv], {}


class ActuatorIntVelocity(ActuatorShortcut):
    """MuJoCo's intvelocity: the activation integrates the control (a_t = u) and is the
    set-point of a position servo: force = kp (a - l) - kv l_t."""
    _ownParameters = {"kp": 1., "kv": 0., "dampratio": None, "inheritrange": 0.}
    _extraCommon = ["actrange", "actlimited"]

    def _CheckOwn(self):
        self._CheckServo()

    def _Mapping(self):
        kp = self._Real("kp")
        return "integrator", [1], "fixed", [kp], "affine", [0, -kp, -self._Kv()], {}


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

    def _Mapping(self):
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

    def _Mapping(self):
        area = _math.pi / 4 * self._Real("diameter") ** 2 if self._own["diameter"] is not None else self._Real("area")
        return ("filter", [self._Real("timeconst")], "fixed", [area], "affine",
                [float(b) for b in self._own["bias"]], {})


shortcutClasses = [ActuatorMotor, ActuatorPosition, ActuatorVelocity, ActuatorIntVelocity, ActuatorDamper,
                   ActuatorCylinder]


# ---- dampratio -> kv when the system is assembled (MuJoCo's mj_setConst) ---------------------------

def _TransmissionMass(mbs, item, what):
    """MuJoCo's 1 / (J M^-1 J^T) at qpos0 for an actuator's transmission, divided by gear[0]^2: the
    inertia its coordinate feels at the reference configuration with every joint acting
    (computed by the C++ core from the assembled system)."""
    gear = float(item["gear"][0])
    if gear == 0:
        raise ValueError(f"{what}: gear[0] = 0 gives no transmission to damp")
    joint = item["jointNumber"]
    markers = item["markerNumbers"]
    try:
        mass = mbs._TransmissionInertia(int(joint), int(markers[0]), int(markers[1]))
    except ValueError as error:
        raise ValueError(f"{what}: {error}; give kv instead") from None
    return mass / gear ** 2


def ResolveDampratios(mbs):
    """After mbs.Assemble(): every position-like actuator (affine bias, gainprm[0] = -biasprm[1])
    with a positive biasprm[2] holds a dampratio; it becomes biasprm[2] = -kv (a run-time
    parameter: the system stays assembled)."""
    for i in mbs._ItemsOfClass(1, "ObjectActuator"):  # cheaper than every item's dict
        item = mbs.GetObject(i)
        if item["biastype"] != "affine":
            continue
        biasprm, kp = list(item["biasprm"]), item["gainprm"][0]
        if not (biasprm[2] > 0 and kp == -biasprm[1]):
            continue
        what = f"{mbs._ItemDescription(1, i)}: dampratio (biasprm[2] > 0 of a position-like actuator)"
        try:
            biasprm[2] = -biasprm[2] * 2. * _math.sqrt(kp * _TransmissionMass(mbs, item, what))
        except ValueError:
            # a system with an unresolved dampratio must not be solved: setting a structural
            # parameter (to its value) leaves it out of date, so solving assembles and fails again
            mbs.SetObjectParameter(i, "dyntype", item["dyntype"])
            raise
        mbs.SetObjectParameter(i, "biasprm", biasprm)
