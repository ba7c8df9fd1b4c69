"""MarkerBodyMass and LoadMassProportional (Gravity) against closed forms.

* A mass point falls as z0 - g t^2/2; a time-dependent b(t) = [0, 0, -c t] (user function) gives
  z0 - c t^3/6.
* A rigid body with an offset center of mass, and a planar one, fall without turning (the force
  acts at the center of mass), exactly as with the force m g at a marker on the center of mass.
* The load follows the body's mass when it is changed; its value (GetLoadValues) is b.
* A static spring: the mass hangs at m g / k. Bad input.
"""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, Force, Gravity, MarkerBodyMass, MarkerBodyPosition,
                                    MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround, Rigid2D, RigidBody2D)
from multidyn.utilities import InertiaCuboid, TreeLink

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
G = np.array([0., 0., -9.81])


def test_mass_point_falls_and_the_load_value_is_b():
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[1., 0., 2.]))
    body = mbs.AddObject(MassPoint(physicsMass=2., nodeNumber=node))
    load = mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=body)), loadVector=list(G)))
    mbs.Assemble()
    mbs.SetObjectParameter(body, "physicsMass", 5.)  # the load follows the mass: still a fall at g
    t = 0.6
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=12))
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), [1., 0., 2. + G[2] * t ** 2 / 2], atol=1e-12)
    np.testing.assert_array_equal(mbs.GetLoadValues(load), G)


def test_time_dependent_load_from_the_user_function():
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.]))
    body = mbs.AddObject(MassPoint(physicsMass=3., nodeNumber=node))
    c = 4.
    mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=body)),
                        loadVectorUserFunction=lambda mbs, t, loadVector: [0., 0., -c * t]))
    mbs.Assemble()
    t = 0.5
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=2000, tightNewton=True))
    assert mbs.GetNodeOutput(node, OVT.Position)[2] == pytest.approx(-c * t ** 3 / 6, rel=1e-6)


def FallingBodies(useMassMarker):
    """a 3D rigid body and a planar one, both with an offset center of mass and initial rotation"""
    mbs = NewSystem()
    inertia = InertiaCuboid(800., [0.4, 0.2, 0.1]).Translated([0.1, -0.05, 0.2])
    body = mbs.CreateRigidBody(referencePosition=[0., 0., 1.], referenceRotationMatrix=np.eye(3),
                               initialAngularVelocity=[0.3, 0., 0.], inertia=inertia)
    node2D = mbs.AddNode(Rigid2D(referenceCoordinates=[1., 1., 0.3]))
    body2D = mbs.AddObject(RigidBody2D(nodeNumber=node2D, physicsMass=1.5, physicsInertia=0.2,
                                       physicsCenterOfMass=[0.3, -0.1]))
    gravity2D = np.array([0., -9.81, 0.])
    for b, mass, com, g in [(body, inertia.Mass(), inertia.COM(), G), (body2D, 1.5, [0.3, -0.1, 0.], gravity2D)]:
        if useMassMarker:
            mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=b)), loadVector=list(g)))
        else:
            mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=list(com))),
                              loadVector=list(mass * g)))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=100, tightNewton=True))
    return mbs, body, body2D


def test_rigid_bodies_fall_as_with_the_weight_at_the_center_of_mass():
    mbs, body, body2D = FallingBodies(True)
    reference, _, _ = FallingBodies(False)
    for b in (body, body2D):
        for output in (OVT.Position, OVT.AngularVelocity, OVT.Velocity):
            np.testing.assert_allclose(mbs.GetObjectOutputBody(b, output, localPosition=[0, 0, 0]),
                                       reference.GetObjectOutputBody(b, output, localPosition=[0, 0, 0]), atol=1e-12)
    # a force through the center of mass does not change the angular velocity of the planar body
    assert mbs.GetObjectOutputBody(body2D, OVT.AngularVelocity, localPosition=[0, 0, 0])[2] == pytest.approx(0., abs=1e-12)


def test_static_spring_hangs_at_mg_over_k():
    mbs = NewSystem()
    mass, stiffness = 2.5, 400.
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.]))
    body = mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    ground = mbs.AddNode(NodePointGround())
    for k in range(3):  # springs on x, y, z
        mbs.AddObject(CoordinateSpringDamper(stiffness=stiffness, markerNumbers=[
            mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0)),
            mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=k))]))
    mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=body)), loadVector=list(G)))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.staticSolver.numberOfLoadSteps = 4
    mbs.SolveStatic(settings)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Displacement), mass * G / stiffness, atol=1e-12)


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint())
    body = mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    position = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    with pytest.raises(TypeError, match="markerNumber.*MarkerBodyMass"):
        mbs.AddLoad(Gravity(markerNumber=position, loadVector=list(G)))
    tree = mbs.CreateKinematicTree(listOfTreeLinks=[TreeLink(linkInertia=InertiaCuboid(100., [0.1, 0.1, 0.1]))])
    with pytest.raises(TypeError, match="bodyNumber.*KinematicTree"):  # a tree: one mass per link
        mbs.AddMarker(MarkerBodyMass(bodyNumber=tree))
    with pytest.raises(ValueError, match="bodyNumber"):
        mbs.AddMarker(MarkerBodyMass())
    assert mbs.systemData.NumberOfLoads() == 0
