"""Bad input: each mistake gives a clear error naming the item and the parameter, and leaves the
system as it was (same items, still assembles and solves)."""

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403

OVT = exu.OutputVariableType
categoryNames = ['Node', 'Object', 'Marker', 'Load', 'Sensor']


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def QuietSettings():
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.active = False
    s.timeIntegration.endTime = 0.1
    s.timeIntegration.numberOfSteps = 10
    return s


def Snapshot(mbs):
    return {c: [getattr(mbs, 'Get' + c)(i) for i in range(getattr(mbs, f'NumberOf{c}s')())] for c in categoryNames}


class Model:
    """The seed's mini example plus a position marker, a point node and a 2-coordinate data node."""

    def __init__(self):
        mbs = self.mbs = exu.SystemContainer().AddSystem()
        self.oGround = mbs.AddObject(ObjectGround())
        self.nBody = mbs.AddNode(RigidRxyz())
        self.oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=self.nBody))
        self.mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=self.nBody))
        self.mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=self.oGround))
        self.mPosition = mbs.AddMarker(MarkerBodyPosition(bodyNumber=self.oBody))
        mbs.AddObject(RevoluteJointZ(markerNumbers=[self.mGround, self.mBody]))
        self.oSpring = mbs.AddObject(TorsionalSpringDamper(name='spring', markerNumbers=[self.mGround, self.mBody],
                                                           stiffness=2e3, damping=20.))
        self.lTorque = mbs.AddLoad(Torque(markerNumber=self.mBody, loadVector=[0, 0, 1]))
        self.nPoint = mbs.AddNode(Point())
        self.oMass = mbs.AddObject(MassPoint(nodeNumber=self.nPoint, physicsMass=1.))
        self.nData2 = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=2, initialCoordinates=[0., 0.]))
        self.mbs.Assemble()
        self.before = Snapshot(mbs)

    def Spring(self, **kwargs):
        return dict(markerNumbers=[self.mGround, self.mBody], stiffness=1., **kwargs)

    def AssertUnchanged(self):
        mbs = self.mbs
        assert Snapshot(mbs) == self.before
        assert mbs.NumberOfObjects() == len(self.before['Object'])
        mbs.Assemble()
        mbs.SolveDynamic(QuietSettings())
        phi = mbs.GetNodeOutput(self.nBody, OVT.Rotation)[2]
        assert 0 < phi < 1e-3


@pytest.fixture
def model():
    return Model()


def Message(error):
    return str(error.value)


# ---- item parameters -----------------------------------------------------------------------------

def test_unknownKeyword(model):
    with pytest.raises(TypeError) as error:
        model.mbs.AddObject(TorsionalSpringDamper(**model.Spring(stifness=3.)))
    assert 'TorsionalSpringDamper' in Message(error) and "'stifness'" in Message(error)
    assert 'stiffness' in Message(error)  # lists the known parameters
    with pytest.raises(TypeError) as error:
        model.mbs.SetObjectParameter(model.oSpring, 'stifness', 3.)
    assert 'spring' in Message(error) and "'stifness'" in Message(error)
    model.AssertUnchanged()


def test_unknownKeyOfAnItemDict_isIgnoredWithAWarning(model):
    # Exudyn ignores unknown keys of item dicts (its scripts carry keys of older versions);
    # multidyn ignores them too, but warns at the user's line, naming item, key and the parameters
    with pytest.warns(UserWarning) as warned:
        spring = model.mbs.AddObject({'objectType': 'ConnectorTorsionalSpringDamper', 'stifness': 3., 'damping': 2.,
                                      'markerNumbers': [model.mGround, model.mBody]})
    messages = [str(w.message) for w in warned if 'stifness' in str(w.message)]
    assert len(messages) == 1 and 'TorsionalSpringDamper' in messages[0] and 'ignored' in messages[0]
    assert 'stiffness' in messages[0]  # lists the known parameters
    assert [w.filename for w in warned if 'stifness' in str(w.message)] == [__file__]
    assert model.mbs.GetObjectParameter(spring, 'stiffness') == 0.  # the default: the key had no effect
    assert model.mbs.GetObjectParameter(spring, 'damping') == 2.


def test_wrongVectorSize(model):
    with pytest.raises(ValueError) as error:
        model.mbs.AddObject(RigidBody(mass=1., inertia=[1, 1, 1], nodeNumber=model.nBody))
    assert 'RigidBody' in Message(error) and "'inertia'" in Message(error) and '6' in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.AddLoad({'loadType': 'TorqueVector', 'markerNumber': model.mBody, 'loadVector': [0, 1]})
    assert 'TorqueVector' in Message(error) and "'loadVector'" in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.SetObjectParameter(model.oSpring, 'rotationMarker0', [[1, 0], [0, 1]])
    assert 'spring' in Message(error) and "'rotationMarker0'" in Message(error)
    model.AssertUnchanged()


def test_nan(model):
    with pytest.raises(ValueError) as error:
        model.mbs.AddObject(TorsionalSpringDamper(**model.Spring(damping=float('nan'))))
    assert 'TorsionalSpringDamper' in Message(error) and "'damping'" in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.SetLoadParameter(model.lTorque, 'loadVector', [0, np.nan, 1])
    assert 'TorqueVector' in Message(error) and "'loadVector'" in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.SetObjectParameter(model.oSpring, 'offset', float('inf'))
    assert 'spring' in Message(error) and "'offset'" in Message(error)
    model.AssertUnchanged()


def test_markerIndexDoesNotExist(model):
    with pytest.raises(IndexError) as error:
        model.mbs.AddObject(TorsionalSpringDamper(markerNumbers=[model.mGround, 17], stiffness=1.))
    assert 'TorsionalSpringDamper' in Message(error) and 'markerNumbers' in Message(error)
    assert '17' in Message(error)
    with pytest.raises(IndexError) as error:
        model.mbs.SetObjectParameter(model.oSpring, 'markerNumbers', [model.mGround, 99])
    assert 'spring' in Message(error) and 'markerNumbers' in Message(error)
    model.AssertUnchanged()


def test_positionMarkerForTorsionalSpring(model):
    with pytest.raises(TypeError) as error:
        model.mbs.AddObject(TorsionalSpringDamper(markerNumbers=[model.mGround, model.mPosition], stiffness=1.))
    text = Message(error)
    assert 'TorsionalSpringDamper' in text and 'markerNumbers' in text and 'orientation' in text
    assert 'MarkerBodyPosition' in text
    model.AssertUnchanged()


def test_nodeNumberNotGenericDataWithOneCoordinate(model):
    for node in [model.nPoint, model.nData2, model.nBody]:
        with pytest.raises(TypeError) as error:
            model.mbs.AddObject(TorsionalSpringDamper(**model.Spring(nodeNumber=node)))
        assert 'TorsionalSpringDamper' in Message(error) and 'nodeNumber' in Message(error)
        assert 'NodeGenericData' in Message(error)
    model.AssertUnchanged()


def test_nodeIndexAsMarkerNumber(model):
    with pytest.raises(TypeError) as error:
        model.mbs.AddObject(TorsionalSpringDamper(markerNumbers=[model.mGround, model.nBody], stiffness=1.))
    assert 'markerNumbers' in Message(error) and 'NodeIndex' in Message(error)
    with pytest.raises(TypeError) as error:
        model.mbs.AddLoad(Torque(markerNumber=model.nBody, loadVector=[0, 0, 1]))
    assert 'markerNumber' in Message(error) and 'TorqueVector' in Message(error)
    with pytest.raises(TypeError):
        model.mbs.AddObject({'objectType': 'ConnectorTorsionalSpringDamper',
                             'markerNumbers': [model.mGround, model.nBody]})
    model.AssertUnchanged()


def test_negativeMass(model):
    with pytest.raises(ValueError) as error:
        model.mbs.AddObject(MassPoint(nodeNumber=model.nPoint, physicsMass=-1.))
    assert 'MassPoint' in Message(error) and 'physicsMass' in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.AddObject({'objectType': 'RigidBody', 'mass': -2., 'inertia': [1, 1, 1, 0, 0, 0],
                             'nodeNumber': model.nBody})
    assert 'RigidBody' in Message(error) and "'mass'" in Message(error)
    with pytest.raises(ValueError) as error:
        model.mbs.SetObjectParameter(model.oBody, 'physicsMass', -1.)
    assert 'RigidBody' in Message(error) and 'mass' in Message(error)
    model.AssertUnchanged()


def test_solveBeforeAssemble():
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(Point())
    mbs.AddObject(MassPoint(nodeNumber=n, physicsMass=1.))
    with pytest.raises(exu.NotAssembledError) as error:
        mbs.SolveDynamic(QuietSettings(), autoAssemble=False)
    assert 'Assemble' in Message(error)
    with pytest.raises(exu.NotAssembledError):
        mbs.GetNodeOutput(n, OVT.Position)
    with pytest.warns(UserWarning, match='autoAssemble'):  # Exudyn's default: assemble, with a warning
        mbs.SolveDynamic(QuietSettings())
    assert mbs.IsAssembled()


# ---- simulation settings -------------------------------------------------------------------------

def test_badSettingName():
    s = exu.SimulationSettings()
    before = s.GetDictionary()
    with pytest.raises(AttributeError) as error:
        s.timeIntegration.numberOfStep = 10
    assert 'numberOfStep' in Message(error) and 'numberOfSteps' in Message(error)
    with pytest.raises(AttributeError) as error:
        s.solutionSettings.writeSolutionToFiles = False
    assert 'writeSolutionToFiles' in Message(error)
    with pytest.raises(AttributeError):
        s.timeIntegrations = 3
    assert s.GetDictionary() == before


@pytest.mark.parametrize('path, value', [
    ('timeIntegration.numberOfSteps', -3),
    ('timeIntegration.numberOfSteps', 'ten'),
    ('timeIntegration.endTime', float('nan')),
    ('timeIntegration.endTime', 'one'),
    ('solution.sensors.writePeriod', -0.01),
    ('solution.file.writePeriod', -1e-3),
    ('solution.file.write', 'yes'),
    ('timeIntegration.generalizedAlpha.spectralRadius', [0.5]),
])
def test_badSettingValue(path, value):
    s = exu.SimulationSettings()
    before = s.GetDictionary()
    node = s
    parts = path.split('.')
    for part in parts[:-1]:
        node = getattr(node, part)
    with pytest.raises((ValueError, TypeError)) as error:
        setattr(node, parts[-1], value)
    assert parts[-1] in Message(error)
    assert s.GetDictionary() == before


# ---- files ---------------------------------------------------------------------------------------

def test_loadMalformedJson(model, tmp_path):
    path = tmp_path / 'broken.json'
    path.write_text('{"format": "multidyn.system", "nodes": [ {"nodeType": "Point", ')
    with pytest.raises(ValueError) as error:
        model.mbs.Load(str(path))
    assert 'broken.json' in Message(error) and 'JSON' in Message(error)
    with pytest.raises(FileNotFoundError):  # an OSError, as for a file Save cannot write
        model.mbs.Load(str(tmp_path / 'doesNotExist.json'))
    model.AssertUnchanged()


def _SavedModelFile(tmp_path):
    """A valid file (a system without connectors, which load), to be corrupted by the tests."""
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(Point(referenceCoordinates=[0, 0, 1]))
    mbs.AddObject(MassPoint(name='mass', nodeNumber=n, physicsMass=2.))
    n2 = mbs.AddNode(RigidRxyz())
    mbs.AddObject(RigidBody(name='body', nodeNumber=n2, mass=1., inertia=[1, 1, 1, 0, 0, 0]))
    path = tmp_path / 'model.json'
    mbs.Save(str(path), QuietSettings())
    return path, json.loads(path.read_text())


@pytest.mark.parametrize('change, exceptionTypes, words', [
    (lambda d: d['objects'][0].update(physicsMass=-1.), (ValueError,), ['object 0', 'MassPoint', 'physicsMass']),
    (lambda d: d['objects'][1].update(inertia=[1, 1]), (ValueError,), ['object 1', 'RigidBody', 'inertia']),
    (lambda d: d['objects'][1].update(mass='heavy'), (ValueError, TypeError), ['object 1', 'RigidBody', 'mass']),
    (lambda d: d['objects'][1].update(masss=1.), (TypeError,), ['object 1', 'RigidBody', 'masss']),
    (lambda d: d['objects'][0].update(nodeNumber=7), (IndexError, ValueError), ['object 0', 'MassPoint',
                                                                                  'nodeNumber']),
    (lambda d: d['nodes'][0].update(referenceCoordinates=[0, 'x', 0]), (ValueError, TypeError),
     ['node 0', 'Point', 'referenceCoordinates']),
    (lambda d: d['simulationSettings']['timeIntegration'].update(numberOfSteps=-5), (ValueError, TypeError),
     ['numberOfSteps']),
])
def test_loadJsonWithBadField(model, tmp_path, change, exceptionTypes, words):
    path, data = _SavedModelFile(tmp_path)
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(exceptionTypes) as error:
        model.mbs.Load(str(path))
    for word in words:
        assert word in Message(error), (word, Message(error))
    model.AssertUnchanged()


def test_loadJsonNotASystemFile(model, tmp_path):
    path = tmp_path / 'other.json'
    path.write_text(json.dumps({'nodes': []}))
    with pytest.raises(ValueError) as error:
        model.mbs.Load(str(path))
    assert 'format' in Message(error)
    model.AssertUnchanged()


# ---- user functions ------------------------------------------------------------------------------

def test_userFunctionReturningString(model):
    def UFtorque(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        return 'a string'

    o = model.mbs.AddObject(TorsionalSpringDamper(name='badSpring', markerNumbers=[model.mGround, model.mBody],
                                                  springTorqueUserFunction=UFtorque))
    model.mbs.Assemble()
    with pytest.raises(exu.UserFunctionError) as error:
        model.mbs.SolveDynamic(QuietSettings())
    text = Message(error)
    assert 'badSpring' in text and 'springTorqueUserFunction' in text and 'UFtorque' in text
    assert f'object {int(o)}' in text
    # the system is usable after the error: a valid function solves
    model.mbs.SetObjectParameter(o, 'springTorqueUserFunction', 0)
    model.mbs.SolveDynamic(QuietSettings())


_loadUserFunctionScript = textwrap.dedent('''
    import multidyn as exu
    from multidyn.itemInterface import *
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(RigidRxyz())
    mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    m = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n))
    def UFload(mbs, t, loadVector):
        return 'a string'
    mbs.AddLoad(Torque(name='badLoad', markerNumber=m, loadVectorUserFunction=UFload))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.timeIntegration.numberOfSteps = 2
    try:
        mbs.SolveDynamic(s)
    except exu.UserFunctionError as e:
        print('UserFunctionError:', e)
''')


def test_loadUserFunctionReturningString(tmp_path):
    # run in a child process: a crash in the compiled module must not take the test session down
    result = subprocess.run([sys.executable, '-c', _loadUserFunctionScript], capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    assert result.returncode == 0, (f'the process crashed (return code {result.returncode}) calling a load '
                                    f'user function; stderr: {result.stderr[-2000:]}')
    assert 'UserFunctionError:' in result.stdout
    assert 'badLoad' in result.stdout and 'loadVectorUserFunction' in result.stdout


@pytest.mark.parametrize("create", [
    lambda mbs, g, b: mbs.CreateSpringDamper(itemNumbers=[g, b], stiffness=-1.),
    lambda mbs, g, b: mbs.CreateTorsionalSpringDamper(itemNumbers=[g, b], position=[0, 0, 0], axis=[0, 0, 1],
                                                      stiffness=float('nan')),
    lambda mbs, g, b: mbs.CreateLinearSpringDamper(itemNumbers=[g, b], stiffness=-1.),
    lambda mbs, g, b: mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0], axis=[0, 0, 1], show=3),
    lambda mbs, g, b: mbs.CreateRollingDiscPenalty(bodyNumbers=[g, b], axisPosition=[0, 0, 0], discRadius=-0.1),
    lambda mbs, g, b: mbs.CreateCoordinateConstraint(itemNumbers=[g, b], coordinates=[None, 0], offset='x'),
])
def test_refusedCreateCallsLeaveNothingBehind(create):
    """A Create function refused after it built some of its items (markers, data nodes) removes
    them again: the system is as before the call."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=exu.utilities.InertiaCuboid(1000., [0.1, 0.1, 0.1]), referencePosition=[1, 0, 0])
    before = Snapshot(mbs)
    with pytest.raises((ValueError, TypeError)):
        create(mbs, ground, body)
    assert Snapshot(mbs) == before
    mbs.Assemble()  # still valid


@pytest.mark.parametrize("dataCoordinates, make", [
    (1, lambda g, m, node: TorsionalSpringDamper(markerNumbers=[g, m], nodeNumber=node)),
    (None, lambda g, m, node: RigidBodySpringDamper(markerNumbers=[g, m], nodeNumber=node)),
    (3, lambda g, m, node: RollingDiscPenalty(markerNumbers=[g, m], nodeNumber=node, discRadius=0.1)),
])
def test_dataNodesMustBeGenericDataOfTheirSize(dataCoordinates, make):
    """Items keeping discrete state take a NodeGenericData (of their number of data coordinates);
    another node is refused naming the parameter, the node and what was expected."""
    mbs = exu.SystemContainer().AddSystem()
    nBody = mbs.AddNode(RigidRxyz())
    mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nBody))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=mbs.AddObject(ObjectGround())))
    size = f" with numberOfDataCoordinates={dataCoordinates}" if dataCoordinates else ""
    with pytest.raises(TypeError, match=f"'nodeNumber': node 0 is a NodeRigidBodyRxyz with 0 data coordinates; "
                                        f"expected a NodeGenericData{size}"):
        mbs.AddObject(make(mGround, mBody, nBody))
    wrongSize = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=2, initialCoordinates=[0., 0.]))
    if dataCoordinates:
        with pytest.raises(TypeError, match=f"node {int(wrongSize)} is a NodeGenericData with 2 data coordinates"):
            mbs.AddObject(make(mGround, mBody, wrongSize))
    good = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=dataCoordinates or 2,
                                       initialCoordinates=[0.] * (dataCoordinates or 2)))
    mbs.AddObject(make(mGround, mBody, good))
