"""Sensors: stored data (time column, one row per sensorsWritePeriod, last row = output at the end
time), sensor files matching the stored data, SensorLoad with a user function, and errors."""

import json
import os
import math
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403

OVT = exu.OutputVariableType


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def Settings(endTime=1., numberOfSteps=100, sensorsWritePeriod=0.01):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.writePeriod = sensorsWritePeriod
    s.solution.precision = 16
    s.timeIntegration.endTime = endTime
    s.timeIntegration.numberOfSteps = numberOfSteps
    return s


def SpringModel(tmp_path, writeToFile=False):
    """The seed's torsional spring mini example with one sensor of each kind."""
    mbs = exu.SystemContainer().AddSystem()
    oGround = mbs.AddObject(ObjectGround())
    nBody = mbs.AddNode(RigidRxyz(referenceCoordinates=[1, 2, 3, 0, 0, 0]))
    oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nBody))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[1, 2, 3]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    oSpring = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=200., damping=1.))
    lTorque = mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    files = {k: str(tmp_path / 'out' / f'{k}.txt') for k in ['node', 'object', 'body', 'load', 'marker']}
    sensors = {
        'node': (mbs.AddSensor(SensorNode(nodeNumber=nBody, storeInternal=True, writeToFile=writeToFile,
                                          fileName=files['node'], outputVariableType=OVT.Rotation)),
                 lambda: mbs.GetNodeOutput(nBody, OVT.Rotation)),
        'object': (mbs.AddSensor(SensorObject(objectNumber=oSpring, storeInternal=True, writeToFile=writeToFile,
                                              fileName=files['object'], outputVariableType=OVT.TorqueLocal)),
                   lambda: [mbs.GetObjectOutput(oSpring, OVT.TorqueLocal)]),
        'body': (mbs.AddSensor(SensorBody(bodyNumber=oBody, localPosition=[0.5, 0, 0], storeInternal=True,
                                          writeToFile=writeToFile, fileName=files['body'],
                                          outputVariableType=OVT.Velocity)),
                 lambda: mbs.GetObjectOutputBody(oBody, OVT.Velocity, localPosition=[0.5, 0, 0])),
        'load': (mbs.AddSensor(SensorLoad(loadNumber=lTorque, storeInternal=True, writeToFile=writeToFile,
                                          fileName=files['load'], outputVariableType=OVT.Torque)),
                 lambda: mbs.GetLoadValues(lTorque)),
        'marker': (mbs.AddSensor(SensorMarker(markerNumber=mBody, storeInternal=True, writeToFile=writeToFile,
                                              fileName=files['marker'], outputVariableType=OVT.AngularVelocity)),
                   lambda: mbs.GetMarkerOutput(mBody, OVT.AngularVelocity)),
    }
    mbs.Assemble()
    return mbs, sensors, files


def test_storedDataRowsAndLastRow(tmp_path):
    mbs, sensors, files = SpringModel(tmp_path)
    mbs.SolveDynamic(Settings())
    times = np.arange(101) * 0.01
    for name, (sensor, currentOutput) in sensors.items():
        data = mbs.GetSensorStoredData(sensor)
        assert isinstance(data, np.ndarray), name
        expectedColumns = 1 + len(np.atleast_1d(currentOutput()))
        assert data.shape == (101, expectedColumns), name
        assert np.allclose(data[:, 0], times, rtol=0, atol=1e-12), name
        assert np.allclose(data[-1, 1:], currentOutput(), rtol=0, atol=1e-14), name
    rotation = mbs.GetSensorStoredData(sensors['node'][0])
    assert np.allclose(rotation[0, 1:], 0, atol=1e-15)  # initial row
    assert rotation[-1, 3] > 0.003  # the body turned
    assert np.allclose(mbs.GetSensorStoredData(sensors['load'][0])[:, 1:], [0, 0, 1], atol=0)
    # TorqueLocal = k phi + d omega, row by row
    torque = mbs.GetSensorStoredData(sensors['object'][0])[:, 1]
    assert np.all(np.abs(torque) <= 2.)
    # the marker on the node turns with it about z only; its rate integrates to the node's angle
    omega = mbs.GetSensorStoredData(sensors['marker'][0])
    assert np.allclose(omega[:, 1:3], 0., atol=1e-12)
    angle = np.concatenate([[0.], np.cumsum(np.diff(omega[:, 0]) * 0.5 * (omega[1:, 3] + omega[:-1, 3]))])
    assert np.allclose(angle, rotation[:, 3], atol=2e-5)
    assert not any(path for path in files.values() if os.path.exists(path))  # writeToFile=False


def test_sensorsWritePeriod(tmp_path):
    mbs, sensors, files = SpringModel(tmp_path)
    mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=100, sensorsWritePeriod=0.05))
    data = mbs.GetSensorStoredData(sensors['node'][0])
    assert data.shape[0] == 11
    assert np.allclose(data[:, 0], np.arange(11) * 0.05, atol=1e-12)


@pytest.mark.parametrize('solverType', [exu.DynamicSolverType.RK44, exu.DynamicSolverType.GeneralizedAlpha])
def test_writePeriodsZeroRecordEveryStep(tmp_path, solverType):
    """sensorsWritePeriod = 0 and solutionWritePeriod = 0 (Exudyn's non-negative periods): a row for the
    initial state and for every step, in the stored data, the sensor file and the solution file. A mass
    thrown up under gravity: both solvers are exact for its quadratic y = v0 t - g t^2/2."""
    mbs = exu.SystemContainer().AddSystem()
    mass, g, v0 = 2., 9.81, 3.
    node = mbs.AddNode(Point(referenceCoordinates=[0., 0., 0.], initialVelocities=[0., v0, 0.]))
    mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=mass))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=marker, loadVector=[0., -mass * g, 0.]))
    sensorFile = str(tmp_path / 'position.txt')
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True, writeToFile=True, fileName=sensorFile,
                                      outputVariableType=OVT.Position))
    mbs.Assemble()
    steps, endTime = 74, 0.37  # h = 5 ms: the default periods (0.01 s) would give every other step
    settings = Settings(endTime=endTime, numberOfSteps=steps, sensorsWritePeriod=0.)
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    settings.solution.file.write = True
    settings.solution.file.writePeriod = 0.
    settings.solution.file.name = str(tmp_path / 'coordinates.txt')
    mbs.SolveDynamic(settings, solverType=solverType)
    data = mbs.GetSensorStoredData(sensor)
    t = np.arange(steps + 1) * (endTime / steps)
    assert data.shape == (steps + 1, 4)
    np.testing.assert_allclose(data[:, 0], t, rtol=0, atol=1e-12)
    np.testing.assert_allclose(data[:, 2], v0 * t - 0.5 * g * t**2, rtol=0, atol=1e-12)
    np.testing.assert_allclose(ReadSensorFile(sensorFile), data, rtol=1e-14, atol=1e-15)
    solution = np.loadtxt(tmp_path / 'coordinates.txt', comments='#', delimiter=',')
    np.testing.assert_allclose(solution[:, 0], t, rtol=0, atol=1e-12)


def ReadSensorFile(path):
    lines = [line for line in open(path).read().splitlines() if line.strip() and not line.startswith('#')]
    return np.array([[float(v) for v in line.split(',')] for line in lines])


def test_sensorFilesMatchStoredData(tmp_path):
    mbs, sensors, files = SpringModel(tmp_path, writeToFile=True)
    mbs.SolveDynamic(Settings())
    for name, (sensor, _currentOutput) in sensors.items():
        text = open(files[name]).read()
        assert text.startswith('#')  # header
        fromFile = ReadSensorFile(files[name])
        stored = mbs.GetSensorStoredData(sensor)
        assert fromFile.shape == stored.shape, name
        assert np.allclose(fromFile, stored, rtol=1e-14, atol=1e-15), name


def test_sensorWithoutStoreInternalRaises(tmp_path):
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(Point())
    mbs.AddObject(MassPoint(nodeNumber=n, physicsMass=1.))
    s = mbs.AddSensor(SensorNode(name='notStored', nodeNumber=n, writeToFile=False, outputVariableType=OVT.Position))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=10))
    with pytest.raises(ValueError) as error:
        mbs.GetSensorStoredData(s)
    assert 'notStored' in str(error.value) and 'storeInternal' in str(error.value)


_sensorLoadScript = textwrap.dedent('''
    import json, sys
    import numpy as np
    import multidyn as exu
    from multidyn.itemInterface import *
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(RigidRxyz())
    mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    m = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n))
    def UFload(mbs, t, loadVector):
        return [0, 0, np.sin(t)]
    l = mbs.AddLoad(Torque(markerNumber=m, loadVectorUserFunction=UFload))
    s = mbs.AddSensor(SensorLoad(loadNumber=l, storeInternal=True, writeToFile=False,
                                 outputVariableType=exu.OutputVariableType.Torque))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    print(json.dumps({'data': mbs.GetSensorStoredData(s).tolist(),
                      'rotation': mbs.GetNodeOutput(n, exu.OutputVariableType.Rotation).tolist()}))
''')


def test_sensorLoadWithUserFunction(tmp_path):
    # a child process: a crash in the compiled module must not take the test session down
    result = subprocess.run([sys.executable, '-c', _sensorLoadScript], capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    assert result.returncode == 0, (f'the process crashed (return code {result.returncode}) calling a load '
                                    f'user function; stderr: {result.stderr[-2000:]}')
    output = json.loads(result.stdout.strip().splitlines()[-1])
    data = np.array(output['data'])
    times = np.arange(101) * 0.01
    assert data.shape == (101, 4)
    assert np.allclose(data[:, 0], times, atol=1e-12)
    expected = np.column_stack([np.zeros(101), np.zeros(101), np.sin(times)])
    assert np.allclose(data[:, 1:], expected, rtol=0, atol=1e-14)
    # torque sin(t) on inertia 1: phi(t) = t - sin(t)
    assert output['rotation'][2] == pytest.approx(1 - math.sin(1), abs=1e-4)


def test_sensorUserFunctionComputesFromOtherSensors(tmp_path, monkeypatch):
    """A point moving with constant velocity (1, t, 0): a user-function sensor computes its angle
    atan2(y, x) from a position sensor, scaled by its factor, and its distance from the origin:
    phi = atan(t) * 180/pi and r = sqrt(1 + t^2) at every stored time."""
    monkeypatch.chdir(tmp_path)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 1, 0]))
    mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=1))
    sPosition = mbs.AddSensor(SensorNode(nodeNumber=node, writeToFile=False, outputVariableType=exu.OutputVariableType.Position))
    seen = []

    def AngleAndDistance(mbs, t, sensorNumbers, factors, configuration):
        seen.append((list(sensorNumbers), list(factors), configuration))
        x, y, _ = mbs.GetSensorValues(sensorNumbers[0])
        return [factors[0] * math.atan2(y, x), math.hypot(x, y)]
    sUser = mbs.AddSensor(SensorUserFunction(sensorNumbers=[sPosition], factors=[180 / math.pi], storeInternal=True,
                                             writeToFile=True, fileName='solution/angle.txt',
                                             sensorUserFunction=AngleAndDistance))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 100
    settings.timeIntegration.endTime = 1.
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    data = mbs.GetSensorStoredData(sUser)
    t = data[:, 0]
    assert data.shape == (101, 3)
    np.testing.assert_allclose(data[:, 1], np.degrees(np.arctan(t)), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(data[:, 2], np.sqrt(1 + t**2), rtol=1e-12)
    np.testing.assert_allclose(mbs.GetSensorValues(sUser), [45., math.sqrt(2.)], rtol=1e-12)
    assert seen[0] == ([sPosition], [180 / math.pi], exu.ConfigurationType.Current)
    np.testing.assert_allclose(np.loadtxt('solution/angle.txt', comments='#', delimiter=','), data, rtol=1e-8)


def test_sensorUserFunctionBadInput(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint())
    mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=1))
    with pytest.raises(IndexError, match="SensorUserFunction.*'sensorNumbers'.*sensor number 3 does not exist"):
        mbs.AddSensor(SensorUserFunction(sensorNumbers=[3], sensorUserFunction=lambda *a: [0.]))
    mbs.AddSensor(SensorUserFunction(sensorNumbers=[], storeInternal=True, sensorUserFunction=lambda *a: ['x']))
    mbs.Assemble()
    with pytest.raises(exu.UserFunctionError, match="sensorUserFunction.*expected a list of real numbers"):
        mbs.SolveDynamic(exu.SimulationSettings())
