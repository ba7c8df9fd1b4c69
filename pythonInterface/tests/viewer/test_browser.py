"""The viewer in a real browser (headless Chromium, WebGL through SwiftShader): a known scene's
colours at the pixels the camera projection predicts, a stored pendulum solution played back,
the exported HTML file offline, and the live view during a solve. The screenshots of the docs
(docs/images/viewer*.png) are written by these tests when MULTIDYN_WRITE_DOC_IMAGES=1."""
import os
import time

import numpy as np
import pytest

import multidyn as exu
import multidyn.graphics as graphics
from multidyn.utilities import InertiaCuboid

from browserHelpers import (CanvasScreenshot, Centroid, IsBlue, IsRed, Mask, Near, ProjectToPixel, WaitFor,  # noqa: F401
                            browser, page, viewport)  # browser, page: the fixtures

pytest.importorskip('viser', reason='the viewer needs viser (pip install multidyn[viewer])')

#: where the docs' screenshots go (written only when asked: they are committed)
docImages = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'docs', 'images')


def SaveDocImage(page, name):
    if os.environ.get('MULTIDYN_WRITE_DOC_IMAGES') == '1':
        os.makedirs(docImages, exist_ok=True)
        # without the browser's notice that it renders in software (a test machine has no GPU)
        page.evaluate("""() => { for (const e of document.querySelectorAll('[class*="Notification-root"]'))
                                   if (e.textContent.includes('Software WebGL')) e.style.display = 'none'; }""")
        page.screenshot(path=os.path.join(docImages, name))


brickCenter = [1.2, 0.6, 0.]
renderState = {'centerPoint': [0.3, 0.2, 0.], 'zoom': 4., 'modelRotation': np.eye(3).tolist()}


def KnownScene():
    """a red sphere at the origin and a blue brick at brickCenter, on a ground (no nodes: nothing else is drawn)"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround(graphicsDataList=[graphics.Sphere([0, 0, 0], 0.3, graphics.color.red, nTiles=24),
                                       graphics.Brick(brickCenter, [0.4, 0.4, 0.4], graphics.color.blue)])
    mbs.Assemble()
    return SC, mbs


def WaitForKnownScene(page):
    """the 3D view once the red sphere is drawn where the projection puts the origin (None after 40 s)"""
    def Drawn():
        image = CanvasScreenshot(page)
        return image if ColourAt(image, ProjectToPixel([0, 0, 0], renderState, image.shape[1], image.shape[0]),
                                 IsRed) else None
    return WaitFor(Drawn, timeout=40.)


@pytest.fixture
def stopRenderer():
    yield
    exu.StopRenderer()


def ColourAt(image, pixel, test, radius=3):
    """test(pixel colour) holds around the pixel (a few pixels of slack for rasterisation)"""
    u, v = int(round(pixel[0])), int(round(pixel[1]))
    block = image[v - radius:v + radius + 1, u - radius:u + radius + 1].reshape(-1, 3)
    return np.mean([test(p) for p in block]) > 0.8


def test_knownSceneColoursAtProjectedPixels(page, stopRenderer):
    SC, mbs = KnownScene()
    SC.renderer.SetState(renderState)
    assert SC.renderer.Start() is True
    page.goto(SC.renderer.url)
    image = WaitForKnownScene(page)
    assert image is not None, 'the red sphere is not where the projection puts the origin'
    height, width = image.shape[:2]
    assert ColourAt(image, ProjectToPixel(brickCenter, renderState, width, height), IsBlue)
    # the sphere's size: radius 0.3 m at the projection's scale
    origin = ProjectToPixel([0, 0, 0], renderState, width, height)
    scale = ProjectToPixel([1, 0, 0], renderState, width, height)[0] - origin[0]  # pixels per metre
    red = Near(Mask(image, IsRed), origin, int(0.6 * scale))
    measured = np.sqrt(red.sum() / np.pi) / scale
    assert measured == pytest.approx(0.3, rel=0.1)
    np.testing.assert_allclose(Centroid(red), ProjectToPixel([0, 0, 0], renderState, width, height), atol=3)
    # nothing red or blue elsewhere: a point between them is background
    assert not IsRed(image[5, 5]) and not IsBlue(image[5, 5])
    SaveDocImage(page, 'viewerKnownScene.png')


def PendulumSolution(tmp_path, endTime=1.):
    """a rigid pendulum (a red bar, COM 0.5 m from the pivot, swinging in the x-y plane) solved with its solution file"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), referencePosition=[0.5, 0, 0],
                               gravity=[0, -9.81, 0],
                               graphicsDataList=[graphics.Brick(size=[1, 0.1, 0.1], color=graphics.color.red)])
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.numberOfSteps = 200
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.name = str(tmp_path / 'pendulum.txt')
    settings.solution.file.writePeriod = 0.005
    SC.visualizationSettings.nodes.show = False
    SC.visualizationSettings.markers.show = False
    SC.visualizationSettings.connectors.show = False
    return SC, mbs, body, settings


def ComAtRow(mbs, body, row):
    """the body's COM for a solution row's ODE2 coordinates, through the system's own outputs (its state kept)"""
    saved = mbs.systemData.GetODE2Coordinates()
    mbs.systemData.SetODE2Coordinates(row[1:1 + mbs.systemData.ODE2Size()])
    com = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, [0, 0, 0])
    mbs.systemData.SetODE2Coordinates(saved)
    return com


def StartWatched(SC, state, page):
    """the viewer with the view state, the page on it and connected: its server"""
    from multidyn.renderer import RunningServer
    SC.renderer.SetState(state)
    SC.renderer.Start()
    server = RunningServer(SC)
    page.goto(SC.renderer.url)
    assert WaitFor(lambda: server.IsWatched() or page.wait_for_timeout(100), timeout=30.)
    return server


def StartPlayer(SC, mbs, solution, state, page, rowIncrement=1):
    """the viewer with the solution player (not playing) on the solution's frames, the page on it: (server, times,
    player)"""
    from multidyn.viewer.playback import Player, SolutionFrames
    from multidyn.renderer import RunningServer
    SC.renderer.SetState(state)
    SC.renderer.Start()
    server = RunningServer(SC)
    times, samples = SolutionFrames(server.scene, mbs, solution, rowIncrement=rowIncrement)
    player = Player(server, times, samples, runOnStart=False)
    page.goto(SC.renderer.url)
    return server, times, player


def test_storedPendulumSolutionPlaysBack(page, tmp_path, stopRenderer):
    from multidyn.viewer.playback import LoadSolutionFile
    SC, mbs, body, settings = PendulumSolution(tmp_path)
    mbs.SolveDynamic(settings)
    solution = LoadSolutionFile(settings.solution.file.name, verbose=False)
    state = {'centerPoint': [0., -0.4, 0.], 'zoom': 2.4, 'modelRotation': np.eye(3).tolist()}
    server, times, player = StartPlayer(SC, mbs, solution, state, page)
    try:
        for row in (0, len(times) // 3, len(times) - 1):
            player.slider.value = row
            com = ComAtRow(mbs, body, solution['data'][row])

            def Arrived():
                image = CanvasScreenshot(page)
                expected = ProjectToPixel(com, state, image.shape[1], image.shape[0])
                centroid = Centroid(Near(Mask(image, IsRed), expected, 150))
                return (centroid, expected) if centroid is not None and np.linalg.norm(centroid - expected) < 4 else None
            result = WaitFor(Arrived, timeout=30.)
            assert result is not None, f'row {row} (t = {times[row]}): the bar is not where the solution puts it'
            if row == len(times) // 3:
                SaveDocImage(page, 'viewerSolutionPlayback.png')
    finally:
        player.Close()
    # the pendulum really moved: the three COMs differ
    assert abs(solution['data'][-1, 1]) > 0.05


def test_exportedHtmlWorksOffline(page, tmp_path):
    SC, mbs = KnownScene()
    fileName = mbs.ExportHTML(str(tmp_path / 'scene'), animate=False, renderState=renderState)
    assert fileName.endswith('.html') and os.path.getsize(fileName) > 100_000
    requests = []

    def Route(route):
        requests.append(route.request.url)
        if route.request.url.startswith(('file:', 'data:', 'blob:')):
            route.continue_()
        else:
            route.abort()
    page.context.route('**/*', Route)
    page.context.set_offline(True)
    page.goto('file://' + fileName)
    image = WaitForKnownScene(page)
    assert image is not None, 'the exported page does not show the red sphere at the origin'
    assert ColourAt(image, ProjectToPixel(brickCenter, renderState, image.shape[1], image.shape[0]), IsBlue)
    assert [url for url in requests if not url.startswith(('file:', 'data:', 'blob:'))] == []


def test_exportedAnimationStartsAtTheFirstRowAndPlays(page, tmp_path):
    SC, mbs, body, settings = PendulumSolution(tmp_path, endTime=2.)
    mbs.SolveDynamic(settings)
    state = {'centerPoint': [0., -0.4, 0.], 'zoom': 2.4, 'modelRotation': np.eye(3).tolist()}
    fileName = mbs.ExportHTML(str(tmp_path / 'pendulum.html'), renderState=state, maxFrames=30)
    page.context.set_offline(True)
    page.goto('file://' + fileName)
    start = ProjectToPixel([0.5, 0, 0], state, viewport['width'], viewport['height'])

    def Moving():  # the bar leaves its first position (it swings down within the 2 s)
        image = CanvasScreenshot(page)
        centroid = Centroid(Near(Mask(image, IsRed), start, 250))
        return centroid is not None and centroid[1] > start[1] + 20
    assert WaitFor(Moving, timeout=40.)
    SaveDocImage(page, 'viewerExportedHtml.png')


def test_liveViewDuringSolveAndBitwiseResults(page, tmp_path, stopRenderer):
    import threading
    SC, mbs, body, settings = PendulumSolution(tmp_path, endTime=2.)
    settings.timeIntegration.numberOfSteps = 1000

    def SlowDown(mbs, t):  # about 2 ms a step: the solve lasts long enough to watch
        time.sleep(0.002)
        return True
    mbs.SetPreStepUserFunction(SlowDown)
    mbs.SolveDynamic(settings)
    without = np.loadtxt(settings.solution.file.name, comments='#', delimiter=',')
    final = mbs.systemData.GetODE2Coordinates()

    SC.visualizationSettings.general.graphicsUpdateInterval = 0.05
    state = {'centerPoint': [0., -0.4, 0.], 'zoom': 2.4, 'modelRotation': np.eye(3).tolist()}
    server = StartWatched(SC, state, page)
    seen = []
    original = server.OnSolverProgress

    def Recording(time, phase):
        seen.append((time, phase))
        original(time, phase)
    server.OnSolverProgress = Recording
    server.Install()
    image = WaitFor(lambda: CanvasScreenshot(page) if Mask(CanvasScreenshot(page), IsRed).any() else None, timeout=30.)
    assert image is not None, 'the pendulum is not drawn'
    solve = threading.Thread(target=mbs.SolveDynamic, args=(settings,))
    solve.start()
    centroids = []  # where the browser shows the bar while the solve runs
    while solve.is_alive():
        image = CanvasScreenshot(page)
        centroid = Centroid(Mask(image, IsRed))
        if centroid is not None:
            centroids.append(tuple(np.round(centroid / 5)))
    solve.join()
    with_ = np.loadtxt(settings.solution.file.name, comments='#', delimiter=',')
    assert np.array_equal(without, with_), 'the viewer changed the results'
    assert np.array_equal(final, mbs.systemData.GetODE2Coordinates())
    phases = [phase for _, phase in seen]
    assert phases[0] == 0 and phases[-1] == 2 and phases.count(1) >= 10, phases
    times = [t for t, _ in seen]
    assert times == sorted(times) and times[-1] == pytest.approx(2.)
    assert len(set(centroids)) >= 3, f'the browser showed the bar at {sorted(set(centroids))} during the solve'
    # the browser shows the final state
    com = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, [0, 0, 0])

    def Final():
        image = CanvasScreenshot(page)
        expected = ProjectToPixel(com, state, image.shape[1], image.shape[0])
        centroid = Centroid(Near(Mask(image, IsRed), expected, 150))
        return centroid is not None and np.linalg.norm(centroid - expected) < 4
    assert WaitFor(Final, timeout=30.)
    SaveDocImage(page, 'viewerLiveSolve.png')


def test_clickShowsItemInformation(page, stopRenderer):
    from multidyn.renderer import RunningServer
    SC, mbs = KnownScene()
    SC.renderer.SetState(renderState)
    SC.renderer.Start()
    server = RunningServer(SC)
    page.goto(SC.renderer.url)
    assert WaitFor(lambda: server.IsWatched(), timeout=20.)
    assert WaitForKnownScene(page) is not None
    box = page.locator('canvas').first.bounding_box()
    image = CanvasScreenshot(page)
    u, v = ProjectToPixel([0, 0, 0], renderState, image.shape[1], image.shape[0])
    page.mouse.click(box['x'] + u, box['y'] + v)
    assert WaitFor(lambda: 'object 0: Ground' in server.selectionText.content, timeout=20.), server.selectionText.content


def test_redrawAndSaveImageWritesTheBrowsersView(page, tmp_path, stopRenderer):
    import imageio.v3 as imageio
    from multidyn.renderer import RunningServer
    SC, mbs = KnownScene()
    SC.renderer.SetState(renderState)
    SC.renderer.Start()
    page.goto(SC.renderer.url)
    assert WaitFor(lambda: RunningServer(SC).IsWatched(), timeout=20.)
    SC.visualizationSettings.exportImages.saveImageFileName = str(tmp_path / 'images' / 'frame')
    SC.renderer.RedrawAndSaveImage()
    SC.renderer.RedrawAndSaveImage()
    assert SC.visualizationSettings.exportImages.saveImageFileCounter == 2
    image = np.asarray(imageio.imread(tmp_path / 'images' / 'frame00001.png'))[:, :, :3].astype(int)
    height, width = image.shape[:2]
    assert ColourAt(image, ProjectToPixel([0, 0, 0], renderState, width, height), IsRed)
    assert ColourAt(image, ProjectToPixel(brickCenter, renderState, width, height), IsBlue)


def test_animateModesMovesTheModeShape(page, stopRenderer):
    import threading
    from multidyn.interactive import AnimateModes
    from multidyn.itemInterface import MarkerBodyPosition, MassPoint, NodePoint, ObjectConnectorCartesianSpringDamper, \
        VMassPoint
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
    mass = mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=node,
                                   visualization=VMassPoint(graphicsData=[graphics.Sphere(radius=0.1,
                                                                                          color=graphics.color.red)])))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0])) for b in (ground, mass)]
    # stiff in x and z, soft in y: the first mode moves the ball along y
    mbs.AddObject(ObjectConnectorCartesianSpringDamper(markerNumbers=markers, stiffness=[1000, 10, 1000]))
    mbs.Assemble()
    values, vectors = mbs.ComputeODE2Eigenvalues()
    np.testing.assert_allclose(values[0], 10.)  # omega^2 = k_y / m
    SC.visualizationSettings.markers.show = False
    SC.visualizationSettings.connectors.show = False
    state = {'centerPoint': [0., 0., 0.], 'zoom': 2., 'modelRotation': np.eye(3).tolist()}
    server = StartWatched(SC, state, page)
    animation = threading.Thread(target=AnimateModes, args=(SC, mbs), kwargs={'systemEigenVectors': vectors,
                                                                             'scaleAmplitude': 4.})
    animation.start()
    heights = set()  # where the ball is seen: it moves along y only
    try:
        def Moved():
            image = CanvasScreenshot(page)
            centroid = Centroid(Near(Mask(image, IsRed), ProjectToPixel([0, 0, 0], state, image.shape[1],
                                                                        image.shape[0]), 200))
            if centroid is not None:
                heights.add(int(round(centroid[1] / 10)))
                assert abs(centroid[0] - 0.5 * image.shape[1]) < 4  # no motion along x
            return len(heights) >= 3
        assert WaitFor(Moved, timeout=40.), heights
    finally:
        server.continueEvent.set()
        animation.join(timeout=10.)
    assert not animation.is_alive()


def test_kinematicTreeLinksMoveWithTheJointCoordinates(page, tmp_path, stopRenderer):
    """a two-link arm (ObjectKinematicTree) falling under gravity, played back from its solution file: the red bar of
    link 0 and the blue bar of link 1 are at the pixels the camera projection gives for the closed-form link frames of
    each shown row's joint coordinates"""
    from multidyn.itemInterface import NodeGenericODE2, ObjectKinematicTree, VObjectKinematicTree
    from multidyn.viewer.playback import LoadSolutionFile
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[0.3, 0.4], initialCoordinates_t=[0., 0.]))
    inertia = InertiaCuboid(1000., [0.8, 0.1, 0.1])
    mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[exu.JointType.RevoluteZ] * 2, linkParents=[-1, 0], gravity=[0, -9.81, 0],
        jointTransformations=[np.eye(3)] * 2, jointOffsets=[[0, 0, 0], [0.8, 0, 0]],
        linkInertiasCOM=[inertia.InertiaCOM()] * 2, linkCOMs=[[0.4, 0, 0]] * 2, linkMasses=[inertia.Mass()] * 2,
        visualization=VObjectKinematicTree(graphicsDataList=[
            [graphics.Brick([0.4, 0, 0], [0.7, 0.1, 0.1], graphics.color.red)],
            [graphics.Brick([0.4, 0, 0.1], [0.7, 0.1, 0.1], graphics.color.blue)]])))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 0.6
    settings.timeIntegration.numberOfSteps = 300
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.name = str(tmp_path / 'arm.txt')
    SC.visualizationSettings.nodes.show = False
    SC.visualizationSettings.bodies.kinematicTree.showJointFrames = False
    mbs.SolveDynamic(settings)
    solution = LoadSolutionFile(settings.solution.file.name, verbose=False)
    state = {'centerPoint': [0.5, -0.3, 0.], 'zoom': 3., 'modelRotation': np.eye(3).tolist()}
    server, times, player = StartPlayer(SC, mbs, solution, state, page)
    angles = []
    try:
        for row in (0, len(times) // 2, len(times) - 1):
            player.slider.value = row
            q = solution['data'][row, 1:3]  # joint coordinates (reference 0)
            angles.append(q)
            R0, R1 = (np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
                      for a in (q[0], q[0] + q[1]))
            centers = [R0 @ [0.4, 0, 0], R0 @ [0.8, 0, 0] + R1 @ [0.4, 0, 0.1]]

            def Arrived():
                image = CanvasScreenshot(page)
                found = []
                for center, colour in zip(centers, (IsRed, IsBlue)):
                    expected = ProjectToPixel(center, state, image.shape[1], image.shape[0])
                    centroid = Centroid(Near(Mask(image, colour), expected, 90))
                    if centroid is None or np.linalg.norm(centroid - expected) > 5:
                        return None
                    found.append(centroid)
                return found
            assert WaitFor(Arrived, timeout=30.) is not None, \
                f'row {row} (t = {times[row]}, q = {q}): the links are not where their joint coordinates put them'
            if row == len(times) // 2:
                SaveDocImage(page, 'viewerKinematicTree.png')
    finally:
        player.Close()
    # the arm really moved between the rows checked
    assert np.linalg.norm(angles[-1] - angles[0]) > 0.3


def test_recordImagesDuringSolveAndConvertToVideo(page, tmp_path, stopRenderer):
    """solutionSettings.recordImagesInterval = 0.25 s over 1 s: images frame00000..00004 at t = 0, 0.25, ..., 1 of
    window.renderWindowSize rounded down to exportImages' alignments, the bar where the projection puts its COM at
    each image's time, results bitwise those without viewer; ConvertImages2Video makes a 5-frame video of that size
    with the bar at the same pixels"""
    import shutil
    import subprocess
    import imageio.v3 as imageio
    from multidyn.interactive import ConvertImages2Video
    SC, mbs, body, settings = PendulumSolution(tmp_path)
    mbs.SolveDynamic(settings)  # without viewer and images: the reference of the results
    without = np.loadtxt(settings.solution.file.name, comments='#', delimiter=',')
    settings.solution.recordImagesInterval = 0.25
    vs = SC.visualizationSettings
    vs.window.renderWindowSize = [322, 241]
    vs.exportImages.widthAlignment, vs.exportImages.heightAlignment = 4, 2  # -> 320 x 240
    vs.exportImages.saveImageFileName = str(tmp_path / 'images' / 'frame')
    state = {'centerPoint': [0., -0.4, 0.], 'zoom': 2.4, 'modelRotation': np.eye(3).tolist()}
    StartWatched(SC, state, page)
    assert WaitFor(lambda: Mask(CanvasScreenshot(page), IsRed).any(), timeout=30.), 'the pendulum is not drawn'
    mbs.SolveDynamic(settings)
    solution = np.loadtxt(settings.solution.file.name, comments='#', delimiter=',')
    assert np.array_equal(solution, without), 'recording images changed the results'
    files = sorted(os.listdir(tmp_path / 'images'))
    assert files == [f'frame{k:05d}.png' for k in range(5)]
    assert vs.exportImages.saveImageFileCounter == 5
    expectedPixels = []
    for k in range(5):
        image = np.asarray(imageio.imread(tmp_path / 'images' / files[k]))[:, :, :3].astype(int)
        assert image.shape[:2] == (240, 320)
        row = np.argmin(abs(solution[:, 0] - 0.25 * k))
        assert solution[row, 0] == pytest.approx(0.25 * k)
        expected = ProjectToPixel(ComAtRow(mbs, body, solution[row]), state, 320, 240)
        expectedPixels.append(expected)
        centroid = Centroid(Near(Mask(image, IsRed), expected, 60))
        assert centroid is not None and np.linalg.norm(centroid - expected) < 3, \
            f'image {k} (t = {0.25 * k}): bar at {centroid}, its COM projects to {expected}'
    assert np.linalg.norm(expectedPixels[-1] - expectedPixels[0]) > 20  # the bar moved between the images

    if shutil.which('ffmpeg') is None:
        pytest.skip('ffmpeg is not installed (apt-get install ffmpeg; scripts/run-tests.sh installs it): the images '
                    'were checked, the video is not')
    video = ConvertImages2Video(workingDir=str(tmp_path / 'images'), outputFile='pendulum.mp4', inputFrameRate=5,
                                outputFrameRate=5)
    probe = subprocess.run(['ffprobe', '-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries',
                            'stream=width,height,nb_read_frames,codec_name', '-of', 'csv=p=0', video],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert probe == 'h264,320,240,5', probe
    frame = str(tmp_path / 'frame2.png')
    subprocess.run(['ffmpeg', '-v', 'error', '-i', video, '-vf', r'select=eq(n\,2)', '-frames:v', '1', frame],
                   check=True)
    image = np.asarray(imageio.imread(frame))[:, :, :3].astype(int)
    centroid = Centroid(Near(Mask(image, IsRed), expectedPixels[2], 60))
    assert centroid is not None and np.linalg.norm(centroid - expectedPixels[2]) < 4


def test_convertImages2VideoSaysWhatIsWrong(tmp_path):
    from multidyn.interactive import ConvertImages2Video
    with pytest.raises(FileNotFoundError, match='ConvertImages2Video: no first image .*frame00000.png'):
        ConvertImages2Video(workingDir=str(tmp_path))
    with pytest.raises(ValueError, match="parameter 'inputFrameRate': expected a positive number"):
        ConvertImages2Video(workingDir=str(tmp_path), inputFrameRate=0)
    with pytest.raises(ValueError, match="parameter 'inputPattern'"):
        ConvertImages2Video(workingDir=str(tmp_path), inputPattern='frame.png')


def test_solutionPlayerRecordsEveryFrameAsAnImage(page, tmp_path, stopRenderer):
    import imageio.v3 as imageio
    from multidyn.viewer.playback import LoadSolutionFile
    SC, mbs, body, settings = PendulumSolution(tmp_path)
    mbs.SolveDynamic(settings)
    solution = LoadSolutionFile(settings.solution.file.name, verbose=False)
    vs = SC.visualizationSettings
    vs.window.renderWindowSize = [400, 300]
    vs.exportImages.saveImageFileName = str(tmp_path / 'frames' / 'frame')
    state = {'centerPoint': [0., -0.4, 0.], 'zoom': 2.4, 'modelRotation': np.eye(3).tolist()}
    server, times, player = StartPlayer(SC, mbs, solution, state, page, rowIncrement=40)
    assert WaitFor(lambda: server.IsWatched(), timeout=20.)

    def ShowsFirstRow():  # the browser has set its camera and drawn the first row (images are its renders)
        image = CanvasScreenshot(page)
        expected = ProjectToPixel(ComAtRow(mbs, body, solution['data'][0]), state, image.shape[1], image.shape[0])
        centroid = Centroid(Near(Mask(image, IsRed), expected, 150))
        return centroid is not None and np.linalg.norm(centroid - expected) < 4
    assert WaitFor(ShowsFirstRow, timeout=30.)
    try:
        assert player.RecordImages() == len(times) == 6
    finally:
        player.Close()
    for k in range(len(times)):
        image = np.asarray(imageio.imread(tmp_path / 'frames' / f'frame{k:05d}.png'))[:, :, :3].astype(int)
        assert image.shape[:2] == (300, 400)
        expected = ProjectToPixel(ComAtRow(mbs, body, solution['data'][40 * k]), state, 400, 300)
        centroid = Centroid(Near(Mask(image, IsRed), expected, 70))
        assert centroid is not None and np.linalg.norm(centroid - expected) < 3, f'frame {k}: {centroid} vs {expected}'


def test_interactiveDialogSliderChangesTheRunningModel(page, stopRenderer):
    """Exudyn's InteractiveDialog (only the import changed): a mass on a critically damped spring (k = 100 N/m,
    d = 20 N*s/m, m = 1 kg) pulled by a force that a slider sets, simulated period after period. The slider moved to
    its end in the browser (keyboard on the slider) sets mbs.variables['force'] = 50 N, the radio group's 'full' (clicked)
    sets the gain from 0.5 to 1; the running model then settles
    at x = F/k = 0.5 m, and the browser shows the ball there; Quit in the browser ends the dialog"""
    import threading
    from multidyn.interactive import InteractiveDialog
    from multidyn.itemInterface import LoadForceVector, MarkerBodyPosition, SensorBody
    from multidyn.renderer import RunningServer
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    mass = mbs.CreateMassPoint(referencePosition=[0, 0, 0], mass=1.,
                               graphicsDataList=[graphics.Sphere(radius=0.08, color=graphics.color.red, nTiles=16)])
    mbs.CreateSpringDamper(itemNumbers=[ground, mass], referenceLength=0., stiffness=100., damping=20.)
    load = mbs.AddLoad(LoadForceVector(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=mass)),
                                       loadVector=[0, 0, 0]))
    sensor = mbs.AddSensor(SensorBody(bodyNumber=mass, outputVariableType=exu.OutputVariableType.Position,
                                      storeInternal=True))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 0.02
    settings.timeIntegration.numberOfSteps = 20
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.write = False
    settings.solution.sensors.active = False
    SC.visualizationSettings.connectors.show = False
    SC.visualizationSettings.nodes.show = False
    SC.visualizationSettings.markers.show = False
    SC.visualizationSettings.loads.show = False
    mbs.variables['force'] = 0.

    def SimulationFunction(mbs, dialog):  # the radio group's gain times the slider's force
        mbs.SetLoadParameter(load, 'loadVector', [mbs.variables['gain'] * mbs.variables['force'], 0, 0])
    state = {'centerPoint': [0.25, 0., 0.], 'zoom': 1.2, 'modelRotation': np.eye(3).tolist()}
    SC.renderer.SetState(state)
    SC.renderer.Start()
    server = RunningServer(SC)
    page.goto(SC.renderer.url)
    assert WaitFor(lambda: server.IsWatched() or page.wait_for_timeout(100), timeout=30.)
    dialogs = []
    thread = threading.Thread(target=lambda: dialogs.append(InteractiveDialog(
        mbs=mbs, simulationSettings=settings, simulationFunction=SimulationFunction, title='oscillator',
        dialogItems=[{'type': 'label', 'text': 'force:', 'grid': (0, 0)},
                     {'type': 'slider', 'range': (0, 50), 'value': 0, 'steps': 51, 'variable': 'force', 'grid': (0, 1)},
                     {'type': 'radio', 'textValueList': [('half', 0.5), ('full', 1.)], 'value': 0.5, 'variable': 'gain',
                      'grid': (1, 1)}],
        period=0.02, realtimeFactor=4, runOnStart=True, showTime=True,
        plots={'nPoints': 100, 'subplots': (1, 1), 'sensors': [[(sensor, 0), (sensor, 1), 'time', 'position']]})))
    thread.start()
    try:
        def Position():
            return mbs.GetObjectOutputBody(mass, exu.OutputVariableType.Position)[0]
        assert WaitFor(lambda: mbs.systemData.GetTime() > 0.2 or page.wait_for_timeout(100), timeout=30.)
        assert Position() == pytest.approx(0., abs=1e-12)  # no force yet
        assert mbs.variables['gain'] == 0.5
        # the radio group: both choices shown as buttons, the chosen one marked; 'full' clicked in the browser
        assert page.get_by_role('button', name='\u25c9 half').is_visible()
        page.get_by_role('button', name='\u25cb full').click()
        assert WaitFor(lambda: mbs.variables['gain'] == 1. or page.wait_for_timeout(100), timeout=20.)
        assert WaitFor(lambda: page.get_by_role('button', name='\u25c9 full').is_visible()
                       and page.get_by_role('button', name='\u25cb half').is_visible(), timeout=10.)
        thumb = page.locator('[role=slider][aria-valuemax="50"]')
        thumb.focus()
        thumb.press('End')  # the slider to its end: 50 N
        assert WaitFor(lambda: mbs.variables['force'] == 50. or page.wait_for_timeout(100), timeout=20.)
        changed = mbs.systemData.GetTime()
        assert WaitFor(lambda: mbs.systemData.GetTime() > changed + 1.5 or page.wait_for_timeout(100), timeout=60.)
        # critically damped, omega = 10 rad/s: 1.5 s after the step the distance to F/k is below 1e-5 of it
        assert Position() == pytest.approx(0.5, abs=1e-3)

        def ShownThere():
            image = CanvasScreenshot(page)
            expected = ProjectToPixel([0.5, 0, 0], state, image.shape[1], image.shape[0])
            centroid = Centroid(Near(Mask(image, IsRed), expected, 80))
            return centroid is not None and np.linalg.norm(centroid - expected) < 4
        assert WaitFor(ShownThere, timeout=30.), 'the browser does not show the ball at x = F/k'

        def ChartShowsTheSettledPosition():  # a row of the chart's canvas in its stroke colour (#1f77b4)
            import imageio.v3 as imageio
            chart = page.locator('.uplot canvas').last
            chart.scroll_into_view_if_needed()
            image = np.asarray(imageio.imread(chart.screenshot(), extension='.png'))[:, :, :3].astype(int)
            stroke = np.linalg.norm(image - np.array([31, 119, 180]), axis=2) < 40
            return image.shape[0] > 40 and stroke.mean(axis=1).max() > 0.3
        assert WaitFor(ChartShowsTheSettledPosition, timeout=30.), 'the chart does not draw the position'
        SaveDocImage(page, 'viewerInteractiveDialog.png')
        page.get_by_role('button', name='Quit').click()
        thread.join(timeout=30.)
        assert not thread.is_alive(), 'Quit did not end the dialog'
    finally:
        if thread.is_alive():
            server.stopFlag = True
            mbs.SetRenderEngineStopFlag(True)
            thread.join(timeout=30.)
    dialog, = dialogs
    assert dialog.counter > 50 and dialog.widgets[1].get() == 50.
    # the live plot: the last 100 periods' positions over time, the last at the settled 0.5 m
    times, positions = dialog._charts[0].data
    assert len(times) == 100 and np.all(np.diff(times) > 0)
    assert positions[-1] == pytest.approx(0.5, abs=1e-3)
