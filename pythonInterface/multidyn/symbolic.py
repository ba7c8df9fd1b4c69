"""Exudyn's exudyn.symbolic (``esym = exu.symbolic``): symbolic expressions and symbolic user
functions; the implementation is multidyn.api.symbolic."""

from multidyn.api.symbolic import *  # noqa: F401,F403
from multidyn.api.symbolic import __all__  # noqa: F401
