"""Exudyn's exudyn.kinematicTree: KinematicTree33 on ObjectKinematicTree's C++ algorithms.

A face of multidyn.modelling.kinematicTree, where the code is."""
from multidyn.modelling.kinematicTree import *  # noqa: F401,F403
from multidyn.modelling.kinematicTree import __all__  # noqa: F401
