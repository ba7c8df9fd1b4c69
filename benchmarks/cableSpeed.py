"""Speed of a flexible pendulum of N planar ANCF cable elements (ObjectANCFCable2D,
GenerateStraightLineANCFCable2D): a 2 m cable pinned at one end falls from the horizontal under
gravity for 0.2 s (2000 steps of generalized-alpha, spectral radius 0.8, Exudyn's default Newton
with its numerical or exact Jacobians), on multidyn and, when the PyPI package 'exudyn' is
importable, on the identical Exudyn model in the same run. Prints microseconds per element and
step (best of R runs), the ratio, and the tip position of both, which must agree.
multidyn never depends on exudyn.

    python3 benchmarks/cableSpeed.py [--elements 8 16 32] [--runs 3]
"""
import argparse
import importlib
import time

import numpy as np

from sideBySide import Packages, PerItemAndStep, QuietSettings, ScratchDirectory

END_TIME, STEPS = 0.2, 2000


def TimeOnce(packageName, elements, steps):
    exu = importlib.import_module(packageName)
    items = importlib.import_module(packageName + ".itemInterface")
    beams = importlib.import_module(packageName + ".beams")
    mbs = exu.SystemContainer().AddSystem()
    cable = items.ObjectANCFCable2D(physicsMassPerLength=7.8, physicsBendingStiffness=80., physicsAxialStiffness=2e6,
                                    physicsAxialDamping=1e2, physicsBendingDamping=0.05)
    nodes = beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [2, 0, 0], elements, cable,
                                                  massProportionalLoad=[0, -9.81, 0],
                                                  fixedConstraintsNode0=[1, 1, 0, 0])[0]
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = END_TIME
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    return seconds, np.asarray(mbs.GetNodeOutput(nodes[-1], exu.OutputVariableType.Position))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--elements", type=int, nargs="+", default=[8, 16, 32])
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    print(f"flexible pendulum, {END_TIME} s in {STEPS} steps, best of {arguments.runs} runs")
    with ScratchDirectory():
        for elements in arguments.elements:
            figures, tips = PerItemAndStep(packages, arguments.runs, TimeOnce, elements, STEPS, "element",
                                           lambda tip: f"tip = [{tip[0]:.9f}, {tip[1]:.9f}]")
            if "exudyn" in figures:
                difference = np.max(np.abs(tips["multidyn"] - tips["exudyn"]))
                print(f"           ratio multidyn/exudyn {figures['multidyn'] / figures['exudyn']:.2f}   "
                      f"tips differ by {difference:.1e} m")


if __name__ == "__main__":
    main()
