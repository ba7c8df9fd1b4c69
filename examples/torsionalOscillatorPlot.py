"""The torsional spring-damper mini example with a SensorNode recording the rotation; compares it with
the exact damped solution of I*theta'' + d*theta' + k*theta = tau (theta(0) = 0, theta'(0) = 0), prints
the maximum error and saves the plot torsionalOscillator.png in the current working directory."""
import math
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import multidyn as exu  # noqa: E402
from multidyn.itemInterface import *  # noqa: E402,F403

SC = exu.SystemContainer()
mbs = SC.AddSystem()
oGround = mbs.AddObject(ObjectGround())

k = 2e3        # stiffness, N*m/rad
d = k * 0.01   # damping, N*m*s/rad
inertiaZ = 1.  # kg*m^2
tau = 1.       # N*m
nBody = mbs.AddNode(RigidRxyz())
mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, inertiaZ, 0, 0, 0], nodeNumber=nBody))
mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=k, damping=d, offset=0))
mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, tau]))
sRotation = mbs.AddSensor(SensorNode(nodeNumber=nBody, outputVariableType=exu.OutputVariableType.Rotation,
                                     storeInternal=True, writeToFile=False))
mbs.Assemble()

settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 1.
settings.timeIntegration.numberOfSteps = 1000  # h = 1 ms: 140 steps per period
settings.solution.file.write = False
settings.solution.sensors.writePeriod = 1e-3
cwd = os.getcwd()
with tempfile.TemporaryDirectory() as directory:  # nothing but the plot lands in the working directory
    os.chdir(directory)
    try:
        mbs.SolveDynamic(settings)
    finally:
        os.chdir(cwd)

data = mbs.GetSensorStoredData(sRotation)
t, theta = data[:, 0], data[:, 3]
delta = d / (2 * inertiaZ)
omegaD = math.sqrt(k / inertiaZ - delta**2)
exact = tau / k * (1 - np.exp(-delta * t) * (np.cos(omegaD * t) + delta / omegaD * np.sin(omegaD * t)))
error = np.abs(theta - exact)
figure, (axisTheta, axisError) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
axisTheta.plot(t, theta * 1e3, label="multidyn (generalized-alpha)")
axisTheta.plot(t, exact * 1e3, "--", label="exact")
axisTheta.axhline(tau / k * 1e3, color="gray", linewidth=0.5, label="static value tau/k")
axisTheta.set_ylabel("rotation [mrad]")
axisTheta.legend()
axisTheta.set_title("torsional spring-damper: I=1, k=2000, d=20, tau=1")
axisError.semilogy(t[1:], np.maximum(error[1:], 1e-16))
axisError.set_xlabel("time [s]")
axisError.set_ylabel("|error| [rad]")
figure.tight_layout()
figure.savefig("torsionalOscillator.png", dpi=100)
print("saved", os.path.join(os.getcwd(), "torsionalOscillator.png"))
print(f"max error: {error.max():.3e} rad at t = {t[error.argmax()]:.3f} s "
      f"(amplitude {np.abs(exact).max():.3e} rad; "
      f"h = {settings.timeIntegration.endTime / settings.timeIntegration.numberOfSteps:g} s)")
