"""Warnings that name the user's line: the first caller outside the multidyn package."""
import os as _os
import sys as _sys
import warnings as _warnings

from multidyn.api.console import config as _config

# the multidyn package (this file is in its subpackage api), with the separator: multidyn_x/ is not in it
_packageDirectory = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))) + _os.sep


def WarnAtUserLine(message, category=UserWarning):
    """warns at the user's line; a UserWarning is left out while exu.config.suppressWarnings is set"""
    if category is UserWarning and _config.suppressWarnings:
        return
    frame, stacklevel = _sys._getframe(1), 2
    while frame is not None and frame.f_code.co_filename.startswith(_packageDirectory):
        frame, stacklevel = frame.f_back, stacklevel + 1
    _warnings.warn(message, category, stacklevel=stacklevel)
