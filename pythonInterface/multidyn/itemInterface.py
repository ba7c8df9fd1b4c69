"""Exudyn's exudyn.itemInterface: the item classes (generated from the C++ field tables) and their short names.

A face of multidyn.api.itemInterface, where the code is."""
from multidyn.api.itemInterface import *  # noqa: F401,F403
