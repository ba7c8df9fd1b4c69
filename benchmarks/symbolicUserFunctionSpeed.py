"""Speed of symbolic user functions: Exudyn's test model perfSpringDamperUserFunction (a Duffing
oscillator: a mass point on a CoordinateSpringDamper with springForceUserFunction
0.1 k u + k u^3 + d v and a LoadCoordinate with a frequency-sweep loadUserFunction; generalized-alpha,
h = 1e-4 s, spectralRadius 1) with its two user functions written once for numpy and once for
exu.symbolic. Times multidyn with the symbolic functions, multidyn with the Python ones and, if the
PyPI package exudyn imports, exudyn with both, in one run; prints the best of R runs in microseconds
per step, the final positions and the ratios.

    python3 benchmarks/symbolicUserFunctionSpeed.py [--steps N] [--runs R]
"""
import argparse
import importlib
import time

import numpy as np

from sideBySide import Packages, QuietSettings, ScratchDirectory

MASS, SPRING, DAMPER, LOAD0 = 1.6, 4000., 4., 80.
H = 1e-4


def Functions(math, tEnd):
    """(springForce, userLoad) of perfSpringDamperUserFunction, with math = numpy or exu.symbolic."""
    omega0 = np.sqrt(SPRING / MASS)
    f0, f1 = 0., omega0 / (2 * np.pi)

    def springForce(mbs, t, itemIndex, u, v, k, d, offset):
        return 0.1 * k * u + k * u**3 + v * d

    def Sweep(t, t1, f0, f1):
        k = (f1 - f0) / t1
        return math.sin(2 * np.pi * (f0 + k * 0.5 * t) * t)

    def userLoad(mbs, t, load):
        return load * Sweep(t, tEnd, f0, f1)
    return springForce, userLoad


def TimeOnce(packageName, steps, symbolic):
    """Seconds in mbs.SolveDynamic and the final position; symbolic None: no user functions (the
    linear law and a constant load: another motion, the cost of the solver alone for this model)."""
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    tEnd = steps * H
    springForce, userLoad = Functions(exu.symbolic if symbolic else np, tEnd)
    if symbolic is None:
        springForce = userLoad = 0
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n1 = mbs.AddNode(ii.Point(referenceCoordinates=[0.5, 0, 0]))
    nGround = mbs.AddNode(ii.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(ii.MassPoint(physicsMass=MASS, nodeNumber=n1))
    groundMarker = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    nodeMarker = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    spring = mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[groundMarker, nodeMarker], stiffness=SPRING,
                                                     damping=DAMPER, springForceUserFunction=springForce))
    load = mbs.AddLoad(ii.LoadCoordinate(markerNumber=nodeMarker, load=LOAD0, loadUserFunction=userLoad))
    keep = []
    if symbolic:
        utilities = importlib.import_module(packageName + ".utilities")
        keep = [utilities.CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', spring),
                utilities.CreateSymbolicUserFunction(mbs, userLoad, 'loadUserFunction', load)]
        mbs.SetObjectParameter(spring, 'springForceUserFunction', keep[0])
        mbs.SetLoadParameter(load, 'loadUserFunction', keep[1])
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = tEnd
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    return seconds, float(mbs.GetNodeOutput(n1, exu.OutputVariableType.Position)[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    print(f"perfSpringDamperUserFunction, {arguments.steps} steps of h = {H} s, best of {arguments.runs} runs")
    # rounds of every configuration in turn, the best of each kept: a load that changes during the
    # run (a shared machine) then weighs on all configurations alike
    configurations = [(p, symbolic) for p in packages for symbolic in (True, False, None)]
    seconds, positions = {}, {}
    with ScratchDirectory():
        for _ in range(arguments.runs):
            for configuration in configurations:
                time_, positions[configuration] = TimeOnce(configuration[0], arguments.steps, configuration[1])
                seconds[configuration] = min(seconds.get(configuration, float("inf")), time_)
    figures = {c: seconds[c] / arguments.steps * 1e6 for c in configurations}
    for packageName, symbolic in configurations:
        label = {True: 'symbolic user functions', False: 'Python user functions',
                 None: 'no user function (solver alone)'}[symbolic]
        print(f"{packageName:9s} {label:32s}: {figures[packageName, symbolic]:8.3f} us/step   "
              f"(final position {positions[packageName, symbolic]:.12g} m)")
    if "exudyn" in packages:
        md = figures["multidyn", True]
        print(f"exudyn+Python / multidyn+symbolic:   {figures['exudyn', False] / md:6.2f}  (target >= 3)")
        print(f"exudyn+symbolic / multidyn+symbolic: {figures['exudyn', True] / md:6.2f}  (target >= 2)")
        print(f"multidyn+Python / multidyn+symbolic: {figures['multidyn', False] / md:6.2f}")


if __name__ == "__main__":
    main()
