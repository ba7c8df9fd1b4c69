"""NodeRigidBody2D, ObjectRigidBody2D and ObjectJointRevolute2D against independent formulations.

* A planar pendulum (RigidBody2D + RevoluteJoint2D) against the same pendulum built in 3D
  (RigidBody on an Rxyz node + RevoluteJointZ): the planar coordinates are a subset of the 3D
  ones, so both give the same motion.
* The same pendulum with the node at the pivot and an offset center of mass (physicsCenterOfMass,
  inertia about the reference point by Steiner) against the pendulum with the node at the center
  of mass: the coupling terms of the offset are checked by an independent model.
* Energy conservation and the small-amplitude period sqrt(J_pivot / (m g L)).
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (Force, MarkerBodyPosition, MarkerBodyRigid, MarkerNodeCoordinate,
                                    MarkerNodePosition, MarkerNodeRigid, NodePoint, NodePointGround, ObjectGround,
                                    RevoluteJoint2D, RevoluteJointZ, Rigid2D, RigidBody, RigidBody2D, RigidRxyz,
                                    SensorNode, Torque)

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
M, J_COM, L, G = 2., 0.15, 0.8, 9.81


def Tight(settings):
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-14
    return settings


def Pendulum2D(theta0=0.7, omega0=0., nodeAtPivot=False, groundNode=True):
    """A rod-like body of mass M, inertia J_COM about its center of mass, hanging from the origin at
    distance L; theta is measured from the x-axis (horizontal), gravity -y."""
    mbs = NewSystem()
    c, s = math.cos(theta0), math.sin(theta0)
    if nodeAtPivot:
        n = mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0, theta0], initialVelocities=[0, 0, omega0]))
        b = mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=M, physicsInertia=J_COM + M * L ** 2,
                                      physicsCenterOfMass=[L, 0]))
        mJoint = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
        mCOM = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[L, 0, 0]))
    else:
        n = mbs.AddNode(Rigid2D(referenceCoordinates=[L * c, L * s, theta0],
                                initialVelocities=[-L * s * omega0, L * c * omega0, omega0]))
        b = mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=M, physicsInertia=J_COM))
        mJoint = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[-L, 0, 0]))
        mCOM = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
    if groundNode:
        nGround = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
        mGround = mbs.AddMarker(MarkerNodePosition(nodeNumber=nGround))
    else:
        oGround = mbs.AddObject(ObjectGround())
        mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=oGround))
    oJoint = mbs.AddObject(RevoluteJoint2D(markerNumbers=[mGround, mJoint]))
    mbs.AddLoad(Force(markerNumber=mCOM, loadVector=[0, -M * G, 0]))
    sAngle = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True, writeToFile=False,
                                      outputVariableType=OVT.Coordinates))
    mbs.Assemble()
    return mbs, n, b, oJoint, sAngle


def Pendulum3D(theta0=0.7, omega0=0.):
    mbs = NewSystem()
    c, s = math.cos(theta0), math.sin(theta0)
    oGround = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(RigidRxyz(referenceCoordinates=[L * c, L * s, 0, 0, 0, theta0],
                              initialVelocities=[-L * s * omega0, L * c * omega0, 0, 0, 0, omega0]))
    b = mbs.AddObject(RigidBody(nodeNumber=n, mass=M, inertia=[J_COM, J_COM, J_COM, 0, 0, 0]))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround))
    mJoint = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[-L, 0, 0]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mJoint]))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodeRigid(nodeNumber=n)), loadVector=[0, -M * G, 0]))
    sAngle = mbs.AddSensor(SensorNode(nodeNumber=n, storeInternal=True, writeToFile=False,
                                      outputVariableType=OVT.Coordinates))
    mbs.Assemble()
    return mbs, n, sAngle


def Energy(theta, omega):
    """Kinetic plus potential energy of the pendulum (potential zero at the pivot height)."""
    return 0.5 * (J_COM + M * L ** 2) * omega ** 2 + M * G * L * math.sin(theta)


def test_pendulum2D_equals3DPendulum(workDir):
    settings = Tight(Settings(endTime=1., numberOfSteps=1000))
    mbs2, n2, _, _, s2 = Pendulum2D(omega0=1.)
    mbs2.SolveDynamic(settings)
    mbs3, n3, s3 = Pendulum3D(omega0=1.)
    mbs3.SolveDynamic(Tight(Settings(endTime=1., numberOfSteps=1000)))
    angle2 = mbs2.GetSensorStoredData(s2)[:, 3]
    angle3 = mbs3.GetSensorStoredData(s3)[:, 6]
    assert np.max(np.abs(angle2 - angle3)) < 1e-9
    assert np.allclose(mbs2.GetNodeOutput(n2, OVT.Position), mbs3.GetNodeOutput(n3, OVT.Position), atol=1e-9)
    assert np.max(np.abs(angle2)) > 0.5  # it did swing


def test_jointForcesAtRestAreExudynsMultipliersTheLoadsOnTheGround(workDir):
    # Hanging straight down at rest, with a sideways (z) load Fz on the 3D body: the joints give
    # the force on marker 0's body (ground), the weight and Fz, and the 3D joint's rotation
    # multipliers the torque L Fz about x that keeps the body from swinging out of the plane.
    Fz = 3.
    mbs2, n2, b2, joint2, _ = Pendulum2D(theta0=-0.5 * math.pi)
    mbs2.SolveDynamic(Tight(Settings(endTime=0.1, numberOfSteps=100)))
    assert mbs2.GetObjectOutput(joint2, OVT.Force) == pytest.approx([0., -M * G, 0.], abs=1e-9)
    mbs3, n3, _ = Pendulum3D(theta0=-0.5 * math.pi)
    mbs3.AddLoad(Force(markerNumber=mbs3.AddMarker(MarkerNodeRigid(nodeNumber=n3)), loadVector=[0, 0, Fz]))
    mbs3.Assemble()
    mbs3.SolveDynamic(Tight(Settings(endTime=0.1, numberOfSteps=100)))
    joint3 = 2
    assert mbs3.GetObjectOutput(joint3, OVT.ForceLocal) == pytest.approx([0., -M * G, Fz], abs=1e-9)
    assert mbs3.GetObjectOutput(joint3, OVT.TorqueLocal) == pytest.approx([L * Fz, 0., 0.], abs=1e-9)
    assert mbs3.GetNodeOutput(n3, OVT.Velocity) == pytest.approx([0., 0., 0.], abs=1e-12)


def test_pendulum2D_offsetCenterOfMassEqualsNodeAtCenterOfMass(workDir):
    results = []
    for nodeAtPivot in (False, True):
        mbs, n, b, _, s = Pendulum2D(omega0=-2., nodeAtPivot=nodeAtPivot, groundNode=nodeAtPivot)
        mbs.SolveDynamic(Tight(Settings(endTime=1.5, numberOfSteps=3000)))
        centerOfMass = [L, 0, 0] if nodeAtPivot else [0, 0, 0]
        results.append((mbs.GetSensorStoredData(s)[:, 3],
                        mbs.GetObjectOutputBody(b, OVT.Position, localPosition=centerOfMass)))
    # the integrators see different coordinates (pivot fixed vs. constrained center): agreement to O(h^2)
    assert np.max(np.abs(results[0][0] - results[1][0])) < 1e-5
    assert np.allclose(results[0][1], results[1][1], atol=1e-5)


def test_pendulum2D_conservesEnergy(workDir):
    theta0, omega0 = 0.3, 2.5
    mbs, n, b, _, s = Pendulum2D(theta0, omega0, nodeAtPivot=True)
    mbs.SolveDynamic(Tight(Settings(endTime=2., numberOfSteps=4000, spectralRadius=1.)))
    theta = mbs.GetNodeOutput(n, OVT.Rotation)[2]  # total angle theta0 + psi
    omega = mbs.GetNodeOutput(n, OVT.Coordinates_t)[2]
    assert Energy(theta, omega) == pytest.approx(Energy(theta0, omega0), rel=1e-5)
    # the body's kinetic energy output: (J_COM + M L^2) omega^2 / 2 about the fixed pivot
    assert mbs.GetObjectOutput(b, OVT.KineticEnergy) == pytest.approx(0.5 * (J_COM + M * L ** 2) * omega ** 2,
                                                                         rel=1e-9)


def test_pendulum2D_smallAmplitudePeriod(workDir):
    # hanging at theta = -pi/2 with a small swing: T = 2 pi sqrt(J_pivot / (M G L))
    amplitude = 1e-3
    mbs, n, b, _, s = Pendulum2D(theta0=-math.pi / 2 + amplitude)
    T = 2. * math.pi * math.sqrt((J_COM + M * L ** 2) / (M * G * L))
    mbs.SolveDynamic(Tight(Settings(endTime=2.2 * T, numberOfSteps=4000, spectralRadius=1.)))
    data = mbs.GetSensorStoredData(s)
    t, x = data[:, 0], amplitude + data[:, 3]  # the stored psi is relative to the reference -pi/2 + amplitude
    crossings = [t[i] - x[i] * (t[i + 1] - t[i]) / (x[i + 1] - x[i]) for i in range(len(x) - 1) if x[i] * x[i + 1] < 0]
    assert len(crossings) >= 4
    assert 2. * np.mean(np.diff(crossings)) == pytest.approx(T, rel=1e-4)


def test_rigidBody2D_freeMotionAndOutputs(workDir):
    # Exudyn's mini example: a free body moving with constant velocity and rotation rate
    mbs = NewSystem()
    n = mbs.AddNode(Rigid2D(referenceCoordinates=[1, 1, 0.25 * math.pi], initialCoordinates=[0.5, 0, 0],
                            initialVelocities=[0.5, 0, 0.75 * math.pi]))
    b = mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=1, physicsInertia=2))
    mbs.Assemble()
    mbs.SolveDynamic(Settings())
    assert mbs.GetNodeOutput(n, OVT.Position)[0] == pytest.approx(2., abs=1e-12)
    assert mbs.GetNodeOutput(n, OVT.Coordinates)[2] == pytest.approx(0.75 * math.pi, abs=1e-12)
    assert mbs.GetNodeOutput(n, OVT.Rotation)[2] == pytest.approx(math.pi, abs=1e-12)
    assert mbs.GetObjectOutput(b, OVT.Rotation) == pytest.approx(math.pi, abs=1e-12)
    assert isinstance(mbs.GetObjectOutputBody(b, OVT.Rotation, [0, 0, 0]), float)  # a scalar, as Exudyn gives it
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Displacement), [1., 0., 0.], atol=1e-12)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.AngularVelocity), [0, 0, 0.75 * math.pi])
    A = np.asarray(mbs.GetNodeOutput(n, OVT.RotationMatrix)).reshape(3, 3)
    assert np.allclose(A, [[-1, 0, 0], [0, -1, 0], [0, 0, 1]], atol=1e-12)
    # a body-fixed point: p + A b and v + omega x (A b)
    b_local = np.array([0.2, 0.1, 0.])
    p = mbs.GetObjectOutputBody(b, OVT.Position, localPosition=list(b_local))
    v = mbs.GetObjectOutputBody(b, OVT.Velocity, localPosition=list(b_local))
    assert np.allclose(p, [2. - 0.2, 1. - 0.1, 0.], atol=1e-12)
    assert np.allclose(v, np.array([0.5, 0, 0]) + np.cross([0, 0, 0.75 * math.pi], A @ b_local), atol=1e-12)
    assert mbs.GetObjectOutput(b, OVT.KineticEnergy) == pytest.approx(0.5 * 0.25 + 0.5 * 2 * (0.75 * math.pi) ** 2)


def test_rigidBody2D_markersAndTorque(workDir):
    # a torque (3D load on a rigid marker) turns the body about z only: theta = tau t^2 / (2 J)
    mbs = NewSystem()
    n = mbs.AddNode(Rigid2D())
    b = mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=3, physicsInertia=0.4))
    mbs.AddLoad(Torque(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0.3, 0, 0])),
                       loadVector=[0, 0, 0.2]))
    # a force at an offset point: translation a = F/m and torque r x F
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0.5, 0])),
                      loadVector=[0.6, 0, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=100))
    t = 0.1
    tau = 0.2 - 0.5 * 0.6  # r x F about z for small rotations (checked at t = 0.1 with a tiny angle)
    theta = mbs.GetNodeOutput(n, OVT.Coordinates)[2]
    assert theta == pytest.approx(tau * t ** 2 / (2 * 0.4), rel=2e-3)
    assert mbs.GetNodeOutput(n, OVT.Coordinates)[0] == pytest.approx(0.6 * t ** 2 / (2 * 3), rel=1e-10)


def test_rigidBody2D_badInput(workDir):
    mbs = NewSystem()
    nPoint = mbs.AddNode(NodePoint())
    with pytest.raises(TypeError, match="NodeRigidBody2D"):
        mbs.AddObject(RigidBody2D(nodeNumber=nPoint, physicsMass=1))
    with pytest.raises(ValueError, match="nodeNumber"):
        mbs.AddObject(RigidBody2D(physicsMass=1))
    with pytest.raises(ValueError, match="physicsMass"):
        RigidBody2D(physicsMass=-1)
    with pytest.raises(ValueError, match="physicsInertia"):
        RigidBody2D(physicsInertia=-0.1)
    n = mbs.AddNode(Rigid2D())
    b = mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=1, physicsInertia=1))
    mCoordinate = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
    mPosition = mbs.AddMarker(MarkerBodyPosition(bodyNumber=b))
    with pytest.raises(TypeError, match="provides no position"):
        mbs.AddObject(RevoluteJoint2D(markerNumbers=[mCoordinate, mPosition]))
    with pytest.raises(ValueError, match="coordinate"):
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=3))
    mbs.Assemble()  # the valid part is intact
