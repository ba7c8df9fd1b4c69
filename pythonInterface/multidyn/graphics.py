"""Exudyn's exudyn.graphics: graphics primitives for bodies (``import multidyn.graphics as graphics``).

A face of multidyn.modelling.graphics, where the code is."""
from multidyn.modelling.graphics import *  # noqa: F401,F403
from multidyn.modelling.graphics import __all__  # noqa: F401
