"""ObjectConnectorRigidBodySpringDamper (RigidBodySpringDamper) against closed forms: a rigid body
on the connector to ground (no gravity) translating along x and, separately, turning about z is a
damped oscillator in each (m x'' + d x' + k x = k x_off; J theta'' + d_r theta' + k_r theta = 0),
since a rotation about one axis has the Tait-Bryan angles [0, 0, theta] and the rotation vector
[0, 0, theta]; the user function reproduces the linear law. The intrinsic formulation's relative
motion against the SE(3) logarithm computed by scipy's logm, its independence of the markers'
order, and a static equilibrium of force and torque including its lever term;
CreateRigidBodySpringDamper; bad input."""
import warnings

import numpy as np
import pytest
from scipy.linalg import expm, logm

import multidyn as exu
from multidyn.itemInterface import MarkerBodyPosition, MarkerBodyRigid, RigidBodySpringDamper
from multidyn.utilities import InertiaCuboid, RotXYZ2RotationMatrix as RotXYZ

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
K, D, KR, DR, OFFSET_X = 300., 2., 40., 0.3, 0.02


def BodyOnSpring(userFunction=None, velocity=(0., 0., 0.), angularVelocity=(0., 0., 0.), intrinsic=False,
                 offsetX=OFFSET_X):
    mbs = NewSystem()
    ground = mbs.CreateGround()
    inertia = InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.5, 0., 0.], initialVelocity=list(velocity),
                               initialAngularVelocity=list(angularVelocity))
    connector = mbs.CreateRigidBodySpringDamper(
        itemNumbers=[ground, body], localPosition0=[0.5, 0., 0.], localPosition1=[0., 0., 0.],
        stiffness=np.diag([K, K, K, KR, KR, KR]), damping=np.diag([D, D, D, DR, DR, DR]),
        offset=[offsetX, 0., 0., 0., 0., 0.], useIntrinsicFormulation=intrinsic,
        springForceTorqueUserFunction=userFunction or 0)
    mbs.Assemble()
    return mbs, body, connector, inertia


@pytest.mark.parametrize("withUserFunction, intrinsic", [(False, False), (True, False), (False, True), (True, True)])
def test_translation_and_rotation_are_damped_oscillators(withUserFunction, intrinsic):
    def Law(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1,
            offset):
        u = np.concatenate([displacement, rotation]) - offset
        return stiffness @ u + damping @ np.concatenate([velocity, angularVelocity])

    endTime = 0.6
    # translation along x only
    mbs, body, connector, inertia = BodyOnSpring(Law if withUserFunction else None, velocity=(0.4, 0., 0.),
                                                 intrinsic=intrinsic)
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=3000, tightNewton=True))
    x, x_t = DampedOscillator(endTime, inertia.mass, K, D, torque=K * OFFSET_X, omega0=0.4)
    assert mbs.GetObjectOutputBody(body, OVT.Displacement, [0., 0., 0.])[0] == pytest.approx(float(x), abs=1e-6)
    assert mbs.GetObjectOutput(connector, OVT.DisplacementLocal)[0] == pytest.approx(float(x), abs=1e-6)
    force = mbs.GetObjectOutput(connector, OVT.ForceLocal)
    assert force[0] == pytest.approx(K * (float(x) - OFFSET_X) + D * float(x_t), rel=1e-4)
    # rotation about z only (no offset: intrinsic measures a displacement in the turning mid frame)
    mbs, body, connector, inertia = BodyOnSpring(Law if withUserFunction else None, angularVelocity=(0., 0., 2.),
                                                 intrinsic=intrinsic, offsetX=0.)
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=3000, tightNewton=True))
    theta, theta_t = DampedOscillator(endTime, inertia.inertiaTensor[2, 2], KR, DR, omega0=2.)
    rotation = mbs.GetObjectOutput(connector, OVT.Rotation)
    assert rotation == pytest.approx([0., 0., float(theta)], abs=1e-6)
    assert mbs.GetObjectOutput(connector, OVT.AngularVelocityLocal)[2] == pytest.approx(float(theta_t), abs=1e-5)
    assert mbs.GetObjectOutput(connector, OVT.TorqueLocal)[2] == pytest.approx(KR * float(theta) + DR * float(theta_t),
                                                                               rel=1e-4)


def Skew(v):
    return np.array([[0., -v[2], v[1]], [v[2], 0., -v[0]], [-v[1], v[0], 0.]])


def TwoFreeBodies(order=(0, 1), intrinsic=True, angularVelocity=(1.7, 2.1, 3.2)):
    """Two free rigid bodies, turned and moving, on one connector with turned joint frames; order
    (1, 0) swaps the markers."""
    mbs = NewSystem()
    inertia = InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1])
    A0 = RotXYZ([0.3, -0.2, 0.5])
    A1 = RotXYZ([-0.6, 1.1, 0.9])
    bodies = [mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.1, 0.2, -0.1], referenceRotationMatrix=A0,
                                  initialVelocity=[0.3, -0.2, 0.1], initialAngularVelocity=[0.5, -0.4, 0.2]),
              mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.7, 0.5, 0.2], referenceRotationMatrix=A1,
                                  initialVelocity=[-0.1, 0.4, 0.2], initialAngularVelocity=list(angularVelocity))]
    markers = [mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodies[0], localPosition=[0.1, 0.05, 0.])),
               mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodies[1], localPosition=[-0.1, 0., 0.02]))]
    rotations = [RotXYZ([0.2, 0.1, -0.3]), RotXYZ([-0.4, 0.3, 0.1])]
    stiffness = np.diag([400., 500., 700., 25., 50., 32.5])
    stiffness[0, 4], stiffness[3, 1] = 30., -2.  # couplings
    damping = np.diag([3., 2., 1., 0.1, 0.2, 0.3])
    connector = mbs.AddObject(RigidBodySpringDamper(
        markerNumbers=[markers[order[0]], markers[order[1]]], stiffness=stiffness, damping=damping,
        rotationMarker0=rotations[order[0]], rotationMarker1=rotations[order[1]], useIntrinsicFormulation=intrinsic))
    mbs.Assemble()
    return mbs, bodies, markers, rotations, connector, stiffness, damping


def test_intrinsic_relative_motion_is_the_SE3_logarithm():
    """u = log of H_J0J1 = H_0J0^-1 H_0J1 by scipy's logm; v in the mid frame A_0J0 expm(Omega~/2)."""
    mbs, bodies, markers, rotations, connector, stiffness, damping = TwoFreeBodies()
    frames = []
    for body, marker, rotation in zip(bodies, markers, rotations):
        A_0B = np.array(mbs.GetObjectOutputBody(body, OVT.RotationMatrix, [0., 0., 0.])).reshape(3, 3)
        local = np.array(mbs.GetMarker(marker)["localPosition"])
        H = np.eye(4)
        H[:3, :3] = A_0B @ rotation
        H[:3, 3] = mbs.GetObjectOutputBody(body, OVT.Position, local)
        frames.append((H, mbs.GetObjectOutputBody(body, OVT.Velocity, local),
                       mbs.GetObjectOutputBody(body, OVT.AngularVelocity, [0., 0., 0.])))
    twist = np.real(logm(np.linalg.inv(frames[0][0]) @ frames[1][0]))
    Omega = np.array([twist[2, 1], twist[0, 2], twist[1, 0]])
    assert np.linalg.norm(Omega) > 1.  # a large relative rotation
    A_0J = frames[0][0][:3, :3] @ expm(0.5 * Skew(Omega))
    u = np.concatenate([twist[:3, 3], Omega])
    v = np.concatenate([A_0J.T @ (frames[1][1] - frames[0][1]), A_0J.T @ (frames[1][2] - frames[0][2])])
    assert mbs.GetObjectOutput(connector, OVT.DisplacementLocal) == pytest.approx(u[:3], abs=1e-12)
    assert mbs.GetObjectOutput(connector, OVT.Rotation) == pytest.approx(u[3:], abs=1e-12)
    assert mbs.GetObjectOutput(connector, OVT.VelocityLocal) == pytest.approx(v[:3], abs=1e-12)
    assert mbs.GetObjectOutput(connector, OVT.AngularVelocityLocal) == pytest.approx(v[3:], abs=1e-12)
    forceTorque = stiffness @ u + damping @ v
    assert mbs.GetObjectOutput(connector, OVT.ForceLocal) == pytest.approx(forceTorque[:3], rel=1e-12)
    assert mbs.GetObjectOutput(connector, OVT.TorqueLocal) == pytest.approx(forceTorque[3:], rel=1e-12)


def test_intrinsic_motion_does_not_depend_on_the_order_of_the_markers():
    """Swapping the markers turns u, v and [f; m] into their negatives in the same mid frame: the
    loads are the same (as Exudyn's documentation states), not so with Tait-Bryan angles."""
    def Motion(order, intrinsic):
        mbs, bodies, *_ = TwoFreeBodies(order, intrinsic, angularVelocity=(3., -5., 4.))
        mbs.SolveDynamic(Settings(endTime=0.5, numberOfSteps=500, tightNewton=True))
        return np.concatenate([mbs.GetObjectOutputBody(b, OVT.Position, [0., 0., 0.]) for b in bodies] +
                              [mbs.GetObjectOutputBody(b, OVT.AngularVelocity, [0., 0., 0.]) for b in bodies])

    # K is not symmetric and coupled, so that only exact negation keeps the loads
    intrinsic = Motion((0, 1), True)
    assert np.abs(intrinsic - Motion((1, 0), True)).max() < 1e-9
    assert np.abs(Motion((0, 1), False) - Motion((1, 0), False)).max() > 1e-4


def test_intrinsic_static_equilibrium_with_the_lever_of_the_mid_frame():
    """A body on the connector to ground, loaded by a force at a point off the marker and a torque:
    at equilibrium the connector's load on the body, -A_0J f at the marker and -A_0J m - lever with
    lever = (A_0J (-u/2)) x A_0J f, balances the applied loads in force and in moment."""
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1]),
                               referencePosition=[0.5, 0., 0.])
    connector = mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body], localPosition0=[0.5, 0., 0.],
                                                stiffness=np.diag([300., 200., 250., 4., 5., 3.]))
    force, torque, arm = np.array([20., -15., 30.]), np.array([0.5, -1.2, 0.8]), np.array([0.15, 0.1, -0.05])
    mbs.CreateForce(itemNumber=body, loadVector=list(force), localPosition=list(arm))
    mbs.CreateTorque(itemNumber=body, loadVector=list(torque))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.staticSolver.newton.relativeTolerance = 1e-12
    settings.staticSolver.newton.absoluteTolerance = 1e-12
    mbs.SolveStatic(settings)
    Omega = np.array(mbs.GetObjectOutput(connector, OVT.Rotation))
    assert np.linalg.norm(Omega) > 0.2  # a rotation large enough for the mid frame to matter
    A_0J = expm(0.5 * Skew(Omega))  # joint frame 0 is the global frame
    F = A_0J @ mbs.GetObjectOutput(connector, OVT.ForceLocal)
    T = A_0J @ mbs.GetObjectOutput(connector, OVT.TorqueLocal)
    lever = np.cross(A_0J @ (-0.5 * np.array(mbs.GetObjectOutput(connector, OVT.DisplacementLocal))), F)
    assert F == pytest.approx(force, rel=1e-9)
    p_marker = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    p_force = mbs.GetObjectOutputBody(body, OVT.Position, list(arm))
    moment = torque + np.cross(p_force - p_marker, force) - T - lever  # about the body's marker
    assert np.abs(moment).max() < 1e-9 * np.abs(T).max()


def test_create_defaults_to_intrinsic_and_takes_older_names_with_a_warning():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1]))
    connector = mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body])
    assert mbs.GetObject(connector)["useIntrinsicFormulation"] is True
    with pytest.warns(DeprecationWarning) as record:
        older = mbs.CreateRigidBodySpringDamper(bodyList=[ground, body], intrinsicFormulation=False)
    assert sorted(str(w.message).split(": ", 1)[1] for w in record) == [
        "the argument bodyList is deprecated; use itemNumbers instead",
        "the argument intrinsicFormulation is deprecated; use useIntrinsicFormulation instead"]
    assert mbs.GetObject(older)["useIntrinsicFormulation"] is False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ValueError, match="itemNumbers only"):
            mbs.CreateRigidBodySpringDamper(bodyList=[ground, body], bodyNumbers=[ground, body])


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1]))
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    mPosition = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    with pytest.raises(ValueError, match="stiffness.*6 x 6"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], stiffness=np.eye(3)))
    with pytest.raises(TypeError, match="useIntrinsicFormulation"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], intrinsicFormulation=2.5))
    with pytest.raises(ValueError, match="postNewtonStepUserFunction"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], postNewtonStepUserFunction=lambda *args: [0.]))
    with pytest.raises(TypeError, match="markerNumbers"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, mPosition]))
