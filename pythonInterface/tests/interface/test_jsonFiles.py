"""mbs.Save / mbs.Load: every item type with non-default parameters, non-default settings, the
torsional spring mini example solved from a file, and systems with user functions."""

import json
import re
import warnings

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403
from multidyn import itemInterface as ii
from multidyn import utilities as ut
from multidyn.api.simulationSettings import exudyn111Names

ItemTypes = exu._multidyn.ItemTypes()
categoryNames = ['Node', 'Object', 'Marker', 'Load', 'Sensor']


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    # solution and sensor files land in the test's temp dir, never in the repo
    monkeypatch.chdir(tmp_path)


def QuietSettings(**timeIntegration):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.active = False
    for key, value in timeIntegration.items():
        setattr(s.timeIntegration, key, value)
    return s


def AllItems(mbs):
    return {c: [getattr(mbs, 'Get' + c)(i) for i in range(getattr(mbs, f'NumberOf{c}s')())] for c in categoryNames}


# ---- a valid system to save ------------------------------------------------------------------------

def BaseSystem():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    b = {}
    b['ground'] = mbs.AddObject(ObjectGround())
    b['nEP'] = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[1, 0, 0, 1, 0, 0, 0]))
    b['bodyEP'] = mbs.AddObject(ObjectRigidBody(nodeNumber=b['nEP'], mass=2, inertia=[1, 2, 3, 0, 0, 0]))
    b['mEPRigid'] = mbs.AddMarker(MarkerNodeRigid(nodeNumber=b['nEP']))
    b['force'] = mbs.AddLoad(LoadForceVector(markerNumber=b['mEPRigid'], loadVector=[0, 0, 1]))
    return mbs, b


# ---- every item type with every parameter changed ------------------------------------------------

rotation = ut.RotXYZ2RotationMatrix([0.3, -0.2, 0.5])


def KeepsDefault(field):
    """user functions (no file form, tested separately) and fields the item declares to keep their default"""
    declared = field['testValue']
    return field['isUserFunction'] or (isinstance(declared, dict) and 'keepsDefault' in declared)


def NonDefaultValue(field, current):
    """A valid value other than the field's default, given its value `current` in the item's test
    instance: the value the item declares (FieldTableBuilder::TestValue in the item's .cpp), else
    the instance's if that is not the default (references, sizes the instance chose), else the rule
    for the field's type. None: the field keeps its default."""
    fieldType, default = field['type'], field['default']
    if KeepsDefault(field):
        return None
    if field['testValue'] is not None:
        return field['testValue']
    if current != default:
        return current
    if fieldType == 'String':
        return f"{field['name']}_test.txt" if field['name'] == 'fileName' else f"my{field['name']}"
    if fieldType == 'Bool':
        return not default
    if fieldType == 'Real':
        return 0.37
    if fieldType == 'Index':
        return 3 if default != 3 else 4
    if fieldType == 'Float4':
        return [0.1, 0.2, 0.3, 0.4]
    if fieldType == 'BodyGraphicsData':
        return [{'type': 'Line', 'color': [0.1, 0.2, 0.3, 1.], 'data': [0., 0., 0., 0.37, 0.38, 0.39]},
                {'type': 'Text', 'position': [0.1, 0.2, 0.3], 'text': field['name']}]
    if fieldType == 'Matrix3D':
        return rotation.tolist()
    if fieldType == 'Matrix' and len(default) > 0:  # a matrix of fixed size (its default's) keeps its shape
        return (np.asarray(default, float) + 0.37 * np.eye(len(default))).tolist()
    if fieldType.startswith('Vector') and field['rows'] > 0:
        return [0.37 + 0.01 * i for i in range(field['rows'])]
    raise AssertionError(f"no rule gives {field['name']} (a {fieldType} at its default in the test instance) "
                         "a value: declare a TestValue or KeepsDefaultInTests in the item")


def ItemWithNonDefaults(info, mbs):
    """The item type's own test instance (Item.h: AddTestInstance) added to mbs, and a copy of its
    item with every parameter changed by NonDefaultValue. Returns (item number, changed item)."""
    category = info['category']
    get = getattr(mbs, 'Get' + categoryNames[category])
    count = getattr(mbs, f'NumberOf{categoryNames[category]}s')
    mbs._AddTestInstance(category, info['className'])
    number = max(i for i in range(count()) if get(i)[info['typeKey']] in (info['typeName'], info['className']))
    stored = get(number)
    kwargs, visualization = {}, {}
    for field in info['fields']:
        current = stored[field['key']] if field['key'] in stored else field['default']
        value = NonDefaultValue(field, current)
        (visualization if field['group'] else kwargs)[field['name']] = current if value is None else value
    itemClass = ii.classesByCategory[category][info['className']]
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)  # rotationMarker0/1 of the spring
        return number, itemClass(**kwargs, visualization=visualization)


def AddItemWithNonDefaults(info, mbs):
    """ItemWithNonDefaults, put in place of the instance's item; checks that every field but those
    that keep their default differs from the default. Returns the item's number."""
    number, item = ItemWithNonDefaults(info, mbs)
    modify = getattr(mbs, 'Modify' + categoryNames[info['category']])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        modify(number, item)
    stored = getattr(mbs, 'Get' + categoryNames[info['category']])(number)
    for field in info['fields']:
        if not KeepsDefault(field):
            assert stored[field['key']] != field['default'], f"{info['className']}.{field['name']} kept its default"
    return number


@pytest.mark.parametrize('info', ItemTypes, ids=[t['className'] for t in ItemTypes])
def test_saveLoadEveryItemTypeWithNonDefaultValues(info, tmp_path):
    mbs, b = BaseSystem()
    AddItemWithNonDefaults(info, mbs)
    mbs.Assemble()  # the system with the item is valid

    settings = QuietSettings(endTime=0.37, numberOfSteps=37)
    path = tmp_path / 'system.json'
    mbs.Save(str(path), settings)
    json.loads(path.read_text())  # a real JSON file

    SC2 = exu.SystemContainer()
    loadedSystem = SC2.AddSystem()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        loadedSettings = loadedSystem.Load(str(path))
    assert AllItems(loadedSystem) == AllItems(mbs)
    assert loadedSettings.GetDictionary() == settings.GetDictionary()
    loadedSystem.Assemble()


def _LeafPaths(dictionary, prefix=()):
    for key, value in dictionary.items():
        if isinstance(value, dict):
            yield from _LeafPaths(value, prefix + (key,))
        else:
            yield prefix + (key,), value


def _Candidates(value):
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, 2, 1]
    if isinstance(value, float):
        return [value * 0.5 if value else 0.37, value * 2, 0.37, 0.5]
    if isinstance(value, str):
        return [value + 'X', 'x.txt']
    return []


def NonDefaultSettings():
    """SimulationSettings with every leaf that accepts a non-default value changed."""
    settings = exu.SimulationSettings()
    changed, unchanged = [], []
    for path, default in _LeafPaths(settings.GetDictionary()):
        if ".".join(path) in exudyn111Names:
            continue  # Exudyn 1.11's name of a setting that is changed under its 1.13 name (no DeprecationWarning)
        node = settings
        for part in path[:-1]:
            node = getattr(node, part)
        for candidate in _Candidates(default):
            if candidate == default:
                continue
            try:
                setattr(node, path[-1], candidate)
            except (ValueError, TypeError):
                continue
            changed.append(path)
            break
        else:
            unchanged.append(path)
    return settings, changed, unchanged


def test_saveLoadNonDefaultSettings(tmp_path):
    settings, changed, unchanged = NonDefaultSettings()
    # nearly every setting could be changed (enums with fixed names may not)
    assert len(changed) > 0.9 * (len(changed) + len(unchanged)), unchanged
    default = exu.SimulationSettings().GetDictionary()
    assert settings.GetDictionary() != default
    mbs, b = BaseSystem()
    path = tmp_path / 'settings.json'
    mbs.Save(str(path), settings)
    loaded = exu.SystemContainer().AddSystem().Load(str(path))
    assert loaded.GetDictionary() == settings.GetDictionary()
    for leaf in changed:
        value, expected = loaded.GetDictionary(), settings.GetDictionary()
        for part in leaf:
            value, expected = value[part], expected[part]
        assert value == expected and type(value) is type(expected), leaf


def test_filesOfEarlierVersionsWithTheInertExplicitSolverTypeLoad(tmp_path):
    # before 2026-12-03 the settings held timeIntegration.explicitIntegration.dynamicSolverType
    # 'DOPRI5', without effect; it is now Exudyn 1.13's deprecated name of timeIntegration.solverType
    mbs, b = BaseSystem()
    path = tmp_path / 'earlier.json'
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 7
    mbs.Save(str(path), settings)
    data = json.loads(path.read_text())
    assert 'dynamicSolverType' not in data['simulationSettings']['timeIntegration']['explicitIntegration']
    data['simulationSettings']['timeIntegration']['explicitIntegration']['dynamicSolverType'] = 'DOPRI5'
    path.write_text(json.dumps(data))
    loaded = exu.SystemContainer().AddSystem().Load(str(path))
    assert loaded.timeIntegration.numberOfSteps == 7
    assert loaded.timeIntegration.solverType == exu.DynamicSolverType.GeneralizedAlpha  # it had no effect


def test_theSolverTypeIsSavedAndLoadedByName(tmp_path):
    # Exudyn 1.13's timeIntegration.solverType, kept in Python, goes into the file as in 1.13's dict
    mbs, b = BaseSystem()
    path = tmp_path / 'solverType.json'
    settings = exu.SimulationSettings()
    settings.timeIntegration.solverType = exu.DynamicSolverType.RK44
    mbs.Save(str(path), settings)
    data = json.loads(path.read_text())
    assert data['simulationSettings']['timeIntegration']['solverType'] == 'RK44'
    assert exu.SystemContainer().AddSystem().Load(str(path)).timeIntegration.solverType == exu.DynamicSolverType.RK44
    data['simulationSettings']['timeIntegration']['solverType'] = 'RK45'
    path.write_text(json.dumps(data))
    other = exu.SystemContainer().AddSystem()
    with pytest.raises(ValueError, match="timeIntegration.solverType must be the name of an exu.DynamicSolverType "
                                         r"\(GeneralizedAlpha, .*\), got 'RK45'"):
        other.Load(str(path))
    assert other.NumberOfObjects() == 0  # left as it was


def test_saveWithoutSettingsLoadsNone(tmp_path):
    mbs, b = BaseSystem()
    path = tmp_path / 'noSettings.json'
    mbs.Save(str(path))
    other = exu.SystemContainer().AddSystem()
    assert other.Load(str(path)) is None
    assert AllItems(other) == AllItems(mbs)


def MiniExample(mbs):
    """The torsional spring-damper mini example of the seed documentation."""
    oGround = mbs.AddObject(ObjectGround())
    k = 2e3
    nBody = mbs.AddNode(RigidRxyz())
    oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nBody))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=k, damping=k * 0.01, offset=0))
    mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    return nBody, oBody


def test_loadedMiniExampleSolvesIdentically(tmp_path):
    original = exu.SystemContainer().AddSystem()
    nBody, oBody = MiniExample(original)
    settings = QuietSettings()
    path = tmp_path / 'mini.json'
    original.Save(str(path), settings)
    original.Assemble()
    original.SolveDynamic(settings)
    expected = original.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)
    assert abs(expected[2] - 1 / 2e3) < 1e-5  # the documented static deflection

    loaded = exu.SystemContainer().AddSystem()
    loadedSettings = loaded.Load(str(path))
    loaded.Assemble()
    loaded.SolveDynamic(loadedSettings)
    result = loaded.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)
    assert np.allclose(result, expected, rtol=0, atol=1e-15)
    assert np.allclose(loaded.systemData.GetODE2Coordinates(), original.systemData.GetODE2Coordinates(),
                       rtol=0, atol=1e-15)


def test_saveWithUserFunctionsRaisesNamingItems(tmp_path):
    mbs = exu.SystemContainer().AddSystem()
    nBody, oBody = MiniExample(mbs)

    def UFtorque(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
        return stiffness * rotation

    def UFload(mbs, t, loadVector):
        return loadVector

    oGround = 0
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mbs.AddObject(TorsionalSpringDamper(name='springUF', markerNumbers=[mGround, mBody], stiffness=1.,
                                        springTorqueUserFunction=UFtorque))
    mbs.AddLoad(Torque(name='loadUF', markerNumber=mBody, loadVectorUserFunction=UFload))
    before = AllItems(mbs)
    path = tmp_path / 'withUF.json'
    with pytest.raises(ValueError) as error:
        mbs.Save(str(path))
    message = str(error.value)
    assert 'springUF' in message and 'springTorqueUserFunction' in message
    assert 'loadUF' in message and 'loadVectorUserFunction' in message
    assert not path.exists()
    after = AllItems(mbs)
    assert after['Object'][-1]['springTorqueUserFunction'] is UFtorque
    assert len(after['Object']) == len(before['Object'])


systemHooks = [
    ('PreStep', lambda mbs, t: True),
    ('PostStep', lambda mbs, t: True),
    ('PostNewton', lambda mbs, t: [0., -1.]),
    ('PreNewtonResidual', lambda mbs, t, newtonIt, discontinuousIt: None),
    ('SystemJacobian', lambda mbs, t, factorODE2, factorODE2_t, factorODE1: exu.MatrixContainer())]


def test_theSaveRefusalCoversEverySystemHook():
    hooks = [name[len('Set'):-len('UserFunction')] for name in dir(exu.MainSystem)
             if re.fullmatch(r'Set\w+UserFunction', name)]
    assert sorted(hooks) == sorted(hook for hook, _ in systemHooks)


@pytest.mark.parametrize('hook, function', systemHooks)
def test_saveWithASystemUserFunctionRaisesNamingIt(tmp_path, hook, function):
    """A file without the system's hooks (mbs.SetXUserFunction, the dictionary's 'userFunctions')
    would simulate another system: Save refuses, naming the hook, as for the items' functions."""
    mbs = exu.SystemContainer().AddSystem()
    MiniExample(mbs)
    path = tmp_path / 'withHook.json'
    mbs.Save(str(path))  # without the hook: saved
    path.unlink()
    getattr(mbs, f'Set{hook}UserFunction')(function)
    with pytest.raises(ValueError) as error:
        mbs.Save(str(path))
    assert f'mbs.Set{hook}UserFunction' in str(error.value) and 'user functions' in str(error.value)
    assert not path.exists()
    assert getattr(mbs, f'Get{hook}UserFunction')() is function
