"""The Exudyn API surface: item classes (itemInterface), settings, enums, indices, console output and
the item side of MainSystem's Python methods. The lowest layer of the Python package: it imports only
the compiled module multidyn._multidyn (tests/interface/test_packageLayout.py checks this).

Exudyn's public module names stay importable at the top level (``multidyn.itemInterface``) as thin faces.
"""
