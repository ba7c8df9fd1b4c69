"""Exudyn's ``exudyn.interactive`` on the browser viewer: ``SolutionViewer(mbs, ...)`` and
``AnimateModes(SC, mbs, ...)`` (multidyn.viewer.playback), ``ConvertImages2Video`` (multidyn.viewer.video) and
``InteractiveDialog`` (multidyn.viewer.interactiveDialog: sliders and buttons in the viewer's panel)."""
from multidyn.viewer.playback import AnimateModes, SolutionViewer  # noqa: F401
from multidyn.viewer.interactiveDialog import InteractiveDialog  # noqa: F401
from multidyn.viewer.video import ConvertImages2Video  # noqa: F401

