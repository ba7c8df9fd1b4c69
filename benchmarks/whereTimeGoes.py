"""Where a time step of the models of Exudyn's four performance scripts (benchmarks/performanceModels.py)
goes in multidyn: the steps run under valgrind's callgrind, which counts instructions (repeatable,
whatever else the machine does), and the instructions per step are split into the residual
evaluation (with the Python user functions called in it, also shown on their own), the Jacobian,
its factorisation, the linear solves, and the rest (the integrator's own vector work, step
control, output). Needs valgrind (Debian's package); takes about a minute.

    python3 benchmarks/whereTimeGoes.py [--only pendulum ...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


steps = {"pendulum": 20000, "springDamperUserFunction": 20000, "springDamperExplicit": 100000, "rigidBodies3D": 40}

# part: callgrind function names (inclusive counts; the parts do not contain each other, except
# the user functions, which run inside the residuals)
parts = {
    "residuals": [r"multidyn::SystemEquations::ComputeResiduals\(", r"multidyn::SystemEquations::ComputeODE2Residual\(",
                  r"multidyn::SystemEquations::ComputeODE2ResidualAtZeroAcceleration\(",
                  r"multidyn::SystemEquations::ComputeODE1Residual\("],
    "Jacobian": [r"multidyn::SystemEquations::ComputeJacobian\("],
    "factorisation": [r"multidyn::LinearSolver::Factorize\("],
    "linear solves": [r"multidyn::LinearSolver::Solve\("],
    "Python user functions": [r"multidyn::CallUserFunction[A-Za-z0-9]*\("],
}
stepFunctions = ["*GeneralizedAlphaSolver::TryStep*", "*ExplicitSolver::RungeKuttaStep*"]

runner = r'''
import importlib, sys
sys.path.insert(0, %(benchmarks)r)
import performanceModels
from sideBySide import ScratchDirectory
exu = importlib.import_module("multidyn")
ii = importlib.import_module("multidyn.itemInterface")
builder, _ = performanceModels.models[%(name)r]
with ScratchDirectory():
    mbs, settings, arguments, result = builder(exu, ii, %(steps)d)
    mbs.SolveDynamic(settings, **arguments)
'''


def InclusiveCounts(outputFile):
    """{function name: inclusive instructions} from callgrind_annotate."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", outputFile],
                          capture_output=True, text=True, check=True).stdout
    counts = {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+(.*)$", line)
        if match:
            counts[match.group(2)] = int(match.group(1).replace(",", ""))
    return counts


def Profile(name):
    with tempfile.TemporaryDirectory(prefix="multidynProfile_") as directory:
        outputFile = os.path.join(directory, "callgrind.out")
        script = runner % {"benchmarks": os.path.dirname(os.path.abspath(__file__)), "name": name, "steps": steps[name]}
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={outputFile}"]
        command += [f"--toggle-collect={function}" for function in stepFunctions]
        subprocess.run(command + [sys.executable, "-W", "ignore", "-c", script], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        counts = InclusiveCounts(outputFile)
    total = counts["PROGRAM TOTALS"]  # what ran inside the step functions
    shares = {part: sum(count for function, count in counts.items() if any(re.search(p, function) for p in patterns))
              for part, patterns in parts.items()}
    shares["integrator and the rest"] = total - sum(v for k, v in shares.items() if k != "Python user functions")
    return total / steps[name], {part: count / total for part, count in shares.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=list(steps), default=list(steps))
    arguments = parser.parse_args()
    for name in arguments.only:
        perStep, shares = Profile(name)
        text = ", ".join(f"{part} {share:.0%}" for part, share in shares.items() if share > 0.)
        print(f"{name:25s} {perStep:10.0f} instructions per step: {text}")


if __name__ == "__main__":
    main()
