"""ObjectJointGeneric, ObjectJointPrismaticX and ObjectJointSpherical against closed forms.

* Prismatic joint on a tilted axis: the body slides as a point mass on an incline,
  s = 1/2 g sin(alpha) t^2, without rotating; the joint force is the normal force m g cos(alpha).
* Generic joint with the rotation about its x-axis free: a physical pendulum about x, against the
  RK4 solution of theta'' = -(m g a / J) cos(theta); the same with a joint frame turned by
  rotationMarker0 and with the index-2 solver.
* offsetUserFunction: a body moved on a prescribed translation and rotation follows them exactly;
  the joint force is m a (translation) in joint frame 0.
* Universal joint (one rotation locked) and spherical joint: a spinning body falls under gravity
  without friction: energy conserved, constraints kept.
* Spherical joint with z free: free fall along z.
* The Create functions and bad input.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (GenericJoint, MarkerBodyPosition, MarkerBodyRigid, ObjectGround,
                                    ObjectJointPrismaticX, ObjectJointSpherical)
from multidyn.utilities import InertiaCuboid, RotationMatrixX, RotationMatrixZ

from conftest import NewSystem, Settings
from conftest import Pendulum as PendulumAngle

OVT = exu.OutputVariableType
G = 9.81
SIDES = [0.6, 0.1, 0.2]


def Body(mbs, position, velocity=[0., 0., 0.], angularVelocity=[0., 0., 0.], gravity=[0., -G, 0.], nodeType=None):
    inertia = InertiaCuboid(density=800., sideLengths=SIDES)
    kwargs = {} if nodeType is None else {"nodeType": nodeType}
    return mbs.CreateRigidBody(inertia=inertia, referencePosition=position, initialVelocity=velocity,
                               initialAngularVelocity=angularVelocity, gravity=gravity, **kwargs), inertia


def test_prismatic_joint_is_an_incline():
    alpha = 0.4  # axis inclined by alpha below the horizontal
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body, inertia = Body(mbs, [1., 0.5, 0.])
    axis = [math.cos(alpha), -math.sin(alpha), 0.]
    joint = mbs.CreatePrismaticJoint(itemNumbers=[ground, body], position=[1., 0.5, 0.], axis=axis)
    mbs.Assemble()
    endTime = 0.8
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=200, tightNewton=True))
    s = 0.5 * G * math.sin(alpha) * endTime ** 2
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    np.testing.assert_allclose(p, np.array([1., 0.5, 0.]) + s * np.array(axis), atol=1e-9)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.AngularVelocity, [0., 0., 0.]), 0., atol=1e-10)
    assert mbs.GetObjectOutput(joint, OVT.DisplacementLocal)[0] == pytest.approx(s, rel=1e-9)
    force = mbs.GetObjectOutput(joint, OVT.ForceLocal)
    assert force[0] == 0.  # no multiplier along the free axis
    assert np.linalg.norm(force) == pytest.approx(inertia.mass * G * math.cos(alpha), rel=1e-6)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.TorqueLocal), 0., atol=1e-8)


@pytest.mark.parametrize("turned, solverType", [(False, "GeneralizedAlpha"), (True, "GeneralizedAlpha"),
                                                (False, "TrapezoidalIndex2")])
def test_generic_joint_with_free_x_rotation_is_a_pendulum(turned, solverType):
    # the body's long side (x) starts horizontal, hanging from a joint at its end: the rotation about
    # global z is free, which is the joint's x-axis (joint axes A_0J: x along global z)
    endTime, a = 1., 0.5 * SIDES[0]
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    body, inertia = Body(mbs, [a, 0., 0.])
    A_0J = np.array([[0., 0., 1.], [0., 1., 0.], [-1., 0., 0.]]).T
    if turned:  # joint frames given by rotationMarker0/1, markers unturned
        markerRotation, rotation0 = np.eye(3), A_0J
    else:  # joint frames given by the markers
        markerRotation, rotation0 = A_0J, np.eye(3)
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0., 0., 0.],
                                       localRotationMatrix=markerRotation.tolist()))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[-a, 0., 0.],
                                       localRotationMatrix=markerRotation.tolist()))
    rotation1 = rotation0
    mbs.AddObject(GenericJoint(markerNumbers=[m0, m1], constrainedAxes=[1, 1, 1, 0, 1, 1],
                               rotationMarker0=rotation0.tolist(), rotationMarker1=rotation1.tolist()))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=4000, spectralRadius=0.8, tightNewton=True),
                     solverType=getattr(exu.DynamicSolverType, solverType))
    J = inertia.mass * a ** 2 + inertia.inertiaTensor[2, 2]
    theta, omega = PendulumAngle(0., endTime, inertia.mass * G * a / J)
    assert theta < -0.5  # it swung
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    assert math.atan2(p[1], p[0]) == pytest.approx(theta, abs=2e-6)
    assert mbs.GetObjectOutputBody(body, OVT.AngularVelocity, [0., 0., 0.])[2] == pytest.approx(omega, abs=2e-5)
    assert abs(p[2]) < 1e-8


def test_offset_user_function_prescribes_translation_and_rotation():
    amplitude, frequency, rate = 0.2, 3., 0.7
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    body, inertia = Body(mbs, [0., 0., 0.], velocity=[amplitude * frequency, 0., 0.], angularVelocity=[0., 0., 0.],
                         gravity=[0., 0., 0.])

    def Offset(mbs, t, itemNumber, parameters):  # x(t) and a rotation about z by rate*t^2
        return [parameters[0] * math.sin(frequency * t), 0., 0., 0., 0., rate * t ** 2]

    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0., 0., 0.]))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[0., 0., 0.]))
    joint = mbs.AddObject(GenericJoint(markerNumbers=[m0, m1], offsetUserFunction=Offset,
                                       offsetUserFunctionParameters=[amplitude, 0., 0., 0., 0., 0.]))
    mbs.Assemble()
    endTime = 1.
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=500, tightNewton=True))
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    np.testing.assert_allclose(p, [amplitude * math.sin(frequency * endTime), 0., 0.], atol=1e-12)
    A = mbs.GetObjectOutputBody(body, OVT.RotationMatrix, [0., 0., 0.]).reshape(3, 3)
    np.testing.assert_allclose(A, RotationMatrixZ(rate * endTime ** 2), atol=1e-12)
    # all translations locked: the multipliers are global, the output in joint frame 0 (= global here):
    # lambda is the force on marker 0's body, i.e. minus the force that accelerates the body
    acceleration = -amplitude * frequency ** 2 * math.sin(frequency * endTime)
    force = mbs.GetObjectOutput(joint, OVT.ForceLocal)
    assert -force[0] == pytest.approx(inertia.mass * acceleration, rel=2e-3)
    assert mbs.GetObjectOutput(joint, OVT.Rotation)[2] == pytest.approx(rate * endTime ** 2, abs=1e-12)


def Energy(mbs, body, inertia):
    v = mbs.GetObjectOutputBody(body, OVT.Velocity, [0., 0., 0.])
    w = mbs.GetObjectOutputBody(body, OVT.AngularVelocityLocal, [0., 0., 0.])
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    return 0.5 * inertia.mass * v @ v + 0.5 * w @ inertia.inertiaTensor @ w + inertia.mass * G * p[1]


@pytest.mark.parametrize("kind", ["universal", "spherical"])
def test_spinning_body_on_universal_or_spherical_joint_conserves_energy(kind):
    omega0 = np.array([0., 1., 2.])  # no spin about the universal joint's locked axis (global x)
    arm = np.array([0.3, 0., 0.])  # joint at the origin, body centre at arm
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body, inertia = Body(mbs, arm.tolist(), velocity=np.cross(omega0, arm).tolist(), angularVelocity=omega0.tolist(),
                         nodeType=exu.NodeType.RotationEulerParameters)
    if kind == "universal":
        joint = mbs.CreateGenericJoint(itemNumbers=[ground, body], position=[0., 0., 0.],
                                       constrainedAxes=[1, 1, 1, 1, 0, 0], rotationMatrixAxes=RotationMatrixX(0.2))
    else:
        joint = mbs.CreateSphericalJoint(itemNumbers=[ground, body], position=[0., 0., 0.])
    mbs.Assemble()
    energy0 = Energy(mbs, body, inertia)
    mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=2000, spectralRadius=1., tightNewton=True))
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    assert p[1] < -0.03  # it fell
    assert Energy(mbs, body, inertia) == pytest.approx(energy0, abs=1e-4 * inertia.mass * G)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, OVT.Position, (-arm).tolist()), 0., atol=1e-10)
    if kind == "universal":  # joint-0 y stays perpendicular to joint-1 z
        A = mbs.GetObjectOutputBody(body, OVT.RotationMatrix, [0., 0., 0.]).reshape(3, 3)
        axes = RotationMatrixX(0.2)
        assert abs(axes[:, 1] @ (A @ axes[:, 2])) < 1e-10
        assert mbs.GetObjectOutput(joint, OVT.TorqueLocal)[1:] == pytest.approx([0., 0.], abs=0.)


def test_spherical_joint_with_free_z_lets_the_point_fall():
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    point = mbs.CreateMassPoint(referencePosition=[0.2, 0.1, 0.], mass=2., gravity=[0., 0., -G])
    m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0.2, 0.1, 0.]))
    m1 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=point, localPosition=[0., 0., 0.]))
    joint = mbs.AddObject(ObjectJointSpherical(markerNumbers=[m0, m1], constrainedAxes=[1, 1, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=50))
    np.testing.assert_allclose(mbs.GetObjectOutputBody(point, OVT.Position, [0., 0., 0.]),
                               [0.2, 0.1, -0.5 * G * 0.25], atol=1e-10)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Force), 0., atol=1e-10)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Displacement), [0., 0., -0.5 * G * 0.25], atol=1e-10)


def test_distance_constraint_of_length_zero_is_a_spherical_joint(capsys):
    mbs = NewSystem()
    ground = mbs.CreateGround()
    point = mbs.CreateMassPoint(referencePosition=[0.2, 0.1, 0.], mass=2.)
    joint = mbs.CreateDistanceConstraint(itemNumbers=[ground, point], localPosition0=[0.2, 0.1, 0.])
    assert mbs.GetObject(joint)["objectType"] == "JointSpherical"
    assert "SphericalJoint" in capsys.readouterr().out


def test_bad_input_is_refused_with_the_parameter_named():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body, _ = Body(mbs, [1., 0., 0.])
    point = mbs.CreateMassPoint(referencePosition=[2., 0., 0.], mass=1.)
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0., 0., 0.]))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[0., 0., 0.]))
    mPoint = mbs.AddMarker(MarkerBodyPosition(bodyNumber=point, localPosition=[0., 0., 0.]))
    before = mbs.NumberOfObjects()
    for axes in ([1, 1, 1, 1, 1], [1, 1, 2, 1, 1, 0], [1, 1, 1, 1, 1, 1, 1]):
        with pytest.raises(ValueError, match="constrainedAxes.*6 flags"):
            mbs.AddObject(GenericJoint(markerNumbers=[m0, m1], constrainedAxes=axes))
    with pytest.raises(ValueError, match="alternativeConstraints"):
        mbs.AddObject(GenericJoint(markerNumbers=[m0, m1], alternativeConstraints=True))
    with pytest.raises(TypeError, match="markerNumbers"):
        mbs.AddObject(ObjectJointPrismaticX(markerNumbers=[m0, mPoint]))
    with pytest.raises(ValueError, match="constrainedAxes.*3 flags"):
        mbs.AddObject(ObjectJointSpherical(markerNumbers=[m0, mPoint], constrainedAxes=[1, 1, 1, 1]))
    with pytest.raises(ValueError, match="rotationMatrixAxes"):
        mbs.CreateGenericJoint(itemNumbers=[ground, body], position=[0., 0., 0.], rotationMatrixAxes=2 * np.eye(3))
    with pytest.raises(ValueError, match="axis"):
        mbs.CreatePrismaticJoint(itemNumbers=[ground, body], position=[0., 0., 0.], axis=[0., 0., 0.])
    with pytest.raises(TypeError, match="rigid body"):
        mbs.CreatePrismaticJoint(itemNumbers=[ground, point], position=[0., 0., 0.], axis=[1., 0., 0.])
    with pytest.raises(ValueError, match="stiffness"):
        mbs.CreateCartesianSpringDamper(itemNumbers=[ground, point], stiffness=[1., 2.])
    assert mbs.NumberOfObjects() == before


def test_user_function_of_wrong_size_names_the_joint():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body, _ = Body(mbs, [1., 0., 0.])
    mbs.CreateGenericJoint(itemNumbers=[ground, body], position=[1., 0., 0.],
                           offsetUserFunction=lambda mbs, t, i, p: [0., 0., 0.])
    mbs.Assemble()
    with pytest.raises(Exception, match="offsetUserFunction"):
        mbs.SolveDynamic(Settings(endTime=0.1, numberOfSteps=10))


def test_create_spherical_joint_on_a_mass1D_uses_its_frame():
    """driveTrainTest.py's piston: position in the frame of a rotated Mass1D (useGlobalFrame=False) is
    referencePosition + referenceRotation @ ([q_ref, 0, 0] + position) for both markers."""
    from multidyn.itemInterface import Mass1D, Node1D
    mbs = NewSystem()
    A = RotationMatrixZ(0.5 * math.pi)
    node = mbs.AddNode(Node1D(referenceCoordinates=[0.2]))
    piston = mbs.AddObject(Mass1D(physicsMass=0.3, nodeNumber=node, referencePosition=[0.1, -0.4, 0.15],
                                  referenceRotation=A))
    body, _ = Body(mbs, [0.3, -0.2, 0.1])
    joint = mbs.CreateSphericalJoint(itemNumbers=[piston, body], position=[0.05, 0.02, 0.], constrainedAxes=[1, 1, 0],
                                     useGlobalFrame=False)
    mbs.Assemble()
    expected = np.array([0.1, -0.4, 0.15]) + A @ np.array([0.25, 0.02, 0.])
    for marker in mbs.GetObject(joint)['markerNumbers']:
        np.testing.assert_allclose(mbs.GetMarkerOutput(marker, OVT.Position), expected, atol=1e-14)
