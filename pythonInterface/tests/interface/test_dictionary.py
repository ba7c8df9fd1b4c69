"""mbs.GetDictionary / mbs.SetDictionary and pickling and copying of a MainSystem: Exudyn's keys,
every item type through the dictionary, identical simulation results of the copies, and bad
dictionaries refused with the system left as it was."""

import copy
import math
import pickle
import re
import warnings

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import *  # noqa: F401,F403

from test_jsonFiles import AddItemWithNonDefaults, AllItems, BaseSystem, ItemTypes, QuietSettings, categoryNames

#: the keys of Exudyn 1.13.6's mbs.GetDictionary(), in its order
exudynKeys = ['__version__', 'nodeList', 'objectList', 'markerList', 'loadList', 'sensorList', 'userFunctions',
              'settings', 'variables', 'systemVariables']


@pytest.fixture(autouse=True)
def _inTempDir(workDir):
    pass


# ---- a small model with several item kinds, a load user function and a pre-step user function -------

def TorqueUserFunction(mbs, t, loadVector):
    return [0., 0., mbs.variables['torqueAmplitude'] * math.cos(2 * math.pi * t)]


def PreStepUserFunction(mbs, t):
    # a run-time parameter set from mbs.variables: the copy must use its own mbs and variables
    mbs.SetLoadParameter(mbs.variables['forceLoad'], 'loadVector', [0., mbs.variables['forceAmplitude'] * t, 0.])
    return True


def SmallModel():
    """Two rigid bodies (Euler parameters) on a prismatic and a revolute joint, a spring-damper, a mass
    point with gravity, a torque by user function, a force set by the pre-step function, sensors."""
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    p0 = np.array([0.5, 1., 0.])
    b0 = mbs.CreateRigidBody(referencePosition=p0, initialVelocity=[0, 1, 0],
                             inertia=ut.InertiaCuboid(500, [0.25, 0.5, 0.1]))
    p1 = p0 + [0, 0.25, 0.1]
    b1 = mbs.CreateRigidBody(referencePosition=p1, initialVelocity=[0, 1, 0], initialAngularVelocity=[0, 0, 2],
                             inertia=ut.InertiaCuboid(1000, [0.05, 0.5, 0.05]))
    mbs.CreateRevoluteJoint(itemNumbers=[b0, b1], position=p1 - [0, 0.25, 0.025], axis=[0, 0, 1])
    mbs.CreatePrismaticJoint(itemNumbers=[ground, b0], position=p0, axis=[0, 1, 0])
    point = mbs.CreateMassPoint(referencePosition=[0, 0, 1], mass=2., gravity=[0, 0, -9.81])
    mbs.CreateSpringDamper(itemNumbers=[b0, point], stiffness=400., damping=3.)
    mbs.CreateTorque(itemNumber=b1, loadVectorUserFunction=TorqueUserFunction)
    mbs.variables['forceLoad'] = mbs.CreateForce(itemNumber=b0, loadVector=[0, 0, 0])
    mbs.variables['torqueAmplitude'] = 2.
    mbs.variables['forceAmplitude'] = 50.
    mbs.SetPreStepUserFunction(PreStepUserFunction)
    sensors = [mbs.AddSensor(SensorBody(bodyNumber=b, storeInternal=True, outputVariableType=output))
               for b in (b0, b1, point) for output in (exu.OutputVariableType.Position,
                                                       exu.OutputVariableType.Velocity)]
    return mbs, sensors


def Solve(mbs, sensors):
    settings = QuietSettings(numberOfSteps=200, endTime=0.5)
    settings.solution.sensors.active = True  # stored internally, files in the temp dir
    mbs.Assemble()
    mbs.SolveDynamic(settings)
    return np.array([mbs.GetSensorStoredData(s) for s in sensors])


def test_dictionaryHasExudynsKeysAndTheItemsAsGetItemGivesThem():
    mbs, sensors = SmallModel()
    d = mbs.GetDictionary()
    assert list(d) == exudynKeys
    assert d['__version__'] == exu.__version__
    for _category, name in enumerate(categoryNames):
        assert d[name.lower() + 'List'] == AllItems(mbs)[name]
    assert d['loadList'][1]['loadVectorUserFunction'] is TorqueUserFunction
    assert d['userFunctions'] == {'preStepFunction': PreStepUserFunction, 'postStepFunction': 0,
                                  'postNewtonFunction': 0, 'preNewtonResidualFunction': 0,
                                  'systemJacobianFunction': 0}
    assert d['settings'] == {'interactiveMode': False}
    assert d['variables'] is mbs.variables and d['systemVariables'] is mbs.sys  # as Exudyn: not copies


def PreNewtonUserFunction(mbs, t, newtonIt, discontinuousIt):
    pass


def SystemJacobianUserFunction(mbs, t, factorODE2, factorODE2_t, factorODE1):
    return exu.MatrixContainer()


def PostNewtonUserFunction(mbs, t):
    return [0., -1.]


def test_everySystemUserFunctionHookIsInTheDictionaryAndRoundTrips():
    """Each mbs.SetXUserFunction has its key xFunction in 'userFunctions' (Exudyn's keys) and comes back
    from SetDictionary and pickle: a hook added without its dictionary entry fails here."""
    hooks = [name[len('Set'):-len('UserFunction')] for name in dir(exu.MainSystem)
             if re.fullmatch(r'Set\w+UserFunction', name)]
    assert sorted(hooks) == ['PostNewton', 'PostStep', 'PreNewtonResidual', 'PreStep', 'SystemJacobian']
    functions = {'PreStep': PreStepUserFunction, 'PostStep': PreStepUserFunction, 'PostNewton': PostNewtonUserFunction,
                 'PreNewtonResidual': PreNewtonUserFunction, 'SystemJacobian': SystemJacobianUserFunction}
    mbs = exu.SystemContainer().AddSystem()
    for hook in hooks:
        getattr(mbs, f'Set{hook}UserFunction')(functions[hook])
    d = mbs.GetDictionary()
    assert list(d['userFunctions']) == ['preStepFunction', 'postStepFunction', 'postNewtonFunction',
                                        'preNewtonResidualFunction', 'systemJacobianFunction']  # Exudyn's
    for hook in hooks:
        assert d['userFunctions'][hook[0].lower() + hook[1:] + 'Function'] is functions[hook], hook
    other = exu.SystemContainer().AddSystem()
    other.SetDictionary(d)
    for restored in (other, pickle.loads(pickle.dumps(mbs)), copy.deepcopy(mbs)):
        for hook in hooks:
            assert getattr(restored, f'Get{hook}UserFunction')() is functions[hook], hook
    # removed in the dictionary: removed in the system (0, as Exudyn's dictionary of a system without)
    other.SetDictionary(exu.SystemContainer().AddSystem().GetDictionary())
    for hook in hooks:
        assert getattr(other, f'Get{hook}UserFunction')() == 0, hook


@pytest.mark.parametrize('info', ItemTypes, ids=[t['className'] for t in ItemTypes])
def test_everyItemTypeWithNonDefaultValuesRoundTrips(info):
    mbs, b = BaseSystem()
    AddItemWithNonDefaults(info, mbs)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        other = exu.SystemContainer().AddSystem()
        other.SetDictionary(mbs.GetDictionary())
    assert AllItems(other) == AllItems(mbs)
    other.Assemble()


def test_setDictionaryOnANewSystemSolvesIdentically():
    mbs, sensors = SmallModel()
    d = mbs.GetDictionary()
    other = exu.SystemContainer().AddSystem()
    other.CreateGround()  # replaced, not appended to
    other.SetDictionary(d)
    assert AllItems(other) == AllItems(mbs)
    assert other.GetPreStepUserFunction() is PreStepUserFunction
    expected = Solve(mbs, sensors)
    # the model moves: a copy that lost the user functions or the variables would differ
    assert np.ptp(expected[0][:, 2]) > 0.1 and np.ptp(expected[4][:, 3]) > 0.1
    np.testing.assert_allclose(Solve(other, sensors), expected, rtol=0, atol=1e-14)


@pytest.mark.parametrize('how', ['pickle', 'deepcopy', 'copy', 'pickle protocol 0'])
def test_copiesSolveIdenticallyAndIndependently(how):
    mbs, sensors = SmallModel()
    mbs.variables['system'] = mbs  # a variable that refers to the system itself
    duplicate = {'pickle': lambda: pickle.loads(pickle.dumps(mbs)), 'deepcopy': lambda: copy.deepcopy(mbs),
                 'copy': lambda: copy.copy(mbs), 'pickle protocol 0': lambda: pickle.loads(pickle.dumps(mbs, 0))}[how]()
    assert type(duplicate) is exu.MainSystem and duplicate is not mbs
    assert AllItems(duplicate) == AllItems(mbs)
    if how == 'copy':  # a shallow copy shares variables, as Exudyn's
        assert duplicate.variables is mbs.variables
    else:
        assert duplicate.variables is not mbs.variables and duplicate.variables['system'] is duplicate
        assert duplicate.variables['torqueAmplitude'] == 2.
    expected = Solve(mbs, sensors)
    np.testing.assert_allclose(Solve(duplicate, sensors), expected, rtol=0, atol=1e-14)
    # the copies' items are their own
    duplicate.SetObjectParameter(1, 'mass', 7.)
    assert mbs.GetObjectParameter(1, 'mass') != 7.


def test_solvedSystemPicklesWithoutItsResults():
    mbs, sensors = SmallModel()
    Solve(mbs, sensors)
    assert 'dynamicSolverStatistics' in mbs.sys
    restored = pickle.loads(pickle.dumps(mbs))
    assert not restored.IsAssembled()
    assert restored.sys['dynamicSolverStatistics'] == mbs.sys['dynamicSolverStatistics']


def test_pickleNamesTheItemAndParameterOfALambda():
    mbs, sensors = SmallModel()
    mbs.SetLoadParameter(1, 'loadVectorUserFunction', lambda mbs, t, loadVector: loadVector)
    with pytest.raises(pickle.PicklingError) as error:
        pickle.dumps(mbs)
    assert "load 1 (TorqueVector" in str(error.value) and "'loadVectorUserFunction'" in str(error.value)
    assert '<lambda>' in str(error.value)
    copy.deepcopy(mbs)  # deepcopy keeps functions as they are: lambdas too

    def Nested(mbs, t):
        return True
    mbs.SetLoadParameter(1, 'loadVectorUserFunction', TorqueUserFunction)
    mbs.SetPostStepUserFunction(Nested)
    with pytest.raises(pickle.PicklingError, match=r"userFunctions\['postStepFunction'\].*Nested"):
        pickle.dumps(mbs)


def test_exudynsUserFunctionFormIsAccepted():
    mbs, sensors = SmallModel()
    d = mbs.GetDictionary()
    d['loadList'][1]['loadVectorUserFunction'] = {'function': TorqueUserFunction, 'type': 'Python'}
    d['userFunctions']['preStepFunction'] = {'function': PreStepUserFunction, 'type': 'Python'}
    other = exu.SystemContainer().AddSystem()
    other.SetDictionary(d)
    assert other.GetLoad(1)['loadVectorUserFunction'] is TorqueUserFunction
    assert other.GetPreStepUserFunction() is PreStepUserFunction


def test_optionalKeysMayBeLeftOutAndUnknownKeysWarn():
    mbs, sensors = SmallModel()
    d = {name: value for name, value in mbs.GetDictionary().items() if name.endswith('List')}
    other = exu.SystemContainer().AddSystem()
    other.SetPreStepUserFunction(PreStepUserFunction)
    other.SetDictionary(d)
    assert AllItems(other) == AllItems(mbs)
    assert other.GetPreStepUserFunction() == 0 and other.variables == {} and other.sys == {}
    with pytest.warns(UserWarning, match="mbs.SetDictionary: unknown key 'solverState' ignored"):
        other.SetDictionary({**mbs.GetDictionary(), 'solverState': 1})
    assert AllItems(other) == AllItems(mbs)


def _Set(d, path, value):
    target = d
    for key in path[:-1]:
        target = target[key]
    if value is _Delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_Delete = object()

#: (path in the dictionary, bad value, error type, texts the message must contain)
badEntries = [
    (('objectList',), _Delete, ValueError, ["no 'objectList'", 'nodeList, objectList, markerList']),
    (('objectList',), 5, TypeError, ["'objectList' must be a list of object dicts", 'int']),
    (('objectList', 1), 'RigidBody', TypeError, ['objectList[1]', 'expected an item dict', 'str']),
    (('objectList', 1, 'objectType'), 'NoSuchBody', ValueError, ['objectList[1]', "unknown objectType 'NoSuchBody'"]),
    (('objectList', 1, 'mass'), -1., ValueError, ['objectList[1]', 'mass']),
    (('objectList', 1, 'mass'), 'heavy', (TypeError, ValueError), ['objectList[1]', 'mass', 'heavy']),
    (('objectList', 1, 'nodeNumber'), 99, IndexError, ['object 1', 'nodeNumber', 'node number 99 does not exist']),
    (('markerList', 0, 'bodyNumber'), 3.5, (TypeError, ValueError), ['markerList[0]', 'bodyNumber']),
    (('loadList', 1, 'loadVectorUserFunction'), 'UFtorque', TypeError,
     ['loadList[1]', 'loadVectorUserFunction', 'expected a Python function', 'UFtorque']),
    (('sensorList', 0, 'outputVariableType'), 'Speed', (TypeError, ValueError), ['sensorList[0]', 'outputVariableType']),
    (('userFunctions',), [], TypeError, ["'userFunctions' must be a dict"]),
    (('userFunctions', 'preStepFunction'), 'f', TypeError, ["userFunctions['preStepFunction']", 'Python function']),
    (('userFunctions', 'systemJacobianFunction'), 'f', TypeError,
     ["userFunctions['systemJacobianFunction']", 'Python function']),
    (('userFunctions', 'postNewtonFunction'), 'f', TypeError, ["userFunctions['postNewtonFunction']", 'Python function']),
    (('userFunctions', 'preStepFunktion'), 0, ValueError, ["userFunctions['preStepFunktion']", 'unknown user function']),
    (('settings', 'interactiveMode'), 1, TypeError, ["settings['interactiveMode']", 'True or False']),
    (('settings', 'renderer'), True, ValueError, ["settings['renderer']", 'unknown setting']),
    (('variables',), [1], TypeError, ["'variables' must be a dict"]),
    (('systemVariables',), None, TypeError, ["'systemVariables' must be a dict"]),
    (('__version__',), 1.13, TypeError, ["'__version__' must be a version string"]),
]


@pytest.mark.parametrize('path, value, errorType, texts', badEntries, ids=[f"{'.'.join(map(str, e[0]))}={e[1]!r:.20}"
                                                                           for e in badEntries])
def test_badDictionaryRaisesAndLeavesTheSystemAsItWas(path, value, errorType, texts):
    mbs, sensors = SmallModel()
    target = exu.SystemContainer().AddSystem()
    target.CreateMassPoint(referencePosition=[1, 2, 3], mass=1.)
    target.SetPostStepUserFunction(PreStepUserFunction)
    target.variables['kept'] = True
    target.Assemble()
    before = (AllItems(target), target.variables, dict(target.variables))
    d = copy.deepcopy(mbs.GetDictionary())
    _Set(d, path, value)
    with pytest.raises(errorType) as error:
        target.SetDictionary(d)
    message = str(error.value)
    assert message.startswith('mbs.SetDictionary'), message
    for text in texts:
        assert text in message, message
    assert (AllItems(target), target.variables, dict(target.variables)) == before
    assert target.variables is before[1] and target.GetPostStepUserFunction() is PreStepUserFunction
    assert target.IsAssembled()


def test_notADictionary():
    mbs = exu.SystemContainer().AddSystem()
    with pytest.raises(TypeError, match='mbs.SetDictionary: expected a dict of mbs.GetDictionary'):
        mbs.SetDictionary([1, 2])


def test_setDictionaryDuringASolveIsRefused():
    mbs, sensors = SmallModel()
    d = mbs.GetDictionary()
    refusals = []

    def TryToReplace(mbs, t):
        try:
            mbs.SetDictionary(d)
        except exu.SolveInProgressError as error:
            refusals.append(str(error))
        return True
    mbs.SetPostStepUserFunction(TryToReplace)
    Solve(mbs, sensors)
    assert refusals and 'mbs.SetDictionary()' in refusals[0]
    assert AllItems(mbs)['Object'] == d['objectList']


def test_aCopyCanBeAppendedToASystemContainer():
    mbs, sensors = SmallModel()
    SC = exu.SystemContainer()
    SC.AddSystem()
    duplicate = pickle.loads(pickle.dumps(mbs))
    assert SC.AppendSystem(duplicate) == 1
    assert SC.GetSystem(1) is duplicate and duplicate.systemContainer is SC
    assert SC.AppendSystem(exu.MainSystem()) == 2 and SC.GetSystem(2).variables == {}
    with pytest.raises(TypeError, match='SC.AppendSystem: expected a MainSystem'):
        SC.AppendSystem(mbs.GetDictionary())
    assert SC.NumberOfSystems() == 3
