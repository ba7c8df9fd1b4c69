"""Item classes (ObjectRigidBody, RigidBody, ...), generated from the C++ field tables.

Each class takes every parameter as a keyword with its default, validates values when they
are set, and converts to the item's dict form with dict(item).
"""
import warnings as _warnings

import numpy as _np

from multidyn import _multidyn
from multidyn.api.indices import indexTypes as _indexTypes
from multidyn.api.userWarnings import WarnAtUserLine

_categoryPrefix = ["Node", "Object", "Marker", "Load", "Sensor"]

#: every item class by category number and by any of its names
classesByCategory = [dict() for _ in range(5)]


_categoryOfIndexType = {indexType: category for category, indexType in enumerate(_indexTypes)}


def _CheckIndexKind(className, field, value):
    """A typed index of another kind (a NodeIndex given as markerNumber) is a TypeError."""
    expected = field["indexCategory"]
    if expected is None:
        return
    values = value if isinstance(value, (list, tuple)) else (value,)
    for v in values:
        category = _categoryOfIndexType.get(type(v))
        if category is not None and category != expected:
            raise TypeError(f"{className}: parameter '{field['name']}': expected a "
                            f"{_indexTypes[expected].__name__}, got {v!r}")


def _EqualsNumerically(value, default):
    """value equals the default as numbers; False for what is no number (C++ then names what is wrong)"""
    try:
        return _np.array_equal(_np.asarray(value, dtype=float), _np.asarray(default, dtype=float))
    except (TypeError, ValueError):
        return False


class ItemBase:
    """Common behaviour of the generated item classes."""
    _info = None
    _fields = {}
    _fieldByKey = {}  # name, dict key and aliases -> field
    _defaultValues = {}  # name -> default of every field (shared: see __init__)
    _keysAndNames = []  # (dict key, name) of every field

    def __init__(self, *args, **kwargs):
        # the defaults, shared with the class: a list is copied when it is read (a script may change an
        # item's list in place), and a value that is still the class's default object is not sent to C++
        object.__getattribute__(self, "__dict__")["_values"] = self._defaultValues.copy()
        if args:
            names = list(self._fields)
            if len(args) > len(names):
                raise TypeError(f"{self._info['className']}() takes at most {len(names)} positional arguments")
            for name, value in zip(names, args):
                kwargs[name] = value
        if "localHT" in kwargs:
            self._SetLocalHT(kwargs)
        if "jointHTs" in kwargs:
            self._SetJointHTs(kwargs)
        visualization = kwargs.pop("visualization", None)
        if visualization is not None:
            for key, value in dict(visualization).items():
                kwargs["V" + key if not key.startswith("V") else key] = value
        # checked in Python one by one, then by C++ at once (one call instead of one per parameter)
        checked = {}
        for key, value in kwargs.items():
            name, value = self._Checked(key, value)
            checked[name] = value
        if checked:
            _multidyn.ValidateFields(self._info["category"], self._info["typeName"], checked)
            self._values.update(checked)

    def _SetLocalHT(self, kwargs):
        className = self._info["className"]
        if "localRotationMatrix" not in self._fields:
            raise TypeError(f"{className}: unknown parameter 'localHT'")
        if "localPosition" in kwargs or "localRotationMatrix" in kwargs:
            raise ValueError(f"{className}: give either localHT or localPosition/localRotationMatrix, not both")
        transform = _np.asarray(kwargs.pop("localHT"), dtype=float)
        if transform.shape != (4, 4):
            raise ValueError(f"{className}: parameter 'localHT': expected a 4x4 homogeneous transformation "
                             f"(exu.HT(rotation=A, translation=p)), got shape {transform.shape}")
        kwargs["localRotationMatrix"] = transform[:3, :3].tolist()
        kwargs["localPosition"] = transform[:3, 3].tolist()

    def _SetJointHTs(self, kwargs):
        """Exudyn 1.13's jointHTs of ObjectKinematicTree: jointTransformations and jointOffsets at once, one
        homogeneous transformation per link; given with either of them, they must agree."""
        className = self._info["className"]
        if "jointTransformations" not in self._fields:
            raise TypeError(f"{className}: unknown parameter 'jointHTs'")
        jointHTs = kwargs.pop("jointHTs")
        if jointHTs is None:
            return
        transforms = [_np.asarray(T, dtype=float) for T in jointHTs]
        transforms = [T.reshape(4, 4) if T.size == 16 else T for T in transforms]
        if any(T.shape != (4, 4) for T in transforms):
            raise ValueError(f"{className}: parameter 'jointHTs': expected a list of 4x4 homogeneous transformations "
                             f"(exu.HT(rotation=A, translation=p)), one per link")
        split = {"jointTransformations": [T[:3, :3] for T in transforms],
                 "jointOffsets": [T[:3, 3] for T in transforms]}
        for name, values in split.items():
            given = kwargs.get(name)
            if given is not None and (len(given) != len(values) or not all(
                    _np.allclose(_np.asarray(g, dtype=float), v, rtol=0., atol=1e-12) for g, v in zip(given, values))):
                raise ValueError(f"{className}: jointHTs and {name} are both given but do not agree")
            kwargs[name] = [v.tolist() for v in values]

    @classmethod
    def _FieldOf(cls, key):
        """The field a name, dict key or alias means (None: no such parameter)."""
        return cls._fieldByKey.get(key)

    def _Checked(self, key, value):
        """(the field's name, the value to keep) of a parameter, after the checks Python makes; the
        value itself is checked by C++ (ValidateField(s))."""
        field = self._fieldByKey.get(key)
        if field is None:
            known = ", ".join(f["name"] for f in self._fields.values() if not f["group"])
            raise TypeError(f"{self._info['className']}: unknown parameter '{key}'; the parameters are: {known} "
                            f"(and visualization)")
        if field["indexCategory"] is not None:
            _CheckIndexKind(self._info["className"], field, value)
        if field["isUserFunction"]:
            noFunction = value is None or (type(value) in (int, float) and value == 0)  # 0 or None; never an array's truth
            if not callable(value) and not noFunction:
                raise TypeError(f"{self._info['className']}: parameter '{field['name']}': expected a Python function "
                                f"or 0, got {value!r}")
        if field["deprecation"] and not _EqualsNumerically(value, field["default"]):
            _warnings.warn(f"{self._info['className']}.{field['name']} is {field['deprecation']}", DeprecationWarning,
                           stacklevel=3)
        if isinstance(value, _np.ndarray):
            value = value.tolist()
        return field["name"], value

    def __setattr__(self, key, value):
        name, value = self._Checked(key, value)
        _multidyn.ValidateFields(self._info["category"], self._info["typeName"], {name: value})
        self._values[name] = value

    def __getattr__(self, key):
        values = object.__getattribute__(self, "__dict__").get("_values", {})
        field = type(self)._FieldOf(key)
        if field is not None:
            return self._Value(values, field["name"])
        if key == "visualization":
            return {f["name"]: self._Value(values, f["name"]) for f in self._fields.values() if f["group"]}
        raise AttributeError(f"{self._info['className']} has no attribute '{key}'")

    def _Value(self, values, name):
        """a parameter's value in values (self._values); a list still shared with the class's defaults
        is copied first"""
        value = values[name]
        if type(value) is list and value is self._defaultValues[name]:
            value = values[name] = _CopyList(value)
        return value

    def __iter__(self):
        yield self._info["typeKey"], self._info["typeName"]
        for name, field in self._fields.items():
            yield field["key"], self._Value(self._values, name)

    def _AsDict(self):
        """the parameters set (the others are the C++ item's defaults), for mbs.Add...; read only"""
        values, defaults = self._values, self._defaultValues
        result = {self._info["typeKey"]: self._info["typeName"]}
        for key, name in self._keysAndNames:
            value = values[name]
            if value is not defaults[name]:
                result[key] = value
        return result

    def __repr__(self):
        return f"{self._info['className']}({dict(self)!r})"

    @classmethod
    def FromDict(cls, dictionary):
        """An item from its dict form; the type key is checked and dropped."""
        kwargs = dict(dictionary)
        typeKey = cls._info["typeKey"]
        kwargs.pop(typeKey, None)
        # Exudyn ignores unknown keys of an item dict (scripts carry keys of older versions, e.g.
        # MarkerBodyPosition's 'bodyFixed'); ignored here too, but said
        unknown = [key for key in kwargs if cls._FieldOf(key) is None]
        if unknown:
            known = ", ".join(f["name"] for f in cls._fields.values() if not f["group"])
            WarnAtUserLine(f"{cls._info['className']}: unknown parameter{'s' if len(unknown) > 1 else ''} "
                           f"{', '.join(repr(k) for k in unknown)} ignored (as Exudyn ignores unknown keys of an item "
                           f"dict); the parameters are: {known} (and visualization)")
            for key in unknown:
                del kwargs[key]
        return cls(**kwargs)


class ItemParameters(dict):
    """The dict mbs.GetObject(...) and its siblings return: its keys are the parameters' names, and
    it also answers to their other names (Exudyn 1.11's 'physicsCenterOfMass' for 'centerOfMass'),
    so that scripts of either version read it."""

    def __init__(self, dictionary, itemClass):
        super().__init__(dictionary)
        self._itemClass = itemClass

    def __missing__(self, key):
        field = self._itemClass._FieldOf(key) if isinstance(key, str) else None
        if field is None or field["key"] not in self:
            raise KeyError(key)
        return self[field["key"]]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __contains__(self, key):
        if dict.__contains__(self, key):
            return True
        field = self._itemClass._FieldOf(key) if isinstance(key, str) else None
        return field is not None and dict.__contains__(self, field["key"])


#: the key of an item dict that names its type, by category (node, object, marker, load, sensor)
typeKeys = ["nodeType", "objectType", "markerType", "loadType", "sensorType"]


def ClassForDict(category, dictionary):
    """The item class a dict names through its type key ('objectType': 'RigidBody', ...)."""
    typeKey = typeKeys[category]
    if typeKey not in dictionary:
        raise ValueError(f"the dict has no '{typeKey}' naming the {_categoryPrefix[category].lower()} type: {dictionary}")
    typeName = dictionary[typeKey]
    itemClass = classesByCategory[category].get(typeName)
    if itemClass is None:
        known = sorted(set(c._info['typeName'] for c in classesByCategory[category].values()))
        raise ValueError(f"unknown {typeKey} '{typeName}'; known: {', '.join(known)}")
    return itemClass


def _CopyList(value):
    return [_CopyList(v) if type(v) is list else v for v in value]


def _MakeClass(info):
    fields = {f["name"]: f for f in info["fields"]}
    # every name a field answers to; where two fields share one, the earlier field has it
    fieldByKey = {}
    for f in reversed(info["fields"]):
        for key in [f["name"], f["key"], *f["aliases"]]:
            fieldByKey[key] = f
    defaults = {name: _np.array(f["default"]).tolist() if isinstance(f["default"], list) else f["default"]
                for name, f in fields.items()}
    doc = info["description"] + "\n\nParameters:\n" + "\n".join(
        f"  {f['name']} ({f['type']}{', ' + f['unit'] if f['unit'] else ''}; default {f['default']!r}): {f['description']}"
        for f in info["fields"])
    keysAndNames = [(f["key"], name) for name, f in fields.items()]
    return type(info["className"], (ItemBase,), {"_info": info, "_fields": fields, "_fieldByKey": fieldByKey,
                                                 "_defaultValues": defaults, "_keysAndNames": keysAndNames, "__doc__": doc,
                                                 "__module__": __name__})


def _MakeVisualizationFunction(itemClass):
    def VisualizationDict(**kwargs):
        names = {f["name"] for f in itemClass._fields.values() if f["group"]}
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError(f"V{itemClass._info['className']}: unknown parameter '{key}'; the parameters are: "
                                f"{', '.join(sorted(names))}")
            # checked here already, so that the error points at the line that gives the value
            _multidyn.ValidateFields(itemClass._info["category"], itemClass._info["typeName"], {key: value})
        return dict(kwargs)
    return VisualizationDict


def ItemTypes():
    """the item types and their fields, from the C++ field tables (_multidyn.ItemTypes())"""
    return _multidyn.ItemTypes()


for _info in ItemTypes():
    _class = _MakeClass(_info)
    globals()[_info["className"]] = _class
    classesByCategory[_info["category"]][_info["typeName"]] = _class
    classesByCategory[_info["category"]][_info["className"]] = _class
    _shortVisualizationName = "V" + _info["className"][len(_categoryPrefix[_info["category"]]):]
    globals()["V" + _info["className"]] = _MakeVisualizationFunction(_class)
    for _short in _info["shortNames"]:
        globals()[_short] = _class
        classesByCategory[_info["category"]][_short] = _class
        globals()["V" + _short] = _MakeVisualizationFunction(_class)

del _info, _class, _short, _shortVisualizationName


class MissingItem:
    """An Exudyn item type multidyn does not have yet: creating one raises NotImplementedError."""
    _className = ""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"{self._className} is an Exudyn item that multidyn does not have yet; "
                                  f"the available items are listed in docs/items")


def _MakeMissing(className):
    def VisualizationDict(**kwargs):
        raise NotImplementedError(f"V{className}: {className} is an Exudyn item that multidyn does not have yet")
    return type(className, (MissingItem,), {"_className": className, "__module__": __name__}), VisualizationDict


def _AddMissingItems():
    """Placeholders for Exudyn's item types (and their short names) that are not registered."""
    from multidyn.api.exudynItemNames import exudynItemClassNames, exudynShortNames
    for className in exudynItemClassNames:
        if className not in globals():
            globals()[className], globals()["V" + className] = _MakeMissing(className)
    for shortName, className in exudynShortNames.items():
        if shortName not in globals():
            globals()[shortName] = globals()[className]
            globals()["V" + shortName] = globals()["V" + className]


_AddMissingItems()


# MuJoCo's actuator shortcuts, compiled to ObjectActuator by mbs.AddObject
from multidyn.api.actuatorShortcuts import (ActuatorCylinder, ActuatorDamper, ActuatorIntVelocity, ActuatorMotor,  # noqa: E402,F401
                                            ActuatorPosition, ActuatorVelocity)
