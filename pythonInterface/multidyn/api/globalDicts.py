"""Exudyn's global dicts exu.sys and exu.variables, defined here so that every subpackage can reach
them without importing the package's top level (multidyn/__init__.py re-exports them)."""

#: Exudyn's global dict for test results and user data (exu.sys['testResult']).
sys = {}
#: Exudyn's global dict for user variables.
variables = {}
