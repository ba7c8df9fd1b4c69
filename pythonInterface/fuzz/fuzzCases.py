"""Hypothesis strategies that write fuzz cases as Python scripts (run by fuzzWorker.py).

Four kinds, each generated from the field tables of the compiled module (every item type,
every parameter, every setting), so that a new item or setting is fuzzed without editing this
file:
  * parameterCase: a value (valid or not) for one parameter, through every way a script sets
    it (item class, dict, Add..., Set...Parameter, Modify...) or for one setting;
  * userFunctionCase: user functions (spring, load, ODE1, pre-step) that misbehave after some
    calls: raise, return wrong types or sizes, NaN, change the system, call the solver;
  * sequenceCase: random call sequences on one or two systems;
  * fileCase: mutated model files given to mbs.Load.
"""
import copy
import json

from hypothesis import strategies as st

import multidyn as exu

ITEM_TYPES = exu._multidyn.ItemTypes()
CATEGORIES = ['Node', 'Object', 'Marker', 'Load', 'Sensor']
TYPE_KEYS = ['nodeType', 'objectType', 'markerType', 'loadType', 'sensorType']
OUTPUT_NAMES = list(exu.OutputVariableType.__members__)


def _SettingsLeaves(tree, path=''):
    leaves = []
    for field in tree['fields']:
        if field.get('fields'):
            leaves += _SettingsLeaves(field, path + field['name'] + '.')
        else:
            leaves.append((path, field))
    return leaves


SETTINGS = _SettingsLeaves(exu._multidyn.SettingsFields())

#: the items of fuzzHelpers.Rotor: (category, index, typeName)
ROTOR_ITEMS = [('Node', 0, 'RigidBodyRxyz'), ('Node', 1, 'GenericODE1'), ('Node', 2, 'GenericData'),
               ('Object', 0, 'Ground'), ('Object', 1, 'RigidBody'), ('Object', 2, 'JointRevoluteZ'),
               ('Object', 3, 'ConnectorTorsionalSpringDamper'), ('Object', 4, 'GenericODE1'),
               ('Marker', 0, 'NodeRigid'), ('Marker', 1, 'BodyRigid'), ('Load', 0, 'TorqueVector'),
               ('Sensor', 0, 'Node')]


def InfoOf(category, typeName):
    return next(i for i in ITEM_TYPES if i['category'] == CATEGORIES.index(category) and i['typeName'] == typeName)


# ---- values, as source text -----------------------------------------------------------------

def FloatSource(x):
    if x != x:
        return "float('nan')"
    if x in (float('inf'), -float('inf')):
        return "float('inf')" if x > 0 else "-float('inf')"
    return repr(x)


BAD_VALUES = [
    'None', 'True', 'False', '0', '-1', '1', '2**31', '-2**31-1', '2**63', '2**64', '10**30', '-10**30', '10**400',
    "float('nan')", "float('inf')", "-float('inf')", '1e308', '-0.0', '5e-324', '1j', '1+2j', "'a'", "''",
    "'\\udc80'", "'x\\ud800y'", "b'abc'", "bytearray(b'1')", '[]', '[[]]', '[1, 2]', '[1.]*7', "[float('nan')]*3",
    '[[1, 2, 3]]*3', '[[1, 2], [3, 4]]', '[[1., 0., 0.], [0., 1.], [0., 0., 1.]]', '{}', "{'a': 1}",
    'np.array([1., 2., 3.])', 'np.zeros((3, 3))', 'np.zeros((2, 2, 2))', 'np.float32(1.5)', 'np.int64(2**62)',
    'np.uint64(2**64-1)', 'np.bool_(True)', 'np.array([])', "np.array(['a', 'b', 'c'])", 'np.nan',
    'object()', 'Sequence3()', 'range(3)', 'OVT.Position', 'CT.Current', 'exu.NodeIndex(0)',
    'exu.MarkerIndex(1)', 'exu.ObjectIndex(99)', 'exu.LoadIndex(0)', 'lambda *a: 0', 'print', 'set()',
    '[1, None, 3]', "'a'*100000", 'Nested(70)', 'Nested(5)', '[[[1.]]]', "'Position'", "'Coordinates'",
    "'NotAType'", '(1., 2., 3.)', '[True, False, True]', '[2**63, 0, 0]', "[1., 2., '3']",
]


def ValidValue(field):
    """Source of a value that has the field's type (it may still be out of range)."""
    kind, rows = field['type'], field['rows']
    real = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e3, max_value=1e3).map(FloatSource)
    if kind == 'Real':
        return real
    if kind == 'Bool':
        return st.sampled_from(['True', 'False'])
    if kind == 'Index':
        return st.integers(-3, 12).map(str)
    if kind == 'String':
        return st.text(max_size=8).map(repr)
    if kind.startswith('Vector'):
        size = st.just(rows) if rows > 0 else st.integers(0, 4)
        return size.flatmap(lambda n: st.lists(real, min_size=n, max_size=n)).map(lambda v: '[' + ', '.join(v) + ']')
    if kind.startswith('Matrix'):
        n = st.just(rows) if rows > 0 else st.integers(0, 3)
        return n.flatmap(lambda r: st.lists(st.lists(real, min_size=r, max_size=r), min_size=r, max_size=r)).map(
            lambda m: '[' + ', '.join('[' + ', '.join(row) + ']' for row in m) + ']')
    if kind in ('NodeIndex', 'ObjectIndex', 'MarkerIndex', 'LoadIndex', 'SensorIndex'):
        return st.integers(-2, 6).map(str)
    if kind == 'MarkerIndex[2]':
        return st.lists(st.integers(-1, 4).map(str), min_size=2, max_size=2).map(lambda v: '[' + ', '.join(v) + ']')
    if kind.endswith('Index[]'):  # any number of node, object or sensor indices
        return st.lists(st.integers(-1, 4).map(str), max_size=3).map(lambda v: '[' + ', '.join(v) + ']')
    if kind == 'OutputVariableType':
        return st.sampled_from(OUTPUT_NAMES).map(lambda n: f'OVT.{n}')
    if kind == 'UserFunction':
        return st.sampled_from(['0', 'None', 'lambda *a: 0.', 'lambda *a: [0., 0., 0.]'])
    if kind == 'Color':
        return st.lists(real, min_size=4, max_size=4).map(lambda v: '[' + ', '.join(v) + ']')
    if kind == 'ParameterSet':  # ObjectContactExponentialSpring.parameters: the object or its dict (values may be bad)
        keys = st.sampled_from(['d0', 'd1', 'd2', 'normalViscosity', 'maxNormalForce', 'frictionElasticity',
                                'frictionViscosity', 'settleVelocity', 'initialMuStatic', 'initialMuKinetic'])
        return st.one_of(st.just('exu.ExponentialSpringParameters()'),
                         st.dictionaries(keys, real, max_size=4).map(
                             lambda d: '{' + ', '.join(f'{k!r}: {v}' for k, v in d.items()) + '}'))
    return st.sampled_from(BAD_VALUES)


def AnyValue(field):
    return st.one_of(ValidValue(field), st.sampled_from(BAD_VALUES),
                     st.integers().map(str), st.floats().map(FloatSource),
                     st.text(max_size=5).map(repr),
                     st.lists(st.floats().map(FloatSource), max_size=8).map(lambda v: '[' + ', '.join(v) + ']'))


def FieldNames(field):
    return [field['name'], field['key']] + list(field['aliases'])


# ---- case kinds -------------------------------------------------------------------------------

@st.composite
def parameterCase(draw):
    way = draw(st.sampled_from(['set', 'set', 'add', 'addDict', 'class', 'modify', 'get', 'setting']))
    lines = ['rotor = Rotor(userFunctions=False)', 'mbs = rotor.mbs']
    if way == 'setting':
        path, field = draw(st.sampled_from(SETTINGS))
        value = draw(AnyValue(field))
        lines += ['s = QuietSettings()']
        if draw(st.booleans()):  # the residuals on two threads (the rotor is small: no lower limit)
            lines += ['s.parallel.numberOfThreads = 2', 's.parallel.multithreadedLowerLimitResiduals = 0']
        lines += [f"accepted, _ = attempt(lambda: setattr(s.{path.rstrip('.')}" if path
                  else "accepted, _ = attempt(lambda: setattr(s",
                  ]
        lines[-1] += f", {field['name']!r}, {value}), names=[{field['name']!r}])"
        # a solve with the accepted value (a static one for the static solver's), if it cannot take long
        if field['name'] not in ('numberOfSteps', 'endTime', 'startTime', 'maxIterations', 'realtimeFactor',
                                 'simulateInRealtime', 'realtimeWaitMicroseconds', 'minimumStepSize',
                                 'adaptiveStepIncrease', 'adaptiveStepDecrease', 'initialStepSize',
                                 'maxModifiedNewtonIterations', 'maxModifiedNewtonRestartIterations',
                                 'numberOfLoadSteps'):
            solve = 'SolveStatic' if path.startswith('staticSolver') else 'SolveDynamic'
            lines += ['if accepted:', f'    attempt(lambda: mbs.{solve}(s))']
        lines.append("CheckStillValid(rotor, 'after a setting')")
        return '\n'.join(lines)
    if way in ('set', 'modify', 'get'):
        category, index, typeName = draw(st.sampled_from(ROTOR_ITEMS))
    else:
        info = draw(st.sampled_from(ITEM_TYPES))
        category, index, typeName = CATEGORIES[info['category']], None, info['typeName']
    info = InfoOf(category, typeName)
    fields = [f for f in info['fields']]
    field = draw(st.sampled_from(fields))
    name = draw(st.one_of(st.just(field['key']), st.just(field['name']), st.sampled_from(
        ['stifness', '', 'Name', '__class__', 'V', 'markerNumber', 'nodeNumbers'])))
    value = draw(AnyValue(field))
    names = FieldNames(field) + [name] if name else FieldNames(field)
    className = info['className']
    cls = draw(st.sampled_from([className] + info['shortNames']))
    if way == 'set':
        indexSource = draw(st.one_of(st.just(str(index)), st.sampled_from(
            ['-1', '99', '2**63', "'a'", 'None', '1.5', f'exu.{category}Index({index})', 'exu.NodeIndex(0)',
             'np.int64(0)', 'True'])))
        lines.append(f"attempt(lambda: mbs.Set{category}Parameter({indexSource}, {name!r}, {value}), "
                     f"names={names + ['Set' + category + 'Parameter']!r}, mbs=mbs)")
    elif way == 'get':
        indexSource = draw(st.one_of(st.just(str(index)), st.sampled_from(['-1', '99', "'a'", 'None'])))
        lines.append(f"attempt(lambda: mbs.Get{category}Parameter({indexSource}, {name!r}), "
                     f"names={names + ['Get' + category + 'Parameter']!r}, mbs=mbs)")
    elif way == 'modify':
        lines.append(f"attempt(lambda: mbs.Modify{category}({index}, {cls}(**{{{name!r}: {value}}})), "
                     f"names={names + [className]!r}, mbs=mbs)")
    elif way == 'class':
        lines.append(f"attempt(lambda: {cls}(**{{{name!r}: {value}}}), names={names + [className]!r})")
    else:
        item = (f"{{{TYPE_KEYS[info['category']]!r}: {typeName!r}, {name!r}: {value}}}" if way == 'addDict'
                else f"{cls}(**{{{name!r}: {value}}})")
        lines += [f"accepted, _ = attempt(lambda: mbs.Add{category}({item}), "
                  f"names={names + [className, TYPE_KEYS[info['category']]]!r}, mbs=mbs)",
                  'if accepted:',
                  '    attempt(lambda: (mbs.Assemble(), mbs.SolveDynamic(QuietSettings())))',
                  'else:',
                  "    CheckStillValid(rotor, 'after a rejected Add')"]
        return '\n'.join(lines)
    lines.append("CheckStillValid(rotor, 'after a parameter') if Snapshot(mbs) == Snapshot(Rotor(userFunctions=False).mbs) "
                 "else attempt(lambda: (mbs.Assemble(), mbs.SolveDynamic(QuietSettings())))")
    return '\n'.join(lines)


MISBEHAVIOURS = {
    # name: source of a function (mbs, t, normal) -> result; `rotor` is in scope
    'raise': "lambda mbs, t, normal: 1 / 0",
    'raiseValueError': "lambda mbs, t, normal: (_ for _ in ()).throw(ValueError('bad state'))",
    'returnNone': "lambda mbs, t, normal: None",
    'returnString': "lambda mbs, t, normal: 'abc'",
    'returnNan': "lambda mbs, t, normal: normal * float('nan')",
    'returnInf': "lambda mbs, t, normal: normal * float('inf') if not isinstance(normal, bool) else normal",
    'returnComplex': "lambda mbs, t, normal: 1j",
    'returnHuge': "lambda mbs, t, normal: 10**400",
    'returnList': "lambda mbs, t, normal: [1., 2.]",
    'returnLongList': "lambda mbs, t, normal: list(range(7))",
    'returnDict': "lambda mbs, t, normal: {'a': 1}",
    'returnArray2D': "lambda mbs, t, normal: np.zeros((3, 3))",
    'returnBool': "lambda mbs, t, normal: True",
    'returnObject': "lambda mbs, t, normal: object()",
    'assemble': "lambda mbs, t, normal: (mbs.Assemble(), normal)[1]",
    'reset': "lambda mbs, t, normal: (mbs.Reset(), normal)[1]",
    'scReset': "lambda mbs, t, normal: (rotor.SC.Reset(), normal)[1]",
    'addNode': "lambda mbs, t, normal: (mbs.AddNode(RigidRxyz()), normal)[1]",
    'addLoad': "lambda mbs, t, normal: (mbs.AddLoad(Torque(markerNumber=1)), normal)[1]",
    'delete': "lambda mbs, t, normal: (mbs.DeleteObject(rotor.oSpring), normal)[1]",
    'deleteNode': "lambda mbs, t, normal: (mbs.DeleteNode(0, suppressWarnings=True), normal)[1]",
    'modify': "lambda mbs, t, normal: (mbs.ModifyObject(rotor.oSpring, "
              "TorsionalSpringDamper(markerNumbers=rotor.markers)), normal)[1]",
    'removeOwnSpring': "lambda mbs, t, normal: (mbs.SetObjectParameter(rotor.oSpring, 'springTorqueUserFunction', 0), normal)[1]",
    'removeOwnLoad': "lambda mbs, t, normal: (mbs.SetLoadParameter(rotor.lTorque, 'loadVectorUserFunction', 0), normal)[1]",
    'replaceODE1': "lambda mbs, t, normal: (mbs.SetObjectParameter(rotor.oODE1, 'rhsUserFunction', lambda *a: [0.]), normal)[1]",
    'removePreStep': "lambda mbs, t, normal: (mbs.SetPreStepUserFunction(0), normal)[1]",
    'structural': "lambda mbs, t, normal: (mbs.SetObjectParameter(rotor.oSpring, 'markerNumbers', "
                  "rotor.markers[::-1]), normal)[1]",
    'setRunTimeThenRaise': "lambda mbs, t, normal: (mbs.SetObjectParameter(rotor.oSpring, 'stiffness', 1e3), 1 / 0)",
    'setRunTimeBad': "lambda mbs, t, normal: (mbs.SetObjectParameter(rotor.oSpring, 'damping', float('nan')), normal)[1]",
    'setLoadVector': "lambda mbs, t, normal: (mbs.SetLoadParameter(rotor.lTorque, 'loadVector', [0, 0, 2]), normal)[1]",
    'ownOutput': "lambda mbs, t, normal: (mbs.GetObjectOutput(rotor.oSpring, OVT.TorqueLocal), normal)[1]",
    'ode1Output': "lambda mbs, t, normal: (mbs.GetObjectOutput(rotor.oODE1, OVT.Coordinates), normal)[1]",
    'loadValues': "lambda mbs, t, normal: (mbs.GetLoadValues(rotor.lTorque), normal)[1]",
    'sensorValues': "lambda mbs, t, normal: (mbs.GetSensorValues(rotor.sRotation), normal)[1]",
    'readAll': "lambda mbs, t, normal: (mbs.systemData.GetODE2Coordinates(), mbs.GetNodeOutput(0, OVT.Position), "
               "mbs.GetSensorStoredData(0), normal)[2 + 1]",
    'solve': "lambda mbs, t, normal: (mbs.SolveDynamic(QuietSettings()), normal)[1]",
    'solveStatic': "lambda mbs, t, normal: (mbs.SolveStatic(), normal)[1]",
    'solveOther': "lambda mbs, t, normal: (Rotor(userFunctions=False).mbs.SolveDynamic(QuietSettings(0.01, 1)), normal)[1]",
    'load': "lambda mbs, t, normal: (mbs.Load('missing.json'), normal)[1]",
    'save': "lambda mbs, t, normal: (mbs.Save('during.json'), normal)[1]",
    'setCoordinates': "lambda mbs, t, normal: (mbs.systemData.SetODE2Coordinates([0.] * 6), normal)[1]",
    'recursion': "lambda mbs, t, normal: Recurse()",
    'preStepFalse': "lambda mbs, t, normal: False if isinstance(normal, bool) else normal",
}


@st.composite
def userFunctionCase(draw):
    lines = ['rotor = Rotor()', 'mbs = rotor.mbs',
             'def Recurse():', '    return Recurse()']
    count = draw(st.integers(1, 2))
    names = []
    for _ in range(count):
        function = draw(st.sampled_from(['spring', 'load', 'ode1', 'preStep']))
        behaviour = draw(st.sampled_from(sorted(MISBEHAVIOURS)))
        afterCalls = draw(st.integers(0, 12))
        names.append(behaviour)
        lines.append(f"rotor.Misbehave({function!r}, {afterCalls}, {MISBEHAVIOURS[behaviour]})")
    lines += ['before = Snapshot(mbs)',
              "attempt(lambda: mbs.SolveDynamic(QuietSettings()), names=['UserFunction', 'user function', "
              "'preStep', 'not allowed', 'spring', 'torque', 'decay'])",
              'rotor.Behave()']
    changesRunTime = any(n in ('setRunTimeThenRaise', 'setLoadVector') for n in names)
    if changesRunTime:
        lines.append("attempt(lambda: (mbs.Assemble(), mbs.SolveDynamic(QuietSettings())))")
    else:
        lines += ["if Snapshot(mbs) != before:",
                  "    Problem('changed', 'a failed solve changed the items')",
                  "CheckStillValid(rotor, 'after misbehaving user functions')"]
    return '\n'.join(lines)


CALLS = [
    "m.Assemble()", "m.Reset()", "m.SolveDynamic(QuietSettings())", "m.SolveDynamic(QuietSettings(0.02, 2))",
    "m.SolveStatic()", "m.AddNode(RigidRxyz())", "m.AddNode(Point())", "m.AddObject(ObjectGround())",
    "m.AddObject(RigidBody(mass=1., inertia=[1, 1, 1, 0, 0, 0], nodeNumber={i}))",
    "m.AddObject(MassPoint(nodeNumber={i}, physicsMass=1.))",
    "m.AddMarker(MarkerNodeRigid(nodeNumber={i}))", "m.AddMarker(MarkerBodyRigid(bodyNumber={i}))",
    "m.AddMarker(MarkerNodePosition(nodeNumber={i}))",
    "m.AddObject(RevoluteJointZ(markerNumbers=[{i}, {j}]))",
    "m.AddObject(TorsionalSpringDamper(markerNumbers=[{i}, {j}], stiffness=10.))",
    "m.AddLoad(Torque(markerNumber={i}, loadVector=[0, 0, 1]))", "m.AddLoad(Force(markerNumber={i}))",
    "m.AddSensor(SensorNode(nodeNumber={i}, storeInternal=True, writeToFile=False))",
    "m.AddSensor(SensorObject(objectNumber={i}, outputVariableType=OVT.{o}, writeToFile=False))",
    "m.GetNodeOutput({i}, OVT.{o})", "m.GetNodeOutput({i}, OVT.{o}, CT.{c})", "m.GetObjectOutput({i}, OVT.{o})",
    "m.GetObjectOutputBody({i}, OVT.{o}, [0, 0, {f}])", "m.GetMarkerOutput({i}, OVT.{o})", "m.GetLoadValues({i})",
    # outputs in any configuration, the reference one also before Assemble()
    "m.GetObjectOutput({i}, OVT.{o}, CT.{c})", "m.GetObjectOutputBody({i}, OVT.{o}, [0, 0, {f}], CT.{c})",
    "m.GetMarkerOutput({i}, OVT.{o}, CT.{c})", "m.systemData.GetODE2CoordinatesTotal(CT.{c})",
    "GetJointArgs(m, markerNumber0={i}, bodyNumber1={j})", "GetOtherMarker(m, {i}, {j})",
    "m.GetSensorValues({i})", "m.GetSensorStoredData({i})", "m.GetNode({i})", "m.GetObject({i})",
    "m.ModifyObject({i}, ObjectGround())", "m.ModifyNode({i}, RigidRxyz())",
    "m.SetNodeParameter({i}, 'referenceCoordinates', [0, 0, 0, 0, 0, {f}])",
    "m.SetObjectParameter({i}, 'mass', {f})", "m.SetObjectParameter({i}, 'markerNumbers', [{i}, {j}])",
    "m.SetObjectParameter({i}, 'nodeNumber', {j})", "m.GetObjectParameter({i}, 'name')",
    # deleting: numbers shift, references to deleted items become -1 (Assemble and outputs refuse them)
    "m.DeleteNode({i})", "m.DeleteObject({i})", "m.DeleteObject({i}, deleteDependentItems=False, suppressWarnings=True)",
    "m.DeleteMarker({i}, suppressWarnings=True)", "m.DeleteLoad({i})", "m.DeleteLoad({i}, deleteDependentMarkers=False)",
    "m.DeleteSensor({i})", "m.DeleteObject(exu.NodeIndex({i}))", "m.DeleteNode({f})",
    "m.systemData.GetODE2Coordinates()", "m.systemData.SetODE2Coordinates([{f}] * {i})",
    "m.systemData.GetODE2Coordinates(CT.{c})", "m.systemData.SetODE1Coordinates([{f}])",
    "m.systemData.GetTime()", "m.systemData.GetAECoordinates()", "m.systemData.GetDataCoordinates(CT.{c})",
    "m.systemData.SetODE2Coordinates_t([{f}] * {i}, CT.{c})", "m.systemData.SetODE2Coordinates_tt([{f}] * {i}, CT.{c})",
    "m.systemData.SetAECoordinates([{f}] * {i}, CT.{c})", "m.systemData.SetTime({f}, CT.{c})",
    "m.systemData.SetSystemState(m.systemData.GetSystemState(CT.{c}), CT.Initial)",
    "m.systemData.GetObjectLTGODE2({i})", "m.systemData.GetObjectLTGAE({i})", "m.systemData.SystemSize()",
    "m.Save('seq{i}.json')", "m.Load('seq{j}.json')", "m.Load('missing.json')",
    "m.SetPreStepUserFunction(lambda mbs, t: t < {f})", "m.SetPreStepUserFunction(0)",
    "m.SetPreStepUserFunction(lambda mbs, t: mbs.Assemble())",
    "m.SetPostStepUserFunction(lambda mbs, t: t < {f})", "m.SetPostStepUserFunction(lambda mbs, t: mbs.Reset())",
    "m.AddSensor(SensorUserFunction(sensorNumbers=[{i}], factors=[{f}], storeInternal=True, "
    "sensorUserFunction=lambda mbs, t, s, f, c: [f[0] * t] * {i}))",
    "SC.GetSystem({i})", "SC.Reset()", "SC.AddSystem()", "SC.NumberOfSystems()",
    "m.CreateGround(referencePosition=[0, 0, {f}])",
    "m.CreateRevoluteJoint(bodyNumbers=[{i}, {j}], position=[0, 0, 0], axis=[0, 0, 1])",
    "m.CreateTorsionalSpringDamper(bodyNumbers=[{i}, {j}], stiffness={f})",
    "m.CreateRigidBody(inertia=InertiaCuboid(1000, [1, 1, 1]), referencePosition=[0, 0, {f}])",
    # 2D mass points and distance constraints (coinciding points: a singular system, not a crash)
    "m.AddNode(Point2D(referenceCoordinates=[{f}, 0]))", "m.AddObject(MassPoint2D(nodeNumber={i}, physicsMass={f}))",
    "m.AddObject(DistanceConstraint(markerNumbers=[{i}, {j}], distance={f}))",
    "m.CreateMassPoint(referencePosition=[{f}, 0, 0], mass=1., create2D=True)",
    "m.CreateDistanceConstraint(itemNumbers=[{i}, {j}], distance={f})", "m.CreateDistanceConstraint(itemNumbers=[{i}, {j}])",
    "exu.demos.Demo1(showAll=False)",
    "m.AddObject(CartesianSpringDamper(markerNumbers=[{i}, {j}], stiffness=[{f}, 1, 2], damping=[0, {f}, 0]))",
    "m.AddObject(CartesianSpringDamper(markerNumbers=[{i}, {j}], springForceUserFunction=lambda *a: [{f}, 0]))",
    "m.AddNode(Node1D(referenceCoordinates=[{f}]))", "m.AddObject(Mass1D(nodeNumber={i}, physicsMass={f}))",
    "m.AddObject(Rotor1D(nodeNumber={i}, physicsInertia=1., referenceRotation=[[0, -1, 0], [1, 0, 0], [0, 0, {f}]]))",
    "m.AddObject(ObjectConnectorGravity(markerNumbers=[{i}, {j}], mass0=1e3, mass1={f}, minDistanceRegularization={f}))",
    "m.AddObject(ObjectGenericODE2(nodeNumbers=[{i}], massMatrix=[[{f}, 0, 0], [0, 1, 0], [0, 0, 1]], "
    "stiffnessMatrix=[[1, 0, 0], [0, {f}, 0], [0, 0, 1]]))",
    "m.AddObject(ObjectGenericODE2(nodeNumbers=[{i}, {j}], massMatrix=[[1]], forceUserFunction=lambda *a: [{f}]))",
    "m.AddSensor(SensorMarker(markerNumber={i}, outputVariableType=OVT.{o}, storeInternal=True, writeToFile=False))",
    "m.AddMarker(MarkerBodyMass(bodyNumber={i}))", "m.AddLoad(Gravity(markerNumber={i}, loadVector=[0, 0, {f}]))",
    "m.CreateMassPoint(referencePosition=[0, {f}, 0], mass=2., gravity=[0, 0, -9.81])",
    "Rotor(SC)", "repr(m)",
    # joints between frames, the axis and rigid-body spring-dampers, velocity Verlet
    "m.AddObject(GenericJoint(markerNumbers=[{i}, {j}], constrainedAxes=[1, 1, {i}, 0, 1, {j}]))",
    "m.AddObject(GenericJoint(markerNumbers=[{i}, {j}], offsetUserFunction=lambda *a: [{f}, 0, 0, 0, 0, {f}]))",
    "m.AddObject(ObjectJointPrismaticX(markerNumbers=[{i}, {j}], rotationMarker0=[[1, 0, 0], [0, {f}, 0], [0, 0, 1]]))",
    "m.AddObject(ObjectJointSpherical(markerNumbers=[{i}, {j}], constrainedAxes=[1, {i}, 1]))",
    "m.CreateGenericJoint(itemNumbers=[{i}, {j}], position=[0, {f}, 0], constrainedAxes=[1, 1, 1, 1, 0, 0])",
    "m.CreatePrismaticJoint(itemNumbers=[{i}, {j}], position=[0, 0, 0], axis=[{f}, 1, 0])",
    "m.CreateSphericalJoint(itemNumbers=[{i}, {j}], position=[{f}, 0, 0])",
    "m.CreateCartesianSpringDamper(itemNumbers=[{i}, {j}], stiffness=[{f}, 1, 1])",
    "m.AddObject(LinearSpringDamper(markerNumbers=[{i}, {j}], stiffness={f}, axisMarker0=[0, {f}, 1]))",
    "m.CreateLinearSpringDamper(itemNumbers=[{i}, {j}], axis=[1, {f}, 0], stiffness=10.)",
    "m.AddObject(RigidBodySpringDamper(markerNumbers=[{i}, {j}], stiffness=np.eye(6) * {f}, offset=[{f}] * 6))",
    "m.AddObject(RigidBodySpringDamper(markerNumbers=[{i}, {j}], springForceTorqueUserFunction=lambda *a: [{f}] * {i}))",
    "m.CreateRigidBodySpringDamper(itemNumbers=[{i}, {j}], stiffness=np.eye(6), useIntrinsicFormulation=False)",
    "m.SolveDynamic(exu.SimulationSettings(), solverType=exu.DynamicSolverType.VelocityVerlet)",
    "m.AddObject(PrismaticJoint2D(markerNumbers=[{i}, {j}], axisMarker0=[{f}, 1, 0], constrainRotation={i} > 1))",
    "m.AddObject(RollingDiscJoint(markerNumbers=[{i}, {j}], discRadius={f}, constrainedAxes=[1, {i} % 2, 1]))",
    "m.CreateRollingDisc(bodyNumbers=[{i}, {j}], axisPosition=[0, 0, 0], discRadius={f}, planeNormal=[0, {f}, 1])",
    "m.AddObject(CoordinateConstraint(markerNumbers=[{i}, {j}], velocityLevel=True, offset={f}))",
    "m.AddObject(RollingDiscPenalty(markerNumbers=[{i}, {j}], nodeNumber={i}, discRadius={f}, contactStiffness=1e4))",
    "m.CreateRollingDiscPenalty(bodyNumbers=[{i}, {j}], axisPosition=[0, 0, 0], discRadius={f}, dryFriction=[{f}, 0.3], "
    "contactStiffness=1e4, dryFrictionProportionalZone={f})",
]


@st.composite
def sequenceCase(draw):
    lines = ['SC = exu.SystemContainer()', 'rotor = Rotor(SC)',
             'from multidyn.utilities import InertiaCuboid, GetJointArgs, GetOtherMarker',
             'systems = [rotor.mbs, SC.AddSystem()]']
    for _ in range(draw(st.integers(1, 12))):
        template = draw(st.sampled_from(CALLS))
        call = template.format(i=draw(st.integers(-1, 6)), j=draw(st.integers(-1, 6)),
                               o=draw(st.sampled_from(OUTPUT_NAMES)),
                               c=draw(st.sampled_from(['Current', 'Initial', 'Reference', 'StartOfStep'])),
                               f=FloatSource(draw(st.one_of(st.floats(-2, 2), st.sampled_from(
                                   [float('nan'), float('inf'), 1e300, 0.])))))
        system = draw(st.integers(0, 1))
        lines.append(f"m = systems[{system}]")
        # a rejected call must leave the system it was called on unchanged
        lines.append(f"attempt(lambda: {call}" + (")" if call.startswith(("SC.", "Rotor")) else ", mbs=m)"))
    return '\n'.join(lines)


def _ValidFile():
    return {
        "format": "multidyn.system", "version": 1,
        "nodes": [{"nodeType": "RigidBodyRxyz", "name": "", "referenceCoordinates": [0, 0, 0, 0, 0, 0],
                   "initialCoordinates": [0, 0, 0, 0, 0, 0], "initialVelocities": [0, 0, 0, 0, 0, 0]}],
        "objects": [{"objectType": "Ground"},
                    {"objectType": "RigidBody", "mass": 1., "inertia": [1, 1, 1, 0, 0, 0], "nodeNumber": 0},
                    {"objectType": "JointRevoluteZ", "markerNumbers": [1, 0]},
                    {"objectType": "ConnectorTorsionalSpringDamper", "markerNumbers": [1, 0], "stiffness": 2e3,
                     "damping": 20.}],
        "markers": [{"markerType": "NodeRigid", "nodeNumber": 0}, {"markerType": "BodyRigid", "bodyNumber": 0}],
        "loads": [{"loadType": "TorqueVector", "markerNumber": 0, "loadVector": [0, 0, 1]}],
        "sensors": [{"sensorType": "Node", "nodeNumber": 0, "outputVariableType": "Rotation", "writeToFile": False}],
        "simulationSettings": {"timeIntegration": {"endTime": 0.05, "numberOfSteps": 5}},
    }


def _Paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _Paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _Paths(item, path + (i,))


FILE_VALUES = [None, True, 0, -1, 1, 2 ** 31, 2 ** 63, 10 ** 30, 1e308, 'x', '', [], {}, [1, 2], [[1]], {'a': 1},
               'NotAType', 'RigidBody', 999, -2, 0.5, [0, 0, 0], 'Position']


@st.composite
def fileCase(draw):
    data = _ValidFile()
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _Paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        mutation = draw(st.sampled_from(['delete', 'replace', 'replace', 'deepen', 'duplicate']))
        if mutation == 'delete':
            del parent[path[-1]]
        elif mutation == 'replace':
            # a copy: later mutations must not change the shared pool (Hypothesis needs the same
            # draws to give the same case)
            parent[path[-1]] = copy.deepcopy(draw(st.one_of(st.sampled_from(FILE_VALUES), st.integers(),
                                                            st.floats(allow_nan=False), st.text(max_size=6))))
        elif mutation == 'deepen':
            value = parent[path[-1]]
            for _ in range(draw(st.integers(1, 80))):
                value = [value]
            parent[path[-1]] = value
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        else:
            parent[str(path[-1]) + 'X'] = copy.deepcopy(parent[path[-1]])
    text = json.dumps(data).encode()
    textMutation = draw(st.sampled_from(['none', 'none', 'truncate', 'invalidUtf8', 'nanLiteral', 'hugeNumber',
                                         'deepNesting', 'bom', 'empty', 'bytes', 'surrogateEscape']))
    if textMutation == 'truncate':
        text = text[:draw(st.integers(0, max(len(text) - 1, 0)))]
    elif textMutation == 'invalidUtf8':
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from([b'\xff', b'\xc3', b'\xed\xa0\x80', b'\x80\x80'])) + text[at:]
    elif textMutation == 'nanLiteral':
        text = text.replace(b'2000.0', b'NaN', 1).replace(b'20.0', b'Infinity', 1)
    elif textMutation == 'hugeNumber':
        text = text.replace(b'2000.0', b'1e400', 1).replace(b'"nodeNumber": 0', b'"nodeNumber": 1' + b'0' * 30, 1)
    elif textMutation == 'deepNesting':
        depth = draw(st.sampled_from([50, 70, 1000, 100000]))
        text = text.replace(b'"loads": [', b'"loads": ' + b'[' * depth + b'[', 1).replace(
            b'], "sensors"', b']' + b']' * depth + b', "sensors"', 1)
    elif textMutation == 'bom':
        text = b'\xef\xbb\xbf' + text
    elif textMutation == 'empty':
        text = b''
    elif textMutation == 'bytes':
        text = draw(st.binary(max_size=40))
    elif textMutation == 'surrogateEscape':
        text = text.replace(b'"Ground"', b'"Gr\\udc80ound"', 1)
    return '\n'.join([
        'rotor = Rotor(userFunctions=False)', 'mbs = rotor.mbs',
        f"open('case.json', 'wb').write({text!r})",
        "accepted, result = attempt(lambda: mbs.Load('case.json'), names=['case.json'], mbs=mbs)",
        'if accepted:',
        '    attempt(lambda: (mbs.Assemble(), mbs.SolveDynamic(QuietSettings())))',
        'else:',
        "    CheckStillValid(rotor, 'after a file that could not be loaded')"])


CASE_KINDS = {'parameters': parameterCase(), 'userFunctions': userFunctionCase(), 'sequences': sequenceCase(),
              'files': fileCase()}
