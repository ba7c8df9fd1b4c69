"""Control modules in the manner of Basilisk's SysModel: parameters, input links that read
joint states, and outputs that drive actuators.

A module is memoryless: it is evaluated inside the actuators it drives, with every evaluation
of the equations of motion, so its exact Jacobian enters Newton. ``mbs.AddModule(module)``
puts a module into the dynamics; links and parameters are checked there (the module's Reset)
and again by ``mbs.Assemble()``, before any step. Messages:

- ``JointStateMessage(mbs, joint)``: a revolute joint's angle [rad] (Basilisk's stateOutMsg),
- ``JointStateDotMessage(mbs, joint)``: its rate [rad/s] (stateDotOutMsg),
- a module output (e.g. ``damper.phiTorqueOutMsg``) is linked to an ActuatorMotor's control
  (``module.<output>.linkTo(actuator)``, or the module's applyTo).

Modules written in Python derive from ``PythonModule`` (docs/theory/ModulePython.md).
"""
import math as _math

import numpy as _np

from multidyn.api import itemInterface as _items
from multidyn.api.indices import LoadIndex, MarkerIndex, NodeIndex, SensorIndex
from multidyn.api.userFunctionErrors import UserFrameFirst

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
    """An input link (Basilisk's ReadFunctor): subscribeTo(message), isLinked(), and in a
    PythonModule's UpdateState read(), the value of this evaluation."""

    def __init__(self, module, name, rate):
        self._module, self._name, self._rate, self.message = module, name, rate, None
        self._value = None

    def read(self):
        """The joint angle [rad] or rate [rad/s] of this evaluation (inside UpdateState only)."""
        if self._value is None:
            raise RuntimeError(f"{self._module._Name()}.{self._name}.read(): inputs are read inside UpdateState only "
                               f"(the module is evaluated with the equations of motion)")
        return self._value

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
    """An output message: the actuators whose control it is (linkTo), and in a PythonModule's
    UpdateState write(value)."""

    def __init__(self, module, name):
        self._module, self._name, self.actuators, self._value = module, name, [], None

    def linkTo(self, actuator):
        """Makes this output the control of the Actuator object `actuator` (an ActuatorMotor, or
        any Actuator whose control the module gives). Checked by mbs.AddModule, or at once if the
        module is already added."""
        where = f"{self._module._Name()}.{self._name}.linkTo"
        if (isinstance(actuator, bool) or not isinstance(actuator, (int, _np.integer))
                or isinstance(actuator, (NodeIndex, MarkerIndex, LoadIndex, SensorIndex))):
            raise TypeError(f"{where}: expected an Actuator object number (ObjectIndex), got {actuator!r}")
        if int(actuator) in self.actuators:
            raise ValueError(f"{where}: actuator {int(actuator)} is already linked to this output")
        module = self._module
        if module._mbs is not None:
            module._CheckActuator(module._mbs, int(actuator), self._name)
            module._mbs.SetObjectParameter(int(actuator), "controlModule", int(module._objectNumber))
            module._mbs.SetObjectParameter(int(actuator), "controlModuleOutput", module._outputs.index(self._name))
        self.actuators.append(int(actuator))

    def write(self, value):
        """Sets this output for the current evaluation (inside UpdateState only): a finite real number."""
        module = self._module
        where = f"{module._Name()}.{self._name}.write"
        if not getattr(module, "_updating", False):
            raise RuntimeError(f"{where}: outputs are written inside UpdateState only")
        if isinstance(value, (bool, _np.bool_)) or not isinstance(value, (int, float, _np.integer, _np.floating)) \
                and not (isinstance(value, _np.ndarray) and value.shape == () and value.dtype.kind in "iuf"):
            raise TypeError(f"{where}: expected a real number, got {value!r}")
        value = float(value)
        if not _math.isfinite(value):
            raise ValueError(f"{where}: expected a finite number, got {value}")
        self._value = value


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
        self._CheckLinks()
        self._CheckParameters()

    def _CheckLinks(self):
        for name, _ in self._inputs:
            if not getattr(self, name).isLinked():
                raise ValueError(f"{self._Name()}: {type(self).__name__}.{name} is not linked.")

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

    def _ValidateBeforeAdding(self):
        self.Reset()

    def _AddTo(self, mbs):
        if self._mbs is not None:
            raise ValueError(f"{self._Name()}: the module was already added to a system")
        self._ValidateBeforeAdding()
        for name, _ in self._inputs:
            if getattr(self, name).message.mbs is not mbs:
                raise ValueError(f"{self._Name()}: {type(self).__name__}.{name} is linked to a joint of another system")
        for name in self._outputs:
            for actuator in getattr(self, name).actuators:
                self._CheckActuator(mbs, actuator, name)
        objectNumber = mbs.AddObject(self._ItemDict())
        object.__setattr__(self, "_mbs", mbs)
        object.__setattr__(self, "_objectNumber", objectNumber)
        for output, name in enumerate(self._outputs):
            for actuator in getattr(self, name).actuators:
                mbs.SetObjectParameter(actuator, "controlModule", int(objectNumber))
                mbs.SetObjectParameter(actuator, "controlModuleOutput", output)
        return objectNumber

    def _CheckActuator(self, mbs, actuator, output):
        """An Actuator object of mbs that takes its control from nowhere else."""
        where = f"{self._Name()}.{output}.linkTo"
        if not 0 <= actuator < mbs.NumberOfObjects():
            raise ValueError(f"{where}: {actuator} is not an object of the module's system")
        item = mbs.GetObject(actuator)
        if item["objectType"] != "Actuator":
            raise ValueError(f"{where}: object {actuator} is a {item['objectType']}; expected an Actuator "
                             f"(e.g. ActuatorMotor)")
        if item.get("controlUserFunction", 0) != 0:
            raise ValueError(f"{where}: actuator {actuator} has a controlUserFunction; an actuator takes its control "
                             f"from one source")
        current = item.get("controlModule", -1)
        if current not in (-1, None) and int(current) != (-1 if self._objectNumber is None else int(self._objectNumber)):
            raise ValueError(f"{where}: actuator {actuator} already takes its control from module object {current}")


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
        if self._mbs is not None or any(getattr(self, name).actuators for name in self._outputs):
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
        self.phiTorqueOutMsg.linkTo(actuators[0])
        self.thetaTorqueOutMsg.linkTo(actuators[1])
        return tuple(actuators)


class PythonModule(Module):
    """Base of control modules written in Python. A subclass declares its messages and
    parameters as class attributes and implements UpdateState (and optionally Reset)::

        class PDServo(multidyn.modules.PythonModule):
            inputMessages = {"angleInMsg": multidyn.modules.JointStateMessage,
                             "rateInMsg": multidyn.modules.JointStateDotMessage}
            outputMessages = ["torqueOutMsg"]
            parameters = {"kp": 0., "kd": 0.}

            def Reset(self):                # validation; raising stops AddModule/Assemble
                if self.kp < 0: raise ValueError(f"kp must be >= 0, got {self.kp}")

            def UpdateState(self, t):       # memoryless: outputs from t, inputs and parameters
                self.torqueOutMsg.write(-self.kp * self.angleInMsg.read() - self.kd * self.rateInMsg.read())

    ``module.angleInMsg.subscribeTo(JointStateMessage(mbs, joint))`` links an input,
    ``module.torqueOutMsg.linkTo(actuator)`` makes an output the control of an Actuator, and
    ``mbs.AddModule(module)`` puts the module into the dynamics (item ModulePython).

    UpdateState runs once per evaluation of the equations of motion (the outputs are cached per
    time, input values and parameter revision, so the actuators of one module share one call),
    plus two calls per input whenever Newton's Jacobian is formed (central differences of the
    outputs in the inputs). Every output must be written in every call. An exception in
    UpdateState or Reset becomes a multidyn UserFunctionError naming the module and the function;
    a solve then stops, keeping the accepted steps."""
    _typeName = "ModulePython"
    inputMessages = {}   # link name -> JointStateMessage (an angle) or JointStateDotMessage (a rate)
    outputMessages = []  # output message names, in output order
    parameters = {}      # name -> default value

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        where = f"{cls.__name__} (a multidyn.modules.PythonModule)"
        if not isinstance(cls.inputMessages, dict):
            raise TypeError(f"{where}: inputMessages must be a dict {{link name: JointStateMessage or "
                            f"JointStateDotMessage}}, got {cls.inputMessages!r}")
        if isinstance(cls.outputMessages, str) or not isinstance(cls.outputMessages, (list, tuple)):
            raise TypeError(f"{where}: outputMessages must be a list of names, got {cls.outputMessages!r}")
        if not isinstance(cls.parameters, dict):
            raise TypeError(f"{where}: parameters must be a dict {{name: default}}, got {cls.parameters!r}")
        inputs = []
        for name, kind in cls.inputMessages.items():
            if kind is not JointStateMessage and kind is not JointStateDotMessage:
                raise TypeError(f"{where}: input {name!r} must be declared as JointStateMessage (an angle) or "
                                f"JointStateDotMessage (a rate), got {kind!r}")
            inputs.append((name, kind is JointStateDotMessage))
        names = [name for name, _ in inputs] + list(cls.outputMessages) + list(cls.parameters)
        reserved = {"ModelTag", "Reset", "UpdateState", "inputMessages", "outputMessages", "parameters"}
        for name in names:
            if not isinstance(name, str) or not name.isidentifier() or name.startswith("_") or name in reserved:
                raise TypeError(f"{where}: {name!r} cannot name a message or parameter (a Python identifier not "
                                f"starting with '_', other than {', '.join(sorted(reserved))})")
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise TypeError(f"{where}: the names {duplicates} are declared twice")
        if len(inputs) > _maxInputs:
            raise TypeError(f"{where}: a module reads at most {_maxInputs} joint states, got {len(inputs)}")
        cls._inputs, cls._outputs, cls._parameters = inputs, list(cls.outputMessages), dict(cls.parameters)

    def __init__(self):
        if type(self) is PythonModule:
            raise TypeError("multidyn.modules.PythonModule is a base class: derive a module from it")
        super().__init__()
        object.__setattr__(self, "_updating", False)
        object.__setattr__(self, "_revision", 0)

    def __setattr__(self, key, value):
        if key.startswith("_") and key not in self._parameters:  # private helpers of the subclass
            object.__setattr__(self, key, value)
            return
        if key in self._parameters:
            if self._updating:
                raise RuntimeError(f"{self._Name()}.UpdateState cannot set the parameter '{key}': a module is "
                                   f"memoryless (its outputs are cached per evaluation)")
            old = self._values[key]
            self._values[key] = value
            if self._objectNumber is not None:  # the item runs Reset again and drops its cached outputs
                try:
                    self._mbs.SetObjectParameter(self._objectNumber, "revision", self._revision + 1)
                except BaseException:
                    self._values[key] = old
                    raise
                object.__setattr__(self, "_revision", self._revision + 1)
            return
        super().__setattr__(key, value)

    def Reset(self):
        """Validates the parameters (override; links are checked before it runs)."""

    def UpdateState(self, t):
        """Reads the inputs (self.<input>.read()) and writes every output (self.<output>.write(value))."""
        raise NotImplementedError(f"{type(self).__name__} must implement UpdateState(self, t)")

    def _ValidateBeforeAdding(self):
        """The links (Reset itself runs when the item is added: the item's resetFunction)."""
        if self._updating:
            raise RuntimeError(f"{self._Name()}: mbs.AddModule is not allowed inside UpdateState")
        if not self._outputs:
            raise ValueError(f"{self._Name()}: outputMessages: expected at least one output message, got none")
        self._CheckLinks()

    def _ItemDict(self):
        className = type(self).__name__

        def update(t, inputs):
            return self._Update(t, inputs)

        def reset():
            if self._updating:
                raise RuntimeError(f"{self._Name()}.Reset cannot run inside UpdateState")
            result = self.Reset()
            if result is not None:
                raise TypeError(f"Reset returned {result!r}; it returns nothing and raises on a bad parameter")
            return True

        update.__name__ = update.__qualname__ = f"{className}.UpdateState"
        reset.__name__ = reset.__qualname__ = f"{className}.Reset"
        return {"objectType": "ModulePython", "name": self.ModelTag,
                "inputJoints": [getattr(self, name).message.joint for name, _ in self._inputs],
                "inputIsRate": [int(rate) for _, rate in self._inputs],
                "inputNames": " ".join(name for name, _ in self._inputs),
                "outputNames": " ".join(self._outputs),
                "updateFunction": update, "resetFunction": reset, "moduleClass": className}

    def _Update(self, t, inputs):
        """Called by the ModulePython item: the outputs at time t for the inputs (in input order)."""
        links = [getattr(self, name) for name, _ in self._inputs]
        outputs = [getattr(self, name) for name in self._outputs]
        for link, value in zip(links, inputs):
            link._value = float(value)
        for output in outputs:
            output._value = None
        object.__setattr__(self, "_updating", True)
        try:
            result = self.UpdateState(t)
        finally:
            object.__setattr__(self, "_updating", False)
            for link in links:
                link._value = None
        if result is not None:
            raise TypeError(f"UpdateState returned {result!r}; it returns nothing and writes each output with "
                            f"self.<output>.write(value)")
        missing = [output._name for output in outputs if output._value is None]
        if missing:
            raise ValueError(f"UpdateState did not write {', '.join(missing)}; every output is written in every call "
                             f"(self.<output>.write(value))")
        return [output._value for output in outputs]


_maxInputs = 8  # ControlModule::maxInputs


@UserFrameFirst
def AddModule(self, module):
    """Puts a control module (e.g. multidyn.modules.TwoHingeDamper, or a class derived from
    multidyn.modules.PythonModule) into the dynamics: checks its links and parameters (its
    Reset), adds it and connects the actuators its outputs drive; returns the module's object
    number."""
    if not isinstance(module, Module):
        raise TypeError(f"mbs.AddModule: expected a multidyn.modules module (e.g. multidyn.modules.TwoHingeDamper() "
                        f"or an instance of a multidyn.modules.PythonModule subclass), got {type(module).__name__}")
    self._CheckNotSolving("mbs.AddModule()")
    return module._AddTo(self)


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {"AddModule": AddModule}
