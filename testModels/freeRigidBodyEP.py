"""Free rigid body with Euler parameters (mbs.CreateRigidBody, default node type), no loads: principal
inertia diag(1, 2, 3) kg*m^2, mass 2 kg, initial angular velocity [0.2, 4, 0.3] rad/s (close to the
unstable intermediate axis, so the body tumbles) and velocity [0.1, 0, 0] m/s. Generalized-alpha with
spectralRadius = 1, h = 1 ms, 1 s.

Independent values (conservation, from the initial conditions in closed form):
  * kinetic energy T = m*v^2/2 + w^T*J*w/2
  * global angular momentum L = A*J*w_local (= J*w0 initially, A = I)
  * the Euler parameters keep unit norm (the node's algebraic constraint)
"""
import numpy as np

import multidyn as exu
from multidyn import utilities
from multidyn.itemInterface import *

mass = 2.
J = np.diag([1., 2., 3.])
omega0 = np.array([0.2, 4., 0.3])
velocity0 = np.array([0.1, 0., 0.])
endTime = 1.
numberOfSteps = 1000


def Run():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    inertia = utilities.RigidBodyInertia(mass=mass, inertiaTensor=J)
    body = mbs.CreateRigidBody(inertia=inertia, initialAngularVelocity=omega0.tolist(),
                               initialVelocity=velocity0.tolist())
    node = mbs.GetObject(body)["nodeNumber"]
    sKinetic = mbs.AddSensor(SensorBody(bodyNumber=body, outputVariableType=exu.OutputVariableType.KineticEnergy,
                                        storeInternal=True, writeToFile=False))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    mbs.SolveDynamic(settings)

    kinetic = mbs.GetSensorStoredData(sKinetic)[:, 1]
    A = np.asarray(mbs.GetNodeOutput(node, exu.OutputVariableType.RotationMatrix)).reshape(3, 3)
    omegaLocal = np.asarray(mbs.GetNodeOutput(node, exu.OutputVariableType.AngularVelocityLocal))
    momentum = A @ J @ omegaLocal
    ep = np.asarray(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates))[3:7] + [1., 0., 0., 0.]
    position = np.asarray(mbs.GetNodeOutput(node, exu.OutputVariableType.Position))
    return {"kineticEnergyEnd": float(kinetic[-1]),
            "maxKineticEnergyDeviation": float(np.max(np.abs(kinetic - kinetic[0]))),
            "angularMomentumX": float(momentum[0]),
            "angularMomentumY": float(momentum[1]),
            "angularMomentumZ": float(momentum[2]),
            "eulerParameterNorm": float(np.linalg.norm(ep)),
            "positionX": float(position[0])}


#: a difference of energies of about 16 J, each held to 1e-12 relative (1.6e-11 J) against its
#: reference, so an absolute tolerance of twice that
referenceTolerance = {"maxKineticEnergyDeviation": (0., 3.2e-11)}


def independent():
    T0 = 0.5 * mass * velocity0 @ velocity0 + 0.5 * omega0 @ J @ omega0
    L0 = J @ omega0
    # trapezoidal rule (rho = 1) on the index-3 EP system: errors O(h^2), measured 2.8e-6 J and
    # 2e-6 N*m*s at h = 1 ms
    return {
        "kineticEnergyEnd": (float(T0), 2e-5, "initial kinetic energy m*v^2/2 + w^T*J*w/2"),
        "maxKineticEnergyDeviation": (0., 2e-5, "conservation of kinetic energy"),
        "angularMomentumX": (float(L0[0]), 2e-5, "initial angular momentum J*w0"),
        "angularMomentumY": (float(L0[1]), 2e-5, "initial angular momentum J*w0"),
        "angularMomentumZ": (float(L0[2]), 2e-5, "initial angular momentum J*w0"),
        "eulerParameterNorm": (1., 1e-10, "unit Euler parameters (the node's constraint)"),
        "positionX": (float(velocity0[0] * endTime), 1e-12, "uniform translation v0*t"),
    }
