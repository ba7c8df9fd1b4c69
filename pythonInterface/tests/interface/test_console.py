"""exu.Print and exu.config (Exudyn's console output): printToConsole, SetWriteToFile, the
deprecated setters, suppressWarnings, and that the solver's own output goes through them."""
import os
import time
import warnings

import pytest

import multidyn as exu
from multidyn.itemInterface import MassPoint, MarkerNodeCoordinate, NodePoint, NodePointGround, LoadCoordinate
from multidyn.itemInterface import CoordinateSpringDamper


@pytest.fixture(autouse=True)
def defaultConfig():
    """each test starts and ends with Exudyn's defaults and no print file"""
    exu.SetWriteToFile('', False)
    fileSettings = ('printToFile', 'printFileName', 'printToFileAppend')  # set by SetWriteToFile
    defaults = {name: value for name, value in exu.config.GetDefaults().items() if name not in fileSettings}
    exu.config.SetDictionary(defaults)
    yield
    exu.SetWriteToFile('', False)
    exu.config.SetDictionary(defaults)


def Oscillator(steps=100):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddNode(NodePointGround())
    node = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=c)) for n, c in
               [(ground, 0), (node, 0), (node, 1), (node, 2)]]
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[markers[0], markers[1]], stiffness=100.))
    for m in markers[2:]:  # y and z held by stiff springs too
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[markers[0], m], stiffness=100.))
    mbs.AddLoad(LoadCoordinate(markerNumber=markers[1], load=1.))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 0.01 * steps
    settings.solution.file.write = False
    settings.show.statistics = True
    return mbs, settings


def test_printIsPythonsPrint(capsys):
    cases = [(('a', 1, 2.5, [1, 2]), {}), (('x', 3), dict(sep='-', end='!\n')), ((), {}), (('no end',), dict(end=''))]
    for args, kwargs in cases:
        exu.Print(*args, **kwargs)
        mine = capsys.readouterr().out
        print(*args, **kwargs)
        assert mine == capsys.readouterr().out


def test_printToConsoleFalseSilencesPrintAndTheSolver(capsys):
    mbs, settings = Oscillator()
    mbs.SolveDynamic(settings)
    assert 'solver finished: 100 steps' in capsys.readouterr().out  # show.statistics, through exu.Print
    exu.config.printToConsole = False
    exu.Print('hidden')
    mbs.SolveDynamic(settings)
    assert capsys.readouterr().out == ''
    exu.config.printToConsole = True
    exu.Print('shown')
    assert capsys.readouterr().out == 'shown\n'


def test_writeToFileCopiesTheOutput(tmp_path, capsys):
    log = tmp_path / 'log.txt'
    log.write_text('old\n')
    exu.SetWriteToFile(str(log), True)
    assert (exu.config.printToFile, exu.config.printFileName, exu.config.printToFileAppend) == (True, str(log), False)
    exu.Print('both', 1)
    exu.config.printToConsole = False
    exu.Print('file only')
    exu.config.printToConsole = True
    exu.SetWriteToFile('', False)
    assert (exu.config.printToFile, exu.config.printFileName) == (False, '')
    exu.Print('console only')
    assert log.read_text() == 'both 1\nfile only\n'  # opened anew: 'old' is gone
    assert capsys.readouterr().out == 'both 1\nconsole only\n'
    exu.SetWriteToFile(str(log), True, flagAppend=True, flagFlushAlways=True)
    assert exu.config.printToFileAppend and exu.config.printFlushAlways
    exu.Print('appended')
    assert log.read_text() == 'both 1\nfile only\nappended\n'  # flushed at once, before closing


def test_solverOutputAndProgressGoToTheFile(tmp_path):
    # the progress report comes after 2 s of solving: a pre-step function sleeps past that once
    mbs, settings = Oscillator(steps=5)
    slept = []

    def SleepOnce(mbs, t):
        if not slept:
            slept.append(t)
            time.sleep(2.2)
        return True

    mbs.SetPreStepUserFunction(SleepOnce)
    settings.timeIntegration.verboseMode = 1  # 0 (the default) prints nothing at all
    exu.config.printToConsole = False
    exu.SetWriteToFile(str(tmp_path / 'solver.txt'))
    mbs.SolveDynamic(settings)
    exu.SetWriteToFile('', False)
    text = (tmp_path / 'solver.txt').read_text()
    assert 'Newton iterations/step' in text and 't = ' in text  # the C++ solver's progress report
    assert 'solver finished: 5 steps' in text


def test_outputDirectoryIsPrepended(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkdir('out')
    exu.config.outputDirectory = 'out'
    exu.SetWriteToFile('log.txt')
    exu.Print('here')
    exu.SetWriteToFile('', False)
    assert (tmp_path / 'out' / 'log.txt').read_text() == 'here\n'
    with pytest.raises(ValueError, match="is absolute, but exu.config.outputDirectory is 'out'"):
        exu.SetWriteToFile(str(tmp_path / 'log.txt'))
    exu.config.outputDirectory = 'missing'
    with pytest.raises(FileNotFoundError, match="cannot open the file for writing") as error:
        exu.SetWriteToFile('log.txt')
    assert error.value.filename == 'missing/log.txt'
    assert not exu.config.printToFile


@pytest.mark.parametrize('function, setting, value, prefix', [
    (exu.SetWriteToConsole, 'printToConsole', False, 'exudyn.'),
    (exu.SetOutputPrecision, 'outputPrecision', 9, ''),
    (exu.SuppressWarnings, 'suppressWarnings', True, 'exudyn.'),
    (exu.SetPrintDelayMilliSeconds, 'printDelayMilliSeconds', 1, ''),
    (exu.SetLinalgOutputFormatPython, 'linalgOutputFormatPython', False, '')])
def test_deprecatedSettersSetTheConfig(function, setting, value, prefix):
    expected = f"{prefix}{function.__name__}(): function is deprecated; use set exudyn.config.{setting} instead"
    with pytest.warns(DeprecationWarning, match=expected.replace('(', r'\(').replace(')', r'\)')):
        function(value)
    assert getattr(exu.config, setting) == value


def test_suppressWarningsLeavesOutMultidynsUserWarnings():
    mbs, settings = Oscillator(steps=2)
    mbs.AddNode(NodePointGround())  # changed since Assemble: SolveDynamic assembles with a warning
    exu.config.suppressWarnings = True
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        mbs.SolveDynamic(settings)  # no UserWarning raised
        with pytest.raises(DeprecationWarning, match='SetWriteToConsole'):  # deprecations are not suppressed
            exu.SetWriteToConsole(True)
    exu.config.suppressWarnings = False
    mbs.AddNode(NodePointGround())
    with pytest.warns(UserWarning, match='it is assembled now'):
        mbs.SolveDynamic(settings)


def test_badSettingsAreRefused():
    with pytest.raises(TypeError, match=r"exu.config.printToConsole: expected bool \(True/False\), got 'yes'"):
        exu.config.printToConsole = 'yes'
    with pytest.raises(ValueError, match='outputPrecision: expected a positive number of digits, got -3'):
        exu.config.outputPrecision = -3
    with pytest.raises(TypeError, match='outputPrecision: expected int'):
        exu.config.outputPrecision = 6.5
    with pytest.raises(AttributeError, match="exu.config has no setting 'precision'; the settings are: outputPrecision"):
        exu.config.precision = 8
    with pytest.raises(AttributeError, match='printToFile is set by exu.SetWriteToFile'):
        exu.config.printToFile = True
    with pytest.raises(TypeError, match="SetWriteToFile: parameter 'flagAppend': expected True or False"):
        exu.SetWriteToFile('log.txt', True, 'yes')
    with pytest.raises(ValueError, match="parameter 'filename' is empty"):
        exu.SetWriteToFile('')
    # SetDictionary takes all or nothing
    with pytest.raises(ValueError, match='printDelayMilliSeconds: expected a delay >= 0'):
        exu.config.SetDictionary({'outputPrecision': 10, 'printDelayMilliSeconds': -1})
    assert exu.config.outputPrecision == 6
    assert exu.config.GetDictionary() == exu.config.GetDefaults()
