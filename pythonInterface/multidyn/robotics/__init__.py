"""Exudyn's exudyn.robotics: serial robots (Robot, RobotLink, ...); trajectories in multidyn.robotics.motion.

A face of multidyn.modelling.robotics, where the code is."""
from multidyn.modelling.robotics import *  # noqa: F401,F403
from multidyn.modelling.robotics import __all__  # noqa: F401
