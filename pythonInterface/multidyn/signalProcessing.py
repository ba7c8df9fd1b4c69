"""Exudyn's exudyn.signalProcessing: FilterSensorOutput, FilterSignal, ComputeFFT, GetInterpolatedSignalValue.

A face of multidyn.analysis.signalProcessing, where the code is."""
from multidyn.analysis.signalProcessing import *  # noqa: F401,F403
from multidyn.analysis.signalProcessing import __all__  # noqa: F401
