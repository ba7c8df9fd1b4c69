"""Multidyn: multibody dynamics with Exudyn's Python API.

Exudyn scripts run with ``import multidyn as exu``. Item classes live in
``multidyn.itemInterface``, rotation and inertia helpers in ``multidyn.utilities``
(``from multidyn.utilities import *`` brings what Exudyn's does), graphics primitives in
``multidyn.graphics``. There is no renderer yet: the renderer calls of Exudyn scripts are
accepted and do nothing (they say so once).
"""

import numpy as _np

from multidyn import _multidyn
from multidyn._multidyn import (ConfigurationType, ExponentialSpringParameters, MainSystem, NotAssembledError, OutputVariableType,
                                SolveInProgressError, SolverError, UserFunctionError)
from multidyn.indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from multidyn.kinematicTreeTypes import JointType
from multidyn.matrixContainer import MatrixContainer
from multidyn import renderer as _renderer
from multidyn.exudynEnum import ExudynEnum as _ExudynEnum
from multidyn.console import (Config, Print, SetLinalgOutputFormatPython, SetOutputPrecision, SetPrintDelayMilliSeconds,
                              SetWriteToConsole, SetWriteToFile, SuppressWarnings, __version__, config)
from multidyn.renderer import Renderer
from multidyn.simulationSettings import SimulationSettings
from multidyn.visualizationSettings import VisualizationSettings
from multidyn.rigidBodyUtilities import HT

#: Exudyn's global dict for test results and user data (exu.sys['testResult']).
sys = {}
#: Exudyn's global dict for user variables.
variables = {}


def __getattr__(name):
    """multidyn.centroidal is imported on first use (it needs scipy)."""
    if name == "centroidal":
        import importlib
        return importlib.import_module(".centroidal", __name__)
    raise AttributeError(f"module 'multidyn' has no attribute {name!r}")


def GetVersionString(addDetails=False):
    """the version, with Python version and platform if addDetails (Exudyn 1.13: exu.config.Version)"""
    return config.Version(addDetails)


def InvalidIndex():
    """The index of no item (-1), as Exudyn's exu.InvalidIndex()."""
    return -1


class DynamicSolverType(_ExudynEnum):
    """Dynamic solvers: GeneralizedAlpha (with its Newmark/index-2 variant TrapezoidalIndex2), the explicit
    fixed-step methods, the explicit pairs ODE23, DOPRI5, DVERK6 with automatic step size control, and (multidyn)
    SUNDIALS' error-controlled IDA and CVODE."""
    GeneralizedAlpha = 1
    TrapezoidalIndex2 = 2
    ExplicitEuler = 3
    ExplicitMidpoint = 4
    RK33 = 5
    RK44 = 6
    RK67 = 7
    ODE23 = 8
    DOPRI5 = 9
    DVERK6 = 10
    VelocityVerlet = 11
    IDA = 12  # multidyn: SUNDIALS IDA on the stabilised index-2 DAE (docs/solvers/Sundials.md)
    CVODE = 13  # multidyn: SUNDIALS CVODE (BDF or Adams), constraints by projection


class LinearSolverType(_ExudynEnum):
    """Linear solvers (simulationSettings.linearSolverType / linearSolver.solverType), Exudyn's values."""
    _None = 0
    EXUdense = 1
    EigenSparse = 2
    EigenSparseSymmetric = 4
    EigenDense = 8


class Vector3DList(list):
    """Exudyn's list of 3D vectors (e.g. ObjectKinematicTree.jointOffsets): a Python list of 3-vectors
    with Exudyn's methods."""

    def __init__(self, vectors=()):
        super().__init__(self._Checked(v) for v in vectors)

    @staticmethod
    def _Checked(vector):
        array = _np.asarray(vector, dtype=float)
        if array.shape != (3,):
            raise ValueError(f"Vector3DList: expected a vector of 3 numbers, got {vector!r}")
        return array

    def Append(self, vector):
        self.append(self._Checked(vector))

    def NumberOfItems(self):
        return len(self)

    def GetPythonObject(self):
        return [list(v) for v in self]


class Matrix3DList(list):
    """Exudyn's list of 3x3 matrices (e.g. ObjectKinematicTree.jointTransformations)."""

    def __init__(self, matrices=()):
        super().__init__(self._Checked(m) for m in matrices)

    @staticmethod
    def _Checked(matrix):
        array = _np.asarray(matrix, dtype=float)
        if array.shape != (3, 3):
            raise ValueError(f"Matrix3DList: expected a 3x3 matrix, got {matrix!r}")
        return array

    def Append(self, matrix):
        self.append(self._Checked(matrix))

    def NumberOfItems(self):
        return len(self)

    def GetPythonObject(self):
        return [m.tolist() for m in self]


class ItemType(_ExudynEnum):
    """Item categories, Exudyn's values (used e.g. by visualizationSettings.interactive.highlightItemType)."""
    _None = 0
    Node = 1
    Object = 2
    Marker = 3
    Load = 4
    Sensor = 5


class NodeType(_ExudynEnum):
    """Node types with Exudyn's values; mbs.CreateRigidBody(nodeType=...) takes RotationEulerParameters
    and RotationRxyz."""
    _None = 0
    Ground = 1
    Position2D = 2
    Orientation2D = 4
    Point2DSlope1 = 8
    Position = 16
    Orientation = 32
    RigidBody = 64
    RotationEulerParameters = 128
    RotationRxyz = 256
    RotationRotationVector = 512
    LieGroupWithDirectUpdate = 1024
    GenericODE2 = 4096
    GenericODE1 = 8192
    GenericAE = 16384
    GenericData = 32768
    PointSlope1 = 65536
    PointSlope12 = 131072
    PointSlope23 = 262144


class SystemContainer:
    """Holds one or more MainSystems (SC.AddSystem()), the visualization settings and the renderer
    (a placeholder: there is no renderer yet)."""

    def __init__(self):
        self._systems = []
        self.visualizationSettings = VisualizationSettings()
        self.renderer = Renderer()

    def AddSystem(self):
        mbs = MainSystem()
        mbs.variables = {}
        mbs.sys = {}
        mbs.systemContainer = self
        self._systems.append(mbs)
        return mbs

    def AppendSystem(self, mainSystem):
        """Exudyn's SC.AppendSystem(mbs): puts a system made elsewhere (copy.copy(mbs), pickle.loads, or one
        of another container) into this container; returns its system number."""
        if not isinstance(mainSystem, MainSystem):
            raise TypeError(f"SC.AppendSystem: expected a MainSystem (e.g. copy.copy(mbs)), got "
                            f"{type(mainSystem).__name__}")
        for attribute in ("variables", "sys"):  # a MainSystem() made directly has neither
            if not isinstance(getattr(mainSystem, attribute, None), dict):
                setattr(mainSystem, attribute, {})
        mainSystem.systemContainer = self
        self._systems.append(mainSystem)
        return len(self._systems) - 1

    def NumberOfSystems(self):
        return len(self._systems)

    def GetSystem(self, systemNumber):
        if isinstance(systemNumber, bool) or not isinstance(systemNumber, (int, _np.integer)):
            raise TypeError(f"SC.GetSystem: systemNumber must be an integer, got {systemNumber!r}")
        if not 0 <= systemNumber < len(self._systems):
            raise IndexError(f"SC.GetSystem: system number {int(systemNumber)} does not exist; the container has "
                             f"{len(self._systems)} system(s) (numbers 0 to {len(self._systems) - 1})"
                             if self._systems else
                             f"SC.GetSystem: system number {int(systemNumber)} does not exist; the container has no "
                             f"systems (add one with SC.AddSystem())")
        return self._systems[int(systemNumber)]

    def Reset(self):
        # All or nothing: refused (SolveInProgressError) if any system is being solved.
        for mbs in self._systems:
            mbs._CheckNotSolving("SC.Reset()")
        for mbs in self._systems:
            mbs.Reset()
        self._systems = []

    def __repr__(self):
        return f"SystemContainer with {len(self._systems)} system(s)"

    def WaitForRenderEngineStopFlag(self):
        """no renderer: returns at once"""
        _renderer.SayNoRenderer("SC.WaitForRenderEngineStopFlag()")

    def RenderEngineZoomAll(self):
        _renderer.SayNoRenderer("SC.RenderEngineZoomAll()")

    def AttachToRenderEngine(self):
        _renderer.SayNoRenderer("SC.AttachToRenderEngine()")
        return False

    def DetachFromRenderEngine(self):
        _renderer.SayNoRenderer("SC.DetachFromRenderEngine()")
        return False


def StartRenderer(verbose=0, **kwargs):
    """no renderer yet: says so once and returns False (not started)"""
    _renderer.SayNoRenderer("exu.StartRenderer()")
    return False


def StopRenderer():
    """no renderer yet: does nothing"""
    _renderer.SayNoRenderer("exu.StopRenderer()")


def SolveDynamic(mbs, simulationSettings=None, solverType=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """exu.SolveDynamic(mbs, simulationSettings, ...): the same as mbs.SolveDynamic(...)"""
    return mbs.SolveDynamic(simulationSettings, solverType=solverType, updateInitialValues=updateInitialValues,
                            storeSolver=storeSolver, showHints=showHints, showCausingItems=showCausingItems,
                            autoAssemble=autoAssemble)


def SolveStatic(mbs, simulationSettings=None, updateInitialValues=False, storeSolver=True, showHints=False,
                showCausingItems=True, autoAssemble=True):
    """exu.SolveStatic(mbs, simulationSettings, ...): the same as mbs.SolveStatic(...)"""
    return mbs.SolveStatic(simulationSettings, updateInitialValues=updateInitialValues, storeSolver=storeSolver,
                           showHints=showHints, showCausingItems=showCausingItems, autoAssemble=autoAssemble)


from multidyn import itemInterface  # noqa: E402  (needs the compiled module's item tables)
from multidyn import mainSystemExtensions  # noqa: E402,F401  (adds the Python methods of MainSystem)
from multidyn import solver  # noqa: E402,F401  (exu.solver; mbs.ComputeODE2Eigenvalues and the other linear analysis)
from multidyn.mainSolver import (MainSolverExplicit, MainSolverImplicitSecondOrder, MainSolverStatic, MainSolverSundials,  # noqa: E402,F401
                                 SolverSuccess)
from multidyn import graphics  # noqa: E402,F401  (exu.graphics, as in Exudyn)
from multidyn import modules  # noqa: E402,F401  (control modules: multidyn.modules.TwoHingeDamper)
from multidyn import demos  # noqa: E402,F401  (exu.demos.Demo1(), as in Exudyn)
