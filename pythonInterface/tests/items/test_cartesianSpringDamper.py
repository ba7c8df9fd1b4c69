"""ObjectConnectorCartesianSpringDamper against closed forms and an independent formulation.

* A mass point on three springs to ground with different k_i, d_i and an offset: each axis is an
  independent damped oscillator about the offset (the exact solution per axis).
* The force on marker 0 is +f_SD (marker 1: -f_SD), with f_SD = diag(k)(dp - offset) + diag(d) dv.
* A nonlinear springForceUserFunction equals the same law built from three
  CoordinateSpringDampers with user functions; a user function repeating the linear law equals it.
"""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CartesianSpringDamper, CoordinateSpringDamper, MarkerNodeCoordinate,
                                    MarkerNodePosition, MassPoint, NodePoint, NodePointGround, ObjectGround,
                                    MarkerBodyPosition)

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
MASS = 0.7
K, D, OFFSET = np.array([300., 500., 800.]), np.array([1., 4., 0.5]), np.array([0.05, -0.1, 0.02])
U0, V0 = np.array([0.02, 0.01, -0.03]), np.array([0., 0.3, -0.2])


def PointOnSprings(userFunction=None):
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround(referencePosition=[0.5, 0., 0.]))
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0.5, 0., 0.], initialCoordinates=list(U0),
                                 initialVelocities=list(V0)))
    mbs.AddObject(MassPoint(physicsMass=MASS, nodeNumber=node))
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground))
    mPoint = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    kwargs = {} if userFunction is None else {"springForceUserFunction": userFunction}
    spring = mbs.AddObject(CartesianSpringDamper(markerNumbers=[mGround, mPoint], stiffness=list(K), damping=list(D),
                                                 offset=list(OFFSET), **kwargs))
    mbs.Assemble()
    return mbs, node, spring


def test_each_axis_is_a_damped_oscillator_about_the_offset():
    mbs, node, spring = PointOnSprings()
    t = 0.4
    mbs.SolveDynamic(Settings(endTime=t, numberOfSteps=4000, spectralRadius=1., tightNewton=True))
    u = mbs.GetNodeOutput(node, OVT.Displacement)
    for i in range(3):
        # m u'' + d u' + k (u - offset) = 0 on each axis: the oscillator about the offset
        x, _ = DampedOscillator(t, MASS, K[i], D[i], torque=K[i] * OFFSET[i], theta0=U0[i], omega0=V0[i])
        assert u[i] == pytest.approx(float(x), abs=2e-6)
    v = mbs.GetNodeOutput(node, OVT.Velocity)
    force = mbs.GetObjectOutput(spring, OVT.Force)
    np.testing.assert_allclose(force, K * (u - OFFSET) + D * v, rtol=1e-12)  # dp = u: marker 0 is at the reference
    # Exudyn's outputs: relative to the offset
    np.testing.assert_allclose(mbs.GetObjectOutput(spring, OVT.Displacement), u - OFFSET, atol=1e-15)
    assert mbs.GetObjectOutput(spring, OVT.Distance) == pytest.approx(np.linalg.norm(u - OFFSET))


def test_user_function_repeating_the_linear_law_gives_the_same_motion():
    reference, node, _ = PointOnSprings()
    calls = []

    def Linear(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset):
        calls.append(itemNumber)
        # displacement is dp - offset, as Exudyn gives it
        return [stiffness[i] * displacement[i] + damping[i] * velocity[i] for i in range(3)]

    mbs, node2, spring = PointOnSprings(Linear)
    for system in (reference, mbs):
        system.SolveDynamic(Settings(endTime=0.3, numberOfSteps=300, tightNewton=True))
    np.testing.assert_allclose(mbs.GetNodeOutput(node2, OVT.Position), reference.GetNodeOutput(node, OVT.Position),
                               atol=1e-9)
    assert calls and set(calls) == {spring}


def test_nonlinear_user_function_equals_three_coordinate_springs():
    """f_i = k_i u_i + 50 k_i u_i^3 + d_i v_i on each axis, once as one Cartesian user function,
    once as three CoordinateSpringDampers with the scalar law."""
    def Law(i, u, v):
        return K[i] * u + 50. * K[i] * u ** 3 + D[i] * v

    def Cartesian(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset):
        return [Law(i, displacement[i] + offset[i], velocity[i]) for i in range(3)]  # dp = displacement + offset

    mbs, node, _ = PointOnSprings(Cartesian)
    other = NewSystem()
    node2 = other.AddNode(NodePoint(referenceCoordinates=[0.5, 0., 0.], initialCoordinates=list(U0),
                                    initialVelocities=list(V0)))
    other.AddObject(MassPoint(physicsMass=MASS, nodeNumber=node2))
    ground = other.AddNode(NodePointGround())
    for i in range(3):
        other.AddObject(CoordinateSpringDamper(
            markerNumbers=[other.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0)),
                           other.AddMarker(MarkerNodeCoordinate(nodeNumber=node2, coordinate=i))],
            springForceUserFunction=lambda mbs, t, itemNumber, u, v, k, d, offset, i=i: Law(i, u, v)))
    other.Assemble()
    for system in (mbs, other):
        system.SolveDynamic(Settings(endTime=0.3, numberOfSteps=600, tightNewton=True))
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), other.GetNodeOutput(node2, OVT.Position),
                               atol=1e-9)
    assert np.abs(mbs.GetNodeOutput(node, OVT.Displacement)).max() > 1e-3  # it moved


def test_inactive_and_bad_input():
    mbs, node, spring = PointOnSprings()
    mbs.SetObjectParameter(spring, "activeConnector", False)
    mbs.SolveDynamic(Settings(endTime=0.2, numberOfSteps=20))
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Displacement), U0 + V0 * 0.2, atol=1e-12)
    np.testing.assert_array_equal(mbs.GetObjectOutput(spring, OVT.Force), 0.)
    with pytest.raises((TypeError, ValueError), match="stiffness"):
        mbs.AddObject(CartesianSpringDamper(markerNumbers=[0, 1], stiffness=[1., 2.]))
    with pytest.raises(TypeError, match="springForceUserFunction"):
        mbs.AddObject(CartesianSpringDamper(markerNumbers=[0, 1], springForceUserFunction=3))
