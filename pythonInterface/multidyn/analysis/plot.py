"""exu.plot: Exudyn's plot helpers on matplotlib, for sensor data and sensor or solution files.

``mbs.PlotSensor(sensorNumbers, components, ...)`` (also ``multidyn.plot.PlotSensor(mbs, ...)``)
plots the data a sensor recorded (``mbs.GetSensorStoredData`` with ``storeInternal=True``, else its
file), a sensor or solution file given by name, or a numpy array [time, values...] per row.
matplotlib is imported when a function plots, not with multidyn (it is an optional dependency).
"""
import os as _os
import warnings as _warnings

import numpy as _np

from multidyn.api.argumentChecks import IsInteger
from multidyn.modelling.advancedUtilities import PlotLineCode
from multidyn.api.console import Print as _Print

__all__ = ['listMarkerStyles', 'listMarkerStylesFilled', 'componentNorm', 'ParseOutputFileHeader',
           'PlotSensorDefaults', 'PlotSensor', 'PlotFFT', 'FileStripSpaces', 'DataArrayFromSensorList', 'PlotImage',
           'PlotLineCode']

#: component value that plots the norm of all sensor values (without the time), as Exudyn's
componentNorm = -2

#: matplotlib marker codes; the trailing space of listMarkerStyles asks for empty (unfilled) markers
listMarkerStylesFilled = ['x', '+', '*', '.', 'd', 'D', 's', 'X', 'P', 'v', '^', '<', '>', 'o', 'p', 'h', 'H']
listMarkerStyles = [style + ' ' for style in listMarkerStylesFilled]



class _PlotSensorDefaults:
    """Values PlotSensor takes for arguments that are not given (None); change them through
    plot.PlotSensorDefaults(), e.g. plot.PlotSensorDefaults().fontSize = 12."""

    def __init__(self):
        self.xLabel = 'time (s)'
        self.yLabel = None
        self.fontSize = 16
        self.colors = []
        self.lineStyles = []
        self.lineWidths = []
        self.markerStyles = []
        self.markerSizes = []
        self.markerDensity = 0.08
        self.majorTicksX = 10
        self.majorTicksY = 10
        self.sizeInches = [6.4, 4.8]

    def __repr__(self):
        return str(self.__dict__)


_defaults = _PlotSensorDefaults()


def PlotSensorDefaults():
    """the defaults PlotSensor uses for arguments not given; change them once for all later calls,
    e.g. plot.PlotSensorDefaults().fontSize = 12 (an argument given to PlotSensor always wins)"""
    return _defaults


# ---------------------------------------------------------------------------------------------
# files
def ParseOutputFileHeader(lines):
    """Reads the '#' header of a sensor or solution file (multidyn's or Exudyn's), given as
    file.readlines(). Returns a dict: 'type' ('sensor', 'solution' or 'unknown'), for sensor files
    'outputVariableType' and 'sensorType' where the header says them, 'columns' (names of the
    columns where known) and 'variableRanges' ([], as Exudyn's for these files); {} for no lines."""
    if len(lines) == 0:
        return {}
    header = []
    for line in lines[:20]:
        if not line.startswith('#'):
            break
        header.append(line[1:].strip())
    output = {'type': 'unknown', 'columns': [], 'variableRanges': []}
    first = header[0] if header else ''
    if 'sensor output file' in first:
        output['type'] = 'sensor'
        for text in header[1:]:
            if text.startswith('output variable:'):  # multidyn: "#output variable: Position"
                output['outputVariableType'] = text.split(':', 1)[1].strip()
            elif text.startswith('OutputVariableType') and '=' in text:  # Exudyn: "#OutputVariableType = Position"
                output['outputVariableType'] = text.split('=', 1)[1].strip()
            elif text.startswith('sensor ') and '(' in text and text.endswith(')'):  # "#sensor 1 '' (SensorLoad)"
                className = text[text.rindex('(') + 1:-1]
                output['sensorType'] = className[len('Sensor'):] if className.startswith('Sensor') else className
            elif text.startswith('measure '):  # Exudyn: "#measure Node = 0"
                output['sensorType'] = text.split(' ')[1]
            elif text.startswith('number of sensor values') and '=' in text:
                output['numberOfSensors'] = int(text.split('=', 1)[1])
        if 'numberOfSensors' in output:
            output['columns'] = ['time'] + [output.get('outputVariableType', '') + str(i)
                                            for i in range(output['numberOfSensors'])]
    elif 'solution file' in first:
        output['type'] = 'solution'
        output['outputVariableType'] = 'Coordinates'
        for text in header:
            if text.startswith('number of written coordinates') and '=' in text:
                names = text.split('[', 1)[1].split(']', 1)[0].replace(' ', '').split(',')
                counts = text.split('=', 1)[1].strip().strip('[]').replace(' ', '').split(',')
                output['columns'] = ['time'] + [name.lstrip('n') + '-' + str(k) for name, count in zip(names, counts)
                                                for k in range(int(count))]
            elif text.startswith('number of time steps') and '=' in text:
                output['numberOfSteps'] = int(text.split('=', 1)[1])
    return output


def FileStripSpaces(filename, outputFilename, fileCommentChar='', removeDoubleChars=''):
    """writes filename to outputFilename with the spaces at the start and end of each line removed
    (lines starting with fileCommentChar unchanged) and, if removeDoubleChars is given, runs of
    that character reduced to one (e.g. removeDoubleChars=' ' turns '1.0   3.0' into '1.0 3.0')"""
    if _os.path.abspath(filename) == _os.path.abspath(outputFilename):
        raise ValueError("FileStripSpaces: filename and outputFilename must be different files")
    with open(filename, 'r') as file:
        lines = file.readlines()
    with open(outputFilename, 'w') as output:
        for line in lines:
            if fileCommentChar == '' or not line.startswith(fileCommentChar):
                line = line.strip('\n').strip(' ')
                if removeDoubleChars != '':
                    while removeDoubleChars * 2 in line:
                        line = line.replace(removeDoubleChars * 2, removeDoubleChars)
                line += '\n'
            output.write(line)


def DataArrayFromSensorList(mbs, sensorNumbers, positionList=[], time=''):
    """the current values of the sensors as one array: per sensor a row [position, values...], the
    position from positionList or the sensor's place in sensorNumbers (time other than '' is not
    available, as in Exudyn)"""
    function = 'DataArrayFromSensorList'
    if time != '':
        raise NotImplementedError(f"{function}: time != '' (values at a given time) is not available; use time=''")
    if not isinstance(sensorNumbers, (list, tuple, _np.ndarray)):
        raise TypeError(f"{function}: parameter 'sensorNumbers': expected a list of sensor numbers, got {sensorNumbers!r}")
    n = len(sensorNumbers)
    if len(positionList) != 0 and len(positionList) != n:
        raise ValueError(f"{function}: parameter 'positionList': expected [] or {n} positions (one per sensor), got "
                         f"{len(positionList)}")
    rows = []
    for i, sensor in enumerate(sensorNumbers):
        values = _np.atleast_1d(_np.asarray(mbs.GetSensorValues(_SensorNumber(mbs, function, sensor)), dtype=float))
        if rows and len(values) != len(rows[0]) - 1:
            raise ValueError(f"{function}: parameter 'sensorNumbers': sensor {int(sensor)} has {len(values)} values, "
                             f"the first one {len(rows[0]) - 1}; all must have the same number")
        rows.append(_np.concatenate([[positionList[i] if len(positionList) else i], values]))
    return _np.array(rows) if rows else _np.zeros((0, 1))


# ---------------------------------------------------------------------------------------------
# PlotSensor
_kwargsNames = ('minorTicksXon', 'minorTicksYon', 'minorTicksOn', 'logScaleX', 'logScaleY', 'fileCommentChar',
                'fileDelimiterChar')
_xyzVariables = {'Force', 'Torque', 'Position', 'Displacement', 'Velocity', 'Acceleration', 'Rotation',
                 'AngularVelocity', 'AngularAcceleration'}


def _IsNumber(value):
    return isinstance(value, (int, float, _np.integer, _np.floating)) and not isinstance(value, (bool, _np.bool_))


def _IsList(value):
    return isinstance(value, (list, tuple, _np.ndarray))


def _SensorNumber(mbs, function, sensor):
    """a sensor number of mbs, checked"""
    from multidyn._multidyn import MainSystem
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"{function}: parameter 'mbs': expected a MainSystem to read sensor {sensor!r} from, got "
                        f"{type(mbs).__name__}")
    count = mbs.NumberOfSensors()
    if not 0 <= int(sensor) < count:
        raise IndexError(f"{function}: parameter 'sensorNumbers': sensor {int(sensor)} does not exist; the system has "
                         f"{count} sensor(s)" + (f" (numbers 0 to {count - 1})" if count else ""))
    return int(sensor)


def _PerLine(function, name, value, n, isItem, what, exactLength=False):
    """value for each of n lines: one item (isItem(value)) for all, or a list of at least (exactly)
    n items"""
    if isItem(value):
        return [value] * n
    if isinstance(value, (list, tuple)) and (len(value) == n or (not exactLength and len(value) > n)) \
            and all(isItem(v) for v in value):
        return list(value)
    raise TypeError(f"PlotSensor: parameter '{name}': expected {what} for all lines or a list of them with "
                    f"{'' if exactLength else 'at least '}{n} entries (one per sensor / component), got {value!r}")


def _Source(mbs, i, sensor, kwargs):
    """(data, label name, variable name) of one entry of sensorNumbers"""
    function = 'PlotSensor'
    if isinstance(sensor, (str, _os.PathLike)):
        fileName = _os.fspath(sensor)
        try:
            with open(fileName, 'r') as file:
                header = ParseOutputFileHeader(file.readlines())
        except OSError as error:
            raise FileNotFoundError(f"{function}: parameter 'sensorNumbers': cannot read the file '{fileName}': "
                                    f"{error.strerror}") from None
        variable = header.get('outputVariableType', '')
        if variable == '_None':  # a SensorLoad's file: the load type is not in the file
            variable = 'Load' if header.get('sensorType', 'Load') == 'Load' else ''
        name = _os.path.splitext(_os.path.basename(fileName))[0]
        return _LoadFile(fileName, kwargs, f"file '{fileName}'"), name, variable
    if isinstance(sensor, _np.ndarray) and sensor.ndim == 2:
        return _np.asarray(sensor, dtype=float), f'data{i}', ''
    if not IsInteger(sensor):
        raise TypeError(f"{function}: parameter 'sensorNumbers': expected sensor numbers (SensorIndex or int), file "
                        f"names or 2D numpy arrays [time, values...], got {sensor!r}")
    number = _SensorNumber(mbs, function, sensor)
    sensorDict = mbs.GetSensor(number)
    name = sensorDict['name'] if sensorDict['name'] else f'sensor{number}'
    variable = sensorDict.get('outputVariableType', '')
    if sensorDict['sensorType'] == 'Load':
        loadType = mbs.GetLoad(sensorDict['loadNumber'])['loadType']
        variable = loadType.replace('Vector', '') if loadType in ('ForceVector', 'TorqueVector') else 'Load'
    if sensorDict['storeInternal']:
        data = mbs.GetSensorStoredData(number)
    elif sensorDict['writeToFile']:
        fileName = sensorDict['fileName'] or f'solution/sensor{number}.txt'  # the file the solver writes
        if not _os.path.isfile(fileName):
            raise FileNotFoundError(f"{function}: sensor {number} has storeInternal=False and its file '{fileName}' "
                                    "does not exist; solve first (or give storeInternal=True)")
        data = _LoadFile(fileName, kwargs, f"sensor {number}'s file '{fileName}'")
    else:
        raise ValueError(f"{function}: parameter 'sensorNumbers': sensor {number} has neither storeInternal=True nor "
                         "writeToFile=True, so nothing was recorded to plot")
    if data.size == 0:
        raise ValueError(f"{function}: sensor {number} has no recorded data; solve the system first")
    return data, name, variable


def _LoadFile(fileName, kwargs, what):
    comments = kwargs.get('fileCommentChar', '#')
    delimiter = kwargs.get('fileDelimiterChar', ',')
    try:
        data = _np.loadtxt(fileName, comments=comments, delimiter=delimiter, ndmin=2)
    except ValueError as error:
        raise ValueError(f"PlotSensor: {what} is not a table of numbers separated by '{delimiter}' (comments "
                         f"starting with '{comments}'): {error}") from None
    if data.size == 0:
        raise ValueError(f"PlotSensor: {what} has no data rows")
    return data


def _ComponentName(component, variable, useXYZcomponents):
    base = variable.replace('Local', '')
    if useXYZcomponents and 0 <= component < 3 and base in _xyzVariables:
        return 'XYZ'[component]
    if useXYZcomponents and 0 <= component < 6 and base in ('Strain', 'Stress'):
        return ['XX', 'YY', 'ZZ', 'YZ', 'XZ', 'XY'][component]
    return 'Norm' if component == componentNorm else str(component)


def _CheckComponent(name, component, data, where, allowNorm):
    nValues = data.shape[1] - 1
    valid = -1 <= component < nValues or (allowNorm and component == componentNorm)
    if not valid:
        raise ValueError(f"PlotSensor: parameter '{name}': component {component} does not exist for {where}, which "
                         f"has {nValues} value(s): expected 0 to {nValues - 1}, -1 for the time"
                         + (", or plot.componentNorm (-2) for the norm" if allowNorm else ""))


def PlotSensor(mbs, sensorNumbers=[], components=0, xLabel=None, yLabel=None, labels=[], colorCodeOffset=0,
               newFigure=True, closeAll=False, componentsX=[], title='', figureName='', fontSize=None, colors=None,
               lineStyles=None, lineWidths=None, markerStyles=None, markerSizes=None, markerDensity=None, rangeX=[],
               rangeY=[], majorTicksX=None, majorTicksY=None, offsets=[], factors=[], subPlot=[], sizeInches=None,
               fileName='', useXYZcomponents=True, legendArgs=None, **kwargs):
    r"""Plots recorded sensor data with matplotlib, with Exudyn's arguments.

    sensorNumbers: one or a list of sensor numbers (the sensor's stored data if storeInternal=True,
        else its file), file names of sensor or solution files, or 2D numpy arrays with rows
        [time, values...]. components: one or a list of value indices (0 = first value, -1 = time,
        componentNorm = the norm of all values); a single sensor is repeated for a list of
        components and a single component for a list of sensors. componentsX: [] (x = time) or the
        components for the x-axis (one for all or one per line).
    Values are plotted as factor*(value + offset): offsets and factors one for all lines or one per
    line; an offset may be a numpy array of the data's shape (then it also offsets x unless x is the
    time; not with componentNorm).
    labels (legend; [] = automatic 'name, variable component'), xLabel, yLabel (None: from the
    output variables), title, fontSize, colors, lineStyles, lineWidths, markerStyles ('o ' with a
    space: empty markers), markerSizes, markerDensity (int: about that many markers per line, float:
    their distance relative to the plot's diagonal; None takes PlotSensorDefaults().markerDensity,
    0.08, which set to None puts a marker on every point), colorCodeOffset (the first
    automatic color/line code, see PlotLineCode), rangeX/rangeY ([min, max]), majorTicksX/Y (number
    of major ticks), newFigure, figureName, closeAll (close all figures first), subPlot
    [nx, ny, position], sizeInches [w, h] per (sub)plot, fileName (the figure is saved there),
    useXYZcomponents (X, Y, Z in automatic labels), legendArgs (loc, or a dict of legend arguments).
    Further keyword arguments: logScaleX, logScaleY, minorTicksXon, minorTicksYon, minorTicksOn,
    fileCommentChar (default '#'), fileDelimiterChar (default ',').
    Returns [plt, fig, ax, lines]: matplotlib.pyplot, the figure and axes plotted into and the
    Line2D list of the last line (None, None, None without sensors).
    """
    function = 'PlotSensor'
    for key in kwargs:
        if key not in _kwargsNames:
            raise TypeError(f"{function}: unknown argument '{key}'; besides its named parameters PlotSensor takes "
                            f"{', '.join(_kwargsNames)}")
    try:
        import matplotlib
        import matplotlib.pyplot as plt
        import matplotlib.ticker as ticker
    except ImportError:
        raise ImportError(f"{function}: matplotlib is not installed; it is needed for plotting "
                          "(pip install matplotlib)") from None

    d = _defaults
    xLabel = d.xLabel if xLabel is None else xLabel
    yLabel = d.yLabel if yLabel is None else yLabel
    fontSize = d.fontSize if fontSize is None else fontSize
    colors = d.colors if colors is None else colors
    lineStyles = d.lineStyles if lineStyles is None else lineStyles
    lineWidths = d.lineWidths if lineWidths is None else lineWidths
    markerStyles = d.markerStyles if markerStyles is None else markerStyles
    markerSizes = d.markerSizes if markerSizes is None else markerSizes
    markerDensity = d.markerDensity if markerDensity is None else markerDensity  # None as default: every point
    majorTicksX = d.majorTicksX if majorTicksX is None else majorTicksX
    majorTicksY = d.majorTicksY if majorTicksY is None else majorTicksY
    sizeInches = d.sizeInches if sizeInches is None else sizeInches

    for name, value in (('xLabel', xLabel), ('title', title), ('figureName', figureName)):
        if not isinstance(value, str):
            raise TypeError(f"{function}: parameter '{name}': expected a string, got {value!r}")
    if yLabel is not None and not isinstance(yLabel, str):
        raise TypeError(f"{function}: parameter 'yLabel': expected a string or None (automatic), got {yLabel!r}")
    if not _IsNumber(fontSize) or not fontSize > 0:
        raise TypeError(f"{function}: parameter 'fontSize': expected a positive number, got {fontSize!r}")
    for name, value in (('majorTicksX', majorTicksX), ('majorTicksY', majorTicksY)):
        if not IsInteger(value) or value < 1:
            raise TypeError(f"{function}: parameter '{name}': expected a number of ticks (int >= 1), got {value!r}")
    if not IsInteger(colorCodeOffset) or colorCodeOffset < 0:
        raise TypeError(f"{function}: parameter 'colorCodeOffset': expected an int >= 0, got {colorCodeOffset!r}")
    if markerDensity is not None and not _IsNumber(markerDensity):
        raise TypeError(f"{function}: parameter 'markerDensity': expected an int (markers per line), a float (their "
                        f"relative distance) or None, got {markerDensity!r}")
    for name, value in (('rangeX', rangeX), ('rangeY', rangeY)):
        if not (_IsList(value) and (len(value) == 0 or (len(value) == 2 and all(_IsNumber(v) for v in value)))):
            raise TypeError(f"{function}: parameter '{name}': expected [] (automatic) or [min, max], got {value!r}")
    sizeArray = _np.asarray(sizeInches, dtype=float) if _IsList(sizeInches) else None
    if sizeArray is None or sizeArray.shape != (2,) or not _np.all(sizeArray > 0):
        raise TypeError(f"{function}: parameter 'sizeInches': expected [width, height] in inches, got {sizeInches!r}")
    if not isinstance(fileName, (str, _os.PathLike)):
        raise TypeError(f"{function}: parameter 'fileName': expected a file name (str), got {fileName!r}")
    fileName = _os.fspath(fileName)
    if legendArgs is not None and not isinstance(legendArgs, (str, tuple, list, dict)):
        raise TypeError(f"{function}: parameter 'legendArgs': expected None, a legend location (str or (x, y)) or a "
                        f"dict of legend arguments, got {legendArgs!r}")
    if not (_IsList(subPlot) and (len(subPlot) == 0 or (len(subPlot) == 3 and all(IsInteger(v) and v >= 1
                                                                                      for v in subPlot)))):
        raise TypeError(f"{function}: parameter 'subPlot': expected [] or [nx, ny, position] (ints >= 1), got "
                        f"{subPlot!r}")
    if len(subPlot) == 3 and subPlot[2] > subPlot[0] * subPlot[1]:
        raise ValueError(f"{function}: parameter 'subPlot': position {subPlot[2]} is not in 1..{subPlot[0] * subPlot[1]}")

    # sensors and components, one entry per line
    if isinstance(sensorNumbers, list) or (isinstance(sensorNumbers, (tuple, _np.ndarray)) and
                                           _np.ndim(sensorNumbers) == 1):
        sensorList = list(sensorNumbers)
    else:
        sensorList = [sensorNumbers]
    componentList = list(components) if _IsList(components) else [components]
    for component in componentList:
        if not IsInteger(component):
            raise TypeError(f"{function}: parameter 'components': expected component numbers (int; -1 for the time, "
                            f"plot.componentNorm for the norm), got {components!r}")
    if len(componentList) == 1 and len(sensorList) != 1:
        componentList = componentList * len(sensorList)
    if len(componentList) != 1 and len(sensorList) == 1:
        sensorList = sensorList * len(componentList)
    if len(componentList) != len(sensorList):
        raise ValueError(f"{function}: parameters 'sensorNumbers' and 'components': expected as many components as "
                         f"sensors (or one of them single), got {len(sensorList)} sensors and {len(componentList)} "
                         "components")
    nLines = len(sensorList)
    if _IsList(componentsX) and len(componentsX) == 0:
        componentsXList = [-1] * nLines
    elif IsInteger(componentsX):
        componentsXList = [componentsX] * nLines
    elif _IsList(componentsX) and all(IsInteger(c) for c in componentsX) and len(componentsX) in (1, nLines):
        componentsXList = list(componentsX) * (nLines if len(componentsX) == 1 else 1)
    else:
        raise TypeError(f"{function}: parameter 'componentsX': expected [] (time), one component or a list of "
                        f"{nLines} components (one per line), got {componentsX!r}")

    def PerLineFactors(name, value, allowArrays):
        if _IsList(value) and not isinstance(value, _np.ndarray) and len(value) == 0:
            return None
        if _IsNumber(value):
            return [float(value)] * nLines
        ok = lambda v: _IsNumber(v) or (allowArrays and isinstance(v, _np.ndarray) and v.ndim == 2)
        if isinstance(value, (list, tuple, _np.ndarray)) and len(value) == nLines and \
                (all(ok(v) for v in value) if not (isinstance(value, _np.ndarray) and value.ndim == 1) else True):
            return list(value)
        raise TypeError(f"{function}: parameter '{name}': expected [] (none), one number for all lines or a list of "
                        f"{nLines} (one per line{', each a number or an array of the data shape' if allowArrays else ''})"
                        f", got {value!r}")

    factorList = PerLineFactors('factors', factors, False)
    offsetList = PerLineFactors('offsets', offsets, True)

    if _IsList(labels) and len(labels) == 0:
        labelList = None
    elif isinstance(labels, str) and nLines == 1:
        labelList = [labels]
    elif isinstance(labels, (list, tuple)) and len(labels) == nLines and all(isinstance(s, str) for s in labels):
        labelList = list(labels)
    else:
        raise TypeError(f"{function}: parameter 'labels': expected [] (automatic), a string for one line or a list of "
                        f"{nLines} strings (one per line), got {labels!r}")

    isColor = lambda v: isinstance(v, str) or (_IsList(v) and len(v) in (3, 4) and all(_IsNumber(c) for c in v))
    colorList = None if _IsList(colors) and len(colors) == 0 else \
        _PerLine(function, 'colors', colors, nLines, isColor, 'a matplotlib color')
    styleList = None if _IsList(lineStyles) and len(lineStyles) == 0 else \
        _PerLine(function, 'lineStyles', lineStyles, nLines, lambda v: isinstance(v, str), "a line style ('-', ':', ...)")
    widthList = None if _IsList(lineWidths) and len(lineWidths) == 0 else \
        _PerLine(function, 'lineWidths', lineWidths, nLines, _IsNumber, 'a line width')
    markerList = None if _IsList(markerStyles) and len(markerStyles) == 0 else \
        _PerLine(function, 'markerStyles', markerStyles, nLines, lambda v: isinstance(v, str),
                 "a marker style ('o', 'x', 'o ' for an empty one, ...)")
    markerSizeList = None if _IsList(markerSizes) and len(markerSizes) == 0 else \
        _PerLine(function, 'markerSizes', markerSizes, nLines, _IsNumber, 'a marker size')

    # data of every line, checked before anything is drawn
    sources = {}
    lines = []
    for i, (sensor, component, componentX) in enumerate(zip(sensorList, componentList, componentsXList)):
        key = _os.fspath(sensor) if isinstance(sensor, (str, _os.PathLike)) else \
            (int(sensor) if IsInteger(sensor) else id(sensor))
        if key not in sources:
            sources[key] = _Source(mbs, i, sensor, kwargs)
        data, name, variable = sources[key]
        where = f"line {i} ({name})"
        _CheckComponent('components', component, data, where, True)
        _CheckComponent('componentsX', componentX, data, where, False)
        x = data[:, componentX + 1].copy()
        y = _np.linalg.norm(data[:, 1:], axis=1) if component == componentNorm else data[:, component + 1].copy()
        if offsetList is not None:
            offset = offsetList[i]
            if isinstance(offset, _np.ndarray):
                if component == componentNorm:
                    raise ValueError(f"{function}: parameter 'offsets': {where}: plot.componentNorm takes a number as "
                                     "offset, not an array")
                if offset.shape != data.shape:
                    raise ValueError(f"{function}: parameter 'offsets': {where}: an array offset must have the data's "
                                     f"shape {data.shape}, got {offset.shape}")
                y = y + offset[:, component + 1]
                if componentX != -1:
                    x = x + offset[:, componentX + 1]
            else:
                y = y + offset
        if factorList is not None:
            y = factorList[i] * y
        label = labelList[i] if labelList is not None else \
            f"{name}, {variable}{_ComponentName(component, variable, useXYZcomponents)}"
        lines.append((x, y, label, variable))

    if closeAll:
        plt.close('all')
    if nLines == 0:
        return [plt, None, None, None]
    plt.rcParams.update({'font.size': fontSize})

    if figureName != '':
        if newFigure and plt.fignum_exists(figureName):
            plt.close(figureName)
        fig = plt.figure(figureName)
    elif newFigure or len(plt.get_fignums()) == 0:
        if not newFigure:
            _Print("WARNING: PlotSensor(..., newFigure=False): there is no figure to plot into; a new one is created")
        fig = plt.figure()
    else:
        fig = plt.figure(plt.get_fignums()[-1])
    if len(subPlot) == 3:
        nx, ny, position = subPlot
        ax = fig.add_subplot(ny, nx, position)
        fig.set_size_inches(nx * sizeArray[0], ny * sizeArray[1], forward=True)
    else:
        ax = fig.gca()
        fig.set_size_inches(sizeArray[0], sizeArray[1], forward=True)

    line = None
    for i, (x, y, label, _) in enumerate(lines):
        code = PlotLineCode(i + colorCodeOffset)
        markerStyle, fillStyle, markEvery = '', 'full', None
        if markerList is not None:
            markerStyle = markerList[i]
            if ' ' in markerStyle:
                markerStyle, fillStyle = markerStyle.replace(' ', ''), 'none'
            if IsInteger(markerDensity):
                markEvery = int(1 + len(x) / markerDensity) if markerDensity != 0 else None
            else:
                markEvery = None if markerDensity is None else float(markerDensity)
        line = ax.plot(x, y, color=code[0] if colorList is None else colorList[i],
                       linestyle=code[1:] if styleList is None else styleList[i],
                       linewidth=1 if widthList is None else widthList[i], marker=markerStyle, fillstyle=fillStyle,
                       markersize=6 if markerSizeList is None else markerSizeList[i], markevery=markEvery,
                       label=label)

    if yLabel is None:
        variables = [variable for (_, _, _, variable) in lines]
        yLabel = ', '.join(dict.fromkeys(variables))  # each output variable once, in the order of the lines
    ax.set_xlabel(xLabel)
    ax.set_ylabel(yLabel)
    ax.grid(True, 'major', 'both')
    if kwargs.get('logScaleX', False):
        ax.set_xscale('log')
    else:
        ax.xaxis.set_major_locator(ticker.MaxNLocator(majorTicksX))
    if kwargs.get('logScaleY', False):
        ax.set_yscale('log')
    else:
        ax.yaxis.set_major_locator(ticker.MaxNLocator(majorTicksY))
    for axis, key in ((ax.xaxis, 'minorTicksXon'), (ax.yaxis, 'minorTicksYon')):
        on = kwargs.get(key, kwargs.get('minorTicksOn'))
        if on is not None:
            axis.set_minor_locator(ticker.AutoMinorLocator() if on else ticker.NullLocator())
    if title != '':
        ax.set_title(title)
    if len(rangeX) == 2:
        ax.set_xlim(rangeX)
    if len(rangeY) == 2:
        ax.set_ylim(rangeY)

    if isinstance(legendArgs, dict):
        ax.legend(**legendArgs)
    elif legendArgs is not None:
        ax.legend(loc=tuple(legendArgs) if isinstance(legendArgs, list) else legendArgs)
    else:
        ax.legend()
    with _warnings.catch_warnings():
        _warnings.simplefilter('ignore', UserWarning)  # tight_layout warns for crowded figures
        fig.tight_layout()
    if matplotlib.get_backend().lower() not in ('agg', 'pdf', 'ps', 'svg', 'pgf', 'cairo', 'template'):
        with _warnings.catch_warnings():
            _warnings.simplefilter('ignore', UserWarning)  # a backend that cannot show says so
            fig.show()
    if fileName != '':
        directory = _os.path.dirname(fileName)
        if directory:
            _os.makedirs(directory, exist_ok=True)
        fig.savefig(fileName)
    return [plt, fig, ax, line]


def PlotFFT(frequency, data, xLabel='frequency', yLabel='magnitude', label='', freqStart=0, freqEnd=-1,
            logScaleX=True, logScaleY=True, majorGrid=True, minorGrid=True):
    """plots a spectrum (e.g. from signal processing) from freqStart to freqEnd (-1: to the end),
    log scales and grids as asked; returns matplotlib.pyplot"""
    import matplotlib.pyplot as plt
    import matplotlib.ticker as ticker
    frequency = _np.asarray(frequency, dtype=float)
    data = _np.asarray(data, dtype=float)
    if frequency.ndim != 1 or data.shape != frequency.shape:
        raise ValueError(f"PlotFFT: parameters 'frequency' and 'data': expected two vectors of the same length, got "
                         f"shapes {frequency.shape} and {data.shape}")
    # as Exudyn: from the last frequency <= freqStart to (without) the last one <= freqEnd; freqEnd=-1: to the end
    below = _np.nonzero(frequency <= freqStart)[0]
    start = int(below[-1]) if len(below) else 0
    belowEnd = _np.nonzero(frequency <= freqEnd)[0]
    end = int(belowEnd[-1]) if len(belowEnd) else len(data)
    plt.plot(frequency[start:end], data[start:end], **({'label': label} if label else {}))
    if label:
        plt.legend()
    plt.xlabel(xLabel)
    plt.ylabel(yLabel)
    ax = plt.gca()
    ax.xaxis.set_major_locator(ticker.MaxNLocator(10))
    ax.yaxis.set_major_locator(ticker.MaxNLocator(10))
    if logScaleX:
        plt.xscale('log')
    if logScaleY:
        plt.yscale('log')
    if majorGrid:
        ax.grid(visible=True, which='major', color='k', linestyle='-')
    if minorGrid:
        ax.grid(visible=True, which='minor', color='k', linestyle=':')
        ax.minorticks_on()
    plt.tight_layout()
    return plt


def PlotImage(*args, **kwargs):
    """Exudyn's drawing of graphics data with matplotlib: not available in multidyn"""
    raise NotImplementedError("plot.PlotImage (drawing graphics data with matplotlib) is not available in multidyn; "
                              "PlotSensor, PlotFFT and DataArrayFromSensorList are")


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {"PlotSensor": PlotSensor}  # mbs.PlotSensor(sensorNumbers, components, ...), as Exudyn's
