#!/usr/bin/env python3
"""Solves the same random kinematic trees on multidyn and on Exudyn (the PyPI package 'exudyn', which
must be installed; multidyn never depends on it) and prints the largest difference of the joint
coordinates and of link positions read with SensorKinematicTree. The trees mix all six joint types in
rotated joint frames, branch, and carry gravity, linkForces, linkTorques, jointForceVector, PD
control and loads on MarkerKinematicTreeRigid, so that every parameter's convention is compared (a
developer tool, not a test).

linkForces and linkTorques are left out unless --linkForces is given: Exudyn (1.11 to 1.13.6) applies
them against its own description (with the opposite sign, and a link force at the base frame's origin
instead of the link's joint point; see docs/theory/KinematicTree.md), so there the two differ.

    python3 scripts/compareKinematicTreeWithExudyn.py [--trees 5] [--links 6] [--steps 400] [--seed 1]
        [--linkForces]
"""
import argparse
import importlib
import os
import tempfile
import warnings

import numpy as np


def RandomTree(random, numberOfLinks, withLinkForces=False):
    def Rotation():
        axis = random.normal(size=3)
        axis /= np.linalg.norm(axis)
        angle = random.uniform(-np.pi, np.pi)
        K = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
        return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K

    linkForces = [random.uniform(-2, 2, size=3) for _ in range(numberOfLinks)]
    linkTorques = [random.uniform(-1, 1, size=3) for _ in range(numberOfLinks)]

    def Inertia():
        R = Rotation()
        return R @ np.diag(random.uniform(0.02, 0.2, size=3)) @ R.T

    n = numberOfLinks
    return dict(
        jointTypes=[int(t) for t in random.integers(1, 7, size=n)],
        linkParents=[-1] + [int(random.integers(-1, i)) for i in range(1, n)],
        jointTransformations=[Rotation() for _ in range(n)],
        jointOffsets=[random.uniform(-0.5, 0.5, size=3) for _ in range(n)],
        linkInertiasCOM=[Inertia() for _ in range(n)],
        linkCOMs=[random.uniform(-0.3, 0.3, size=3) for _ in range(n)],
        linkMasses=list(random.uniform(0.5, 2., size=n)),
        jointForceVector=list(random.uniform(-1, 1, size=n)),
        jointPControlVector=list(random.uniform(0, 20, size=n)),
        jointDControlVector=list(random.uniform(0, 2, size=n)),
        jointPositionOffsetVector=list(random.uniform(-0.5, 0.5, size=n)),
        jointVelocityOffsetVector=list(random.uniform(-0.5, 0.5, size=n)),
        gravity=[0., -9.81, 0.], baseOffset=list(random.uniform(-1, 1, size=3)),
        linkForces=linkForces if withLinkForces else [], linkTorques=linkTorques if withLinkForces else [],
        initialCoordinates=list(random.uniform(-0.5, 0.5, size=n)),
        initialCoordinates_t=list(random.uniform(-1, 1, size=n)))


def Solve(packageName, tree, numberOfSteps, localPosition):
    exu = importlib.import_module(packageName)
    items = importlib.import_module(packageName + ".itemInterface")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = len(tree["jointTypes"])
    node = mbs.AddNode(items.NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                             initialCoordinates=tree["initialCoordinates"],
                                             initialCoordinates_t=tree["initialCoordinates_t"]))
    parameters = {k: v for k, v in tree.items() if not k.startswith("initial")}
    parameters["jointTypes"] = [exu.JointType(t) for t in tree["jointTypes"]]
    for name in ("jointTransformations", "linkInertiasCOM"):
        parameters[name] = exu.Matrix3DList([np.asarray(m) for m in tree[name]])
    for name in ("jointOffsets", "linkCOMs", "linkForces", "linkTorques"):
        parameters[name] = exu.Vector3DList([list(v) for v in tree[name]])
    treeNumber = mbs.AddObject(items.ObjectKinematicTree(nodeNumber=node, **parameters))
    for i in range(n):  # a force and a torque on a MarkerKinematicTreeRigid of every link
        marker = mbs.AddMarker(items.MarkerKinematicTreeRigid(objectNumber=treeNumber, linkNumber=i,
                                                              localPosition=localPosition))
        mbs.AddLoad(items.LoadForceVector(markerNumber=marker, loadVector=[1., -2., 0.5 * i]))
        mbs.AddLoad(items.LoadTorqueVector(markerNumber=marker, loadVector=[0.3, 0.1 * i, -0.2]))
    sensors = [mbs.AddSensor(items.SensorKinematicTree(objectNumber=treeNumber, linkNumber=i, localPosition=localPosition,
                                                       outputVariableType=exu.OutputVariableType.Position,
                                                       storeInternal=True, writeToFile=False)) for i in range(n)]
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = 0.01
    settings.timeIntegration.endTime = 0.001 * numberOfSteps
    settings.timeIntegration.numberOfSteps = numberOfSteps
    settings.timeIntegration.verboseMode = 0
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-14
    settings.show.computationTime = False
    settings.show.statistics = False
    mbs.SolveDynamic(settings)
    q = np.array(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates))
    positions = np.hstack([np.array(mbs.GetSensorStoredData(s))[:, 1:] for s in sensors])
    return q, positions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trees", type=int, default=5)
    parser.add_argument("--links", type=int, default=6)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--linkForces", action="store_true", help="include linkForces and linkTorques")
    arguments = parser.parse_args()
    warnings.simplefilter("ignore", DeprecationWarning)
    random = np.random.default_rng(arguments.seed)
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="multidynCompare_") as directory:
        os.chdir(directory)
        try:
            for k in range(arguments.trees):
                tree = RandomTree(random, arguments.links, arguments.linkForces)
                localPosition = list(random.uniform(-0.3, 0.3, size=3))
                qm, pm = Solve("multidyn", tree, arguments.steps, localPosition)
                qe, pe = Solve("exudyn", tree, arguments.steps, localPosition)
                types = "".join("RRRPPP"[t - 1] + "XYZ"[(t - 1) % 3] for t in tree["jointTypes"])
                print(f"tree {k} ({types}, parents {tree['linkParents']}): largest difference of the joint coordinates "
                      f"{np.abs(qm - qe).max():.2e} (of {np.abs(qe).max():.2f}), of the link positions "
                      f"{np.abs(pm - pe).max():.2e} m")
        finally:
            os.chdir(cwd)


if __name__ == "__main__":
    main()
