"""Node1D, ObjectMass1D and ObjectRotationalMass1D against closed forms.

* Mass1D in a rotated frame A_0 under a constant force F: c(t) = c0 + v0 t + (e_x . A_0^T F)/m t^2/2,
  position p_ref + A_0 [c_ref + c, 0, 0]; on a coordinate spring it is the damped oscillator.
* Rotor1D under a torque vector: psi_tt = (A_0 e_z . tau) / J; under a force F at a point b it is
  the pendulum theta'' = (A_0 e_z . (A b x F)) / J, integrated here by RK4; its outputs.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, Force, MarkerBodyPosition, MarkerBodyRigid,
                                    MarkerNodeCoordinate, Mass1D, Node1D, NodeGenericODE2, NodePoint, NodePointGround,
                                    Rotor1D, Torque)

from conftest import DampedOscillator, NewSystem, Pendulum, Settings

OVT = exu.OutputVariableType
A0 = np.array([[0.36, 0.48, -0.8], [-0.8, 0.6, 0.], [0.48, 0.64, 0.6]])  # a rotation about a skew axis
P_REF = np.array([0.2, -0.1, 0.3])


def test_mass1D_moves_along_the_x_axis_of_its_frame():
    mass, cRef, c0, v0, force = 2., 0.4, 0.1, -0.3, np.array([1., -2., 0.5])
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[cRef], initialCoordinates=[c0], initialVelocities=[v0]))
    body = mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node, referencePosition=list(P_REF),
                                referenceRotation=A0.tolist()))
    b = np.array([0.1, 0.2, 0.])
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=list(b))),
                      loadVector=list(force)))
    mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=body)), loadVector=[5., 5., 5.]))  # no effect
    mbs.Assemble()
    t = 0.7
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=14))
    a = A0[:, 0] @ force / mass
    c = c0 + v0 * t + a * t ** 2 / 2
    assert mbs.GetNodeOutput(node, OVT.Coordinates) == pytest.approx(c, abs=1e-12)
    assert mbs.GetNodeOutput(node, OVT.CoordinatesTotal) == pytest.approx(cRef + c, abs=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=list(b)),
                               P_REF + A0 @ (np.array([cRef + c, 0., 0.]) + b), atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Velocity, localPosition=[0, 0, 0]),
                               A0[:, 0] * (v0 + a * t), atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Displacement, localPosition=[0, 0, 0]),
                               A0[:, 0] * c, atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(body, OVT.RotationMatrix), A0.flatten(), atol=1e-15)
    assert mbs.GetObjectOutput(body, OVT.KineticEnergy) == pytest.approx(0.5 * mass * (v0 + a * t) ** 2, rel=1e-12)


def test_mass1D_on_a_coordinate_spring_is_the_damped_oscillator():
    mass, stiffness, damping, c0 = 0.5, 200., 1.5, 0.03
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[1.], initialCoordinates=[c0]))
    mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node))
    ground = mbs.AddNode(NodePointGround())
    mbs.AddObject(CoordinateSpringDamper(stiffness=stiffness, damping=damping, markerNumbers=[
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0)),
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))]))
    mbs.Assemble()
    t = 0.3
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=3000, spectralRadius=1., tightNewton=True))
    x, _ = DampedOscillator(t, mass, stiffness, damping, theta0=c0)
    assert mbs.GetNodeOutput(node, OVT.Coordinates) == pytest.approx(float(x), abs=1e-7)


def test_rotor_under_a_torque_vector():
    inertia, psi0, omega0, torque = 0.8, 0.2, 0.5, np.array([0.3, -0.2, 1.5])
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[0.1], initialCoordinates=[psi0], initialVelocities=[omega0]))
    rotor = mbs.AddObject(Rotor1D(physicsInertia=inertia, nodeNumber=node, referencePosition=list(P_REF),
                                  referenceRotation=A0.tolist()))
    mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=rotor)), loadVector=list(torque)))
    mbs.Assemble()
    t = 0.6
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=12))
    alpha = A0[:, 2] @ torque / inertia
    theta = 0.1 + psi0 + omega0 * t + alpha * t ** 2 / 2
    omega = omega0 + alpha * t
    assert mbs.GetObjectOutputBody(rotor, OVT.Rotation, localPosition=[0, 0, 0]) == pytest.approx(theta, abs=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(rotor, OVT.AngularVelocity), A0[:, 2] * omega, atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(rotor, OVT.AngularVelocityLocal), [0., 0., omega], atol=1e-12)
    Rz = np.array([[math.cos(theta), -math.sin(theta), 0.], [math.sin(theta), math.cos(theta), 0.], [0., 0., 1.]])
    np.testing.assert_allclose(mbs.GetObjectOutput(rotor, OVT.RotationMatrix), (A0 @ Rz).flatten(), atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(rotor, OVT.Position, localPosition=[0, 0, 0]), P_REF, atol=1e-15)


def test_rotor_with_a_weight_off_the_axis_is_a_pendulum():
    inertia, arm, weight, theta0 = 0.3, 0.5, 2., 0.4
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[theta0]))
    rotor = mbs.AddObject(Rotor1D(physicsInertia=inertia, nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=rotor, localPosition=[arm, 0., 0.])),
                      loadVector=[0., -weight, 0.]))
    mbs.Assemble()
    endTime = 0.8
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=4000, spectralRadius=1., tightNewton=True))
    y = Pendulum(theta0, endTime, weight * arm / inertia)  # theta'' = -(F a / J) cos(theta)
    assert mbs.GetObjectOutputBody(rotor, OVT.Rotation, localPosition=[0, 0, 0]) == pytest.approx(y[0], abs=1e-6)
    assert y[0] < theta0 - 0.5  # it swung
    tip = mbs.GetObjectOutputBody(rotor, OVT.Velocity, localPosition=[arm, 0., 0.])
    np.testing.assert_allclose(tip, y[1] * arm * np.array([-math.sin(y[0]), math.cos(y[0]), 0.]), atol=1e-5)


def GenericNode(mbs, reference, initial, velocity):
    return mbs.AddNode(NodeGenericODE2(referenceCoordinates=[reference], initialCoordinates=[initial],
                                       initialCoordinates_t=[velocity], numberOfODE2Coordinates=1))


def test_mass1D_and_rotor_on_a_generic_node_with_one_coordinate():
    """Exudyn accepts a NodeGenericODE2 with one coordinate for Mass1D and Rotor1D (its crane example): the
    same closed forms as on a Node1D"""
    mass, cRef, c0, v0, force, t = 2., 0.4, 0.1, -0.3, np.array([1., -2., 0.5]), 0.7
    mbs = NewSystem()
    node = GenericNode(mbs, cRef, c0, v0)
    body = mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node, referencePosition=list(P_REF),
                                referenceRotation=A0.tolist()))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=body)), loadVector=list(force)))
    inertia, psi0, omega0, torque = 0.3, 0.2, 1.5, np.array([0.2, -0.4, 0.9])
    rotorNode = GenericNode(mbs, 0., psi0, omega0)
    rotor = mbs.AddObject(Rotor1D(physicsInertia=inertia, nodeNumber=rotorNode, referenceRotation=A0.tolist()))
    mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=rotor)), loadVector=list(torque)))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=14))
    a = A0[:, 0] @ force / mass
    c = c0 + v0 * t + a * t ** 2 / 2
    assert mbs.GetNodeOutput(node, OVT.Coordinates) == pytest.approx(c, abs=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0, 0, 0]),
                               P_REF + A0 @ np.array([cRef + c, 0., 0.]), atol=1e-12)
    alpha = A0[:, 2] @ torque / inertia
    assert mbs.GetNodeOutput(rotorNode, OVT.Coordinates) == pytest.approx(psi0 + omega0 * t + alpha * t ** 2 / 2,
                                                                              abs=1e-12)
    assert mbs.GetObjectOutput(body, OVT.KineticEnergy) == pytest.approx(0.5 * mass * (v0 + a * t) ** 2, rel=1e-12)


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    point = mbs.AddNode(NodePoint())
    with pytest.raises(TypeError, match="nodeNumber.*Node1D"):
        mbs.AddObject(Mass1D(physicsMass=1., nodeNumber=point))
    with pytest.raises(TypeError, match="nodeNumber.*Node1D"):
        mbs.AddObject(Rotor1D(physicsInertia=1., nodeNumber=point))
    with pytest.raises(ValueError, match="referenceCoordinates.*one value"):
        mbs.AddNode(Node1D(referenceCoordinates=[0., 1.]))
    twoCoordinates = mbs.AddNode(NodeGenericODE2(referenceCoordinates=[0., 0.], initialCoordinates=[0., 0.],
                                                 initialCoordinates_t=[0., 0.], numberOfODE2Coordinates=2))
    with pytest.raises(ValueError, match="nodeNumber.*has 2 ODE2 coordinates; ObjectMass1D needs a node with one"):
        mbs.AddObject(Mass1D(physicsMass=1., nodeNumber=twoCoordinates))
    node = mbs.AddNode(Node1D())
    with pytest.raises(ValueError, match="physicsInertia"):
        mbs.AddObject(Rotor1D(physicsInertia=-1., nodeNumber=node))
    assert mbs.systemData.NumberOfObjects() == 0


def test_undeclared_outputs_are_refused_with_the_declared_ones():
    """The node of a 1D body has no accelerations of a point: Acceleration is refused (it would be
    zero), and the message lists what the body declares."""
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(initialVelocities=[1.]))
    mass = mbs.AddObject(Mass1D(physicsMass=1., nodeNumber=node))
    rotor = mbs.AddObject(Rotor1D(physicsInertia=1., nodeNumber=mbs.AddNode(Node1D())))
    mbs.Assemble()
    for body, output in [(mass, OVT.Acceleration), (rotor, OVT.AngularAcceleration)]:
        with pytest.raises(ValueError, match=r"not available; available: Position, Displacement, Velocity, RotationMatrix"):
            mbs.GetObjectOutputBody(body, output, localPosition=[0, 0, 0])
