"""Exudyn's exudyn.basicUtilities: small numeric and list helpers.

A face of multidyn.modelling.basicUtilities, where the code is."""
from multidyn.modelling.basicUtilities import *  # noqa: F401,F403
from multidyn.modelling.basicUtilities import __all__  # noqa: F401
