"""Exudyn's exudyn.plot: PlotSensor, PlotFFT, DataArrayFromSensorList.

A face of multidyn.analysis.plot, where the code is."""
from multidyn.analysis.plot import *  # noqa: F401,F403
from multidyn.analysis.plot import __all__  # noqa: F401
