"""ObjectJointPrismatic2D against closed forms.

* A block on a rail inclined by alpha (a rail fixed to ground, the block's rotation locked):
  the travel s = g sin(alpha) t^2 / 2, no motion normal to the rail, the normal force
  m g cos(alpha) and no torque.
* constrainRotation False: a torque T about the slider point turns the block freely,
  theta = T t^2 / (2 J); marker 1 off the center of a turning body keeps on the line through
  marker 0 normal to the turning n1 = A_0M1 normalMarker1 (Exudyn's definition), and the ideal
  joint does no work (kinetic energy conserved).
* Bad input: zero vectors and markers without orientation are refused, naming the parameter.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (Force, MarkerBodyPosition, MarkerBodyRigid, ObjectGround, PrismaticJoint2D,
                                    Rigid2D, RigidBody2D, Torque)

from conftest import NewSystem

OVT = exu.OutputVariableType
MASS, INERTIA, G, ALPHA = 2., 0.1, 9.81, 0.3


def Rail(constrainRotation=True, railAngle=ALPHA):
    """A RigidBody2D on a rail through the origin along (cos a, -sin a); returns mbs, node, joint."""
    mbs = NewSystem()
    ground = mbs.AddMarker(MarkerBodyRigid(bodyNumber=mbs.AddObject(ObjectGround())))
    node = mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0, 0]))
    body = mbs.AddObject(RigidBody2D(physicsMass=MASS, physicsInertia=INERTIA, nodeNumber=node))
    marker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    tangent = [math.cos(railAngle), -math.sin(railAngle), 0]
    normal = [math.sin(railAngle), math.cos(railAngle), 0]
    joint = mbs.AddObject(PrismaticJoint2D(markerNumbers=[ground, marker], axisMarker0=tangent,
                                           normalMarker1=normal, constrainRotation=constrainRotation))
    return mbs, node, body, marker, joint


def Solve(mbs, endTime=1., steps=1000):
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.solution.file.write = False
    mbs.Assemble()
    mbs.SolveDynamic(settings)


def test_blockSlidesDownTheInclinedRail(workDir):
    mbs, node, body, marker, joint = Rail()
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=body)), loadVector=[0, -MASS * G, 0]))
    Solve(mbs)
    travel = 0.5 * G * math.sin(ALPHA)
    tangent = np.array([math.cos(ALPHA), -math.sin(ALPHA), 0])
    normal = np.array([math.sin(ALPHA), math.cos(ALPHA), 0])
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), travel * tangent, atol=1e-9)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Velocity), G * math.sin(ALPHA) * tangent, atol=1e-9)
    assert abs(mbs.GetNodeOutput(node, OVT.Rotation)[2]) < 1e-12
    # the joint pushes the block along +n with m g cos(alpha); the output is the load on marker 0 (ground)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Force), -MASS * G * math.cos(ALPHA) * normal, rtol=1e-8)
    # the point mass moves along a line through the origin, so its angular momentum about the
    # origin stays 0: the joint's moment on the ground balances the moment of gravity, d x (-m g e_y)
    d = mbs.GetObjectOutput(joint, OVT.Displacement)
    np.testing.assert_allclose(d, travel * tangent, atol=1e-9)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Torque), np.cross(d, [0, -MASS * G, 0]), rtol=1e-8)


def test_freeRotationAboutTheSliderPoint(workDir):
    mbs, node, body, marker, joint = Rail(constrainRotation=False)
    torque = 0.4
    mbs.AddLoad(Torque(markerNumber=marker, loadVector=[0, 0, torque]))
    Solve(mbs, endTime=0.5, steps=500)
    assert mbs.GetNodeOutput(node, OVT.Rotation)[2] == pytest.approx(torque * 0.25 / (2 * INERTIA), rel=1e-9)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), [0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Torque), [0, 0, 0], atol=1e-12)


def test_offsetMarkerOnATurningBodyKeepsOnTheRailWithoutWork(workDir):
    """Marker 1 off the body's center with constrainRotation False: n1 turns with the body (the
    torque terms of the loads). The marker point stays on the line through marker 0 normal to n1,
    and the ideal, time-independent constraint does no work: the kinetic energy is conserved."""
    mbs = NewSystem()
    ground = mbs.AddMarker(MarkerBodyRigid(bodyNumber=mbs.AddObject(ObjectGround())))
    velocities = [0.5, 0., 2.]
    node = mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0.2, 0], initialVelocities=velocities))
    body = mbs.AddObject(RigidBody2D(physicsMass=MASS, physicsInertia=INERTIA, nodeNumber=node))
    offset = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[0, -0.2, 0]))
    mbs.AddObject(PrismaticJoint2D(markerNumbers=[ground, offset], constrainRotation=False))
    mbs.Assemble()
    # consistent initial velocities: the marker point moves along x = normal to n1 = e_y
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 4000
    settings.timeIntegration.endTime = 1.
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    position = mbs.GetNodeOutput(node, OVT.Position)
    angle = mbs.GetNodeOutput(node, OVT.Rotation)[2]
    point = position + np.array([0.2 * math.sin(angle), -0.2 * math.cos(angle), 0])
    n1 = np.array([-math.sin(angle), math.cos(angle), 0])
    assert abs(point @ n1) < 1e-10
    assert abs(angle) > 0.5  # it did turn, so the turning normal was exercised
    velocity = mbs.GetNodeOutput(node, OVT.Velocity)
    omega = mbs.GetNodeOutput(node, OVT.AngularVelocity)[2]
    energy = 0.5 * MASS * velocity @ velocity + 0.5 * INERTIA * omega**2
    energy0 = 0.5 * MASS * velocities[0]**2 + 0.5 * INERTIA * velocities[2]**2
    assert energy == pytest.approx(energy0, rel=1e-5)
    assert abs(velocity[1]) > 0.05  # the center moved off the rail direction: the constraint acted


@pytest.mark.parametrize("parameter", ["axisMarker0", "normalMarker1"])
def test_zeroVectorsAreRefused(workDir, parameter):
    mbs, node, body, marker, joint = Rail()
    before = list(mbs.GetObjectParameter(joint, parameter))
    with pytest.raises(ValueError, match=f"ObjectJointPrismatic2D.*'{parameter}'.*nonzero"):
        mbs.SetObjectParameter(joint, parameter, [0, 0, 0])
    assert list(mbs.GetObjectParameter(joint, parameter)) == before
    with pytest.raises(ValueError, match=f"ObjectJointPrismatic2D.*'{parameter}'.*nonzero"):
        mbs.AddObject(PrismaticJoint2D(markerNumbers=[0, 1], **{parameter: [0, 0, 0]}))


def test_positionMarkerIsRefused(workDir):
    mbs = NewSystem()
    ground = mbs.AddMarker(MarkerBodyRigid(bodyNumber=mbs.AddObject(ObjectGround())))
    body = mbs.AddObject(RigidBody2D(physicsMass=1, physicsInertia=1, nodeNumber=mbs.AddNode(Rigid2D())))
    position = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    with pytest.raises(TypeError, match="ObjectJointPrismatic2D.*markerNumbers.*orientation"):
        mbs.AddObject(PrismaticJoint2D(markerNumbers=[ground, position]))
    assert mbs.systemData.NumberOfObjects() == 2
