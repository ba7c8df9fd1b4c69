"""Pendulum energy conservation: a rigid rod (cuboid 1 m x 0.1 m x 0.1 m, 1000 kg/m^3, so m = 10 kg)
built with mbs.CreateGround / CreateRigidBody(gravity) / CreateRevoluteJoint, hinged at one end about
the global z-axis, released from rest in the horizontal position under gravity -y. Generalized-alpha
with spectralRadius = 1 (no numerical dissipation), h = 1 ms, 2 s (about one period at 90 degrees
amplitude).

Independent values:
  * energy: E = kinetic + m*g*y_COM is conserved; its initial value is 0 (at rest, COM at pivot height).
    The body's KineticEnergy and the COM position are recorded by sensors every 10 ms.
  * final angle: the reduced 1-DOF equation I_p*phi'' = -m*g*d*cos(phi) (I_p about the pivot, d = L/2),
    integrated by classical RK4 with h = 0.1 ms in this file (no multidyn code involved).
"""
import numpy as np

import multidyn as exu
from _pendulumReference import PendulumByRungeKutta
from multidyn import utilities
from multidyn.itemInterface import *

L = 1.
width = 0.1
density = 1000.
g = 9.81
endTime = 2.
numberOfSteps = 2000

mass = density * L * width * width
d = L / 2
inertiaPivot = mass * (L**2 + width**2) / 12 + mass * d**2


def Run():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    inertia = utilities.InertiaCuboid(density=density, sideLengths=[L, width, width])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[d, 0, 0], gravity=[0, -g, 0])
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    sKinetic = mbs.AddSensor(SensorBody(bodyNumber=body, outputVariableType=exu.OutputVariableType.KineticEnergy,
                                        storeInternal=True, writeToFile=False))
    sPosition = mbs.AddSensor(SensorBody(bodyNumber=body, outputVariableType=exu.OutputVariableType.Position,
                                         storeInternal=True, writeToFile=False))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    # Newton's error is relative to the residual at the predictor, whose multipliers are zero (as in
    # Exudyn): at relativeTolerance 1e-8 the energy error would be 2.2e-3 J, set by the Newton
    # tolerance (Exudyn: 1.2e-3 J); at 1e-10 it is the trapezoidal rule's O(h^2) error checked below.
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    mbs.SolveDynamic(settings)

    kinetic = mbs.GetSensorStoredData(sKinetic)[:, 1]
    height = mbs.GetSensorStoredData(sPosition)[:, 2]
    energy = kinetic + mass * g * height
    rotation = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Rotation, localPosition=[0, 0, 0])
    return {"energyInitial": float(energy[0]),
            "energyEnd": float(energy[-1]),
            "maxEnergyDeviation": float(np.max(np.abs(energy - energy[0]))),
            "angleEnd": float(rotation[2])}


#: the energy results are differences of ~50 J terms: round-off 1e-14 J, so an absolute reference tolerance
referenceTolerance = {"energyInitial": (0., 1e-12), "energyEnd": (0., 1e-12), "maxEnergyDeviation": (0., 1e-12)}


def ReducedPendulumAngle(t, h=1e-4):
    """phi(t) of I_p*phi'' = -m*g*d*cos(phi), phi(0) = 0, phi'(0) = 0, by RK4."""
    return float(PendulumByRungeKutta(mass * g * d / inertiaPivot, t, int(round(t / h)))[0])


def independent():
    energyScale = mass * g * d  # 49 J
    return {
        "energyInitial": (0., 1e-12, "initial energy: at rest, COM at pivot height"),
        # trapezoidal rule on the index-3 system: energy error O(h^2) during the swing, measured
        # 4.5e-4 J at h = 1 ms (4.5e-2 J at h = 10 ms)
        "energyEnd": (0., 2e-5 * energyScale, "conservation: equal to the initial energy"),
        "maxEnergyDeviation": (0., 2e-5 * energyScale, "conservation: no deviation from the initial energy"),
        # measured difference 6.5e-6 rad at h = 1 ms
        "angleEnd": (ReducedPendulumAngle(endTime), 1e-4,
                     "RK4 (h = 0.1 ms) of the reduced equation I_p*phi'' = -m*g*d*cos(phi)"),
    }
