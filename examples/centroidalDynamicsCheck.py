"""Is a simulated legged robot's motion consistent with the forces its feet received?

A trunk (one rigid body, 42 kg, massless legs) is held up against gravity by four foot forces
in a trotting pattern (diagonal pairs alternately carrying more of the weight) with a sideways
weight shift that makes it sway.
multidyn.centroidal.DynamicViolationAlongTrajectory evaluates towr's single-rigid-body model
along the stored sensor data: with the right model the violation is at the solver's tolerance;
a model with a 5 % mass error shows a linear violation of 0.05 m (c'' + g e_z). Finally the
sparse Jacobian an optimiser would use. Prints the key figures and saves centroidalViolation.png
in the current working directory."""
import math
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import multidyn as exu  # noqa: E402
from multidyn import centroidal, utilities as ut  # noqa: E402
from multidyn.itemInterface import LoadForceVector, MarkerBodyPosition, SensorLoad, SensorNode  # noqa: E402

OVT = exu.OutputVariableType
SC = exu.SystemContainer()
mbs = SC.AddSystem()

g = 9.80665
trunk = ut.InertiaCuboid(density=1000., sideLengths=[0.7, 0.4, 0.15])     # 42 kg
body = mbs.CreateRigidBody(inertia=trunk, referencePosition=[0, 0, 0.5], gravity=[0, 0, -g], returnDict=True)
nTrunk, oTrunk = body['nodeNumber'], body['bodyNumber']

# feet in the CoM's plane (body axes [m]): vertical forces below the CoM would tip the trunk
# over like an inverted pendulum, and this example has no controller
feet = [[0.3, 0.2, 0.], [-0.3, -0.2, 0.], [0.3, -0.2, 0.], [-0.3, 0.2, 0.]]
weight = trunk.Mass() * g


def FootForce(foot, t):
    """Diagonal pairs (0, 1) and (2, 3) alternate at 2 Hz; the left feet (0, 3) and the right
    feet (1, 2) also shift weight at 1 Hz, so that the trunk sways about its long axis. The
    forces sum to m g: the trunk hovers on its feet."""
    trot = (0.4 if foot < 2 else -0.4) * math.sin(4. * math.pi * t)
    sway = (0.05 if foot in (0, 3) else -0.05) * math.sin(2. * math.pi * t)
    return [0., 0., 0.25 * weight * (1. + trot + sway)]


forceSensors = []
for foot, point in enumerate(feet):
    marker = mbs.AddMarker(MarkerBodyPosition(bodyNumber=oTrunk, localPosition=point))
    load = mbs.AddLoad(LoadForceVector(markerNumber=marker,
                                       loadVectorUserFunction=lambda mbs, t, v, foot=foot: FootForce(foot, t)))
    forceSensors.append(mbs.AddSensor(SensorLoad(loadNumber=load, storeInternal=True, writeToFile=False)))
sensors = {name: mbs.AddSensor(SensorNode(nodeNumber=nTrunk, outputVariableType=variable, storeInternal=True,
                                          writeToFile=False))
           for name, variable in [('position', OVT.Position), ('rotation', OVT.RotationMatrix),
                                  ('omega', OVT.AngularVelocity), ('acceleration', OVT.Acceleration),
                                  ('omegaDot', OVT.AngularAcceleration)]}
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 1.
settings.timeIntegration.numberOfSteps = 200
settings.solution.file.write = False
settings.solution.sensors.writePeriod = 5e-3
cwd = os.getcwd()
with tempfile.TemporaryDirectory() as directory:   # nothing but the plot lands in the working directory
    os.chdir(directory)
    try:
        mbs.SolveDynamic(settings)
    finally:
        os.chdir(cwd)


def Violation(model, fromSensors=True):
    return centroidal.DynamicViolationAlongTrajectory(
        mbs, model, sensors['position'], sensors['rotation'], sensors['omega'], forceSensors,
        accelerationSensor=sensors['acceleration'] if fromSensors else None,
        angularAccelerationSensor=sensors['omegaDot'] if fromSensors else None)


model = centroidal.SingleRigidBodyDynamics(trunk.Mass(), trunk.Inertia(), len(feet))
right = Violation(model)
differentiated = Violation(model, fromSensors=False)
heavier = Violation(centroidal.SingleRigidBodyDynamics(1.05 * trunk.Mass(), trunk.Inertia(), len(feet)))
print(f"max |violation|, right model: {np.abs(right[:, 1:]).max():.2e} (m g = {weight:.1f} N); "
      f"accelerations differentiated from the data: {np.abs(differentiated[:, 1:]).max():.2e}; "
      f"5 % heavier model: {np.abs(heavier[:, 4:]).max():.2f} N")

# what an optimiser sees at one instant: the 6 x n sparse Jacobian with respect to the forces
# of foot 0 when they are 3 of n = 12 variables (all four feet's forces)
mapFoot0 = np.zeros((3, 12))
mapFoot0[:, 0:3] = np.eye(3)
jacobian = model.GetJacobianWrtForce(mapFoot0, 0)
print(f"Jacobian w.r.t. foot 0's force: {jacobian.shape[0]} x {jacobian.shape[1]}, {jacobian.nnz} non-zeros")

figure, (axisLinear, axisAngular) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
for column, label in zip(range(4, 7), "xyz"):
    axisLinear.plot(heavier[:, 0], heavier[:, column], label=f"5 % heavier model, {label}")
axisLinear.plot(right[:, 0], np.linalg.norm(right[:, 4:], axis=1), "k--", label="right model, |g_lin|")
axisLinear.set_ylabel("linear violation [N]")
axisLinear.legend()
axisAngular.semilogy(differentiated[:, 0], np.linalg.norm(differentiated[:, 1:4], axis=1) + 1e-16,
                     label="accelerations differentiated from the stored data")
axisAngular.semilogy(right[:, 0], np.linalg.norm(right[:, 1:4], axis=1) + 1e-16,
                     label="accelerations from sensors")
axisAngular.set_ylabel("|angular violation| [N*m]")
axisAngular.set_xlabel("time [s]")
axisAngular.legend()
figure.tight_layout()
figure.savefig("centroidalViolation.png", dpi=100)
print("saved", os.path.join(os.getcwd(), "centroidalViolation.png"))
