"""multidyn.modules: control modules (TwoHingeDamper, PythonModule) for mbs.AddModule.

A face of multidyn.modelling.modules, where the code is."""
from multidyn.modelling.modules import *  # noqa: F401,F403
