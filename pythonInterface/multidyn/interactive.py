"""Exudyn's ``exudyn.interactive`` on the browser viewer: ``SolutionViewer(mbs, ...)`` and
``AnimateModes(SC, mbs, ...)`` (multidyn.viewer.playback), ``ConvertImages2Video`` (multidyn.viewer.video).
``InteractiveDialog`` is not available."""
from multidyn.viewer.playback import AnimateModes, SolutionViewer  # noqa: F401
from multidyn.viewer.video import ConvertImages2Video  # noqa: F401


class InteractiveDialog:
    """Exudyn's dialog of sliders and buttons: not available in multidyn (the viewer's panel has none yet)"""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("exudyn.interactive.InteractiveDialog is not available in multidyn; change the "
                                  "parameters in the script, or use mbs.SolutionViewer() to look at a solution")
