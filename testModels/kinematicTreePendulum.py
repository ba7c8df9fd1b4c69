"""Kinematic-tree pendulum (the physics of Exudyn's ObjectKinematicTree mini example): one RevoluteZ
link, a cuboid 1 m x 0.1 m x 0.1 m of density 1000 kg/m^3 (m = 10 kg) with its center of mass 0.5 m
from the joint, base at [0.5, 0, 0], gravity -9.81 m/s^2 along y, released horizontally; RK44 with
1000 steps over 1 s (Exudyn's mini example uses RK67, which multidyn does not have).

Independent value: the pendulum equation I_O theta_tt = -m g l cos(theta), I_O = J_zz,COM + m l^2,
integrated here with the classical Runge-Kutta method and 20000 steps (error ~1e-14).
"""

import numpy as np

import multidyn as exu
from _pendulumReference import PendulumByRungeKutta
from multidyn.itemInterface import NodeGenericODE2, ObjectKinematicTree
from multidyn.utilities import InertiaCuboid

length = 1.
inertia = InertiaCuboid(1000., [length, 0.1 * length, 0.1 * length])
com = 0.5 * length
gravity = 9.81
endTime = 1.


def Run():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodeGenericODE2(referenceCoordinates=[0.], initialCoordinates=[0.], initialCoordinates_t=[0.],
                                       numberOfODE2Coordinates=1))
    mbs.AddObject(ObjectKinematicTree(nodeNumber=node, jointTypes=[exu.JointType.RevoluteZ], linkParents=[-1],
                                      jointTransformations=exu.Matrix3DList([np.eye(3)]),
                                      jointOffsets=exu.Vector3DList([[0., 0., 0.]]),
                                      linkInertiasCOM=exu.Matrix3DList([inertia.InertiaCOM()]),
                                      linkCOMs=exu.Vector3DList([[com, 0., 0.]]), linkMasses=[inertia.Mass()],
                                      baseOffset=[0.5, 0., 0.], gravity=[0., -gravity, 0.]))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.numberOfSteps = 1000
    settings.timeIntegration.endTime = endTime
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.RK44)
    return {"angle": float(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)),
            "angularVelocity": float(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t))}


def independent():
    m = inertia.Mass()
    I_O = inertia.InertiaCOM()[2, 2] + m * com**2
    y = PendulumByRungeKutta(m * gravity * com / I_O, endTime, 20000)
    return {"angle": (y[0], 1e-11, "pendulum equation, RK4 with 20000 steps"),
            "angularVelocity": (y[1], 1e-10, "pendulum equation, RK4 with 20000 steps")}


#: Exudyn's reference (its mini example ObjectKinematicTree.py, RK67 with 1000 steps)
exudynReference = {"angle": -3.134018551808591}
referenceTolerance = {"angle": (1e-12, 1e-15), "angularVelocity": (1e-12, 1e-15)}
