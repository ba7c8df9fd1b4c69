"""The renderer of Exudyn scripts (SC.renderer, exu.StartRenderer, mbs.SolutionViewer): multidyn
has none yet. The calls are accepted so that scripts run; the first one says, once per session,
that nothing is drawn."""

from multidyn.console import Print as _Print

_said = [False]


def SayNoRenderer(call):
    """prints once per session that there is no renderer"""
    if not _said[0]:
        _said[0] = True
        _Print(f"multidyn: no renderer is available; {call} and the other renderer calls do nothing")


class Renderer:
    """SC.renderer: Start() returns False (not started), the other calls do nothing."""

    def Start(self, verbose=0, **kwargs):
        SayNoRenderer("SC.renderer.Start()")
        return False

    def Stop(self):
        SayNoRenderer("SC.renderer.Stop()")

    def DoIdleTasks(self, waitSeconds=0, **kwargs):
        SayNoRenderer("SC.renderer.DoIdleTasks()")

    def IsActive(self):
        return False

    def ZoomAll(self):
        SayNoRenderer("SC.renderer.ZoomAll()")

    def SendRedrawSignal(self):
        SayNoRenderer("SC.renderer.SendRedrawSignal()")

    def Attach(self):
        SayNoRenderer("SC.renderer.Attach()")

    def Detach(self):
        SayNoRenderer("SC.renderer.Detach()")

    def GetState(self):
        """no renderer: an empty render state"""
        return {}

    def SetState(self, renderState, **kwargs):
        SayNoRenderer("SC.renderer.SetState()")
