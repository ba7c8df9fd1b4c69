"""Exudyn's solver objects: exu.MainSolverImplicitSecondOrder, exu.MainSolverExplicit and
exu.MainSolverStatic, whose SolveSystem(mbs, simulationSettings) runs the same solvers as
mbs.SolveDynamic / mbs.SolveStatic, and the statistics Exudyn scripts read from them afterwards
(solver.it, solver.conv, solver.output, solver.timer; exu.SolverSuccess). mbs.SolveDynamic and
mbs.SolveStatic make one and store it in mbs.sys['dynamicSolver'] / mbs.sys['staticSolver']
(storeSolver=True) before they solve, as Exudyn's, so that user functions can read
solver.it.currentStepSize during the solve. Of Exudyn's step-by-step interface there are the parts
that its linear analysis and scripts use to read the system matrices (InitializeSolver,
GetODE2size/GetODE1size/GetAEsize, ComputeMassMatrix/GetSystemMassMatrix, ComputeJacobianODE2RHS,
ComputeJacobianAE, GetSystemJacobian, FinalizeSolver); stepping a solve by hand (SolveSteps,
ComputeNewtonResidual, SetUserFunctionNewton, ...) is not offered. docs/solvers/MainSolver.md."""
import weakref as _weakref

import numpy as _np

from multidyn import _multidyn
from multidyn.api.enums import DynamicSolverType
from multidyn.api.userFunctionErrors import UserFrameFirst


class SolverIterationData:
    """solver.it: counters, times and step sizes of the last solve (Exudyn's names); currentStepSize
    and currentTime (the end time of the step) are those of the running solve while one runs."""

    # the values before a solve, as class attributes: a solve makes a solver object, and setting two dozen
    # attributes per object was a tenth of a small solve's overhead; a solve sets the ones it knows
    numberOfSteps = 0
    currentStepIndex = 0  # after a solve: the index of the step that would come next (Exudyn's)
    startTime = 0.
    endTime = 0.
    maxStepSize = 0.
    minStepSize = 0.
    initialStepSize = 1e-6
    adaptiveStep = True
    automaticStepSize = False
    newtonStepsCount = 0
    newtonJacobiCount = 0
    rejectedModifiedNewtonSteps = 0
    discontinuousIterationsCount = 0
    rejectedAutomaticStepSizeSteps = 0  # steps the automatic step size control repeated (explicit pairs)
    recommendedStepSize = -1.  # Exudyn's value without a recommendation (not tracked here)
    # multidyn's SUNDIALS integrators (IDA, CVODE); 0 for the others
    stepsCount = 0  # accepted internal steps
    residualEvaluationsCount = 0  # IDA's residual / CVODE's right-hand side evaluations
    errorTestFailuresCount = 0
    convergenceFailuresCount = 0  # nonlinear iteration failures
    lastOrder = 0  # order of the last internal step
    _stepSize = 0.
    _time = 0.

    def __init__(self, solver):
        self._solver = solver

    @property
    def currentStepSize(self):
        mbs = self._solver._System()
        return mbs._CurrentSolverStep()[1] if mbs is not None else self._stepSize

    @property
    def lastStepSize(self):
        return self.currentStepSize

    @property
    def currentTime(self):
        mbs = self._solver._System()
        return mbs._CurrentSolverStep()[0] if mbs is not None else self._time

    def __repr__(self):
        names = ["adaptiveStep", "automaticStepSize", "currentStepIndex", "currentStepSize", "currentTime",
                 "discontinuousIterationsCount", "endTime", "initialStepSize", "lastStepSize", "maxStepSize",
                 "minStepSize", "newtonJacobiCount", "newtonStepsCount", "numberOfSteps", "recommendedStepSize",
                 "rejectedAutomaticStepSizeSteps", "rejectedModifiedNewtonSteps", "startTime", "stepsCount",
                 "residualEvaluationsCount", "errorTestFailuresCount", "convergenceFailuresCount", "lastOrder"]
        return "<SolverIterationData:\n" + "".join(f"  {name} = {getattr(self, name)}\n" for name in names) + ">"


class SolverConvergenceData:
    """solver.conv: whether the last solve converged (Exudyn's flags that multidyn's solvers decide)."""

    def __init__(self):
        self.newtonConverged = False
        self.stepReductionFailed = False

    def __repr__(self):
        return (f"<SolverConvergenceData:\n  newtonConverged = {self.newtonConverged}\n"
                f"  stepReductionFailed = {self.stepReductionFailed}\n>")


class SolverOutputData:
    """solver.output: whether the last solve finished, and the solver's error message if it did not."""

    def __init__(self):
        self.finishedSuccessfully = False
        self.errorMessage = ""

    def __repr__(self):
        return f"<SolverOutputData:\n  finishedSuccessfully = {self.finishedSuccessfully}\n>"


class SolverTimer:
    """solver.timer: the wall-clock time of the last solve [s] (multidyn does not split it as Exudyn does)."""

    def __init__(self):
        self.total = 0.

    def __repr__(self):
        return f"<SolverTimer:\n  total = {self.total}\n>"


class MainSolverBase:
    """What the three solver objects share: the statistics, and filling them from a solve."""
    solverName = ""
    _hasStepSizeControl = False

    def __init__(self):
        self.it = SolverIterationData(self)
        self.conv = SolverConvergenceData()
        self.output = SolverOutputData()
        self.timer = SolverTimer()
        self._system = None

    def GetSolverName(self):
        return self.solverName

    # ---- Exudyn's matrix interface: the system's matrices at the current state after InitializeSolver
    def InitializeSolver(self, mainSystem, simulationSettings):
        """as Exudyn's: the current state becomes the initial one, at the start time of this solver's
        settings (staticSolver.loadStepStart, timeIntegration.startTime); returns True. The matrices of
        Compute... are then taken at the current state."""
        from multidyn.analysis.solve import _SettingsOf  # here: solve imports this module
        function = f"{type(self).__name__}.InitializeSolver"
        if not isinstance(mainSystem, _multidyn.MainSystem):
            raise TypeError(f"{function}: parameter 'mainSystem': expected a MainSystem, got "
                            f"{type(mainSystem).__name__}")
        _, settings = _SettingsOf(function, simulationSettings)
        if not mainSystem.IsAssembled():
            raise _multidyn.NotAssembledError(f"{function}: call mbs.Assemble() first")
        mainSystem._ResetCurrentToInitial()
        startTime = (settings["staticSolver"]["loadStepStart"] if isinstance(self, MainSolverStatic)
                     else settings["timeIntegration"]["startTime"])
        mainSystem._SetTime(startTime, _multidyn.ConfigurationType.Current)
        self._matrixSettings = settings
        self._system = _weakref.ref(mainSystem)
        matrices = self._Matrices(mainSystem, function)
        self._sizes = (matrices["nODE2"], matrices["nODE1"], matrices["nAE"])
        size = sum(self._sizes)
        self._jacobian = _np.zeros((size, size))
        self._massMatrix = _np.zeros((self._sizes[0], self._sizes[0]))
        return True

    def FinalizeSolver(self, mainSystem, simulationSettings):
        """ends what InitializeSolver began (nothing to close here: no files are written)"""
        self._Initialized("FinalizeSolver")

    def _Initialized(self, call):
        if getattr(self, "_matrixSettings", None) is None:
            raise RuntimeError(f"{type(self).__name__}.{call}: call InitializeSolver(mbs, simulationSettings) first")
        return self._sizes

    def _Matrices(self, mainSystem, function):
        if not mainSystem.IsAssembled():
            raise _multidyn.NotAssembledError(f"{function}: the system changed since InitializeSolver; call "
                                              "mbs.Assemble() and InitializeSolver again")
        return mainSystem._LinearizedSystemMatrices(self._matrixSettings, _multidyn.ConfigurationType.Current)

    def GetODE2size(self):
        return self._Initialized("GetODE2size")[0]

    def GetODE1size(self):
        return self._Initialized("GetODE1size")[1]

    def GetAEsize(self):
        return self._Initialized("GetAEsize")[2]

    def ComputeMassMatrix(self, mainSystem, scalarFactor=1.):
        """the mass matrix M(q) at the current state, times scalarFactor (read it with GetSystemMassMatrix)"""
        self._Initialized("ComputeMassMatrix")
        self._massMatrix = scalarFactor * self._Matrices(mainSystem, "ComputeMassMatrix")["massMatrix"]

    def GetSystemMassMatrix(self):
        self._Initialized("GetSystemMassMatrix")
        return self._massMatrix.copy()

    def ComputeJacobianODE2RHS(self, mainSystem, scalarFactor_ODE2=1., scalarFactor_ODE2_t=0., scalarFactor_ODE1=1.,
                               computeLoadsJacobian=0):
        """clears the system Jacobian and writes its ODE2 block: scalarFactor_ODE2 dRHS/dq + scalarFactor_ODE2_t
        dRHS/dq_t = -(scalarFactor_ODE2 K + scalarFactor_ODE2_t D) of the ODE2 right-hand side M q_tt = RHS
        (Exudyn's sign: scalarFactor_ODE2=-1 gives the stiffness matrix K), at the current state, without the
        loads' Jacobian (as Exudyn's default computeLoadsJacobian=0). The ODE1 block is not computed: a system
        with ODE1 coordinates gives NotImplementedError."""
        nODE2, nODE1, _ = self._Initialized("ComputeJacobianODE2RHS")
        function = f"{type(self).__name__}.ComputeJacobianODE2RHS"
        if nODE1 and scalarFactor_ODE1 != 0:
            raise NotImplementedError(f"{function}: the Jacobian of ODE1 coordinates is not available; this system has "
                                      f"{nODE1}")
        if computeLoadsJacobian:
            raise NotImplementedError(f"{function}: computeLoadsJacobian is not available (0 only)")
        matrices = self._Matrices(mainSystem, function)
        self._jacobian[:] = 0.
        self._jacobian[:nODE2, :nODE2] = 0. - (scalarFactor_ODE2 * matrices["stiffnessMatrix"]
                                           + scalarFactor_ODE2_t * matrices["dampingMatrix"])

    def ComputeJacobianAE(self, mainSystem, scalarFactor_ODE2=1., scalarFactor_ODE2_t=0., scalarFactor_ODE1=1.,
                          velocityLevel=False):
        """writes the constraint parts of the system Jacobian at the current state, as Exudyn's: the multipliers'
        columns C_q^T (rows of the ODE2 coordinates) and their own block (1 for an inactive constraint), and the
        constraint rows scalarFactor_ODE2 C_q. The rows are the transposed columns, which they are for
        constraints on positions; for constraints on velocities (rolling disc, velocityLevel connectors) they
        would be scalarFactor_ODE2_t dg/dq_t + scalarFactor_ODE2 dg/dq and are not given here."""
        nODE2, nODE1, nAE = self._Initialized("ComputeJacobianAE")
        columns = self._Matrices(mainSystem, f"{type(self).__name__}.ComputeJacobianAE")["constraintColumns"]
        start = nODE2 + nODE1
        self._jacobian[:, start:] = columns
        self._jacobian[start:, :nODE2] = scalarFactor_ODE2 * columns[:nODE2, :].T

    def GetSystemJacobian(self):
        """the system Jacobian (rows and columns [ODE2 | ODE1 | AE]) as the Compute... functions left it"""
        self._Initialized("GetSystemJacobian")
        return self._jacobian.copy()

    def __getstate__(self):
        # without the system: mbs.sys holds the solver, and a copy or pickle of mbs copies mbs.sys
        state = dict(self.__dict__)
        state["_system"] = None
        return state

    def _System(self):
        """the system of the last SolveSystem while it lives, else None"""
        return self._system() if self._system is not None else None

    def _Run(self, mbs, settings, solve):
        """solve() -> statistics (or an exception), with the statistics filled in from them and the
        settings dict; True."""
        self._system = _weakref.ref(mbs)
        self.output.finishedSuccessfully = self.conv.newtonConverged = self.conv.stepReductionFailed = False
        self.output.errorMessage = ""
        self._Settings(settings)
        statistics = {}  # unknown after a failure
        try:
            statistics = solve()
        except Exception as error:
            self.conv.stepReductionFailed = True
            self.output.errorMessage = str(error)
            raise
        finally:
            self._Statistics(statistics)
        self.output.finishedSuccessfully = True
        self.conv.newtonConverged = self._usesNewton
        return True

    def _Statistics(self, statistics):
        it = self.it
        it.newtonStepsCount = statistics.get("newtonIterations", 0)
        it.newtonJacobiCount = statistics.get("newtonJacobians", 0)
        it.rejectedModifiedNewtonSteps = statistics.get("modifiedNewtonRejections", 0)
        # the implicit and static solvers' rejected steps are step reductions, which Exudyn does not count here
        it.rejectedAutomaticStepSizeSteps = statistics.get("rejectedSteps", 0) if self._hasStepSizeControl else 0
        steps = statistics.get("steps", 0)
        it.stepsCount = steps
        it.residualEvaluationsCount = statistics.get("residualEvaluations", 0)
        it.errorTestFailuresCount = statistics.get("errorTestFailures", 0)
        it.convergenceFailuresCount = statistics.get("convergenceFailures", 0)
        it.lastOrder = statistics.get("lastOrder", 0)
        it.currentStepIndex = steps + 1 if statistics else 0
        it.discontinuousIterationsCount = steps + statistics.get("discontinuousIterations", 0)
        self.timer.total = statistics.get("computationTime", 0.)
        mbs = self._System()
        if mbs is not None:  # the values the properties give once the system is gone
            it._time, it._stepSize = mbs._CurrentSolverStep()


class MainSolverImplicitSecondOrder(MainSolverBase):
    """Exudyn's implicit solver: generalized-alpha, with the Newmark and index-2 variants chosen by
    simulationSettings.timeIntegration.generalizedAlpha (useNewmark, useIndex2Constraints)."""
    solverName = "implicit second order time integration"
    _usesNewton = True

    def _Settings(self, settings):
        TimeIntegrationSettings(self.it, settings, automaticStepSize=False)

    @UserFrameFirst
    def SolveSystem(self, mbs, simulationSettings=None):
        """Integrates mbs in time from its initial values as mbs.SolveDynamic(simulationSettings)
        does (raises multidyn.SolverError if Newton fails for good); returns True."""
        from multidyn.analysis.solve import _SolveWith  # here: solve imports this module
        return _SolveWith(mbs, "MainSolverImplicitSecondOrder.SolveSystem", simulationSettings, False, True, self,
                          DynamicSolverType.GeneralizedAlpha)


class MainSolverExplicit(MainSolverBase):
    """Exudyn's explicit solver: the method of simulationSettings.timeIntegration.solverType (Exudyn
    1.13; its 1.11 name timeIntegration.explicitIntegration.dynamicSolverType reaches the same value)."""
    _usesNewton = False
    _hasStepSizeControl = True  # the explicit pairs' automatic step size

    def __init__(self):
        super().__init__()
        self._method = "DOPRI5"

    def GetSolverName(self):
        return f"explicit time integration ({self._method})"

    def _Settings(self, settings):
        adaptive = self._method in ("ODE23", "DOPRI5", "DVERK6")
        TimeIntegrationSettings(self.it, settings,
                                automaticStepSize=adaptive and settings["timeIntegration"]["automaticStepSize"])

    @UserFrameFirst
    def SolveSystem(self, mbs, simulationSettings=None):
        """Integrates mbs in time from its initial values with the explicit method of
        simulationSettings.timeIntegration.solverType; returns True."""
        from multidyn.analysis.solve import _CheckedSettings, _SolveWith
        simulationSettings = _CheckedSettings("MainSolverExplicit.SolveSystem", simulationSettings)
        solverType = simulationSettings.timeIntegration.solverType
        implicit = {DynamicSolverType.GeneralizedAlpha: "exu.MainSolverImplicitSecondOrder()",
                    DynamicSolverType.TrapezoidalIndex2: "exu.MainSolverImplicitSecondOrder()",
                    DynamicSolverType.IDA: "exu.MainSolverSundials()", DynamicSolverType.CVODE: "exu.MainSolverSundials()"}
        if solverType in implicit:
            explicit = ", ".join(t.name for t in DynamicSolverType if t not in implicit)
            raise ValueError("MainSolverExplicit.SolveSystem: simulationSettings.timeIntegration.solverType must be an "
                             f"explicit method ({explicit}), but it is {solverType.name}; for it use "
                             f"{implicit[solverType]}")
        return _SolveWith(mbs, "MainSolverExplicit.SolveSystem", simulationSettings, False, True, self, solverType)


class MainSolverSundials(MainSolverBase):
    """multidyn's SUNDIALS integrators, DynamicSolverType.IDA and CVODE (docs/solvers/Sundials.md): error-controlled
    variable-order, variable-step; solver.it has their counters (stepsCount, residualEvaluationsCount,
    errorTestFailuresCount, convergenceFailuresCount, lastOrder, newtonStepsCount, newtonJacobiCount)."""
    _usesNewton = True
    _hasStepSizeControl = True

    def __init__(self):
        super().__init__()
        self._method = "IDA"

    def GetSolverName(self):
        return f"SUNDIALS {self._method} time integration"

    def _Settings(self, settings):
        TimeIntegrationSettings(self.it, settings, automaticStepSize=True)
        sundials = settings["timeIntegration"]["sundials"]
        self.it.maxStepSize = sundials["maximumStepSize"] or self.it.maxStepSize
        self.it.initialStepSize = sundials["initialStepSize"]

    def SolveSystem(self, mbs, simulationSettings=None):
        """Integrates mbs in time with DynamicSolverType.IDA (or CVODE, as set in
        simulationSettings.timeIntegration.solverType); returns True."""
        from multidyn.analysis.solve import _CheckedSettings, _SolveWith
        simulationSettings = _CheckedSettings("MainSolverSundials.SolveSystem", simulationSettings)
        solverType = simulationSettings.timeIntegration.solverType
        if solverType not in (DynamicSolverType.IDA, DynamicSolverType.CVODE):
            solverType = DynamicSolverType.IDA
        return _SolveWith(mbs, "MainSolverSundials.SolveSystem", simulationSettings, False, True, self, solverType)


class MainSolverStatic(MainSolverBase):
    """Exudyn's static solver: load steps of simulationSettings.staticSolver."""
    solverName = "nonlinear static solver"
    _usesNewton = True

    def _Settings(self, settings):
        static = settings["staticSolver"]
        it = self.it
        it.numberOfSteps = static["numberOfLoadSteps"]
        it.startTime = static["loadStepStart"]
        it.endTime = static["loadStepStart"] + static["loadStepDuration"]
        it.maxStepSize = it.initialStepSize = static["loadStepDuration"] / max(static["numberOfLoadSteps"], 1)
        it.minStepSize = static["minimumStepSize"]
        it.adaptiveStep = static["adaptiveStep"]
        it.automaticStepSize = False

    @UserFrameFirst
    def SolveSystem(self, mbs, simulationSettings=None):
        """Solves for the static equilibrium as mbs.SolveStatic(simulationSettings); returns True."""
        from multidyn.analysis.solve import _SolveWith
        return _SolveWith(mbs, "MainSolverStatic.SolveSystem", simulationSettings, False, True, self)


def TimeIntegrationSettings(it, settings, automaticStepSize):
    """solver.it's values that come from the settings of a time integration (a settings dict)."""
    time = settings["timeIntegration"]
    it.numberOfSteps = time["numberOfSteps"]
    it.startTime = time["startTime"]
    it.endTime = time["endTime"]
    it.maxStepSize = (time["endTime"] - time["startTime"]) / max(time["numberOfSteps"], 1)
    it.minStepSize = time["minimumStepSize"]
    it.initialStepSize = time["initialStepSize"] if automaticStepSize else it.maxStepSize
    it.adaptiveStep = time["adaptiveStep"]
    it.automaticStepSize = automaticStepSize


def SolverSuccess(solverStructure):
    """[success, errorString] of a solver object after its solve (e.g. mbs.sys['dynamicSolver']), as
    Exudyn's exu.SolverSuccess; errorString is the solver's error message, '' after a success."""
    if not isinstance(solverStructure, MainSolverBase):
        raise TypeError("SolverSuccess: expected a solver object such as mbs.sys['dynamicSolver'] or "
                        f"exu.MainSolverImplicitSecondOrder(), got {type(solverStructure).__name__}")
    return [solverStructure.output.finishedSuccessfully, solverStructure.output.errorMessage]
