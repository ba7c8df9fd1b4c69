"""What a solve writes: every sensor and solution row of a long run (the write times drift from the
multiples of the period by summing the steps), file errors as the OSError subclass of the cause with
the path, and no console output with verboseMode = 0."""
import os
import time

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import LoadForceVector, MarkerNodePosition, NodePoint, ObjectMassPoint, SensorNode

from conftest import NewSystem, Settings

GRAVITY = -9.81


def FallingMassPoint(loadUserFunction=0):
    """A unit mass point at the origin with initial velocity [1, 2, 0] m/s under a force [0, 0, -9.81] N,
    with a stored position sensor: z(t) = -9.81 t^2 / 2 exactly (generalized-alpha integrates a
    constant acceleration exactly)."""
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 2, 0]))
    mbs.AddObject(ObjectMassPoint(physicsMass=1., nodeNumber=node))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0, 0, GRAVITY],
                                loadVectorUserFunction=loadUserFunction))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True,
                                      outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    return mbs, sensor


@pytest.mark.parametrize("period", [1, 10])
def test_everySensorAndSolutionRowOfALongRunIsWritten(workDir, period):
    """100,000 steps of 1 ms, sensors and solution written every `period` steps: a row at every
    multiple (before, the write times' drift dropped one row near t = 43.21 s, a gap of 2 h)."""
    steps, h = 100000, 1e-3
    mbs, sensor = FallingMassPoint()
    settings = Settings(endTime=steps * h, numberOfSteps=steps, sensorsWritePeriod=period * h)
    settings.solution.file.write = True
    settings.solution.file.writePeriod = period * h
    settings.solution.file.name = "solution/fall.txt"
    mbs.SolveDynamic(settings)

    data = mbs.GetSensorStoredData(sensor)
    rows = steps // period + 1
    assert data.shape == (rows, 4)
    np.testing.assert_allclose(data[:, 0], np.arange(rows) * period * h, rtol=0, atol=1e-9)
    t = data[:, 0]
    np.testing.assert_allclose(data[:, 1], t, rtol=0, atol=1e-8)            # x = v_x t
    np.testing.assert_allclose(data[:, 3], 0.5 * GRAVITY * t**2, rtol=1e-9, atol=1e-8)

    solution = np.loadtxt("solution/fall.txt", comments="#", delimiter=",")
    assert solution.shape[0] == rows
    np.testing.assert_allclose(np.diff(solution[:, 0]), period * h, rtol=0, atol=1e-9)


def test_loadOfAMissingFileIsFileNotFoundErrorNamingThePath(workDir):
    mbs = NewSystem()
    with pytest.raises(FileNotFoundError, match="mbs.Load: cannot read the system file") as error:
        mbs.Load("noSuchDirectory/model.json")
    assert error.value.filename == "noSuchDirectory/model.json"
    with pytest.raises(FileNotFoundError, match="mbs.Save: cannot write the system file") as error:
        mbs.Save("noSuchDirectory/model.json")
    assert error.value.filename == "noSuchDirectory/model.json"
    assert isinstance(error.value, OSError)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_unwritableSensorAndSolutionFilesArePermissionErrorsNamingThePath(workDir):
    os.mkdir("readOnly")
    os.chmod("readOnly", 0o500)
    try:
        mbs, sensor = FallingMassPoint()
        mbs.SetSensorParameter(sensor, "writeToFile", True)
        mbs.SetSensorParameter(sensor, "fileName", "readOnly/sensor.txt")
        with pytest.raises(PermissionError, match="cannot open the file for writing") as error:
            mbs.SolveDynamic(Settings(numberOfSteps=10))
        assert error.value.filename == "readOnly/sensor.txt"
        settings = Settings(numberOfSteps=10)
        settings.solution.file.write = True
        settings.solution.file.name = "readOnly/solution.txt"
        mbs.SetSensorParameter(sensor, "writeToFile", False)
        with pytest.raises(PermissionError) as error:
            mbs.SolveDynamic(settings)
        assert error.value.filename == "readOnly/solution.txt"
    finally:
        os.chmod("readOnly", 0o700)


def test_aSensorFileInAPathThatCannotBeADirectoryIsAnOSError(workDir):
    """a file where the directory should be: the OSError subclass of the cause, with the path"""
    with open("plainFile", "w") as file:
        file.write("x")
    mbs, sensor = FallingMassPoint()
    mbs.SetSensorParameter(sensor, "writeToFile", True)
    mbs.SetSensorParameter(sensor, "fileName", "plainFile/sensor.txt")
    with pytest.raises(OSError) as error:
        mbs.SolveDynamic(Settings(numberOfSteps=10))
    assert error.value.filename == "plainFile/sensor.txt"
    assert error.value.errno is not None


def test_verboseModeZeroPrintsNothingInALongSolve(workDir, capfd):
    """a solve of more than 2 s (the progress interval) with verboseMode = 0: nothing on the console"""
    def SlowLoad(mbs, t, loadVector):
        time.sleep(0.004)
        return loadVector
    mbs, _ = FallingMassPoint(loadUserFunction=SlowLoad)
    settings = Settings(endTime=0.3, numberOfSteps=300)
    settings.timeIntegration.verboseMode = 0
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    assert time.perf_counter() - start > 2.2
    captured = capfd.readouterr()
    assert captured.out == "" and captured.err == ""
