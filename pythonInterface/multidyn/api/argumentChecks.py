"""Checks of Python arguments shared by multidyn's Python modules (not part of Exudyn's API): one
wording of their errors everywhere."""
import numpy as _np


def IsBool(value):
    """True for Python's and numpy's bools"""
    return isinstance(value, (bool, _np.bool_))


def IsInteger(value):
    """True for Python's and numpy's integers, but not for bools"""
    return isinstance(value, (int, _np.integer)) and not IsBool(value)


def CheckedFlag(value, where):
    """value as a bool: a bool (also numpy's) or the ints 0 and 1 that Exudyn scripts pass as flags;
    anything else raises a TypeError that starts with where (the function and its parameter)"""
    if IsBool(value) or (IsInteger(value) and value in (0, 1)):
        return bool(value)
    raise TypeError(f"{where}: expected True or False, got {value!r:.60}")
