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


# ---- a valid base system whose items the index fields of each tested item can point to -----------

def BaseSystem():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    b = {}
    b['ground'] = mbs.AddObject(ObjectGround())
    b['nRxyz'] = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 0, 0, 0, 0]))
    b['bodyRxyz'] = mbs.AddObject(ObjectRigidBody(nodeNumber=b['nRxyz'], mass=1, inertia=[1, 1, 1, 0, 0, 0]))
    b['nEP'] = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[1, 0, 0, 1, 0, 0, 0]))
    b['bodyEP'] = mbs.AddObject(ObjectRigidBody(nodeNumber=b['nEP'], mass=2, inertia=[1, 2, 3, 0, 0, 0]))
    b['nPoint'] = mbs.AddNode(NodePoint(referenceCoordinates=[0, 1, 0]))
    b['massPoint'] = mbs.AddObject(ObjectMassPoint(nodeNumber=b['nPoint'], physicsMass=0.5))
    b['nData'] = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
    b['mGroundRigid'] = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b['ground']))
    b['mRxyzRigid'] = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b['bodyRxyz']))
    b['mEPRigid'] = mbs.AddMarker(MarkerNodeRigid(nodeNumber=b['nEP']))
    b['mPointPosition'] = mbs.AddMarker(MarkerNodePosition(nodeNumber=b['nPoint']))
    b['force'] = mbs.AddLoad(LoadForceVector(markerNumber=b['mPointPosition'], loadVector=[0, 0, 1]))
    b['nGround'] = mbs.AddNode(NodePointGround())
    b['mGroundCoordinate'] = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=b['nGround'], coordinate=0))
    b['mPointCoordinate'] = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=b['nPoint'], coordinate=2))
    b['tree'] = KinematicTreeOn(mbs, mbs.AddNode(NodeGenericODE2(
        numberOfODE2Coordinates=treeLinks, referenceCoordinates=[0.] * treeLinks, initialCoordinates=[0.] * treeLinks,
        initialCoordinates_t=[0.] * treeLinks)))
    return mbs, b


#: links of the base system's kinematic trees: linkNumber 3 (the test's non-default integer) exists
treeLinks = 4


def KinematicTreeOn(mbs, node):
    return mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=['RevoluteZ'] * treeLinks, linkParents=list(range(-1, treeLinks - 1)),
        jointTransformations=[np.eye(3)] * treeLinks, jointOffsets=[[1., 0., 0.]] * treeLinks,
        linkInertiasCOM=[np.eye(3)] * treeLinks, linkCOMs=[[0.5, 0., 0.]] * treeLinks, linkMasses=[1.] * treeLinks))


def KinematicTreeValue(name, fieldType):
    """non-default values of the ObjectKinematicTree's lists (one item per link) and its NodeGenericODE2"""
    if fieldType == 'JointTypeList':
        return ['PrismaticX', 'RevoluteY', 'RevoluteX', 'PrismaticZ']
    if fieldType == 'ArrayIndex':
        return [-1, 0, 0, 2]
    if fieldType == 'Matrix3DList':  # joint rotations; inertia tensors must be symmetric
        return [np.diag([0.37, 0.38, 0.39]).tolist() if name == 'linkInertiasCOM' else rotation.tolist()] * treeLinks
    if fieldType == 'Vector3DList':
        return [[0.37, 0.38 + 0.01 * i, 0.39] for i in range(treeLinks)]
    if fieldType == 'BodyGraphicsData':  # one list per link
        return [[{'type': 'Line', 'color': [0.1, 0.2, 0.3, 1.], 'data': [0., 0., 0., 0.37, 0.38, 0.39]}]] * treeLinks
    if fieldType.startswith('Vector') and name not in ('gravity', 'baseOffset', 'localPosition'):
        return [0.37 + 0.01 * i for i in range(treeLinks)]
    return None


#: fields that only accept their default: Exudyn options not supported yet (rejected with a ValueError)
unsupportedNonDefaults = {('ObjectJointGeneric', 'alternativeConstraints'),
                          ('ObjectConnectorRigidBodySpringDamper', 'useIntrinsicFormulation')}

#: fields left at their default because another field excludes them: an actuator has one
#: transmission (jointNumber here) and one control source (control here)
exclusiveDefaults = {('ObjectActuator', 'markerNumbers'), ('ObjectActuator', 'controlModule')}

#: items that read revolute joints (jointNumber, a module's links)
jointReaders = {'ObjectActuator', 'ModuleTwoHingeDamper'}

#: text fields that take one of a few words
wordValues = {('ObjectActuator', 'dyntype'): 'filter', ('ObjectActuator', 'gaintype'): 'affine',
              ('ObjectActuator', 'biastype'): 'affine', ('ObjectActuator', 'ctrllimited'): 'true',
              ('ObjectActuator', 'forcelimited'): 'true', ('ObjectActuator', 'actlimited'): 'true'}

#: ModulePython saved without its Python functions: two inputs, two outputs of constant values
modulePythonValues = {'inputIsRate': [0, 1], 'inputNames': 'angleInMsg rateInMsg',
                      'outputNames': 'torqueOutMsg forceOutMsg', 'outputValues': [0.37, 0.38]}

#: items whose NodeGenericData needs this many data coordinates (others take the base system's of 1)
dataNodeSizes = {'ObjectConnectorRollingDiscPenalty': 3, 'ObjectContactSphereSphere': 4,
                 'ObjectContactSphereTriangle': 4}

#: items on coordinate markers
coordinateItems = {'ObjectConnectorCoordinateSpringDamper', 'ObjectConnectorCoordinate', 'ObjectContactCoordinate',
                   'LoadCoordinate'}


rotation = ut.RotXYZ2RotationMatrix([0.3, -0.2, 0.5])


def NonDefaultValue(info, field, mbs, b):
    """A valid non-default value for a field (None: the field cannot be given one here)."""
    className, name, fieldType = info['className'], field['name'], field['type']
    default = field['default']
    # index fields: point to a fitting item of the base system (extra nodes for new bodies)
    if (className, name) in unsupportedNonDefaults or (className, name) in exclusiveDefaults:
        return None
    if (className, name) in wordValues:
        return wordValues[className, name]
    if name == 'constrainedAxes':  # joint flags (0/1), one axis freed
        return list(default[:-1]) + [0]
    if className == 'SensorUserFunction' and name == 'sensorNumbers':  # sensors that exist
        return [mbs.AddSensor(SensorNode(nodeNumber=b['nPoint'], writeToFile=False,
                                         outputVariableType=exu.OutputVariableType.Position))]
    if className == 'ModulePython' and name in modulePythonValues:
        return modulePythonValues[name]
    if className == 'ModulePython' and name == 'inputJoints':
        joint = NonDefaultValue({'className': 'ModuleTwoHingeDamper'}, {'name': 'thetaInMsg', 'type': 'ObjectIndex',
                                                                         'default': -1}, mbs, b)
        return [joint, joint]
    if className in ('ObjectKinematicTree', 'NodeGenericODE2'):
        if fieldType == 'NodeIndex':
            return mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=treeLinks, referenceCoordinates=[0.] * treeLinks,
                                               initialCoordinates=[0.] * treeLinks,
                                               initialCoordinates_t=[0.] * treeLinks))
        if fieldType == 'Index':  # numberOfODE2Coordinates
            return treeLinks
        value = KinematicTreeValue(name, fieldType)
        if value is not None:
            return value
    if className in ('MarkerKinematicTreeRigid', 'SensorKinematicTree') and fieldType == 'ObjectIndex':
        return KinematicTreeOn(mbs, mbs.AddNode(NodeGenericODE2(
            numberOfODE2Coordinates=treeLinks, referenceCoordinates=[0.] * treeLinks,
            initialCoordinates=[0.] * treeLinks, initialCoordinates_t=[0.] * treeLinks)))
    if fieldType == 'NodeIndex':
        if className == 'MarkerNodeRotationCoordinate':
            return b['nRxyz']
        if className == 'ObjectRigidBody2D':
            return mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[0, 0, 0.5]))
        if className == 'ObjectRigidBody':
            return mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 2, 0, 0, 0]))
        if className == 'ObjectMassPoint':
            return mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 3]))
        if className == 'ObjectMassPoint2D':
            return mbs.AddNode(NodePoint2D(referenceCoordinates=[0, 3]))
        if className in ('ObjectMass1D', 'ObjectRotationalMass1D'):
            return mbs.AddNode(Node1D(referenceCoordinates=[0.3]))
        if className in ('ObjectConnectorTorsionalSpringDamper', 'ObjectActuator', 'ObjectConnectorRigidBodySpringDamper',
                         'ObjectContactCoordinate'):
            return b['nData']
        if className in dataNodeSizes:
            size = dataNodeSizes[className]
            return mbs.AddNode(NodeGenericData(numberOfDataCoordinates=size, initialCoordinates=[0.] * size))
        if className == 'MarkerNodeRigid':
            return b['nEP']
        return b['nPoint']  # MarkerNodePosition, SensorNode
    if fieldType == 'ObjectIndex':
        if className in jointReaders:
            if 'joint' not in b:
                b['joint'] = mbs.AddObject(RevoluteJointZ(markerNumbers=[b['mEPRigid'], b['mRxyzRigid']]))
            return b['joint']
        if className == 'SensorObject':
            return b['massPoint']
        return b['bodyRxyz']
    if fieldType == 'MarkerIndex':
        if className in coordinateItems:
            return b['mPointCoordinate']
        if className == 'LoadMassProportional':
            return mbs.AddMarker(MarkerBodyMass(bodyNumber=b['bodyRxyz']))
        return b['mEPRigid']  # provides position and orientation (force and torque)
    if fieldType == 'MarkerIndex[2]':
        if className == 'ObjectConnectorCoordinateVector':  # the point's 3 coordinates, by node and by body
            return [mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=b['nPoint'])),
                    mbs.AddMarker(MarkerObjectODE2Coordinates(objectNumber=b['massPoint']))]
        if className in coordinateItems:
            return [b['mGroundCoordinate'], b['mPointCoordinate']]
        return [b['mEPRigid'], b['mRxyzRigid']]
    if fieldType == 'NodeIndex[]' and className == 'ObjectGenericODE2':  # 2 ODE2 coordinates
        return [mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0.1, 0.2],
                                            initialCoordinates=[0., 0.], initialCoordinates_t=[0., 0.]))]
    if fieldType == 'NodeIndex[]' and className == 'ObjectANCFCable2D':  # two planar slope nodes
        return [mbs.AddNode(NodePoint2DSlope1(referenceCoordinates=[0.1 + x, 0.2, 1., 0.])) for x in (0., 0.37)]
    if fieldType == 'NodeIndex[]' and className == 'ObjectConnectorHydraulicActuatorSimple':  # the pressures
        return [mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0., 0.],
                                            initialCoordinates=[1e5, 2e5]))]
    if fieldType == 'NodeIndex[]':  # ObjectGenericODE1: 2 ODE1 coordinates
        return [mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0.1, 0.2],
                                            initialCoordinates=[0., 0.]))]
    if fieldType == 'Matrix' and len(default) > 0:  # a matrix of fixed size (its default's) keeps its shape
        return (np.asarray(default, float) + 0.37 * np.eye(len(default))).tolist()
    if fieldType == 'Matrix' and className == 'ObjectGenericODE2':  # massMatrix, stiffnessMatrix, dampingMatrix
        return [[0.37, 0.1], [0.1, 0.38]]
    if fieldType == 'Matrix' and className == 'ObjectConnectorCoordinateVector':  # 2 equations on 3 coordinates
        return [[0.37, 0.1, 0.], [0.2, -0.38, 0.1]]
    if fieldType == 'Matrix':
        return [[-0.37, 0.1], [0.2, -0.38]]  # ObjectGenericODE1.systemMatrix, 2x2
    if fieldType == 'LoadIndex':
        return b['force']
    if fieldType == 'UserFunction':
        return None  # a Python function cannot be saved (tested separately)
    if fieldType == 'String':
        return f'{name}_{className}.txt' if name == 'fileName' else f'my{className}'
    if fieldType == 'Bool':
        return not default
    if fieldType == 'Real':
        return 0.37
    if fieldType == 'Index':
        if className == 'MarkerNodeCoordinate':
            return 1  # a coordinate of the NodePoint
        if className == 'MarkerNodeRotationCoordinate':
            return 1  # the angle about y
        if className == 'ObjectANCFCable2D':
            return 1  # useReducedOrderIntegration: 0, 1 or 2
        if className in ('ObjectContactSphereSphere', 'ObjectContactSphereTriangle'):
            return 2 if name == 'impactModel' else 5  # impactModel: 0, 1 or 2; includeEdges: flags 0 to 7
        return 3 if default != 3 else 4
    if fieldType == 'Float4':
        return [0.1, 0.2, 0.3, 0.4]
    if fieldType == 'BodyGraphicsData':
        return [{'type': 'Line', 'color': [0.1, 0.2, 0.3, 1.], 'data': [0., 0., 0., 0.37, 0.38, 0.39]},
                {'type': 'Text', 'position': [0.1, 0.2, 0.3], 'text': className}]
    if fieldType == 'Matrix3D':
        return rotation.tolist()
    if fieldType == 'OutputVariableType':
        return {'SensorNode': exu.OutputVariableType.Velocity, 'SensorBody': exu.OutputVariableType.Position,
                'SensorKinematicTree': exu.OutputVariableType.AngularVelocity,
                'SensorObject': exu.OutputVariableType.Velocity, 'SensorMarker': exu.OutputVariableType.Position,
                'SensorLoad': exu.OutputVariableType.Force, 'SensorUserFunction': exu.OutputVariableType.Force}[className]
    if fieldType == 'Vector3DList' and className == 'ObjectContactSphereTriangle':  # the 3 corners
        return [[0.37, 0., 0.], [0., 0.38, 0.], [0., 0., 0.39]]
    if fieldType.startswith('Vector'):
        if className == 'NodeRigidBodyEP' and name == 'referenceCoordinates':
            ep = ut.RotationMatrix2EulerParameters(rotation)
            return [0.37, 0.38, 0.39] + list(ep)
        if className == 'NodeRigidBodyEP' and name == 'initialCoordinates':
            return [0.01, 0.02, 0.03, 0., 0., 0., 0.]  # Euler parameters stay unit
        if className == 'NodeGenericData' and name == 'initialCoordinates':
            return [0.37, 0.38, 0.39]  # numberOfDataCoordinates=3
        if className == 'NodeGenericODE1':
            return [0.37, 0.38, 0.39]  # numberOfODE1Coordinates=3
        if className == 'Node1D':
            return [0.37]
        if className in ('ObjectGenericODE1', 'ObjectGenericODE2', 'SensorUserFunction', 'ObjectConnectorCoordinateVector'):
            return [0.37, 0.38]  # rhsVector, forceVector for 2 coordinates; any number of factors; offset of 2 equations
        if className == 'ObjectRigidBody' and name == 'inertia':
            return [0.37, 0.38, 0.39, 0.01, 0.02, 0.03]  # positive definite
        size = field['rows']
        return [0.37 + 0.01 * i for i in range(size)]
    if fieldType == 'ParameterSet':  # ObjectContactExponentialSpring.parameters: every member changed
        parameters = exu.ExponentialSpringParameters()
        parameters.setShapeParameters(0.001, 0.37, 380.)
        parameters.setNormalViscosity(0.38)
        parameters.setMaxNormalForce(3.7e4)
        parameters.setElasticityAndViscosityForCriticalDamping(3.7e3, 0.37)
        parameters.setSettleVelocity(0.037)
        parameters.setInitialMuStatic(0.6)
        parameters.setInitialMuKinetic(0.3)
        return parameters
    raise AssertionError(f'test does not know how to give {className}.{name} of type {fieldType} a value')


def ItemWithNonDefaults(info, mbs, b):
    itemClass = ii.classesByCategory[info['category']][info['className']]
    kwargs, visualization, notSet = {}, {}, []
    for field in info['fields']:
        value = NonDefaultValue(info, field, mbs, b)
        if value is None:
            notSet.append(field['name'])
            continue
        if field['group']:
            visualization[field['name']] = value
        else:
            kwargs[field['name']] = value
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)  # rotationMarker0/1 of the spring
        return itemClass(**kwargs, visualization=visualization), notSet


@pytest.mark.parametrize('info', ItemTypes, ids=[t['className'] for t in ItemTypes])
def test_saveLoadEveryItemTypeWithNonDefaultValues(info, tmp_path):
    mbs, b = BaseSystem()
    item, notSet = ItemWithNonDefaults(info, mbs, b)
    # every field except user functions got a non-default value
    assert set(notSet) == {f['name'] for f in info['fields']
                           if f['isUserFunction'] or (info['className'], f['name']) in unsupportedNonDefaults
                           or (info['className'], f['name']) in exclusiveDefaults}
    add = getattr(mbs, 'Add' + categoryNames[info['category']])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        index = add(item)
    stored = getattr(mbs, 'Get' + categoryNames[info['category']])(index)
    for field in info['fields']:
        if field['name'] in notSet:
            continue
        default = field['default']
        assert stored[field['key']] != default, f"{info['className']}.{field['name']} kept its default"
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
