"""Deleting items (the model of Exudyn's test deleteItemsTest): three mass points (m = 0.5 kg, 0.25 m apart,
initial velocity -0.5 m/s along y, gravity) in a chain of distance constraints from ground; the first mass
is removed by deletions (the joints at it with their markers, its sensor, its gravity load with its marker,
the mass with its node) and the second is tied to ground by a new constraint; 0.5 s in steps of 2 ms.

Independent value: the same system built directly, without the deleted items (the same equations, so the
same result to round-off). Result: the sum of the components of the last sensor (the position of the third
mass), Exudyn's test result.
"""
import warnings

import multidyn as exu
from multidyn.itemInterface import SensorBody

mass, length, gravity, initialVelocity = 0.5, 0.25, 9.81, 0.5


def Build(byDeleting):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    joints, sensors, bodies, loads = [], [], [], []
    previous = ground
    for i in range(3):
        if i == 0 and not byDeleting:
            continue  # the first mass is not there
        d = mbs.CreateMassPoint(referencePosition=[length * (i + 1), 0, 0], initialVelocity=[0, -initialVelocity, 0],
                                mass=mass, gravity=[0, -gravity, 0], returnDict=True)
        bodies.append(d['bodyNumber'])
        loads.append(d['loadNumber'])
        if byDeleting or i == 2:
            joints.append(mbs.CreateDistanceConstraint(itemNumbers=[previous, d['bodyNumber']]))
        previous = d['bodyNumber']
        sensors.append(mbs.AddSensor(SensorBody(bodyNumber=d['bodyNumber'], storeInternal=True,
                                                outputVariableType=exu.OutputVariableType.Position)))
    if byDeleting:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # the second joint's marker on the first mass
            mbs.DeleteObject(joints[0])  # with its markers
            mbs.DeleteObject(joints[1] - 1)  # numbers after the deleted object moved down by one
            mbs.DeleteSensor(sensors[0])
            mbs.DeleteLoad(loads[0])  # with its marker
            mbs.DeleteObject(bodies[0])  # with its node
    mbs.CreateDistanceConstraint(itemNumbers=[ground, exu.ObjectIndex(1)])  # the second mass is body 1 either way
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = 1e-2
    settings.timeIntegration.numberOfSteps = 250
    settings.timeIntegration.endTime = 0.5
    mbs.SolveDynamic(settings)
    return float(sum(mbs.GetSensorValues(mbs.NumberOfSensors() - 1)))


def Run():
    return {"lastSensorSum": Build(byDeleting=True)}


def independent():
    return {"lastSensorSum": (Build(byDeleting=False), 1e-14, "the system built without the deleted items")}


#: Exudyn's deleteItemsTest.py run with exudyn 1.13.6; the value stored in its runTestSuiteRefSol.py,
#: -0.9860528006518329, is 1.5e-10 (relative) away from what 1.13.6 itself computes
exudynReference = {"lastSensorSum": -0.9860528007991732}
