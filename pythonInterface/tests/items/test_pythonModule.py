"""Control modules written in Python (multidyn.modules.PythonModule, item ModulePython).

- The two-hinge damper written as a PythonModule follows the C++ TwoHingeDamper's trajectory
  (the same equations; only the Jacobian differs: central differences in the module's inputs
  instead of AD), also when the damping is stiff, with about the same Newton iterations.
- A PD module on a hinge with kp = I w^2, kd = 2 I w is the critically damped servo
  q = q0 (1 + w t) e^{-w t}.
- UpdateState runs once per evaluation, however many actuators read the module's outputs.
- Every error: a clear message naming the module and the link, parameter or function.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn import modules
from multidyn.itemInterface import (ActuatorMotor, MarkerBodyPosition, ObjectActuator, ObjectGround, RevoluteJoint2D, Rigid2D,
                                    RigidBody2D, SensorObject)

from conftest import NewSystem, Settings
from test_actuators import Hinge
from test_twoHingeDamper import L, TwoHingePendulum

OVT = exu.OutputVariableType


class PyTwoHingeDamper(modules.PythonModule):
    """Basilisk's twoHingeDamper again, in Python: Q_phi = -c cos^2(theta) phi_t, Q_theta = -c theta_t."""
    inputMessages = {"thetaInMsg": modules.JointStateMessage, "phiDotInMsg": modules.JointStateDotMessage,
                     "thetaDotInMsg": modules.JointStateDotMessage}
    outputMessages = ["phiTorqueOutMsg", "thetaTorqueOutMsg"]
    parameters = {"dampingCoeff": 0.}

    def Reset(self):
        if not self.dampingCoeff >= 0:
            raise ValueError(f"dampingCoeff must be nonnegative, got {self.dampingCoeff}")

    def UpdateState(self, t):
        c = self.dampingCoeff
        self.phiTorqueOutMsg.write(-c * math.cos(self.thetaInMsg.read()) ** 2 * self.phiDotInMsg.read())
        self.thetaTorqueOutMsg.write(-c * self.thetaDotInMsg.read())


class PDServo(modules.PythonModule):
    """torque = -kp (q - target) - kd q_t; also written to copyOutMsg (for the call counts)."""
    inputMessages = {"angleInMsg": modules.JointStateMessage, "rateInMsg": modules.JointStateDotMessage}
    outputMessages = ["torqueOutMsg", "copyOutMsg"]
    parameters = {"kp": 0., "kd": 0., "target": 0.}
    calls = 0

    def Reset(self):
        for name in ("kp", "kd"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0, got {getattr(self, name)}")

    def UpdateState(self, t):
        PDServo.calls += 1
        torque = -self.kp * (self.angleInMsg.read() - self.target) - self.kd * self.rateInMsg.read()
        self.torqueOutMsg.write(torque)
        self.copyOutMsg.write(torque)


def AddPythonDamper(r, c):
    """the Python damper on the pendulum r: two motors, linked as applyTo links the C++ damper's"""
    damper = PyTwoHingeDamper()
    damper.ModelTag = "pyDamper"
    damper.dampingCoeff = c
    r.phiActuator = r.mbs.AddObject(ActuatorMotor(jointNumber=r.phiJoint))
    r.thetaActuator = r.mbs.AddObject(ActuatorMotor(jointNumber=r.thetaJoint))
    damper.thetaInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.thetaJoint))
    damper.phiDotInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.phiJoint))
    damper.thetaDotInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.thetaJoint))
    damper.phiTorqueOutMsg.linkTo(r.phiActuator)
    damper.thetaTorqueOutMsg.linkTo(r.thetaActuator)
    r.mbs.AddModule(damper)
    return damper


def DamperRun(python, c, endTime=2., steps=1000, gravity=9.81):
    r = TwoHingePendulum(0.3, 0.2, 0.5, 1.2, gravity=gravity)
    if python:
        AddPythonDamper(r, c)
    else:
        r.Damper(c)
    sensors = [r.mbs.AddSensor(SensorObject(objectNumber=a, outputVariableType=ovt, storeInternal=True,
                                            writeToFile=False))
               for a in (r.phiActuator, r.thetaActuator) for ovt in (OVT.Displacement, OVT.Velocity, OVT.Force)]
    r.mbs.Assemble()
    settings = Settings(endTime=endTime, numberOfSteps=steps, spectralRadius=0.8, tightNewton=True)
    # The Python damper's residual stops near 1e-11 (round-off of the Python law, outputs cached to
    # 64 ulps of the inputs); Newton's error is relative to the predictor's (as in Exudyn), which
    # decays with the motion: 1e-10 stays above that floor where 1e-12 would not.
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    settings.timeIntegration.newton.absoluteTolerance = 1e-12
    r.mbs.SolveDynamic(settings)
    data = np.column_stack([r.mbs.GetSensorStoredData(s)[:, 1] for s in sensors])
    return data, r.mbs.sys["dynamicSolverStatistics"]


def test_pythonTwoHingeDamper_followsTheCppDamper():
    cpp, cppStatistics = DamperRun(False, 0.5 * L ** 2)
    python, pythonStatistics = DamperRun(True, 0.5 * L ** 2)
    assert np.abs(cpp).max() > 0.1
    assert np.abs(python - cpp).max() < 1e-9
    assert abs(pythonStatistics["newtonIterations"] - cppStatistics["newtonIterations"]) <= \
        0.05 * cppStatistics["newtonIterations"]


def test_pythonTwoHingeDamper_stiff_convergesLikeTheCppDamper():
    """c h / I_eff = 1000 * 0.01 / 0.98 ~ 10 (no gravity): a stiff damper. Newton converges in as
    many iterations as with the C++ damper's exact Jacobian, and the rates decay without overshoot
    growing (generalized-alpha, rho_inf = 0.8)."""
    c, endTime, steps = 1000., 0.5, 50
    cpp, cppStatistics = DamperRun(False, c, endTime, steps, gravity=0.)
    python, pythonStatistics = DamperRun(True, c, endTime, steps, gravity=0.)
    assert np.abs(python - cpp).max() < 1e-9 * np.abs(cpp).max()
    assert pythonStatistics["newtonIterations"] <= 1.1 * cppStatistics["newtonIterations"]
    assert pythonStatistics["steps"] == cppStatistics["steps"] == steps
    for rate in (python[:, 1], python[:, 4]):  # phi_t, theta_t
        assert np.all(np.abs(rate[1:]) <= np.abs(rate[0]))
        assert abs(rate[-1]) < 1e-5 * abs(rate[0])


def test_pdModule_criticallyDampedServo():
    """I q'' = -kp q - kd q' with kp = I w^2, kd = 2 I w: q = q0 (1 + w t) e^{-w t}."""
    inertia, w, q0 = 0.5, 4., 0.3
    r = Hinge(inertia=inertia, angle0=q0)
    servo = PDServo()
    servo.kp, servo.kd = inertia * w ** 2, 2 * inertia * w
    motor = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint))
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.joint))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.joint))
    servo.torqueOutMsg.linkTo(motor)
    r.mbs.AddModule(servo)
    sensor = r.mbs.AddSensor(SensorObject(objectNumber=motor, outputVariableType=OVT.Displacement,
                                          storeInternal=True, writeToFile=False))
    r.mbs.Assemble()
    r.mbs.SolveDynamic(Settings(endTime=2., numberOfSteps=4000, spectralRadius=1., tightNewton=True))
    data = r.mbs.GetSensorStoredData(sensor)
    exact = q0 * (1 + w * data[:, 0]) * np.exp(-w * data[:, 0])
    assert np.abs(data[:, 1] - exact).max() < 1e-6 * q0
    # a parameter set after AddModule is used (the cached outputs are dropped): a new set point
    servo.target = 0.1
    r.mbs.SolveDynamic(Settings(endTime=2., numberOfSteps=4000, spectralRadius=1., tightNewton=True))
    data = r.mbs.GetSensorStoredData(sensor)
    exact = 0.1 + (q0 - 0.1) * (1 + w * data[:, 0]) * np.exp(-w * data[:, 0])
    assert np.abs(data[:, 1] - exact).max() < 1e-6 * q0


def test_pdModule_followsItsJointWhenAnEarlierObjectIsDeleted():
    """inputJoints is renumbered like every other index when an object before the joint goes:
    the servo still reads its hinge and gives the critically damped motion."""
    inertia, w, q0 = 0.5, 4., 0.3
    mbs = NewSystem()
    extra = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1.)  # object 0, deleted below
    node = mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, 0, q0]))
    body = mbs.AddObject(RigidBody2D(nodeNumber=node, physicsMass=3., physicsInertia=inertia))
    ground = mbs.AddObject(ObjectGround())
    joint = mbs.AddObject(RevoluteJoint2D(markerNumbers=[mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)),
                                                         mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))]))
    servo = PDServo()
    servo.kp, servo.kd = inertia * w ** 2, 2 * inertia * w
    motor = mbs.AddObject(ActuatorMotor(jointNumber=joint))
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(mbs, joint))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(mbs, joint))
    servo.torqueOutMsg.linkTo(motor)
    module = mbs.AddModule(servo)
    assert list(mbs.GetObject(module)['inputJoints']) == [int(joint)] * 2
    mbs.DeleteObject(extra)  # with its node
    assert list(mbs.GetObject(module - 1)['inputJoints']) == [int(joint) - 1] * 2
    sensor = mbs.AddSensor(SensorObject(objectNumber=motor - 1, outputVariableType=OVT.Displacement,
                                        storeInternal=True, writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=2000, spectralRadius=1., tightNewton=True))
    data = mbs.GetSensorStoredData(sensor)
    exact = q0 * (1 + w * data[:, 0]) * np.exp(-w * data[:, 0])
    assert np.abs(data[:, 1] - exact).max() < 1e-6 * q0


def CountedServo(linkCopy):
    """A hinge with the PD module on a motor, and a counting controlUserFunction on an actuator of
    gain 0 (called once per evaluation of the actuators' kernels); linkCopy also links the
    module's second output to another actuator of gain 0. Returns (system, counts)."""
    r = Hinge(inertia=0.5, angle0=0.3)
    servo = PDServo()
    servo.kp, servo.kd = 2., 0.5
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.joint))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.joint))
    servo.torqueOutMsg.linkTo(r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint)))
    noForce = [0.] * 10
    copy = r.mbs.AddObject(ObjectActuator(jointNumber=r.joint, gainprm=noForce))
    if linkCopy:
        servo.copyOutMsg.linkTo(copy)
    counts = {"control": 0}

    def Control(mbs, t, itemNumber):
        counts["control"] += 1
        return 0.

    r.mbs.AddObject(ObjectActuator(jointNumber=r.joint, gainprm=noForce, controlUserFunction=Control))
    r.mbs.AddModule(servo)
    r.mbs.Assemble()
    PDServo.calls = 0
    r.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=100))
    counts["update"] = PDServo.calls
    counts["jacobians"] = r.mbs.sys["dynamicSolverStatistics"]["jacobianEvaluations"]
    counts["angle"] = r.angle()
    return counts


def test_updateState_runsOncePerEvaluation():
    one, two = CountedServo(False), CountedServo(True)
    assert one["angle"] == two["angle"]  # the copy's actuator has no force
    # a second actuator on the module's outputs adds no call
    assert two["update"] == one["update"]
    # the control function runs once per residual evaluation and once per Jacobian evaluation;
    # the module once per residual evaluation plus 2 x (2 inputs) per Jacobian (central differences)
    jacobians = two["jacobians"]
    residuals = two["control"] - jacobians
    assert jacobians > 0 and residuals > 100
    assert two["update"] == residuals + 4 * jacobians


def test_moduleWithoutInputs_feedforwardTorque():
    """A module of time only: torque u = a t on a hinge gives q = a t^3 / (6 I)."""
    class Ramp(modules.PythonModule):
        outputMessages = ["torqueOutMsg"]
        parameters = {"slope": 0.}

        def UpdateState(self, t):
            self.torqueOutMsg.write(self.slope * t)

    inertia = 0.5
    r = Hinge(inertia=inertia)
    ramp = Ramp()
    ramp.slope = 3.
    ramp.torqueOutMsg.linkTo(r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint)))
    r.mbs.AddModule(ramp)
    r.mbs.Assemble()
    r.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=1000, spectralRadius=1., tightNewton=True))
    # the trapezoidal rule's error on a cubic: slope h^2 t / (12 I) = 5e-7
    assert r.angle() == pytest.approx(3. / (6 * inertia), rel=1e-6)


# ---- errors --------------------------------------------------------------------------------

def LinkedServo(mbs=None, joint=None, **parameters):
    if mbs is None:
        r = Hinge()
        mbs, joint = r.mbs, r.joint
    servo = PDServo()
    for key, value in parameters.items():
        setattr(servo, key, value)
    servo.ModelTag = "servo"
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(mbs, joint))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(mbs, joint))
    motor = mbs.AddObject(ActuatorMotor(jointNumber=joint))
    servo.torqueOutMsg.linkTo(motor)
    return mbs, servo, motor


def test_missingLink_isReportedByAddModule():
    r = Hinge()
    servo = PDServo()
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.joint))
    count = r.mbs.NumberOfObjects()
    with pytest.raises(ValueError, match="PDServo: PDServo.rateInMsg is not linked"):
        r.mbs.AddModule(servo)
    assert r.mbs.NumberOfObjects() == count


def test_badLinkType():
    r = Hinge()
    servo = PDServo()
    with pytest.raises(TypeError, match="PDServo.angleInMsg: expected a JointStateMessage"):
        servo.angleInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.joint))
    with pytest.raises(TypeError, match="PDServo.rateInMsg: expected a JointStateMessage or JointStateDotMessage"):
        servo.rateInMsg.subscribeTo(r.joint)
    # a link to an object that is not a revolute joint: the item's check names the link
    ground = 1
    assert r.mbs.GetObject(ground)["objectType"] == "Ground"
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(r.mbs, ground))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.joint))
    count = r.mbs.NumberOfObjects()
    with pytest.raises((TypeError, ValueError), match="angleInMsg"):
        r.mbs.AddModule(servo)
    assert r.mbs.NumberOfObjects() == count
    # outputs link to actuators only
    mbs, servo, motor = LinkedServo()
    with pytest.raises(TypeError, match="PDServo 'servo'.copyOutMsg.linkTo: expected an Actuator object number"):
        servo.copyOutMsg.linkTo("motor")
    servo.copyOutMsg.linkTo(1)  # the ground: found by AddModule, before anything is added
    count = mbs.NumberOfObjects()
    with pytest.raises(ValueError, match="copyOutMsg.linkTo: object 1 is a Ground; expected an Actuator"):
        mbs.AddModule(servo)
    assert mbs.NumberOfObjects() == count


def test_itemWithoutUpdateFunctionNeedsOneConstantPerOutput():
    """The item on its own (as loaded from a file): constant outputs, one per output name."""
    mbs = NewSystem()
    with pytest.raises(ValueError, match=r"parameter 'outputValues': expected one value per output \(1\), got 0"):
        mbs.AddObject({"objectType": "ModulePython", "outputNames": "torqueOutMsg"})
    assert mbs.NumberOfObjects() == 0


def test_declarationErrors():
    with pytest.raises(TypeError, match="input 'q' must be declared as JointStateMessage"):
        type("Bad", (modules.PythonModule,), {"inputMessages": {"q": float}})
    with pytest.raises(TypeError, match="declared twice"):
        type("Bad", (modules.PythonModule,), {"outputMessages": ["a", "a"]})
    with pytest.raises(TypeError, match="cannot name a message"):
        type("Bad", (modules.PythonModule,), {"parameters": {"Reset": 1.}})
    with pytest.raises(ValueError, match="NoOutput: outputMessages: expected at least one output message, got none"):
        NewSystem().AddModule(type("NoOutput", (modules.PythonModule,), {})())
    with pytest.raises(TypeError, match="is a base class"):
        modules.PythonModule()
    with pytest.raises(AttributeError, match="PDServo has no parameter 'kv'"):
        PDServo().kv = 1.


def test_resetRaising_isReportedBeforeAnyStep():
    mbs, servo, motor = LinkedServo(kp=-1.)
    count = mbs.NumberOfObjects()
    with pytest.raises(exu.UserFunctionError, match=r"PDServo 'servo'.Reset failed: .*kp must be >= 0, got -1.0"):
        mbs.AddModule(servo)
    assert mbs.NumberOfObjects() == count
    # added with a good value; a bad value later is refused at once and the good one kept
    servo.kp = 1.
    mbs.AddModule(servo)
    with pytest.raises(exu.UserFunctionError, match="PDServo 'servo'.Reset failed: .*kd must be >= 0"):
        servo.kd = -2.
    assert servo.kd == 0.
    mbs.Assemble()


@pytest.mark.parametrize("body, message", [
    ("raise ZeroDivisionError('no gain')", r"ZeroDivisionError: no gain"),
    ("self.torqueOutMsg.write(1.)", r"UpdateState did not write copyOutMsg"),
    ("self.torqueOutMsg.write([1., 2.]); self.copyOutMsg.write(0.)",
     r"torqueOutMsg.write: expected a real number, got \[1.0, 2.0\]"),
    ("self.torqueOutMsg.write('1'); self.copyOutMsg.write(0.)", r"torqueOutMsg.write: expected a real number"),
    ("self.torqueOutMsg.write(float('nan')); self.copyOutMsg.write(0.)",
     r"torqueOutMsg.write: expected a finite number, got nan"),
    ("self.torqueOutMsg.write(1.); self.copyOutMsg.write(1.); return [1., 2.]", r"UpdateState returned \[1.0, 2.0\]"),
    ("self.kp = 3.", r"UpdateState cannot set the parameter 'kp': a module is memoryless"),
    ("self.Reset = None", r"FailingServo has no parameter 'Reset'"),
    ("self._mbs.AddObject(ActuatorMotor(jointNumber=0))", r"AddObject\(\) is not allowed while the system is being solved"),
    ("self._mbs.Assemble()", r"Assemble\(\) is not allowed while the system is being solved"),
    ("self._mbs.AddModule(PDServo())", r"AddModule\(\) is not allowed while the system is being solved"),
    ("self._mbs.Reset()", r"Reset\(\) is not allowed while the system is being solved"),
    ("self._mbs.GetObjectOutput(3, exu.OutputVariableType.Force)", r"re-entrant evaluation is refused"),
])
def test_updateStateErrors_stopTheSolveNamingTheModule(body, message):
    namespace = {"exu": exu, "ActuatorMotor": ActuatorMotor, "PDServo": PDServo}
    exec(f"def UpdateState(self, t):\n    if t > 0.05:\n        {body}\n        return\n"
         f"    self.torqueOutMsg.write(0.)\n    self.copyOutMsg.write(0.)\n", namespace)
    Failing = type("FailingServo", (PDServo,), {"UpdateState": namespace["UpdateState"]})
    r = Hinge(omega0=1.)
    servo = Failing()
    servo.ModelTag = "bad"
    servo.angleInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.joint))
    servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.joint))
    motor = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint))
    assert motor == 3
    servo.torqueOutMsg.linkTo(motor)
    module = r.mbs.AddModule(servo)
    r.mbs.Assemble()
    # a structural call is refused as in any user function (SolveInProgressError naming the caller)
    structural = "is not allowed while the system is being solved" in message
    with pytest.raises(exu.SolveInProgressError if structural else exu.UserFunctionError) as error:
        r.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=100))
    text = str(error.value)
    if structural:
        assert f"called from UpdateState of object {module} (ModulePython 'bad')" in text
    else:
        assert f"object {module} (ModulePython 'bad').UpdateState (Python function FailingServo.UpdateState)" in text
    assert __import__("re").search(message, text), text
    # the accepted steps are kept: the solve stopped at the first step past t = 0.05
    assert 0.05 <= r.mbs._Time() <= 0.07
    # the system stays usable
    r.mbs.Assemble()


def test_readAndWriteOutsideUpdateState_areRefused():
    mbs, servo, motor = LinkedServo()
    with pytest.raises(RuntimeError, match=r"angleInMsg.read\(\): inputs are read inside UpdateState only"):
        servo.angleInMsg.read()
    with pytest.raises(RuntimeError, match="torqueOutMsg.write: outputs are written inside UpdateState only"):
        servo.torqueOutMsg.write(1.)


def test_outputOutsideASolve_evaluatesTheModule():
    """mbs.GetObjectOutput of a driven actuator runs UpdateState at that state (the law at a given state)."""
    r = Hinge(inertia=0.5, angle0=0.3, omega0=-0.2)
    mbs, servo, motor = LinkedServo(r.mbs, r.joint, kp=2., kd=0.5, target=0.1)
    mbs.AddModule(servo)
    mbs.Assemble()
    force = float(np.asarray(mbs.GetObjectOutput(motor, OVT.Force, exu.ConfigurationType.Initial)).reshape(-1)[0])
    assert force == pytest.approx(-2. * (0.3 - 0.1) - 0.5 * -0.2, abs=1e-12)
