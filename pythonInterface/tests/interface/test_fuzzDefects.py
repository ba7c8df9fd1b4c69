"""Regression tests for the defects the fuzzer of issue 10 found: each message names the item,
setting or function, the parameter and what was expected, shows values as written (nan, inf),
never names a private binding, and the system stays valid (it still solves)."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, ObjectGround, RevoluteJointZ, RigidBody,
                                    RigidRxyz, Torque, TorsionalSpringDamper)

OVT = exu.OutputVariableType


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def Settings():
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.timeIntegration.endTime = 0.1
    s.timeIntegration.numberOfSteps = 10
    return s


class Mini:
    """A body on a revolute joint with a torsional spring-damper and a torque (the mini example)."""

    def __init__(self):
        self.SC = exu.SystemContainer()
        mbs = self.mbs = self.SC.AddSystem()
        ground = mbs.AddObject(ObjectGround())
        self.nBody = mbs.AddNode(RigidRxyz())
        self.oBody = mbs.AddObject(RigidBody(mass=1., inertia=[1, 1, 1, 0, 0, 0], nodeNumber=self.nBody))
        mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=self.nBody))
        mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
        mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
        self.oSpring = mbs.AddObject(TorsionalSpringDamper(name='spring', markerNumbers=[mGround, mBody],
                                                           stiffness=2e3, damping=20.))
        mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
        mbs.Assemble()
        mbs.SolveDynamic(Settings())
        self.reference = self.Rotation()

    def Rotation(self):
        return self.mbs.GetNodeOutput(self.nBody, OVT.Rotation)[2]

    def AssertStillValid(self):
        self.mbs.Assemble()
        self.mbs.SolveDynamic(Settings())
        assert self.Rotation() == pytest.approx(self.reference, rel=1e-12)


@pytest.fixture
def mini():
    return Mini()


def test_hugeIntegerForARealParameterIsTheRealNumber(mini):
    mini.mbs.SetObjectParameter(mini.oSpring, 'stiffness', 10 ** 30)
    assert mini.mbs.GetObjectParameter(mini.oSpring, 'stiffness') == 1e30
    mini.mbs.SetObjectParameter(mini.oSpring, 'stiffness', 2e3)
    mini.AssertStillValid()


def test_hugeIntegerForAnIndexParameter(mini):
    with pytest.raises(ValueError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'markerNumbers', [0, 2 ** 63])
    text = str(error.value)
    assert "object 3 (ObjectConnectorTorsionalSpringDamper 'spring')" in text and "'markerNumbers'" in text
    assert '9223372036854775808' in text and 'index' in text and 'Unable to cast' not in text
    with pytest.raises(TypeError) as error:
        mini.mbs.AddObject(RigidBody(nodeNumber=10 ** 30))
    text = str(error.value)
    assert 'RigidBody' in text and "'nodeNumber'" in text and 'integer' in text and '1e+30' in text
    mini.AssertStillValid()


def test_hugeIntegerForAnIntegerSetting():
    settings = exu.SimulationSettings()
    with pytest.raises(ValueError) as error:
        settings.timeIntegration.numberOfSteps = 2 ** 63
    text = str(error.value)
    assert 'SimulationSettings.timeIntegration.numberOfSteps' in text and '9223372036854775808' in text
    assert 'integer from' in text
    with pytest.raises(ValueError) as error:  # wraps to a small number in a 32-bit integer
        settings.timeIntegration.numberOfSteps = 2 ** 32 + 10
    assert settings.timeIntegration.numberOfSteps == 100


def test_loneSurrogateInAName(mini):
    with pytest.raises(ValueError) as error:
        mini.mbs.AddNode(RigidRxyz(name='arm\udc80'))
    text = str(error.value)
    assert "'name'" in text and 'surrogate' in text and 'Unable to cast' not in text
    with pytest.raises(ValueError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'name', 'x\ud800')
    assert "'name'" in str(error.value) and 'spring' in str(error.value)
    with pytest.raises(ValueError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'stiff\udc80ness', 1.)
    assert 'parameterName' in str(error.value) and 'surrogate' in str(error.value)
    assert mini.mbs.NumberOfNodes() == 1
    mini.AssertStillValid()


@pytest.mark.parametrize('systemNumber, errorType, expected', [
    (5, IndexError, 'system number 5 does not exist; the container has 1 system(s)'),
    (-1, IndexError, 'system number -1 does not exist'),
    (None, TypeError, 'systemNumber must be an integer, got None'),
    ('a', TypeError, "systemNumber must be an integer, got 'a'"),
])
def test_getSystemWithABadNumber(mini, systemNumber, errorType, expected):
    with pytest.raises(errorType) as error:
        mini.SC.GetSystem(systemNumber)
    assert 'SC.GetSystem' in str(error.value) and expected in str(error.value)
    assert mini.SC.GetSystem(0) is mini.mbs
    mini.AssertStillValid()


def test_loadOfAFileThatIsNotUtf8(mini, tmp_path):
    path = tmp_path / 'model.json'
    path.write_bytes(b'{"format": "multidyn.system", "nodes": [{"nodeType": "\xff\xfe"}]}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    text = str(error.value)
    assert 'model.json' in text and 'not a UTF-8 text file' in text and '0xff' in text
    assert not isinstance(error.value, UnicodeDecodeError)
    mini.AssertStillValid()


def test_loadOfADeeplyNestedFile(mini, tmp_path):
    path = tmp_path / 'deep.json'
    path.write_text('{"format": "multidyn.system", "nodes": ' + '[' * 100000 + ']' * 100000 + '}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    assert 'deep.json' in str(error.value) and 'nested too deeply' in str(error.value)
    path.write_text('{"format": "multidyn.system", "nodes": [{"nodeType": "RigidRxyz", "name": '
                    + '[' * 500 + ']' * 500 + '}]}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    assert 'deep.json' in str(error.value) and 'nested more than 64 levels' in str(error.value)
    mini.AssertStillValid()


@pytest.mark.parametrize('method', ['Save', 'Load'])
def test_saveAndLoadWithoutAFileName(mini, method):
    with pytest.raises(TypeError) as error:
        getattr(mini.mbs, method)(None)
    assert str(error.value) == f'mbs.{method}: fileName must be a file name (a str or path), got None'
    mini.AssertStillValid()


def test_complexNumberNamesTheParameter(mini):
    with pytest.raises(TypeError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'stiffness', 1 + 2j)
    text = str(error.value)
    assert "object 3 (ObjectConnectorTorsionalSpringDamper 'spring'): parameter 'stiffness'" in text
    assert '(1+2j)' in text and 'complex' in text
    with pytest.raises(TypeError) as error:
        TorsionalSpringDamper(damping=3j)
    assert "ObjectConnectorTorsionalSpringDamper: parameter 'damping'" in str(error.value)
    settings = exu.SimulationSettings()
    with pytest.raises(TypeError) as error:
        settings.timeIntegration.endTime = 1j
    assert 'SimulationSettings.timeIntegration.endTime' in str(error.value) and '1j' in str(error.value)
    mini.AssertStillValid()


@pytest.mark.parametrize('value, written', [(float('nan'), 'nan'), (float('inf'), 'inf'), (-float('inf'), '-inf')])
def test_nanAndInfAreShownAsWritten(mini, value, written):
    with pytest.raises(TypeError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'markerNumbers', [0, value])
    assert f'got the number {written}' in str(error.value) and 'null' not in str(error.value)
    settings = exu.SimulationSettings()
    with pytest.raises(TypeError) as error:
        settings.timeIntegration.numberOfSteps = value
    assert 'numberOfSteps' in str(error.value) and f'got the number {written}' in str(error.value)
    with pytest.raises(ValueError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 'damping', value)
    assert "'damping'" in str(error.value) and written in str(error.value) and 'null' not in str(error.value)
    mini.AssertStillValid()


def test_privateBindingNamesNeverAppear(mini):
    with pytest.raises(TypeError) as error:
        mini.mbs.SetObjectParameter(mini.oSpring, 5, 1.)
    text = str(error.value)
    assert '_SetItemParameter' not in text and 'parameterName' in text and 'spring' in text
    with pytest.raises(TypeError) as error:
        mini.mbs.GetObjectParameter(mini.oSpring, None)
    assert '_GetItemParameter' not in str(error.value) and 'parameterName' in str(error.value)
    with pytest.raises(TypeError) as error:
        mini.mbs.systemData.GetODE2Coordinates(configuration=5)
    text = str(error.value)
    assert '_GetCoordinates' not in text and 'systemData.GetODE2Coordinates' in text and 'ConfigurationType' in text
    with pytest.raises(TypeError) as error:
        mini.mbs.systemData.SetODE2Coordinates('abc')
    assert '_SetCoordinates' not in str(error.value) and str(error.value).count('SetODE2Coordinates') == 1
    assert 'expected a list of 6 real numbers' in str(error.value)
    with pytest.raises(ValueError) as error:
        mini.mbs.GetObjectOutputBody(mini.oBody, OVT.Position, localPosition=[0, 0])
    assert str(error.value) == ("mbs.GetObjectOutputBody: parameter 'localPosition': expected a list of 3 real "
                                "numbers, got a list of 2 items")
    mini.AssertStillValid()


def test_solveStartedInsideAUserFunctionIsRefusedAtOnce(mini):
    """The hang of issue 10: each nesting level multiplied the work. Now the first nested call is
    refused, the outer solve stops at its last accepted step, and nothing else ran."""
    calls = []

    def Torque(mbs, t, loadVector):
        calls.append(t)
        mbs.SolveDynamic(Settings())
        return loadVector
    mini.mbs.SetLoadParameter(0, 'loadVectorUserFunction', Torque)
    with pytest.raises(exu.SolveInProgressError) as error:
        mini.mbs.SolveDynamic(Settings())
    text = str(error.value)
    assert 'mbs.SolveDynamic() is not allowed while the system is being solved' in text
    assert "called from loadVectorUserFunction of load 0 (LoadTorqueVector)" in text
    assert len(calls) == 1  # refused at once, at the first evaluation
    mini.mbs.SetLoadParameter(0, 'loadVectorUserFunction', 0)
    mini.AssertStillValid()


def Counts(mbs):
    return (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(), mbs.NumberOfLoads())


def test_createFunctionThatFailsAddsNothing(mini):
    """Found by the fuzzer: CreateRevoluteJoint added its first marker before finding that the
    second body does not exist."""
    before = Counts(mini.mbs)
    with pytest.raises(IndexError) as error:
        mini.mbs.CreateRevoluteJoint(itemNumbers=[mini.oBody, 5], position=[0, 0, 0], axis=[0, 0, 1])
    assert 'CreateRevoluteJoint' in str(error.value) and 'object number 5 does not exist' in str(error.value)
    with pytest.raises(ValueError):
        mini.mbs.CreateTorsionalSpringDamper(itemNumbers=[0, mini.oBody], axis=[0, 0, 1], stiffness=float('nan'))
    with pytest.raises(ValueError):
        mini.mbs.CreateRigidBody(inertia=exu.utilities.InertiaCuboid(1000., [1, 1, 1]), color=[1, 2])
    assert Counts(mini.mbs) == before
    mini.AssertStillValid()


def test_loadOfAFileWithANumberBeyondTheRealRange(mini, tmp_path):
    """Found by the fuzzer: 1e400 became inf in Python's reader and reached the C++ parser as
    'Infinity', whose error text was the JSON library's."""
    path = tmp_path / 'big.json'
    path.write_text('{"format": "multidyn.system", "objects": [{"objectType": "Ground", '
                    '"referencePosition": [1e400, 0, 0]}]}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    text = str(error.value)
    assert 'big.json' in text and 'the number 1e400 is too large' in text and 'json.exception' not in text
    path.write_text('{"format": "multidyn.system", "objects": [{"objectType": "Ground", '
                    '"referencePosition": [NaN, 0, 0]}]}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    assert 'NaN is not a JSON number' in str(error.value)
    mini.AssertStillValid()


def test_loadOfAFileWithALoneSurrogateEscape(mini, tmp_path):
    """Found by the fuzzer: "\\udc80" in a file is valid JSON for Python's reader but no text."""
    path = tmp_path / 'surrogate.json'
    path.write_text('{"format": "multidyn.system", "objects": [{"objectType": "Gr\\udc80ound"}]}')
    with pytest.raises(ValueError) as error:
        mini.mbs.Load(str(path))
    text = str(error.value)
    assert 'surrogate.json' in text and "lone surrogate ('\\udc80')" in text and 'json.exception' not in text
    mini.AssertStillValid()


def test_userFunctionParameterGivenAnArray(mini):
    """Found by the long fuzz: an empty numpy array for a user function raised numpy's 'truth
    value of an empty array is ambiguous' instead of naming the parameter."""
    with pytest.raises(TypeError) as error:
        TorsionalSpringDamper(springTorqueUserFunction=np.array([]))
    text = str(error.value)
    assert "ObjectConnectorTorsionalSpringDamper: parameter 'springTorqueUserFunction'" in text
    assert 'expected a Python function or 0' in text
    mini.AssertStillValid()


def test_controlCharactersInANameDoNotCutTheMessage(mini):
    """Found by the long fuzz: a NUL in an item's name ended the C string of the message."""
    with pytest.raises(IndexError) as error:
        mini.mbs.AddMarker(MarkerBodyRigid(name='arm\x00x', bodyNumber=99))
    text = str(error.value)
    assert "marker 2 (MarkerBodyRigid 'arm\\x00x')" in text and 'object number 99 does not exist' in text
    mini.AssertStillValid()


@pytest.mark.parametrize("value", [1j, [[1j, 0, 0], [0, 1, 0], [0, 0, 1]], "text"])
def test_deprecatedParameterWithAValueThatIsNoNumberNamesTheItemAndParameter(value):
    """A parameter with a deprecated name (rotationMarker0, Exudyn 1.11's) given something that is no
    number: the deprecation check compared it with the default as floats and raised numpy's bare
    TypeError; the item's own check names the item and the parameter."""
    with pytest.warns(DeprecationWarning), pytest.raises((TypeError, ValueError)) as error:
        TorsionalSpringDamper(rotationMarker0=value)
    assert "rotationMarker0" in str(error.value) and "TorsionalSpringDamper" in str(error.value)
