"""ObjectConnectorLinearSpringDamper (LinearSpringDamper) against the closed form of the damped
oscillator: a rigid body on a prismatic joint along an inclined axis, with the spring-damper along
the same axis, m s'' + d s' + k (s - x_off) = f_c + m g.a (s: displacement along the axis);
the user function reproduces the linear law; CreateLinearSpringDamper; bad input."""

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import LinearSpringDamper, MarkerBodyPosition, MarkerBodyRigid
from multidyn.utilities import InertiaCuboid

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType
K, D, OFFSET, FORCE, G = 400., 6., 0.05, 3., 9.81
AXIS = np.array([0.6, -0.8, 0.])  # unit, inclined: gravity -y has the component 0.8 g along it


def SlidingBody(userFunction=None):
    mbs = NewSystem()
    ground = mbs.CreateGround()
    inertia = InertiaCuboid(density=500., sideLengths=[0.2, 0.2, 0.2])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1., 2., 0.], gravity=[0., -G, 0.])
    mbs.CreatePrismaticJoint(itemNumbers=[ground, body], position=[1., 2., 0.], axis=AXIS.tolist())
    spring = mbs.CreateLinearSpringDamper(itemNumbers=[ground, body], position=[1., 2., 0.], axis=AXIS.tolist(),
                                          stiffness=K, damping=D, offset=OFFSET, force=FORCE,
                                          springForceUserFunction=userFunction or 0)
    mbs.Assemble()
    return mbs, body, spring, inertia.mass


@pytest.mark.parametrize("withUserFunction", [False, True])
def test_body_on_prismatic_joint_is_a_damped_oscillator(withUserFunction):
    def Law(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset):
        return stiffness * (displacement - offset) + damping * velocity + FORCE

    mbs, body, spring, mass = SlidingBody(Law if withUserFunction else None)
    endTime = 0.7
    mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=2000, tightNewton=True))
    # the spring pulls marker 1 back: -f_SD along the axis on the body
    s, s_t = DampedOscillator(endTime, mass, K, D, torque=K * OFFSET - FORCE + mass * G * 0.8)
    p = mbs.GetObjectOutputBody(body, OVT.Position, [0., 0., 0.])
    assert (p - [1., 2., 0.]) @ AXIS == pytest.approx(float(s), abs=2e-6)
    assert mbs.GetObjectOutput(spring, OVT.DisplacementLocal) == pytest.approx(float(s), abs=2e-6)
    assert mbs.GetObjectOutput(spring, OVT.VelocityLocal) == pytest.approx(float(s_t), abs=2e-5)
    assert mbs.GetObjectOutput(spring, OVT.ForceLocal) == pytest.approx(
        K * (float(s) - OFFSET) + D * float(s_t) + FORCE, rel=1e-4)


def test_bad_input_names_the_parameter():
    mbs = NewSystem()
    ground = mbs.CreateGround()
    point = mbs.CreateMassPoint(referencePosition=[1., 0., 0.], mass=1.)
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    mPoint = mbs.AddMarker(MarkerBodyPosition(bodyNumber=point))
    with pytest.raises(ValueError, match="axisMarker0"):
        mbs.AddObject(LinearSpringDamper(markerNumbers=[mGround, mPoint], axisMarker0=[0., 0., 0.]))
    with pytest.raises(TypeError, match="markerNumbers"):  # the axis turns with marker 0: it needs an orientation
        mbs.AddObject(LinearSpringDamper(markerNumbers=[mPoint, mGround]))
    with pytest.raises(ValueError, match="stiffness"):
        mbs.AddObject(LinearSpringDamper(markerNumbers=[mGround, mPoint], stiffness=-1.))
    connector = mbs.AddObject(LinearSpringDamper(markerNumbers=[mGround, mPoint], stiffness=10.))  # a point works as m1
    assert mbs.GetObject(connector)["axisMarker0"] == [1., 0., 0.]
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(density=500., sideLengths=[0.2, 0.2, 0.2]))
    with pytest.raises(ValueError, match="axis"):
        mbs.CreateLinearSpringDamper(itemNumbers=[ground, body], axis=[0., 0., 0.])
    # a huge axis component: normalized without overflow (the fuzzer's case), along y
    spring = mbs.CreateLinearSpringDamper(itemNumbers=[ground, body], axis=[1., 1e300, 0.], stiffness=10.)
    np.testing.assert_allclose(mbs.GetObject(spring)["axisMarker0"], [0., 1., 0.], atol=1e-15)
    # refused by the connector after its markers were built: nothing stays added
    markers = mbs.NumberOfMarkers()
    with pytest.raises(ValueError, match="stiffness"):
        mbs.CreateLinearSpringDamper(itemNumbers=[ground, body], axis=[1., 0., 0.], stiffness=-1.)
    assert mbs.NumberOfMarkers() == markers
