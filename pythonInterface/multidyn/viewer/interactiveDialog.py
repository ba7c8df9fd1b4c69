"""Exudyn's exudyn.interactive.InteractiveDialog on the viewer's panel: labels, buttons, sliders and radio buttons
(dialogItems) that write mbs.variables (or mbs.sys) while the model is simulated period after period, with live
plots of sensors (plots) as uPlot charts. The same arguments, attributes and methods as Exudyn's, so a script runs
with only its import changed; the widgets are viser's instead of tkinter's, laid out one below the other (grid,
fontSize and options are accepted, not used).

As Exudyn's, the constructor blocks until the dialog ends: Quit (or Stop in the viewer, with
checkRenderEngineStopFlag) or every browser gone. Nobody watching: it returns at once (in an interactive terminal it
first waits for a browser, as mbs.SolutionViewer does).
"""
import threading
import time

import numpy as np

_itemTypes = ('label', 'button', 'slider', 'radio')


class _TextVariable:
    """a label's text as Exudyn's tkinter.StringVar (labelStringVariables, and the label's entry in widgets):
    get() / set(text)"""

    def __init__(self, handle):
        self._handle = handle

    def get(self):
        return self._handle.content

    def set(self, text):
        self._handle.content = str(text)


class _Widget:
    """a widget as the tkinter one Exudyn gives in dialog.widgets: get() / set(value) of its value (a slider's number,
    a radio group's value, a label's text)"""

    def __init__(self, handle, toValue=None, fromValue=None):
        self.handle = handle
        self._toValue = toValue or (lambda v: v)
        self._fromValue = fromValue or (lambda v: v)

    def get(self):
        return self._toValue(self.handle.value)

    def set(self, value):
        self.handle.value = self._fromValue(value)


class _RadioGroup:
    """a radio group as a row of buttons (viser has no radio widget; its drop-down hides the choices, its button group
    shows them all but not which is chosen): the chosen one's text is marked '◉', the others '○'. get() / set(value) of
    the chosen text's value, as the tkinter variable Exudyn gives"""
    chosenMark, otherMark = '\u25c9 ', '\u25cb '

    def __init__(self, gui, label, texts, values, initialIndex):
        self.texts, self.values, self.index = texts, values, initialIndex
        self.handle = gui.add_button_group(label, options=self._Options())
        self.handle.on_click(lambda event: self._Choose(event.target.value))

    def _Options(self):
        return tuple((self.chosenMark if k == self.index else self.otherMark) + text for k, text in enumerate(self.texts))

    def _Choose(self, option):
        text = option[len(self.chosenMark):] if option[:len(self.chosenMark)] in (self.chosenMark, self.otherMark) \
            else option
        if text in self.texts:
            self.index = self.texts.index(text)
            self.handle.options = self._Options()

    def get(self):
        return self.values[self.index]

    def set(self, value):
        self.index = self.values.index(value)
        self.handle.options = self._Options()


class InteractiveDialog:
    """Exudyn's InteractiveDialog(mbs, simulationSettings, simulationFunction, dialogItems, plots=None, period=0.04,
    realtimeFactor=1, userStartSimulation=None, title='', showTime=False, fontSize=12, doTimeIntegration=True,
    runOnStart=False, addLabelStringVariables=False, addSliderVariables=False, checkRenderEngineStopFlag=True,
    userOnChange=None, useSysVariables=False) in the viewer's panel"""

    def __init__(self, mbs, simulationSettings, simulationFunction, dialogItems, plots=None, period=0.04,
                 realtimeFactor=1, userStartSimulation=None, title='', showTime=False, fontSize=12,
                 doTimeIntegration=True, runOnStart=False, addLabelStringVariables=False, addSliderVariables=False,
                 checkRenderEngineStopFlag=True, userOnChange=None, useSysVariables=False):
        from multidyn.viewer import renderer as _renderer
        from multidyn.viewer.playback import _WaitForBrowser
        self.mbs = mbs
        self.SC = mbs.GetSystemContainer()
        self.simulationFunction = simulationFunction
        self.simulationSettings = simulationSettings
        self.title = title
        self.dialogItems = list(dialogItems)
        self.period = float(period)
        self.realtimeFactor = float(realtimeFactor)
        self.doTimeIntegration = doTimeIntegration
        self.plots = plots if plots else []
        self.userStartSimulation = userStartSimulation
        self.userOnChange = userOnChange
        self.showTime = showTime
        self.fontSize = fontSize
        self.useSysVariables = useSysVariables
        self.checkRenderStop = checkRenderEngineStopFlag
        self.counter = 0
        self.simulationStopped = True
        self.variableList = []  # (widget, name in mbs.variables / mbs.sys)
        self.widgets = []
        self.labelStringVariables = []
        self.sliderVariables = []
        self._CheckArguments()
        ti = simulationSettings.timeIntegration
        self.stepSize = ti.endTime / ti.numberOfSteps
        if mbs.GetRenderEngineStopFlag() and self.checkRenderStop:
            mbs.SetRenderEngineStopFlag(False)
        if not _renderer.ViewerAvailable():
            _renderer.SayNoViewer("InteractiveDialog()")
            return
        if not self.SC.renderer.IsActive():
            self.SC.renderer.Start()
        self.server = _renderer.RunningServer(self.SC)
        self.server.UpdateScene()
        self._pending = []  # button callbacks from the server's thread, run between periods in this one
        self._quit = threading.Event()
        self._BuildWidgets(addLabelStringVariables, addSliderVariables)
        try:
            self.InitializeSolver()
            self.InitializePlots()
            self.UpdatePlots()
            if runOnStart:
                self.StartSimulation()
            _WaitForBrowser(self.server, 'InteractiveDialog()')
            self._MainLoop()
        finally:
            self.folder.remove()

    # ----------------------------------------------------------------------------------------------
    def _CheckArguments(self):
        if not callable(self.simulationFunction):
            raise TypeError(f"InteractiveDialog: parameter 'simulationFunction': expected a function (mbs, dialog), got "
                            f"{self.simulationFunction!r}")
        if not self.period > 0:
            raise ValueError(f"InteractiveDialog: parameter 'period': expected a positive time [s], got {self.period!r}")
        if not self.realtimeFactor > 0:
            raise ValueError(f"InteractiveDialog: parameter 'realtimeFactor': expected a positive number, got "
                             f"{self.realtimeFactor!r}")
        for index, item in enumerate(self.dialogItems):
            if not isinstance(item, dict) or item.get('type') not in _itemTypes:
                raise ValueError(f"InteractiveDialog: dialogItems[{index}]: expected a dict with 'type' one of "
                                 f"{', '.join(_itemTypes)}, got {item!r}")
            if item['type'] == 'radio' and ('textValueList' not in item or 'variable' not in item):
                raise ValueError(f"InteractiveDialog: dialogItems[{index}] (radio): needs 'textValueList' and 'variable'")
            if item['type'] == 'slider' and 'range' in item and not item['range'][0] < item['range'][1]:
                raise ValueError(f"InteractiveDialog: dialogItems[{index}] (slider): 'range' must be (min, max) with "
                                 f"min < max, got {item['range']!r}")
        if self.plots:
            for key in ('nPoints', 'sensors'):
                if key not in self.plots:
                    raise ValueError(f"InteractiveDialog: parameter 'plots': needs '{key}' (see Exudyn's example)")

    def _BuildWidgets(self, addLabelStringVariables, addSliderVariables):
        gui = self.server.server.gui
        self.folder = gui.add_folder(self.title or 'interactive dialog')
        with self.folder:
            for index, item in enumerate(self.dialogItems):
                kind, text = item['type'], str(item.get('text', ''))
                if kind == 'label':
                    widget = _TextVariable(gui.add_markdown(text))
                    if addLabelStringVariables:
                        self.labelStringVariables.append(widget)
                elif kind == 'button':
                    handle = gui.add_button(text or f'button {index}')
                    if 'callFunction' in item:
                        function = item['callFunction']
                        handle.on_click(lambda event, function=function: self._pending.append(function))
                    widget = _Widget(handle)
                elif kind == 'slider':
                    low, high = (float(v) for v in item.get('range', (0., 1.)))
                    steps = int(item.get('steps', 400))
                    value = float(item.get('value', 0.5))
                    if not low <= value <= high:
                        value = 0.5 * (low + high)  # as Exudyn
                    resolution = float(item.get('resolution', (high - low) / max(1, steps - 1)))
                    handle = gui.add_slider(str(item.get('variable', f'slider {index}')), min=low, max=high,
                                            step=resolution, initial_value=value)
                    widget = _Widget(handle, float, float)
                    if addSliderVariables:
                        self.sliderVariables.append(widget)
                    if 'variable' in item:
                        self.variableList.append((widget, item['variable']))
                else:  # radio: a row of buttons, the chosen one marked; its value the chosen text's value
                    texts = [str(t) for t, _ in item['textValueList']]
                    values = [v for _, v in item['textValueList']]
                    widget = _RadioGroup(gui, str(item['variable']), texts, values,
                                         values.index(item['value']) if item.get('value') in values else 0)
                    self.variableList.append((widget, item['variable']))
                self.widgets.append(widget)
            self.timeText = gui.add_markdown('t = ') if self.showTime else None
            self.runButton = gui.add_button('Run')
            self.quitButton = gui.add_button('Quit', hint='ends the dialog (as closing Exudyn\'s window)')
        self.runButton.on_click(lambda event: self._pending.append(self.StartSimulation))
        self.quitButton.on_click(lambda event: self._quit.set())

    # ----------------------------------------------------------------------------------------------
    def _MainLoop(self):
        """Exudyn's tkinter main loop with ContinuousRunFunction: one period after another while running, the
        widgets' callbacks in between, about period/realtimeFactor of wall-clock time per period"""
        while not self._quit.is_set():
            if not self.server.IsWatched():
                break  # nobody watches (any more): as closing the window
            start = time.monotonic()
            while self._pending:
                self._pending.pop(0)()
            if self.checkRenderStop and self.mbs.GetRenderEngineStopFlag():
                break
            if self.simulationStopped:
                time.sleep(0.05)
                continue
            self.ContinuousRunFunction()
            delay = self.period / self.realtimeFactor - (time.monotonic() - start)
            if delay > 0:
                self._quit.wait(delay)
        self.OnQuit()

    def OnQuit(self, event=None):
        """ends the dialog (Quit, the viewer's Stop, every browser gone)"""
        self.simulationStopped = True
        self._quit.set()
        self.FinalizeSolver()

    def StartSimulation(self, event=None):
        """Run / Stop"""
        self.simulationStopped = not self.simulationStopped
        self.runButton.label = 'Run' if self.simulationStopped else 'Stop'
        if self.userStartSimulation is not None:
            self.userStartSimulation(self.simulationStopped)

    def ProcessWidgetStates(self):
        """the sliders' and radio buttons' values into mbs.variables (mbs.sys with useSysVariables); userOnChange when
        one changed"""
        destination = self.mbs.sys if self.useSysVariables else self.mbs.variables
        changed = False
        for widget, name in self.variableList:
            value = widget.get()
            if name not in destination or value != destination[name]:
                destination[name] = value
                changed = True
        if changed and self.userOnChange is not None:
            self.userOnChange(self.mbs, self)

    def ContinuousRunFunction(self, event=None):
        """one period: the widgets' values, simulationFunction, plots, the time integration"""
        self.ProcessWidgetStates()
        t = self.RunSimulationPeriod()
        if self.timeText is not None:
            self.timeText.content = f't = {round(t, 6)}'
        self.counter += 1

    # ----------------------------------------------------------------------------------------------
    def InitializePlots(self):
        """one uPlot chart per entry of plots['sensors'] ([(sensorX, coordinateX), (sensorY, coordinateY), xLabel,
        yLabel]; coordinate 0: the time) with the last plots['nPoints'] points"""
        self._charts = []
        if not self.plots:
            return
        n = int(self.plots['nPoints'])
        self.plots['currentIndex'] = 0
        self.plots['data'] = []
        gui = self.server.server.gui
        with self.folder:
            for xSource, _, xLabel, yLabel in self.plots['sensors']:
                data = np.zeros((n, 2))
                if xSource[1] == 0:
                    data[:, 0] = np.linspace(self.period, n * self.period, num=n)
                self.plots['data'].append(data)
                self._charts.append(gui.add_uplot(
                    data=(data[:1, 0].copy(), data[:1, 1].copy()), title=f'{yLabel} over {xLabel}', aspect=1.,
                    series=({'label': str(xLabel)}, {'label': str(yLabel), 'stroke': '#1f77b4', 'width': 1.5}),
                    scales={'x': {'time': False}}))  # x in seconds of simulation (uPlot's default: dates)

    def _PlotValue(self, source, time):
        sensor, coordinate = source
        if coordinate == 0:
            return time
        value = self.mbs.GetSensorValues(sensor)
        if isinstance(value, np.ndarray):
            return float(value[coordinate - 1])
        if coordinate == 1:
            return float(value)
        raise ValueError(f"InteractiveDialog: plots: sensor {sensor} has no coordinate {coordinate}")

    def UpdatePlots(self):
        """the current sensor values into the charts"""
        if not self.plots:
            return
        n = int(self.plots['nPoints'])
        i = self.plots['currentIndex']
        t = self.simulationSettings.timeIntegration.startTime
        for j, (xSource, ySource, _, _) in enumerate(self.plots['sensors']):
            data = self.plots['data'][j]
            data[i] = self._PlotValue(xSource, t), self._PlotValue(ySource, t)
            shown = data[:i + 1]
            order = np.argsort(shown[:, 0], kind='stable')  # uPlot draws over an ascending x
            self._charts[j].data = (np.ascontiguousarray(shown[order, 0]), np.ascontiguousarray(shown[order, 1]))
            if i == n - 1:
                self.plots['data'][j] = np.roll(data, -1, axis=0)
        if i < n - 1:
            self.plots['currentIndex'] += 1

    # ----------------------------------------------------------------------------------------------
    def InitializeSolver(self):
        """(Exudyn prepares its solver for repeated calls here; each period is a solve of its own here)"""

    def FinalizeSolver(self):
        """(Exudyn closes its solver's files here)"""

    def RunSimulationPeriod(self):
        """simulationFunction(mbs, dialog), the plots, then the time integration over one period from the last state;
        the time at its end"""
        self.simulationFunction(self.mbs, self)
        self.UpdatePlots()
        ti = self.simulationSettings.timeIntegration
        if self.doTimeIntegration:
            ti.numberOfSteps = max(int(self.period / self.stepSize), 1)
            ti.endTime = ti.startTime + self.period
            self.mbs.SolveDynamic(self.simulationSettings, updateInitialValues=True)
            ti.startTime += self.period
        return ti.endTime
