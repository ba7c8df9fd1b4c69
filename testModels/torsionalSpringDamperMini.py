"""The torsional spring-damper's mini example (Exudyn's test model): a unit-inertia RigidRxyz body on a
RevoluteJointZ to ground, a TorsionalSpringDamper with k = 2e3 N*m/rad, d = 20 N*m*s/rad and a
constant torque of 1 N*m about z. Default settings: 1 s, 100 steps, generalized-alpha rho = 0.9.

Independent value: the exact solution of I*theta'' + d*theta' + k*theta = tau with theta(0) = 0,
theta'(0) = 0 (under-damped):
    theta(t) = tau/k * (1 - exp(-delta*t) * (cos(wd*t) + delta/wd*sin(wd*t))),
    delta = d/(2I), wd = sqrt(k/I - delta^2).
"""
import math

import multidyn as exu
from multidyn.itemInterface import SensorNode, TorsionalSpringDamper

from _rotorOnRevoluteJoint import BuildRotor

inertiaZ = 1.
k = 2e3
d = k * 0.01
tau = 1.
sampleTime = 0.1  # a time inside the transient, read from a sensor


def ExactRotation(t):
    delta = d / (2 * inertiaZ)
    wd = math.sqrt(k / inertiaZ - delta**2)
    return tau / k * (1 - math.exp(-delta * t) * (math.cos(wd * t) + delta / wd * math.sin(wd * t)))


def Run():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nBody, mGround, mBody = BuildRotor(mbs, inertiaZ, tau)
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=k, damping=d, offset=0))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=nBody, outputVariableType=exu.OutputVariableType.Rotation,
                                      storeInternal=True, writeToFile=False))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)

    data = mbs.GetSensorStoredData(sensor)
    row = int(round(sampleTime / 0.01))
    assert abs(data[row, 0] - sampleTime) < 1e-12, data[row, 0]
    return {"rotationZ": float(mbs.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)[2]),
            "rotationZ_t0.1": float(data[row, 3])}


independent = {
    # at 1 s the transient has decayed to ~2e-8 rad; the generalized-alpha error (h = 0.01,
    # rho = 0.9, h*omega = 0.45) is of the order 1e-9 rad there
    "rotationZ": (ExactRotation(1.), 1e-7, "exact solution of I*theta''+d*theta'+k*theta=tau at t=1 s"),
    # inside the transient (theta ~ 8e-4 rad): the discretisation error is a few percent of the
    # amplitude of the oscillation (h = 0.01 is only 14 steps per period)
    "rotationZ_t0.1": (ExactRotation(sampleTime), 3e-5,
                       "exact solution of I*theta''+d*theta'+k*theta=tau at t=0.1 s"),
}

#: Exudyn's reference for rotationZ (v1.11.0 test suite): 0.0004999866342439527
exudynReference = {"rotationZ": 0.0004999866342439527}
