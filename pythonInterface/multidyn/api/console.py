"""Exudyn's console output: exu.Print and exu.config (docs/Console.md).

Everything multidyn prints (solver progress, statistics, messages of the analysis functions) goes
through Print, so that exu.config.printToConsole = False silences it and exu.SetWriteToFile(...)
copies it to a file, as in Exudyn. Warnings stay Python warnings.
"""
import os as _os
import platform as _platform
import sys as _sys
import time as _time
import warnings as _warnings

from multidyn.api.argumentChecks import CheckedFlag, IsBool

__version__ = "0.1.0"

# name: (default, type checked on assignment, [units or meaning] for the messages)
_settings = {
    'outputPrecision': (6, int, "digits"),
    'suppressWarnings': (0, int, "0 or 1"),
    'outputDirectory': ('', str, "directory prepended to printFileName"),
    'linalgOutputFormatPython': (1, int, "0 or 1"),
    'printDelayMilliSeconds': (0, int, "[ms]"),
    'printFlushAlways': (False, bool, "True/False"),
    'printToConsole': (True, bool, "True/False"),
}
# set by SetWriteToFile only (read-only attributes, as in Exudyn)
_fileSettings = {'printToFile': False, 'printFileName': '', 'printToFileAppend': False}


def _Checked(name, value):
    default, kind, meaning = _settings[name]
    if kind is bool:
        if IsBool(value) or (isinstance(value, int) and value in (0, 1)):
            return bool(value)
    elif kind is int:
        if isinstance(value, int) or IsBool(value):  # (a bool is an int: True/False for the 0/1 settings)
            value = int(value)
            if name == 'outputPrecision' and value < 1:
                raise ValueError(f"exu.config.outputPrecision: expected a positive number of digits, got {value}")
            if name == 'printDelayMilliSeconds' and value < 0:
                raise ValueError(f"exu.config.printDelayMilliSeconds: expected a delay >= 0 [ms], got {value}")
            if name in ('suppressWarnings', 'linalgOutputFormatPython') and value not in (0, 1):
                raise ValueError(f"exu.config.{name}: expected 0 or 1 (or True/False), got {value}")
            return value
    elif isinstance(value, str):
        return value
    raise TypeError(f"exu.config.{name}: expected {kind.__name__} ({meaning}), got {value!r:.60} "
                    f"of type {type(value).__name__}")


class Config:
    """Exudyn's global config (exu.config): printing and output behaviour, and the version."""

    def __init__(self):
        object.__setattr__(self, '_values', {name: spec[0] for name, spec in _settings.items()})
        object.__setattr__(self, '_fileValues', dict(_fileSettings))
        object.__setattr__(self, '_file', None)

    def __getattr__(self, name):
        values = object.__getattribute__(self, '_values')
        if name in values:
            return values[name]
        fileValues = object.__getattribute__(self, '_fileValues')
        if name in fileValues:
            return fileValues[name]
        raise AttributeError(f"exu.config has no setting '{name}'; the settings are: {', '.join(self.GetDefaults())}")

    def __setattr__(self, name, value):
        if name in _fileSettings:
            raise AttributeError(f"exu.config.{name} is set by exu.SetWriteToFile(fileName, flagWriteToFile, "
                                 f"flagAppend, flagFlushAlways)")
        if name not in _settings:
            raise AttributeError(f"exu.config has no setting '{name}'; the settings are: {', '.join(self.GetDefaults())}")
        self._values[name] = _Checked(name, value)

    def __dir__(self):
        return sorted(list(_settings) + list(_fileSettings) + ['GetDefaults', 'GetDictionary', 'SetDictionary', 'Version'])

    @staticmethod
    def Version(addDetails=False):
        """the version, with the Python version and the platform if addDetails"""
        if not addDetails:
            return __version__
        python = ".".join(str(part) for part in _sys.version_info[:3])
        return f"{__version__}; Python{python}; {_platform.system()} {_platform.machine()}"

    def GetDictionary(self):
        return {**self._values, **self._fileValues}

    def SetDictionary(self, dictionary):
        """sets the settings of a (partial) dict of GetDictionary(); the file settings must agree
        with the open file (they are set by SetWriteToFile)"""
        if not isinstance(dictionary, dict):
            raise TypeError(f"exu.config.SetDictionary: expected a dict, got {type(dictionary).__name__}")
        checked = {}
        for name, value in dictionary.items():
            if name in _fileSettings:
                if value != self._fileValues[name]:
                    raise ValueError(f"exu.config.SetDictionary: '{name}' is set by exu.SetWriteToFile, "
                                     f"not by the dictionary (it is {self._fileValues[name]!r}, got {value!r})")
            elif name not in _settings:
                raise AttributeError(f"exu.config has no setting '{name}'")
            else:
                checked[name] = _Checked(name, value)
        self._values.update(checked)  # all or nothing

    @staticmethod
    def GetDefaults():
        return {**{name: spec[0] for name, spec in _settings.items()}, **_fileSettings}

    def __repr__(self):
        lines = [f"  Version() = {self.Version(True)}"]
        lines += [f"  {name} = {value}" for name, value in self.GetDictionary().items()]
        return "\n".join(lines) + "\n"

    def _OpenFile(self, fileName, append, flushAlways):
        self._CloseFile()
        directory = self._values['outputDirectory']
        if directory and _os.path.isabs(fileName):
            raise ValueError(f"exu.SetWriteToFile: fileName '{fileName}' is absolute, but exu.config.outputDirectory "
                             f"is '{directory}'; give a relative name or set outputDirectory to ''")
        path = _os.path.join(directory, fileName)
        try:
            file = open(path, 'a' if append else 'w')
        except OSError as error:
            # the OSError subclass of the errno (FileNotFoundError, PermissionError, ...) naming the path
            raise OSError(error.errno, f"exu.SetWriteToFile: cannot open the file for writing ({error.strerror})",
                          path) from None
        object.__setattr__(self, '_file', file)
        self._fileValues.update(printToFile=True, printFileName=fileName, printToFileAppend=bool(append))
        self._values['printFlushAlways'] = bool(flushAlways)

    def _CloseFile(self):
        if self._file is not None:
            self._file.close()
            object.__setattr__(self, '_file', None)
        self._fileValues.update(_fileSettings)

    def _Write(self, text, flush):
        if self._values['printToConsole']:
            _sys.stdout.write(text)
            if flush or self._values['printFlushAlways']:
                _sys.stdout.flush()
            if self._values['printDelayMilliSeconds'] > 0:
                _time.sleep(0.001 * self._values['printDelayMilliSeconds'])
        if self._file is not None:
            self._file.write(text)
            if flush or self._values['printFlushAlways']:
                self._file.flush()


config = Config()


def Print(*args, sep=' ', end='\n', flush=False):
    """Exudyn's exu.Print: as Python's print, to the console unless exu.config.printToConsole is
    False, and to the file of exu.SetWriteToFile"""
    config._Write(sep.join(str(argument) for argument in args) + end, flush)


def SetWriteToFile(filename, flagWriteToFile=True, flagAppend=False, flagFlushAlways=False):
    """Copies exu.Print's output to filename (relative to exu.config.outputDirectory), appended to it
    with flagAppend, flushed at every print with flagFlushAlways; SetWriteToFile('', False) closes it."""
    if not isinstance(filename, str):
        raise TypeError(f"exu.SetWriteToFile: parameter 'filename': expected a str, got {type(filename).__name__}")
    write = CheckedFlag(flagWriteToFile, "exu.SetWriteToFile: parameter 'flagWriteToFile'")
    append = CheckedFlag(flagAppend, "exu.SetWriteToFile: parameter 'flagAppend'")
    flushAlways = CheckedFlag(flagFlushAlways, "exu.SetWriteToFile: parameter 'flagFlushAlways'")
    if not write:
        config._CloseFile()
        return
    if not filename:
        raise ValueError("exu.SetWriteToFile: parameter 'filename' is empty; give a file name, or "
                         "flagWriteToFile=False to stop writing to the file")
    config._OpenFile(filename, append, flushAlways)


def _Deprecated(oldName, setting, value):
    # Exudyn 1.13's wording (its module prefix on two of the names, as there)
    prefix = "exudyn." if oldName in ("SetWriteToConsole", "SuppressWarnings") else ""
    _warnings.warn(f"{prefix}{oldName}(): function is deprecated; use set exudyn.config.{setting} instead",
                   DeprecationWarning, stacklevel=3)
    setattr(config, setting, value)


def SetWriteToConsole(flag):
    """deprecated since Exudyn 1.13: exu.config.printToConsole = flag"""
    _Deprecated("SetWriteToConsole", "printToConsole", flag)


def SetOutputPrecision(numberOfDigits):
    """deprecated since Exudyn 1.13: exu.config.outputPrecision = numberOfDigits"""
    _Deprecated("SetOutputPrecision", "outputPrecision", numberOfDigits)


def SuppressWarnings(flag):
    """deprecated since Exudyn 1.13: exu.config.suppressWarnings = flag"""
    _Deprecated("SuppressWarnings", "suppressWarnings", flag)


def SetPrintDelayMilliSeconds(delayMilliSeconds):
    """deprecated since Exudyn 1.13: exu.config.printDelayMilliSeconds = delayMilliSeconds"""
    _Deprecated("SetPrintDelayMilliSeconds", "printDelayMilliSeconds", delayMilliSeconds)


def SetLinalgOutputFormatPython(flagPythonFormat):
    """deprecated since Exudyn 1.13: exu.config.linalgOutputFormatPython = flagPythonFormat"""
    _Deprecated("SetLinalgOutputFormatPython", "linalgOutputFormatPython", flagPythonFormat)
