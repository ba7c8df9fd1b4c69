"""Stored solutions and eigenmodes in the viewer: Exudyn's solution file read into a dict
(LoadSolutionFile), the frames of a solution (each row's coordinates set into the system, the
scene sampled, the state restored), mbs.SolutionViewer (slider, play/pause, speed, loop) and
AnimateModes (the modes of mbs.ComputeODE2Eigenvalues).
"""
import os
import sys
import threading
import time

import numpy as np

from multidyn.api.console import Print as _Print


def LoadSolutionFile(fileName, safeMode=False, maxRows=-1, verbose=True, hasHeader=True):
    """Exudyn's exu.utilities.LoadSolutionFile: a text solution file (simulationSettings.solution.file.name)
    as {'data': rows [time, ODE2, ...], 'columnsExported': [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData],
    'nColumns', 'nRows'}. A last row cut short (a solve that stopped while writing) is left out."""
    if not isinstance(fileName, (str, os.PathLike)):
        raise TypeError(f"LoadSolutionFile: fileName must be a file name, got {type(fileName).__name__}")
    if not os.path.isfile(fileName):
        raise FileNotFoundError(f"LoadSolutionFile: no solution file {str(fileName)!r} (written by a solve with "
                                f"simulationSettings.solution.file.write = True)")
    with open(fileName, 'rb') as file:
        if file.read(6) == b'EXUBIN':
            raise ValueError(f"LoadSolutionFile: {fileName!r} is one of Exudyn's binary solution files; multidyn "
                             f"writes and reads text files (solution.file.binary is not available)")
    columnsExported = []
    rows = []
    with open(fileName, encoding='utf-8', errors='replace') as file:
        for line in file:
            if line.startswith('#'):
                if line.startswith('#number of written coordinates'):
                    try:
                        text = line.split('=', 1)[1].strip().strip('[]')
                        columnsExported = [int(value) for value in text.split(',')]
                    except (IndexError, ValueError):
                        raise ValueError(f"LoadSolutionFile: {fileName!r}: header line is corrupted: {line.strip()!r}") from None
                continue
            if line.strip():
                rows.append(line)
            if 0 <= maxRows <= len(rows):
                break
    if hasHeader and not columnsExported:
        raise ValueError(f"LoadSolutionFile: {fileName!r} has no header line '#number of written coordinates ...' "
                         f"(a solution file of multidyn or Exudyn; hasHeader=False reads bare rows)")
    nColumns = sum(columnsExported) if hasHeader else (len(rows[0].split(',')) - 1 if rows else 0)
    data = []
    for index, line in enumerate(rows):
        values = line.split(',')
        if len(values) != nColumns + 1:
            if index == len(rows) - 1:
                if verbose:
                    _Print(f"LoadSolutionFile: the last row of {fileName!r} is incomplete and left out")
                break
            raise ValueError(f"LoadSolutionFile: {fileName!r}: data row {index} has {len(values)} columns, expected "
                             f"{nColumns + 1} (time and {nColumns} coordinates)")
        try:
            data.append([float(v) for v in values])
        except ValueError:
            raise ValueError(f"LoadSolutionFile: {fileName!r}: data row {index} has a value that is not a number") from None
    data = np.array(data, dtype=float).reshape(-1, nColumns + 1)
    if verbose:
        _Print(f"LoadSolutionFile: {len(data)} rows, columns exported {columnsExported}")
    return {'data': data, 'columnsExported': columnsExported, 'nColumns': nColumns, 'nRows': len(data)}


def LastSolution(mbs, function='SolutionViewer'):
    """the solution file of the system's last solve, loaded"""
    settings = getattr(mbs, 'sys', {}).get('simulationSettings')
    if settings is None:
        raise ValueError(f"{function}: no solution given and no solve found (call mbs.SolveDynamic first, or give "
                         f"solution=LoadSolutionFile(fileName))")
    if not settings.solution.file.write:
        raise ValueError(f"{function}: the last solve had solution.file.write = False: there is no "
                         f"solution file to show")
    fileName = settings.solution.file.name
    if '.' not in os.path.basename(fileName):
        fileName += '.txt'
    return LoadSolutionFile(fileName, verbose=False)


def CheckedSolution(mbs, solution, function):
    """the solution dict, checked against the system's coordinates"""
    if solution is None:
        solution = LastSolution(mbs, function)
    if isinstance(solution, (str, os.PathLike)):
        solution = LoadSolutionFile(solution, verbose=False)
    if not isinstance(solution, dict) or 'data' not in solution:
        raise TypeError(f"{function}: solution must be a dict of LoadSolutionFile (or a file name), got "
                        f"{type(solution).__name__}")
    columns = list(solution.get('columnsExported') or [])
    nODE2 = mbs.systemData.ODE2Size()
    if columns and columns[0] != nODE2:
        raise ValueError(f"{function}: the solution has {columns[0]} ODE2 coordinates, the system {nODE2}: it is the "
                         f"solution of another model")
    if np.asarray(solution['data']).ndim != 2 or len(solution['data']) == 0:
        raise ValueError(f"{function}: the solution has no rows")
    return solution


def CheckedRowIncrement(rowIncrement, function):
    if isinstance(rowIncrement, bool) or not isinstance(rowIncrement, (int, np.integer)) or rowIncrement < 1:
        raise ValueError(f"{function}: rowIncrement must be an integer >= 1, got {rowIncrement!r}")
    return int(rowIncrement)


def SolutionFrames(scene, mbs, solution, rowIncrement=1):
    """(times, samples) of the scene at every rowIncrement-th row of the solution; the system's state is restored"""
    rowIncrement = CheckedRowIncrement(rowIncrement, 'SolutionViewer')
    data = np.asarray(solution['data'], dtype=float)
    columns = list(solution.get('columnsExported') or [mbs.systemData.ODE2Size(), 0, 0, 0, 0, 0, 0])
    nODE2 = columns[0]
    ode1Start = 1 + sum(columns[:3])
    nODE1 = columns[3] if len(columns) > 3 else 0
    saved = mbs.systemData.GetSystemState()
    savedTime = mbs.systemData.GetTime()
    times, samples = [], []
    try:
        for row in data[::int(rowIncrement)]:
            mbs.systemData.SetODE2Coordinates(row[1:1 + nODE2])
            if nODE1 and nODE1 == mbs.systemData.ODE1Size():
                mbs.systemData.SetODE1Coordinates(row[ode1Start:ode1Start + nODE1])
            mbs.systemData.SetTime(float(row[0]))
            times.append(float(row[0]))
            samples.append(scene.Sample())
    finally:
        mbs.systemData.SetSystemState(saved)
        mbs.systemData.SetTime(savedTime)
    return np.array(times), samples


def ModeFrames(scene, mbs, modeVector, amplitude, stepsPerPeriod=30):
    """samples of the scene over one period of q = q_current + amplitude sin(phi) v (the ODE2 coordinates)"""
    saved = mbs.systemData.GetSystemState()
    q0 = np.asarray(mbs.systemData.GetODE2Coordinates(), dtype=float)
    samples = []
    try:
        for phase in 2 * np.pi * np.arange(stepsPerPeriod) / stepsPerPeriod:
            mbs.systemData.SetODE2Coordinates(q0 + amplitude * np.sin(phase) * modeVector)
            samples.append(scene.Sample())
    finally:
        mbs.systemData.SetSystemState(saved)
    return samples


def _WaitForBrowser(server, function):
    """in an interactive terminal, waits (up to 5 minutes, Ctrl-C skips) for a browser to connect; else not at all"""
    if server.IsWatched() or not (sys.stdin is not None and sys.stdin.isatty()) or os.environ.get('CI'):
        return
    _Print(f"{function}: open {server.url} in a browser to watch (waiting up to 5 minutes; Ctrl-C skips)")
    end = time.monotonic() + 300.
    try:
        while not server.IsWatched() and time.monotonic() < end:
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass


class Player:
    """a slider, play/pause, speed and loop in the viewer's panel, showing precomputed samples"""

    def __init__(self, server, times, samples, title='solution', runOnStart=True, loop=True, frameDelay=0.04):
        self.server = server
        self.times = np.asarray(times, dtype=float)
        self.samples = samples
        self.frameDelay = max(float(frameDelay), 0.005)
        gui = server.server.gui
        self.folder = gui.add_folder(title)
        with self.folder:
            self.slider = gui.add_slider('frame', min=0, max=max(len(samples) - 1, 1), step=1, initial_value=0)
            self.playing = gui.add_checkbox('play', initial_value=bool(runOnStart))
            self.speed = gui.add_slider('speed', min=0.1, max=10., step=0.1, initial_value=1.)
            self.loop = gui.add_checkbox('loop', initial_value=bool(loop))
            self.recordButton = gui.add_button('record images', hint='saves every frame as an image '
                                               '(visualizationSettings.exportImages: file names; window.renderWindowSize)')
        self.slider.on_update(lambda event: self.Show(int(self.slider.value)))
        self.recordButton.on_click(lambda event: threading.Thread(target=self.RecordImages, daemon=True).start())
        self.finished = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._Run, daemon=True)
        self.Show(0)
        self._thread.start()

    def Show(self, index):
        index = int(min(max(index, 0), len(self.samples) - 1))
        with self.server._lock:
            self.server.drawing.Apply(self.samples[index])
            self.server.timeText.content = f"time: {self.times[index]:.6g} s" if len(self.times) else ''
            if len(self.times):
                self.server._UpdateSensorPlots(self.times[index])  # the plots up to the shown time
            self.server.framesSent += 1

    def RecordImages(self):
        """every frame, in order, as an image of the first browser's view (Exudyn's SolutionViewer 'Record frames'
        for one run); the number of images saved"""
        self.playing.value = False
        saved = 0
        for index in range(len(self.samples)):
            self.slider.value = index
            self.Show(index)
            if not self.server.SaveExportImage(caller="the solution player's 'record images'", redraw=False):
                break
            saved += 1
        return saved

    def _Run(self):
        """advances the frames in (speed-scaled) solution time while play is checked"""
        while not self._stop.wait(self.frameDelay):
            if not self.playing.value or len(self.samples) < 2:
                continue
            index = int(self.slider.value)
            target = self.times[index] + self.frameDelay * float(self.speed.value)
            nextIndex = max(int(np.searchsorted(self.times, target, side='right')) - 1, index + 1)
            if nextIndex >= len(self.samples):
                if not self.loop.value:
                    self.playing.value = False
                    self.finished.set()
                    continue
                nextIndex = 0
            self.slider.value = nextIndex  # its callback shows the frame

    def Close(self):
        self._stop.set()
        self._thread.join(timeout=2.)
        self.folder.remove()


def SolutionViewer(mbs, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True, runMode=2, fontSize=12, title='',
                   checkRenderEngineStopFlag=True, **kwargs):
    """mbs.SolutionViewer: replays a solution (LoadSolutionFile's dict or a file name; the last solve's by default)
    in the viewer, with a frame slider, play/pause, speed and loop. runMode 0: loop, 1: stop at the end and wait,
    2 (default): play once. Blocks while a browser watches (until Continue/Stop or the browser goes); returns at
    once when nobody watches (in an interactive terminal it first waits for a browser)."""
    from multidyn.viewer import renderer as _renderer
    if runMode not in (0, 1, 2):
        raise ValueError(f"SolutionViewer: runMode must be 0 (loop), 1 (to the end and wait) or 2 (once), got {runMode!r}")
    solution = CheckedSolution(mbs, solution, 'SolutionViewer')
    SC = mbs.GetSystemContainer()
    if not _renderer.ViewerAvailable():
        _renderer.SayNoViewer("mbs.SolutionViewer()")
        return
    if not SC.renderer.IsActive():
        SC.renderer.Start()
    server = _renderer.RunningServer(SC)
    server.UpdateScene()
    times, samples = SolutionFrames(server.scene, mbs, solution, rowIncrement)
    player = Player(server, times, samples, title or 'solution', runOnStart, loop=runMode == 0, frameDelay=timeout)
    try:
        _WaitForBrowser(server, 'mbs.SolutionViewer()')
        if server.IsWatched():
            server.WaitForUser(-1.)
    finally:
        player.Close()
        server.Redraw()


def AnimateModes(systemContainer, mainSystem, nodeNumber=None, period=0.04, stepsPerPeriod=30, showTime=True,
                 renderWindowText='', runOnStart=False, runMode=0, scaleAmplitude=1, title='', fontSize=12,
                 checkRenderEngineStopFlag=True, systemEigenVectors=None):
    """Exudyn's exudyn.interactive.AnimateModes: the eigenmodes (columns of systemEigenVectors, as
    mbs.ComputeODE2Eigenvalues returns them; or the unit vectors of nodeNumber's coordinates) moving in the viewer,
    with a mode slider and an amplitude slider. Blocks while a browser watches, as SolutionViewer."""
    from multidyn.viewer import renderer as _renderer
    mbs = mainSystem
    nODE2 = mbs.systemData.ODE2Size()
    if systemEigenVectors is not None:
        vectors = np.asarray(systemEigenVectors, dtype=float)
        if vectors.ndim != 2 or vectors.shape[0] != nODE2:
            raise ValueError(f"AnimateModes: systemEigenVectors must have one column per mode and {nODE2} rows (the ODE2 "
                             f"coordinates), got shape {vectors.shape}")
        modes = [vectors[:, k] for k in range(vectors.shape[1])]
    elif nodeNumber is not None:
        start = mbs.GetNodeODE2Index(nodeNumber)
        count = len(np.atleast_1d(mbs.GetNodeOutput(nodeNumber, _OutputType().Coordinates)))
        modes = [np.eye(nODE2)[start + k] for k in range(count)]
    else:
        raise ValueError("AnimateModes: give systemEigenVectors (from mbs.ComputeODE2Eigenvalues) or a nodeNumber")
    if not _renderer.ViewerAvailable():
        _renderer.SayNoViewer("AnimateModes()")
        return
    SC = systemContainer
    if not SC.renderer.IsActive():
        SC.renderer.Start()
    server = _renderer.RunningServer(SC)
    server.UpdateScene()
    scene = server.scene

    def Frames(mode, amplitude):
        vector = modes[mode]
        largest = np.max(np.abs(vector)) or 1.
        return ModeFrames(scene, mbs, vector / largest, amplitude * scene.sceneSize, stepsPerPeriod)

    gui = server.server.gui
    with gui.add_folder(title or 'modes') as folder:
        modeSlider = gui.add_slider('mode', min=0, max=max(len(modes) - 1, 1), step=1, initial_value=0)
        amplitudeSlider = gui.add_slider('amplitude', min=0., max=0.5, step=0.005, initial_value=0.05 * scaleAmplitude)
    state = {'player': None}

    def Restart(_event=None):
        if state['player'] is not None:
            state['player'].Close()
        samples = Frames(int(modeSlider.value), float(amplitudeSlider.value))
        times = np.arange(len(samples)) * period
        state['player'] = Player(server, times, samples, 'mode animation', True, loop=True, frameDelay=period)
    modeSlider.on_update(Restart)
    amplitudeSlider.on_update(Restart)
    Restart()
    try:
        _WaitForBrowser(server, 'AnimateModes()')
        if server.IsWatched():
            server.WaitForUser(-1.)
    finally:
        state['player'].Close()
        folder.remove()
        server.Redraw()


def _OutputType():
    from multidyn._multidyn import OutputVariableType
    return OutputVariableType
