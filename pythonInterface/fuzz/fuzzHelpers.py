"""What every fuzz case script imports: the models it starts from, `attempt` (runs one call and
judges its error), snapshots, and the check that a system is still valid.

A case is a small Python script (so that a failing case is its own reproducer); it records
problems with `Problem(...)`. The worker (fuzzWorker.py) runs the script and reports the
problems; a crash or a hang of the worker is a problem the runner sees from outside.
"""
import math
import re

import numpy as np

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403  (cases name item classes directly)
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, NodeGenericData, NodeGenericODE1,
                                    ObjectGenericODE1, ObjectGround, RevoluteJointZ, RigidBody, RigidRxyz,
                                    SensorNode, Torque, TorsionalSpringDamper)

OVT = exu.OutputVariableType
CT = exu.ConfigurationType

problems = []
errors = []  # (type name, message) of every rejected call, for the statistics

#: the error types a user may see
ALLOWED = (ValueError, TypeError, IndexError, KeyError, OSError, AttributeError, NotImplementedError,
           exu.NotAssembledError, exu.UserFunctionError, exu.SolverError, exu.SolveInProgressError)
#: what a message must never show: private bindings, C++ or pybind11 internals, JSON spellings
FORBIDDEN = [
    (re.compile(r"(?<![\w.])_(?:[A-Z]\w*)\("), "names a private binding"),
    (re.compile(r"\b_(?:SetItemParameter|GetItemParameter|AddItem|ModifyItem|GetItem|GetCoordinates|SetCoordinates|"
                r"SolveDynamic|SolveStatic|LoadJson|ToJson|NumberOfItems|ItemDescription|ResetCurrentToInitial|"
                r"StoreCurrentAsInitial|Time|CheckNotSolving)\b"), "names a private binding"),
    (re.compile(r"multidyn\._multidyn"), "names the compiled module"),
    (re.compile(r"incompatible function arguments"), "pybind11 argument error"),
    (re.compile(r"Unable to cast"), "pybind11 cast error"),
    (re.compile(r"std::|basic_string|nlohmann|\[json\.exception"), "C++ internals"),
    # a name the user chose ('null') is shown in quotes and is not a JSON spelling
    (re.compile(r"(?<!')\bnull\b(?!')"), "shows a value as JSON null"),
    (re.compile(r"C\+\+ type"), "C++ type"),
]
#: words that say what was expected (or why the call is refused)
EXPECTED = re.compile(r"expected|must|not allowed|does not exist|has no |unknown|not available|cannot|not valid|"
                      r"not a |requires|needs|refused|failed|did not converge|not assembled|call mbs\.Assemble|"
                      r"nested|too large|at most|at least|neither|either|only|is not|not supported|no such|"
                      r"is a structure|give either|singular|Newton|diverged|returned|required|no file form|out of range",
                      re.IGNORECASE)


def Problem(kind, text):
    problems.append((kind, text))


def JudgeMessage(error, names=()):
    """A message is helpful if it says what was expected, names one of `names` (the item, setting,
    function or parameter), and shows nothing internal."""
    text = str(error)
    for pattern, what in FORBIDDEN:
        if pattern.search(text):
            Problem("unhelpful", f"{type(error).__name__}: {what}: {text}")
            return
    if not EXPECTED.search(text):
        Problem("unhelpful", f"{type(error).__name__}: does not say what was expected: {text}")
    if names and not any(name in text for name in names) and "has no parameter" not in text:
        Problem("unhelpful", f"{type(error).__name__}: names none of {list(names)}: {text}")


def attempt(call, names=(), mbs=None):
    """Runs call(); an error must be an allowed type with a helpful message. If `mbs` is given
    and the call is rejected, mbs must be unchanged. Returns (ok, result or error)."""
    before = Snapshot(mbs) if mbs is not None else None
    try:
        return True, call()
    except RecursionError as error:
        Problem("bad type", f"RecursionError: {error}")
        return False, error
    except ALLOWED as error:
        errors.append((type(error).__name__, str(error)))
        JudgeMessage(error, names)
        if mbs is not None:
            after = Snapshot(mbs)
            # a solve assembles an out-of-date system first (autoAssemble, as Exudyn): that it is
            # assembled after a failed solve changes no item and is no corruption
            if before is not None and not before['assembled'] and after['assembled']:
                after = dict(after, assembled=False)
            if after != before:
                Problem("changed", f"a rejected call changed the system ({type(error).__name__}: {error})")
        return False, error
    except Exception as error:  # noqa: BLE001  (any other type is a finding)
        Problem("bad type", f"{type(error).__name__}: {error}")
        return False, error


def _Comparable(value):
    if callable(value):
        return "<function>"
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    if isinstance(value, (list, tuple)):
        return [_Comparable(v) for v in value]
    if isinstance(value, dict):
        return {k: _Comparable(v) for k, v in value.items()}
    return value


def Snapshot(mbs):
    """Every item as its dict (user functions as a mark), and whether the system is assembled."""
    if mbs is None:
        return None
    items = {}
    for category in ['Node', 'Object', 'Marker', 'Load', 'Sensor']:
        count = getattr(mbs, f'NumberOf{category}s')()
        items[category] = [_Comparable(getattr(mbs, 'Get' + category)(i)) for i in range(count)]
    items['assembled'] = mbs.IsAssembled()
    items['preStep'] = callable(mbs.GetPreStepUserFunction())
    return items


def QuietSettings(endTime=0.05, numberOfSteps=5):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.active = False
    s.timeIntegration.endTime = endTime
    s.timeIntegration.numberOfSteps = numberOfSteps
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-14
    s.staticSolver.verboseMode = 0
    return s


class Rotor:
    """The mini example (body on a revolute joint, torsional spring-damper, torque), a mass point,
    a data node, an ODE1 object and a sensor: every category, with user functions that follow
    the built-in laws unless `Misbehave` switched them."""

    def __init__(self, SC=None, userFunctions=True):
        self.SC = SC if SC is not None else exu.SystemContainer()
        self.userFunctions = userFunctions
        mbs = self.mbs = self.SC.AddSystem()
        self.behaviour = {}
        self.calls = {}
        ground = mbs.AddObject(ObjectGround())
        self.nBody = mbs.AddNode(RigidRxyz())
        self.oBody = mbs.AddObject(RigidBody(mass=1., inertia=[1, 1, 1, 0, 0, 0], nodeNumber=self.nBody))
        mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=self.nBody))
        mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
        self.markers = [mGround, mBody]
        mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
        self.oSpring = mbs.AddObject(TorsionalSpringDamper(
            name='spring', markerNumbers=[mGround, mBody], stiffness=2e3, damping=20.,
            springTorqueUserFunction=self.Spring if userFunctions else 0))
        self.lTorque = mbs.AddLoad(Torque(name='torque', markerNumber=mBody, loadVector=[0, 0, 1],
                                          loadVectorUserFunction=self.Load if userFunctions else 0))
        self.nODE1 = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[0.], initialCoordinates=[1.]))
        self.oODE1 = mbs.AddObject(ObjectGenericODE1(name='decay', nodeNumbers=[self.nODE1],
                                                     rhsUserFunction=self.ODE1 if userFunctions else 0))
        self.nData = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
        self.sRotation = mbs.AddSensor(SensorNode(nodeNumber=self.nBody, outputVariableType=OVT.Rotation,
                                                  storeInternal=True, writeToFile=False))
        if userFunctions:
            mbs.SetPreStepUserFunction(self.PreStep)
        mbs.Assemble()

    def _Run(self, name, mbs, t, normal):
        self.calls[name] = self.calls.get(name, 0) + 1
        behaviour = self.behaviour.get(name)
        if behaviour is not None and self.calls[name] > behaviour[0]:
            return behaviour[1](mbs, t, normal)
        return normal

    def Spring(self, mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        return self._Run('spring', mbs, t, stiffness * (rotation - offset) + damping * angularVelocity)

    def Load(self, mbs, t, loadVector):
        return self._Run('load', mbs, t, loadVector)

    def ODE1(self, mbs, t, itemNumber, y):
        return self._Run('ode1', mbs, t, -y)

    def PreStep(self, mbs, t):
        return self._Run('preStep', mbs, t, True)

    def Misbehave(self, name, afterCalls, behaviour):
        self.behaviour[name] = (afterCalls, behaviour)

    def Behave(self):
        self.behaviour = {}

    def Result(self):
        return (self.mbs.GetNodeOutput(self.nBody, OVT.Rotation)[2], self.mbs.GetNodeOutput(self.nODE1, OVT.Coordinates))


_baseline = {}


def Baseline(userFunctions):
    """The result of a fresh rotor (with or without user functions: without, the ODE1 object has
    no right-hand side and its coordinate stays)."""
    if userFunctions not in _baseline:
        rotor = Rotor(userFunctions=userFunctions)
        rotor.mbs.SolveDynamic(QuietSettings())
        _baseline[userFunctions] = rotor.Result()
    return _baseline[userFunctions]


def CheckStillValid(rotor, what):
    """The rotor behaves again and must solve to the baseline (the system is as it was built)."""
    rotor.Behave()
    ok, error = attempt(lambda: (rotor.mbs.Assemble(), rotor.mbs.SolveDynamic(QuietSettings())))
    if not ok:
        Problem("invalid after", f"{what}: the system no longer solves: {type(error).__name__}: {error}")
        return
    result, expected = rotor.Result(), Baseline(rotor.userFunctions)
    if not np.allclose(result, expected, rtol=1e-9, atol=1e-14):
        Problem("invalid after", f"{what}: the system solves to {result}, not {expected}")


def Nested(depth):
    """A list nested `depth` levels deep."""
    value = [1.]
    for _ in range(depth):
        value = [value]
    return value


class BadFloat:
    """A number-like object whose conversion raises."""

    def __float__(self):
        raise ArithmeticError("BadFloat cannot be converted")


class BadRepr:
    def __repr__(self):
        raise RuntimeError("repr fails")

    def __float__(self):
        return 1.0


class Sequence3:
    """Iterable but not a list."""

    def __iter__(self):
        return iter([1., 2., 3.])

    def __len__(self):
        return 3
