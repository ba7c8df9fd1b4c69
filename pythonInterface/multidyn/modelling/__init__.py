"""Modelling helpers on top of the API surface (multidyn.api): graphics, rotation and inertia utilities,
beams, FEM matrices, robotics, contact, control modules, the mbs.Create... helpers and centroidal
dynamics. Imports multidyn.api, never multidyn.analysis or the viewer.

Exudyn's public module names stay importable at the top level (``multidyn.graphics``,
``multidyn.rigidBodyUtilities``, ``multidyn.robotics``, ...) as thin faces.
"""
