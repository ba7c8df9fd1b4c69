"""The results file of a study: written as runs finish, read back to resume a study.

The layout follows Exudyn's results files (comment lines with '#', then one line per run:
globalIndex, value, parameters, ...), so that Exudyn's tools that read the columns keep working.
Every field of a run's line is a JSON value (numbers written by repr, so they are read back
bit for bit; a value that is a list or array as a JSON list; the status and the message as JSON
strings), so the line is read back without ambiguity, also when a value holds commas:

    #globalIndex,value,mass,stiffness,computationIndex,status,time,message
    0, 0.0123, 1.0, 100.0, 0, "ok", 0.0041, ""

A study given a file that exists takes the runs found in it (same global index and same
parameters) instead of running them again, and appends the others.
"""
import json
import math
import os
import platform
import sys

import numpy as np

_decoder = json.JSONDecoder()


def _JsonValue(value):
    """value as JSON text: numbers by repr (exact), arrays and tuples as lists, anything else as its text."""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return "NaN" if math.isnan(value) else ("Infinity" if value == math.inf else
                                                ("-Infinity" if value == -math.inf else repr(value)))
    if isinstance(value, (list, tuple, np.ndarray)):
        return "[" + ", ".join(_JsonValue(entry) for entry in (value.tolist() if isinstance(value, np.ndarray)
                                                                 else value)) + "]"
    if value is None:
        return "null"
    return json.dumps(str(value))


def _ParseFields(line):
    """The JSON values of a line separated by ', '."""
    fields = []
    position = 0
    while position < len(line):
        value, position = _decoder.raw_decode(line, position)
        fields.append(value)
        while position < len(line) and line[position] in ", \t\r\n":
            position += 1
    return fields


def _SameParameter(a, b):
    if isinstance(a, (list, tuple, np.ndarray)) or isinstance(b, (list, tuple, np.ndarray)):
        try:
            return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float), equal_nan=True)
        except (TypeError, ValueError):
            return False
    if isinstance(a, (int, float, np.integer, np.floating)) and isinstance(b, (int, float, np.integer, np.floating)):
        return float(a) == float(b) or (math.isnan(float(a)) and math.isnan(float(b)))
    return str(a) == str(b)


def VersionPlatformString():
    """Which code and machine wrote a file."""
    from multidyn.api.console import __version__
    version = "multidyn version = " + __version__
    return (f"{version}; Python{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}; "
            f"{platform.system()}{platform.release()}; {platform.machine()}")


class ResultsFile:
    """A study's results file. header: {'fileType': ..., 'parameters': the study's parameter
    description (written in the header), 'parameterNames': the names written per run}."""

    def __init__(self, fileName, header, where):
        if not isinstance(fileName, (str, os.PathLike)):
            raise TypeError(f"{where}: parameter 'resultsFile': expected a file name (str), got "
                            f"{type(fileName).__name__}")
        self.fileName = os.fspath(fileName)
        self.where = where
        self.header = header or {}
        self.parameterNames = list(self.header.get("parameterNames", []))
        self.stored = {}  # globalIndex -> (parameters, RunRecord)
        if os.path.exists(self.fileName) and os.path.getsize(self.fileName) > 0:
            self._Read()
            self.headerWritten = True
        else:
            self.headerWritten = False

    # ---- reading -----------------------------------------------------------------------------------------
    def _Read(self):
        from multidyn.analysis.studyRunner import RunRecord
        columns = None
        with open(self.fileName, encoding="utf-8") as file:
            for line in file:
                text = line.strip()
                if text.startswith("#globalIndex"):
                    columns = [name.strip() for name in text[1:].split(",")]
                    continue
                if not text or text.startswith("#") or text.startswith("functionData:"):
                    continue
                if columns is None or "status" not in columns:
                    raise ValueError(f"{self.where}: resultsFile '{self.fileName}' exists but was not written by "
                                     "multidyn (no '#globalIndex,...,status' column line), so the study cannot be "
                                     "resumed from it: give another file name or remove it")
                try:
                    fields = _ParseFields(text)
                except ValueError:  # a line cut short when a study was stopped: that run is made again
                    continue
                if len(fields) != len(columns):
                    continue  # cut short
                entry = dict(zip(columns, fields))
                parameters = {name: entry[name] for name in columns[2:-3]}
                value = entry["value"]
                if isinstance(value, list):
                    value = np.asarray(value, dtype=float) if _AllNumbers(value) else value
                record = RunRecord(int(entry["globalIndex"]), parameters, value, entry["status"], entry["message"],
                                   float(entry["time"]), fromResultsFile=True)
                self.stored[record.index] = record

    def Stored(self, index, parameters):
        """The stored RunRecord of run `index` if its parameters are those given, else None. A failed
        run is stored too (it is not repeated: remove its line to run it again)."""
        record = self.stored.get(index)
        if record is None:
            return None
        for name, value in record.parameters.items():
            if name in parameters and not _SameParameter(parameters[name], value):
                raise ValueError(f"{self.where}: resultsFile '{self.fileName}' holds run {index} with {name} = "
                                 f"{value!r}, but this study's run {index} has {name} = {parameters[name]!r}: the "
                                 "file belongs to another study; give another file name or remove it")
        from multidyn.analysis.studyRunner import RunRecord
        return RunRecord(record.index, parameters, record.value, record.status, record.message, record.seconds,
                         fromResultsFile=True)

    # ---- writing -----------------------------------------------------------------------------------------
    def _WriteHeader(self, mode):
        directory = os.path.dirname(self.fileName)
        if directory:
            os.makedirs(directory, exist_ok=True)
        parameters = self.header.get("parameters", {})
        with open(self.fileName, "w", encoding="utf-8") as file:
            file.write(f"#multidyn {self.header.get('fileType', 'parameter variation')} results file:"
                       f"{self.fileName}\n")
            file.write("#results stored columnwise for every parameter and individual\n")
            file.write(f"#{VersionPlatformString()}(processing={mode})\n")
            functionData = self.header.get("functionData")
            file.write(f"functionData:{functionData}\n" if functionData else "#\n")
            file.write("#columns:\n")
            file.write("#" + ",".join(["globalIndex", "value"] + self.parameterNames +
                                      ["status", "time", "message"]) + "\n")
            file.write('#parameter ranges [format: (begin, end, numberOfVariations) or list, parameters separated '
                       'with ";"]:\n')
            file.write("#" + ";".join(str(value) for key, value in parameters.items() if key != "functionData") + "\n")
        self.headerWritten = True

    def Append(self, record, mode):
        if record.fromResultsFile:
            return
        if not self.headerWritten:
            self._WriteHeader(mode)
        fields = [_JsonValue(record.index), _JsonValue(np.nan if record.failed else record.value)]
        fields += [_JsonValue(record.parameters.get(name, np.nan)) for name in self.parameterNames]
        fields += [json.dumps(record.status), repr(float(record.seconds)), json.dumps(record.message)]
        with open(self.fileName, "a", encoding="utf-8") as file:  # one write per run: a cut leaves one short line
            file.write(", ".join(fields) + "\n")


def _AllNumbers(values):
    return all(isinstance(value, (int, float)) or (isinstance(value, list) and _AllNumbers(value)) for value in values)
