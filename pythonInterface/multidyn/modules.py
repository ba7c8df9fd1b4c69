"""Control modules in the manner of Basilisk's SysModel: parameters, input links that read
joint states, and outputs that drive actuators.

A module is memoryless: it is evaluated inside the actuators it drives, with every evaluation
of the equations of motion, so its exact Jacobian enters Newton. ``mbs.AddModule(module)``
puts a module into the dynamics; links and parameters are checked there (the module's Reset)
and again by ``mbs.Assemble()``, before any step. Messages:

- ``JointStateMessage(mbs, joint)``: a revolute joint's angle [rad] (Basilisk's stateOutMsg),
- ``JointStateDotMessage(mbs, joint)``: its rate [rad/s] (stateDotOutMsg),
- a module output (e.g. ``damper.phiTorqueOutMsg``) is linked to an ActuatorMotor's control.
"""
import math as _math

import numpy as _np

from . import itemInterface as _items
from .indices import LoadIndex, MarkerIndex, NodeIndex, SensorIndex

_revoluteJointTypes = ("JointRevoluteZ", "JointRevolute2D")


class JointStateMessage:
    """The angle of a revolute joint object (its coordinate q, rad)."""
    rate = False

    def __init__(self, mbs, joint):
        self.mbs, self.joint = mbs, int(joint)

    def __repr__(self):
        return f"{type(self).__name__}(joint={self.joint})"


class JointStateDotMessage(JointStateMessage):
    """The rate of a revolute joint object (q_t, rad/s)."""
    rate = True


class ReadLink:
    """An input link (Basilisk's ReadFunctor): subscribeTo(message), isLinked()."""

    def __init__(self, module, name, rate):
        self._module, self._name, self._rate, self.message = module, name, rate, None

    def subscribeTo(self, message):
        where = f"{self._module._Name()}.{self._name}"
        if not isinstance(message, JointStateMessage):
            raise TypeError(f"{where}: expected a JointStateMessage or JointStateDotMessage, got {message!r}")
        if message.rate != self._rate:
            expected = "JointStateDotMessage (a joint rate)" if self._rate else "JointStateMessage (a joint angle)"
            raise TypeError(f"{where}: expected a {expected}, got {message!r}")
        self.message = message
        self._module._LinkChanged()

    def isLinked(self):
        return self.message is not None


class WriteLink:
    """An output message: the actuator whose control it is (set by applyTo)."""

    def __init__(self, module, name):
        self._module, self._name, self.actuator = module, name, None


class Module:
    """Base of the modules: ModelTag, links, parameters; AddModule compiles it into the system."""
    _typeName = ""
    _inputs = []     # (link name, reads a rate)
    _outputs = []    # output link names, in the module's output order
    _parameters = {}  # name -> default

    def __init__(self):
        object.__setattr__(self, "_values", dict(self._parameters))
        object.__setattr__(self, "ModelTag", "")
        object.__setattr__(self, "_mbs", None)
        object.__setattr__(self, "_objectNumber", None)
        for name, rate in self._inputs:
            object.__setattr__(self, name, ReadLink(self, name, rate))
        for name in self._outputs:
            object.__setattr__(self, name, WriteLink(self, name))

    def _Name(self):
        return type(self).__name__ + (f" '{self.ModelTag}'" if self.ModelTag else "")

    def __getattr__(self, key):
        values = object.__getattribute__(self, "_values")
        if key in values:
            return values[key]
        raise AttributeError(f"{type(self).__name__} has no attribute '{key}'")

    def __setattr__(self, key, value):
        if key in self._parameters:
            if self._objectNumber is not None:  # already in a system: the item checks and takes it
                self._mbs.SetObjectParameter(self._objectNumber, key, value)
            self._values[key] = value
            return
        if key == "ModelTag":
            if not isinstance(value, str):
                raise TypeError(f"{type(self).__name__}.ModelTag: expected a str, got {value!r}")
            object.__setattr__(self, key, value)
            return
        raise AttributeError(f"{type(self).__name__} has no parameter '{key}'; the parameters are: "
                             f"{', '.join(['ModelTag'] + list(self._parameters))}")

    def Reset(self):
        """Validates links and parameters (raises naming the module and the link or parameter)."""
        for name, _ in self._inputs:
            if not getattr(self, name).isLinked():
                raise ValueError(f"{self._Name()}: {type(self).__name__}.{name} is not linked.")
        self._CheckParameters()

    def _CheckParameters(self):
        pass

    def _ItemDict(self):
        item = {"objectType": self._typeName, "name": self.ModelTag}
        for name, _ in self._inputs:
            item[name] = getattr(self, name).message.joint
        item.update(self._values)
        return item

    def _LinkChanged(self):
        if self._objectNumber is not None:
            raise RuntimeError(f"{self._Name()}: the links of a module cannot change after mbs.AddModule")

    def _AddTo(self, mbs):
        if self._mbs is not None:
            raise ValueError(f"{self._Name()}: the module was already added to a system")
        self.Reset()
        for name, _ in self._inputs:
            if getattr(self, name).message.mbs is not mbs:
                raise ValueError(f"{self._Name()}: {type(self).__name__}.{name} is linked to a joint of another system")
        objectNumber = mbs.AddObject(self._ItemDict())
        object.__setattr__(self, "_mbs", mbs)
        object.__setattr__(self, "_objectNumber", objectNumber)
        for output, name in enumerate(self._outputs):
            actuator = getattr(self, name).actuator
            if actuator is not None:
                mbs.SetObjectParameter(actuator, "controlModule", int(objectNumber))
                mbs.SetObjectParameter(actuator, "controlModuleOutput", output)
        return objectNumber


class TwoHingeDamper(Module):
    """Damping of a spherical pendulum built from two hinges (Basilisk's twoHingeDamper):
    phiTorqueOutMsg = -c cos^2(theta) phi_t, thetaTorqueOutMsg = -c theta_t, with the
    dampingCoeff c = d L^2 (Cartesian damping d at the bob times the squared length)."""
    _typeName = "ModuleTwoHingeDamper"
    _inputs = [("thetaInMsg", False), ("phiDotInMsg", True), ("thetaDotInMsg", True)]
    _outputs = ["phiTorqueOutMsg", "thetaTorqueOutMsg"]
    _parameters = {"dampingCoeff": 0.}

    def _CheckParameters(self):
        c = self.dampingCoeff
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not _math.isfinite(c) or c < 0:
            raise ValueError(f"{self._Name()}: dampingCoeff must be finite and nonnegative, got {c!r}")

    def applyTo(self, mbs, phiJoint, thetaJoint):
        """Links the damper to the outer hinge phiJoint and the inner hinge thetaJoint of mbs and
        adds an ActuatorMotor on each; returns (phiActuator, thetaActuator). Everything is
        checked before anything is added."""
        joints = {}
        for role, joint in (("phiJoint", phiJoint), ("thetaJoint", thetaJoint)):
            if (isinstance(joint, bool) or not isinstance(joint, (int, _np.integer))
                    or isinstance(joint, (NodeIndex, MarkerIndex, LoadIndex, SensorIndex))):
                raise TypeError(f"{self._Name()}.applyTo: {role} must be a revolute joint object number "
                                f"(ObjectIndex), got {joint!r}")
            if not 0 <= joint < mbs.NumberOfObjects():
                raise ValueError(f"{self._Name()}.applyTo: {role} = {joint} is not an object of this system; both "
                                 f"joints must belong to the same system")
            item = mbs.GetObject(joint)
            if item["objectType"] not in _revoluteJointTypes:
                raise ValueError(f"{self._Name()}.applyTo: {role} must be a hinge (revolute) joint "
                                 f"(ObjectJointRevoluteZ, ObjectJointRevolute2D); object {joint} is a "
                                 f"{item['objectType']}")
            joints[role] = (int(joint), item.get("name", ""))
        if joints["phiJoint"][0] == joints["thetaJoint"][0]:
            raise ValueError(f"{self._Name()}.applyTo: phiJoint and thetaJoint must be distinct hinge joints, got "
                             f"object {phiJoint} twice")
        if self._mbs is not None or any(getattr(self, name).actuator is not None for name in self._outputs):
            raise ValueError(f"{self._Name()}.applyTo: the damper is already applied")
        tag = self.ModelTag or "twoHingeDamper"
        actuators = []
        motors = [_items.ActuatorMotor(jointNumber=joints[role][0],
                                       name=f"{tag}_{joints[role][1] or 'joint' + str(joints[role][0])}")
                  for role in ("phiJoint", "thetaJoint")]
        for motor in motors:
            actuators.append(mbs.AddObject(motor))
        self.thetaInMsg.subscribeTo(JointStateMessage(mbs, joints["thetaJoint"][0]))
        self.phiDotInMsg.subscribeTo(JointStateDotMessage(mbs, joints["phiJoint"][0]))
        self.thetaDotInMsg.subscribeTo(JointStateDotMessage(mbs, joints["thetaJoint"][0]))
        self.phiTorqueOutMsg.actuator, self.thetaTorqueOutMsg.actuator = actuators
        return tuple(actuators)
