"""A three-joint arm (the first links of a Puma 560, standard DH parameters) described with
multidyn.robotics and simulated as one kinematic tree: the joints follow a point-to-point
trajectory (multidyn.robotics.motion) with PD control in the tree, and the gravity torques of
Robot.StaticTorques are fed forward, so that the arm ends exactly at its target.

A pre-step user function sets the tree's set values (jointPositionOffsetVector,
jointVelocityOffsetVector) from the trajectory and its jointForceVector to -StaticTorques at the
set values. At rest at the target the PD terms vanish only if the feed-forward cancels gravity:
the script checks that the remaining joint error is below 1e-9 rad, while without the feed-forward
it would be the gravity torque divided by P (printed for comparison), and that the tool position
agrees with Robot.LinkHT at the reached joint values."""
import numpy as np

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import SensorKinematicTree
from multidyn.robotics import Robot, RobotLink, RobotTool, StdDH2HT
from multidyn.robotics.motion import ProfileConstantAcceleration, Trajectory

SC = exu.SystemContainer()
mbs = SC.AddSystem()

robot = Robot(gravity=[0., 0., -9.81], tool=RobotTool(HT=ut.HTtranslate([0., 0., 0.1])))
robot.AddLink(RobotLink(mass=20., COM=[0., 0., 0.], inertia=np.diag([0.18, 0.35, 0.18]),
                        localHT=StdDH2HT([0., 0., 0., np.pi / 2])))
robot.AddLink(RobotLink(mass=17.4, COM=[-0.3638, 0.006, 0.2275], inertia=np.diag([0.13, 0.524, 0.539]),
                        localHT=StdDH2HT([0., 0., 0.4318, 0.])))
robot.AddLink(RobotLink(mass=4.8, COM=[-0.0203, -0.0141, 0.07], inertia=np.diag([0.066, 0.086, 0.02]),
                        localHT=StdDH2HT([0., 0.15, 0.0203, -np.pi / 2])))
P = np.array([2e4, 2e4, 5e3])    # [N*m/rad]
D = np.array([400., 400., 100.])  # [N*m*s/rad]
for link, p, d in zip(robot.links, P, D):
    link.SetPDcontrol(p, d)

target = np.array([0.5 * np.pi, -0.25 * np.pi, 0.6])
trajectory = Trajectory(initialCoordinates=[0., 0., 0.])
trajectory.Add(ProfileConstantAcceleration(target, 0.5))

tree = robot.CreateKinematicTree(mbs)['objectKinematicTree']
# the tree's link frame is the joint frame: the tool point of the last link is localHT @ tool.HT
toolPoint = (robot.links[-1].localHT @ robot.GetToolHT())[0:3, 3]
sTool = mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=2, localPosition=list(toolPoint),
                                          storeInternal=True, writeToFile=False,
                                          outputVariableType=exu.OutputVariableType.Position))


def PreStep(mbs, t):
    s, v, a = trajectory.Evaluate(t)
    mbs.SetObjectParameter(tree, 'jointPositionOffsetVector', list(s))
    mbs.SetObjectParameter(tree, 'jointVelocityOffsetVector', list(v))
    mbs.SetObjectParameter(tree, 'jointForceVector', list(-robot.StaticTorques(robot.JointHT(s))))
    return True


mbs.SetPreStepUserFunction(PreStep)
mbs.Assemble()
settings = exu.SimulationSettings()
settings.timeIntegration.endTime = 1.5
settings.timeIntegration.numberOfSteps = 1500
settings.solution.file.write = False
mbs.SolveDynamic(settings)

q = mbs.GetObjectOutput(tree, exu.OutputVariableType.Coordinates)
error = target - q
withoutFeedForward = robot.StaticTorques(robot.JointHT(target)) / P  # P (q_set - q) = -tau_gravity
toolExpected = (robot.LinkHT(q)[-1] @ robot.GetToolHT())[0:3, 3]
toolDifference = np.abs(mbs.GetSensorStoredData(sTool)[-1, 1:] - toolExpected).max()
print("joint values              ", q)
print("error without feed-forward", -withoutFeedForward)
print("tool position             ", mbs.GetSensorStoredData(sTool)[-1, 1:])
print(f"largest joint error with gravity feed-forward: {np.abs(error).max():.1e} rad "
      f"(without: {np.abs(withoutFeedForward).max():.1e} rad); tool vs LinkHT: {toolDifference:.1e} m")
assert np.abs(error).max() < 1e-9, "the feed-forward of StaticTorques does not cancel gravity"
assert toolDifference < 1e-12, "the tree's tool point differs from Robot.LinkHT"
