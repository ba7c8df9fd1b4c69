"""Side by side with the exudyn wheel (pip install exudyn==1.13.6): ObjectConnectorHydraulicActuatorSimple
in both engines with the same models and settings; prints the final pressures, actuator length, velocity
and force of each engine and their largest relative difference over the stored sensor histories.

Models: (a) Exudyn's hydraulicActuatorSimpleTest.py (a one-arm mechanism lifted by the cylinder, valves
set by a pre-step user function), (b) the same with the chamber volume change, cylinder and hose
compliance and both valves driven, (c) a mass on a blocked cylinder (valves closed), which oscillates
as the closed-form spring K (A0^2/V0 + A1^2/V1): there each engine's error against the closed form is
printed too (the engines differ by more than in (a) and (b): Exudyn's solution is the farther one).

    .venv/bin/python scripts/compareHydraulicActuatorWithExudyn.py   # a Python with exudyn and multidyn
"""
import importlib
import math
import sys

import numpy as np

L, B, MASS, G = 1., 0.1, 120., 9.81


def OneArm(package, volumeChange, endTime=0.4, stepSize=1e-3):
    exu = importlib.import_module(package)
    items = importlib.import_module(package + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(items.ObjectGround(referencePosition=[0, 0, 0]))
    node = mbs.AddNode(items.Rigid2D(referenceCoordinates=[0.5 * L, 0, 0], initialVelocities=[0, 0, 0]))
    arm = mbs.AddObject(items.RigidBody2D(physicsMass=MASS, physicsInertia=MASS / 12 * L**2, nodeNumber=node))
    mSupport = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=arm, localPosition=[-0.5 * L, 0., 0.]))
    mEnd = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=arm, localPosition=[0., 0., 0.]))
    mGround = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    mbs.AddObject(items.RevoluteJoint2D(markerNumbers=[mGround, mSupport]))
    mbs.AddLoad(items.Force(markerNumber=mEnd, loadVector=[0, -MASS * G, 0]))
    mCylinder = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, -0.25 * L, 0.]))
    mRod = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=arm, localPosition=[-0.25 * L, 0, 0.]))
    LH0 = math.sqrt(2 * (0.25 * L)**2)
    pressures = mbs.AddNode(items.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=[2e6, 2e6],
                                                  numberOfODE1Coordinates=2))
    extra = dict(useChamberVolumeChange=False, oilBulkModulus=1e11)
    if volumeChange:
        extra = dict(useChamberVolumeChange=True, oilBulkModulus=1.5e9, cylinderBulkModulus=2e10, hoseBulkModulus=4e9)
    actuator = mbs.AddObject(items.HydraulicActuatorSimple(
        markerNumbers=[mCylinder, mRod], nodeNumbers=[pressures], offsetLength=LH0, strokeLength=LH0 * 0.5,
        chamberCrossSection0=0.01, chamberCrossSection1=0.008 if volumeChange else 0.01,
        hoseVolume0=1e-3 if volumeChange else 1., hoseVolume1=1.2e-3 if volumeChange else 1.,
        valveOpening0=0, valveOpening1=0, actuatorDamping=2e5, nominalFlow=2e-5 if not volumeChange else 1e-6,
        systemPressure=200e5, tankPressure=1e5 if volumeChange else 0., **extra))

    def PreStep(mbs, t):
        length = mbs.GetObjectOutput(actuator, variableType=exu.OutputVariableType.Distance)
        target = (max(0.5, min(1.5, (1 - math.cos(t * math.pi)))) - 0.5) * 0.1 + LH0
        opening = (target - length) * 2
        mbs.SetObjectParameter(actuator, "valveOpening0", opening)
        mbs.SetObjectParameter(actuator, "valveOpening1", -opening)
        return True

    mbs.SetPreStepUserFunction(PreStep)
    sensors = [mbs.AddSensor(items.SensorObject(objectNumber=actuator, storeInternal=True, outputVariableType=t))
               for t in (exu.OutputVariableType.Force, exu.OutputVariableType.Distance,
                         exu.OutputVariableType.VelocityLocal)]
    sensors.append(mbs.AddSensor(items.SensorNode(nodeNumber=pressures, storeInternal=True,
                                                  outputVariableType=exu.OutputVariableType.Coordinates)))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = int(endTime / stepSize)
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    settings.timeIntegration.newton.absoluteTolerance = 1e-12
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.5
    settings.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(settings)
    return mbs, sensors


def BlockedCylinder(package, endTime=0.05, stepSize=1e-5):
    """A mass m on the rod of a cylinder along x, valves closed: a spring of stiffness K (A0^2/V0 + A1^2/V1)."""
    exu = importlib.import_module(package)
    items = importlib.import_module(package + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(items.ObjectGround())
    node = mbs.AddNode(items.NodePoint(referenceCoordinates=[0.8, 0, 0], initialVelocities=[0.05, 0, 0]))
    mass = mbs.AddObject(items.MassPoint(physicsMass=50., nodeNumber=node))
    mGround = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=ground))
    mMass = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=mass))
    for k in (1, 2):
        mbs.AddObject(items.CoordinateConstraint(markerNumbers=[
            mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(items.NodePointGround()), coordinate=0)),
            mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=node, coordinate=k))]))
    pressures = mbs.AddNode(items.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=[5e6, 6.25e6],
                                                  numberOfODE1Coordinates=2))
    actuator = mbs.AddObject(items.HydraulicActuatorSimple(
        markerNumbers=[mGround, mMass], nodeNumbers=[pressures], offsetLength=0.5, strokeLength=0.6,
        chamberCrossSection0=2e-3, chamberCrossSection1=1.6e-3, hoseVolume0=4e-4, hoseVolume1=5e-4,
        oilBulkModulus=1.4e9, nominalFlow=1e-7, systemPressure=2e7))
    sensors = [mbs.AddSensor(items.SensorObject(objectNumber=actuator, storeInternal=True,
                                                outputVariableType=exu.OutputVariableType.Force)),
               mbs.AddSensor(items.SensorNode(nodeNumber=node, storeInternal=True,
                                              outputVariableType=exu.OutputVariableType.Position)),
               mbs.AddSensor(items.SensorNode(nodeNumber=pressures, storeInternal=True,
                                              outputVariableType=exu.OutputVariableType.Coordinates))]
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = int(endTime / stepSize)
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    settings.timeIntegration.newton.absoluteTolerance = 1e-12
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    settings.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(settings)
    return mbs, sensors


def Compare(name, model):
    results = {}
    for package in ("exudyn", "multidyn"):
        mbs, sensors = model(package)
        results[package] = [np.array(mbs.GetSensorStoredData(s))[:, 1:] for s in sensors]
        final = "  ".join(np.array2string(np.array(mbs.GetSensorValues(s)), precision=8) for s in sensors)
        print(f"{name:28s} {package:9s} final sensor values: {final}")
    worst = 0.
    for a, b in zip(results["exudyn"], results["multidyn"]):
        scale = np.max(np.abs(a), axis=0)
        scale[scale == 0] = 1.
        worst = max(worst, float(np.max(np.abs(a - b) / scale)))
    print(f"{name:28s} largest difference over the histories, relative to each signal's range: {worst:.2e}")
    return worst


def BlockedCylinderClosedForm(endTime=0.05):
    """x = L - L(0) = v0/omega sin(omega t) (p0(0) A0 = p1(0) A1), p0 = p0(0) - K A0/V0 x, p1 = p1(0) + K A1/V1 x."""
    K, A0, A1, V0, V1, m, v0 = 1.4e9, 2e-3, 1.6e-3, 4e-4, 5e-4, 50., 0.05
    omega = math.sqrt(K * (A0**2 / V0 + A1**2 / V1) / m)
    x = v0 / omega * math.sin(omega * endTime)
    return 0.8 + x, 5e6 - K * A0 / V0 * x, 6.25e6 + K * A1 / V1 * x, x


if __name__ == "__main__":
    worst = [Compare("one arm (Exudyn's test)", lambda p: OneArm(p, False)),
             Compare("one arm, volume change", lambda p: OneArm(p, True))]
    Compare("blocked cylinder", BlockedCylinder)
    position, p0, p1, x = BlockedCylinderClosedForm()
    print(f"{'blocked cylinder':28s} closed form: position {position:.8f}, pressures [{p0:.8e} {p1:.8e}]")
    for package in ("exudyn", "multidyn"):
        mbs, sensors = BlockedCylinder(package)
        error = abs(mbs.GetSensorValues(sensors[1])[0] - position) / abs(x)
        pressureError = np.max(np.abs(np.array(mbs.GetSensorValues(sensors[2])) - [p0, p1])) / abs(p0 - 5e6)
        print(f"{'blocked cylinder':28s} {package:9s} error against the closed form, relative to the amplitude: "
              f"displacement {error:.2e}, pressures {pressureError:.2e}")
    sys.exit(0 if max(worst) < 1e-8 else 1)
