"""Speed of a planar chain of N links as one ObjectKinematicTree (mbs.CreateKinematicTree, revolute z
joints, gravity along -y, released horizontally), on multidyn and, when the PyPI package 'exudyn' is
importable, on the identical Exudyn model: generalized-alpha (spectral radius 0.8), h = 1 ms, dense
linear solver (the tree's mass matrix is dense). Prints microseconds per link and step (best of R
runs), the ratio, and the difference of the final joint coordinates of both, which must be small.
multidyn never depends on exudyn.

    python3 benchmarks/kinematicTreeSpeed.py [--links 4 16 40] [--steps 500] [--runs 3]
"""
import argparse
import importlib
import sys
import time

import numpy as np

MODIFIED = "--modified" in sys.argv
if MODIFIED:
    sys.argv.remove("--modified")
from sideBySide import Packages, PerItemAndStep, QuietSettings, ScratchDirectory  # noqa: E402  (after the flag is taken from sys.argv)


def Tree(packageName, numberOfLinks):
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    length, width = 1., 0.1
    inertia = utilities.InertiaCuboid(density=1000., sideLengths=[length, width, width]).Translated([0.5 * length, 0, 0])
    links = [utilities.TreeLink(linkInertia=inertia, jointType=exu.JointType.RevoluteZ,
                                jointHT=utilities.HTtranslate([length if i > 0 else 0., 0., 0.]))
             for i in range(numberOfLinks)]
    tree = mbs.CreateKinematicTree(listOfTreeLinks=links, gravity=[0., -9.81, 0.], baseGraphicsDataList=[])
    mbs.Assemble()
    return exu, mbs, tree


def TimeOnce(packageName, numberOfLinks, numberOfSteps):
    exu, mbs, tree = Tree(packageName, numberOfLinks)
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = 0.001 * numberOfSteps
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.timeIntegration.newton.useModifiedNewton = MODIFIED
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    node = mbs.GetObject(tree)["nodeNumber"]
    return seconds, np.array(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, nargs="+", default=[4, 16, 40])
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    print(f"kinematic tree chain of N links, {arguments.steps} steps of h = 1 ms, best of {arguments.runs} runs")
    with ScratchDirectory():
        for n in arguments.links:
            figures, coordinates = PerItemAndStep(packages, arguments.runs, TimeOnce, n, arguments.steps, "link")
            if "exudyn" in figures:
                print(f"N = {n:4d}  multidyn / exudyn = {figures['multidyn'] / figures['exudyn']:.2f}, largest "
                      f"difference of the joint angles {np.abs(coordinates['multidyn'] - coordinates['exudyn']).max():.2e} rad")

if __name__ == "__main__":
    main()
