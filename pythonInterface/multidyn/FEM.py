"""Exudyn's exudyn.FEM: sparse-matrix conversions and KirchhoffMaterial.

A face of multidyn.modelling.FEM, where the code is."""
from multidyn.modelling.FEM import *  # noqa: F401,F403
from multidyn.modelling.FEM import __all__  # noqa: F401
