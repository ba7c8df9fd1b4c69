"""Exudyn's exudyn.solver: the solve functions and the linear analysis (ComputeODE2Eigenvalues, ...).

A face of multidyn.analysis.linearAnalysis, where the code is."""
from multidyn.analysis.linearAnalysis import *  # noqa: F401,F403
