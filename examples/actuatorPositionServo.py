"""A MuJoCo-style position servo holding a pendulum against gravity.

A 1 kg rod-like body hangs from a revolute joint about z (gravity -y). An ActuatorPosition with
kp = 50 N*m/rad and dampratio = 1 (kv from the body's inertia about the joint, as MuJoCo's
compiler does) is commanded to 0.5 rad. At rest the servo torque kp (u - q) balances the
weight's torque m g L sin(q), so the servo settles a little short of the set-point; the script
prints the general actuator the shortcut compiled to, the final angle and that balance."""
import math

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import ActuatorPosition

OVT = exu.OutputVariableType
SC = exu.SystemContainer()
mbs = SC.AddSystem()

mass, length, g, kp, target = 1., 0.5, 9.81, 50., 0.5
ground = mbs.CreateGround()
rod = ut.InertiaCuboid(density=mass / (length * 0.04 * 0.04), sideLengths=[0.04, length, 0.04])
body = mbs.CreateRigidBody(inertia=rod, referencePosition=[0, -length / 2, 0], gravity=[0, -g, 0])
joint = mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
servo = mbs.AddObject(ActuatorPosition(jointNumber=joint, kp=kp, dampratio=1., control=target))
mbs.Assemble()  # also turns dampratio into kv, at the reference configuration
general = mbs.GetObject(servo)
print(f"compiled: dyntype {general['dyntype']}, gainprm[0] {general['gainprm'][0]}, "
      f"biasprm[:3] {[round(b, 4) for b in general['biasprm'][:3]]}")

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 4.
settings.timeIntegration.numberOfSteps = 400
settings.solution.file.write = False
mbs.SolveDynamic(settings)

q = float(mbs.GetObjectOutput(servo, OVT.Displacement))
torque = float(mbs.GetObjectOutput(servo, OVT.Force))
gravityTorque = mass * g * length / 2 * math.sin(q)
print(f"angle {q:.6f} rad (set-point {target}), servo torque {torque:.6f} N*m, weight's torque {gravityTorque:.6f} N*m")
assert abs(torque - gravityTorque) < 1e-4 * kp, "the servo does not balance the weight at rest"
