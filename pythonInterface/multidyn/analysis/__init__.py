"""Analysis on top of the solvers: the solvers' Python side (mbs.SolveDynamic, mbs.SolveStatic, the solver
objects), linear analysis (eigenvalues, linearization), plots, parameter studies and optimisation
(``processing``). Imports multidyn.api (and multidyn.modelling), never the viewer.

Exudyn's public module names stay importable at the top level (``multidyn.solver``, ``multidyn.plot``,
``multidyn.processing``) as thin faces.
"""
