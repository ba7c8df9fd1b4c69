"""Parameter functions of the study tests (a module of its own, so that process-pool and Dask
workers find them by name): the torsional spring-damper's mini example (conftest.BuildMini), a
rigid body with unit inertia on a revolute joint held by a torsional spring-damper."""
import os

import numpy as np

import multidyn as exu
from conftest import BuildMini

#: the runs made in this process (serial studies): their computation indices
callsInThisProcess = []


def RotationAtEnd(parameters):
    """Rotation [rad] after 1 s under a torque of 1 N*m, damping 1% of the stiffness [N*m/rad]."""
    callsInThisProcess.append(parameters.get("computationIndex"))
    stop = parameters.get("functionData", {}).get("interruptAt")
    if stop is not None and parameters["computationIndex"] == stop:
        raise KeyboardInterrupt  # as a user's Ctrl-C: stops the study
    r = BuildMini(stiffness=parameters["stiffness"], numberOfSteps=parameters.get("functionData", {}).get("steps", 200),
                  sensors=False)
    return float(r.mbs.GetNodeOutput(r.nBody, exu.OutputVariableType.Rotation)[2])


def RotationOrFailure(parameters):
    """RotationAtEnd, but every fifth run raises and the run functionData['killRun'] kills its worker."""
    index = parameters["computationIndex"]
    if index == parameters["functionData"]["killRun"]:
        os._exit(3)
    if index % 5 == 4:
        raise ValueError(f"run {index} fails on purpose")
    return RotationAtEnd(parameters)


def RotationAndRateOrFailure(parameters):
    """[rotation, angular velocity] at the end, or a failure every fifth run (arrays of NaN then)."""
    index = parameters["computationIndex"]
    if index % 5 == 4:
        raise RuntimeError("fails on purpose")
    r = BuildMini(stiffness=parameters["stiffness"], sensors=False)
    return np.array([r.mbs.GetNodeOutput(r.nBody, exu.OutputVariableType.Rotation)[2],
                     r.mbs.GetNodeOutput(r.nBody, exu.OutputVariableType.AngularVelocity)[2]])


def FreeDecay(parameters):
    """Rotation [rad] at the sensor times (0.01 s) of 1 s of free oscillation from 0.1 rad (no torque),
    inertia 1 kg*m^2, stiffness and damping from the parameters (defaults 400 N*m/rad, 2 N*m*s/rad)."""
    r = BuildMini(stiffness=parameters.get("stiffness", 400.), damping=parameters.get("damping", 2.), torque=0.,
                  numberOfSteps=1000, endTime=1., spectralRadius=1., solve=False)
    r.mbs.SetNodeParameter(r.nBody, "initialCoordinates", [0., 0., 0., 0., 0., 0.1])
    r.mbs.Assemble()
    r.settings.solutionSettings.sensorsWritePeriod = 0.01
    r.settings.timeIntegration.newton.relativeTolerance = 1e-12
    r.settings.timeIntegration.newton.absoluteTolerance = 1e-14
    r.mbs.SolveDynamic(r.settings)
    return r.mbs.GetSensorStoredData(r.sRotation)[:, [0, 3]]


def DecayMismatch(parameters):
    """RMS difference [rad] between the simulated free decay and the closed form of the target
    (functionData: targetStiffness, targetDamping)."""
    from conftest import DampedOscillator
    data = parameters["functionData"]
    history = FreeDecay(parameters)
    target, _ = DampedOscillator(history[:, 0], 1., data.get("targetStiffness", 400.), data["targetDamping"],
                                 theta0=0.1)
    return float(np.sqrt(np.mean((history[:, 1] - target) ** 2)))
