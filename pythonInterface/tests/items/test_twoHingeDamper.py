"""The module layer and multidyn.modules.TwoHingeDamper.

A spherical pendulum built from two hinges (notes: actuators-and-damper.md, 2.2): the outer
hinge phi turns a light link about a_phi = (0, -1, 0) fixed in ground, the inner hinge theta
turns the bob about the link's x-axis; the bob (mass m, isotropic inertia Ib) hangs at
distance L, so its position is r = L (cos(theta) sin(phi), sin(theta), -cos(theta) cos(phi)).
The damper writes Q_phi = -c cos^2(theta) phi_t and Q_theta = -c theta_t, the generalized
forces of a Cartesian damper -d v_bob with c = d L^2.
"""
import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

import multidyn as exu
from multidyn import modules, utilities as ut
from multidyn.itemInterface import (Force, MarkerBodyRigid, ObjectGround, RevoluteJointZ, RigidBody, RigidRxyz,
                                    SensorNode, SensorObject)

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType


def Out(mbs, item, ovt, configuration=exu.ConfigurationType.Current):
    return float(np.asarray(mbs.GetObjectOutput(item, ovt, configuration)).reshape(-1)[0])


M, L, IB, ILINK, G = 2., 0.7, 1e-3, 1e-3, 9.81


class TwoHingePendulum:
    def __init__(self, phi=0., theta=0., phi_t=0., theta_t=0., gravity=G, freeBase=False):
        self.mbs = mbs = NewSystem()
        if freeBase:  # a free body at rest instead of the ground
            self.nBase = mbs.AddNode(RigidRxyz(referenceCoordinates=[0] * 6))
            ground = mbs.AddObject(RigidBody(nodeNumber=self.nBase, mass=5., inertia=[0.3, 0.4, 0.5, 0, 0, 0]))
        else:
            ground = mbs.AddObject(ObjectGround())
        # the link turns with phi about a_phi = (0, -1, 0); the bob with phi and then theta
        A_link = ut.RotationVector2RotationMatrix([0, -phi, 0])
        A_bob = A_link @ ut.RotationMatrixX(theta)
        a_phi, a_theta = np.array([0, -1., 0]), A_link @ np.array([1., 0, 0])
        w_link, w_bob = phi_t * a_phi, phi_t * a_phi + theta_t * a_theta
        r = L * np.array([math.cos(theta) * math.sin(phi), math.sin(theta), -math.cos(theta) * math.cos(phi)])
        v = np.cross(w_bob, r)
        rot_link, rot_bob = ut.RotationMatrix2RotXYZ(A_link), ut.RotationMatrix2RotXYZ(A_bob)
        nLink = mbs.AddNode(RigidRxyz(referenceCoordinates=[0] * 6, initialCoordinates=[0, 0, 0] + list(rot_link),
                                      initialVelocities=[0, 0, 0] + list(ut.AngularVelocity2RotXYZ_t(w_link, rot_link))))
        nBob = mbs.AddNode(RigidRxyz(referenceCoordinates=[0, 0, -L, 0, 0, 0],
                                     initialCoordinates=list(r - [0, 0, -L]) + list(rot_bob),
                                     initialVelocities=list(v) + list(ut.AngularVelocity2RotXYZ_t(w_bob, rot_bob))))
        link = mbs.AddObject(RigidBody(nodeNumber=nLink, mass=0.01, inertia=[ILINK] * 3 + [0] * 3))
        bob = mbs.AddObject(RigidBody(nodeNumber=nBob, mass=M, inertia=[IB] * 3 + [0] * 3))
        R_phi, R_theta = ut.RotationMatrixX(math.pi / 2), ut.RotationMatrixY(math.pi / 2)  # joint z = a_phi, x
        self.phiJoint = mbs.AddObject(RevoluteJointZ(
            markerNumbers=[mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground)), mbs.AddMarker(MarkerBodyRigid(bodyNumber=link))],
            rotationMarker0=R_phi, rotationMarker1=R_phi, name="phi"))
        self.thetaJoint = mbs.AddObject(RevoluteJointZ(
            markerNumbers=[mbs.AddMarker(MarkerBodyRigid(bodyNumber=link)),
                           mbs.AddMarker(MarkerBodyRigid(bodyNumber=bob, localPosition=[0, 0, L]))],
            rotationMarker0=R_theta, rotationMarker1=R_theta, name="theta"))
        bobMarker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=bob))
        if gravity:
            mbs.AddLoad(Force(markerNumber=bobMarker, loadVector=[0, 0, -M * gravity]))
        self.nBob, self.nLink = nBob, nLink
        self.bodies = ([(self.nBase, 5., np.diag([0.3, 0.4, 0.5]))] if freeBase else []) + [
            (nLink, 0.01, ILINK * np.eye(3)), (nBob, M, IB * np.eye(3))]

    def AngularMomentum(self, configuration=exu.ConfigurationType.Current):
        """sum of m c x v + A J A^T omega about the origin (each body's center of mass is at its node)"""
        H = np.zeros(3)
        for node, mass, J in self.bodies:
            out = lambda ovt: np.asarray(self.mbs.GetNodeOutput(node, ovt, configuration))  # noqa: E731
            A = out(OVT.RotationMatrix).reshape(3, 3)
            H += mass * np.cross(out(OVT.Position), out(OVT.Velocity)) + A @ J @ A.T @ out(OVT.AngularVelocity)
        return H

    def Damper(self, c):
        damper = modules.TwoHingeDamper()
        damper.ModelTag = "damper"
        damper.dampingCoeff = c
        self.phiActuator, self.thetaActuator = damper.applyTo(self.mbs, self.phiJoint, self.thetaJoint)
        self.mbs.AddModule(damper)
        return damper


@pytest.mark.parametrize("theta, phi_t, theta_t, c, expected", [
    (0.6, 0.4, -0.3, 2.5, (-2.5 * math.cos(0.6) ** 2 * 0.4, 0.75)),
    (0., -0.2, 0.5, 1., (0.2, -0.5)),
    (math.pi / 2 - 1e-9, 0.4, 0.3, 2., (0., -0.6)),
    (0.3, 0., 0., 0., (0., 0.)),
])
def test_law_atGivenStates(theta, phi_t, theta_t, c, expected):
    r = TwoHingePendulum(phi=0.2, theta=theta, phi_t=phi_t, theta_t=theta_t)
    r.Damper(c)
    r.mbs.Assemble()
    initial = exu.ConfigurationType.Initial
    # the joint states the module reads
    assert Out(r.mbs, r.thetaActuator, OVT.Displacement, initial) == pytest.approx(theta, abs=1e-12)
    assert Out(r.mbs, r.phiActuator, OVT.Velocity, initial) == pytest.approx(phi_t, abs=1e-12)
    assert Out(r.mbs, r.thetaActuator, OVT.Velocity, initial) == pytest.approx(theta_t, abs=1e-12)
    # the torques are the two actuators' Force outputs
    Qphi = Out(r.mbs, r.phiActuator, OVT.Force, initial)
    Qtheta = Out(r.mbs, r.thetaActuator, OVT.Force, initial)
    assert (Qphi, Qtheta) == pytest.approx(expected, abs=1e-9)
    assert Out(r.mbs, r.phiActuator, OVT.Control, initial) == pytest.approx(Qphi, abs=1e-15)


def ReferencePendulum(c, phi0, theta0, phi_t0, theta_t0, times):
    """The damped spherical pendulum in (phi, theta), integrated independently (scipy, rtol 1e-11)."""
    mL2 = M * L ** 2

    def rhs(t, y):
        phi, theta, phi_t, theta_t = y
        s, co = math.sin(theta), math.cos(theta)
        M11, M22 = mL2 * co ** 2 + IB + ILINK, mL2 + IB
        phi_tt = (2 * mL2 * co * s * theta_t * phi_t - M * G * L * co * math.sin(phi) - c * co ** 2 * phi_t) / M11
        theta_tt = (-mL2 * co * s * phi_t ** 2 - M * G * L * s * math.cos(phi) - c * theta_t) / M22
        return [phi_t, theta_t, phi_tt, theta_tt]

    return solve_ivp(rhs, (0, times[-1]), [phi0, theta0, phi_t0, theta_t0], t_eval=times, rtol=1e-11,
                     atol=1e-12, method="DOP853").y


def test_sphericalPendulum_trajectory_and_energyLoss():
    d = 0.5
    c = d * L ** 2
    phi0, theta0, phi_t0, theta_t0 = 0.3, 0.2, 0.5, 1.2
    r = TwoHingePendulum(phi0, theta0, phi_t0, theta_t0)
    r.Damper(c)
    sensors = {name: r.mbs.AddSensor(SensorObject(objectNumber=actuator, outputVariableType=ovt, storeInternal=True,
                                                  writeToFile=False))
               for name, actuator, ovt in [("phi", r.phiActuator, OVT.Displacement),
                                           ("theta", r.thetaActuator, OVT.Displacement),
                                           ("phi_t", r.phiActuator, OVT.Velocity),
                                           ("theta_t", r.thetaActuator, OVT.Velocity)]}
    sBobVelocity = r.mbs.AddSensor(SensorNode(nodeNumber=r.nBob, outputVariableType=OVT.Velocity, storeInternal=True,
                                              writeToFile=False))
    r.mbs.Assemble()
    endTime, steps = 2., 2000
    r.mbs.SolveDynamic(Settings(endTime=endTime, numberOfSteps=steps, spectralRadius=1., tightNewton=True))
    data = {name: r.mbs.GetSensorStoredData(s)[:, 1] for name, s in sensors.items()}
    t = r.mbs.GetSensorStoredData(sensors["phi"])[:, 0]
    reference = ReferencePendulum(c, phi0, theta0, phi_t0, theta_t0, t)
    for k, name in enumerate(["phi", "theta", "phi_t", "theta_t"]):
        assert np.abs(data[name] - reference[k]).max() < 2e-5, name

    # energy: E(t) - E(0) = -int d |v_bob|^2 dt, and E never increases
    phi, theta, phi_t, theta_t = (data[n] for n in ["phi", "theta", "phi_t", "theta_t"])
    E = (0.5 * (M * L ** 2 * np.cos(theta) ** 2 + IB + ILINK) * phi_t ** 2 + 0.5 * (M * L ** 2 + IB) * theta_t ** 2
         - M * G * L * np.cos(theta) * np.cos(phi))
    v2 = np.sum(r.mbs.GetSensorStoredData(sBobVelocity)[:, 1:4] ** 2, axis=1)
    # the same kinematics (the joints are solved at position level: velocities agree to O(h))
    assert v2 == pytest.approx(L ** 2 * (np.cos(theta) ** 2 * phi_t ** 2 + theta_t ** 2), rel=1e-4)
    dissipated = np.concatenate([[0.], np.cumsum(0.5 * (v2[1:] + v2[:-1]) * np.diff(t))]) * d
    assert np.abs(E - E[0] + dissipated).max() < 1e-5 * abs(E[0])
    assert E[0] - E[-1] > 0.5 * dissipated[-1] > 0  # it does lose energy
    assert np.all(np.diff(E) <= 1e-9)


def test_noGravity_decayAtZeroElevation():
    """At theta = 0 without gravity: phi_t decays as exp(-c t / I_eff), I_eff = m L^2 + Ib + Ilink."""
    d = 0.5
    r = TwoHingePendulum(phi_t=1., gravity=0.)
    r.Damper(d * L ** 2)
    r.mbs.Assemble()
    r.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=1000, spectralRadius=1., tightNewton=True))
    phi_t = Out(r.mbs, r.phiActuator, OVT.Velocity)
    assert phi_t == pytest.approx(math.exp(-d * L ** 2 / (M * L ** 2 + IB + ILINK)), rel=1e-6)


def test_freeBase_keepsAngularMomentum():
    """The damper's torques act as pairs on both sides of each hinge (internal): with a free base
    and no gravity the total angular momentum stays constant while the motion is damped."""
    r = TwoHingePendulum(0.3, 0.2, 0.5, 1.2, gravity=0., freeBase=True)
    r.Damper(0.5 * L ** 2)
    r.mbs.Assemble()
    H0 = r.AngularMomentum(exu.ConfigurationType.Initial)
    phi_t0 = Out(r.mbs, r.phiActuator, OVT.Velocity, exu.ConfigurationType.Initial)
    r.mbs.SolveDynamic(Settings(endTime=1., numberOfSteps=1000, spectralRadius=1., tightNewton=True))
    H1 = r.AngularMomentum()
    assert np.linalg.norm(H0) > 0.1
    assert np.linalg.norm(H1 - H0) < 1e-6 * np.linalg.norm(H0), (H0, H1)
    # while the hinge rates were damped (0.5 -> 0.35 and 1.2 -> 0.36 rad/s)
    assert abs(Out(r.mbs, r.phiActuator, OVT.Velocity)) < 0.8 * abs(phi_t0)
    assert abs(Out(r.mbs, r.thetaActuator, OVT.Velocity)) < 0.4 * 1.2


# ---- applyTo and Reset errors ---------------------------------------------------------------

def test_applyTo_errors_addNothing():
    r = TwoHingePendulum()
    damper = modules.TwoHingeDamper()
    count = r.mbs.NumberOfObjects()
    with pytest.raises(ValueError, match="distinct hinge joints"):
        damper.applyTo(r.mbs, r.phiJoint, r.phiJoint)
    with pytest.raises(ValueError, match="phiJoint must be a hinge"):
        damper.applyTo(r.mbs, 0, r.thetaJoint)  # object 0 is the ground
    with pytest.raises(ValueError, match="thetaJoint must be a hinge"):
        damper.applyTo(r.mbs, r.phiJoint, 1)
    with pytest.raises(TypeError, match="phiJoint must be a revolute joint object number"):
        damper.applyTo(r.mbs, "phi", r.thetaJoint)
    with pytest.raises(TypeError, match="thetaJoint"):
        damper.applyTo(r.mbs, r.phiJoint, exu.NodeIndex(3))
    with pytest.raises(ValueError, match="same system"):
        damper.applyTo(r.mbs, r.phiJoint, 999)
    assert r.mbs.NumberOfObjects() == count
    phiActuator, thetaActuator = damper.applyTo(r.mbs, r.phiJoint, r.thetaJoint)
    assert r.mbs.NumberOfObjects() == count + 2
    for actuator, joint in [(phiActuator, r.phiJoint), (thetaActuator, r.thetaJoint)]:
        item = r.mbs.GetObject(actuator)
        assert item["objectType"] == "Actuator" and item["jointNumber"] == joint and item["gaintype"] == "fixed"
    assert r.mbs.GetObject(phiActuator)["name"] == "twoHingeDamper_phi"
    with pytest.raises(ValueError, match="already applied"):
        damper.applyTo(r.mbs, r.phiJoint, r.thetaJoint)


@pytest.mark.parametrize("missing", ["thetaInMsg", "phiDotInMsg", "thetaDotInMsg"])
def test_reset_missingLink(missing):
    r = TwoHingePendulum()
    damper = modules.TwoHingeDamper()
    damper.ModelTag = "myDamper"
    messages = {"thetaInMsg": modules.JointStateMessage(r.mbs, r.thetaJoint),
                "phiDotInMsg": modules.JointStateDotMessage(r.mbs, r.phiJoint),
                "thetaDotInMsg": modules.JointStateDotMessage(r.mbs, r.thetaJoint)}
    for name, message in messages.items():
        if name != missing:
            getattr(damper, name).subscribeTo(message)
    count = r.mbs.NumberOfObjects()
    with pytest.raises(ValueError, match=f"TwoHingeDamper 'myDamper'.*TwoHingeDamper.{missing} is not linked"):
        r.mbs.AddModule(damper)
    assert r.mbs.NumberOfObjects() == count


@pytest.mark.parametrize("c", [-1., float("nan"), float("inf")])
def test_reset_badDampingCoeff(c):
    r = TwoHingePendulum()
    damper = modules.TwoHingeDamper()
    damper.dampingCoeff = c
    damper.applyTo(r.mbs, r.phiJoint, r.thetaJoint)
    with pytest.raises(ValueError, match="dampingCoeff must be finite and nonnegative"):
        r.mbs.AddModule(damper)
    # after AddModule the parameter is the module item's: the same check at once
    damper.dampingCoeff = 0.5
    r.mbs.AddModule(damper)
    with pytest.raises(ValueError, match="dampingCoeff"):
        damper.dampingCoeff = -1.
    assert damper.dampingCoeff == 0.5 == r.mbs.GetObjectParameter(damper._objectNumber, "dampingCoeff")
    r.mbs.Assemble()


def test_link_kind_and_unknownParameter():
    r = TwoHingePendulum()
    damper = modules.TwoHingeDamper()
    with pytest.raises(TypeError, match="thetaInMsg: expected a JointStateMessage"):
        damper.thetaInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.thetaJoint))
    with pytest.raises(TypeError, match="phiDotInMsg: expected a JointStateDotMessage"):
        damper.phiDotInMsg.subscribeTo(modules.JointStateMessage(r.mbs, r.phiJoint))
    with pytest.raises(AttributeError, match="no parameter 'damping'"):
        damper.damping = 1.
    with pytest.raises(TypeError, match="AddModule: expected a multidyn.modules module"):
        r.mbs.AddModule(object())


def test_linkToAnotherSystem_isRejected():
    r, other = TwoHingePendulum(), TwoHingePendulum()
    damper = modules.TwoHingeDamper()
    damper.thetaInMsg.subscribeTo(modules.JointStateMessage(other.mbs, other.thetaJoint))
    damper.phiDotInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.phiJoint))
    damper.thetaDotInMsg.subscribeTo(modules.JointStateDotMessage(r.mbs, r.thetaJoint))
    with pytest.raises(ValueError, match="another system"):
        r.mbs.AddModule(damper)


def test_actuatorWithModuleAndUserFunction_isRejected():
    """An actuator takes its control from a module or from a user function, not from both."""
    r = TwoHingePendulum()
    r.Damper(1.)
    with pytest.raises(ValueError, match="'controlModule' and 'controlUserFunction': expected one source of the "
                                         "control, got both"):
        r.mbs.SetObjectParameter(r.phiActuator, 'controlUserFunction', lambda mbs, t, itemNumber: 0.)
        r.mbs.Assemble()
