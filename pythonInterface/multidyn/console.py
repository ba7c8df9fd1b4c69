"""multidyn.console: exu.Print, exu.config and the output settings, kept at the top level for
multidyn.renderer and the compiled module's progress output (both import multidyn.console).

A face of multidyn.api.console, where the code is."""
from multidyn.api.console import *  # noqa: F401,F403
