"""A pendulum built with the mbs.Create... helpers: a rod (InertiaCuboid) hinged at one end with
CreateRevoluteJoint, under gravity (CreateRigidBody(gravity=...)), with a torsional spring-damper at the
pivot (CreateTorsionalSpringDamper). Released from the horizontal, it swings and settles at the angle
where the spring balances gravity: k*phi = -m*g*(L/2)*cos(phi)."""
import os
import tempfile

import numpy as np

import multidyn as exu
from multidyn import utilities

SC = exu.SystemContainer()
mbs = SC.AddSystem()

L = 1.        # rod length, m
width = 0.05  # cross section, m
g = 9.81
inertia = utilities.InertiaCuboid(density=7800, sideLengths=[L, width, width])  # 19.5 kg
k = 200.      # N*m/rad
d = 10.       # N*m*s/rad

ground = mbs.CreateGround()
body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[L / 2, 0, 0], gravity=[0, -g, 0])
mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
spring = mbs.CreateTorsionalSpringDamper(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1],
                                         stiffness=k, damping=d)
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 5.
settings.timeIntegration.numberOfSteps = 1000
settings.solution.file.write = False
cwd = os.getcwd()
with tempfile.TemporaryDirectory() as directory:
    os.chdir(directory)
    try:
        mbs.SolveDynamic(settings)
    finally:
        os.chdir(cwd)

angle = float(np.ravel(mbs.GetObjectOutput(spring, exu.OutputVariableType.Rotation))[0])
# static equilibrium k*phi + m*g*(L/2)*cos(phi) = 0, by Newton's method
phi = 0.
for _ in range(50):
    phi -= (k * phi + inertia.Mass() * g * L / 2 * np.cos(phi)) / (k - inertia.Mass() * g * L / 2 * np.sin(phi))
print(f"final angle after {settings.timeIntegration.endTime:g} s: {angle:.6f} rad "
      f"(static equilibrium {phi:.6f} rad)")
