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
from multidyn.api import symbolic as _symbolic
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
                   _contact.methods, _modules.methods, _symbolic.methods, _solve.methods, _linearAnalysis.methods, _plot.methods,
                   {"SolutionViewer": SolutionViewer, "ExportHTML": ExportHTML, "WaitForUserToContinue": WaitForUserToContinue,
                    "GetRenderEngineStopFlag": GetRenderEngineStopFlag, "SetRenderEngineStopFlag": SetRenderEngineStopFlag}):
        twice = table.keys() & source.keys()
        if twice:
            raise RuntimeError(f"multidyn.mainSystemExtensions: MainSystem.{sorted(twice)[0]} is defined twice")
        table.update(source)
    return table


#: every Python method of MainSystem, by name
methods = _MethodTable()
for _name, _function in methods.items():
    setattr(_multidyn.MainSystem, _name, _function)
del _name, _function
