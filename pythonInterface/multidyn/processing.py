"""Exudyn's ``exudyn.processing`` for multidyn: parameter variation, genetic optimization,
minimization and sensitivities on any concurrent.futures executor, plus Optimize on Optuna.
The implementation is in multidyn.analysis (docs/processing.md)."""
from multidyn.analysis.processing import (ComputeSensitivities, GeneticOptimization, Minimize,  # noqa: F401
                                          ParameterVariation, ScalarObjective)
from multidyn.analysis.studyPlots import (PlotOptimizationHistory, PlotOptimizationResults2D,  # noqa: F401
                                          PlotSensitivityResults)
from multidyn.analysis.optunaOptimize import Optimize  # noqa: F401 (optuna is imported when it is called)
from multidyn.analysis.studyRunner import RunRecord  # noqa: F401

