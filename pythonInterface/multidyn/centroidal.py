"""multidyn.centroidal: single-rigid-body dynamics of legged robots.

A face of multidyn.modelling.centroidal, where the code is."""
from multidyn.modelling.centroidal import *  # noqa: F401,F403
from multidyn.modelling.centroidal import __all__  # noqa: F401
