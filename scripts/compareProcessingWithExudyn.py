#!/usr/bin/env python3
"""Runs Exudyn's own processing examples on the exudyn wheel (pip install exudyn) and on multidyn
with only the import lines changed, and prints their results side by side (a developer tool;
nothing of Exudyn's is copied into this repository).

Given a local copy of Exudyn's repository (a bare git directory, e.g. the one the `fetch` tool
returns, or a work tree), it extracts the scripts below into a temporary directory, runs each as
it is (exudyn) and with `exudyn` replaced by `multidyn` in its import lines (multidyn), each in a
subprocess of its own with matplotlib's Agg backend, and compares the variables the scripts
compute (optimum, values, sensitivities):

* TestModels/geneticOptimizationTest.py: GeneticOptimization with randomizerInitialization=0 and a
  ParameterVariation in log space (Exudyn's test values: 0.0030262381366063158, 0.09814894553165972)
* Examples/parameterVariationExample.py: two ParameterVariations of 256 runs on a process pool
* Examples/minimizeExample.py: Minimize (scipy's Nelder-Mead) with a results file
* Examples/ComputeSensitivitiesExample.py: ComputeSensitivities and PlotSensitivityResults; two
  lines are dropped for both packages: the unused import of exudyn.utilities.AddSensorRecorder
  (which multidyn lacks) and `useMultiProcessing = exudyn` (unused; a NameError on Exudyn itself)

    .venv/bin/python scripts/compareProcessingWithExudyn.py /path/to/EXUDYN[.git] [--only NAME ...]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

scripts = {
    "geneticOptimizationTest": ("main/pythonDev/TestModels/geneticOptimizationTest.py", ["pOpt", "vOpt", "u", "v", "pList"]),
    "parameterVariationExample": ("main/pythonDev/Examples/parameterVariationExample.py", ["values", "values2"]),
    "minimizeExample": ("main/pythonDev/Examples/minimizeExample.py", ["pOpt", "vOpt", "values"]),
    "ComputeSensitivitiesExample": ("main/pythonDev/Examples/ComputeSensitivitiesExample.py",
                                    ["valRef", "sensitivity", "valuesSorted"]),
}

# runs in the subprocess: the script as __main__, then the chosen variables as one JSON line
driver = r'''
import json, sys, os
import numpy as np
import matplotlib
matplotlib.use("Agg")
sys.path.insert(0, os.getcwd())
fileName, names = sys.argv[1], sys.argv[2].split(",")
namespace = sys.modules["__main__"].__dict__
namespace["__file__"] = fileName
exec(compile(open(fileName, encoding="utf8").read(), fileName, "exec"), namespace)

def Plain(value):
    if isinstance(value, dict):
        return {str(k): Plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return np.asarray(value, dtype=float).tolist()
    return float(value)

print("RESULT-JSON " + json.dumps({name: Plain(namespace[name]) for name in names if name in namespace}))
'''


def ReadScript(repository, path):
    if os.path.isdir(os.path.join(repository, "main")):
        with open(os.path.join(repository, path), encoding="utf8") as file:
            return file.read()
    return subprocess.run(["git", "--git-dir", repository, "show", f"HEAD:{path}"], check=True, capture_output=True,
                          text=True).stdout


def ForMultidyn(text):
    """`exudyn` replaced by `multidyn` in the import lines, nothing else."""
    lines = []
    for line in text.splitlines():
        if re.match(r"\s*(import|from)\s+exudyn\b", line):
            line = re.sub(r"\bexudyn\b", "multidyn", line)
        lines.append(line)
    return "\n".join(lines) + "\n"


def WithoutUnusedLines(text):
    """ComputeSensitivitiesExample without its two unused lines that fail (see the module's text)."""
    text = re.sub(r"^\s*from\s+exudyn\.utilities\s+import\s+AddSensorRecorder\s*$", "", text, flags=re.MULTILINE)
    return re.sub(r"^\s*useMultiProcessing\s*=\s*exudyn\s*$", "", text, flags=re.MULTILINE)


def Run(directory, name, package, text, names, timeout):
    workDirectory = os.path.join(directory, package, name)
    os.makedirs(os.path.join(workDirectory, "solution"), exist_ok=True)
    fileName = os.path.join(workDirectory, name + ".py")
    with open(fileName, "w", encoding="utf8") as file:
        file.write(text)
    driverName = os.path.join(workDirectory, "driver.py")
    with open(driverName, "w", encoding="utf8") as file:
        file.write(driver)
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, driverName, fileName, ",".join(names)], cwd=workDirectory,
                              capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, MPLBACKEND="Agg"))
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}, timeout
    seconds = time.perf_counter() - start
    for line in done.stdout.splitlines():
        if line.startswith("RESULT-JSON "):
            return json.loads(line[len("RESULT-JSON "):]), seconds
    lastLines = (done.stderr or done.stdout).strip().splitlines()[-3:]
    return {"error": " | ".join(lastLines)}, seconds


def Flatten(value):
    if isinstance(value, dict):
        return np.concatenate([Flatten(value[key]) for key in sorted(value)]) if value else np.zeros(0)
    return np.asarray(value, dtype=float).ravel()


def Shown(value):
    array = Flatten(value)
    if array.size <= 4:
        return np.array2string(array, precision=17, separator=", ")
    return f"{array.size} values, first {array[0]!r}, last {array[-1]!r}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository", help="Exudyn's repository: a bare git directory or a work tree")
    parser.add_argument("--only", nargs="*", default=list(scripts))
    parser.add_argument("--timeout", type=float, default=600.)
    arguments = parser.parse_args()
    try:
        import exudyn  # noqa: F401
    except ImportError:
        sys.exit("the exudyn wheel is needed: .venv/bin/pip install exudyn")
    with tempfile.TemporaryDirectory() as directory:
        for name in arguments.only:
            path, names = scripts[name]
            text = ReadScript(arguments.repository, path)
            if name == "ComputeSensitivitiesExample":
                text = WithoutUnusedLines(text)
            exudynResult, exudynSeconds = Run(directory, name, "exudyn", text, names, arguments.timeout)
            multidynResult, multidynSeconds = Run(directory, name, "multidyn", ForMultidyn(text), names,
                                                  arguments.timeout)
            print(f"== {name} ({path}): exudyn {exudynSeconds:.1f} s, multidyn {multidynSeconds:.1f} s (whole script)")
            for package, result in (("exudyn", exudynResult), ("multidyn", multidynResult)):
                if "error" in result:
                    print(f"   {package}: ERROR {result['error']}")
            if "error" in exudynResult or "error" in multidynResult:
                continue
            for variable in names:
                if variable not in exudynResult or variable not in multidynResult:
                    print(f"   {variable}: missing")
                    continue
                a, b = Flatten(exudynResult[variable]), Flatten(multidynResult[variable])
                if a.shape != b.shape:
                    print(f"   {variable}: shapes differ: exudyn {a.shape}, multidyn {b.shape}")
                    continue
                scale = max(np.max(np.abs(a)), 1e-300) if a.size else 1.
                difference = np.max(np.abs(a - b)) / scale if a.size else 0.
                print(f"   {variable}: max |difference| / max |exudyn| = {difference:.2e}")
                print(f"      exudyn   {Shown(exudynResult[variable])}")
                print(f"      multidyn {Shown(multidynResult[variable])}")


if __name__ == "__main__":
    main()
