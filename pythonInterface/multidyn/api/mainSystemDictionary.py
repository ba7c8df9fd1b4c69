"""Exudyn's mbs.GetDictionary() / mbs.SetDictionary(d), and pickling and copying of a MainSystem
through them (pickle.dumps(mbs), copy.copy(mbs), copy.deepcopy(mbs)).

The item dicts are those of mbs.GetNode/GetObject/... and go back through the same item classes
and C++ field tables as mbs.AddNode/AddObject/...: there is no second serialisation
(docs/dev/decisions.md, 32)."""
import copy as _copy
import pickle as _pickle
import sys as _sys
import types as _types

from multidyn import _multidyn as _compiled
from multidyn.api.itemInterface import ClassForDict as _ClassForDict
from multidyn.api.itemInterface import ItemBase as _ItemBase
from multidyn.api.console import __version__ as _version
from multidyn.api.userWarnings import WarnAtUserLine as _WarnAtUserLine

MainSystem = _compiled.MainSystem

#: the dictionary's item lists, by item category (0 node ... 4 sensor)
itemListNames = ["nodeList", "objectList", "markerList", "loadList", "sensorList"]
_categoryNames = ["node", "object", "marker", "load", "sensor"]
_typeKeys = ["nodeType", "objectType", "markerType", "loadType", "sensorType"]
#: Exudyn's system user functions that multidyn has (dictionary key: the X of mbs.GetXUserFunction
#: and mbs.SetXUserFunction), in Exudyn's order of the keys
_systemUserFunctions = {"preStepFunction": "PreStep", "postStepFunction": "PostStep",
                        "postNewtonFunction": "PostNewton", "preNewtonResidualFunction": "PreNewtonResidual",
                        "systemJacobianFunction": "SystemJacobian"}
_userFunctionKeys = list(_systemUserFunctions)
_otherKeys = ["__version__", "userFunctions", "settings", "variables", "systemVariables"]


def GetDictionary(self):
    """The whole system as a dict, as Exudyn's: '__version__', the item dicts of mbs.GetNode(i), ...
    in 'nodeList', 'objectList', 'markerList', 'loadList', 'sensorList' (user functions as the Python
    functions), 'userFunctions' (the system's user functions of mbs.SetPreStepUserFunction, ...,
    0 if none), 'settings',
    'variables' (mbs.variables itself, not a copy, as Exudyn) and 'systemVariables' (mbs.sys).
    Solver results, sensor data and the assembled state are not part of it."""
    dictionary = {"__version__": _version}
    for category, listName in enumerate(itemListNames):
        dictionary[listName] = [self._GetItem(category, i) for i in range(self._NumberOfItems(category))]
    dictionary["userFunctions"] = {name: getattr(self, f"Get{hook}UserFunction")()
                                   for name, hook in _systemUserFunctions.items()}
    dictionary["settings"] = {"interactiveMode": False}  # no renderer: never interactive
    dictionary["variables"] = _SystemDict(self, "variables")
    dictionary["systemVariables"] = _SystemDict(self, "sys")
    return dictionary


def _SystemDict(mbs, attribute):
    """mbs.variables / mbs.sys; made for a MainSystem made directly (SystemContainer.AddSystem makes them)."""
    if not isinstance(getattr(mbs, attribute, None), dict):
        setattr(mbs, attribute, {})
    return getattr(mbs, attribute)


def _UserFunction(value, where):
    """A user function as given in a dictionary: a callable, 0/None (none) or Exudyn's
    {'function': f, 'type': 'Python'}; returns the callable or 0."""
    if isinstance(value, dict) and set(value) == {"function", "type"} and value["type"] == "Python":
        value = value["function"]
    if callable(value):
        return value
    if value is None or (type(value) in (int, float) and value == 0):
        return 0
    raise TypeError(f"{where}: expected a Python function, 0 (none) or {{'function': f, 'type': 'Python'}}, "
                    f"got {value!r:.80}")


def _ItemDictFromDictionary(category, item, where):
    """An item dict of the dictionary normalised by its item class (as mbs.Add... does), with
    Exudyn's {'function': f, 'type': 'Python'} turned into f."""
    if isinstance(item, _ItemBase):
        if item._info["category"] != category:
            raise TypeError(f"{where}: expected a {_categoryNames[category]}, got a {item._info['className']}")
        return dict(item)
    if not isinstance(item, dict):
        raise TypeError(f"{where}: expected an item dict, got {type(item).__name__} {item!r:.60}")
    itemClass = _ClassForDict(category, item)
    item = dict(item)
    for key, value in item.items():
        field = itemClass._FieldOf(key)
        if field is not None and field["isUserFunction"]:
            item[key] = _UserFunction(value, f"{where} ({itemClass._info['className']}): parameter '{field['name']}'")
    return dict(itemClass.FromDict(item))


def _WithContext(error, where):
    """The same type of error, its message prefixed by where it happened."""
    return type(error)(f"{where}: {error}")


def SetDictionary(self, systemDict):
    """Replaces the whole system by a dictionary of mbs.GetDictionary() (or Exudyn's form of it):
    items, the system's user functions, mbs.variables and mbs.sys. Everything is checked
    first: for a bad dictionary a ValueError, TypeError or IndexError names the entry, the
    parameter and what was expected, and the system stays as it was. The system is then not
    assembled (mbs.Assemble() or SolveDynamic assembles it)."""
    self._CheckNotSolving("mbs.SetDictionary()")
    what = "mbs.SetDictionary"
    if not isinstance(systemDict, dict):
        raise TypeError(f"{what}: expected a dict of mbs.GetDictionary(), got {type(systemDict).__name__}")
    missing = [name for name in itemListNames if name not in systemDict]
    if missing:
        raise ValueError(f"{what}: the dict has no {', '.join(repr(name) for name in missing)}; a system dict has the "
                         f"item lists {', '.join(itemListNames)} (and optionally {', '.join(_otherKeys)})")
    unknown = [key for key in systemDict if key not in itemListNames + _otherKeys]
    if unknown:  # as unknown keys of an item dict: ignored, as Exudyn ignores them, but said
        _WarnAtUserLine(f"{what}: unknown key{'s' if len(unknown) > 1 else ''} "
                        f"{', '.join(repr(key) for key in unknown)} ignored; the keys are: "
                        f"{', '.join(itemListNames + _otherKeys)}")
    version = systemDict.get("__version__", _version)
    if not isinstance(version, str):
        raise TypeError(f"{what}: '__version__' must be a version string, got {version!r:.60}")

    itemLists = []
    for category, listName in enumerate(itemListNames):
        items = systemDict[listName]
        if not isinstance(items, (list, tuple)):
            raise TypeError(f"{what}: '{listName}' must be a list of {_categoryNames[category]} dicts, got "
                            f"{type(items).__name__} {items!r:.60}")
        normalised = []
        for i, item in enumerate(items):
            where = f"{what}: {listName}[{i}]"
            try:
                normalised.append(_ItemDictFromDictionary(category, item, where))
            except (TypeError, ValueError, IndexError) as error:
                raise (error if str(error).startswith(where) else _WithContext(error, where)) from None
        itemLists.append(normalised)

    userFunctions = systemDict.get("userFunctions", {})
    if not isinstance(userFunctions, dict):
        raise TypeError(f"{what}: 'userFunctions' must be a dict (keys {', '.join(_userFunctionKeys)}), got "
                        f"{userFunctions!r:.60}")
    systemFunctions = {}
    for name, value in userFunctions.items():
        where = f"{what}: userFunctions['{name}']"
        if name in _systemUserFunctions:
            systemFunctions[name] = _UserFunction(value, where)
        else:
            raise ValueError(f"{where}: unknown user function; the keys are: {', '.join(_userFunctionKeys)}")

    settings = systemDict.get("settings", {})
    if not isinstance(settings, dict):
        raise TypeError(f"{what}: 'settings' must be a dict (e.g. {{'interactiveMode': False}}), got {settings!r:.60}")
    for name, value in settings.items():
        if name != "interactiveMode":
            raise ValueError(f"{what}: settings['{name}']: unknown setting; the settings are: interactiveMode")
        if not isinstance(value, bool):
            raise TypeError(f"{what}: settings['interactiveMode'] must be True or False, got {value!r:.60}")
    systemDicts = {}
    for key, attribute in [("variables", "variables"), ("systemVariables", "sys")]:
        value = systemDict.get(key, {})
        if not isinstance(value, dict):
            raise TypeError(f"{what}: '{key}' must be a dict (mbs.{attribute}), got {type(value).__name__} "
                            f"{value!r:.60}")
        systemDicts[attribute] = value

    try:  # all items are created and checked together before any replaces ours
        self._ReplaceItems(itemLists, "mbs.SetDictionary()")
    except (TypeError, ValueError, IndexError) as error:
        raise _WithContext(error, what) from None
    # nothing below can fail: every value has been checked
    for name, hook in _systemUserFunctions.items():
        getattr(self, f"Set{hook}UserFunction")(systemFunctions.get(name, 0))
    for attribute, value in systemDicts.items():
        setattr(self, attribute, value)  # the dict itself, as Exudyn


# ---- pickle and copy ---------------------------------------------------------------------------

def _PickledByReference(function):
    """True if pickle can store this plain function by reference (module and qualified name lead
    back to it); lambdas, nested functions and functions of exec'd namespaces cannot."""
    target = _sys.modules.get(getattr(function, "__module__", None) or "")
    for part in function.__qualname__.split("."):
        target = getattr(target, part, None)
    return target is function


def _CheckUserFunctionsPicklable(dictionary):
    """A clear PicklingError naming the item and the parameter, instead of pickle's
    "attribute lookup <lambda> on __main__ failed" without either."""
    found = []
    for category, listName in enumerate(itemListNames):
        for i, item in enumerate(dictionary[listName]):
            for key, value in item.items():
                found.append((f"{_categoryNames[category]} {i} ({item.get(_typeKeys[category])} "
                              f"'{item.get('name', '')}'): parameter '{key}'", value))
    found += [(f"the system's userFunctions['{name}']", value) for name, value in dictionary["userFunctions"].items()]
    for where, value in found:
        if isinstance(value, _types.FunctionType) and not _PickledByReference(value):
            raise _pickle.PicklingError(
                f"mbs cannot be pickled: {where} is the function {value.__qualname__} of module {value.__module__}, "
                "which pickle cannot find by its name (pickle stores functions by reference; lambdas, nested "
                "functions and functions of exec'd code cannot be); define it at the top level of a module, or "
                "pickle mbs.GetDictionary() with a pickler that stores functions by value (e.g. dill)")


def _GetState(self):
    """pickle's state: the system's dictionary (Exudyn's __getstate__)."""
    return self.GetDictionary()


def _SetState(self, state):
    """pickle's state back into a new MainSystem (Exudyn's __setstate__)."""
    self.SetDictionary(state)


def _ReduceEx(self, protocol):
    """pickle.dumps(mbs): a new MainSystem() filled by __setstate__ from the dictionary. A copy
    has the items, user functions, variables and sys, but no SystemContainer and no results."""
    state = self.GetDictionary()
    _CheckUserFunctionsPicklable(state)
    return (MainSystem, (), state)


def _Copy(self):
    """copy.copy(mbs): a new system with copies of the items; variables and sys shared (as Exudyn)."""
    new = MainSystem()
    new.SetDictionary(self.GetDictionary())
    return new


def _DeepCopy(self, memo):
    """copy.deepcopy(mbs): a new system with copies of the items, variables and sys (user functions
    are the same functions; lambdas too, as deepcopy keeps functions)."""
    new = MainSystem()
    memo[id(self)] = new  # variables that refer to mbs refer to the copy
    new.SetDictionary(_copy.deepcopy(self.GetDictionary(), memo))
    return new


#: MainSystem's methods of this module, by name (installed by multidyn.mainSystemExtensions)
methods = dict(GetDictionary=GetDictionary, SetDictionary=SetDictionary, __getstate__=_GetState, __setstate__=_SetState,
               __reduce_ex__=_ReduceEx, __copy__=_Copy, __deepcopy__=_DeepCopy)
