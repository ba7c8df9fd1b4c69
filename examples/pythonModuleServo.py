"""A PD servo written as a Python control module (multidyn.modules.PythonModule).

A body of inertia I = 0.5 kg*m^2 turns about a revolute joint (no gravity), starting at
q0 = 0.3 rad. The module reads the joint's angle and rate and writes the torque
-kp (q - target) - kd q_t to an ActuatorMotor on the joint; with kp = I w^2 and kd = 2 I w the
servo is critically damped: q = q0 (1 + w t) exp(-w t). The script prints the final angle
against that closed form, and how often UpdateState ran."""
import math

import numpy as np

import multidyn as exu
from multidyn import modules, utilities as ut
from multidyn.itemInterface import ActuatorMotor

OVT = exu.OutputVariableType


class PDServo(modules.PythonModule):
    inputMessages = {"angleInMsg": modules.JointStateMessage,    # q [rad]
                     "rateInMsg": modules.JointStateDotMessage}  # q_t [rad/s]
    outputMessages = ["torqueOutMsg"]                           # [N*m] through the motor
    parameters = {"kp": 0., "kd": 0., "target": 0.}
    calls = 0

    def Reset(self):
        if self.kp < 0 or self.kd < 0:
            raise ValueError(f"gains must be >= 0, got kp={self.kp}, kd={self.kd}")

    def UpdateState(self, t):
        PDServo.calls += 1
        q, q_t = self.angleInMsg.read(), self.rateInMsg.read()
        self.torqueOutMsg.write(-self.kp * (q - self.target) - self.kd * q_t)


SC = exu.SystemContainer()
mbs = SC.AddSystem()
inertia, w, q0 = 0.5, 4., 0.3
ground = mbs.CreateGround()
body = mbs.CreateRigidBody(inertia=ut.RigidBodyInertia(mass=1., inertiaTensor=inertia * np.eye(3)),
                           referencePosition=[0, 0, 0], initialRotationMatrix=ut.RotationMatrixZ(q0))
hinge = mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])

servo = PDServo()
servo.ModelTag = "servo"
servo.kp, servo.kd = inertia * w ** 2, 2 * inertia * w
motor = mbs.AddObject(ActuatorMotor(jointNumber=hinge))
servo.angleInMsg.subscribeTo(modules.JointStateMessage(mbs, hinge))
servo.rateInMsg.subscribeTo(modules.JointStateDotMessage(mbs, hinge))
servo.torqueOutMsg.linkTo(motor)
mbs.AddModule(servo)
mbs.Assemble()

settings = exu.SimulationSettings()
endTime = 1.
settings.timeIntegration.endTime = endTime
settings.timeIntegration.numberOfSteps = 1000
settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
settings.solution.file.write = False
mbs.SolveDynamic(settings)

q = float(mbs.GetObjectOutput(motor, OVT.Displacement))
exact = q0 * (1 + w * endTime) * math.exp(-w * endTime)
statistics = mbs.sys["dynamicSolverStatistics"]
print(f"angle at t = {endTime} s: {q:.9f} rad, closed form {exact:.9f} rad")
print(f"UpdateState ran {PDServo.calls} times: {statistics['newtonIterations']} Newton iterations, "
      f"{statistics['jacobianEvaluations']} Jacobians (4 calls each: central differences in 2 inputs)")
assert abs(q - exact) < 1e-5 * q0, "the servo does not follow the closed form"
