"""The four mini examples of Exudyn's coordinate and planar items, built here in the project's own code:

* coordinateSpringDamper: a mass of 5 kg at reference x = 2 on a CoordinateSpringDamper to a ground node
  (k = 5000, d = 80) whose springForceUserFunction is 0.1 k u + k u^3 + d v, with a LoadCoordinate of 1 N;
  result: the displacement at t = 1 s (ζ = 0.8: nearly the static deflection).
* coordinateConstraint: the same mass on a CoordinateConstraint whose offsetUserFunction is
  0.5 (1 - cos(π t / 2)) * 0.1; result: the displacement at t = 1 s.
* springDamper: a 1 kg mass point at x = 1.05 on a SpringDamper (L0 = 1, k = 100, d = 1) to the ground
  origin; result: its x position at t = 1 s.
* rigidBody2D: a free planar body (reference [1, 1, π/4], initial [0.5, 0, 0], velocities [0.5, 0, 3π/4]);
  result: x position + stored angle at t = 1 s.

Default settings (1 s, 100 steps, generalized-alpha ρ = 0.9). Independent values: the static
deflection u of 500 u + 5000 u^3 = 1 (within the remaining decay, 1e-6), the prescribed offset
0.05, the closed-form damped oscillation x(1) = 1 + 0.05 e^{-t/2}(cos ω_d t + sin(ω_d t)/(2 ω_d)) (within
the integrator's phase error at ω h = 0.1), and the free motion 2 + 3π/4 (exact).
"""
import math

import multidyn as exu
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, LoadCoordinate,
                                    MarkerBodyPosition, MarkerNodeCoordinate, MassPoint, NodePointGround,
                                    ObjectConnectorSpringDamper, ObjectGround, Point, Rigid2D, RigidBody2D)

OVT = exu.OutputVariableType


def NewSystem():
    SC = exu.SystemContainer()
    return SC, SC.AddSystem()


def Solve(mbs):
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)


def MassOnCoordinate(mbs):
    ground = mbs.AddNode(NodePointGround())
    node = mbs.AddNode(Point(referenceCoordinates=[2, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=5, nodeNumber=node))
    return (node, mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0)),
            mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0)))


def CubicSpring(mbs, t, itemNumber, u, v, k, d, offset):
    return 0.1 * k * u + k * u ** 3 + v * d


def SmoothOffset(mbs, t, itemNumber, offset):
    return 0.5 * (1. - math.cos(0.5 * math.pi * t)) * offset


def Run():
    results = {}
    SC, mbs = NewSystem()
    node, groundMarker, nodeMarker = MassOnCoordinate(mbs)
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[groundMarker, nodeMarker], stiffness=5000, damping=80,
                                         springForceUserFunction=CubicSpring))
    mbs.AddLoad(LoadCoordinate(markerNumber=nodeMarker, load=1))
    Solve(mbs)
    results["coordinateSpringDamper"] = float(mbs.GetNodeOutput(node, OVT.Displacement)[0])

    SC, mbs = NewSystem()
    node, groundMarker, nodeMarker = MassOnCoordinate(mbs)
    mbs.AddObject(CoordinateConstraint(markerNumbers=[groundMarker, nodeMarker], offset=0.1,
                                       offsetUserFunction=SmoothOffset))
    Solve(mbs)
    results["coordinateConstraint"] = float(mbs.GetNodeOutput(node, OVT.Displacement)[0])

    SC, mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(Point(referenceCoordinates=[1.05, 0, 0]))
    mass = mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=1))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=b)) for b in (ground, mass)]
    mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=markers, referenceLength=1, stiffness=100, damping=1))
    Solve(mbs)
    results["springDamper"] = float(mbs.GetNodeOutput(node, OVT.Position)[0])

    SC, mbs = NewSystem()
    node = mbs.AddNode(Rigid2D(referenceCoordinates=[1, 1, 0.25 * math.pi], initialCoordinates=[0.5, 0, 0],
                               initialVelocities=[0.5, 0, 0.75 * math.pi]))
    mbs.AddObject(RigidBody2D(nodeNumber=node, physicsMass=1, physicsInertia=2))
    Solve(mbs)
    results["rigidBody2D"] = float(mbs.GetNodeOutput(node, OVT.Position)[0] + mbs.GetNodeOutput(node, OVT.Coordinates)[2])
    return results


def StaticCubicDeflection():
    u = 1. / 500.
    for _ in range(50):  # Newton on 500 u + 5000 u^3 = 1
        u -= (500. * u + 5000. * u ** 3 - 1.) / (500. + 15000. * u ** 2)
    return u


def DampedSpringPosition(t=1.):
    omegaD = math.sqrt(100. - 0.25)  # m = 1, k = 100, d = 1: sigma = 0.5
    return 1. + 0.05 * math.exp(-0.5 * t) * (math.cos(omegaD * t) + 0.5 / omegaD * math.sin(omegaD * t))


independent = {
    "coordinateSpringDamper": (StaticCubicDeflection(), 1e-6, "static deflection of 500 u + 5000 u^3 = 1"),
    "coordinateConstraint": (0.05, 1e-12, "prescribed offset 0.05 (1 - cos(pi/2)) at t = 1"),
    "springDamper": (DampedSpringPosition(), 1e-3, "closed-form damped oscillation, integrator phase error"),
    "rigidBody2D": (2. + 0.75 * math.pi, 1e-12, "free motion: x = 1.5 + 0.5 t, psi = 3 pi/4 t"),
}

#: Exudyn's references (v1.11.0 test suite, MiniExamples)
exudynReference = {"coordinateSpringDamper": 0.0019995154213252597, "coordinateConstraint": 0.04999999999999982,
                   "springDamper": 0.9733828995763039, "rigidBody2D": 4.356194490192344}
