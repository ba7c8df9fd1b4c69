"""mbs.ExportHTML: one self-contained HTML file with the scene and its animation.

The file is viser's own client (its prebuilt page, which inlines its scripts, styles and
decoder) with the recorded scene embedded as data: the messages that build the scene, then the
pose updates of each frame separated by the solution's time steps. The page plays the recording
with its own player (play/pause, time slider, speed, loop); it needs no server and makes no
network request.
"""
import os

import numpy as np

from multidyn.viewer.playback import CheckedRowIncrement, CheckedSolution, SolutionFrames
from multidyn.viewer.scene import Scene
from multidyn.viewer.server import CameraState, Quietly, StartViser, fieldOfView
from multidyn.viewer.viserDrawing import ConfigureScene, ViserDrawing


def ExportHTML(mbs, fileName, solution=None, rowIncrement=1, maxFrames=1000, darkMode=False, renderState=None,
               animate=True):
    """writes fileName (.html): the system's scene and, with animate=True, the animation of a solution (LoadSolutionFile's
    dict or a file name; the last solve's by default), at most maxFrames frames (rows are skipped evenly beyond that),
    played in solution time. renderState: the view as SC.renderer.GetState() gives it (default: the renderer's, or
    the whole scene in Exudyn's default view along -z). Returns the file name."""
    if not isinstance(fileName, (str, os.PathLike)) or not str(fileName):
        raise TypeError(f"ExportHTML: fileName must be a file name, got {fileName!r}")
    if isinstance(maxFrames, bool) or not isinstance(maxFrames, (int, np.integer)) or maxFrames < 1:
        raise ValueError(f"ExportHTML: maxFrames must be an integer >= 1, got {maxFrames!r}")
    fileName = str(fileName)
    if not fileName.lower().endswith(('.html', '.htm')):
        fileName += '.html'
    SC = mbs.GetSystemContainer()
    if animate:
        solution = CheckedSolution(mbs, solution, 'ExportHTML')
        rowIncrement = max(CheckedRowIncrement(rowIncrement, 'ExportHTML'), int(np.ceil(len(solution['data']) / maxFrames)))
    server = StartViser('127.0.0.1', 8200)
    try:
        ConfigureScene(server)
        scene = Scene(SC, [mbs])
        drawing = ViserDrawing(server, scene)
        if animate:
            times, samples = SolutionFrames(scene, mbs, solution, rowIncrement)
        else:
            times, samples = np.zeros(1), [scene.Sample()]
        camera = CameraState()
        if renderState is not None:
            camera.SetFromDictionary(renderState, 'ExportHTML')
        elif SC.renderer._camera is not None or SC.renderer.IsActive():
            camera.SetFromDictionary(SC.renderer.GetState(), 'ExportHTML')
        else:
            low, high = scene.Bounds(samples[0])
            size = max(float(np.linalg.norm(high - low)), float(SC.visualizationSettings.general.minSceneSize))
            camera.centerPoint = 0.5 * (low + high)
            camera.zoom = 1.2 * size
        position, lookAt, up = camera.CameraPose()
        initial = server.initial_camera
        initial.fov = float(fieldOfView)
        initial.position, initial.look_at, initial.up = tuple(position), tuple(lookAt), tuple(up)
        drawing.Apply(samples[0], force=True)
        serializer = server.get_scene_serializer()
        for k in range(1, len(samples)):
            serializer.insert_sleep(max(float(times[k] - times[k - 1]), 0.))
            drawing.Apply(samples[k])
        html = serializer.as_html(dark_mode=bool(darkMode))
    finally:
        Quietly(server.stop)
    directory = os.path.dirname(fileName)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(fileName, 'w', encoding='utf-8') as file:
        file.write(html)
    return fileName
