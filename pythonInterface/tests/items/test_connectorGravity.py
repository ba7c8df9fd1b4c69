"""ObjectConnectorGravity against closed forms and conservation laws.

* A light satellite on the circular orbit v = sqrt(G M / r) around a fixed mass keeps its radius
  and is back at its start after the period 2 pi sqrt(r^3 / (G M)).
* Two free masses circling each other: total momentum and energy T - G m0 m1 / L are conserved.
* The force at a given distance, below d_min the regularized one; attraction on marker 0.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyPosition, MarkerNodePosition, MassPoint, NodePoint, ObjectConnectorGravity,
                                    ObjectGround)

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
G = 1e-3


def test_circular_orbit_returns_after_one_period():
    bigMass, r = 1e6, 2.
    velocity = math.sqrt(G * bigMass / r)
    period = 2 * math.pi * math.sqrt(r ** 3 / (G * bigMass))
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(NodePoint(referenceCoordinates=[r, 0., 0.], initialVelocities=[0., velocity, 0.]))
    mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    gravity = mbs.AddObject(ObjectConnectorGravity(
        markerNumbers=[mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)), mbs.AddMarker(MarkerNodePosition(nodeNumber=node))],
        gravitationalConstant=G, mass0=bigMass, mass1=1.))
    mbs.Assemble()
    settings = Settings(endTime=period, numberOfSteps=400)
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.RK67)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), [r, 0., 0.], atol=1e-9)
    assert mbs.GetObjectOutput(gravity, OVT.Distance) == pytest.approx(r, rel=1e-10)
    # attraction: the force on marker 0 (the fixed mass) points to the satellite, of size G M m / r^2
    np.testing.assert_allclose(mbs.GetObjectOutput(gravity, OVT.Force),
                               G * bigMass / r ** 2 * mbs.GetNodeOutput(node, OVT.Position) / r, rtol=1e-8, atol=1e-12)


def test_two_free_masses_conserve_momentum_and_energy():
    masses = [3e3, 1e3]
    mbs = NewSystem()
    # relative speed about that of a circular orbit, sqrt(G (m0 + m1) / L) = 2: the masses circle each other
    nodes = [mbs.AddNode(NodePoint(referenceCoordinates=[0., 0., 0.], initialVelocities=[0., -0.4, -0.01])),
             mbs.AddNode(NodePoint(referenceCoordinates=[1., 0.2, 0.], initialVelocities=[0., 1.2, 0.03]))]
    for node, mass in zip(nodes, masses):
        mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    gravity = mbs.AddObject(ObjectConnectorGravity(
        markerNumbers=[mbs.AddMarker(MarkerNodePosition(nodeNumber=n)) for n in nodes], gravitationalConstant=G,
        mass0=masses[0], mass1=masses[1]))
    mbs.Assemble()

    def MomentumAndEnergy():
        velocities = [mbs.GetNodeOutput(n, OVT.Velocity) for n in nodes]
        momentum = sum(m * v for m, v in zip(masses, velocities))
        energy = sum(0.5 * m * v @ v for m, v in zip(masses, velocities))
        return momentum, energy - G * masses[0] * masses[1] / mbs.GetObjectOutput(gravity, OVT.Distance)

    momentum0, energy0 = MomentumAndEnergy()
    mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=1000), solverType=exu.DynamicSolverType.RK67)
    momentum, energy = MomentumAndEnergy()
    np.testing.assert_allclose(momentum, momentum0, atol=1e-9)
    assert energy == pytest.approx(energy0, rel=1e-9)
    relative = mbs.GetObjectOutput(gravity, OVT.Displacement)
    assert math.acos(relative @ [1., 0.2, 0.] / np.linalg.norm(relative) / math.hypot(1., 0.2)) > 1.  # they turned


@pytest.mark.parametrize("minimumDistance", [0., 3.])
def test_force_and_its_regularization(minimumDistance):
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(NodePoint(referenceCoordinates=[1., 2., 2.]))  # L = 3 ... with the initial offset 2.5
    mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    gravity = mbs.AddObject(ObjectConnectorGravity(
        markerNumbers=[mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)), mbs.AddMarker(MarkerNodePosition(nodeNumber=node))],
        gravitationalConstant=2., mass0=3., mass1=4., minDistanceRegularization=minimumDistance))
    mbs.Assemble()
    mbs.systemData.SetODE2Coordinates([-0.5, -1., -1.])  # L = 1.5
    length = 1.5
    expected = 2. * 3. * 4. / (length ** 2 + (max(minimumDistance - length, 0.)) ** 2)
    np.testing.assert_allclose(mbs.GetObjectOutput(gravity, OVT.Force), expected * np.array([0.5, 1., 1.]) / length,
                               rtol=1e-14)
    mbs.SetObjectParameter(gravity, "activeConnector", False)
    np.testing.assert_array_equal(mbs.GetObjectOutput(gravity, OVT.Force), 0.)


def test_bad_input():
    mbs = NewSystem()
    with pytest.raises(ValueError, match="mass0"):
        mbs.AddObject(ObjectConnectorGravity(markerNumbers=[0, 1], mass0=-1.))
    with pytest.raises(ValueError, match="minDistanceRegularization"):
        mbs.AddObject(ObjectConnectorGravity(markerNumbers=[0, 1], minDistanceRegularization=-1.))
