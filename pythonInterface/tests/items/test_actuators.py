"""ObjectActuator (MuJoCo's general actuator) and its shortcuts against closed forms.

Two test rigs: a slide (a mass point's x coordinate against a ground coordinate, transmission
markerNumbers) and a hinge (a RigidBody2D turning about the origin on a RevoluteJoint2D,
transmission jointNumber). No gravity, so every closed form is that of the actuator alone.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import (ActuatorCylinder, ActuatorDamper, ActuatorIntVelocity, ActuatorMotor,
                                    ActuatorPosition, ActuatorVelocity, MarkerBodyPosition, MarkerBodyRigid,
                                    MarkerNodeCoordinate, MarkerNodePosition, MassPoint, NodeGenericData, NodePointGround,
                                    ObjectActuator, ObjectGround, Point, RevoluteJoint2D, RevoluteJointZ, Rigid2D,
                                    RigidBody, RigidBody2D, RigidRxyz, SensorObject)

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType


def Scalar(value):
    array = np.asarray(value, dtype=float).reshape(-1)
    assert array.size == 1
    return float(array[0])


class Slide:
    """A mass point of mass m moving along x; q = its x displacement from the reference."""

    def __init__(self, mass=2., q0=0., v0=0.):
        self.mbs = NewSystem()
        self.mass = mass
        nGround = self.mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
        self.node = self.mbs.AddNode(Point(referenceCoordinates=[0, 0, 0], initialCoordinates=[q0, 0, 0],
                                           initialVelocities=[v0, 0, 0]))
        self.mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=self.node))
        self.markers = [self.mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0)),
                        self.mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=self.node, coordinate=0))]

    def q(self):
        return self.mbs.GetNodeOutput(self.node, OVT.Coordinates)[0]

    def v(self):
        return self.mbs.GetNodeOutput(self.node, OVT.Coordinates_t)[0]


class Hinge:
    """A RigidBody2D of inertia I about the origin (its node), on a RevoluteJoint2D to ground."""

    def __init__(self, inertia=0.5, angle0=0., omega0=0.):
        self.mbs = NewSystem()
        self.inertia = inertia
        self.node = self.mbs.AddNode(Rigid2D(referenceCoordinates=[0, 0, 0], initialCoordinates=[0, 0, angle0],
                                             initialVelocities=[0, 0, omega0]))
        body = self.mbs.AddObject(RigidBody2D(nodeNumber=self.node, physicsMass=3., physicsInertia=inertia))
        ground = self.mbs.AddObject(ObjectGround())
        self.joint = self.mbs.AddObject(RevoluteJoint2D(markerNumbers=[
            self.mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground)),
            self.mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))]))

    def angle(self):
        return self.mbs.GetNodeOutput(self.node, OVT.Coordinates)[2]


def Solve(mbs, endTime, steps, spectralRadius=1., tightNewton=True, **kwargs):
    mbs.Assemble()
    settings = Settings(endTime=endTime, numberOfSteps=steps, spectralRadius=spectralRadius, tightNewton=tightNewton,
                        **kwargs)
    mbs.SolveDynamic(settings)


# ---- shortcuts against closed forms ---------------------------------------------------------

@pytest.mark.parametrize("gear", [1., 2.])
def test_motor_constantTorque_hinge(gear):
    """q = 1/2 gear u / I t^2; gear 2 doubles the joint torque (and the actuator length)."""
    r = Hinge(inertia=0.5)
    u = 0.3
    a = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, gear=[gear, 0, 0, 0, 0, 0], control=u))
    Solve(r.mbs, 1., 50)
    expected = 0.5 * gear * u / r.inertia * 1. ** 2
    assert r.angle() == pytest.approx(expected, rel=1e-10)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force)) == pytest.approx(u, abs=1e-14)  # before the gear
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Displacement)) == pytest.approx(gear * expected, rel=1e-10)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Velocity)) == pytest.approx(gear * gear * u / r.inertia, rel=1e-10)


def test_motor_slide_markerNumbers():
    r = Slide(mass=2.)
    r.mbs.AddObject(ActuatorMotor(markerNumbers=r.markers, control=4.))
    Solve(r.mbs, 0.5, 20)
    assert r.q() == pytest.approx(0.5 * 4. / 2. * 0.25, rel=1e-10)


def test_motor_clampedControl_and_clampedForce():
    # control 3 in ctrlrange [-1, 1]: u = 1 (the parameter keeps 3), force 1, joint torque gear * 1
    r = Hinge(inertia=0.5)
    a = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, gear=[2, 0, 0, 0, 0, 0], ctrlrange=[-1, 1], control=3.))
    Solve(r.mbs, 1., 20)
    assert r.angle() == pytest.approx(0.5 * 2. * 1. / 0.5, rel=1e-10)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Control)) == 1.
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force)) == 1.
    assert r.mbs.GetObjectParameter(a, "control") == 3.
    # forcerange [-0.4, 0.4] clamps the scalar force (before the gear)
    r = Hinge(inertia=0.5)
    a = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, forcerange=[-0.4, 0.4], control=1.))
    Solve(r.mbs, 1., 20)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force)) == 0.4
    assert r.angle() == pytest.approx(0.5 * 0.4 / 0.5, rel=1e-10)


def test_position_dampratio1_criticallyDamped():
    """kp with dampratio 1 on a mass m: q = q0 (1 + w t) e^{-w t}, w = sqrt(kp/m)."""
    m, kp, q0 = 0.523599, 10., -0.1
    r = Slide(mass=m, q0=q0)
    a = r.mbs.AddObject(ActuatorPosition(markerNumbers=r.markers, kp=kp, dampratio=1.))
    assert r.mbs.GetObject(a)["biasprm"][2] == 1.  # MuJoCo's spec: the dampratio, until compiled
    r.mbs.Assemble()
    general = r.mbs.GetObject(a)
    assert general["objectType"] == "Actuator"
    assert general["biastype"] == "affine" and general["gaintype"] == "fixed" and general["dyntype"] == "none"
    assert general["biasprm"][:3] == pytest.approx([0, -kp, -2 * math.sqrt(kp * m)], rel=1e-15)
    assert general["biasprm"][2] == pytest.approx(-4.57646, abs=1e-5)  # MuJoCo's DampRatio test value
    sensor = r.mbs.AddSensor(SensorObject(objectNumber=a, outputVariableType=OVT.Displacement, storeInternal=True,
                                          writeToFile=False))
    Solve(r.mbs, 2., 2000)
    data = r.mbs.GetSensorStoredData(sensor)
    w = math.sqrt(kp / m)
    exact = q0 * (1 + w * data[:, 0]) * np.exp(-w * data[:, 0])
    assert np.abs(data[:, 1] - exact).max() < 2e-7  # trapezoidal rule, h = 1e-3: O(h^2)
    assert data[:, 1].max() <= 1e-12  # critically damped: never crosses the target
    # at t = 1: MuJoCo's continuous reference -0.0067926
    assert np.interp(1., data[:, 0], data[:, 1]) == pytest.approx(-0.0067926, abs=2e-7)


def test_position_timeconst_filtersTheSetPoint():
    r = Slide(mass=1.)
    a = r.mbs.AddObject(ActuatorPosition(markerNumbers=r.markers, kp=5., kv=1., timeconst=0.2, control=0.3))
    general = r.mbs.GetObject(a)
    assert general["dyntype"] == "filterexact" and general["dynprm"][0] == 0.2
    Solve(r.mbs, 1., 1000)
    activation = Scalar(r.mbs.GetObjectOutput(a, OVT.Activation))
    assert activation == pytest.approx(0.3 * (1 - math.exp(-1 / 0.2)), rel=1e-6)
    force = Scalar(r.mbs.GetObjectOutput(a, OVT.Force))
    assert force == pytest.approx(5. * (activation - r.q()) - 1. * r.v(), rel=1e-12)


@pytest.mark.parametrize("steps", [1, 3, 10, 100])
@pytest.mark.parametrize("solver", ["GeneralizedAlpha", "GeneralizedAlpha rho 0.5", "TrapezoidalIndex2"])
def test_filterexact_activationIsExactForAnyStep(steps, solver):
    """a_t = (u - a)/tau with constant u: a(t) = u (1 - e^{-t/tau}) at every step end to 1e-12,
    for steps from h = tau/90 to h = 1.1 tau, with each implicit solver (trapezoidal rule for the
    activation, with the step's time constant tau_h = h / (2 tanh(h/(2 tau)))). A change of the
    step size within a solve is tested in solvers/test/AnalyticSystemsTest.cpp."""
    tau, u, endTime = 0.9, 0.7, 1.
    r = Slide()
    a = r.mbs.AddObject(ObjectActuator(markerNumbers=r.markers, dyntype="filterexact", dynprm=[tau] + [0] * 9,
                                       control=u))
    sensor = r.mbs.AddSensor(SensorObject(objectNumber=a, outputVariableType=OVT.Activation, storeInternal=True,
                                          writeToFile=False))
    r.mbs.Assemble()
    settings = Settings(endTime=endTime, numberOfSteps=steps, spectralRadius=0.5 if "rho" in solver else 1.,
                        tightNewton=True)
    r.mbs.SolveDynamic(settings, solverType=getattr(exu.DynamicSolverType, solver.split()[0]))
    data = r.mbs.GetSensorStoredData(sensor)
    assert len(data) == steps + 1
    assert np.abs(data[:, 1] - u * (1 - np.exp(-data[:, 0] / tau))).max() < 1e-12


def test_filter_isTheTrapezoidalRuleOfItsODE():
    """'filter' (unlike filterexact) is the ODE a_t = (u - a)/tau integrated by the trapezoidal
    rule: the factor (1 - h/2tau)/(1 + h/2tau) per step, second order in h."""
    tau, u, steps = 0.9, 1., 10
    r = Slide()
    a = r.mbs.AddObject(ObjectActuator(markerNumbers=r.markers, dyntype="filter", dynprm=[tau] + [0] * 9, control=u))
    Solve(r.mbs, 1., steps)
    h = 1. / steps
    trapezoidal = u * (1 - ((1 - h / (2 * tau)) / (1 + h / (2 * tau))) ** steps)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Activation)) == pytest.approx(trapezoidal, abs=1e-12)
    assert abs(trapezoidal - u * (1 - math.exp(-1 / tau))) > 1e-5  # so that the test above could fail


def test_intvelocity_activationClampsAtActrange():
    """a_t = u = 0.5 with actrange [-1.57, 1.57], h = 0.002: a = 0.1 after 100 steps, 1.0 after
    1000, 1.57 (clamped) after 2000; force = kp (a - q) - kv q_t. Default Newton tolerances: at
    the bound the activation's rate is stiff (docs/theory/Actuator.md), and round-off there is
    above the tight tolerances' 1e-12; with the defaults every step takes one Newton iteration and
    the activation meets the bound to the Newton tolerance (1e-8)."""
    for steps, expected in [(100, 0.1), (1000, 1.0), (2000, 1.57)]:
        r = Hinge(inertia=2.)
        a = r.mbs.AddObject(ActuatorIntVelocity(jointNumber=r.joint, kp=1., kv=0.5, actrange=[-1.57, 1.57],
                                                control=0.5))
        general = r.mbs.GetObject(a)
        assert general["dyntype"] == "integrator" and general["biasprm"][:3] == [0, -1., -0.5]
        Solve(r.mbs, steps * 0.002, steps, tightNewton=False)
        assert r.mbs.sys['dynamicSolverStatistics']['rejectedSteps'] == 0
        activation = Scalar(r.mbs.GetObjectOutput(a, OVT.Activation))
        assert activation == pytest.approx(expected, abs=1e-12 if expected < 1.57 else 1e-7)
        assert activation <= 1.57
        force = Scalar(r.mbs.GetObjectOutput(a, OVT.Force))
        omega = r.mbs.GetNodeOutput(r.node, OVT.Coordinates_t)[2]
        assert force == pytest.approx(1. * (activation - r.angle()) - 0.5 * omega, abs=1e-12)


def test_velocity_servo_decay_and_stiffStability():
    """force = kv (u - v): with u = 0 the velocity decays as e^{-kv t/m}; with kv h/m = 3 the
    implicit solver stays stable and decays (an explicit step would multiply v by -2)."""
    r = Slide(mass=1., v0=1.)
    r.mbs.AddObject(ActuatorVelocity(markerNumbers=r.markers, kv=2.))
    Solve(r.mbs, 1., 1000)
    assert r.v() == pytest.approx(math.exp(-2.), rel=1e-6)

    kv, h, steps = 300., 0.01, 50
    r = Slide(mass=1., v0=1.)
    r.mbs.AddObject(ActuatorVelocity(markerNumbers=r.markers, kv=kv))
    sensor = r.mbs.AddSensor(SensorObject(objectNumber=r.mbs.NumberOfObjects() - 1, outputVariableType=OVT.Velocity,
                                          storeInternal=True, writeToFile=False))
    Solve(r.mbs, steps * h, steps, spectralRadius=0.8)
    velocity = np.abs(r.mbs.GetSensorStoredData(sensor)[:, 1])
    assert np.all(velocity[1:] <= velocity[:-1] + 1e-14)
    assert velocity[-1] < 1e-3


def test_damper_force_and_decay():
    """force = -kv l_t u: the velocity decays as e^{-kv u t/m}."""
    kv, u, m, v0 = 3., 0.5, 2., 1.5
    r = Slide(mass=m, v0=v0)
    a = r.mbs.AddObject(ActuatorDamper(markerNumbers=r.markers, kv=kv, ctrlrange=[0, 1], control=u))
    general = r.mbs.GetObject(a)
    assert general["gaintype"] == "affine" and general["gainprm"][:3] == [0, 0, -kv] and general["ctrllimited"] == "true"
    r.mbs.Assemble()
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force, exu.ConfigurationType.Initial)) == pytest.approx(-kv * v0 * u)
    Solve(r.mbs, 1., 1000)
    assert r.v() == pytest.approx(v0 * math.exp(-kv * u / m), rel=1e-6)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force)) == pytest.approx(-kv * r.v() * u, rel=1e-12)


def test_cylinder_pressureFilter_and_area():
    """pressure a_t = (u - a)/timeconst; force = area a + bias0 + bias1 l + bias2 l_t."""
    r = Slide(mass=1.)
    diameter, timeconst, u = 0.1, 0.25, 2.
    a = r.mbs.AddObject(ActuatorCylinder(markerNumbers=r.markers, diameter=diameter, timeconst=timeconst,
                                         bias=[0.001, -0.002, -0.003], control=u))
    general = r.mbs.GetObject(a)
    area = math.pi / 4 * diameter ** 2
    assert general["gainprm"][0] == pytest.approx(0.00785398, abs=1e-8) == area
    assert general["dyntype"] == "filter" and general["dynprm"][0] == timeconst
    Solve(r.mbs, 0.5, 500)
    pressure = Scalar(r.mbs.GetObjectOutput(a, OVT.Activation))
    assert pressure == pytest.approx(u * (1 - math.exp(-0.5 / timeconst)), rel=1e-6)
    force = Scalar(r.mbs.GetObjectOutput(a, OVT.Force))
    assert force == pytest.approx(area * pressure + 0.001 - 0.002 * r.q() - 0.003 * r.v(), rel=1e-12)
    # without diameter, area is the gain
    b = ActuatorCylinder(markerNumbers=r.markers, area=0.3)._Compile()
    assert b.gainprm[0] == 0.3


def test_muscle_peakForce_and_passiveForce():
    """MuJoCo's muscle curves: at the optimal length (L = 1) and V = 0 the active gain is -F0; the
    passive (bias) force is 0 up to L = 1 and -F0 fpmax x^2/2 up to b = (1 + lmax)/2."""
    F0, lengthrange, muscleRange = 100., [0., 1.], [0.75, 1.05]
    prm = muscleRange + [F0, 200., 0.5, 1.6, 1.5, 1.3, 1.2, 0.]
    L0 = (lengthrange[1] - lengthrange[0]) / (muscleRange[1] - muscleRange[0])
    for L, activeExpected, passiveExpected in [(1., -F0, 0.), (1.1, -F0 * (1 - 0.5 * (0.1 / 0.3) ** 2),
                                                                -F0 * 1.3 * 0.5 * (0.1 / 0.3) ** 2)]:
        q0 = (L - muscleRange[0]) * L0 + lengthrange[0]
        r = Slide(mass=1., q0=q0)
        active = r.mbs.AddObject(ObjectActuator(markerNumbers=r.markers, gaintype="muscle", gainprm=prm,
                                                lengthrange=lengthrange, control=1.))
        passive = r.mbs.AddObject(ObjectActuator(markerNumbers=r.markers, gaintype="muscle", gainprm=prm,
                                                 biastype="muscle", biasprm=prm, lengthrange=lengthrange, control=0.))
        r.mbs.Assemble()
        initial = exu.ConfigurationType.Initial
        assert Scalar(r.mbs.GetObjectOutput(active, OVT.Force, initial)) == pytest.approx(activeExpected, rel=1e-12)
        assert Scalar(r.mbs.GetObjectOutput(passive, OVT.Force, initial)) == pytest.approx(passiveExpected, abs=1e-12)


def test_muscle_activationDynamics():
    """a_t = (u - a)/(tc0 (0.5 + 1.5 a)) while activating: from a = 0 with u = 1 the activation rises
    monotonically towards 1, faster than a filter with the largest time constant 2 tc0."""
    tc = [0.01, 0.04]
    prm = [0.75, 1.05, 100., 200., 0.5, 1.6, 1.5, 1.3, 1.2, 0.]
    r = Slide(mass=1.)
    a = r.mbs.AddObject(ObjectActuator(markerNumbers=r.markers, dyntype="muscle", dynprm=tc + [0] * 8,
                                       gaintype="muscle", gainprm=prm, lengthrange=[-1, 1], control=1.))
    sensor = r.mbs.AddSensor(SensorObject(objectNumber=a, outputVariableType=OVT.Activation, storeInternal=True,
                                          writeToFile=False))
    Solve(r.mbs, 0.05, 500)
    data = r.mbs.GetSensorStoredData(sensor)
    assert np.all(np.diff(data[:, 1]) > 0) and data[-1, 1] < 1
    assert np.all(data[1:, 1] > 1 - np.exp(-data[1:, 0] / (2 * tc[0])))
    # the closed form of the activating branch: t = tc0 (2 ln(1/(1 - a)) - 1.5 a)  (u = 1)
    t = tc[0] * (2 * np.log(1 / (1 - data[1:, 1])) - 1.5 * data[1:, 1])
    np.testing.assert_allclose(t, data[1:, 0], rtol=0, atol=2e-6)


def test_controlUserFunction():
    r = Hinge(inertia=1.)
    a = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, controlUserFunction=lambda mbs, t, itemNumber: 2. * t))
    Solve(r.mbs, 1., 100)
    # q'' = 2 t: q = t^3/3, reproduced exactly up to the trapezoidal rule's O(h^2)
    assert r.angle() == pytest.approx(1. / 3., rel=1e-4)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Control)) == pytest.approx(2.)


def test_jointAngle_fromInitialCoordinates():
    r = Hinge(angle0=0.4, omega0=-0.2)
    a = r.mbs.AddObject(ActuatorPosition(jointNumber=r.joint, kp=3.))
    r.mbs.Assemble()
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Displacement, exu.ConfigurationType.Initial)) == pytest.approx(0.4)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Velocity, exu.ConfigurationType.Initial)) == pytest.approx(-0.2)
    assert Scalar(r.mbs.GetObjectOutput(a, OVT.Force, exu.ConfigurationType.Initial)) == pytest.approx(-3. * 0.4)


def test_dampratio_usesTheInertiaWithAllJointsActing():
    """A straight two-link chain of RigidBody2D (link k: mass m_k, inertia J_k about its centre at
    x = 0.5 + k): MuJoCo's m_eff = 1 / (M^-1)_jj with the joint-space mass matrix M at qpos0
    (MuJoCo 4.0 gives biasprm[2] = -3.033150177621 and -0.975563497642 for kp = 3)."""
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    (m1, J1), (m2, J2) = (2., 0.1), (1., 0.05)
    links = [mbs.AddObject(RigidBody2D(nodeNumber=mbs.AddNode(Rigid2D(referenceCoordinates=[0.5 + k, 0, 0])),
                                       physicsMass=m, physicsInertia=J)) for k, (m, J) in enumerate([(m1, J1), (m2, J2)])]
    kp = 3.
    servos = []  # each servo added right after its joint: kv is computed by Assemble, for the whole chain
    for b0, b1, p0 in [(ground, links[0], [0, 0, 0]), (links[0], links[1], [0.5, 0, 0])]:
        joint = mbs.AddObject(RevoluteJoint2D(markerNumbers=[
            mbs.AddMarker(MarkerBodyPosition(bodyNumber=b0, localPosition=p0)),
            mbs.AddMarker(MarkerBodyPosition(bodyNumber=b1, localPosition=[-0.5, 0, 0]))]))
        servos.append(mbs.AddObject(ActuatorPosition(jointNumber=joint, kp=kp, dampratio=1.)))
    shoulder, elbow = servos
    mbs.Assemble()
    M = np.array([[J1 + m1 * 0.25 + J2 + m2 * 1.5 ** 2, J2 + m2 * (0.25 + 0.5)],
                  [J2 + m2 * (0.25 + 0.5), J2 + m2 * 0.25]])
    Minv = np.linalg.inv(M)
    for servo, j, mujoco in [(shoulder, 0, -3.033150177621), (elbow, 1, -0.975563497642)]:
        kv = 2 * math.sqrt(kp / Minv[j, j])
        assert mbs.GetObject(servo)["biasprm"][2] == pytest.approx(-kv, rel=1e-12)
        assert mbs.GetObject(servo)["biasprm"][2] == pytest.approx(mujoco, abs=1e-11)


def test_jointAngle_continuousWithDataNode():
    """A motor spins the hinge through several turns: with a NodeGenericData the actuator length
    follows the node angle beyond pi (MuJoCo's unbounded hinge qpos), without one it is in (-pi, pi]."""
    for withNode in [True, False]:
        r = Hinge(inertia=0.5)
        extra = {"nodeNumber": r.mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))} \
            if withNode else {}
        a = r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, control=3., **extra))
        Solve(r.mbs, 2., 400)
        angle = r.angle()
        assert angle == pytest.approx(0.5 * 3. / 0.5 * 4., rel=1e-10)  # 12 rad: almost two turns
        length = Scalar(r.mbs.GetObjectOutput(a, OVT.Displacement))
        expected = angle if withNode else math.remainder(angle, 2 * math.pi)
        assert length == pytest.approx(expected, abs=1e-9)


def test_jointFrames_followTheJointsRunTimeParameters():
    """The joint's rotationMarker0/1 are run-time parameters: the actuator reads them when it
    evaluates, so changing one between solves (no Assemble) moves q's zero."""
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(RigidRxyz(referenceCoordinates=[0] * 6, initialCoordinates=[0, 0, 0, 0, 0, 0.2]))
    body = mbs.AddObject(RigidBody(nodeNumber=node, mass=1., inertia=[1, 1, 1, 0, 0, 0]))
    joint = mbs.AddObject(RevoluteJointZ(markerNumbers=[mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground)),
                                                        mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))]))
    a = mbs.AddObject(ActuatorMotor(jointNumber=joint))
    mbs.Assemble()
    initial = exu.ConfigurationType.Initial
    assert Scalar(mbs.GetObjectOutput(a, OVT.Displacement, initial)) == pytest.approx(0.2, abs=1e-14)
    mbs.SetObjectParameter(joint, "rotationMarker1", ut.RotationMatrixZ(0.5))
    assert mbs.IsAssembled()
    assert Scalar(mbs.GetObjectOutput(a, OVT.Displacement, initial)) == pytest.approx(0.7, abs=1e-14)


def test_getObject_showsGeneralParameters():
    r = Hinge(inertia=0.5)
    a = r.mbs.AddObject(ActuatorPosition(jointNumber=r.joint, kp=4., dampratio=0.5))
    r.mbs.Assemble()
    general = r.mbs.GetObject(a)
    # the effective inertia is the body's about the joint axis: kv = 2 * 0.5 * sqrt(4 * 0.5)
    assert general["biasprm"][2] == pytest.approx(-math.sqrt(2.), rel=1e-14)
    for key in ["dyntype", "gaintype", "biastype", "dynprm", "gainprm", "biasprm", "ctrllimited", "ctrlrange",
                "forcelimited", "forcerange", "actlimited", "actrange", "actearly", "gear", "control"]:
        assert key in general


# ---- validation: MuJoCo's rules -----------------------------------------------------------

def Rejects(error, match, make):
    with pytest.raises(error, match=match):
        make()


def RejectedBy(mbs):
    """Bad(error, match, make): the item make() builds is rejected when built or when added to mbs,
    which stays unchanged."""
    def Bad(error, match, make):
        count = mbs.NumberOfObjects()
        Rejects(error, match, lambda: mbs.AddObject(make()))
        assert mbs.NumberOfObjects() == count
    return Bad


def test_validation_shortcuts():
    r = Hinge()
    j = r.joint

    Bad = RejectedBy(r.mbs)
    Bad(ValueError, "kv and dampratio cannot both be defined", lambda: ActuatorPosition(jointNumber=j, kv=1, dampratio=1))
    Bad(ValueError, "'kv'.*kv cannot be negative", lambda: ActuatorPosition(jointNumber=j, kv=-1))
    Bad(ValueError, "dampratio cannot be negative", lambda: ActuatorPosition(jointNumber=j, dampratio=-1))
    Bad(ValueError, "timeconst cannot be negative", lambda: ActuatorPosition(jointNumber=j, timeconst=-0.1))
    Bad(ValueError, "kv and dampratio", lambda: ActuatorIntVelocity(jointNumber=j, kv=1, dampratio=1))
    Bad(ValueError, "damping coefficient cannot be negative", lambda: ActuatorDamper(jointNumber=j, kv=-1, ctrlrange=[0, 1]))
    Bad(ValueError, "damper control range cannot be negative", lambda: ActuatorDamper(jointNumber=j, kv=1, ctrlrange=[-1, 1]))
    Bad(ValueError, "'ctrlrange'.*min < max when ctrllimited is true", lambda: ActuatorDamper(jointNumber=j, kv=1))
    Bad(ValueError, "ctrlrange and inheritrange cannot both be defined",
            lambda: ActuatorPosition(jointNumber=j, inheritrange=1, ctrlrange=[-1, 1]))
    Bad(ValueError, "actrange and inheritrange cannot both be defined",
            lambda: ActuatorIntVelocity(jointNumber=j, inheritrange=1, actrange=[-1, 1]))
    Bad(ValueError, "'inheritrange'.*no range", lambda: ActuatorPosition(jointNumber=j, inheritrange=0.8))
    # dampratio on a transmission without inertia: reported by Assemble
    zMarker = r.mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=r.node, coordinate=2))
    massless = r.mbs.AddObject(ActuatorPosition(markerNumbers=[zMarker] * 2,
                                                dampratio=1.))
    Rejects(ValueError, "dampratio.*no finite positive inertia.*give kv instead", r.mbs.Assemble)
    assert not r.mbs.IsAssembled()
    r.mbs.SetObjectParameter(massless, "biasprm", [0, -1, 0] + [0] * 7)
    r.mbs.Assemble()
    Bad(ValueError, "timeconst cannot be negative", lambda: ActuatorCylinder(jointNumber=j, timeconst=-1))
    Bad(TypeError, "unknown parameter 'gainprm'", lambda: ActuatorMotor(jointNumber=j, gainprm=[1] * 10))
    Bad(TypeError, "'kp': expected a real number", lambda: ActuatorPosition(jointNumber=j, kp="1"))


def test_validation_general():
    r = Hinge()
    j = r.joint

    Bad = RejectedBy(r.mbs)
    Bad(ValueError, "'ctrlrange'.*min < max when ctrllimited is true",
            lambda: ObjectActuator(jointNumber=j, ctrllimited=True, ctrlrange=[1, 1]))
    Bad(ValueError, "'ctrlrange'.*min < max when ctrllimited is auto", lambda: ObjectActuator(jointNumber=j, ctrlrange=[2, 1]))
    Bad(ValueError, "'forcerange'.*min < max", lambda: ObjectActuator(jointNumber=j, forcelimited=True))
    Bad(ValueError, "'actrange'.*dyntype is 'none'", lambda: ObjectActuator(jointNumber=j, actrange=[-1, 1]))
    Bad(ValueError, "'dyntype'.*'pid' is not one of", lambda: ObjectActuator(jointNumber=j, dyntype="pid"))
    Bad(ValueError, "'gaintype'", lambda: ObjectActuator(jointNumber=j, gaintype="user"))
    Bad(ValueError, "'biastype'", lambda: ObjectActuator(jointNumber=j, biastype="x"))
    Bad(ValueError, "time constant.*cannot be negative",
            lambda: ObjectActuator(jointNumber=j, dyntype="filter", dynprm=[-1] + [0] * 9))
    Bad(ValueError, "'ctrllimited'.*'auto', True or False", lambda: ObjectActuator(jointNumber=j, ctrllimited="yes"))
    Bad(ValueError, "'dynprm'", lambda: ObjectActuator(jointNumber=j, dynprm=[1, 2]))
    Bad(ValueError, "'gear'", lambda: ObjectActuator(jointNumber=j, gear=[1]))
    Bad(ValueError, "'lengthrange'", lambda: ObjectActuator(jointNumber=j, gaintype="muscle",
                                                                gainprm=[0.75, 1.05, 1, 200, 0.5, 1.6, 1.5, 1.3, 1.2, 0]))
    Bad(ValueError, "automatic peak force", lambda: ObjectActuator(
        jointNumber=j, gaintype="muscle", lengthrange=[0, 1], gainprm=[0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2, 0]))
    # transmissions: exactly one, of the right kind; checked when added (the system is unchanged)
    count = r.mbs.NumberOfObjects()
    Rejects(ValueError, "expected exactly one transmission.*got neither", lambda: r.mbs.AddObject(ObjectActuator()))
    marker = r.mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=r.node, coordinate=2))
    Rejects(ValueError, "expected exactly one transmission.*got both",
            lambda: r.mbs.AddObject(ObjectActuator(jointNumber=j, markerNumbers=[marker, marker])))
    Rejects(TypeError, "'jointNumber'.*expected a revolute joint",
            lambda: r.mbs.AddObject(ObjectActuator(jointNumber=1)))  # object 1 is the ground
    position = r.mbs.AddMarker(MarkerNodePosition(nodeNumber=r.node))
    Rejects(TypeError, "'markerNumbers'.*coordinate markers",
            lambda: r.mbs.AddObject(ObjectActuator(markerNumbers=[marker, position])))
    assert r.mbs.NumberOfObjects() == count


def test_controlUserFunction_nonFinite_isClearError():
    r = Hinge()
    r.mbs.AddObject(ActuatorMotor(jointNumber=r.joint, controlUserFunction=lambda mbs, t, i: float("nan")))
    with pytest.raises(Exception, match="controlUserFunction.*finite number"):
        Solve(r.mbs, 0.1, 10)
