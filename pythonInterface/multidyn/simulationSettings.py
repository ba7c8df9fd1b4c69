"""exu.SimulationSettings(): the settings tree, built from the C++ field tables."""
from . import _multidyn

_tree = _multidyn.SettingsFields()


class _SettingsNode:
    """One structure of the settings tree; attributes validate on assignment."""

    def __init__(self, description, path):
        object.__setattr__(self, "_description", description)
        object.__setattr__(self, "_path", path)
        values = {}
        for field in description["fields"]:
            if "fields" in field:
                values[field["name"]] = _SettingsNode(field, path + field["name"] + ".")
            else:
                values[field["name"]] = field["default"]
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"SimulationSettings has no setting '{self._path}{name}'")

    def __setattr__(self, name, value):
        if name not in self._values:
            known = ", ".join(self._values)
            raise AttributeError(f"SimulationSettings has no setting '{self._path}{name}'; the settings here are: {known}")
        if isinstance(self._values[name], _SettingsNode):
            raise AttributeError(f"SimulationSettings.{self._path}{name} is a structure; set its members")
        # validate through the C++ table: build the nested dict for this one value
        nested = value
        for part in reversed((self._path + name).split(".")):
            nested = {part: nested}
        try:
            _multidyn.ValidateSettings(nested)
        except (TypeError, ValueError) as error:
            message = str(error)
            if not message.startswith(f"SimulationSettings.{self._path}{name}"):
                # a value that has no JSON form (complex, ...): name the setting
                message = f"SimulationSettings.{self._path}{name}: " + message.removeprefix("SimulationSettings: ")
            raise type(error)(message) from None
        self._values[name] = value

    def GetDictionary(self):
        return {name: (v.GetDictionary() if isinstance(v, _SettingsNode) else v) for name, v in self._values.items()}

    def SetDictionary(self, dictionary):
        for name, value in dictionary.items():
            if isinstance(self._values.get(name), _SettingsNode):
                self._values[name].SetDictionary(value)
            else:
                setattr(self, name, value)

    def __repr__(self):
        return repr(self.GetDictionary())


class SimulationSettings(_SettingsNode):
    """Exudyn's SimulationSettings tree with its names and defaults."""

    def __init__(self):
        super().__init__(_tree, "")
