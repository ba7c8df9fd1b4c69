"""The item side of MainSystem's Python methods: Exudyn's Add/Get/Modify/Delete/Get...Parameter
methods of every item category, systemData, Save/Load and Assemble (which resolves the actuators'
dampratio). multidyn.mainSystemExtensions puts them on the compiled MainSystem class, with the
methods of the other subpackages, in one place."""
import json as _json
import os as _os

import numpy as _np

from multidyn import _multidyn
from multidyn.api.argumentChecks import CheckedFlag
from multidyn.api.indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, indexTypes
from multidyn.api.itemInterface import ClassForDict, ItemBase, ItemParameters, typeKeys
from multidyn.api.simulationSettings import FileDictionary, SimulationSettings, TakePythonOnly
from multidyn.api.userWarnings import WarnAtUserLine
from multidyn.api.userFunctionErrors import UserFrameFirst

MainSystem = _multidyn.MainSystem
_categories = [("Node", NodeIndex), ("Object", ObjectIndex), ("Marker", MarkerIndex), ("Load", LoadIndex),
               ("Sensor", SensorIndex)]


def _ItemDict(category, item, mbs=None):
    """Normalises an item object or dict through its class, so both are validated the same way."""
    if category == 1 and mbs is not None and not isinstance(item, ItemBase) and hasattr(item, "_CompileFor"):
        item = item._CompileFor(mbs)  # an actuator shortcut: the general actuator it compiles to
    if isinstance(item, ItemBase):
        if item._info["category"] != category:
            raise TypeError(f"Add{_categories[category][0]}: expected a {_categories[category][0].lower()}, "
                            f"got a {item._info['className']}")
        return item._AsDict()
    if isinstance(item, dict):
        return dict(ClassForDict(category, item).FromDict(item))
    raise TypeError(f"Add{_categories[category][0]}: expected an item (e.g. exu.itemInterface.RigidBody(...)) or a "
                    f"dict, got {type(item).__name__}")


def _CheckIndex(mbs, category, index, what):
    if isinstance(index, bool) or not isinstance(index, (int, _np.integer)):
        raise TypeError(f"{what}: expected a {_categories[category][1].__name__}, got {index!r}")
    count = mbs._NumberOfItems(category)
    if not 0 <= int(index) < count:
        raise IndexError(f"{what}: {_categories[category][0].lower()} number {int(index)} does not exist; the system has "
                         f"{count} {_categories[category][0].lower()}s")
    return int(index)


def _SingleArgument(function, parameter, arguments, keywords):
    """the one argument of a call f(parameter) given by position or by keyword"""
    if len(arguments) + len(keywords) == 1 and (arguments or parameter in keywords):
        return arguments[0] if arguments else keywords[parameter]
    given = [repr(a) for a in arguments] + [f"{k}=..." for k in keywords]
    raise TypeError(f"{function}() takes one argument, {parameter}; got ({', '.join(given)})")


def _ItemMethods(category, name, indexType):
    """{method name: function} of one item category (name 'Node', ...): AddNode, GetNode, ModifyNode,
    GetNodeParameter, SetNodeParameter, GetNodeNumber, GetNodeDefaults, NumberOfNodes."""
    def Add(self, item):
        return indexType(self._AddItem(category, _ItemDict(category, item, self)))

    def Get(self, index):
        item = self._GetItem(category, _CheckIndex(self, category, index, f"Get{name}"))
        return ItemParameters(item, ClassForDict(category, item))

    def Modify(self, index, item):
        self._ModifyItem(category, _CheckIndex(self, category, index, f"Modify{name}"), _ItemDict(category, item, self))

    def GetParameter(self, index, parameterName):
        return self._GetItemParameter(category, _CheckIndex(self, category, index, f"Get{name}Parameter"), parameterName)

    def SetParameter(self, index, parameterName, value):
        self._SetItemParameter(category, _CheckIndex(self, category, index, f"Set{name}Parameter"), parameterName, value)

    def Number(self):
        return self._NumberOfItems(category)

    defaultNamePrefix = name.lower()

    def NumberByName(self, *arguments, **keywords):
        # Exudyn names an unnamed item '<kind><number>' ('node3'); multidyn keeps '' and matches that
        # name here, so that Exudyn's search (the first item of the name) gives the same number.
        # The parameter has Exudyn's name of the kind (nodeName, objectName, ...).
        itemName = _SingleArgument(f"Get{name}Number", f"{defaultNamePrefix}Name", arguments, keywords)
        if not isinstance(itemName, str):
            raise TypeError(f"Get{name}Number: parameter '{defaultNamePrefix}Name': expected a str, got "
                            f"{type(itemName).__name__}")
        for i in range(self._NumberOfItems(category)):
            if (self._GetItemParameter(category, i, "name") or f"{defaultNamePrefix}{i}") == itemName:
                return indexType(i)
        return indexType(-1)  # as Exudyn: no exception, an invalid index

    def Defaults(self, typeName):
        if not isinstance(typeName, str):
            raise TypeError(f"Get{name}Defaults: parameter 'typeName': expected a str, got {type(typeName).__name__}")
        try:
            itemClass = ClassForDict(category, {typeKeys[category]: typeName})
        except ValueError as error:
            raise ValueError(f"Get{name}Defaults: parameter 'typeName': {error}") from None
        return dict(itemClass())

    NumberByName.__doc__ = (f"Get{name}Number({defaultNamePrefix}Name): the number of the first {defaultNamePrefix} of "
                            f"that name, or an invalid index (-1)")
    Defaults.__doc__ = f"the default parameters of the {defaultNamePrefix} type typeName (e.g. as in its dict), as a dict"
    methods = {}
    for method, function in [("Add", Add), ("Get", Get), ("Modify", Modify), ("Get{}Parameter", GetParameter),
                             ("Set{}Parameter", SetParameter), ("Get{}Number", NumberByName),
                             ("Get{}Defaults", Defaults)]:
        methodName = method.format(name) if "{}" in method else method + name
        function.__name__ = methodName
        methods[methodName] = function
    Number.__name__ = f"NumberOf{name}s"
    methods[Number.__name__] = Number
    return methods


def _Delete(mbs, category, index, deleteDependents, suppressWarnings, call, indexName, dependentsName):
    """Exudyn's mbs.Delete...: the C++ core deletes and renumbers; the warnings it returns are
    issued at the user's line unless suppressWarnings."""
    where = f"{call}: parameter '{indexName}'"
    if isinstance(index, tuple(t for t in indexTypes if t is not _categories[category][1])):
        raise TypeError(f"{where}: expected a {_categories[category][1].__name__} (or int), got {index!r}")
    index = _CheckIndex(mbs, category, index, where)
    deleteDependents = CheckedFlag(deleteDependents, f"{call}: parameter '{dependentsName}'")
    suppressWarnings = CheckedFlag(suppressWarnings, f"{call}: parameter 'suppressWarnings'")
    for message in mbs._DeleteItem(category, index, deleteDependents):
        if not suppressWarnings:
            WarnAtUserLine(message)


def DeleteNode(self, nodeNumber, suppressWarnings=False):
    """Deletes node nodeNumber; later nodes move down by one and references to them follow, references
    to it become -1 (with a warning unless suppressWarnings). Needs Assemble() again."""
    _Delete(self, 0, nodeNumber, False, suppressWarnings, "DeleteNode", "nodeNumber", "")


def DeleteObject(self, objectNumber, deleteDependentItems=True, suppressWarnings=False):
    """Deletes object objectNumber and, with deleteDependentItems, the nodes and markers it uses (as
    Exudyn); later items move down by one and references to them follow, references to deleted items
    become -1 (with a warning unless suppressWarnings). Needs Assemble() again."""
    _Delete(self, 1, objectNumber, deleteDependentItems, suppressWarnings, "DeleteObject", "objectNumber",
            "deleteDependentItems")


def DeleteMarker(self, markerNumber, suppressWarnings=False):
    """Deletes marker markerNumber; as DeleteNode."""
    _Delete(self, 2, markerNumber, False, suppressWarnings, "DeleteMarker", "markerNumber", "")


def DeleteLoad(self, loadNumber, deleteDependentMarkers=True, suppressWarnings=False):
    """Deletes load loadNumber and, with deleteDependentMarkers, its marker (as Exudyn); as DeleteNode."""
    _Delete(self, 3, loadNumber, deleteDependentMarkers, suppressWarnings, "DeleteLoad", "loadNumber",
            "deleteDependentMarkers")


def DeleteSensor(self, sensorNumber, suppressWarnings=False):
    """Deletes sensor sensorNumber (and its stored values); as DeleteNode."""
    _Delete(self, 4, sensorNumber, False, suppressWarnings, "DeleteSensor", "sensorNumber", "")


def _CheckConfiguration(configuration, what):
    if not isinstance(configuration, _multidyn.ConfigurationType):
        raise TypeError(f"{what}: configuration must be an exu.ConfigurationType (e.g. exu.ConfigurationType.Current), "
                        f"got {configuration!r}")
    return configuration


def _CheckFileName(fileName, what):
    if not isinstance(fileName, (str, _os.PathLike)):
        raise TypeError(f"{what}: fileName must be a file name (a str or path), got {fileName!r}")
    return fileName


def _FileError(error, text, fileName):
    """The OSError subclass of `error` (FileNotFoundError, PermissionError, ...) with our text and
    the file's path: OSError(errno, text, path) is created as the subclass of the errno."""
    if error.errno is None:
        return OSError(f"{text} '{fileName}': {error}")
    return OSError(error.errno, f"{text} ({error.strerror})", _os.fspath(fileName))


class SystemData:
    """mbs.systemData: coordinate vectors in Exudyn's global order (stored ODE2 and ODE1
    coordinates are relative to the reference coordinates; the Reference configuration shows the
    reference coordinates), per configuration (Current, Initial, StartOfStep; Reference only to
    read)."""

    def __init__(self, mbs):
        self._mbs = mbs

    def _Get(self, kind, configuration, function):
        return self._mbs._GetCoordinates(kind, _CheckConfiguration(configuration, "systemData." + function))

    def _Set(self, kind, coordinates, configuration, function):
        what = "systemData." + function
        self._mbs._SetCoordinates(kind, coordinates, _CheckConfiguration(configuration, what), what)

    def GetODE2Coordinates(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("ODE2", configuration, "GetODE2Coordinates")

    def GetODE2CoordinatesTotal(self, configuration=_multidyn.ConfigurationType.Current):
        """The ODE2 coordinates plus their reference values (in the reference configuration the
        reference values once), as Exudyn's."""
        return self._Get("ODE2Total", configuration, "GetODE2CoordinatesTotal")

    def GetODE2Coordinates_t(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("ODE2_t", configuration, "GetODE2Coordinates_t")

    def GetODE2Coordinates_tt(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("ODE2_tt", configuration, "GetODE2Coordinates_tt")

    def GetODE1Coordinates(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("ODE1", configuration, "GetODE1Coordinates")

    def GetODE1Coordinates_t(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("ODE1_t", configuration, "GetODE1Coordinates_t")

    def GetAECoordinates(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("AE", configuration, "GetAECoordinates")

    def GetDataCoordinates(self, configuration=_multidyn.ConfigurationType.Current):
        return self._Get("Data", configuration, "GetDataCoordinates")

    def SetODE2Coordinates(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("ODE2", coordinates, configuration, "SetODE2Coordinates")

    def SetODE2Coordinates_t(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("ODE2_t", coordinates, configuration, "SetODE2Coordinates_t")

    def SetODE2Coordinates_tt(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("ODE2_tt", coordinates, configuration, "SetODE2Coordinates_tt")

    def SetODE1Coordinates(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("ODE1", coordinates, configuration, "SetODE1Coordinates")

    def SetODE1Coordinates_t(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("ODE1_t", coordinates, configuration, "SetODE1Coordinates_t")

    def SetAECoordinates(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("AE", coordinates, configuration, "SetAECoordinates")

    def SetDataCoordinates(self, coordinates, configuration=_multidyn.ConfigurationType.Current):
        self._Set("Data", coordinates, configuration, "SetDataCoordinates")

    _stateKinds = ("ODE2", "ODE2_t", "ODE1", "AE", "Data")

    def GetSystemState(self, configuration=_multidyn.ConfigurationType.Current):
        """[ODE2, ODE2_t, ODE1, AE, data] coordinates (not ODE2_tt, ODE1_t or the time), as Exudyn."""
        return [self._Get(kind, configuration, "GetSystemState") for kind in self._stateKinds]

    def SetSystemState(self, systemStateList, configuration=_multidyn.ConfigurationType.Current):
        if not isinstance(systemStateList, (list, tuple)) or len(systemStateList) != len(self._stateKinds):
            raise ValueError("systemData.SetSystemState: systemStateList must be a list of 5 vectors "
                             f"[ODE2, ODE2_t, ODE1, AE, data], got {systemStateList!r}")
        for kind, coordinates in zip(self._stateKinds, systemStateList):
            self._Set(kind, coordinates, configuration, "SetSystemState")

    def GetTime(self, configurationType=_multidyn.ConfigurationType.Current):
        return self._mbs._Time(_CheckConfiguration(configurationType, "systemData.GetTime"))

    def SetTime(self, newTime, configurationType=_multidyn.ConfigurationType.Current):
        self._mbs._SetTime(newTime, _CheckConfiguration(configurationType, "systemData.SetTime"))

    def ODE2Size(self, configurationType=_multidyn.ConfigurationType.Current):
        return len(self._Get("ODE2", configurationType, "ODE2Size"))

    def ODE1Size(self, configurationType=_multidyn.ConfigurationType.Current):
        return len(self._Get("ODE1", configurationType, "ODE1Size"))

    def AEsize(self, configurationType=_multidyn.ConfigurationType.Current):
        return len(self._Get("AE", configurationType, "AEsize"))

    def DataSize(self, configurationType=_multidyn.ConfigurationType.Current):
        return len(self._Get("Data", configurationType, "DataSize"))

    def SystemSize(self, configurationType=_multidyn.ConfigurationType.Current):
        """ODE2 + ODE1 + AE coordinates (the unknowns of the solvers), as Exudyn."""
        return (self.ODE2Size(configurationType) + self.ODE1Size(configurationType) +
                self.AEsize(configurationType))

    def _ObjectLTG(self, kind, objectNumber, function):
        number = _CheckIndex(self._mbs, 1, objectNumber, "systemData." + function)
        return self._mbs._ObjectLTG(kind, number)

    def GetObjectLTGODE2(self, objectNumber):
        return self._ObjectLTG("ODE2", objectNumber, "GetObjectLTGODE2")

    def GetObjectLTGODE1(self, objectNumber):
        return self._ObjectLTG("ODE1", objectNumber, "GetObjectLTGODE1")

    def GetObjectLTGAE(self, objectNumber):
        return self._ObjectLTG("AE", objectNumber, "GetObjectLTGAE")

    def GetObjectLTGData(self, objectNumber):
        return self._ObjectLTG("Data", objectNumber, "GetObjectLTGData")

    def NumberOfNodes(self):
        return self._mbs.NumberOfNodes()

    def NumberOfObjects(self):
        return self._mbs.NumberOfObjects()

    def NumberOfMarkers(self):
        return self._mbs.NumberOfMarkers()

    def NumberOfLoads(self):
        return self._mbs.NumberOfLoads()

    def NumberOfSensors(self):
        return self._mbs.NumberOfSensors()


def Save(self, fileName, simulationSettings=None):
    """Writes the whole system (and optionally the simulation settings) as JSON. Systems with
    Python user functions cannot be saved: the error names the items."""
    _CheckFileName(fileName, "mbs.Save")
    if simulationSettings is not None and not isinstance(simulationSettings, SimulationSettings):
        raise TypeError(f"mbs.Save: simulationSettings must be an exu.SimulationSettings() or None, got "
                        f"{type(simulationSettings).__name__}")
    data = _json.loads(self._ToJson())
    if simulationSettings is not None:
        data["simulationSettings"] = FileDictionary(simulationSettings)
    text = _json.dumps(data, indent=1, allow_nan=False)  # complete before the file is opened
    try:
        with open(fileName, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise _FileError(error, "mbs.Save: cannot write the system file", fileName) from None


def Load(self, fileName):
    """Replaces the system's items by those in a file written by mbs.Save; returns its
    SimulationSettings (or None if it has none). On any error the system stays as it was."""
    _CheckFileName(fileName, "mbs.Load")
    self._CheckNotSolving("mbs.Load()")
    try:
        with open(fileName, "rb") as file:
            raw = file.read()
    except OSError as error:
        raise _FileError(error, "mbs.Load: cannot read the system file", fileName) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"Load: '{fileName}' is not a UTF-8 text file (byte 0x{raw[error.start]:02x} at position "
                         f"{error.start}); a system file is JSON written by mbs.Save") from None
    def NotJson(constant):
        raise ValueError(f"{constant} is not a JSON number (non-finite values cannot be parameters)")

    def Real(text):
        value = float(text)
        if not _np.isfinite(value):
            raise ValueError(f"the number {text} is too large (larger than 1.8e308)")
        return value
    try:
        data = _json.loads(text, parse_constant=NotJson, parse_float=Real)
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except ValueError as error:
        raise ValueError(f"Load: '{fileName}' is not valid JSON: {error}") from None
    settings = None
    if isinstance(data, dict) and "simulationSettings" in data:
        settings = SimulationSettings()
        if not isinstance(data["simulationSettings"], dict):
            raise ValueError(f"Load: '{fileName}': simulationSettings must be a dict of settings, got "
                             f"{data['simulationSettings']!r:.60}")
        pythonOnly = TakePythonOnly(data["simulationSettings"], f"Load: '{fileName}'")
        explicit = data["simulationSettings"].get("timeIntegration", {})
        explicit = explicit.get("explicitIntegration") if isinstance(explicit, dict) else None
        if isinstance(explicit, dict) and isinstance(explicit.get("dynamicSolverType"), str):
            del explicit["dynamicSolverType"]  # files of multidyn before 2026-12-03, where it had no effect
        try:
            _multidyn.ValidateSettings(data["simulationSettings"])
        except (TypeError, ValueError) as error:
            raise ValueError(f"Load: '{fileName}': {error}") from None
        settings.SetDictionary(data.pop("simulationSettings"))
        settings._pythonValues.update(pythonOnly)
    try:
        text = _json.dumps(data, ensure_ascii=False)
        text.encode("utf-8")
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except UnicodeEncodeError as error:
        raise ValueError(f"Load: '{fileName}' holds a string with a lone surrogate ({error.object[error.start]!a}), "
                         "which is not valid text") from None
    try:
        self._LoadJson(text)
    except RecursionError:
        raise ValueError(f"Load: '{fileName}' is nested too deeply to be a system file") from None
    except (TypeError, ValueError, IndexError) as error:
        raise type(error)(f"Load: '{fileName}': {error}") from None
    return settings


def _Repr(self):
    return (f"MainSystem: {self.NumberOfNodes()} nodes, {self.NumberOfObjects()} objects, "
            f"{self.NumberOfMarkers()} markers, {self.NumberOfLoads()} loads, {self.NumberOfSensors()} sensors")


def GetSystemContainer(self):
    """the SystemContainer this system was added (SC.AddSystem()) or appended (SC.AppendSystem) to"""
    container = getattr(self, "systemContainer", None)
    if container is None:
        raise ValueError("mbs.GetSystemContainer(): this MainSystem is in no SystemContainer; "
                         "SC.AppendSystem(mbs) puts it into one")
    return container


_AssembleItems = MainSystem.Assemble


@UserFrameFirst
def Assemble(self):
    """Validates all items and builds the system's equations; then turns the actuators' dampratio
    into kv at the reference configuration (MuJoCo's mj_setConst)."""
    _AssembleItems(self)
    from multidyn.api.actuatorShortcuts import ResolveDampratios
    ResolveDampratios(self)


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = {name: function for category, (categoryName, indexType) in enumerate(_categories)
           for name, function in _ItemMethods(category, categoryName, indexType).items()}
methods.update({function.__name__: function for function in (DeleteNode, DeleteObject, DeleteMarker, DeleteLoad,
                                                              DeleteSensor, Save, Load, GetSystemContainer, Assemble)})
methods.update(__repr__=_Repr, systemData=property(SystemData))
