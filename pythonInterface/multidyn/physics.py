"""Exudyn's exudyn.physics: StribeckFunction, RegularizedFriction, VonMisesStress, ...

A face of multidyn.modelling.physics, where the code is."""
from multidyn.modelling.physics import *  # noqa: F401,F403
from multidyn.modelling.physics import __all__  # noqa: F401
