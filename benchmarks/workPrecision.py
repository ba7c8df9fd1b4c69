"""Work-precision diagram: error at the end time versus CPU time of every dynamic integrator of
multidyn (generalized-alpha and TrapezoidalIndex2 at several step sizes, SUNDIALS IDA and CVODE at
several tolerances) and, when the PyPI package 'exudyn' imports, Exudyn's generalized-alpha on the
same models, in one run. Models:
  andrews      Andrews' squeezer (examples/andrewsSqueezer.py, planar bodies and joints), error: the
               largest relative error of the seven angles at t = 0.03 s against the published
               reference solution of Mazzia and Iavernaro's Test Set for IVP Solvers;
  sliderCrank  a 3D slider-crank (Euler-parameter bodies, revolute, spherical and prismatic joints),
               error: slider position at t = 1 s against IDA at tolerance 1e-12;
  chain        the 100-body chain of benchmarks/chainSpeed.py, error: tip position at t = 0.5 s
               against IDA at tolerance 1e-11.
Prints the table and, for Andrews, the target: the least CPU time reaching relative error 1e-6 of
IDA against the best fixed-step generalized-alpha of multidyn and of Exudyn; writes
workPrecision.png (--plot). multidyn never depends on exudyn.

    python3 benchmarks/workPrecision.py [--models andrews sliderCrank chain] [--quick] [--plot file.png]
"""
import argparse
import importlib
import math
import os
import sys
import time

import numpy as np

from sideBySide import Packages, QuietSettings, ScratchDirectory

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import andrewsSqueezer as andrews  # noqa: E402
from chainSpeed import Chain  # noqa: E402


def Andrews(packageName):
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    mbs, nodes = andrews.AndrewsSqueezer(exu, ii)
    return exu, mbs, andrews.END_TIME, lambda: np.array(andrews.Angles(exu, mbs, nodes))


def SliderCrank(packageName):
    """Crank about a tilted axis through the origin, connecting rod on spherical joints, slider on a
    prismatic joint along x at z = 0.1 (out of the crank's plane), gravity -y, crank spinning at 10 rad/s."""
    exu = importlib.import_module(packageName)
    utilities = importlib.import_module(packageName + ".utilities")
    systemContainer = exu.SystemContainer()
    mbs = systemContainer.AddSystem()
    ground = mbs.CreateGround()
    crankInertia = utilities.InertiaCuboid(density=2000., sideLengths=[0.2, 0.04, 0.04])
    crank = mbs.CreateRigidBody(inertia=crankInertia, referencePosition=[0.1, 0, 0], gravity=[0, -9.81, 0],
                                initialAngularVelocity=[0, 0, 10.], initialVelocity=[0, 1., 0])
    rodLength = math.sqrt(0.5**2 + 0.1**2)
    rodInertia = utilities.InertiaCuboid(density=2000., sideLengths=[rodLength, 0.03, 0.03])
    direction = np.array([0.5, 0, 0.1]) / rodLength
    rotation = np.array([direction, np.cross([0, 1., 0], direction), [0, 1., 0]]).T
    rotation[:, 1] = np.cross(rotation[:, 2], rotation[:, 0])
    rod = mbs.CreateRigidBody(inertia=rodInertia, referencePosition=[0.2 + 0.25, 0, 0.05],
                              referenceRotationMatrix=rotation, gravity=[0, -9.81, 0],
                              initialVelocity=[0, 1., 0], initialAngularVelocity=[0, 0, -2.])
    slider = mbs.CreateRigidBody(inertia=utilities.InertiaCuboid(density=2000., sideLengths=[0.1, 0.05, 0.05]),
                                 referencePosition=[0.7, 0, 0.1], gravity=[0, -9.81, 0])
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, crank], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.CreateSphericalJoint(bodyNumbers=[crank, rod], position=[0.2, 0, 0])
    mbs.CreateSphericalJoint(bodyNumbers=[rod, slider], position=[0.7, 0, 0.1])
    mbs.CreatePrismaticJoint(bodyNumbers=[ground, slider], position=[0.7, 0, 0.1], axis=[1, 0, 0])
    mbs.Assemble()
    return exu, mbs, 1., lambda: np.array(mbs.GetObjectOutputBody(slider, exu.OutputVariableType.Position,
                                                                  localPosition=[0, 0, 0]))


def HundredBodyChain(packageName):
    exu, mbs, lastBody = Chain(packageName, 100)
    return exu, mbs, 0.5, lambda: np.array(mbs.GetObjectOutputBody(lastBody, exu.OutputVariableType.Position,
                                                                   localPosition=[0.5, 0, 0]))


MODELS = {"andrews": Andrews, "sliderCrank": SliderCrank, "chain": HundredBodyChain}


def Run(model, packageName, solverName, parameter):
    """(CPU seconds of the solve, final result vector) of one run; parameter: steps or tolerance."""
    exu, mbs, endTime, result = MODELS[model](packageName)
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = endTime
    solverType = getattr(exu.DynamicSolverType, solverName)
    if solverName in ("IDA", "CVODE"):
        settings.timeIntegration.numberOfSteps = 10  # output points only
        settings.timeIntegration.sundials.relativeTolerance = parameter
        settings.timeIntegration.sundials.absoluteTolerance = parameter
    else:
        settings.timeIntegration.numberOfSteps = int(parameter)
        settings.timeIntegration.newton.relativeTolerance = 1e-10
        settings.timeIntegration.newton.absoluteTolerance = 1e-12
        settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    if model == "chain":
        settings.linearSolverType = exu.LinearSolverType.EigenSparse
    start = time.process_time()
    try:
        mbs.SolveDynamic(settings, solverType=solverType)
    except Exception as error:  # a failed run is a point without error
        print(f"  {model} {packageName} {solverName} {parameter}: failed ({str(error)[:120]})")
        return time.process_time() - start, None
    return time.process_time() - start, result()


def Error(model, value, reference):
    if value is None:
        return float("nan")
    if model == "andrews":
        return float(np.max(np.abs(value - reference) / np.abs(reference)))
    return float(np.max(np.abs(value - reference)))


def Cases(model, packages, quick):
    """(package, solver, parameters) to run for a model."""
    if model == "andrews":
        steps = [1500, 3000, 6000, 12000, 24000, 48000] if not quick else [3000, 12000]
        tolerances = [1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9] if not quick else [1e-6, 1e-8]
    elif model == "sliderCrank":
        steps = [100, 200, 400, 800, 1600, 3200] if not quick else [200, 800]
        tolerances = [1e-4, 1e-6, 1e-8, 1e-10] if not quick else [1e-6]
    else:
        steps = [125, 250, 500, 1000] if not quick else [250]
        tolerances = [1e-4, 1e-6, 1e-8] if not quick else [1e-6]
    cases = [("multidyn", "GeneralizedAlpha", steps), ("multidyn", "TrapezoidalIndex2", steps),
             ("multidyn", "IDA", tolerances)]
    if model != "chain":  # CVODE's dense difference-quotient Jacobian on 1300 unknowns: not a contest
        cases.append(("multidyn", "CVODE", tolerances))
    if "exudyn" in packages:
        cases.append(("exudyn", "GeneralizedAlpha", steps))
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", nargs="+", default=list(MODELS), choices=list(MODELS))
    parser.add_argument("--quick", action="store_true", help="fewer points (a smoke run)")
    parser.add_argument("--plot", default="workPrecision.png", help="PNG file ('' for none)")
    arguments = parser.parse_args()
    packages = Packages()
    plotFile = os.path.abspath(arguments.plot) if arguments.plot else ""
    results = {}
    with ScratchDirectory():
        for model in arguments.models:
            if model == "andrews":
                reference = np.array(andrews.REFERENCE_ANGLES)
                referenceText = "Test Set for IVP Solvers, andrews, SOLN"
            else:
                _, reference = Run(model, "multidyn", "IDA", 1e-12 if model == "sliderCrank" else 1e-11)
                referenceText = "multidyn IDA, tolerance 1e-12" if model == "sliderCrank" else "multidyn IDA, tolerance 1e-11"
            print(f"\n{model}: reference {referenceText}")
            print(f"{'package':9s} {'solver':18s} {'steps/tol':>10s} {'CPU [s]':>9s} {'error':>10s}")
            rows = []
            for packageName, solverName, parameters in Cases(model, packages, arguments.quick):
                for parameter in parameters:
                    seconds, value = Run(model, packageName, solverName, parameter)
                    error = Error(model, value, reference)
                    rows.append((packageName, solverName, parameter, seconds, error))
                    print(f"{packageName:9s} {solverName:18s} {parameter:10.3g} {seconds:9.3f} {error:10.2e}", flush=True)
            results[model] = rows
    if "andrews" in results:
        print("\nAndrews' squeezer, least CPU time reaching relative error 1e-6:")
        for label, package, solvers in [("multidyn IDA", "multidyn", ("IDA",)),
                                        ("multidyn CVODE", "multidyn", ("CVODE",)),
                                        ("multidyn generalized-alpha (fixed step)", "multidyn", ("GeneralizedAlpha",)),
                                        ("exudyn generalized-alpha (fixed step)", "exudyn", ("GeneralizedAlpha",))]:
            times = [r[3] for r in results["andrews"] if r[0] == package and r[1] in solvers and r[4] <= 1e-6]
            print(f"  {label:42s} " + (f"{min(times):.3f} s" if times else "not reached in the runs"))
    if plotFile:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        figure, axes = plt.subplots(1, len(results), figsize=(5.5 * len(results), 4.5), squeeze=False)
        for axis, (model, rows) in zip(axes[0], results.items()):
            for key in sorted({(r[0], r[1]) for r in rows}):
                points = [(r[3], r[4]) for r in rows if (r[0], r[1]) == key and np.isfinite(r[4])]
                if points:
                    axis.loglog([p[0] for p in points], [p[1] for p in points], "o-", label=f"{key[0]} {key[1]}")
            axis.set_title(model)
            axis.set_xlabel("CPU time [s]")
            axis.set_ylabel("relative error" if model == "andrews" else "error [m]")
            axis.grid(True, which="both", alpha=0.3)
            axis.legend(fontsize=7)
        figure.tight_layout()
        figure.savefig(plotFile, dpi=120)
        print(f"\nplot: {plotFile}")


if __name__ == "__main__":
    main()
