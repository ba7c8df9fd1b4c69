"""User functions that cannot break the system (issue 5, section 4; the crashes of issue 10).

During a solve a user function (or the pre-step user function) may read anything and set
run-time parameters, in place, seen at the next evaluation. A structural change raises
multidyn.SolveInProgressError naming the call and the user function; the solve stops with the
last accepted step kept and the system solves again afterwards. Each case has its own test.

The model: a unit-inertia body on a revolute joint about z with a torsional spring-damper
(k = 2e3, d = 20) and a torque tau = 1 about z, I th'' + d th' + k th = tau; the spring torque
and the applied torque come from user functions that reproduce the built-in laws until the
test switches on a misbehaviour at t > 0.055 (steps of h = 0.01: the last accepted step is
t = 0.05).
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, NodeGenericODE1, ObjectGenericODE1,
                                    ObjectGround, RevoluteJointZ, RigidBody, RigidRxyz, Torque,
                                    TorsionalSpringDamper)

OVT = exu.OutputVariableType
K, D, TAU = 2e3, 20., 1.
MISBEHAVE_AFTER = 0.055  # [s]; the step ending at 0.06 is the first to misbehave
LAST_ACCEPTED = 0.05     # [s]


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def Settings(endTime=0.2, numberOfSteps=20):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.active = False
    s.timeIntegration.endTime = endTime
    s.timeIntegration.numberOfSteps = numberOfSteps
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-14
    return s


class Rotor:
    """The model with user functions; `misbehave(name, mbs, t)` is called inside the function
    `name` ('spring', 'load' or 'ode1') once t > MISBEHAVE_AFTER while `active` is set."""

    def __init__(self, withODE1=False):
        self.SC = exu.SystemContainer()
        mbs = self.mbs = self.SC.AddSystem()
        self.active = False
        self.misbehave = None
        self.calls = {'spring': 0, 'load': 0, 'ode1': 0}
        ground = mbs.AddObject(ObjectGround())
        self.nBody = mbs.AddNode(RigidRxyz())
        mbs.AddObject(RigidBody(mass=1., inertia=[1, 1, 1, 0, 0, 0], nodeNumber=self.nBody))
        mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=self.nBody))
        mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
        mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
        self.markers = [mGround, mBody]
        self.oSpring = mbs.AddObject(TorsionalSpringDamper(name='spring', markerNumbers=[mGround, mBody],
                                                           stiffness=K, damping=D,
                                                           springTorqueUserFunction=self.SpringTorque))
        self.lTorque = mbs.AddLoad(Torque(name='torque', markerNumber=mBody, loadVector=[0, 0, TAU],
                                          loadVectorUserFunction=self.LoadVector))
        if withODE1:
            self.nODE1 = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[0.],
                                                     initialCoordinates=[1.]))
            self.oODE1 = mbs.AddObject(ObjectGenericODE1(name='decay', nodeNumbers=[self.nODE1],
                                                         rhsUserFunction=self.RightHandSide))
        mbs.Assemble()

    def _Maybe(self, name, mbs, t):
        self.calls[name] += 1
        if self.active and self.misbehave is not None and t > MISBEHAVE_AFTER:
            self.misbehave(name, mbs, t)

    def SpringTorque(self, mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        self._Maybe('spring', mbs, t)
        return stiffness * (rotation - offset) + damping * angularVelocity

    def LoadVector(self, mbs, t, loadVector):
        self._Maybe('load', mbs, t)
        return loadVector

    def RightHandSide(self, mbs, t, itemNumber, y):
        self._Maybe('ode1', mbs, t)
        return -y

    def Misbehave(self, inFunction, action):
        def Act(name, mbs, t):
            if name == inFunction:
                action(mbs)
        self.misbehave = Act
        self.active = True

    def Rotation(self):
        return self.mbs.GetNodeOutput(self.nBody, OVT.Rotation)[2]

    def AssertStillSolves(self):
        """The system is as before: it solves to the result of a fresh model."""
        self.active = False
        self.mbs.SolveDynamic(Settings())
        fresh = Rotor()
        fresh.mbs.SolveDynamic(Settings())
        assert self.Rotation() == pytest.approx(fresh.Rotation(), rel=1e-12, abs=1e-15)
        assert self.mbs.systemData.GetTime() == pytest.approx(0.2)


def SolveRefused(rotor, call, caller):
    """Solves; expects the refusal of `call` from `caller`, the last accepted step kept."""
    with pytest.raises(exu.SolveInProgressError) as error:
        rotor.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert f"{call} is not allowed while the system is being solved" in text
    assert caller in text
    assert rotor.mbs.systemData.GetTime() == pytest.approx(LAST_ACCEPTED, abs=1e-12)
    return text


SPRING = "springTorqueUserFunction of object 3 (ObjectConnectorTorsionalSpringDamper 'spring')"
LOAD = "loadVectorUserFunction of load 0 (LoadTorqueVector 'torque')"


def test_userFunctionsReceiveTheScriptsOwnMainSystem():
    # the object the script holds (with its Python attributes such as mbs.variables), in every call
    rotor = Rotor(withODE1=True)
    rotor.mbs.variables['gain'] = 2.
    seen = []
    rotor.active = True
    rotor.misbehave = lambda name, mbs, t: seen.append((name, mbs, mbs.variables['gain']))
    rotor.mbs.SolveDynamic(Settings())
    assert {name for name, _, _ in seen} == {'spring', 'load', 'ode1'}
    assert all(mbs is rotor.mbs and gain == 2. for _, mbs, gain in seen)


def test_lastAcceptedStepIsTheStateTheSolveHadReached():
    """The state kept after a refusal equals a clean solve that ends at that time."""
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.Assemble())
    SolveRefused(rotor, 'mbs.Assemble()', SPRING)
    clean = Rotor()
    clean.mbs.SolveDynamic(Settings(endTime=LAST_ACCEPTED, numberOfSteps=5))
    assert rotor.Rotation() == pytest.approx(clean.Rotation(), rel=1e-12)
    rotor.AssertStillSolves()


def test_assembleInsideSpringFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.Assemble())
    SolveRefused(rotor, 'mbs.Assemble()', SPRING)
    rotor.AssertStillSolves()


def test_assembleInsideLoadFunction():
    rotor = Rotor()
    rotor.Misbehave('load', lambda mbs: mbs.Assemble())
    SolveRefused(rotor, 'mbs.Assemble()', LOAD)
    rotor.AssertStillSolves()


def test_assembleInsideODE1Function():
    rotor = Rotor(withODE1=True)
    rotor.Misbehave('ode1', lambda mbs: mbs.Assemble())
    SolveRefused(rotor, 'mbs.Assemble()', "rhsUserFunction of object 4 (ObjectGenericODE1 'decay')")
    rotor.active = False
    rotor.mbs.SolveDynamic(Settings())
    y = rotor.mbs.GetNodeOutput(rotor.nODE1, OVT.Coordinates)
    assert y == pytest.approx(math.exp(-0.2), rel=1e-4)  # trapezoidal rule, h = 0.01


def test_resetInsideSpringFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.Reset())
    SolveRefused(rotor, 'mbs.Reset()', SPRING)
    assert rotor.mbs.NumberOfObjects() == 4
    rotor.AssertStillSolves()


def test_resetInsideLoadFunction():
    rotor = Rotor()
    rotor.Misbehave('load', lambda mbs: mbs.Reset())
    SolveRefused(rotor, 'mbs.Reset()', LOAD)
    rotor.AssertStillSolves()


def test_systemContainerResetInsideSpringFunction():
    rotor = Rotor()
    other = rotor.SC.AddSystem()
    other.AddNode(RigidRxyz())
    rotor.Misbehave('spring', lambda mbs: rotor.SC.Reset())
    SolveRefused(rotor, 'SC.Reset()', SPRING)
    # all or nothing: the other system was not reset either
    assert rotor.SC.NumberOfSystems() == 2 and other.NumberOfNodes() == 1
    rotor.AssertStillSolves()


def test_addItemsInsideUserFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.AddNode(RigidRxyz()))
    SolveRefused(rotor, 'mbs.AddNode()', SPRING)
    rotor.Misbehave('load', lambda mbs: mbs.AddObject(TorsionalSpringDamper(markerNumbers=rotor.markers)))
    SolveRefused(rotor, 'mbs.AddObject()', LOAD)
    rotor.Misbehave('spring', lambda mbs: mbs.AddLoad(Torque(markerNumber=rotor.markers[1])))
    SolveRefused(rotor, 'mbs.AddLoad()', SPRING)
    assert (rotor.mbs.NumberOfNodes(), rotor.mbs.NumberOfObjects(), rotor.mbs.NumberOfLoads()) == (1, 4, 1)
    rotor.AssertStillSolves()


def test_deleteItemsInsideUserFunction():
    rotor = Rotor()
    before = [rotor.mbs.GetObject(i) for i in range(rotor.mbs.NumberOfObjects())]
    rotor.Misbehave('spring', lambda mbs: mbs.DeleteObject(rotor.oSpring))
    SolveRefused(rotor, 'mbs.DeleteObject(3)', SPRING)
    rotor.Misbehave('load', lambda mbs: mbs.DeleteLoad(0, suppressWarnings=True))
    SolveRefused(rotor, 'mbs.DeleteLoad(0)', LOAD)
    rotor.Misbehave('spring', lambda mbs: mbs.DeleteNode(0))
    SolveRefused(rotor, 'mbs.DeleteNode(0)', SPRING)
    rotor.Misbehave('spring', lambda mbs: mbs.DeleteMarker(0))
    SolveRefused(rotor, 'mbs.DeleteMarker(0)', SPRING)
    assert (rotor.mbs.NumberOfNodes(), rotor.mbs.NumberOfObjects(), rotor.mbs.NumberOfMarkers(),
            rotor.mbs.NumberOfLoads()) == (1, 4, 2, 1)
    assert [rotor.mbs.GetObject(i) for i in range(rotor.mbs.NumberOfObjects())] == before
    rotor.AssertStillSolves()


def test_modifyObjectInsideItsOwnUserFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.ModifyObject(rotor.oSpring, TorsionalSpringDamper(
        markerNumbers=rotor.markers, stiffness=1.)))
    SolveRefused(rotor, 'mbs.ModifyObject()', SPRING)
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'stiffness') == K
    rotor.AssertStillSolves()


def test_structuralParameterInsideUserFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SetObjectParameter(rotor.oSpring, 'markerNumbers',
                                                                 rotor.markers[::-1]))
    text = SolveRefused(rotor, "mbs.SetObjectParameter(3, 'markerNumbers', ...)", SPRING)
    assert 'structural parameter' in text
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'markerNumbers') == list(rotor.markers)
    rotor.AssertStillSolves()


def test_removingItsOwnSpringFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SetObjectParameter(rotor.oSpring, 'springTorqueUserFunction', 0))
    text = SolveRefused(rotor, "mbs.SetObjectParameter(3, 'springTorqueUserFunction', ...)", SPRING)
    assert 'replacing a user function' in text
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'springTorqueUserFunction') == rotor.SpringTorque
    rotor.AssertStillSolves()


def test_replacingItsOwnSpringFunction():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SetObjectParameter(rotor.oSpring, 'springTorqueUserFunction',
                                                                 lambda *args: 0.))
    SolveRefused(rotor, "mbs.SetObjectParameter(3, 'springTorqueUserFunction', ...)", SPRING)
    rotor.AssertStillSolves()


def test_removingItsOwnLoadFunction():
    rotor = Rotor()
    rotor.Misbehave('load', lambda mbs: mbs.SetLoadParameter(rotor.lTorque, 'loadVectorUserFunction', 0))
    SolveRefused(rotor, "mbs.SetLoadParameter(0, 'loadVectorUserFunction', ...)", LOAD)
    rotor.AssertStillSolves()


def test_settingItsOwnParameterThenRaising():
    """Set in place (the running item stays valid), then the function raises: a UserFunctionError
    naming it; the value set is kept (it is a run-time parameter)."""
    rotor = Rotor()

    def SetAndRaise(mbs):
        mbs.SetObjectParameter(rotor.oSpring, 'damping', 30.)
        raise ArithmeticError('control law failed')
    rotor.Misbehave('spring', SetAndRaise)
    with pytest.raises(exu.UserFunctionError) as error:
        rotor.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert "object 3 (ObjectConnectorTorsionalSpringDamper 'spring').springTorqueUserFunction" in text
    assert 'ArithmeticError: control law failed' in text
    assert rotor.mbs.systemData.GetTime() == pytest.approx(LAST_ACCEPTED)
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'damping') == 30.
    rotor.mbs.SetObjectParameter(rotor.oSpring, 'damping', D)
    rotor.AssertStillSolves()


def test_ownOutputInsideItsUserFunctionIsRefusedNotRecursed():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.GetObjectOutput(rotor.oSpring, OVT.TorqueLocal))
    with pytest.raises(exu.UserFunctionError) as error:
        rotor.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert SPRING + ' was called again while it runs (re-entrant evaluation is refused)' in text
    assert 'GetObjectOutput' in text
    assert rotor.mbs.systemData.GetTime() == pytest.approx(LAST_ACCEPTED)
    rotor.AssertStillSolves()


def test_otherOutputsInsideUserFunctionAreReadable():
    """Outputs that do not need the function itself are readable during the solve: inside the
    spring function the body's rotation (Current, as in Exudyn) is that of the state being
    evaluated, the spring's own rotation argument, and the system's time is the evaluation's."""
    rotor = Rotor()
    seen = []

    def Spring(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        seen.append((t, mbs.systemData.GetTime(), rotation, mbs.GetNodeOutput(rotor.nBody, OVT.Rotation)[2],
                     angularVelocity, mbs.GetNodeOutput(rotor.nBody, OVT.AngularVelocity)[2]))
        return stiffness * (rotation - offset) + damping * angularVelocity
    rotor.mbs.SetObjectParameter(rotor.oSpring, 'springTorqueUserFunction', Spring)
    rotor.mbs.SolveDynamic(Settings())
    assert len(seen) > 20
    # calls for the Jacobian's numerical derivative get a perturbed argument (by 1e-7 relative to
    # at least 1e-2, newton.numericalDifferentiation) of the same state; the others equal it
    exact = 0
    for t, time, rotation, shown, angularVelocity, shownVelocity in seen:
        assert time == t
        assert abs(shown - rotation) <= 1.01e-7 * max(1e-2, abs(rotation))
        assert abs(shownVelocity - angularVelocity) <= 1.01e-7 * max(1e-2, abs(angularVelocity))
        exact += shown == pytest.approx(rotation, abs=1e-15) and shownVelocity == angularVelocity
    assert exact > 20 and exact > len(seen) / 2
    assert len({rotation for _, _, rotation, _, _, _ in seen}) > 20  # the iterates, not one value per step


def test_solveDynamicInsideUserFunctionIsRefusedAtOnce():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SolveDynamic(Settings()))
    SolveRefused(rotor, 'mbs.SolveDynamic()', SPRING)
    # refused at the first misbehaving call: the nested solve never evaluated anything
    rotor.active = False
    rotor.calls['spring'] = 0
    rotor.Misbehave('spring', lambda mbs: mbs.SolveDynamic(Settings()))
    with pytest.raises(exu.SolveInProgressError):
        rotor.mbs.SolveDynamic(Settings())
    callsUntilRefusal = rotor.calls['spring']
    # the same solve with a harmless action: its first call after MISBEHAVE_AFTER, counted
    clean = Rotor()
    firstLateCall = []
    clean.Misbehave('spring', lambda mbs: firstLateCall.append(clean.calls['spring']))
    clean.mbs.SolveDynamic(Settings())
    assert callsUntilRefusal == firstLateCall[0]
    rotor.AssertStillSolves()


def test_solveStaticInsideUserFunctionIsRefused():
    rotor = Rotor()
    rotor.Misbehave('load', lambda mbs: mbs.SolveStatic())
    SolveRefused(rotor, 'mbs.SolveStatic()', LOAD)
    rotor.AssertStillSolves()


def test_loadInsideUserFunctionIsRefused(tmp_path):
    saved = exu.SystemContainer().AddSystem()
    saved.AddNode(RigidRxyz())
    saved.Save(str(tmp_path / 'other.json'))
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.Load(str(tmp_path / 'other.json')))
    SolveRefused(rotor, 'mbs.Load()', SPRING)
    rotor.AssertStillSolves()


def test_refusalCaughtByTheUserFunctionChangesNothing():
    """A script that catches the refusal goes on; nothing was changed, the solve completes."""
    rotor = Rotor()
    refusals = []

    def TryAssemble(mbs):
        try:
            mbs.Assemble()
        except exu.SolveInProgressError as error:
            refusals.append(str(error))
    rotor.Misbehave('spring', TryAssemble)
    rotor.mbs.SolveDynamic(Settings())
    assert refusals and all('mbs.Assemble()' in r for r in refusals)
    fresh = Rotor()
    fresh.mbs.SolveDynamic(Settings())
    assert rotor.Rotation() == pytest.approx(fresh.Rotation(), rel=1e-12)


def test_anotherSystemMaySolveInsideAUserFunction():
    """Only the system being solved is locked: a user function may solve a second system."""
    rotor = Rotor()
    inner = Rotor()
    rotor.Misbehave('load', lambda mbs: inner.mbs.SolveDynamic(Settings(endTime=0.02, numberOfSteps=2)))
    rotor.mbs.SolveDynamic(Settings())
    fresh = Rotor()
    fresh.mbs.SolveDynamic(Settings(endTime=0.02, numberOfSteps=2))
    assert inner.Rotation() == pytest.approx(fresh.Rotation(), rel=1e-12)
    rotor.AssertStillSolves()


# ---- run-time parameters, set in place --------------------------------------------------------

def test_runTimeParameterSetByUserFunctionIsSeenAtTheNextEvaluation():
    """The load function sets the spring's offset to phi0 from t > 0.1 on (in place); the same
    motion comes from a spring function that applies the offset itself from the next evaluation on."""
    phi0 = 0.01
    rotor = Rotor()

    def SetOffset(name, mbs, t):
        if name == 'load' and t > 0.1 + 1e-9:
            mbs.SetObjectParameter(rotor.oSpring, 'offset', phi0)
    rotor.misbehave, rotor.active = SetOffset, True
    rotor.mbs.SolveDynamic(Settings(endTime=0.3, numberOfSteps=30))
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'offset') == phi0

    # Independent formulation: the load is evaluated before the spring in each residual, so the
    # offset applies from the first evaluation with t > 0.1 on.
    reference = Rotor()
    reference.mbs.SetObjectParameter(reference.oSpring, 'springTorqueUserFunction',
                                     lambda mbs, t, i, phi, omega, k, d, offset:
                                     k * (phi - (phi0 if t > 0.1 + 1e-9 else 0.)) + d * omega)
    reference.mbs.SolveDynamic(Settings(endTime=0.3, numberOfSteps=30))
    assert rotor.Rotation() == pytest.approx(reference.Rotation(), rel=1e-10)
    assert abs(rotor.Rotation() - reference.Rotation()) < 1e-3 * phi0


def test_userFunctionSetsARunTimeParameterOfItsOwnItem():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SetObjectParameter(rotor.oSpring, 'stiffness', 2 * K))
    rotor.mbs.SolveDynamic(Settings())
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'stiffness') == 2 * K
    # the same motion as a spring whose function doubles the stiffness from t > 0.055 on
    reference = Rotor()
    reference.mbs.SetObjectParameter(reference.oSpring, 'springTorqueUserFunction',
                                     lambda mbs, t, i, phi, omega, k, d, offset:
                                     (2 * K if t > MISBEHAVE_AFTER else K) * phi + d * omega)
    reference.mbs.SolveDynamic(Settings())
    assert rotor.Rotation() == pytest.approx(reference.Rotation(), rel=1e-8)


def test_invalidRunTimeValueInsideUserFunctionIsRejectedAndTheSolveStops():
    rotor = Rotor()
    rotor.Misbehave('spring', lambda mbs: mbs.SetObjectParameter(rotor.oSpring, 'stiffness', float('nan')))
    with pytest.raises(exu.UserFunctionError) as error:
        rotor.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert "'stiffness'" in text and 'nan' in text and 'null' not in text
    assert rotor.mbs.GetObjectParameter(rotor.oSpring, 'stiffness') == K
    rotor.AssertStillSolves()


# ---- mbs.SetPreStepUserFunction ---------------------------------------------------------------

def test_preStepUserFunctionIsCalledAtTheStartOfEveryStepWithItsEndTime():
    rotor = Rotor()
    times, rotations = [], []

    def PreStep(mbs, t):
        times.append(t)
        rotations.append(mbs.GetNodeOutput(rotor.nBody, OVT.Rotation)[2])
        return True
    rotor.mbs.SetPreStepUserFunction(PreStep)
    assert rotor.mbs.GetPreStepUserFunction() is PreStep
    rotor.mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=10))
    # t is the time the step is to reach, as in Exudyn (steps of 0.25 s give 0.25, 0.5, 0.75, 1)
    assert times == pytest.approx([0.01 * (i + 1) for i in range(10)], abs=1e-12)
    # it reads the last accepted step: rotation at t = 0.05 equals a solve that ends there
    clean = Rotor()
    clean.mbs.SolveDynamic(Settings(endTime=0.05, numberOfSteps=5))
    assert rotations[5] == pytest.approx(clean.Rotation(), rel=1e-12)


def test_preStepUserFunctionReturningFalseStopsTheSimulation():
    rotor = Rotor()
    rotor.mbs.SetPreStepUserFunction(lambda mbs, t: t < 0.1 + 1e-9)  # refuses the step to 0.11
    assert rotor.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=100)) is True
    assert rotor.mbs.systemData.GetTime() == pytest.approx(0.1)
    clean = Rotor()
    clean.mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=10))
    assert rotor.Rotation() == pytest.approx(clean.Rotation(), rel=1e-12)


def test_preStepUserFunctionControlsARunTimeParameter():
    """A controller in the pre-step function sets the torque every step: tau(t_n) = -2 th(t_n)
    held over the step, the same motion as a load function using the start-of-step rotation."""
    rotor = Rotor()
    rotor.mbs.SetLoadParameter(rotor.lTorque, 'loadVectorUserFunction', 0)
    rotor.mbs.Assemble()

    def Control(mbs, t):
        phi = mbs.GetNodeOutput(rotor.nBody, OVT.Rotation)[2]
        mbs.SetLoadParameter(rotor.lTorque, 'loadVector', [0, 0, TAU - 2e3 * phi])
        return True
    rotor.mbs.SetPreStepUserFunction(Control)
    rotor.mbs.SolveDynamic(Settings())
    reference = Rotor()

    def HeldTorque(mbs, t, loadVector):  # the rotation at the start of the step: the last accepted one
        phi = mbs.GetNodeOutput(reference.nBody, OVT.Rotation, exu.ConfigurationType.StartOfStep)[2]
        return [0, 0, TAU - 2e3 * phi]
    reference.mbs.SetLoadParameter(reference.lTorque, 'loadVectorUserFunction', HeldTorque)
    reference.mbs.Assemble()
    reference.mbs.SolveDynamic(Settings())
    assert rotor.Rotation() == pytest.approx(reference.Rotation(), rel=1e-10)


def test_preStepUserFunctionRemovedWithZero():
    rotor = Rotor()
    calls = []
    rotor.mbs.SetPreStepUserFunction(lambda mbs, t: calls.append(t) or True)
    rotor.mbs.SetPreStepUserFunction(0)
    assert rotor.mbs.GetPreStepUserFunction() == 0
    rotor.mbs.SolveDynamic(Settings())
    assert calls == []


def test_preStepUserFunctionWithBadResult():
    rotor = Rotor()
    rotor.mbs.SetPreStepUserFunction(lambda mbs, t: None)
    with pytest.raises(exu.UserFunctionError) as error:
        rotor.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert 'preStepUserFunction' in text and 'returned None' in text and 'True' in text
    rotor.mbs.SetPreStepUserFunction(0)
    rotor.AssertStillSolves()


def test_preStepUserFunctionThatIsNotAFunction():
    rotor = Rotor()
    with pytest.raises(TypeError) as error:
        rotor.mbs.SetPreStepUserFunction('f')
    assert 'mbs.SetPreStepUserFunction' in str(error.value) and "'f'" in str(error.value)
    rotor.AssertStillSolves()


def test_preStepUserFunctionChangingTheSystem():
    rotor = Rotor()

    def PreStep(mbs, t):
        if t > MISBEHAVE_AFTER:  # t: the time the step is to reach
            mbs.Assemble()
        return True
    rotor.mbs.SetPreStepUserFunction(PreStep)
    SolveRefused(rotor, 'mbs.Assemble()', 'called from preStepUserFunction')
    rotor.mbs.SetPreStepUserFunction(0)
    rotor.AssertStillSolves()


def test_preStepUserFunctionReplacedDuringTheSolve():
    rotor = Rotor()
    rotor.mbs.SetPreStepUserFunction(lambda mbs, t: (t < MISBEHAVE_AFTER or mbs.SetPreStepUserFunction(0)) or True)
    SolveRefused(rotor, 'mbs.SetPreStepUserFunction()', 'preStepUserFunction')
    rotor.mbs.SetPreStepUserFunction(0)
    rotor.AssertStillSolves()


def test_postStepUserFunctionChangesTheNextStartAndStops():
    """Exudyn's mbs.SetPostStepUserFunction: called for the initial state and after every accepted
    step; coordinates it sets are those the next step starts from (here: the height is reset to the
    start of each step once t > 0.505, so it stays at y(0.5) = -g 0.5^2 / 2 while x goes on), and
    False stops the solve after that step (as in exudyn 1.13.6, which gives the same figures)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g, vx = 9.81, 1.
    point = mbs.CreateMassPoint(referencePosition=[0, 0, 0], initialVelocity=[vx, 0, 0], mass=2., gravity=[0, -g, 0])
    mbs.Assemble()
    calls = []

    def PostStep(mbs, t):
        calls.append(t)
        if t > 0.505:
            q = mbs.systemData.GetODE2Coordinates()
            q[1] = mbs.systemData.GetODE2Coordinates(configuration=exu.ConfigurationType.StartOfStep)[1]
            mbs.systemData.SetODE2Coordinates(q)
        return t < 0.795
    mbs.SetPostStepUserFunction(PostStep)
    assert mbs.GetPostStepUserFunction() is PostStep
    mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=100))
    assert calls[0] == 0. and len(calls) == 81 and calls[-1] == pytest.approx(0.8, abs=1e-12)
    assert mbs.systemData.GetTime() == pytest.approx(0.8, abs=1e-12)
    position = mbs.GetNodeOutput(mbs.GetObject(point)['nodeNumber'], OVT.Position)
    np.testing.assert_allclose(position, [vx * 0.8, -0.5 * g * 0.5**2, 0.], rtol=1e-12, atol=1e-14)


def test_postStepUserFunctionErrorsAndRemoval():
    rotor = Rotor()
    with pytest.raises(TypeError, match="mbs.SetPostStepUserFunction: expected a Python function f\\(mbs, t\\)"):
        rotor.mbs.SetPostStepUserFunction(5)

    def Broken(mbs, t):
        raise RuntimeError("post step broke")
    rotor.mbs.SetPostStepUserFunction(Broken)
    with pytest.raises(exu.UserFunctionError, match="postStepUserFunction.*post step broke"):
        rotor.mbs.SolveDynamic(Settings())
    rotor.mbs.SetPostStepUserFunction(0)
    assert rotor.mbs.GetPostStepUserFunction() == 0
    rotor.mbs.SolveDynamic(Settings())  # runs without it
