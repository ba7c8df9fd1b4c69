"""mbs.PlotSensor and exu.plot (multidyn.plot), with matplotlib's Agg backend.

The model: a mass point m = 2 thrown with v0 = (1, 0, 0) under gravity -9.81 y, solved for 1 s;
a position sensor (stored), a velocity sensor (stored) and a velocity sensor that only writes its
file. The tests read back what was drawn (the Line2D data, labels, title, saved file) and compare
it with the sensor data, which itself is checked against the closed form of the throw, so that a
plot of the wrong column, time or scaling fails.
"""
import os
import subprocess
import sys

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import multidyn as exu  # noqa: E402
from multidyn.itemInterface import SensorBody, SensorNode  # noqa: E402

from conftest import NewSystem, Settings  # noqa: E402

OVT = exu.OutputVariableType
G, V0, P0 = 9.81, 1., np.array([1., 2., 3.])


@pytest.fixture(autouse=True)
def closeFigures():
    plt.close("all")
    yield
    plt.close("all")


@pytest.fixture
def thrown(workDir):
    """the solved model: (mbs, position sensor, velocity sensor, file-only velocity sensor)"""
    mbs = NewSystem()
    body = mbs.CreateMassPoint(referencePosition=list(P0), initialVelocity=[V0, 0., 0.], mass=2.,
                               gravity=[0., -G, 0.])
    node = mbs.GetObject(body)["nodeNumber"]
    sPosition = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True, writeToFile=False,
                                         outputVariableType=OVT.Position))
    sVelocity = mbs.AddSensor(SensorBody(bodyNumber=body, storeInternal=True, writeToFile=False,
                                         outputVariableType=OVT.Velocity))
    sFile = mbs.AddSensor(SensorBody(bodyNumber=body, name="fileSensor", fileName="solution/velocity.txt",
                                     outputVariableType=OVT.Velocity))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=100))
    return mbs, sPosition, sVelocity, sFile


def Lines(ax):
    return [(line.get_xdata(), line.get_ydata()) for line in ax.get_lines()]


def test_sensorDataAreTheThrow(thrown):
    """the reference everything below is compared with: rows [t, x, y, z] of the closed form"""
    mbs, sPosition, sVelocity, _ = thrown
    data = mbs.GetSensorStoredData(sPosition)
    t = data[:, 0]
    assert data.shape == (101, 4) and t[-1] == pytest.approx(1.)
    assert np.allclose(data[:, 1], P0[0] + V0 * t, atol=1e-10)
    assert np.allclose(data[:, 2], P0[1] - 0.5 * G * t ** 2, atol=1e-8)
    assert np.allclose(mbs.GetSensorStoredData(sVelocity)[:, 2], -G * t, atol=1e-8)


def test_componentsArePlottedOverTimeWithLabels(thrown):
    mbs, sPosition, _, _ = thrown
    data = mbs.GetSensorStoredData(sPosition)
    pltModule, fig, ax, line = mbs.PlotSensor(sPosition, components=[0, 1, 2], title="thrown")
    assert pltModule is plt and fig is plt.gcf() and ax in fig.axes
    lines = Lines(ax)
    assert len(lines) == 3
    for k, (x, y) in enumerate(lines):
        assert np.array_equal(x, data[:, 0])
        assert np.array_equal(y, data[:, k + 1])
    assert line == [ax.get_lines()[-1]]
    assert [l.get_label() for l in ax.get_lines()] == ["sensor0, PositionX", "sensor0, PositionY",
                                                       "sensor0, PositionZ"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [l.get_label() for l in ax.get_lines()]
    assert ax.get_title() == "thrown"
    assert ax.get_xlabel() == "time (s)" and ax.get_ylabel() == "Position"
    # the automatic colors: Exudyn's codes r-, g-, b- ..., shifted by colorCodeOffset
    assert [l.get_color() for l in ax.get_lines()] == ["r", "g", "b"]
    _, _, ax2, _ = mbs.PlotSensor(sPosition, components=[0, 1], colorCodeOffset=7)
    assert [(l.get_color(), l.get_linestyle()) for l in ax2.get_lines()] == [("r", ":"), ("g", ":")]


def test_plotSensorOfTheModuleIsTheMethod(thrown):
    mbs, sPosition, _, _ = thrown
    _, _, ax, _ = exu.plot.PlotSensor(mbs, sensorNumbers=[sPosition], components=1, labels="y")
    assert np.array_equal(ax.get_lines()[0].get_ydata(), mbs.GetSensorStoredData(sPosition)[:, 2])
    assert ax.get_lines()[0].get_label() == "y"
    assert exu.MainSystem.PlotSensor is exu.plot.PlotSensor


def test_offsetsAndFactors(thrown):
    mbs, sPosition, sVelocity, _ = thrown
    position = mbs.GetSensorStoredData(sPosition)
    velocity = mbs.GetSensorStoredData(sVelocity)
    # one factor and offset for all lines: factor*(value + offset)
    _, _, ax, _ = mbs.PlotSensor(sPosition, components=[0, 1], factors=1e-3, offsets=1.)
    for k, (_, y) in enumerate(Lines(ax)):
        assert np.allclose(y, 1e-3 * (position[:, k + 1] + 1.), rtol=1e-15, atol=0)
    # one per line
    _, _, ax, _ = mbs.PlotSensor([sPosition, sVelocity], components=[1, 1], factors=[2., -1.], offsets=[0.5, 3])
    (_, y0), (_, y1) = Lines(ax)
    assert np.allclose(y0, 2. * (position[:, 2] + 0.5)) and np.allclose(y1, -(velocity[:, 2] + 3.))
    # an array offset of the data's shape: the difference of two sensors (x stays the time)
    _, _, ax, _ = mbs.PlotSensor(sPosition, components=1, offsets=[-position])
    (x, y), = Lines(ax)
    assert np.array_equal(x, position[:, 0]) and np.all(y == 0.)
    # with componentsX the array offsets x as well
    _, _, ax, _ = mbs.PlotSensor(sPosition, components=1, componentsX=0, offsets=[position])
    (x, y), = Lines(ax)
    assert np.allclose(x, 2 * position[:, 1]) and np.allclose(y, 2 * position[:, 2])


def test_componentNormAndTimeComponent(thrown):
    mbs, _, sVelocity, _ = thrown
    velocity = mbs.GetSensorStoredData(sVelocity)
    t = velocity[:, 0]
    _, _, ax, _ = mbs.PlotSensor(sVelocity, components=exu.plot.componentNorm, factors=2., offsets=1.)
    (x, y), = Lines(ax)
    assert np.array_equal(x, t)
    assert np.allclose(y, 2. * (np.sqrt(V0 ** 2 + (G * t) ** 2) + 1.), atol=1e-7)  # |v| = sqrt(v0^2 + (g t)^2)
    assert ax.get_lines()[0].get_label() == "sensor1, VelocityNorm"
    _, _, ax, _ = mbs.PlotSensor(sVelocity, components=-1)  # -1 is the time, as in Exudyn
    (x, y), = Lines(ax)
    assert np.array_equal(y, t)


def test_componentsXPlotsOneValueOverAnother(thrown):
    mbs, sPosition, _, _ = thrown
    data = mbs.GetSensorStoredData(sPosition)
    _, _, ax, _ = mbs.PlotSensor(sPosition, components=[1], componentsX=[0], xLabel="x (m)", yLabel="y (m)")
    (x, y), = Lines(ax)
    assert np.array_equal(x, data[:, 1]) and np.array_equal(y, data[:, 2])
    # the trajectory y(x) of the throw
    assert np.allclose(y, P0[1] - 0.5 * G * ((x - P0[0]) / V0) ** 2, atol=1e-8)
    assert ax.get_xlabel() == "x (m)" and ax.get_ylabel() == "y (m)"


def test_fileOfASensorAndFilesByName(thrown):
    """a sensor without storeInternal is read from its file; a file name plots that file"""
    mbs, _, sVelocity, sFile = thrown
    velocity = mbs.GetSensorStoredData(sVelocity)
    _, _, ax, _ = mbs.PlotSensor([sFile, "solution/velocity.txt"], components=[1, 0])
    (x0, y0), (x1, y1) = Lines(ax)
    assert np.allclose(x0, velocity[:, 0], rtol=1e-9) and np.allclose(y0, velocity[:, 2], rtol=1e-9, atol=1e-12)
    assert np.allclose(x1, velocity[:, 0], rtol=1e-9) and np.allclose(y1, velocity[:, 1], rtol=1e-9)
    assert [l.get_label() for l in ax.get_lines()] == ["fileSensor, VelocityY", "velocity, VelocityX"]
    assert ax.get_ylabel() == "Velocity"


def test_numpyArrayAndSolutionFile(thrown, workDir):
    mbs, sPosition, _, _ = thrown
    data = np.array([[0., 1., 5.], [1., 2., 6.], [2., 4., 7.]])
    _, _, ax, _ = exu.plot.PlotSensor(None, [data, data], components=[0, 1])
    (x0, y0), (x1, y1) = Lines(ax)
    assert np.array_equal(x0, data[:, 0]) and np.array_equal(y0, data[:, 1]) and np.array_equal(y1, data[:, 2])
    # the solution file: columns time, coordinates (here the displacements of the node)
    settings = Settings(endTime=1., numberOfSteps=100)
    settings.solution.file.write = True
    settings.solution.file.writePeriod = 0.01
    settings.solution.file.name = "solution/coordinates.txt"
    mbs.SolveDynamic(settings)
    _, _, ax, _ = mbs.PlotSensor("solution/coordinates.txt", components=1)
    (x, y), = Lines(ax)
    position = mbs.GetSensorStoredData(sPosition)
    assert np.allclose(x, position[:, 0]) and np.allclose(y, position[:, 2] - P0[1], atol=1e-9)
    assert ax.get_ylabel() == "Coordinates"
    with open("solution/coordinates.txt") as file:
        header = exu.plot.ParseOutputFileHeader(file.readlines())
    assert header["type"] == "solution" and header["columns"][:4] == ["time", "ODE2-0", "ODE2-1", "ODE2-2"]
    with open("solution/velocity.txt") as file:
        header = exu.plot.ParseOutputFileHeader(file.readlines())
    assert header["type"] == "sensor" and header["outputVariableType"] == "Velocity" and header["sensorType"] == "Body"


def test_stylesRangesScalesAndSavedFigure(thrown, workDir):
    mbs, sPosition, _, _ = thrown
    _, fig, ax, _ = mbs.PlotSensor(sPosition, components=[0, 1], colors=["m", "c"], lineStyles=["--", ":"],
                                   lineWidths=[2, 3], markerStyles=["o ", "x"], markerSizes=[4, 9], markerDensity=10,
                                   rangeX=[0.1, 0.5], rangeY=[-1, 3], logScaleX=True, fontSize=11, sizeInches=[5, 3],
                                   figureName="styled", fileName="plots/styled.png")
    first, second = ax.get_lines()
    assert (first.get_color(), first.get_linestyle(), first.get_linewidth()) == ("m", "--", 2)
    assert (second.get_color(), second.get_linestyle(), second.get_linewidth()) == ("c", ":", 3)
    assert (first.get_marker(), first.get_fillstyle(), first.get_markersize()) == ("o", "none", 4)
    assert (second.get_marker(), second.get_fillstyle(), second.get_markersize()) == ("x", "full", 9)
    assert first.get_markevery() == int(1 + 101 / 10)
    assert ax.get_xlim() == (0.1, 0.5) and ax.get_ylim() == (-1, 3)
    assert ax.get_xscale() == "log" and ax.get_yscale() == "linear"
    assert tuple(fig.get_size_inches()) == (5, 3) and fig.get_label() == "styled"
    assert plt.rcParams["font.size"] == 11
    assert os.path.getsize("plots/styled.png") > 1000
    with open("plots/styled.png", "rb") as file:
        assert file.read(8) == b"\x89PNG\r\n\x1a\n"


def test_newFigureSubPlotAndCloseAll(thrown):
    mbs, sPosition, sVelocity, _ = thrown
    _, fig, ax0, _ = mbs.PlotSensor(sPosition, components=0, subPlot=[2, 1, 1], sizeInches=[4, 3])
    _, fig1, ax1, _ = mbs.PlotSensor(sVelocity, components=[0, 1], newFigure=False, subPlot=[2, 1, 2],
                                     sizeInches=[4, 3])
    assert fig1 is fig and len(fig.axes) == 2 and ax0 is not ax1
    assert len(ax0.get_lines()) == 1 and len(ax1.get_lines()) == 2
    assert tuple(fig.get_size_inches()) == (8, 3)
    _, fig2, _, _ = mbs.PlotSensor(sPosition, components=0)  # newFigure=True: another figure
    assert fig2 is not fig and len(plt.get_fignums()) == 2
    _, fig3, _, _ = mbs.PlotSensor(sPosition, components=0, closeAll=True)
    assert plt.get_fignums() == [fig3.number]


def test_plotSensorDefaults(thrown):
    mbs, sPosition, _, _ = thrown
    defaults = exu.plot.PlotSensorDefaults()
    old = defaults.xLabel
    try:
        defaults.xLabel = "t in s"
        _, _, ax, _ = mbs.PlotSensor(sPosition)
        assert ax.get_xlabel() == "t in s"
        _, _, ax, _ = mbs.PlotSensor(sPosition, xLabel="given")  # an argument given wins
        assert ax.get_xlabel() == "given"
    finally:
        defaults.xLabel = old


def test_dataArrayFromSensorList(thrown):
    mbs, sPosition, sVelocity, _ = thrown
    data = exu.plot.DataArrayFromSensorList(mbs, [sPosition, sVelocity], positionList=[0.5, 1.5])
    assert np.allclose(data[0], [0.5, *mbs.GetSensorValues(sPosition)])
    assert np.allclose(data[1], [1.5, *mbs.GetSensorValues(sVelocity)])
    assert np.allclose(data[1, 1:], [V0, -G, 0.], atol=1e-8)
    with pytest.raises(ValueError, match="DataArrayFromSensorList: parameter 'positionList'"):
        exu.plot.DataArrayFromSensorList(mbs, [sPosition], positionList=[1, 2])


def test_badInputIsRejectedWithTheParameter(thrown):
    mbs, sPosition, sVelocity, _ = thrown
    with pytest.raises(IndexError, match=r"PlotSensor: parameter 'sensorNumbers': sensor 7 does not exist; the system "
                                         r"has 3 sensor\(s\)"):
        mbs.PlotSensor(7)
    with pytest.raises(ValueError, match=r"PlotSensor: parameter 'components': component 3 does not exist for line 0 "
                                         r"\(sensor0\), which has 3 value\(s\): expected 0 to 2"):
        mbs.PlotSensor(sPosition, components=3)
    with pytest.raises(ValueError, match="PlotSensor: parameter 'componentsX': component -2 does not exist"):
        mbs.PlotSensor(sPosition, components=0, componentsX=exu.plot.componentNorm)
    with pytest.raises(TypeError, match="PlotSensor: parameter 'sensorNumbers': expected sensor numbers"):
        mbs.PlotSensor(1.5)
    with pytest.raises(TypeError, match="PlotSensor: parameter 'components': expected component numbers"):
        mbs.PlotSensor(sPosition, components="x")
    with pytest.raises(ValueError, match="PlotSensor: parameters 'sensorNumbers' and 'components'"):
        mbs.PlotSensor([sPosition, sVelocity], components=[0, 1, 2])
    with pytest.raises(TypeError, match="PlotSensor: parameter 'labels'"):
        mbs.PlotSensor(sPosition, components=[0, 1], labels=["only one"])
    with pytest.raises(TypeError, match="PlotSensor: parameter 'factors'"):
        mbs.PlotSensor(sPosition, components=[0, 1], factors=[1., 2., 3.])
    with pytest.raises(ValueError, match=r"PlotSensor: parameter 'offsets': line 0 \(sensor0\): an array offset must "
                                         r"have the data's shape \(101, 4\)"):
        mbs.PlotSensor(sPosition, components=0, offsets=[np.zeros((3, 4))])
    with pytest.raises(ValueError, match="PlotSensor: parameter 'offsets'.*componentNorm takes a number"):
        mbs.PlotSensor(sPosition, components=exu.plot.componentNorm, offsets=[np.zeros((101, 4))])
    with pytest.raises(TypeError, match="PlotSensor: parameter 'colors'"):
        mbs.PlotSensor(sPosition, components=[0, 1], colors=["r"])
    with pytest.raises(TypeError, match="PlotSensor: parameter 'rangeX': expected"):
        mbs.PlotSensor(sPosition, rangeX=[1])
    with pytest.raises(TypeError, match="PlotSensor: parameter 'subPlot'"):
        mbs.PlotSensor(sPosition, subPlot=[2, 2])
    with pytest.raises(TypeError, match="PlotSensor: unknown argument 'colour'"):
        mbs.PlotSensor(sPosition, colour="r")
    with pytest.raises(FileNotFoundError, match="PlotSensor: parameter 'sensorNumbers': cannot read the file "
                                                "'missing.txt'"):
        mbs.PlotSensor("missing.txt")
    with pytest.raises(TypeError, match="PlotSensor: parameter 'mbs': expected a MainSystem"):
        exu.plot.PlotSensor(None, 0)
    assert plt.get_fignums() == []  # input is checked before a figure is made


def test_sensorsWithoutDataAreRejected(workDir):
    mbs = NewSystem()
    body = mbs.CreateMassPoint(mass=1.)
    unrecorded = mbs.AddSensor(SensorBody(bodyNumber=body, writeToFile=False, outputVariableType=OVT.Position))
    stored = mbs.AddSensor(SensorBody(bodyNumber=body, storeInternal=True, writeToFile=False,
                                      outputVariableType=OVT.Position))
    fileOnly = mbs.AddSensor(SensorBody(bodyNumber=body, fileName="solution/notYet.txt",
                                        outputVariableType=OVT.Position))
    mbs.Assemble()
    with pytest.raises(ValueError, match="PlotSensor: parameter 'sensorNumbers': sensor 0 has neither "
                                         "storeInternal=True nor writeToFile=True"):
        mbs.PlotSensor(unrecorded)
    with pytest.raises(ValueError, match="PlotSensor: sensor 1 has no recorded data; solve the system first"):
        mbs.PlotSensor(stored)
    with pytest.raises(FileNotFoundError, match="PlotSensor: sensor 2 has storeInternal=False and its file "
                                                "'solution/notYet.txt' does not exist"):
        mbs.PlotSensor(fileOnly)


def test_importingMultidynDoesNotImportMatplotlib():
    code = "import sys, multidyn; assert 'matplotlib' not in sys.modules; print(multidyn.plot.componentNorm)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "-2"
