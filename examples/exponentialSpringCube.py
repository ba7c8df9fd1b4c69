"""A cube tossed onto the floor: eight exponential spring contacts (Simbody's model) at its corners
carry it, brake its slide with kinetic friction and then hold it with static friction.

mbs.CreateExponentialSpringContact adds one ObjectContactExponentialSpring per corner against the
ground plane (z up). The contacts' sliding state K (1: sliding, 0: stuck) and anchor points are
data coordinates that change only after accepted steps. Prints where the cube stops and the
contact forces it rests on (their sum is its weight)."""
import numpy as np

import multidyn as exu
from multidyn import utilities as ut

OVT = exu.OutputVariableType
SC = exu.SystemContainer()
mbs = SC.AddSystem()

g, half = 9.81, 0.1
cube = ut.InertiaCuboid(density=1250., sideLengths=[2 * half] * 3)  # 10 kg
body = mbs.CreateRigidBody(inertia=cube, referencePosition=[0, 0, 0.3],
                           referenceRotationMatrix=ut.RotXYZ2RotationMatrix([0.3, 0., 0.2]),
                           initialVelocity=[1.5, 0, 0], gravity=[0, 0, -g])
parameters = exu.ExponentialSpringParameters()
parameters.setInitialMuStatic(0.7)
parameters.setInitialMuKinetic(0.5)
corners = [[sx * half, sy * half, sz * half] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
contacts = mbs.CreateExponentialSpringContact(body, corners, parameters=parameters)
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 4.
settings.timeIntegration.numberOfSteps = 4000  # h = 1 ms: the smooth contact allows large implicit steps
settings.solution.file.write = False
mbs.SolveDynamic(settings)

position = mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0, 0, 0])
velocity = mbs.GetObjectOutputBody(body, OVT.Velocity, localPosition=[0, 0, 0])
normalForces = [mbs.GetObjectOutput(c, OVT.ForceLocal)[2] for c in contacts]
sliding = [mbs.GetObjectOutput(c, OVT.SlidingState) for c in contacts]
print(f"cube stopped at x = {position[0]:.4f} m, height {position[2]:.5f} m, speed {np.linalg.norm(velocity):.1e} m/s")
print(f"normal forces {np.round(normalForces, 2).tolist()} N; "
      f"sum {sum(normalForces):.3f} N (m g = {cube.Mass() * g:.3f} N)")
print(f"sliding states K {np.round(sliding, 4).tolist()}")
