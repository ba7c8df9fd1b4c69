"""Revolute joint mini example (Exudyn's test model): a RigidRxyz body with unit mass and unit inertia on a
RevoluteJointZ to ground, loaded by a constant torque of 1 N*m about z; default settings (1 s, 100 steps,
generalized-alpha rho = 0.9).

Independent value: theta_z(t) = tau/I * t^2/2 = 0.5 rad at t = 1 s (constant angular acceleration; the
generalized-alpha method integrates it exactly up to round-off).
"""
import multidyn as exu
from _rotorOnRevoluteJoint import BuildRotor

tau = 1.
inertiaZ = 1.
endTime = 1.


def Run():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    nBody, _, _ = BuildRotor(mbs, inertiaZ, tau)
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    return {"rotationZ": float(mbs.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)[2]),
            "angularVelocityZ": float(mbs.GetNodeOutput(nBody, exu.OutputVariableType.AngularVelocity)[2])}


independent = {
    "rotationZ": (tau / inertiaZ * endTime**2 / 2, 1e-12, "closed form tau/I*t^2/2"),
    "angularVelocityZ": (tau / inertiaZ * endTime, 1e-12, "closed form tau/I*t"),
}

#: Exudyn's reference (v1.11.0 test suite)
exudynReference = {"rotationZ": 0.49999999999999795}
