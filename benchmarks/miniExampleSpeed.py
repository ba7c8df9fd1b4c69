"""Speed of the torsional spring-damper mini example (examples/torsionalSpringDamperMiniExample.py):
100,000 generalized-alpha steps of h = 0.01 s (endTime = 1000 s), no solution file, no sensors, with
the connector's built-in linear torque and with the seed's cubic springTorqueUserFunction (a Python
callback in every residual and Jacobian evaluation). Prints the best of 3 runs in microseconds per
step. If Exudyn (PyPI package 'exudyn') is importable, the same model is timed in Exudyn too and the
ratio is printed; multidyn never depends on it.

    python3 benchmarks/miniExampleSpeed.py [--steps N] [--runs R]
"""
import argparse
import importlib
import time

from sideBySide import BestOf, Packages, QuietSettings, ScratchDirectory


def UFforce(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset):
    """The seed's cubic spring (plus the damping term)."""
    return stiffness * rotation + 0.1 * stiffness * rotation**3 + damping * angularVelocity


def RigidBodyItem(itemInterface, nodeNumber):
    try:
        return itemInterface.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nodeNumber)
    except TypeError:  # older Exudyn
        return itemInterface.RigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0], nodeNumber=nodeNumber)


def MiniExample(packageName, userFunction=False):
    """(exu, the assembled mini example's mbs, its body node); userFunction: the seed's cubic spring."""
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    k = 2e3
    oGround = mbs.AddObject(ii.ObjectGround())
    nBody = mbs.AddNode(ii.RigidRxyz())
    mbs.AddObject(RigidBodyItem(ii, nBody))
    mBody = mbs.AddMarker(ii.MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
    mbs.AddObject(ii.RevoluteJointZ(markerNumbers=[mGround, mBody]))
    mbs.AddObject(ii.TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=k, damping=k * 0.01, offset=0,
                                           springTorqueUserFunction=UFforce if userFunction else 0))
    mbs.AddLoad(ii.Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    mbs.Assemble()
    return exu, mbs, nBody


def TimeOnce(packageName, numberOfSteps, userFunction):
    """Seconds spent in mbs.SolveDynamic, and the final rotation."""
    exu, mbs, nBody = MiniExample(packageName, userFunction)
    settings = QuietSettings(exu)
    settings.timeIntegration.endTime = 0.01 * numberOfSteps
    settings.timeIntegration.numberOfSteps = numberOfSteps
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    return seconds, float(mbs.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)[2])


def Best(packageName, numberOfSteps, runs, userFunction):
    """Microseconds per step of the best of `runs` solves, and the final rotation."""
    seconds, rotation = BestOf(runs, TimeOnce, packageName, numberOfSteps, userFunction)
    return seconds / numberOfSteps * 1e6, rotation


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    if "exudyn" in packages:
        import exudyn
        exudynVersion = getattr(exudyn, "__version__", None) or exudyn.GetVersionString()
    print(f"mini example, {arguments.steps} steps of h = 0.01 s, best of {arguments.runs} runs")
    figures = {}
    with ScratchDirectory():
        for packageName in packages:
            for userFunction in (False, True):
                microseconds, rotation = Best(packageName, arguments.steps, arguments.runs, userFunction)
                figures[packageName, userFunction] = microseconds
                label = packageName + (f" {exudynVersion}" if packageName == "exudyn" else "")
                print(f"{label:16s} {'with' if userFunction else 'without':7s} user function: "
                      f"{microseconds:8.2f} us/step   (final rotation {rotation:.10g} rad)")
    if "exudyn" in packages:
        for userFunction in (False, True):
            ratio = figures["multidyn", userFunction] / figures["exudyn", userFunction]
            print(f"multidyn / exudyn, {'with' if userFunction else 'without'} user function: {ratio:.2f}")


if __name__ == "__main__":
    main()
