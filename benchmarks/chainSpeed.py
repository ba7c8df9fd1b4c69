"""Speed of a chain of N rigid bodies (Euler parameters, mbs.CreateRigidBody + CreateRevoluteJoint,
joints about z, gravity along -y), in one run on multidyn and, when the PyPI package 'exudyn' is
importable, on the identical Exudyn model: EigenSparse, modified Newton, spectral radius 0.8,
h = 1 ms, on --threads threads (parallel.numberOfThreads, the same for both). Prints microseconds per
body and step (best of R runs), the ratio, and the tip position
of both, which must agree. multidyn never depends on exudyn.

    python3 benchmarks/chainSpeed.py [--bodies 10 100 400] [--steps 1000] [--runs 3] [--threads 1]
"""
import argparse
import importlib
import time

import numpy as np

from sideBySide import Packages, PerItemAndStep, QuietSettings, ScratchDirectory


def Chain(packageName, numberOfBodies):
    """The system, and the marker-free node number of the last body (for the tip position)."""
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    length, width = 1., 0.1
    inertia = utilities.InertiaCuboid(density=1000., sideLengths=[length, width, width])
    previous = mbs.CreateGround()
    lastBody = None
    for i in range(numberOfBodies):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[(i + 0.5) * length, 0, 0],
                                   gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[i * length, 0, 0], axis=[0, 0, 1])
        previous = lastBody = body
    mbs.Assemble()
    return exu, mbs, lastBody


def TimeOnce(packageName, numberOfBodies, numberOfSteps, numberOfThreads):
    exu, mbs, lastBody = Chain(packageName, numberOfBodies)
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = 0.001 * numberOfSteps
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.parallel.numberOfThreads = numberOfThreads
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse if hasattr(exu, "LinearSolverType") else "EigenSparse"
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    tip = np.array(mbs.GetObjectOutputBody(lastBody, exu.OutputVariableType.Position, localPosition=[0.5, 0, 0]))
    return seconds, tip


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bodies", type=int, nargs="+", default=[10, 100, 400])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    arguments = parser.parse_args()
    packages = Packages()
    print(f"chain of N rigid bodies, {arguments.steps} steps of h = 1 ms, best of {arguments.runs} runs, "
          f"{arguments.threads} thread(s)")
    def timeOnce(packageName, n, steps):
        return TimeOnce(packageName, n, steps, arguments.threads)

    with ScratchDirectory():
        for n in arguments.bodies:
            figures, tips = PerItemAndStep(packages, arguments.runs, timeOnce, n, arguments.steps, "body",
                                           lambda tip: f"tip {tip}")
            if "exudyn" in figures:
                print(f"N = {n:4d}  multidyn / exudyn = {figures['multidyn'] / figures['exudyn']:.2f}, "
                      f"tip difference {np.linalg.norm(tips['multidyn'] - tips['exudyn']):.2e} m")

if __name__ == "__main__":
    main()
