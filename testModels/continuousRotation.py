"""Continuous rotation: a rigid body (created with mbs.CreateRigidBody) on a revolute joint about the global
z-axis spins freely at 20 rad/s for 2 s. A TorsionalSpringDamper with zero stiffness and damping and
unlimitedRotations=True (a NodeGenericData keeps the angle continuous beyond +-pi) measures the joint
angle, which the connector computes from the relative rotation matrix, i.e. wrapped to (-pi, pi]
before the continuation. Two variants:
  * Rxyz node: the z angle is linear in t, so generalized-alpha integrates it exactly (round-off only);
  * Euler-parameter node: the parameters are cos/sin(omega*t/2), integrated with a phase error of
    order (h*omega)^2; the body's own rotation output wraps at +-pi.

Independent value: free rotation at a constant rate, angle = omega*t = 40 rad after 2 s.
"""
import numpy as np

import multidyn as exu
from multidyn import utilities
from multidyn.itemInterface import *

omega = 20.
endTime = 2.
numberOfSteps = 2000  # h*omega = 0.02 rad per step


def _Solve(nodeType):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    inertia = utilities.InertiaCylinder(density=1000, length=0.1, outerRadius=0.1, axis=2)
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, 0, 0], nodeType=nodeType,
                               initialAngularVelocity=[0, 0, omega])
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    spring = mbs.CreateTorsionalSpringDamper(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1],
                                             stiffness=0, damping=0, unlimitedRotations=True)
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = numberOfSteps
    mbs.SolveDynamic(settings)
    angle = float(np.ravel(mbs.GetObjectOutput(spring, exu.OutputVariableType.Rotation))[0])
    rate = float(np.ravel(mbs.GetObjectOutput(spring, exu.OutputVariableType.AngularVelocityLocal))[0])
    bodyRotationZ = float(mbs.GetObjectOutputBody(body, exu.OutputVariableType.Rotation, localPosition=[0, 0, 0])[2])
    return angle, rate, bodyRotationZ


def Run():
    angleRxyz, rateRxyz, _ = _Solve(exu.NodeType.RotationRxyz)
    angleEP, rateEP, bodyRotationEP = _Solve(exu.NodeType.RotationEulerParameters)
    return {"springAngleRxyz": angleRxyz, "springAngularVelocityRxyz": rateRxyz,
            "springAngleEP": angleEP, "springAngularVelocityEP": rateEP, "bodyRotationZ_EP": bodyRotationEP}


def _Wrapped(angle):
    return float((angle + np.pi) % (2 * np.pi) - np.pi)


independent = {
    "springAngleRxyz": (omega * endTime, 1e-9, "free rotation at constant rate: omega*t (exact for Rxyz)"),
    "springAngularVelocityRxyz": (omega, 1e-9, "free rotation at constant rate: omega"),
    # EP: phase error ~ (h*omega)^2/... * omega*t, measured 3.4e-4 rad at h = 1e-3 (8.5e-3 at h = 5e-3)
    "springAngleEP": (omega * endTime, 1e-3, "free rotation at constant rate: omega*t (EP phase error)"),
    "springAngularVelocityEP": (omega, 1e-4, "free rotation at constant rate: omega (EP)"),
    "bodyRotationZ_EP": (_Wrapped(omega * endTime), 1e-3, "omega*t wrapped to (-pi, pi] (body's Tait-Bryan z angle)"),
}
