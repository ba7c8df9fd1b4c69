"""Exudyn's renderer calls (exu.StartRenderer, SC.renderer, ...): the face of multidyn.viewer.renderer,
where they are implemented on the browser viewer."""
from multidyn.viewer.renderer import (DoRendererIdleTasks, LastContainer, Material, MaterialList,  # noqa: F401
                                      RegisterContainer, Renderer, RunningServer, SayNoViewer, StartRenderer,
                                      StopRenderer, ViewerAvailable)
