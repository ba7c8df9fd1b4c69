"""exu.SimulationSettings(): the settings tree, built from the C++ field tables.

The tree is stored under Exudyn 1.11's names (the C++ tables). Exudyn 1.13 renamed and regrouped
many settings (solutionSettings.writeSolutionToFile is solution.file.write, linearSolverType is
linearSolver.solverType, ...): both names reach the same value. As in Exudyn 1.13, a 1.11 name
that has a 1.13 name gives a DeprecationWarning (once per name and session) that names the new
one; exudyn113Names lists the pairs.
"""
import enum as _enum
import warnings as _warnings

from multidyn import _multidyn
from multidyn.api.enums import DynamicSolverType

_tree = _multidyn.SettingsFields()

# Exudyn 1.13 name -> 1.11 name (the stored one), full paths; "newton." stands for the Newton
# settings of both timeIntegration and staticSolver.
_renamed = {
    'solution.file.write': 'solutionSettings.writeSolutionToFile',
    'solution.file.name': 'solutionSettings.coordinatesSolutionFileName',
    'solution.file.writePeriod': 'solutionSettings.solutionWritePeriod',
    'solution.file.binary': 'solutionSettings.binarySolutionFile',
    'solution.file.writeHeader': 'solutionSettings.writeFileHeader',
    'solution.file.writeFooter': 'solutionSettings.writeFileFooter',
    'solution.file.writeInitialValues': 'solutionSettings.writeInitialValues',
    'solution.file.append': 'solutionSettings.appendToFile',
    'solution.file.flushAboveCoordinates': 'solutionSettings.flushFilesDOF',
    'solution.file.information': 'solutionSettings.solutionInformation',
    'solution.file.export.velocities': 'solutionSettings.exportVelocities',
    'solution.file.export.accelerations': 'solutionSettings.exportAccelerations',
    'solution.file.export.algebraicCoordinates': 'solutionSettings.exportAlgebraicCoordinates',
    'solution.file.export.dataCoordinates': 'solutionSettings.exportDataCoordinates',
    'solution.file.export.ODE1Velocities': 'solutionSettings.exportODE1Velocities',
    'solution.flushFilesImmediately': 'solutionSettings.flushFilesImmediately',
    'solution.precision': 'solutionSettings.outputPrecision',
    'solution.recordImagesInterval': 'solutionSettings.recordImagesInterval',
    'solution.solverInformationFileName': 'solutionSettings.solverInformationFileName',
    'solution.restart.write': 'solutionSettings.writeRestartFile',
    'solution.restart.name': 'solutionSettings.restartFileName',
    'solution.restart.writePeriod': 'solutionSettings.restartWritePeriod',
    'solution.sensors.active': 'solutionSettings.sensorsStoreAndWriteFiles',
    'solution.sensors.append': 'solutionSettings.sensorsAppendToFile',
    'solution.sensors.writeHeader': 'solutionSettings.sensorsWriteFileHeader',
    'solution.sensors.writeFooter': 'solutionSettings.sensorsWriteFileFooter',
    'solution.sensors.writePeriod': 'solutionSettings.sensorsWritePeriod',
    'linearSolver.solverType': 'linearSolverType',
    'linearSolver.pivotThreshold': 'linearSolverSettings.pivotThreshold',
    'linearSolver.ignoreSingularJacobian': 'linearSolverSettings.ignoreSingularJacobian',
    'linearSolver.reuseAnalyzedPattern': 'linearSolverSettings.reuseAnalyzedPattern',
    'linearSolver.showCausingItems': 'linearSolverSettings.showCausingItems',
    'show.computationTime': 'displayComputationTime',
    'show.globalTimers': 'displayGlobalTimers',
    'show.statistics': 'displayStatistics',
    'consolePrecision': 'outputPrecision',
    'parallel.multithreadedLowerLimitLoads': 'parallel.multithreadedLLimitLoads',
    'parallel.multithreadedLowerLimitResiduals': 'parallel.multithreadedLLimitResiduals',
    'parallel.multithreadedLowerLimitJacobians': 'parallel.multithreadedLLimitJacobians',
    'parallel.multithreadedLowerLimitMassMatrices': 'parallel.multithreadedLLimitMassMatrices',
    'staticSolver.constrainODE1Coordinates': 'staticSolver.constrainODE1coordinates',
    'timeIntegration.realtime.active': 'timeIntegration.simulateInRealtime',
    'timeIntegration.realtime.factor': 'timeIntegration.realtimeFactor',
    'timeIntegration.realtime.waitMicroseconds': 'timeIntegration.realtimeWaitMicroseconds',
    'timeIntegration.explicit.eliminateConstraints': 'timeIntegration.explicitIntegration.eliminateConstraints',
    'timeIntegration.explicit.useLieGroupIntegration': 'timeIntegration.explicitIntegration.useLieGroupIntegration',
    'timeIntegration.explicit.computeEndOfStepAccelerations':
        'timeIntegration.explicitIntegration.computeEndOfStepAccelerations',
    'timeIntegration.explicit.computeMassMatrixInversePerBody':
        'timeIntegration.explicitIntegration.computeMassMatrixInversePerBody',
    'newton.active': 'newton.useNewtonSolver',
    'newton.residualMode': 'newton.newtonResidualMode',
    'newton.numericalDifferentiation.forODE2Connectors': 'newton.numericalDifferentiation.forODE2connectors',
}

#: Exudyn 1.13 name -> Exudyn 1.11 name (the stored one), with full paths
exudyn113Names = {}
for _new, _old in _renamed.items():
    if _new.startswith('newton.'):
        for _solver in ('timeIntegration.', 'staticSolver.'):
            exudyn113Names[_solver + _new] = _solver + _old
    else:
        exudyn113Names[_new] = _old
#: Exudyn 1.11 name -> Exudyn 1.13 name
exudyn111Names = {old: new for new, old in exudyn113Names.items()}
del _new, _old, _solver

_warnedNames = set()

# Exudyn 1.13 settings without a stored counterpart: kept in Python and read by mbs.SolveDynamic
_pythonOnly = {'timeIntegration.solverType': ('DynamicSolverType', 'GeneralizedAlpha')}
# Exudyn 1.11 names that 1.13 made deprecated names of a Python-only setting -> that setting
_pythonOnlyAliases = {'timeIntegration.explicitIntegration.dynamicSolverType': 'timeIntegration.solverType'}


def _PythonOnlyDefault(path):
    return DynamicSolverType[_pythonOnly[path][1]]


def _PythonOnlyCheck(path, value):
    try:
        return DynamicSolverType(value)
    except ValueError:
        raise TypeError(f"SimulationSettings.{path}: expected an exu.DynamicSolverType, got {value!r}") from None


def FileDictionary(settings):
    """settings.GetDictionary() with the Python-only settings added under their paths (by name),
    as mbs.Save writes them"""
    dictionary = settings.GetDictionary()
    for path in _pythonOnly:
        *groups, name = path.split(".")
        node = dictionary
        for group in groups:
            node = node[group]
        node[name] = settings._root._pythonValues.get(path, _PythonOnlyDefault(path)).name
    return dictionary


def TakePythonOnly(dictionary, where):
    """Removes the Python-only settings from a file's settings dictionary (FileDictionary) and
    returns them, {path: value}; ValueError naming `where` and the setting for a bad value."""
    values = {}
    for path in _pythonOnly:
        *groups, name = path.split(".")
        node = dictionary
        for group in groups:
            node = node.get(group) if isinstance(node, dict) else None
        if not isinstance(node, dict) or name not in node:
            continue
        value = node.pop(name)
        if not isinstance(value, str) or value not in DynamicSolverType.__members__:
            raise ValueError(f"{where}: simulationSettings {path} must be the name of an exu.DynamicSolverType "
                             f"({', '.join(DynamicSolverType.__members__)}), got {value!r:.60}")
        values[path] = DynamicSolverType[value]
    return values


def _WarnDeprecated(oldPath):
    """Exudyn 1.13's warning for a 1.11 name, once per name and session (its wording: the path
    from the structure below timeIntegration for the explicit solver type)"""
    if oldPath not in _warnedNames:
        _warnedNames.add(oldPath)
        if oldPath in _pythonOnlyAliases:
            shown, newPath = oldPath.removeprefix('timeIntegration.'), _pythonOnlyAliases[oldPath]
        else:
            shown, newPath = oldPath, exudyn111Names[oldPath]
        _warnings.warn(f"SimulationSettings parameter {shown} is deprecated! use {newPath} instead!",
                       DeprecationWarning, stacklevel=3)


def _IsGroup(path):
    """True if path is a structure that exists only under Exudyn 1.13's names (solution, solution.file, ...)"""
    return any(new.startswith(path + '.') for new in exudyn113Names)


class _SettingsNode:
    """One structure of the settings tree; attributes validate on assignment."""

    def __init__(self, description, path, root=None):
        object.__setattr__(self, "_description", description)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_root", self if root is None else root)
        if root is None:
            object.__setattr__(self, "_pythonValues", {})
            object.__setattr__(self, "_solverDictionary", None)  # GetDictionary() until a value changes
        values = {}
        for field in description["fields"]:
            if "fields" in field:
                values[field["name"]] = _SettingsNode(field, path + field["name"] + ".", self._root)
            else:
                values[field["name"]] = field["default"]
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        path = object.__getattribute__(self, "_path") + name
        if name in values:
            if path in exudyn111Names:
                _WarnDeprecated(path)
            return values[name]
        if path in exudyn113Names:
            return self._root._Get(exudyn113Names[path])
        if path in _pythonOnlyAliases:
            _WarnDeprecated(path)
            path = _pythonOnlyAliases[path]
        if path in _pythonOnly:
            return self._root._pythonValues.get(path, _PythonOnlyDefault(path))
        if _IsGroup(path):
            return _SettingsView(self._root, path + ".")
        raise AttributeError(f"SimulationSettings has no setting '{path}'")

    def __setattr__(self, name, value):
        path = self._path + name
        if name not in self._values:
            if path in exudyn113Names:
                return self._root._Set(exudyn113Names[path], value, path)
            if path in _pythonOnlyAliases:
                _WarnDeprecated(path)
                path = _pythonOnlyAliases[path]
            if path in _pythonOnly:
                self._root._pythonValues[path] = _PythonOnlyCheck(path, value)
                return None
            if _IsGroup(path):
                raise AttributeError(f"SimulationSettings.{path} is a structure; set its members")
            known = ", ".join(self._values)
            raise AttributeError(f"SimulationSettings has no setting '{path}'; the settings here are: {known}")
        if isinstance(self._values[name], _SettingsNode):
            raise AttributeError(f"SimulationSettings.{path} is a structure; set its members")
        if path in exudyn111Names:
            _WarnDeprecated(path)
        self._Store(name, value)

    def _Store(self, name, value, givenPath=None):
        # validate through the C++ table: build the nested dict for this one value; an enum value
        # (exu.LinearSolverType.EigenSparse) is kept as given and reaches C++ by its name; an error
        # names the setting as the user wrote it (givenPath: its Exudyn 1.13 name)
        if self._IsInteger(name) and isinstance(value, float) and value.is_integer():
            value = int(value)  # numberOfSteps = tEnd/h gives 1000.0; Exudyn takes it
        nested = value.name if isinstance(value, _enum.Enum) else value
        for part in reversed((self._path + name).split(".")):
            nested = {part: nested}
        try:
            _multidyn.ValidateSettings(nested)
        except (TypeError, ValueError) as error:
            message = str(error)
            if not message.startswith(f"SimulationSettings.{self._path}{name}"):
                # a value that has no JSON form (complex, ...): name the setting
                message = f"SimulationSettings.{self._path}{name}: " + message.removeprefix("SimulationSettings: ")
            if givenPath is not None:
                message = message.replace(f"SimulationSettings.{self._path}{name}", f"SimulationSettings.{givenPath}", 1)
            raise type(error)(message) from None
        self._values[name] = value
        object.__setattr__(self._root, "_solverDictionary", None)

    def _SolverDictionary(self):
        """GetDictionary() of the whole tree, made once until a value changes: for the solvers, which take
        it as it is and never change it (a 10-step solve spent a third of its time building it)"""
        root = self._root
        if root._solverDictionary is None:
            object.__setattr__(root, "_solverDictionary", root.GetDictionary())
        return root._solverDictionary

    def _IsInteger(self, name):
        return any(f["name"] == name and f["type"] == "Index" for f in self._description["fields"])

    def _Node(self, storedPath):
        """the node holding a stored (1.11) path, and the last name"""
        node = self
        parts = storedPath.split(".")
        for part in parts[:-1]:
            node = node._values[part]
        return node, parts[-1]

    def _Get(self, storedPath):
        node, name = self._Node(storedPath)
        return node._values[name]

    def _Set(self, storedPath, value, givenPath=None):
        node, name = self._Node(storedPath)
        node._Store(name, value, givenPath)

    def __dir__(self):
        names = set(self._values) | {"GetDictionary", "SetDictionary"}
        names |= {new[len(self._path):].split(".")[0] for new in list(exudyn113Names) + list(_pythonOnly)
                  + list(_pythonOnlyAliases) if new.startswith(self._path)}
        return sorted(names)

    def GetDictionary(self):
        """the values under the stored (Exudyn 1.11) names, as the C++ solver and files take them"""
        return {name: (v.GetDictionary() if isinstance(v, _SettingsNode) else v.name if isinstance(v, _enum.Enum) else v)
                for name, v in self._values.items()}

    def SetDictionary(self, dictionary):
        """sets the values of a (partial) nested dict; Exudyn 1.11 and 1.13 names are accepted"""
        for name, value in dictionary.items():
            if isinstance(self._values.get(name), _SettingsNode):
                self._values[name].SetDictionary(value)
            elif name not in self._values and isinstance(value, dict) and _IsGroup(self._path + name):
                _SettingsView(self._root, self._path + name + ".").SetDictionary(value)
            elif name in self._values:
                self._Store(name, value)  # the stored names: no deprecation warning (files, GetDictionary)
            else:
                setattr(self, name, value)

    def __repr__(self):
        return repr(self.GetDictionary())


class _SettingsView:
    """A structure of Exudyn 1.13's tree that has no stored counterpart (solution, solution.file,
    linearSolver, show, ...): its members are the stored settings under their 1.13 names."""

    def __init__(self, root, prefix):
        object.__setattr__(self, "_root", root)
        object.__setattr__(self, "_prefix", prefix)

    def __getattr__(self, name):
        path = self._prefix + name
        if path in exudyn113Names:
            return self._root._Get(exudyn113Names[path])
        if _IsGroup(path):
            return _SettingsView(self._root, path + ".")
        raise AttributeError(f"SimulationSettings has no setting '{path}'")

    def __setattr__(self, name, value):
        path = self._prefix + name
        if path in exudyn113Names:
            self._root._Set(exudyn113Names[path], value, path)
        elif _IsGroup(path):
            raise AttributeError(f"SimulationSettings.{path} is a structure; set its members")
        else:
            known = ", ".join(self.__dir__())
            raise AttributeError(f"SimulationSettings has no setting '{path}'; the settings here are: {known}")

    def __dir__(self):
        return sorted({new[len(self._prefix):].split(".")[0] for new in exudyn113Names if new.startswith(self._prefix)})

    def GetDictionary(self):
        result = {}
        for name in self.__dir__():
            value = getattr(self, name)
            result[name] = value.GetDictionary() if isinstance(value, _SettingsView) else value
        return result

    def SetDictionary(self, dictionary):
        for name, value in dictionary.items():
            if isinstance(value, dict) and _IsGroup(self._prefix + name):
                _SettingsView(self._root, self._prefix + name + ".").SetDictionary(value)
            else:
                setattr(self, name, value)

    def __repr__(self):
        return repr(self.GetDictionary())


class SimulationSettings(_SettingsNode):
    """Exudyn's SimulationSettings tree with its names and defaults (1.11 and 1.13 names)."""

    def __init__(self):
        super().__init__(_tree, "")
