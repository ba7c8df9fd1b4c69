"""The solvers' Python side: mbs.SolveDynamic and mbs.SolveStatic (checks of the settings, assembly
when needed, the statistics in mbs.sys and the solver objects of multidyn.analysis.mainSolver)."""
from multidyn.api.enums import DynamicSolverType
from multidyn.api.simulationSettings import SimulationSettings
from multidyn.api.console import Print as _Print
from multidyn.api.userWarnings import WarnAtUserLine
from multidyn.api.userFunctionErrors import UserFrameFirst
from multidyn.analysis.mainSolver import MainSolverExplicit, MainSolverImplicitSecondOrder, MainSolverStatic, MainSolverSundials


def _AutoAssemble(mbs, function, autoAssemble):
    """Assembles a system that is not assembled (or changed since), with a warning, as Exudyn's
    autoAssemble=True; with autoAssemble=False the solver's NotAssembledError stays."""
    if autoAssemble and not mbs.IsAssembled():
        WarnAtUserLine(f"{function}: the system was not assembled (or changed since mbs.Assemble()); "
                       "it is assembled now (autoAssemble=True)")
        mbs.Assemble()


def _CheckedSettings(function, simulationSettings):
    """the SimulationSettings for a solve (new ones for None); TypeError for anything else."""
    if simulationSettings is None:
        simulationSettings = SimulationSettings()
    if not isinstance(simulationSettings, SimulationSettings):
        raise TypeError(f"{function}: simulationSettings must be an exu.SimulationSettings(), got "
                        f"{type(simulationSettings).__name__}")
    return simulationSettings


def _SettingsOf(function, simulationSettings):
    """(the SimulationSettings, their dict) for a solve; TypeError for anything else."""
    simulationSettings = _CheckedSettings(function, simulationSettings)
    return simulationSettings, simulationSettings._SolverDictionary()


def _RunSolve(mbs, function, settings, solve, updateInitialValues, autoAssemble, statisticsKey, verbose, stepsName):
    """Assembles if needed (with a warning), starts from the initial values, as Exudyn, runs
    solve() -> statistics, stores them in mbs.sys[statisticsKey], prints the summary asked for and
    returns them."""
    _AutoAssemble(mbs, function, autoAssemble)
    mbs._ResetCurrentToInitial()  # as Exudyn: every solve starts from the initial values
    try:
        statistics = solve()
    finally:
        if updateInitialValues:
            mbs._StoreCurrentAsInitial()
    _SystemDictionary(mbs)[statisticsKey] = statistics
    if settings["displayStatistics"] or verbose:
        _Print(f"solver finished: {statistics['steps']} {stepsName}, {statistics['newtonIterations']} Newton iterations, "
               f"{statistics['computationTime']:.4g} s")
    if settings["displayComputationTime"]:
        _Print(f"computation time: {statistics['computationTime']:.4g} s")
    return statistics


@UserFrameFirst
def SolveDynamic(self, simulationSettings=None, solverType=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """Integrates the system in time (generalized-alpha by default) from the initial values;
    updateInitialValues=True makes the final state the initial values of the next solve. Results
    stay in mbs (outputs, sensors) and in the solution file. A system that is not assembled is
    assembled first, with a warning (autoAssemble=True, as Exudyn). Raises multidyn.SolverError if
    Newton fails for good, keeping the results up to the last accepted step. Returns True."""
    self._CheckNotSolving("mbs.SolveDynamic()")  # before anything is reset: a nested solve is refused at once
    simulationSettings = _CheckedSettings("SolveDynamic", simulationSettings)
    if solverType is None:  # Exudyn 1.13: the solver is a setting; the argument takes its place for this run
        solverType = simulationSettings.timeIntegration.solverType
    try:
        solverType = DynamicSolverType.GeneralizedAlpha if solverType is None else DynamicSolverType(solverType)
    except ValueError:
        raise ValueError(f"SolveDynamic: solverType must be an exu.DynamicSolverType, got {solverType!r}") from None
    implicit = solverType in (DynamicSolverType.GeneralizedAlpha, DynamicSolverType.TrapezoidalIndex2)
    if solverType in (DynamicSolverType.IDA, DynamicSolverType.CVODE):
        solver = MainSolverSundials()
    else:
        solver = MainSolverImplicitSecondOrder() if implicit else MainSolverExplicit()
    if storeSolver:  # before the solve, as Exudyn: user functions read mbs.sys['dynamicSolver'].it during it
        _SystemDictionary(self).update(dynamicSolver=solver, simulationSettings=simulationSettings)
    return _SolveWith(self, "SolveDynamic", simulationSettings, updateInitialValues, autoAssemble, solver, solverType)


def _SystemDictionary(mbs):
    """mbs.sys (made for a MainSystem created directly, not by SystemContainer.AddSystem)"""
    if not hasattr(mbs, "sys"):
        mbs.sys = {}
    return mbs.sys


def _SolveWith(mbs, function, simulationSettings, updateInitialValues, autoAssemble, solver, solverType=None):
    """A solve by a solver object (multidyn.mainSolver): a time integration with solverType, or the
    static solve without one; its statistics in mbs.sys and in the solver object."""
    mbs._CheckNotSolving(f"{function}()")
    simulationSettings, settings = _SettingsOf(function, simulationSettings)
    if solverType is None:
        solve = lambda: mbs._SolveStatic(settings)  # noqa: E731
        statisticsKey, verbose, stepsName = "staticSolverStatistics", settings["staticSolver"]["verboseMode"], "load steps"
    else:
        solver._method = solverType.name
        solve = lambda: mbs._SolveDynamic(settings, int(solverType))  # noqa: E731
        statisticsKey, verbose, stepsName = "dynamicSolverStatistics", settings["timeIntegration"]["verboseMode"], "steps"
    return solver._Run(mbs, settings, lambda: _RunSolve(mbs, function, settings, solve, updateInitialValues,
                                                        autoAssemble, statisticsKey, verbose >= 1, stepsName))


@UserFrameFirst
def SolveStatic(self, simulationSettings=None, updateInitialValues=False, storeSolver=True, showHints=False,
                showCausingItems=True, autoAssemble=True):
    """Solves for the static equilibrium from the initial values, in the load steps of
    simulationSettings.staticSolver (docs/solvers/StaticSolver.md); updateInitialValues=True makes
    the solution the initial values of the next solve. Results stay in mbs (outputs, sensors at
    every load step) and in the solution file. A system that is not assembled is assembled first,
    with a warning (autoAssemble=True, as Exudyn). Raises multidyn.SolverError if a load step
    fails for good, keeping the results up to the last accepted one. Returns True."""
    self._CheckNotSolving("mbs.SolveStatic()")  # before anything is reset: a nested solve is refused at once
    simulationSettings = _CheckedSettings("SolveStatic", simulationSettings)
    solver = MainSolverStatic()
    if storeSolver:  # before the solve, as Exudyn
        _SystemDictionary(self).update(staticSolver=solver, simulationSettings=simulationSettings)
    return _SolveWith(self, "SolveStatic", simulationSettings, updateInitialValues, autoAssemble, solver)


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {"SolveDynamic": SolveDynamic, "SolveStatic": SolveStatic}
