"""Exudyn's exudyn.beams: straight beams of cable elements.

A face of multidyn.modelling.beams, where the code is."""
from multidyn.modelling.beams import *  # noqa: F401,F403
from multidyn.modelling.beams import __all__  # noqa: F401
