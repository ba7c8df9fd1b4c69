"""The live viewer: a viser server in a thread of its own that shows a SystemContainer's scene in
the browser. The solve pushes poses through the graphics-update hook of the compiled module
(_multidyn._SetGraphicsUpdateHook, called about every general.graphicsUpdateInterval seconds of
wall-clock time with the system's current state set to the last accepted step); nothing is read
from the solver otherwise, so results are those of a solve without the viewer.
"""
import contextlib
import io
import os
import socket
import threading
import time
import time as _time
import warnings

import numpy as np

from multidyn import _multidyn
from multidyn.api.console import Print as _Print
from multidyn.viewer.clientPage import ServerWithPage
from multidyn.viewer.scene import Scene
from multidyn.viewer.viserDrawing import ConfigureScene, ViserDrawing

#: the first port tried when general.viewerPort is 0 (as viser's default)
firstPort = 8080
#: the vertical field of view of the browser's camera [rad]
fieldOfView = np.radians(40.)


def ImportViser():
    """the viser module, or an ImportError that says what to install"""
    try:
        import viser  # noqa: F401
    except ImportError as error:
        raise ImportError("the multidyn viewer needs viser: pip install multidyn[viewer] (or pip install viser)") from error
    return viser


def Quietly(function, *arguments, **keywords):
    """function(...) with viser's own console output (its address panel, 'Server stopped') left out: the
    viewer prints its address once itself"""
    with contextlib.redirect_stdout(io.StringIO()):
        return function(*arguments, **keywords)


def StartViser(host, port, verbose=0):
    """a viser server on the first free port from port on"""
    viser = ImportViser()
    return Quietly(ServerWithPage, viser, host=host, port=FirstFreePort(port, host), verbose=verbose >= 2)


def FirstFreePort(start, host='127.0.0.1', count=100):
    """the first port from start on that nobody listens on"""
    for port in range(start, start + count):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
                return port
            except OSError:
                continue
    raise OSError(f"viewer: no free port in {start} to {start + count - 1}")


def RotationFromVector(rotationVector):
    """the rotation matrix of a rotation vector (axis times angle) [rad], Rodrigues' formula"""
    v = np.asarray(rotationVector, dtype=float).reshape(3)
    angle = np.linalg.norm(v)
    if angle == 0.:
        return np.eye(3)
    k = v / angle
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


class CameraState:
    """Exudyn's render state: the view looks at centerPoint along -z of the model rotation's rows,
    y up; zoom is the visible height [m] at the centre (SC.renderer.SetModelView)"""

    def __init__(self):
        self.centerPoint = np.zeros(3)
        self.zoom = 1.
        self.modelRotation = np.eye(3)
        self.maxSceneSize = 1.
        self.windowSize = [1024, 768]

    def Distance(self):
        return 0.5 * self.zoom / np.tan(0.5 * fieldOfView)

    def CameraPose(self):
        """(camera position, look-at point, up vector) in world coordinates"""
        A = self.modelRotation
        return self.centerPoint + A.T @ np.array([0., 0., self.Distance()]), self.centerPoint.copy(), A.T @ np.array([0., 1., 0.])

    def FromCamera(self, position, lookAt, up):
        """the state of a camera at position looking at lookAt with the given up vector"""
        back = np.asarray(position, dtype=float) - np.asarray(lookAt, dtype=float)
        distance = np.linalg.norm(back)
        if distance == 0:
            return
        z = back / distance
        x = np.cross(np.asarray(up, dtype=float), z)
        if np.linalg.norm(x) < 1e-12:
            return
        x /= np.linalg.norm(x)
        self.modelRotation = np.array([x, np.cross(z, x), z])
        self.centerPoint = np.asarray(lookAt, dtype=float)
        self.zoom = 2. * distance * np.tan(0.5 * fieldOfView)

    def AsDictionary(self):
        return {'centerPoint': self.centerPoint.tolist(), 'rotationCenterPoint': [0., 0., 0.], 'zoom': float(self.zoom),
                'maxSceneSize': float(self.maxSceneSize), 'currentWindowSize': list(self.windowSize),
                'displayScaling': 1., 'modelRotation': self.modelRotation.tolist(),
                'mouseCoordinates': [0., 0.], 'openGLcoordinates': [0., 0.]}

    def SetFromDictionary(self, state, where='SC.renderer.SetState'):
        if not isinstance(state, dict):
            raise TypeError(f"{where}: renderState must be a dict (as SC.renderer.GetState() gives), got "
                            f"{type(state).__name__}")
        try:
            if 'centerPoint' in state:
                self.centerPoint = np.asarray(state['centerPoint'], dtype=float).reshape(3)
            if 'zoom' in state:
                zoom = float(state['zoom'])
                if not zoom > 0:
                    raise ValueError('zoom must be > 0')
                self.zoom = zoom
            if 'modelRotation' in state:
                rotation = np.asarray(state['modelRotation'], dtype=float).reshape(3, 3)
                if not np.allclose(rotation @ rotation.T, np.eye(3), atol=1e-6):
                    raise ValueError('modelRotation must be a rotation matrix')
                self.modelRotation = rotation
            if 'maxSceneSize' in state:
                self.maxSceneSize = float(state['maxSceneSize'])
        except (TypeError, ValueError) as error:
            raise ValueError(f"{where}: {error}") from None


class ViewerServer:
    """one viser server showing a SystemContainer; started by exu.StartRenderer() / SC.renderer.Start()"""

    def __init__(self, systemContainer, port=None, host=None, verbose=0):
        self.systemContainer = systemContainer
        vs = systemContainer.visualizationSettings
        requested = int(port if port is not None else os.environ.get('MULTIDYN_VIEWER_PORT', vs.general.viewerPort))
        self.host = host or os.environ.get('MULTIDYN_VIEWER_HOST', '127.0.0.1')
        start = requested if requested > 0 else firstPort
        self.server = StartViser(self.host, start, verbose)
        self.port = self.server.get_port()
        if requested > 0 and self.port != requested:
            _Print(f"multidyn viewer: port {requested} is busy; using {self.port}")
        self.url = f"http://{'localhost' if self.host in ('127.0.0.1', '0.0.0.0') else self.host}:{self.port}"
        self.camera = CameraState()
        self.autoFit = True  # general.autoFitScene at the first drawing, unless a view was set (SetState, SetModelView)
        self.stopFlag = False
        self.continueEvent = threading.Event()
        self.scene = None
        self.drawing = None
        self._sceneKey = None
        self._lock = threading.RLock()  # the hook (solver thread) and GUI callbacks (server thread)
        self._warned = set()
        self.framesSent = 0
        self.budget = 0.04  # at most this fraction of a solve's wall-clock time goes to drawing
        self.lastTime = None
        self._nextTextTime = 0.  # [s, time.monotonic()] when the panel's time text may change again
        # the drawing thread: the solver's hook hands it a frame (_HandOver) and returns
        self._frameCondition = threading.Condition()
        self._frameReady = threading.Event()
        self._pendingFrame = None
        self._drawing = False  # a frame is handed over and not drawn yet
        self._stopDrawing = object()
        self._drawingThread = threading.Thread(target=self._DrawingThreadMain, name='multidyn viewer drawing',
                                               daemon=True)
        self._drawingThread.start()
        ConfigureScene(self.server)
        self.server.initial_camera.fov = float(fieldOfView)
        self._BuildGui()
        self.server.on_client_connect(self._OnConnect)

    # ----------------------------------------------------------------------------------------------
    def _BuildGui(self):
        gui = self.server.gui
        # a fixed side panel leaves the 3D view free; no share button (it would contact viser's share service)
        gui.configure_theme(control_width='small', show_share_button=False)
        gui.main_panel.dock_right()
        self.timeText = gui.add_markdown('time: -')
        self.continueButton = gui.add_button('Continue', hint='continues a script waiting in '
                                             'DoIdleTasks / WaitForUserToContinue')
        self.stopButton = gui.add_button('Stop', hint='sets the render engine stop flag (SC.GetRenderEngineStopFlag())')
        self.continueButton.on_click(lambda event: self.continueEvent.set())

        def Stop(event):
            self.stopFlag = True
            self.continueEvent.set()
        self.stopButton.on_click(Stop)
        self.selectionText = gui.add_markdown('*click an item to see its number, type, name and outputs*')
        self.colorBarImage = None
        self._plotFolder = gui.add_folder('sensors')
        self._sensorPlots = {}  # (system, sensor) -> uPlot handle
        self.maxPlotPoints = 1000  # points per sensor plot (longer stored data is thinned)

    def _OnConnect(self, client):
        if self.drawing is not None:
            self._SetClientCamera(client)

    def _SetClientCamera(self, client):
        position, lookAt, up = self.camera.CameraPose()
        try:
            client.camera.up_direction = tuple(up)
        except Exception:  # noqa: BLE001  (read-only in some viser versions: the scene's up is used)
            pass
        client.camera.position = tuple(position)
        client.camera.look_at = tuple(lookAt)

    def ApplyCamera(self):
        """sets every browser's camera (and the one new browsers get) from self.camera"""
        position, lookAt, up = self.camera.CameraPose()
        initial = self.server.initial_camera
        initial.position, initial.look_at, initial.up = tuple(position), tuple(lookAt), tuple(up)
        for client in self.server.get_clients().values():
            self._SetClientCamera(client)

    def ReadClientCamera(self):
        """the state of the first browser's camera, where one is connected"""
        clients = list(self.server.get_clients().values())
        if clients:
            camera = clients[0].camera
            self.camera.FromCamera(camera.position, camera.look_at, camera.up_direction)
            self.camera.windowSize = [int(camera.image_width or 0), int(camera.image_height or 0)]

    # ----------------------------------------------------------------------------------------------
    def _SceneKey(self):
        SC = self.systemContainer
        key = []
        for i in range(SC.NumberOfSystems()):
            mbs = SC.GetSystem(i)
            d = mbs.systemData
            key.append((id(mbs), mbs.IsAssembled(), d.NumberOfNodes(), d.NumberOfObjects(), d.NumberOfMarkers(),
                        d.NumberOfLoads(), d.NumberOfSensors()))
        return tuple(key)

    def UpdateScene(self, force=False):
        """(re)builds the drawn scene when the model changed (items added, assembled); False if nothing to draw"""
        key = self._SceneKey()
        if not force and key == self._sceneKey and self.drawing is not None:
            return True
        if not key or not all(entry[1] for entry in key):
            return False  # not assembled yet: drawn when the solve starts
        with self._lock:
            self.server.scene.reset()
            self.scene = Scene(self.systemContainer)
            self.drawing = ViserDrawing(self.server, self.scene, onClick=self._OnItemClicked)
            self._sceneKey = key
            firstBuild = self.framesSent == 0
            self.Redraw()
            if firstBuild and self.autoFit and self.systemContainer.visualizationSettings.general.autoFitScene:
                self.ZoomAll()
        return True

    def _OnItemClicked(self, item):
        if item is None:
            return
        try:
            with self._lock:
                self.selectionText.content = item.Describe()
        except Exception as error:  # noqa: BLE001  (e.g. the item is gone)
            self.selectionText.content = f"{item.Title()}: {error}"

    def Redraw(self, time=None):
        """draws the systems' current state (and waits until a frame handed to the drawing thread is drawn)"""
        if self.drawing is None:
            return
        self._WaitForDrawingThread()
        self._Draw(self._Sample(time), showTime=True)

    def _Sample(self, time=None):
        """what a frame shows, read from the systems' current state (on the thread that may read it: the solver's
        during a solve): the scene's sample, the time, the sensor plots' data"""
        if time is None:
            time = self.systemContainer.GetSystem(0).systemData.GetTime() if self.systemContainer.NumberOfSystems() else 0.
        return self.scene.Sample(), float(time), self._SensorPlotData(None)

    def _Draw(self, frame, showTime=False):
        """sends a frame (_Sample()) to the browsers; the panel's time text and colour bar at most 5 times a second
        (the browser then redraws its panel), unless showTime"""
        sample, time, plotData = frame
        with self._lock:
            self.drawing.Apply(sample)
            self.framesSent += 1
            self.lastTime = time
            now = _time.monotonic()
            if showTime or now >= self._nextTextTime:
                self._nextTextTime = now + 0.2
                self.timeText.content = f"time: {time:.6g} s"
                self._UpdateColorBar()
            self._ApplySensorPlots(plotData)

    def _DrawingThreadMain(self):
        """draws the frames the solver's hook hands over, so that the solving thread only reads the state"""
        while True:
            self._frameReady.wait()
            with self._frameCondition:
                frame, self._pendingFrame = self._pendingFrame, None
                self._frameReady.clear()
            if frame is self._stopDrawing:
                return
            try:
                if frame is not None and self.drawing is not None:
                    self._Draw(frame)
            except Exception as error:  # noqa: BLE001  (a drawing problem never stops the solve)
                self._WarnOnce(f"multidyn viewer: drawing failed ({type(error).__name__}: {error}); the solve goes on")
            finally:
                with self._frameCondition:
                    self._drawing = False
                    self._frameCondition.notify_all()

    def _HandOver(self, time):
        """phase 1 of a solve: the state is read here and drawn by the drawing thread; while that thread still draws
        the last frame, this update is left out (the browser gets the next one)"""
        with self._frameCondition:
            if self._drawing:
                return
            self._drawing = True
        try:
            frame = self._Sample(time)
        except BaseException:
            with self._frameCondition:
                self._drawing = False
                self._frameCondition.notify_all()
            raise
        with self._frameCondition:
            self._pendingFrame = frame
        self._frameReady.set()

    def _WaitForDrawingThread(self):
        with self._frameCondition:
            self._frameCondition.wait_for(lambda: not self._drawing, timeout=10.)

    def _WarnOnce(self, text):
        if text not in self._warned:
            self._warned.add(text)
            warnings.warn(text, stacklevel=3)

    def _UpdateColorBar(self):
        bar = self.scene.colorBar
        if not bar or bar[2] is None or not self.systemContainer.visualizationSettings.contour.showColorBar:
            return
        from multidyn.viewer.defaultDrawings import ColorBarImage
        label = f"{bar[0]}[{bar[1]}]: {bar[2]:.4g} (blue) to {bar[3]:.4g} (red)"
        if self.colorBarImage is None:
            self.colorBarText = self.server.gui.add_markdown(label)
            self.colorBarImage = self.server.gui.add_image(np.rot90(ColorBarImage(16, 200)), label='colour bar')
        else:
            self.colorBarText.content = label

    def _UpdateSensorPlots(self, time):
        """the stored values of each sensor with storeInternal up to `time`, one plot per sensor in the panel
        (during a solve: up to the last step; in a played solution: up to the shown row)"""
        self._ApplySensorPlots(self._SensorPlotData(time))

    def _SensorPlotData(self, time):
        """[(system number, sensor number, sensor dict, columns)] of the sensors with storeInternal, rows up to `time`
        (None: all), thinned to maxPlotPoints rows; read from the systems (on the solver's thread during a solve)"""
        plots = []
        for k in range(self.systemContainer.NumberOfSystems()):
            mbs = self.systemContainer.GetSystem(k)
            for sensor in range(mbs.systemData.NumberOfSensors()):
                item = mbs.GetSensor(sensor)
                if not item.get('storeInternal', False):
                    continue
                data = np.asarray(mbs.GetSensorStoredData(sensor), dtype=float)
                if data.ndim != 2 or len(data) < 2 or data.shape[1] < 2:
                    continue
                if time is not None:
                    data = data[data[:, 0] <= time + 1e-12]
                if len(data) < 2:
                    continue
                if len(data) > self.maxPlotPoints:  # every k-th row and the last: a bounded message per frame
                    data = np.vstack([data[:-1:int(np.ceil(len(data) / self.maxPlotPoints))], data[-1:]])
                plots.append((k, sensor, item, tuple(np.ascontiguousarray(data[:, j]) for j in range(data.shape[1]))))
        return plots

    def _ApplySensorPlots(self, plots):
        palette = ['#d62728', '#2ca02c', '#1f77b4', '#9467bd', '#ff7f0e', '#17becf']
        for k, sensor, item, columns in plots:
            key = (k, sensor)
            handle = self._sensorPlots.get(key)
            if handle is None or len(handle.data) != len(columns):
                name = f" '{item['name']}'" if item.get('name') else ''
                series = ({'label': 't [s]'},) + tuple(
                    {'label': f"[{j}]", 'stroke': palette[j % len(palette)], 'width': 1.5}
                    for j in range(len(columns) - 1))
                with self._plotFolder:
                    self._sensorPlots[key] = self.server.gui.add_uplot(
                        data=columns, series=series, title=f"sensor {sensor}{name}: {item.get('outputVariableType')}",
                        aspect=2.)
            else:
                handle.data = columns

    def ZoomAll(self):
        """fits the drawn scene into the view (keeping the view direction)"""
        if self.scene is None:
            return
        low, high = self.scene.Bounds()
        vs = self.systemContainer.visualizationSettings.general
        size = max(float(np.linalg.norm(high - low)), float(vs.minSceneSize))
        self.camera.centerPoint = 0.5 * (low + high)
        self.camera.maxSceneSize = size
        self.camera.zoom = size * float(vs.boundingBoxZoomAllFactor) + float(vs.boundingBoxZoomAllOffset)
        self.ApplyCamera()

    # ----------------------------------------------------------------------------------------------
    def OnSolverProgress(self, time, phase):
        """the graphics-update hook: phase 0 at the start of a solve, 1 during it, 2 at its end. The solver calls
        it less often than graphicsUpdateInterval when its calls would take more than `budget` of the solve's
        wall-clock time (a large model is then shown at a lower rate instead of slowing the solve)"""
        try:
            if phase == 0:
                self.Install()  # graphicsUpdateInterval may have changed since the start
            if phase == 0 or self.drawing is None:
                if not self.UpdateScene():
                    return
            if phase == 3:  # solutionSettings.recordImagesInterval
                self.SaveExportImage(time, 'solutionSettings.recordImagesInterval')
                return
            if phase == 1:
                self._HandOver(time)
            else:
                self.Redraw(time)
        except Exception as error:  # noqa: BLE001  (a drawing problem never stops the solve)
            self._WarnOnce(f"multidyn viewer: drawing failed ({type(error).__name__}: {error}); the solve goes on")

    def Install(self):
        """lets the solver call OnSolverProgress every general.graphicsUpdateInterval seconds"""
        interval = float(self.systemContainer.visualizationSettings.general.graphicsUpdateInterval)
        _multidyn._SetGraphicsUpdateHook(self.OnSolverProgress, max(interval, 0.), self.budget)

    def IsWatched(self):
        """a browser is connected"""
        return len(self.server.get_clients()) > 0

    def WaitForUser(self, waitSeconds=-1.):
        """DoIdleTasks: with waitSeconds >= 0 keeps the viewer responsive that long; with -1 waits until the
        user presses Continue or Stop or every browser has gone, and returns at once when nobody watches"""
        self.UpdateScene()
        self.Redraw()
        if waitSeconds >= 0:
            time.sleep(waitSeconds)
            return
        self.continueEvent.clear()
        while self.IsWatched() and not self.continueEvent.wait(0.1):
            pass

    def ExportImageSize(self):
        """[width, height] of exported images: window.renderWindowSize (Exudyn's window), rounded down to multiples
        of exportImages.widthAlignment / heightAlignment"""
        vs = self.systemContainer.visualizationSettings
        width, height = (int(v) for v in vs.window.renderWindowSize)
        widthAlignment = max(1, int(vs.exportImages.widthAlignment))
        heightAlignment = max(1, int(vs.exportImages.heightAlignment))
        return max(width - width % widthAlignment, widthAlignment), max(height - height % heightAlignment, heightAlignment)

    def SaveExportImage(self, time=None, caller='SC.renderer.RedrawAndSaveImage()', redraw=True):
        """draws the current state (unless redraw is False: what is shown) and saves the first browser's view as
        exportImages.saveImageFileName (+ the 5-digit saveImageFileCounter, which then counts up, unless
        saveImageSingleFile) + '.png', of ExportImageSize(); False (said once) if no browser is connected: the browser
        renders the image"""
        settings = self.systemContainer.visualizationSettings.exportImages
        if redraw:
            self.UpdateScene()
            self.Redraw(time)
        if str(settings.saveImageFormat).upper() != 'PNG' and 'format' not in self._warned:
            self._warned.add('format')
            _Print(f"multidyn viewer: exportImages.saveImageFormat '{settings.saveImageFormat}' is not available; "
                   f"images are written as PNG")
        counter = int(settings.saveImageFileCounter)
        fileName = str(settings.saveImageFileName) + ('' if settings.saveImageSingleFile else f"{counter:05d}")
        if not self.SaveImage(fileName + '.png', *self.ExportImageSize()):
            if 'no browser' not in self._warned:
                self._warned.add('no browser')
                _Print(f"multidyn viewer: {caller}: no browser is connected to {self.url}, no image saved (the "
                       f"browser renders the images)")
            return False
        settings.saveImageFileCounter = counter + 1
        return True

    def SaveImage(self, fileName, width, height):
        """the view of the first browser, width x height pixels, as a PNG file; False if no browser is connected"""
        clients = list(self.server.get_clients().values())
        if not clients:
            return False
        image = clients[0].get_render(height=int(height), width=int(width), transport_format='png')
        import imageio.v3 as imageio
        directory = os.path.dirname(fileName)
        if directory:
            os.makedirs(directory, exist_ok=True)
        imageio.imwrite(fileName, np.asarray(image)[:, :, :3])
        return True

    def Stop(self):
        _multidyn._SetGraphicsUpdateHook(None, 0.1)
        self._WaitForDrawingThread()
        with self._frameCondition:
            self._pendingFrame = self._stopDrawing
        self._frameReady.set()
        self.continueEvent.set()
        Quietly(self.server.stop)
