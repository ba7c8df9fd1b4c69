"""Exudyn's renderer calls on the viewer without a browser: start and stop, the port, the view
state, calls that return at once when nobody watches, solution files, eigenmode frames."""
import socket

import numpy as np
import pytest

import multidyn as exu
import multidyn.graphics as graphics
from multidyn.utilities import InertiaCuboid, LoadSolutionFile

pytest.importorskip('viser', reason='the viewer needs viser (pip install multidyn[viewer])')


@pytest.fixture
def stopRenderer():
    yield
    exu.StopRenderer()


def Pendulum(tmp_path=None):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), referencePosition=[0.5, 0, 0],
                               gravity=[0, -9.81, 0], graphicsDataList=[graphics.Brick(size=[1, 0.1, 0.1])])
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 0.5
    settings.timeIntegration.numberOfSteps = 100
    settings.timeIntegration.verboseMode = 0
    if tmp_path is not None:
        settings.solution.file.name = str(tmp_path / 'solution.txt')
        settings.solution.file.writePeriod = 0.005  # every step
    return SC, mbs, body, settings


def test_startPrintsTheAddressOnceAndStops(capsys, stopRenderer):
    SC, mbs, body, settings = Pendulum()
    assert SC.renderer.Start() is True
    assert SC.renderer.Start() is True  # already running: nothing new
    output = capsys.readouterr().out
    assert output.count('multidyn viewer: open http://localhost:') == 1
    assert SC.renderer.IsActive() and SC.renderer.url in output
    assert SC.renderer.GetRenderCount() >= 1  # the scene was drawn once
    SC.renderer.Stop()
    assert not SC.renderer.IsActive() and 'zoom' in exu.sys['renderState']


def test_busyPortIsSaidAndTheNextOneTaken(capsys, stopRenderer):
    SC, mbs, body, settings = Pendulum()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as blocker:
        blocker.bind(('127.0.0.1', 0))
        blocker.listen()
        busy = blocker.getsockname()[1]
        SC.visualizationSettings.general.viewerPort = busy
        assert SC.renderer.Start() is True
        assert f'port {busy} is busy' in capsys.readouterr().out
        assert SC.renderer.url != f'http://localhost:{busy}'


def test_callsThatWaitReturnAtOnceWhenNobodyWatches(capsys, stopRenderer):
    import time
    SC, mbs, body, settings = Pendulum()
    exu.StartRenderer()
    start = time.monotonic()
    SC.renderer.DoIdleTasks()
    mbs.WaitForUserToContinue()
    SC.WaitForRenderEngineStopFlag()
    exu.DoRendererIdleTasks(-1)
    SC.renderer.RedrawAndSaveImage()  # no browser: no image, a note
    assert time.monotonic() - start < 5.
    assert 'no browser is connected' in capsys.readouterr().out
    assert SC.GetRenderEngineStopFlag() is False
    mbs.SetRenderEngineStopFlag(True)
    assert mbs.GetRenderEngineStopFlag() is True


def test_recordImagesWithoutBrowserSaysSoOnceAndSolves(capsys, tmp_path, stopRenderer):
    SC, mbs, body, settings = Pendulum()
    settings.solution.recordImagesInterval = 0.1
    SC.visualizationSettings.exportImages.saveImageFileName = str(tmp_path / 'images' / 'frame')
    exu.StartRenderer()
    capsys.readouterr()
    mbs.SolveDynamic(settings)
    out = capsys.readouterr().out
    assert out.count('solutionSettings.recordImagesInterval: no browser is connected') == 1, out
    assert not (tmp_path / 'images').exists()
    assert SC.visualizationSettings.exportImages.saveImageFileCounter == 0
    assert mbs.systemData.GetTime() == pytest.approx(settings.timeIntegration.endTime)


def test_interactiveDialogBadInputAndNobodyWatching(capsys, stopRenderer):
    import time
    from multidyn.interactive import InteractiveDialog
    SC, mbs, body, settings = Pendulum()
    calls = []

    def Function(mbs, dialog):
        calls.append(dialog)
    with pytest.raises(ValueError, match=r"InteractiveDialog: dialogItems\[1\]: expected a dict with 'type' one of "
                                         r"label, button, slider, radio"):
        InteractiveDialog(mbs, settings, Function, [{'type': 'label', 'text': 'a'}, {'type': 'check'}])
    with pytest.raises(ValueError, match=r"dialogItems\[0\] \(slider\): 'range' must be"):
        InteractiveDialog(mbs, settings, Function, [{'type': 'slider', 'range': (1, 0)}])
    with pytest.raises(TypeError, match="parameter 'simulationFunction'"):
        InteractiveDialog(mbs, settings, None, [])
    with pytest.raises(ValueError, match="parameter 'period'"):
        InteractiveDialog(mbs, settings, Function, [], period=0)
    # no browser: back at once (as with the window closed), nothing simulated
    start = time.monotonic()
    dialog = InteractiveDialog(mbs, settings, Function, [{'type': 'slider', 'range': (0, 2), 'variable': 'k'}],
                               runOnStart=True)
    assert time.monotonic() - start < 5. and dialog.counter == 0 and not calls
    assert dialog.widgets[0].get() == pytest.approx(0.5)  # Exudyn's default slider value


def test_viewStateAndModelView(stopRenderer):
    SC, mbs, body, settings = Pendulum()
    SC.renderer.SetModelView(3., [0, 0, np.pi / 2], [1, 2, 0])
    state = SC.renderer.GetState()
    assert state['zoom'] == 3. and state['centerPoint'] == [1., 2., 0.]
    np.testing.assert_allclose(state['modelRotation'], [[0, -1, 0], [1, 0, 0], [0, 0, 1]], atol=1e-12)
    SC.renderer.Start()
    assert SC.renderer.GetState()['zoom'] == 3.  # the view set before the start is kept (no auto fit)
    SC.renderer.SetState({'zoom': 5., 'centerPoint': [0, 0, 0]})
    assert SC.renderer.GetState()['zoom'] == 5.
    from multidyn.renderer import RunningServer
    position, lookAt, up = RunningServer(SC).camera.CameraPose()
    np.testing.assert_allclose(up, [1, 0, 0], atol=1e-12)  # the model turned by 90 degrees about z: world x is up
    assert np.linalg.norm(position - lookAt) == pytest.approx(2.5 / np.tan(np.radians(20.)))
    SC.renderer.ZoomAll()
    assert SC.renderer.GetState()['zoom'] == pytest.approx(1.2 * RunningServer(SC).camera.maxSceneSize + 0.01)
    with pytest.raises(ValueError, match='SC.renderer.SetState: zoom must be > 0'):
        SC.renderer.SetState({'zoom': -1})
    with pytest.raises(ValueError, match='modelRotation must be a rotation matrix'):
        SC.renderer.SetState({'modelRotation': np.ones((3, 3))})
    with pytest.raises(TypeError, match='renderState must be a dict'):
        SC.renderer.SetState([1, 2])
    with pytest.raises(ValueError, match='SetModelView'):
        SC.renderer.SetModelView(1., [0, 0], [0, 0, 0])


def test_materials():
    SC = exu.SystemContainer()
    materials = SC.renderer.materials
    assert len(materials) == 10 and materials[2].name == 'steel'
    assert materials.Append({'name': 'mine', 'baseColor': [1, 0, 0]}) == 10
    materials[0].alpha = 0.5
    assert materials[0]['alpha'] == 0.5
    with pytest.raises(AttributeError, match="no field 'colour'"):
        materials[0].colour = 1
    materials.Reset()
    assert len(materials) == 10 and materials[0].alpha == 1.


def test_materialsGetSetByIndexAndName():
    """Exudyn's Get returns a copy: a change counts only after Set (by index or by name)"""
    SC = exu.SystemContainer()
    materials = SC.renderer.materials
    chrome = materials.Get('chrome')
    assert chrome.name == 'chrome' and materials.GetDict(4) == dict(chrome)
    chrome.reflectivity = 0.7
    assert materials.Get('chrome').reflectivity != 0.7
    materials.Set('chrome', chrome)
    assert materials.Get(4).reflectivity == 0.7
    fresh = materials.New()
    fresh.name = 'red'
    fresh.baseColor = [1, 0, 0]
    index = materials.Append(fresh)
    assert materials.Get('red').baseColor == [1, 0, 0] and materials.Get(index).name == 'red'
    with pytest.raises(IndexError, match="materials.Get: material index 99 out of range"):
        materials.Get(99)
    with pytest.raises(ValueError, match="materials.Set: no material named 'gold'"):
        materials.Set('gold', fresh)
    with pytest.raises(TypeError, match="materials.Set: expected a material"):
        materials.Set(0, 3.)


def test_solutionFileIsReadAsExudynsDict(tmp_path):
    SC, mbs, body, settings = Pendulum(tmp_path)
    mbs.SolveDynamic(settings)
    solution = LoadSolutionFile(str(tmp_path / 'solution.txt'), verbose=False)
    n = mbs.systemData.ODE2Size()
    assert solution['columnsExported'][0] == n and solution['nColumns'] == sum(solution['columnsExported'])
    assert solution['nRows'] == 101 and solution['data'].shape == (101, solution['nColumns'] + 1)
    np.testing.assert_allclose(solution['data'][[0, -1], 0], [0., 0.5])
    np.testing.assert_allclose(solution['data'][-1, 1:1 + n], mbs.systemData.GetODE2Coordinates(), rtol=1e-9, atol=1e-12)
    # a solve that stopped while writing: the incomplete last row is left out
    text = open(tmp_path / 'solution.txt').read().rstrip('\n').split('\n')
    text = [line for line in text if not line.startswith('#simulation finished') and not line.startswith('#Solver Info')]
    text[-1] = text[-1][:len(text[-1]) // 2]
    (tmp_path / 'cut.txt').write_text('\n'.join(text) + '\n')
    assert LoadSolutionFile(str(tmp_path / 'cut.txt'), verbose=False)['nRows'] == 100
    with pytest.raises(FileNotFoundError, match="no solution file '.*missing.txt'"):
        LoadSolutionFile(str(tmp_path / 'missing.txt'))
    (tmp_path / 'binary.sol').write_bytes(b'EXUBIN\n...')
    with pytest.raises(ValueError, match='binary solution files'):
        LoadSolutionFile(str(tmp_path / 'binary.sol'))
    (tmp_path / 'plain.txt').write_text('0,1,2\n')
    with pytest.raises(ValueError, match='no header line'):
        LoadSolutionFile(str(tmp_path / 'plain.txt'))


def test_solutionViewerAndExportWithoutBrowser(tmp_path, stopRenderer):
    SC, mbs, body, settings = Pendulum(tmp_path)
    with pytest.raises(ValueError, match='SolutionViewer: no solution given and no solve found'):
        mbs.SolutionViewer()
    mbs.SolveDynamic(settings)
    mbs.SolutionViewer(rowIncrement=10)  # nobody watches (and no terminal): back at once
    assert SC.renderer.IsActive()
    with pytest.raises(ValueError, match='rowIncrement must be an integer >= 1'):
        mbs.SolutionViewer(rowIncrement=0)
    with pytest.raises(ValueError, match='runMode must be 0'):
        mbs.SolutionViewer(runMode=5)
    other = exu.SystemContainer().AddSystem()
    other.CreateGround()
    other.Assemble()
    with pytest.raises(ValueError, match='it is the solution of another model'):
        other.SolutionViewer(str(tmp_path / 'solution.txt'))
    fileName = mbs.ExportHTML(str(tmp_path / 'out' / 'pendulum'))
    html = open(fileName, encoding='utf-8').read()
    assert fileName.endswith('pendulum.html') and '__VISER_EMBED_DATA__' in html
    assert 'http://' not in html.replace('http://www.w3.org/2000/svg', '')  # no address to fetch anything from
    with pytest.raises(ValueError, match='maxFrames must be an integer >= 1'):
        mbs.ExportHTML(str(tmp_path / 'x.html'), maxFrames=0)


def test_playbackFramesFollowTheSolution(tmp_path):
    from multidyn.viewer.playback import ModeFrames, SolutionFrames
    from multidyn.viewer.scene import Scene
    SC, mbs, body, settings = Pendulum(tmp_path)
    mbs.SolveDynamic(settings)
    before = mbs.systemData.GetODE2Coordinates()
    solution = LoadSolutionFile(str(tmp_path / 'solution.txt'), verbose=False)
    scene = Scene(SC)
    index = [i for i, e in enumerate(scene.elements) if e.item is not None and e.item.category == 'Object'
             and e.item.index == body][0]
    times, samples = SolutionFrames(scene, mbs, solution, rowIncrement=25)
    np.testing.assert_allclose(times, [0., 0.125, 0.25, 0.375, 0.5])
    for row, sample in zip(solution['data'][::25], samples):
        # the body's frame: the node's position from the row's displacement and the reference position
        start = mbs.GetNodeODE2Index(mbs.GetObject(body)['nodeNumber'])
        np.testing.assert_allclose(sample[index][0], np.array([0.5, 0, 0]) + row[1 + start:4 + start], atol=1e-12)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(), before)  # the state is restored
    # a mode: the node moves by amplitude sin(phase) along the mode vector
    mode = np.zeros(mbs.systemData.ODE2Size())
    mode[start + 1] = 1.
    frames = ModeFrames(scene, mbs, mode, 0.1, stepsPerPeriod=4)
    np.testing.assert_allclose([f[index][0][1] - before[start + 1] for f in frames], [0, 0.1, 0, -0.1], atol=1e-12)


def test_sensorPlotsFollowTheSolveAndTheShownTime(tmp_path, stopRenderer):
    from multidyn.itemInterface import MassPoint, NodePoint, SensorNode
    from multidyn.renderer import RunningServer
    from multidyn.viewer.playback import Player, SolutionFrames
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 2, 0]))
    mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Position, storeInternal=True))
    mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Velocity))  # not stored: no plot
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.verboseMode = 0
    settings.timeIntegration.numberOfSteps = 100
    settings.timeIntegration.endTime = 1.
    settings.solution.file.name = str(tmp_path / 'solution.txt')
    SC.renderer.Start()
    mbs.SolveDynamic(settings)
    server = RunningServer(SC)
    assert list(server._sensorPlots) == [(0, 0)]
    t, x, y, z = server._sensorPlots[(0, 0)].data  # after the solve: all stored rows, x = t, y = 2 t (free flight)
    assert len(t) == 101 and t[-1] == pytest.approx(1.)
    np.testing.assert_allclose(x, t, atol=1e-12)
    np.testing.assert_allclose(y, 2 * t, atol=1e-12)
    times, samples = SolutionFrames(server.scene, mbs, LoadSolutionFile(str(tmp_path / 'solution.txt'), verbose=False),
                                    rowIncrement=10)
    player = Player(server, times, samples, runOnStart=False)
    try:
        player.slider.value = 4  # t = 0.4: the plot shows the rows up to it
        assert server._sensorPlots[(0, 0)].data[0][-1] == pytest.approx(0.4)
        assert len(server._sensorPlots[(0, 0)].data[0]) == 41
    finally:
        player.Close()
    server.maxPlotPoints = 20  # long stored data is thinned: every k-th row and the last
    server.Redraw()
    t = server._sensorPlots[(0, 0)].data[0]
    assert len(t) == 18 and t[-1] == pytest.approx(1.) and t[1] == pytest.approx(0.06)  # rows 0, 6, ..., 96 and 100


def test_graphicsDataUserFunctionIsDrawnAtEachUpdateOnTheSolvingThread(stopRenderer):
    """the user function runs where the state may be read (the solver's thread, in the graphics hook), at most once
    per update; the drawing is replaced when it returns other graphics and kept when it returns the same"""
    import threading
    from multidyn.renderer import RunningServer
    threads, times = set(), []

    def Pointer(mbs, itemNumber):  # a bar whose length is the time drawn; constant after t = 0.2
        threads.add(threading.get_ident())
        t = mbs.systemData.GetTime(exu.ConfigurationType.Visualization)
        times.append(t)
        return [graphics.Brick(centerPoint=[0, 0, 0], size=[0.1 + min(t, 0.2), 0.1, 0.1])]

    SC, mbs, _, settings = Pendulum()
    body = mbs.CreateGround(graphicsDataUserFunction=Pointer)
    mbs.Assemble()
    SC.visualizationSettings.general.graphicsUpdateInterval = 0.
    settings.timeIntegration.numberOfSteps = 50
    SC.renderer.Start()
    server = RunningServer(SC)
    mbs.SolveDynamic(settings)
    server.Redraw()
    assert threads == {threading.get_ident()}
    assert server.framesSent + 1 >= len(times) >= 3  # once per drawn frame (and the scene's first)
    index = [k for k, e in enumerate(server.scene.elements) if e.kind == 'user' and e.item.index == body][0]
    frame, drawn, handles = server.drawing._user[index]
    vertices = handles[0].vertices
    assert vertices.max(axis=0)[0] - vertices.min(axis=0)[0] == pytest.approx(0.3, abs=1e-6)  # t = 0.5: 0.1 + 0.2
    server.Redraw()  # the same graphics again: the handles are kept
    assert server.drawing._user[index][2][0] is handles[0]


def test_graphicsDataUserFunctionChangingItsGraphicsInPlaceIsDrawnAnew(stopRenderer):
    from multidyn.renderer import RunningServer
    calls, data = [0], [graphics.Brick(centerPoint=[0, 0, 0], size=[1, 0.1, 0.1])]
    unitPoints = np.asarray(data[0]['points'], dtype=float).copy()

    def SameList(mbs, itemNumber):  # changes its one brick in place: a bar as long as the calls so far
        calls[0] += 1
        data[0]['points'][:] = (unitPoints.reshape(-1, 3) * [calls[0], 1, 1]).reshape(unitPoints.shape)
        return data

    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround(graphicsDataUserFunction=SameList)
    mbs.Assemble()
    SC.renderer.Start()
    server = RunningServer(SC)
    server.UpdateScene()
    for _ in range(2):
        server.Redraw()
        vertices = server.drawing._user[0][2][0].vertices
        assert vertices[:, 0].max() - vertices[:, 0].min() == pytest.approx(calls[0], abs=1e-6)
    assert calls[0] >= 3
