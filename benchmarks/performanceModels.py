"""Speed of the models of Exudyn's four performance scripts (perfRigidPendulum,
perfSpringDamperUserFunction, perfSpringDamperExplicit, perf3DRigidBodies), built here in our own
code with the same items, parameters and solver settings, on multidyn and, when the PyPI package
'exudyn' is importable, on Exudyn in the same run. Prints microseconds per step (best of R runs),
the ratio multidyn/exudyn and the relative difference of the final results. For a model with
Python user functions it also prints their floor: the calls per step each package makes, and the
time per step their bodies alone take (each function timed from Python with the arguments of its
first call, times its calls per step), which no engine can go below. The step counts are smaller
than in Exudyn's scripts (--scale 1 gives theirs). multidyn never depends on exudyn.

    python3 benchmarks/performanceModels.py [--scale 0.1] [--runs 2] [--only pendulum ...]
"""
import argparse
import importlib
import time
import timeit

import numpy as np

from sideBySide import BestOf, Packages, QuietSettings, ScratchDirectory


def RigidPendulum(exu, ii, steps, wrap=None):
    """A 2D rigid bar on a revolute joint under its weight, rotating at 2 rad/s initially:
    h = 2 ms, modified Newton, relative tolerance 1e-6, spectral radius 0.7."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    halfLength, mass = 0.5, 12.
    ground = mbs.AddObject(ii.ObjectGround())
    node = mbs.AddNode(ii.Rigid2D(referenceCoordinates=[-0.5, 1, 0], initialVelocities=[0, 0, 2]))
    body = mbs.AddObject(ii.RigidBody2D(physicsMass=mass, physicsInertia=mass / 12 * (2 * halfLength)**2,
                                        nodeNumber=node))
    support = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=body, localPosition=[-0.5, 0, 0]))
    center = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=body, localPosition=[0, 0, 0]))
    pivot = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[-1, 1, 0]))
    mbs.AddObject(ii.RevoluteJoint2D(markerNumbers=[pivot, support]))
    mbs.AddLoad(ii.Force(markerNumber=center, loadVector=[0, -mass * 9.81, 0]))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 0.002 * steps
    settings.timeIntegration.newton.relativeTolerance = 1e-6
    settings.timeIntegration.newton.absoluteTolerance = 1e-10
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize = 1
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.7
    return mbs, settings, {}, lambda: np.abs(mbs.GetNodeOutput(node, exu.OutputVariableType.Position)).sum()


def SpringDamperUserFunction(exu, ii, steps, wrap=lambda function: function):
    """A mass on a cubic coordinate spring-damper (Python spring law) driven by a Python sine-sweep
    load: h = 1e-4 s, spectral radius 1. Two Python calls per residual."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mass, stiffness, damping, amplitude = 1.6, 4000., 4., 80.
    endTime = 1e-4 * steps
    frequencyEnd = np.sqrt(stiffness / mass) / (2 * np.pi)

    def SpringForce(mbs, t, itemNumber, u, v, k, d, offset):
        return 0.1 * k * u + k * u**3 + v * d

    def SweepLoad(mbs, t, load):
        return load * np.sin(2 * np.pi * (0.5 * frequencyEnd / endTime * t) * t)

    node = mbs.AddNode(ii.Point(referenceCoordinates=[0.5, 0, 0]))
    ground = mbs.AddNode(ii.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(ii.MassPoint(physicsMass=mass, nodeNumber=node))
    mGround = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    mNode = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[mGround, mNode], stiffness=stiffness, damping=damping,
                                            springForceUserFunction=wrap(SpringForce)))
    mbs.AddLoad(ii.LoadCoordinate(markerNumber=mNode, load=amplitude, loadUserFunction=wrap(SweepLoad)))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1
    return mbs, settings, {}, lambda: mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0]


def SpringDamperExplicit(exu, ii, steps, wrap=None):
    """A damped linear oscillator with a constant load, explicit Euler, h = 1e-4 s, without
    end-of-step accelerations."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(ii.Point(referenceCoordinates=[0.5, 0, 0], initialCoordinates=[-0.08, 0, 0],
                                initialVelocities=[1, 0, 0]))
    ground = mbs.AddNode(ii.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(ii.MassPoint(physicsMass=1.6, nodeNumber=node))
    mGround = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    mNode = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[mGround, mNode], stiffness=4000., damping=8.))
    mbs.AddLoad(ii.LoadCoordinate(markerNumber=mNode, load=80.))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 1e-4 * steps
    settings.timeIntegration.explicit.computeEndOfStepAccelerations = False
    return (mbs, settings, {"solverType": exu.DynamicSolverType.ExplicitEuler},
            lambda: np.abs(mbs.GetNodeOutput(node, exu.OutputVariableType.Position)).sum())


def RigidBodies3D(exu, ii, steps, wrap=None):
    """400 bodies (Euler parameters) in a chain of revolute joints whose axes turn from body to
    body, under gravity: h = 1 ms, modified Newton, EigenSparse, spectral radius 0.8, and, as in
    Exudyn's script, parallel.numberOfThreads = 4 (multidyn uses at most one thread per core)."""
    utilities = importlib.import_module(exu.__name__ + ".utilities")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    length, width, numberOfBodies = 0.4, 0.1, 400
    previous = mbs.AddObject(ii.ObjectGround(referencePosition=[-0.5 * length, 0, 0]))
    A_0B = np.eye(3)  # orientation of the body frames
    A_0Bprevious = np.eye(3)
    p_0 = np.zeros(3)
    inertia = utilities.InertiaCuboid(density=1000, sideLengths=[length, width, width])
    step = 0.01 * np.pi
    for _ in range(numberOfBodies):
        axis_0 = A_0B @ [0, 0, 1]
        p_0 = p_0 + A_0B @ [0.5 * length, 0, 0]
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=list(p_0), referenceRotationMatrix=A_0B,
                                   gravity=[0, 0, 9.81])
        mbs.CreateRevoluteJoint(bodyNumbers=[previous, body], position=[0.5 * length, 0, 0],
                                axis=list(A_0Bprevious.T @ axis_0), useGlobalFrame=False)
        previous = body
        p_0 = p_0 + A_0B @ [0.5 * length, 0, 0]
        A_0Bprevious = A_0B
        A_0B = A_0B @ utilities.RotationMatrixX(step) @ utilities.RotationMatrixZ(2 * step)
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 1e-3 * steps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.timeIntegration.newton.useModifiedNewton = True
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    settings.parallel.numberOfThreads = 4
    return mbs, settings, {}, lambda: np.abs(mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position,
                                                                     localPosition=[0, 0, 0])).sum()


usesUserFunctions = {"springDamperUserFunction"}

models = {  # name: (builder, steps of Exudyn's script)
    "pendulum": (RigidPendulum, 1000000),
    "springDamperUserFunction": (SpringDamperUserFunction, 500000),
    "springDamperExplicit": (SpringDamperExplicit, 5000000),
    "rigidBodies3D": (RigidBodies3D, 1000),
}


def TimeOnce(packageName, builder, steps):
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    mbs, settings, arguments, result = builder(exu, ii, steps)
    start = time.perf_counter()
    mbs.SolveDynamic(settings, **arguments)
    return time.perf_counter() - start, float(result())


def UserFunctionFloor(packageName, builder, steps):
    """(calls per step, microseconds per step in the bodies of the model's Python user functions):
    the calls counted in a solve, each function's cost from Python with the arguments of its first
    call (less the cost of calling an empty function), times its calls per step."""
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    counts, firstArguments = {}, {}

    def Counted(function):
        counts[function] = 0

        def Wrapper(*arguments):
            counts[function] += 1
            firstArguments.setdefault(function, arguments)
            return function(*arguments)
        return Wrapper

    mbs, settings, arguments, _ = builder(exu, ii, steps, Counted)
    mbs.SolveDynamic(settings, **arguments)
    calls = 20000
    empty = min(timeit.repeat(lambda: None, number=calls, repeat=5)) / calls
    bodies = 0.
    for function, count in counts.items():
        if count == 0:
            continue
        one = min(timeit.repeat(lambda: function(*firstArguments[function]), number=calls, repeat=5)) / calls
        bodies += max(one - empty, 0.) * count / steps
    return sum(counts.values()) / steps, bodies * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=0.1, help="fraction of the steps of Exudyn's scripts")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--only", nargs="+", choices=list(models), default=list(models))
    arguments = parser.parse_args()
    packages = Packages()
    with ScratchDirectory():
        for name in arguments.only:
            builder, fullSteps = models[name]
            steps = max(1, int(round(fullSteps * arguments.scale)))
            figures, results = {}, {}
            for packageName in packages:
                seconds, results[packageName] = BestOf(arguments.runs, TimeOnce, packageName, builder, steps)
                figures[packageName] = seconds / steps * 1e6
                print(f"{name:25s} {packageName:9s} {steps:8d} steps {figures[packageName]:9.3f} us/step   "
                      f"result {results[packageName]:.12g}")
            if "exudyn" in figures:
                difference = abs(results["multidyn"] - results["exudyn"]) / max(abs(results["exudyn"]), 1e-300)
                print(f"{name:25s} multidyn / exudyn = {figures['multidyn'] / figures['exudyn']:.2f}, "
                      f"relative difference of the results {difference:.2e}")
            if name in usesUserFunctions:
                floors = {}
                for packageName in packages:
                    callsPerStep, floors[packageName] = UserFunctionFloor(packageName, builder, steps)
                    engine = figures[packageName] - floors[packageName]
                    print(f"{name:25s} {packageName:9s} {callsPerStep:.3f} Python calls per step; their bodies alone "
                          f"{floors[packageName]:.3f} us/step ({floors[packageName] / figures[packageName]:.0%} of its "
                          f"step), the rest {engine:.3f} us/step")
                if "exudyn" in figures:
                    bodies = min(floors.values())
                    engineRatio = (figures["multidyn"] - floors["multidyn"]) / (figures["exudyn"] - floors["exudyn"])
                    print(f"{name:25s} the rest (engine and call overhead) multidyn / exudyn = {engineRatio:.2f}; "
                          f"with an engine of zero cost multidyn / exudyn would be {bodies / figures['exudyn']:.2f}; "
                          f"a ratio of 0.5 needs the rest at {max(0.5 * figures['exudyn'] - bodies, 0.):.3f} us/step")


if __name__ == "__main__":
    main()
