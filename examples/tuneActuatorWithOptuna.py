"""Tunes the gains of MuJoCo-style position actuators on a two-link arm with Optuna.

Two rods (0.5 m, 1 kg and 0.4 m, 0.8 kg) hang from revolute joints about z under gravity (-y). Each
joint has an ActuatorPosition (torque kp (u - q) - kv q', limited to +-15 N*m) commanded from rest to
u = (0.8, -0.5) rad. multidyn.processing.Optimize (Optuna's TPE sampler) searches kp in
[5, 400] N*m/rad and kv in [0.05, 20] N*m*s/rad (log scales) for each joint to minimize the mean
squared tracking error over 1.5 s plus a small penalty on the torques; its trials run on a thread
pool of two workers (the solves release the GIL). The script prints the tuned gains and the cost
against a hand-set reference (kp = 100 N*m/rad, dampratio = 1) and saves the optimisation history
tuneActuatorWithOptuna.png in the current working directory."""
import concurrent.futures as futures

import matplotlib
matplotlib.use("Agg")
import numpy as np  # noqa: E402

import multidyn as exu  # noqa: E402
from multidyn import utilities as ut  # noqa: E402
from multidyn.itemInterface import ActuatorPosition, SensorObject  # noqa: E402
from multidyn.processing import Optimize, PlotOptimizationHistory  # noqa: E402

OVT = exu.OutputVariableType
target = [0.8, -0.5]    # set-points [rad] (joint 2 relative to link 1)
torqueLimit = 15.       # [N*m]
endTime, steps = 1.5, 750


def ArmCost(parameters):
    """Mean squared tracking error [rad^2] plus 1e-5 times the mean squared torque [N^2*m^2]."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    previous, joint = mbs.CreateGround(), [0., 0., 0.]
    servos = []
    for i, (length, mass) in enumerate(((0.5, 1.), (0.4, 0.8))):
        rod = ut.InertiaCuboid(density=mass / (length * 0.04 * 0.04), sideLengths=[0.04, length, 0.04])
        body = mbs.CreateRigidBody(inertia=rod, referencePosition=[0, joint[1] - length / 2, 0], gravity=[0, -9.81, 0])
        revolute = mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=joint, axis=[0, 0, 1])
        gains = ({"kv": parameters[f"kv{i + 1}"]} if f"kv{i + 1}" in parameters
                 else {"dampratio": parameters.get("dampratio", 1.)})
        servos.append(mbs.AddObject(ActuatorPosition(jointNumber=revolute, kp=parameters[f"kp{i + 1}"], control=target[i],
                                                     forcerange=[-torqueLimit, torqueLimit], **gains)))
        previous, joint = body, [0., joint[1] - length, 0.]
    sensors = [[mbs.AddSensor(SensorObject(objectNumber=servo, storeInternal=True, outputVariableType=variable))
                for variable in (OVT.Displacement, OVT.Force)] for servo in servos]
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = steps
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = endTime / steps
    mbs.SolveDynamic(settings)
    error = sum(np.mean((mbs.GetSensorStoredData(angle)[:, 1] - target[i]) ** 2)
                for i, (angle, _) in enumerate(sensors))
    effort = sum(np.mean(mbs.GetSensorStoredData(torque)[:, 1] ** 2) for _, torque in sensors)
    return float(error + 1e-5 * effort)


if __name__ == "__main__":
    handSet = ArmCost({"kp1": 100., "kp2": 100., "dampratio": 1.})
    with futures.ThreadPoolExecutor(2) as executor:
        optimum, cost, parameterList, valueList = Optimize(
            ArmCost, {"kp1": (5., 400., "log"), "kv1": (0.05, 20., "log"), "kp2": (5., 400., "log"),
                      "kv2": (0.05, 20., "log")},
            numberOfTrials=60, sampler="TPE", seed=2, executor=executor, showProgress=False)
    print("tuned gains:", {name: round(value, 3) for name, value in optimum.items()})
    print(f"cost: tuned {cost:.5f}, hand-set (kp = 100 N*m/rad, dampratio = 1) {handSet:.5f} "
          f"({len(valueList)} trials)")
    PlotOptimizationHistory(valueList, fileName="tuneActuatorWithOptuna.png",
                            title="two-link arm: position actuator gains (Optuna TPE)", yLogScale=True)
    print("saved tuneActuatorWithOptuna.png")
    assert cost < handSet, "the tuned gains are not better than the hand-set ones"
