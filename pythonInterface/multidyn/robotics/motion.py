"""Exudyn's exudyn.robotics.motion: trajectories (Trajectory, ProfileConstantAcceleration, ...).

A face of multidyn.modelling.robotics.motion, where the code is."""
from multidyn.modelling.robotics.motion import *  # noqa: F401,F403
