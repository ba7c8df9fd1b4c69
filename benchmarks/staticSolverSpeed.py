"""Speed of mbs.SolveStatic on a chain of N bars (Euler parameters, mbs.CreateRigidBody +
CreateRevoluteJoint + CreateTorsionalSpringDamper) hanging under gravity from a horizontal
start, in 10 load steps, EigenSparse, on multidyn and, when the PyPI package 'exudyn' is
importable, on the identical Exudyn model in the same run. Prints milliseconds per solve (best of
R runs), per body, the ratio, the Newton iterations and the tip of both, which must agree.
multidyn never depends on exudyn.

    python3 benchmarks/staticSolverSpeed.py [--bodies 10 20 40] [--runs 3]
"""
import argparse
import importlib
import time

import numpy as np

from sideBySide import BestOf, Packages, QuietSettings, ScratchDirectory


def TimeOnce(packageName, numberOfBodies):
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    mbs = exu.SystemContainer().AddSystem()
    length = 0.5
    previous = mbs.CreateGround()
    inertia = utilities.InertiaCuboid(density=500., sideLengths=[length, 0.05, 0.05])
    for i in range(numberOfBodies):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[(i + 0.5) * length, 0, 0], gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i * length, 0, 0], axis=[0, 0, 1])
        mbs.CreateTorsionalSpringDamper(bodyNumbers=[previous, body], position=[i * length, 0, 0], axis=[0, 0, 1],
                                        stiffness=2000. * numberOfBodies)
        previous = body
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.staticSolver.verboseMode = 0
    settings.staticSolver.numberOfLoadSteps = 10
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    start = time.perf_counter()
    mbs.SolveStatic(settings)
    seconds = time.perf_counter() - start
    tip = np.asarray(mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, localPosition=[0.5 * length, 0, 0]))
    iterations = (mbs.sys["staticSolverStatistics"]["newtonIterations"] if packageName == "multidyn"
                  else mbs.sys["staticSolver"].it.newtonStepsCount)
    return seconds, (tip, iterations)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bodies", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    with ScratchDirectory():
        for n in arguments.bodies:
            figures, results = {}, {}
            for packageName in packages:
                seconds, results[packageName] = BestOf(arguments.runs, TimeOnce, packageName, n)
                figures[packageName] = seconds * 1e3
                tip, iterations = results[packageName]
                print(f"N = {n:4d}  {packageName:9s} {figures[packageName]:9.3f} ms/solve  {figures[packageName] / n * 1e3:8.2f} "
                      f"us/body  {iterations:4d} Newton iterations  tip {tip}")
            if "exudyn" in figures:
                difference = np.linalg.norm(results["multidyn"][0] - results["exudyn"][0])
                print(f"N = {n:4d}  multidyn / exudyn = {figures['multidyn'] / figures['exudyn']:.2f}, "
                      f"tip difference {difference:.2e} m")


if __name__ == "__main__":
    main()
