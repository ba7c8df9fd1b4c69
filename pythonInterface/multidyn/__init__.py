"""Multidyn: multibody dynamics with Exudyn's Python API.

Exudyn scripts run with ``import multidyn as exu``. Item classes live in
``multidyn.itemInterface``, rotation and inertia helpers in ``multidyn.utilities``
(``from multidyn.utilities import *`` brings what Exudyn's does), graphics primitives in
``multidyn.graphics``. The renderer calls of Exudyn scripts (``exu.StartRenderer()``,
``SC.renderer``, ``mbs.SolutionViewer()``) drive a browser viewer (``multidyn.viewer``, needs
``pip install multidyn[viewer]``; without it they say so and do nothing).
"""

import numpy as _np

from multidyn import _multidyn
from multidyn._multidyn import (ConfigurationType, ExponentialSpringParameters, MainSystem, NotAssembledError, OutputVariableType,
                                SolveInProgressError, SolverError, UserFunctionError)
from multidyn.api.indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from multidyn.modelling.kinematicTreeTypes import JointType
from multidyn.api.matrixContainer import MatrixContainer
from multidyn.viewer import renderer as _renderer
from multidyn.api.enums import DynamicSolverType, ItemType, LinearSolverType, NodeType
from multidyn.api.console import (Config, Print, SetLinalgOutputFormatPython, SetOutputPrecision, SetPrintDelayMilliSeconds,
                                  SetWriteToConsole, SetWriteToFile, SuppressWarnings, __version__, config)
from multidyn.renderer import Renderer
from multidyn.api.simulationSettings import SimulationSettings
from multidyn.api.visualizationSettings import VisualizationSettings
from multidyn.modelling.rigidBodyUtilities import HT

from multidyn.api.globalDicts import sys, variables  # noqa: F401  (exu.sys, exu.variables)
from multidyn import symbolic  # noqa: F401,E402  (exu.symbolic, Exudyn's esym)

# Exudyn's Visualization configuration is the state its render thread copied for drawing. The viewer here draws
# from the solver's hook (or a played row), where the current state is the drawn one, so graphics user functions
# reading ConfigurationType.Visualization read Current (the same enum value, shown as Current).
if not hasattr(ConfigurationType, "Visualization"):
    ConfigurationType.Visualization = ConfigurationType.Current


def __getattr__(name):
    """multidyn.centroidal is imported on first use (it needs scipy)."""
    if name == "centroidal":
        import importlib
        return importlib.import_module(".centroidal", __name__)
    raise AttributeError(f"module 'multidyn' has no attribute {name!r}")


def GetVersionString(addDetails=False):
    """the version, with Python version and platform if addDetails (Exudyn 1.13: exu.config.Version)"""
    return config.Version(addDetails)


def Help():
    """prints where to start: the docs, the examples and how Exudyn scripts run on multidyn (Exudyn's exu.Help())"""
    Print("This is multidyn, a multibody dynamics engine with Exudyn's Python interface.\n"
          "Exudyn scripts run with 'import multidyn as exu' (and multidyn.utilities, multidyn.graphics, ... in place of "
          "exudyn's modules).\n"
          "Documentation: the docs/ folder of the multidyn repository (README.md first; item reference in "
          "docs/items/).\n"
          "Examples: examples/ in the repository; exu.demos.Demo1() and exu.demos.Demo2() run two small models.\n"
          "help(exu.MainSystem), help(exu.SimulationSettings) and help(<item class>) describe the interface.")


def InvalidIndex():
    """The index of no item (-1), as Exudyn's exu.InvalidIndex()."""
    return -1




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




class SystemContainer:
    """Holds one or more MainSystems (SC.AddSystem()), the visualization settings and the renderer
    (SC.renderer: the browser viewer, multidyn.viewer)."""

    def __init__(self):
        self._systems = []
        self.visualizationSettings = VisualizationSettings()
        self.renderer = Renderer(self)
        self._renderEngineStopFlag = False
        _renderer.RegisterContainer(self)

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
        """waits until Stop is pressed in the browser (or every browser has gone); at once back when nobody watches"""
        server = _renderer.RunningServer(self)
        if server is None:
            if not _renderer.ViewerAvailable():
                _renderer.SayNoViewer("SC.WaitForRenderEngineStopFlag()")
            return
        while server.IsWatched() and not (server.stopFlag or self._renderEngineStopFlag):
            server.continueEvent.wait(0.1)

    def GetRenderEngineStopFlag(self):
        """True once the user pressed Stop in the browser (or SetRenderEngineStopFlag(True))"""
        server = _renderer.RunningServer(self)
        return bool(self._renderEngineStopFlag or (server is not None and server.stopFlag))

    def SetRenderEngineStopFlag(self, stopFlag):
        self._renderEngineStopFlag = bool(stopFlag)
        server = _renderer.RunningServer(self)
        if server is not None:
            server.stopFlag = bool(stopFlag)

    def RedrawAndSaveImage(self):
        """Exudyn's older SC.RedrawAndSaveImage(): SC.renderer.RedrawAndSaveImage()"""
        self.renderer.RedrawAndSaveImage()

    def RenderEngineZoomAll(self):
        self.renderer.ZoomAll()

    def AttachToRenderEngine(self):
        return self.renderer.Attach()

    def DetachFromRenderEngine(self):
        return self.renderer.Detach()

    def GetRenderState(self):
        return self.renderer.GetState()

    def SetRenderState(self, renderState):
        self.renderer.SetState(renderState)


from multidyn.renderer import DoRendererIdleTasks, StartRenderer, StopRenderer  # noqa: E402,F401


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


# Exudyn's public modules, as faces of the subpackages api, modelling and analysis (exu.graphics, exu.solver, ...)
from multidyn import itemInterface  # noqa: E402
from multidyn import mainSystemExtensions  # noqa: E402,F401  (puts the Python methods on MainSystem)
from multidyn import solver  # noqa: E402,F401  (exu.solver; mbs.ComputeODE2Eigenvalues and the other linear analysis)
from multidyn import plot  # noqa: E402,F401  (exu.plot, mbs.PlotSensor)
from multidyn.analysis.mainSolver import (MainSolverExplicit, MainSolverImplicitSecondOrder, MainSolverStatic,  # noqa: E402,F401
                                          MainSolverSundials,
                                          SolverSuccess)
from multidyn import graphics  # noqa: E402,F401  (exu.graphics, as in Exudyn)
from multidyn import rigidBodyUtilities  # noqa: E402,F401
from multidyn import FEM  # noqa: E402,F401
from multidyn import modules  # noqa: E402,F401  (control modules: multidyn.modules.TwoHingeDamper)
from multidyn import demos  # noqa: E402,F401  (exu.demos.Demo1(), as in Exudyn)
