"""The Python methods of MainSystem, put on the compiled class in this one place (Exudyn's
mainSystemExtensions adds its Python methods to MainSystem the same way).

Each module that defines methods of MainSystem lists them in its ``methods`` dict (name: function);
this module installs those dicts and nothing else does. Where the methods come from:

* multidyn.api.mainSystemItems: Add/Get/Modify/Delete... of every item category, Get...Parameter,
  Set...Parameter, NumberOf..., systemData, Save, Load, Assemble, repr
* multidyn.api.mainSystemDictionary: GetDictionary, SetDictionary, pickle and copy
* multidyn.modelling.createFunctions and multidyn.modelling.contact: the mbs.Create... helpers
* multidyn.modelling.modules: AddModule
* multidyn.analysis.solve: SolveDynamic, SolveStatic
* multidyn.analysis.linearAnalysis: ComputeLinearizedSystem, ComputeODE2Eigenvalues,
  ComputeSystemDegreeOfFreedom
* multidyn.analysis.plot: PlotSensor
* here: the viewer's SolutionViewer, ExportHTML, WaitForUserToContinue, Get/SetRenderEngineStopFlag
"""
from multidyn import _multidyn
from multidyn.analysis import linearAnalysis as _linearAnalysis
from multidyn.analysis import plot as _plot
from multidyn.analysis import solve as _solve
from multidyn.api import mainSystemDictionary as _mainSystemDictionary
from multidyn.api import mainSystemItems as _mainSystemItems
from multidyn.modelling import contact as _contact
from multidyn.modelling import createFunctions as _createFunctions
from multidyn.modelling import modules as _modules


def SolutionViewer(self, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True, runMode=2, fontSize=12, title='',
                   checkRenderEngineStopFlag=True):
    """Replays a solution in the browser viewer (multidyn.viewer.playback.SolutionViewer): LoadSolutionFile's dict
    or a file name, the last solve's by default; a frame slider, play/pause, speed and loop."""
    from multidyn.viewer.playback import SolutionViewer as _SolutionViewer
    return _SolutionViewer(self, solution, rowIncrement, timeout, runOnStart, runMode, fontSize, title,
                           checkRenderEngineStopFlag)


def ExportHTML(self, fileName, solution=None, rowIncrement=1, maxFrames=1000, darkMode=False, renderState=None,
               animate=True):
    """Writes one self-contained HTML file with the scene and the animation of a solution (the last solve's by
    default), which plays offline in any browser (multidyn.viewer.htmlExport.ExportHTML). Needs viser."""
    from multidyn.viewer.htmlExport import ExportHTML as _ExportHTML
    from multidyn.viewer.server import ImportViser
    ImportViser()
    return _ExportHTML(self, fileName, solution, rowIncrement, maxFrames, darkMode, renderState, animate)


def WaitForUserToContinue(self, printMessage=True):
    """waits until Continue (or Stop) is pressed in the browser viewer; returns at once when nobody watches"""
    self.GetSystemContainer().renderer.DoIdleTasks(-1., printMessage)


def GetRenderEngineStopFlag(self):
    return self.GetSystemContainer().GetRenderEngineStopFlag()


def SetRenderEngineStopFlag(self, stopFlag):
    self.GetSystemContainer().SetRenderEngineStopFlag(stopFlag)


def _MethodTable():
    """{name: function} of every Python method of MainSystem; a name defined twice is an error."""
    table = {}
    for source in (_mainSystemItems.methods, _mainSystemDictionary.methods, _createFunctions.methods,
                   _contact.methods, _modules.methods, _solve.methods, _linearAnalysis.methods, _plot.methods,
                   {"SolutionViewer": SolutionViewer, "ExportHTML": ExportHTML, "WaitForUserToContinue": WaitForUserToContinue,
                    "GetRenderEngineStopFlag": GetRenderEngineStopFlag, "SetRenderEngineStopFlag": SetRenderEngineStopFlag}):
        twice = table.keys() & source.keys()
        if twice:
            raise RuntimeError(f"multidyn.mainSystemExtensions: MainSystem.{sorted(twice)[0]} is defined twice")
        table.update(source)
    return table


<<<<<<< HEAD
#: every Python method of MainSystem, by name
methods = _MethodTable()
for _name, _function in methods.items():
    setattr(_multidyn.MainSystem, _name, _function)
del _name, _function
=======
def Load(self, fileName):
    """Replaces the system's items by those in a file written by mbs.Save; returns its
    SimulationSettings (or None if it has none). On any error the system stays as it was."""
    _CheckFileName(fileName, "mbs.Load")
    self._CheckNotSolving("mbs.Load()")
    try:
        with open(fileName, "rb") as file:
            raw = file.read()
    except OSError as error:
        raise ValueError(f"Load: cannot read '{fileName}': {error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"Load: '{fileName}' is not a UTF-8 text file (byte 0x{raw[error.start]:02x} at position "
                         f"{error.start}); a system file is JSON written by mbs.Save") from None
    def NotJson(constant):
        raise ValueError(f"{constant} is not a JSON number (non-finite values cannot be parameters)")

    def Real(text):
        value = float(text)
        if not _np.isfinite(value):
            raise ValueError(f"the number {text} is too large (larger than 1.8e308)")
        return value
    try:
        data = _json.loads(text, parse_constant=NotJson, parse_float=Real)
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except ValueError as error:
        raise ValueError(f"Load: '{fileName}' is not valid JSON: {error}") from None
    settings = None
    if isinstance(data, dict) and "simulationSettings" in data:
        settings = SimulationSettings()
        if not isinstance(data["simulationSettings"], dict):
            raise ValueError(f"Load: '{fileName}': simulationSettings must be a dict of settings, got "
                             f"{data['simulationSettings']!r:.60}")
        pythonOnly = TakePythonOnly(data["simulationSettings"], f"Load: '{fileName}'")
        explicit = data["simulationSettings"].get("timeIntegration", {})
        explicit = explicit.get("explicitIntegration") if isinstance(explicit, dict) else None
        if isinstance(explicit, dict) and isinstance(explicit.get("dynamicSolverType"), str):
            del explicit["dynamicSolverType"]  # files of multidyn before 2026-12-03, where it had no effect
        try:
            _multidyn.ValidateSettings(data["simulationSettings"])
        except (TypeError, ValueError) as error:
            raise ValueError(f"Load: '{fileName}': {error}") from None
        settings.SetDictionary(data.pop("simulationSettings"))
        settings._pythonValues.update(pythonOnly)
    try:
        text = _json.dumps(data, ensure_ascii=False)
        text.encode("utf-8")
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except UnicodeEncodeError as error:
        raise ValueError(f"Load: '{fileName}' holds a string with a lone surrogate ({error.object[error.start]!a}), "
                         "which is not valid text") from None
    try:
        self._LoadJson(text)
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except (TypeError, ValueError, IndexError) as error:
        raise type(error)(f"Load: '{fileName}': {error}") from None
    return settings


def _Repr(self):
    return (f"MainSystem: {self.NumberOfNodes()} nodes, {self.NumberOfObjects()} objects, "
            f"{self.NumberOfMarkers()} markers, {self.NumberOfLoads()} loads, {self.NumberOfSensors()} sensors")


def GetSystemContainer(self):
    """the SystemContainer this system was added (SC.AddSystem()) or appended (SC.AppendSystem) to"""
    container = getattr(self, "systemContainer", None)
    if container is None:
        raise ValueError("mbs.GetSystemContainer(): this MainSystem is in no SystemContainer; "
                         "SC.AppendSystem(mbs) puts it into one")
    return container


InstallMethods(SolveDynamic, SolveStatic, SolutionViewer, ExportHTML, WaitForUserToContinue, GetRenderEngineStopFlag,
               SetRenderEngineStopFlag, Save, Load, GetSystemContainer, __repr__=_Repr)

from multidyn import createFunctions  # noqa: E402,F401  (the mbs.Create... helpers)
from multidyn import contact  # noqa: E402,F401  (mbs.CreateExponentialSpringContact, mbs.ResetAnchorPoint)
from multidyn import plot  # noqa: E402,F401  (exu.plot and mbs.PlotSensor, as Exudyn's mainSystemExtensions)
from multidyn import mainSystemDictionary  # noqa: E402,F401  (mbs.GetDictionary/SetDictionary, pickle, copy)


_AssembleItems = MainSystem.Assemble


def Assemble(self):
    """Validates all items and builds the system's equations; then turns the actuators' dampratio
    into kv at the reference configuration (MuJoCo's mj_setConst)."""
    _AssembleItems(self)
    from multidyn.actuatorShortcuts import ResolveDampratios
    ResolveDampratios(self)


MainSystem.Assemble = Assemble


def AddModule(self, module):
    """Puts a control module (e.g. multidyn.modules.TwoHingeDamper, or a class derived from
    multidyn.modules.PythonModule) into the dynamics: checks its links and parameters (its
    Reset), adds it and connects the actuators its outputs drive; returns the module's object
    number."""
    from multidyn.modules import Module
    if not isinstance(module, Module):
        raise TypeError(f"mbs.AddModule: expected a multidyn.modules module (e.g. multidyn.modules.TwoHingeDamper() "
                        f"or an instance of a multidyn.modules.PythonModule subclass), got {type(module).__name__}")
    self._CheckNotSolving("mbs.AddModule()")
    return module._AddTo(self)


MainSystem.AddModule = AddModule
>>>>>>> viewer
