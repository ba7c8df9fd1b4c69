"""Speed of items on the markers of a kinematic tree, whose Jacobians are differentiated in chunks
of 16 derivatives: an N-link ObjectKinematicTree (revolute z and prismatic x joints in turn, PD
control, gravity) with a spring-damper from ground to a MarkerKinematicTreeRigid at its tip and a
force on the marker of its middle link, 1000 generalized-alpha steps of h = 1 ms with full Newton
(a Jacobian in every iteration), on multidyn and, when the PyPI package 'exudyn' is importable, on
Exudyn in the same run. Prints microseconds per step (best of R runs), the ratio and the tip
position of both, which must agree. multidyn never depends on exudyn.

    python3 benchmarks/treeMarkerItemsSpeed.py [--links 4 8 12] [--steps 1000] [--runs 3]
"""
import argparse
import importlib
import time

import numpy as np

from sideBySide import BestOf, Packages, QuietSettings, ScratchDirectory


def TimeOnce(packageName, links, steps):
    exu = importlib.import_module(packageName)
    ii = importlib.import_module(packageName + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = links
    node = mbs.AddNode(ii.NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                          initialCoordinates=[0.] * n, initialCoordinates_t=[0.] * n))
    jointTypes = [exu.JointType.RevoluteZ if i % 2 == 0 else exu.JointType.PrismaticX for i in range(n)]
    matrices = getattr(exu, "Matrix3DList", list)  # Exudyn takes its list types only
    vectors = getattr(exu, "Vector3DList", list)
    tree = mbs.AddObject(ii.ObjectKinematicTree(
        nodeNumber=node, jointTypes=jointTypes, linkParents=list(range(-1, n - 1)),
        jointTransformations=matrices([np.eye(3)] * n),
        jointOffsets=vectors([[0.5 if i else 0., 0., 0.] for i in range(n)]),
        linkInertiasCOM=matrices([np.diag([0.01, 0.1, 0.1])] * n), linkCOMs=vectors([[0.25, 0., 0.]] * n),
        linkMasses=[1.] * n,
        gravity=[0., -9.81, 0.], jointPControlVector=[500.] * n, jointDControlVector=[5.] * n,
        jointPositionOffsetVector=[0.] * n, jointVelocityOffsetVector=[0.] * n))
    ground = mbs.AddObject(ii.ObjectGround())
    anchor = mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[0.5 * n, 1., 0.]))
    tip = mbs.AddMarker(ii.MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=n - 1, localPosition=[0.5, 0., 0.]))
    mbs.AddObject(ii.ObjectConnectorSpringDamper(markerNumbers=[anchor, tip], referenceLength=1., stiffness=100.,
                                                 damping=1.))
    middle = mbs.AddMarker(ii.MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=n // 2, localPosition=[0.25, 0., 0.]))
    mbs.AddLoad(ii.LoadForceVector(markerNumber=middle, loadVector=[0., 5., 0.]))
    mbs.Assemble()
    settings = QuietSettings(exu)
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = 1e-3 * steps
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    settings.timeIntegration.newton.useModifiedNewton = False
    start = time.perf_counter()
    mbs.SolveDynamic(settings)
    seconds = time.perf_counter() - start
    return seconds, mbs.GetMarkerOutput(tip, exu.OutputVariableType.Position)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, nargs="+", default=[4, 8, 12])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    packages = Packages()
    with ScratchDirectory():
        for links in arguments.links:
            row = {}
            for packageName in packages:
                seconds, tip = BestOf(arguments.runs, TimeOnce, packageName, links, arguments.steps)
                row[packageName] = (seconds, tip)
                print(f"N = {links:3d} {packageName:9s} {1e6 * seconds / arguments.steps:9.2f} us/step  "
                      f"tip {np.array2string(np.asarray(tip), precision=10)}", flush=True)
            if len(row) == 2:
                (m, tipM), (e, tipE) = row["multidyn"], row["exudyn"]
                print(f"N = {links:3d} multidyn / exudyn: {m / e:.2f}, tips differ by "
                      f"{np.abs(np.asarray(tipM) - np.asarray(tipE)).max():.2e} m")


if __name__ == "__main__":
    main()
