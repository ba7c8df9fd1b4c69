"""Exudyn's exudyn.advancedUtilities: type checks, sweeps, IndexFromValue, sparse-matrix dicts.

A face of multidyn.modelling.advancedUtilities, where the code is."""
from multidyn.modelling.advancedUtilities import *  # noqa: F401,F403
from multidyn.modelling.advancedUtilities import __all__  # noqa: F401
