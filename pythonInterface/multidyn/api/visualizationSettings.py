"""SC.visualizationSettings: Exudyn 1.13's visualization settings tree, accepted and stored.

Scripts set these values (SC.visualizationSettings.nodes.drawNodesAsPoint = False,
...openGL.multiSampling = 4, ...); each assignment is checked against the type and size of the
setting's default (visualizationSettingsDefaults) and stored; the browser viewer (multidyn.viewer,
docs/viewer.md) honours those it lists. Unknown names and wrongly typed values raise AttributeError/TypeError/ValueError naming
the setting.
"""
import copy as _copy

import numpy as _np

from multidyn.api.argumentChecks import CheckedFlag
from multidyn.api.visualizationSettingsDefaults import _Enum, defaults as _defaults

# settings whose lists have no fixed size (lists of sensors, a color per trace)
_variableLength = {'sensors.traces.listOfPositionSensors', 'sensors.traces.listOfTriadSensors',
                   'sensors.traces.listOfVectorSensors', 'sensors.traces.traceColors'}


def _EnumValue(default):
    from multidyn import _multidyn
    from multidyn.api.enums import ItemType
    enum = ItemType if default.enumName == 'ItemType' else getattr(_multidyn, default.enumName)
    return enum.__members__[default.valueName]


def _Check(path, default, value):
    """the value to store for a setting whose default is `default`; raises if it does not fit"""
    where = f"visualizationSettings.{path}"
    if default is None:  # a user function (window.keyPressUserFunction, ...)
        if value is None or value == 0 or callable(value):
            return value
        raise TypeError(f"{where}: expected a Python function or None, got {value!r}")
    if isinstance(default, _Enum):
        enumDefault = _EnumValue(default)
        enum = type(enumDefault)
        if isinstance(value, enum):
            return value
        if isinstance(value, str) and value in enum.__members__:
            return enum.__members__[value]
        raise TypeError(f"{where}: expected an exu.{default.enumName}, got {value!r}")
    if isinstance(default, bool):
        return CheckedFlag(value, where)
    if isinstance(default, int):
        if isinstance(value, (int, _np.integer, bool, _np.bool_)):
            return int(value)  # Exudyn takes True/False for its integer settings (drawCoordinateSystem = False)
        if isinstance(value, (float, _np.floating)) and float(value).is_integer():
            return int(value)  # 4.0 for an integer setting, as Exudyn accepts
        raise TypeError(f"{where}: expected an integer, got {value!r}")
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float, _np.integer, _np.floating)):
            raise TypeError(f"{where}: expected a number, got {value!r}")
        if not _np.isfinite(value):
            raise ValueError(f"{where}: expected a finite number, got {value!r}")
        return float(value)
    if isinstance(default, str):
        if isinstance(value, str):
            return value
        raise TypeError(f"{where}: expected a string, got {value!r}")
    if isinstance(default, list):
        try:
            array = _np.array(value, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"{where}: expected a list of numbers, got {value!r}") from None
        shape = _np.shape(default)
        if path not in _variableLength and array.shape != shape:
            if not (len(shape) == 1 and array.size == shape[0]):
                raise ValueError(f"{where}: expected a list of shape {list(shape)}, got shape {list(array.shape)}")
            array = array.reshape(shape)
        if not _np.all(_np.isfinite(array)):
            raise ValueError(f"{where}: expected finite numbers, got {value!r}")
        integers = bool(default) and all(isinstance(x, int) for x in _np.ravel(default).tolist())
        if integers or (not default and path.startswith('sensors.traces.listOf')):
            if not _np.all(array == _np.round(array)):
                raise ValueError(f"{where}: expected integers, got {value!r}")
            return array.astype(int).tolist()
        return array.tolist()
    raise TypeError(f"{where}: cannot be set")  # a structure


class VisualizationSettingsNode:
    """One structure of the tree (general, nodes, openGL, window, ...)."""

    def __init__(self, defaults, path=''):
        object.__setattr__(self, '_path', path)
        values = {}
        for name, default in defaults.items():
            if isinstance(default, dict):
                values[name] = VisualizationSettingsNode(default, path + name + '.')
            else:
                values[name] = _EnumValue(default) if isinstance(default, _Enum) else _copy.deepcopy(default)
        object.__setattr__(self, '_defaults', defaults)
        object.__setattr__(self, '_values', values)

    def __getattr__(self, name):
        values = object.__getattribute__(self, '_values')
        if name in values:
            return values[name]
        raise AttributeError(f"visualizationSettings has no setting '{self._path}{name}'")

    def __setattr__(self, name, value):
        if name not in self._values:
            known = ', '.join(self._values)
            raise AttributeError(f"visualizationSettings has no setting '{self._path}{name}'; the settings here are: "
                                 f"{known}")
        if isinstance(self._values[name], VisualizationSettingsNode):
            raise AttributeError(f"visualizationSettings.{self._path}{name} is a structure; set its members")
        self._values[name] = _Check(self._path + name, self._defaults[name], value)

    def __dir__(self):
        return list(self._values) + ['GetDictionary', 'SetDictionary']

    def GetDictionary(self):
        """the values as a nested dict (enums by name, user functions left out)"""
        result = {}
        for name, value in self._values.items():
            if isinstance(value, VisualizationSettingsNode):
                result[name] = value.GetDictionary()
            elif self._defaults[name] is not None:  # user functions are left out
                result[name] = value.name if hasattr(value, '__members__') else _copy.deepcopy(value)
        return result

    def SetDictionary(self, dictionary):
        """sets every value of a (partial) nested dict, checking each as an assignment does"""
        if not isinstance(dictionary, dict):
            raise TypeError(f"visualizationSettings.{self._path}SetDictionary: expected a dict, got {dictionary!r}")
        for name, value in dictionary.items():
            if isinstance(self._values.get(name), VisualizationSettingsNode):
                self._values[name].SetDictionary(value)
            else:
                setattr(self, name, value)

    def __repr__(self):
        return repr(self.GetDictionary())


class VisualizationSettings(VisualizationSettingsNode):
    """SC.visualizationSettings with Exudyn 1.13's names and defaults."""

    def __init__(self):
        super().__init__(_defaults)
