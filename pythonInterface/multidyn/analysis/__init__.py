"""Analysis on top of the solvers: parameter studies and optimisation (``processing``).

Exudyn's public module names stay importable at the top level (``multidyn.processing``) as thin faces.
"""
