"""ExudynEnum: the base of multidyn's Python enums (exu.DynamicSolverType, LinearSolverType, ItemType,
NodeType, JointType). Integers with Exudyn's values, as IntEnum, but shown as Exudyn's pybind11 enums
show themselves: str(exu.DynamicSolverType.RK44) is 'DynamicSolverType.RK44' (Python 3.11's IntEnum
gives '6'), which scripts put in labels, file names and printed reports."""
import enum as _enum


class ExudynEnum(_enum.IntEnum):

    def __str__(self):
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, formatSpec):
        # f"{value}" as str(value); a format for numbers (f"{value:d}", f"{value:3}") formats the integer
        return str(self) if formatSpec == "" else int.__format__(int(self), formatSpec)
