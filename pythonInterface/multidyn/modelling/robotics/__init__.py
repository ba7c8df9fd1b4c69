"""multidyn.robotics: serial robots and kinematic trees built from links with homogeneous
transformations and Denavit-Hartenberg parameters (Exudyn's exudyn.robotics): Robot, RobotLink,
RobotBase, RobotTool and their visualization classes, StdDH2HT, ModDHKK2HT; the multibody models
Robot.CreateKinematicTree and Robot.CreateRedundantCoordinateMBS. Trajectories:
multidyn.robotics.motion. Conventions and what is not there: docs/robotics.md."""
from multidyn.modelling.robotics.denavitHartenberg import ModDHKK2HT, StdDH2HT, projectAngleToPMPi
from multidyn.modelling.robotics.robot import Robot
from multidyn.modelling.robotics.robotBase import RobotBase, VRobotBase
from multidyn.modelling.robotics.robotLink import RobotLink, VRobotLink
from multidyn.modelling.robotics.robotTool import RobotTool, VRobotTool

__all__ = ['Robot', 'RobotLink', 'VRobotLink', 'RobotBase', 'VRobotBase', 'RobotTool', 'VRobotTool',
           'StdDH2HT', 'ModDHKK2HT', 'projectAngleToPMPi']
