"""Typed item indices: ints that remember which kind of item they index."""


class _TypedIndex(int):
    _category = ""

    def __repr__(self):
        return f"{type(self).__name__}({int(self)})"

    def __str__(self):
        return str(int(self))

    def GetTypeString(self):
        return type(self).__name__

    def GetIndex(self):
        return int(self)


class NodeIndex(_TypedIndex):
    _category = "node"


class ObjectIndex(_TypedIndex):
    _category = "object"


class MarkerIndex(_TypedIndex):
    _category = "marker"


class LoadIndex(_TypedIndex):
    _category = "load"


class SensorIndex(_TypedIndex):
    _category = "sensor"


#: by item category number (as in the compiled module: node 0, object 1, marker 2, load 3, sensor 4)
indexTypes = [NodeIndex, ObjectIndex, MarkerIndex, LoadIndex, SensorIndex]
