"""Multidyn: multibody dynamics with Exudyn's Python API.

Exudyn scripts run with ``import multidyn as exu``. Item classes live in
``multidyn.itemInterface``, rotation and inertia helpers in ``multidyn.utilities``.
"""
import enum as _enum

import numpy as _np

from . import _multidyn
from ._multidyn import (ConfigurationType, MainSystem, NotAssembledError, OutputVariableType, SolveInProgressError,
                        SolverError, UserFunctionError)
from .indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from .simulationSettings import SimulationSettings
from .utilities import HT

__version__ = "0.1.0"

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


def InvalidIndex():
    """The index of no item (-1), as Exudyn's exu.InvalidIndex()."""
    return -1


class DynamicSolverType(_enum.IntEnum):
    """Dynamic solvers; GeneralizedAlpha (with Newmark/index-2 variants) is available now."""
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


class NodeType(_enum.IntEnum):
    """Rotation parametrisations for mbs.CreateRigidBody(nodeType=...)."""
    RotationEulerParameters = 1
    RotationRxyz = 2


class SystemContainer:
    """Holds one or more MainSystems (SC.AddSystem())."""

    def __init__(self):
        self._systems = []

    def AddSystem(self):
        mbs = MainSystem()
        mbs.variables = {}
        mbs.sys = {}
        mbs.systemContainer = self
        self._systems.append(mbs)
        return mbs

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


from . import itemInterface  # noqa: E402  (needs the compiled module's item tables)
from . import mainSystemExtensions  # noqa: E402,F401  (adds the Python methods of MainSystem)
