"""Exudyn's renderer calls (exu.StartRenderer, SC.renderer, SC.WaitForRenderEngineStopFlag,
mbs.WaitForUserToContinue, ...) on multidyn's browser viewer (multidyn.viewer, on viser).

Without viser installed every call says in one line what to install and returns as Exudyn's do
without a renderer; the solve is not affected.
"""
import weakref

import numpy as np

from multidyn.api.console import Print as _Print

_said = set()
_lastContainer = [None]  # a weak reference to the SystemContainer made last (exu.StartRenderer's)
_running = {'server': None, 'container': None}  # one viewer per process, as Exudyn's one render window

installHint = "pip install multidyn[viewer]"


def SayNoViewer(call):
    """one line per kind of call: the viewer needs viser"""
    if call not in _said:
        _said.add(call)
        _Print(f"multidyn: {call}: the viewer needs viser ({installHint}); nothing is drawn")


def ViewerAvailable():
    try:
        import viser  # noqa: F401
        return True
    except ImportError:
        return False


def RegisterContainer(systemContainer):
    _lastContainer[0] = weakref.ref(systemContainer)


def LastContainer():
    reference = _lastContainer[0]
    return reference() if reference is not None else None


def RunningServer(systemContainer=None):
    """the viewer of systemContainer (of any container if None), or None"""
    server = _running['server']
    if server is None or (systemContainer is not None and _running['container'] is not systemContainer):
        return None
    return server


class Material(dict):
    """a raytracer material (name, baseColor, alpha, emission, ior, reflectivity, shininess): Exudyn's
    GraphicsMaterial; kept for scripts, the browser viewer draws with its own shading"""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"material has no field {name!r}; fields: {', '.join(self)}") from None

    def __setattr__(self, name, value):
        if name not in self:
            raise AttributeError(f"material has no field {name!r}; fields: {', '.join(self)}")
        self[name] = value


class MaterialList:
    """SC.renderer.materials: the 10 materials of visualizationSettings.raytracer (material0 ... material9), indexable,
    extendable with Append, Reset to the settings' values"""

    def __init__(self, systemContainer):
        self._container = weakref.ref(systemContainer)
        self.Reset()

    def Reset(self):
        raytracer = self._container().visualizationSettings.raytracer
        self._materials = []
        for k in range(10):
            node = getattr(raytracer, f"material{k}", None)
            if node is not None:
                self._materials.append(Material(node.GetDictionary()))

    def Append(self, material):
        if not isinstance(material, dict):
            raise TypeError(f"SC.renderer.materials.Append: expected a material (dict with name, baseColor, ...), got "
                            f"{type(material).__name__}")
        self._materials.append(Material(material))
        return len(self._materials) - 1

    def _Index(self, indexOrName, call):
        """the list index of a material given by index or by name"""
        if isinstance(indexOrName, str):
            for index, material in enumerate(self._materials):
                if material.get('name') == indexOrName:
                    return index
            raise ValueError(f"SC.renderer.materials.{call}: no material named {indexOrName!r}; names: "
                             f"{[m.get('name') for m in self._materials]}")
        if isinstance(indexOrName, (int, np.integer)) and not isinstance(indexOrName, bool):
            if 0 <= indexOrName < len(self._materials):
                return int(indexOrName)
            raise IndexError(f"SC.renderer.materials.{call}: material index {indexOrName} out of range "
                             f"0 ... {len(self._materials) - 1}")
        raise TypeError(f"SC.renderer.materials.{call}: indexOrName must be an int or a material name, got "
                        f"{type(indexOrName).__name__}")

    def Get(self, indexOrName):
        """a copy of the material (by index or name): change its fields, then Set it back, as Exudyn's"""
        return Material(self._materials[self._Index(indexOrName, 'Get')])

    def GetDict(self, indexOrName):
        """the material (by index or name) as a plain dict"""
        return dict(self._materials[self._Index(indexOrName, 'GetDict')])

    def Set(self, indexOrName, material):
        """replace the material given by index or name with material (a dict or a material from Get/New)"""
        index = self._Index(indexOrName, 'Set')
        if not isinstance(material, dict):
            raise TypeError(f"SC.renderer.materials.Set: expected a material (dict or materials.Get(...)), got "
                            f"{type(material).__name__}")
        self._materials[index] = Material(material)

    def New(self):
        """a new material with Exudyn's defaults, to be changed and appended"""
        return Material({'alpha': 1.0, 'baseColor': [0.5, 0.5, 0.5], 'emission': [0.0, 0.0, 0.0], 'ior': 1.0,
                         'name': 'undefined', 'reflectivity': 0.0, 'shininess': 32.0, 'specular': [0.5, 0.5, 0.5]})

    def __getitem__(self, index):
        return self._materials[index]

    def __setitem__(self, index, material):
        self._materials[index] = Material(material)

    def __len__(self):
        return len(self._materials)

    def __repr__(self):
        return f"MaterialList({[m.get('name') for m in self._materials]})"


class Renderer:
    """SC.renderer: starts and drives the browser viewer of its SystemContainer"""

    def __init__(self, systemContainer=None):
        self._container = weakref.ref(systemContainer) if systemContainer is not None else (lambda: None)
        self._camera = None  # the render state before a viewer starts (SetState, SetModelView)
        self._materials = None

    @property
    def materials(self):
        """the raytracer materials (made on first use: a SystemContainer is made often, its materials seldom read)"""
        if self._materials is None:
            container = self._container()
            self._materials = MaterialList(container) if container is not None else []
        return self._materials

    def _Server(self):
        return RunningServer(self._container())

    def _CameraState(self):
        server = self._Server()
        if server is not None:
            return server.camera
        if self._camera is None:
            from multidyn.viewer.server import CameraState
            self._camera = CameraState()
        return self._camera

    @property
    def url(self):
        """the address of the running viewer (None if none runs)"""
        server = self._Server()
        return server.url if server is not None else None

    def Start(self, verbose=0, port=None, host=None):
        """starts the viewer (a web server in a thread of its own) and prints its address once; returns True.
        Port: port, else visualizationSettings.general.viewerPort, else the first free one from 8080."""
        container = self._container()
        if not ViewerAvailable():
            SayNoViewer("SC.renderer.Start()")
            return False
        server = _running['server']
        if server is not None:
            if _running['container'] is container:
                return True
            server.Stop()  # one viewer per process: the new container takes it over, as Exudyn's Attach
            _running['server'] = _running['container'] = None
        from multidyn.viewer.server import ViewerServer
        server = ViewerServer(container, port=port, host=host, verbose=verbose)
        if self._camera is not None:
            server.camera = self._camera
            server.autoFit = False  # the view set before the start is kept
        _running['server'], _running['container'] = server, container
        server.Install()
        server.UpdateScene()
        if self._camera is not None:
            server.ApplyCamera()
        _Print(f"multidyn viewer: open {server.url} in a browser")
        return True

    def Stop(self):
        server = self._Server()
        if server is None:
            if not ViewerAvailable():
                SayNoViewer("SC.renderer.Stop()")
            return
        from multidyn.api.globalDicts import sys as exuSys
        exuSys['renderState'] = self.GetState()
        self._camera = server.camera
        server.Stop()
        _running['server'] = _running['container'] = None

    def IsActive(self):
        return self._Server() is not None

    def DoIdleTasks(self, waitSeconds=-1., printPauseMessage=True):
        """waitSeconds >= 0: keeps the view alive that long; -1: waits for Continue/Stop in the browser, at once
        back when no browser is connected (as with no window)"""
        server = self._Server()
        if server is None:
            if not ViewerAvailable():
                SayNoViewer("SC.renderer.DoIdleTasks()")
            return True
        if waitSeconds < 0 and printPauseMessage and server.IsWatched():
            _Print("multidyn viewer: paused; press Continue in the browser")
        server.WaitForUser(float(waitSeconds))
        return True

    def ZoomAll(self, computeMaxScene=True, viewID=0):
        server = self._Server()
        if server is None:
            if not ViewerAvailable():
                SayNoViewer("SC.renderer.ZoomAll()")
            return
        server.UpdateScene()
        server.ZoomAll()

    def SetModelView(self, zoom=0, rotationVector=[0, 0, 0], centerPoint=[0, 0, 0], viewID=0):
        """the view: zoom = visible height [m] (0: fit the scene), the model rotated by rotationVector
        (axis times angle [rad]), centred at centerPoint"""
        from multidyn.viewer.server import RotationFromVector
        camera = self._CameraState()
        try:
            camera.modelRotation = RotationFromVector(rotationVector)
            camera.centerPoint = np.asarray(centerPoint, dtype=float).reshape(3)
            zoom = float(zoom)
        except (TypeError, ValueError):
            raise ValueError(f"SC.renderer.SetModelView: expected zoom (a number), rotationVector and centerPoint (3 "
                             f"numbers each), got {zoom!r}, {rotationVector!r}, {centerPoint!r}") from None
        server = self._Server()
        if zoom <= 0:
            if server is not None:
                rotation, center = camera.modelRotation, camera.centerPoint
                server.ZoomAll()
                camera.modelRotation, camera.centerPoint = rotation, center
        else:
            camera.zoom = zoom
        if server is not None:
            server.ApplyCamera()

    def GetState(self, viewID=0):
        server = self._Server()
        if server is not None:
            server.ReadClientCamera()
        return self._CameraState().AsDictionary()

    def SetState(self, renderState, waitForRendererFullStartup=True, viewID=0):
        self._CameraState().SetFromDictionary(renderState)
        server = self._Server()
        if server is not None:
            server.ApplyCamera()

    def RedrawAndSaveImage(self, viewID=0):
        """saves the view of the first connected browser as exportImages.saveImageFileName + counter + .png, of
        window.renderWindowSize (aligned as exportImages says)"""
        server = self._Server()
        if server is None:
            if not ViewerAvailable():
                SayNoViewer("SC.renderer.RedrawAndSaveImage()")
            return
        server.SaveExportImage()

    def SendRedrawSignal(self):
        server = self._Server()
        if server is not None:
            server.UpdateScene()
            server.Redraw()

    def Attach(self):
        return ViewerAvailable()

    def Detach(self):
        return ViewerAvailable()

    def ResetState(self):
        self._camera = None

    def GetRenderCount(self):
        server = self._Server()
        return server.framesSent if server is not None else 0

    def GetItemSelection(self, resetSelection=True, viewID=0):
        return [0, 0, -1, 0.]

    def GetMouseCoordinates(self, useOpenGLcoordinates=False, viewID=0):
        return [0., 0.]


def StartRenderer(verbose=0, **kwargs):
    """exu.StartRenderer(): starts the viewer of the SystemContainer made last"""
    if not ViewerAvailable():
        SayNoViewer("exu.StartRenderer()")
        return False
    container = LastContainer()
    if container is None:
        raise RuntimeError("exu.StartRenderer(): create a SystemContainer first (SC = exu.SystemContainer())")
    return container.renderer.Start(verbose, **kwargs)


def StopRenderer():
    server = _running['server']
    if server is None:
        if not ViewerAvailable():
            SayNoViewer("exu.StopRenderer()")
        return
    _running['container'].renderer.Stop()


def DoRendererIdleTasks(timeOut=0):
    """exu.DoRendererIdleTasks(timeOut): keeps the viewer alive timeOut seconds (-1: until Continue)"""
    server = _running['server']
    if server is None:
        if not ViewerAvailable():
            SayNoViewer("exu.DoRendererIdleTasks()")
        return
    server.WaitForUser(float(timeOut))
