"""The Python part of MainSystem: Exudyn's Add/Get/Set/Modify methods, solving, files,
systemData and the mbs.Create... helpers. Added to the compiled MainSystem class, as
Exudyn's mainSystemExtensions does."""
import json as _json
import os as _os

import numpy as _np

from multidyn import _multidyn
from multidyn.argumentChecks import CheckedFlag
from multidyn.indices import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex, indexTypes
from multidyn.itemInterface import ClassForDict, ItemBase, ItemParameters, typeKeys
from multidyn.simulationSettings import FileDictionary, SimulationSettings, TakePythonOnly
from multidyn.console import Print as _Print
from multidyn.userWarnings import WarnAtUserLine

MainSystem = _multidyn.MainSystem
_categories = [("Node", NodeIndex), ("Object", ObjectIndex), ("Marker", MarkerIndex), ("Load", LoadIndex),
               ("Sensor", SensorIndex)]


def InstallMethods(*functions, **named):
    """Puts Python functions on the compiled MainSystem as methods: each of `functions` under its own
    __name__, each of `named` under its keyword (e.g. __repr__=_Repr)."""
    for function in functions:
        setattr(MainSystem, function.__name__, function)
    for name, function in named.items():
        setattr(MainSystem, name, function)


def _ItemDict(category, item, mbs=None):
    """Normalises an item object or dict through its class, so both are validated the same way."""
    if category == 1 and hasattr(item, "_CompileFor") and mbs is not None:
        item = item._CompileFor(mbs)  # an actuator shortcut: the general actuator it compiles to
    if isinstance(item, ItemBase):
        if item._info["category"] != category:
            raise TypeError(f"Add{_categories[category][0]}: expected a {_categories[category][0].lower()}, "
                            f"got a {item._info['className']}")
        return dict(item)
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


def _Install(category, name, indexType):
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
    for method, function in [("Add", Add), ("Get", Get), ("Modify", Modify), ("Get{}Parameter", GetParameter),
                             ("Set{}Parameter", SetParameter), ("Get{}Number", NumberByName),
                             ("Get{}Defaults", Defaults)]:
        methodName = method.format(name) if "{}" in method else method + name
        function.__name__ = methodName
        setattr(MainSystem, methodName, function)
    setattr(MainSystem, f"NumberOf{name}s", Number)


for _category, (_name, _indexType) in enumerate(_categories):
    _Install(_category, _name, _indexType)


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


InstallMethods(DeleteNode, DeleteObject, DeleteMarker, DeleteLoad, DeleteSensor)


def _CheckConfiguration(configuration, what):
    if not isinstance(configuration, _multidyn.ConfigurationType):
        raise TypeError(f"{what}: configuration must be an exu.ConfigurationType (e.g. exu.ConfigurationType.Current), "
                        f"got {configuration!r}")
    return configuration


def _CheckFileName(fileName, what):
    if not isinstance(fileName, (str, _os.PathLike)):
        raise TypeError(f"{what}: fileName must be a file name (a str or path), got {fileName!r}")
    return fileName


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


MainSystem.systemData = property(lambda self: SystemData(self))


def _AutoAssemble(mbs, function, autoAssemble):
    """Assembles a system that is not assembled (or changed since), with a warning, as Exudyn's
    autoAssemble=True; with autoAssemble=False the solver's NotAssembledError stays."""
    if autoAssemble and not mbs.IsAssembled():
        WarnAtUserLine(f"{function}: the system was not assembled (or changed since mbs.Assemble()); "
                       "it is assembled now (autoAssemble=True)")
        mbs.Assemble()


def _CheckedSettings(function, simulationSettings):
    """the SimulationSettings for a solve (new ones for None); TypeError for anything else."""
    if simulationSettings is None:
        simulationSettings = SimulationSettings()
    if not isinstance(simulationSettings, SimulationSettings):
        raise TypeError(f"{function}: simulationSettings must be an exu.SimulationSettings(), got "
                        f"{type(simulationSettings).__name__}")
    return simulationSettings


def _SettingsOf(function, simulationSettings):
    """(the SimulationSettings, their dict) for a solve; TypeError for anything else."""
    simulationSettings = _CheckedSettings(function, simulationSettings)
    return simulationSettings, simulationSettings.GetDictionary()


def _RunSolve(mbs, function, settings, solve, updateInitialValues, autoAssemble, statisticsKey, verbose, stepsName):
    """Assembles if needed (with a warning), starts from the initial values, as Exudyn, runs
    solve() -> statistics, stores them in mbs.sys[statisticsKey], prints the summary asked for and
    returns them."""
    _AutoAssemble(mbs, function, autoAssemble)
    mbs._ResetCurrentToInitial()  # as Exudyn: every solve starts from the initial values
    try:
        statistics = solve()
    finally:
        if updateInitialValues:
            mbs._StoreCurrentAsInitial()
    _SystemDictionary(mbs)[statisticsKey] = statistics
    if settings["displayStatistics"] or verbose:
        _Print(f"solver finished: {statistics['steps']} {stepsName}, {statistics['newtonIterations']} Newton iterations, "
               f"{statistics['computationTime']:.4g} s")
    if settings["displayComputationTime"]:
        _Print(f"computation time: {statistics['computationTime']:.4g} s")
    return statistics


def SolveDynamic(self, simulationSettings=None, solverType=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """Integrates the system in time (generalized-alpha by default) from the initial values;
    updateInitialValues=True makes the final state the initial values of the next solve. Results
    stay in mbs (outputs, sensors) and in the solution file. A system that is not assembled is
    assembled first, with a warning (autoAssemble=True, as Exudyn). Raises multidyn.SolverError if
    Newton fails for good, keeping the results up to the last accepted step. Returns True."""
    from multidyn import DynamicSolverType
    from multidyn.mainSolver import MainSolverExplicit, MainSolverImplicitSecondOrder, MainSolverSundials
    self._CheckNotSolving("mbs.SolveDynamic()")  # before anything is reset: a nested solve is refused at once
    simulationSettings = _CheckedSettings("SolveDynamic", simulationSettings)
    if solverType is None:  # Exudyn 1.13: the solver is a setting; the argument takes its place for this run
        solverType = simulationSettings.timeIntegration.solverType
    try:
        solverType = DynamicSolverType.GeneralizedAlpha if solverType is None else DynamicSolverType(solverType)
    except ValueError:
        raise ValueError(f"SolveDynamic: solverType must be an exu.DynamicSolverType, got {solverType!r}") from None
    implicit = solverType in (DynamicSolverType.GeneralizedAlpha, DynamicSolverType.TrapezoidalIndex2)
    if solverType in (DynamicSolverType.IDA, DynamicSolverType.CVODE):
        solver = MainSolverSundials()
    else:
        solver = MainSolverImplicitSecondOrder() if implicit else MainSolverExplicit()
    if storeSolver:  # before the solve, as Exudyn: user functions read mbs.sys['dynamicSolver'].it during it
        _SystemDictionary(self).update(dynamicSolver=solver, simulationSettings=simulationSettings)
    return _SolveWith(self, "SolveDynamic", simulationSettings, updateInitialValues, autoAssemble, solver, solverType)


def _SystemDictionary(mbs):
    """mbs.sys (made for a MainSystem created directly, not by SystemContainer.AddSystem)"""
    if not hasattr(mbs, "sys"):
        mbs.sys = {}
    return mbs.sys


def _SolveWith(mbs, function, simulationSettings, updateInitialValues, autoAssemble, solver, solverType=None):
    """A solve by a solver object (multidyn.mainSolver): a time integration with solverType, or the
    static solve without one; its statistics in mbs.sys and in the solver object."""
    mbs._CheckNotSolving(f"{function}()")
    simulationSettings, settings = _SettingsOf(function, simulationSettings)
    if solverType is None:
        solve = lambda: mbs._SolveStatic(settings)  # noqa: E731
        statisticsKey, verbose, stepsName = "staticSolverStatistics", settings["staticSolver"]["verboseMode"], "load steps"
    else:
        solver._method = solverType.name
        solve = lambda: mbs._SolveDynamic(settings, int(solverType))  # noqa: E731
        statisticsKey, verbose, stepsName = "dynamicSolverStatistics", settings["timeIntegration"]["verboseMode"], "steps"
    return solver._Run(mbs, settings, lambda: _RunSolve(mbs, function, settings, solve, updateInitialValues,
                                                        autoAssemble, statisticsKey, verbose >= 1, stepsName))


def SolveStatic(self, simulationSettings=None, updateInitialValues=False, storeSolver=True, showHints=False,
                showCausingItems=True, autoAssemble=True):
    """Solves for the static equilibrium from the initial values, in the load steps of
    simulationSettings.staticSolver (docs/solvers/StaticSolver.md); updateInitialValues=True makes
    the solution the initial values of the next solve. Results stay in mbs (outputs, sensors at
    every load step) and in the solution file. A system that is not assembled is assembled first,
    with a warning (autoAssemble=True, as Exudyn). Raises multidyn.SolverError if a load step
    fails for good, keeping the results up to the last accepted one. Returns True."""
    from multidyn.mainSolver import MainSolverStatic
    self._CheckNotSolving("mbs.SolveStatic()")  # before anything is reset: a nested solve is refused at once
    simulationSettings = _CheckedSettings("SolveStatic", simulationSettings)
    solver = MainSolverStatic()
    if storeSolver:  # before the solve, as Exudyn
        _SystemDictionary(self).update(staticSolver=solver, simulationSettings=simulationSettings)
    return _SolveWith(self, "SolveStatic", simulationSettings, updateInitialValues, autoAssemble, solver)


def SolutionViewer(self, *args, **kwargs):
    """mbs.SolutionViewer(...): no renderer yet; says so once and does nothing"""
    from multidyn.renderer import SayNoRenderer
    SayNoRenderer("mbs.SolutionViewer()")


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
        raise OSError(f"mbs.Save: cannot write '{fileName}': {error}") from None


def Load(self, fileName):
    """Replaces the system's items by those in a file written by mbs.Save; returns its
    SimulationSettings (or None if it has none). On any error the system stays as it was."""
    _CheckFileName(fileName, "mbs.Load")
    self._CheckNotSolving("mbs.Load()")
    try:
        with open(fileName, "rb") as file:
            raw = file.read()
    except OSError as error:
        raise ValueError(f"Load: cannot read '{fileName}': {error}") from None
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


InstallMethods(SolveDynamic, SolveStatic, SolutionViewer, Save, Load, GetSystemContainer, __repr__=_Repr)

from multidyn import createFunctions  # noqa: E402,F401  (the mbs.Create... helpers)
from multidyn import contact  # noqa: E402,F401  (mbs.CreateExponentialSpringContact, mbs.ResetAnchorPoint)
from multidyn import plot  # noqa: E402,F401  (exu.plot and mbs.PlotSensor, as Exudyn's mainSystemExtensions)
from multidyn import mainSystemDictionary  # noqa: E402,F401  (mbs.GetDictionary/SetDictionary, pickle, copy)


_AssembleItems = MainSystem.Assemble


def Assemble(self):
    """Validates all items and builds the system's equations; then turns the actuators' dampratio
    into kv at the reference configuration (MuJoCo's mj_setConst)."""
    _AssembleItems(self)
    from multidyn.actuatorShortcuts import ResolveDampratios
    ResolveDampratios(self)


MainSystem.Assemble = Assemble


def AddModule(self, module):
    """Puts a control module (e.g. multidyn.modules.TwoHingeDamper, or a class derived from
    multidyn.modules.PythonModule) into the dynamics: checks its links and parameters (its
    Reset), adds it and connects the actuators its outputs drive; returns the module's object
    number."""
    from multidyn.modules import Module
    if not isinstance(module, Module):
        raise TypeError(f"mbs.AddModule: expected a multidyn.modules module (e.g. multidyn.modules.TwoHingeDamper() "
                        f"or an instance of a multidyn.modules.PythonModule subclass), got {type(module).__name__}")
    self._CheckNotSolving("mbs.AddModule()")
    return module._AddTo(self)


MainSystem.AddModule = AddModule
