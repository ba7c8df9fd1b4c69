"""Exudyn's exudyn.rigidBodyUtilities: rotations, homogeneous transforms, inertia.

A face of multidyn.modelling.rigidBodyUtilities, where the code is."""
from multidyn.modelling.rigidBodyUtilities import *  # noqa: F401,F403
from multidyn.modelling.rigidBodyUtilities import __all__  # noqa: F401
