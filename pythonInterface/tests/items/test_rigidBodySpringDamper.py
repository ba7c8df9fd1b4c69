"""ObjectConnectorRigidBodySpringDamper (RigidBodySpringDamper) against closed forms: a rigid body
on the connector to ground (no gravity) translating along x and, separately, turning about z is a
damped oscillator in each (m x'' + d x' + k x = k x_off; J theta'' + d_r theta' + k_r theta = 0),
since a rotation about one axis has the Tait-Bryan angles [0, 0, theta]; the user function
reproduces the linear law; CreateRigidBodySpringDamper; bad input."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import MarkerBodyPosition, MarkerBodyRigid, RigidBodySpringDamper
from multidyn.utilities import InertiaCuboid

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
K, D, KR, DR, OFFSET_X = 300., 2., 40., 0.3, 0.02


def BodyOnSpring(userFunction=None, velocity=(0., 0., 0.), angularVelocity=(0., 0., 0.)):
    mbs = NewSystem()
    ground = mbs.CreateGround()
    inertia = InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.5, 0., 0.], initialVelocity=list(velocity),
                               initialAngularVelocity=list(angularVelocity))
    connector = mbs.CreateRigidBodySpringDamper(
        itemNumbers=[ground, body], localPosition0=[0.5, 0., 0.], localPosition1=[0., 0., 0.],
        stiffness=np.diag([K, K, K, KR, KR, KR]), damping=np.diag([D, D, D, DR, DR, DR]),
        offset=[OFFSET_X, 0., 0., 0., 0., 0.], useIntrinsicFormulation=False,
        springForceTorqueUserFunction=userFunction or 0)
    mbs.Assemble()
    return mbs, body, connector, inertia


@pytest.mark.parametrize("withUserFunction", [False, True])
def test_translation_and_rotation_are_damped_oscillators(withUserFunction):
    def Law(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1,
            offset):
        u = np.concatenate([displacement, rotation]) - offset
        return stiffness @ u + damping @ np.concatenate([velocity, angularVelocity])

    endTime = 0.6
    # translation along x only
    mbs, body, connector, inertia = BodyOnSpring(Law if withUserFunction else None, velocity=(0.4, 0., 0.))
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=3000, tightNewton=True))
    x, x_t = DampedOscillator(endTime, inertia.mass, K, D, torque=K * OFFSET_X, omega0=0.4)
    assert mbs.GetObjectOutputBody(body, OVT.Displacement, [0., 0., 0.])[0] == pytest.approx(float(x), abs=1e-6)
    assert mbs.GetObjectOutput(connector, OVT.DisplacementLocal)[0] == pytest.approx(float(x), abs=1e-6)
    force = mbs.GetObjectOutput(connector, OVT.ForceLocal)
    assert force[0] == pytest.approx(K * (float(x) - OFFSET_X) + D * float(x_t), rel=1e-4)
    # rotation about z only
    mbs, body, connector, inertia = BodyOnSpring(Law if withUserFunction else None, angularVelocity=(0., 0., 2.))
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=3000, tightNewton=True))
    theta, theta_t = DampedOscillator(endTime, inertia.inertiaTensor[2, 2], KR, DR, omega0=2.)
    rotation = mbs.GetObjectOutput(connector, OVT.Rotation)
    assert rotation == pytest.approx([0., 0., float(theta)], abs=1e-6)
    assert mbs.GetObjectOutput(connector, OVT.AngularVelocityLocal)[2] == pytest.approx(float(theta_t), abs=1e-5)
    assert mbs.GetObjectOutput(connector, OVT.TorqueLocal)[2] == pytest.approx(KR * float(theta) + DR * float(theta_t),
                                                                               rel=1e-4)


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=700., sideLengths=[0.3, 0.2, 0.1]))
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    mPosition = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    with pytest.raises(ValueError, match="stiffness.*6 x 6"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], stiffness=np.eye(3)))
    with pytest.raises(ValueError, match="useIntrinsicFormulation"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], intrinsicFormulation=True))
    with pytest.raises(ValueError, match="postNewtonStepUserFunction"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, m1], postNewtonStepUserFunction=lambda *args: [0.]))
    with pytest.raises(TypeError, match="markerNumbers"):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[m0, mPosition]))
    with pytest.raises(NotImplementedError, match="useIntrinsicFormulation=False"):
        mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body])
