"""ObjectJointRollingDisc (and CreateRollingDisc) against closed forms and conservation laws.

* A uniform disc rolling down a slope (gravity tilted against the ground plane): its center
  accelerates with (2/3) g sin(alpha) along the slope, its spin with that over r, the contact
  force on it is m g cos(alpha) normal and m g sin(alpha)/3 backwards (friction); outputs: the
  contact point, the joint axes.
* The contact point does not slip: the disc's material velocity there is zero, at either index.
* A leaning coin rolling on a circle from consistent initial velocities: the kinetic plus potential
  energy is conserved (the rolling constraint does no work) and the multipliers are smooth.
* A free forward axis (constrainedAxes [1, 0, 1]): a forward force slides the disc without spin.
* On a plane body moving with constant velocity the disc rolls relative to it as on the ground.
* Bad input and the static solver's refusal.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (Force, MarkerBodyRigid, ObjectGround, ObjectJointRollingDisc, SensorObject)
from multidyn.utilities import InertiaCylinder, RigidBodyInertia, RotationMatrixY, Skew

from conftest import NewSystem

OVT = exu.OutputVariableType
RADIUS, G, ALPHA = 0.2, 9.81, 0.25


def Settings(endTime, steps, index2=False):
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-12
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = endTime / steps
    if index2:
        settings.timeIntegration.generalizedAlpha.useIndex2Constraints = True
        settings.timeIntegration.generalizedAlpha.useNewmark = True
    return settings


def DiscOnSlope(constrainedAxes=(1, 1, 1), plane=None, planeVelocity=(0., 0., 0.)):
    """A disc (axis x) upright on the plane z = 0, gravity tilted by ALPHA towards +y."""
    mbs = NewSystem()
    inertia = InertiaCylinder(density=1000., length=0.02, outerRadius=RADIUS, axis=0)
    gravity = [0., G * math.sin(ALPHA), -G * math.cos(ALPHA)]
    disc = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0., 0., RADIUS], gravity=gravity,
                               initialVelocity=list(planeVelocity))
    ground = mbs.CreateGround() if plane is None else plane(mbs)
    joint = mbs.CreateRollingDisc(bodyNumbers=[ground, disc], axisPosition=[0, 0, 0], axisVector=[1, 0, 0],
                                  discRadius=RADIUS, constrainedAxes=list(constrainedAxes))
    return mbs, disc, joint, inertia.mass


@pytest.mark.parametrize("index2", [False, True])
def test_discRollsDownTheSlope(workDir, index2):
    T = 1.
    acceleration = 2. / 3. * G * math.sin(ALPHA)
    travel = 0.5 * acceleration * T**2
    errors = []
    for steps in (250, 500):
        mbs, disc, joint, mass = DiscOnSlope()
        mbs.Assemble()
        mbs.SolveDynamic(Settings(T, steps, index2))
        position = mbs.GetObjectOutputBody(disc, OVT.Position)
        errors.append(np.linalg.norm(position - [0., travel, RADIUS]))
    # The constraint couples v to the Euler parameters' rates through G(theta): the coordinates are
    # not polynomials in time, so the integrator is not exact here but second order: halving h
    # quarters the error (2.7e-6 at h = 2 ms).
    assert errors[1] < 1e-5 * travel and errors[0] / errors[1] == pytest.approx(4., rel=0.1)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(disc, OVT.AngularVelocity),
                               [-acceleration * T / RADIUS, 0., 0.], rtol=1e-5, atol=1e-9)
    # contact force on the disc in [lateral, forward, normal]: friction against the motion (the
    # disc rolls towards +y, the forward axis w1 x n0 is -y), normal support m g cos(alpha)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.ForceLocal),
                               [0., mass * G * math.sin(ALPHA) / 3., mass * G * math.cos(ALPHA)], rtol=1e-4, atol=1e-8)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Position), position - [0., 0., RADIUS], atol=1e-12)
    A_0J = np.asarray(mbs.GetObjectOutput(joint, OVT.RotationMatrix)).reshape(3, 3)  # [lateral, forward, normal]
    np.testing.assert_allclose(A_0J, [[1., 0., 0.], [0., -1., 0.], [0., 0., 1.]], atol=1e-12)
    # the trail's velocity is the center's (the contact point moves with it)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Velocity), mbs.GetObjectOutputBody(disc, OVT.Velocity),
                               atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.Velocity), [0., acceleration * T, 0.], rtol=1e-5)


def LeaningCoin(mbs):
    """Exudyn's rolling-coin set-up in our own numbers: a thin ring tilted by 10 degrees, spinning
    about the vertical with the contact point at rest."""
    r, m, tilt = 0.05, 1., 10. / 180. * math.pi
    A0 = RotationMatrixY(tilt)
    center = np.array([r * math.sin(tilt), 0., r * math.cos(tilt)])
    omega = np.array([0., 0., 4. * math.pi])
    velocity = Skew(omega) @ A0 @ [0., 0., r]  # rotation about the vertical through the contact point
    inertia = RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.5 * m * r**2, 0.25 * m * r**2, 0.25 * m * r**2]))
    coin = mbs.CreateRigidBody(inertia=inertia, referencePosition=list(center), referenceRotationMatrix=A0,
                               initialVelocity=list(velocity), initialAngularVelocity=list(omega), gravity=[0, 0, -G])
    ground = mbs.AddMarker(MarkerBodyRigid(bodyNumber=mbs.AddObject(ObjectGround())))
    joint = mbs.AddObject(ObjectJointRollingDisc(markerNumbers=[ground, mbs.AddMarker(MarkerBodyRigid(bodyNumber=coin))],
                                                 discRadius=r))
    return coin, joint, m, inertia


def Energy(mbs, coin, m, inertia):
    v = np.asarray(mbs.GetObjectOutputBody(coin, OVT.Velocity))
    omegaLocal = np.asarray(mbs.GetObjectOutputBody(coin, OVT.AngularVelocityLocal))
    height = mbs.GetObjectOutputBody(coin, OVT.Position)[2]
    return 0.5 * m * v @ v + 0.5 * omegaLocal @ inertia.inertiaTensor @ omegaLocal + m * G * height


@pytest.mark.parametrize("index2", [False, True])
def test_leaningCoinConservesEnergyWithoutSlip(workDir, index2):
    mbs = NewSystem()
    coin, joint, m, inertia = LeaningCoin(mbs)
    sensor = mbs.AddSensor(SensorObject(objectNumber=joint, storeInternal=True, outputVariableType=OVT.ForceLocal))
    mbs.Assemble()
    energy0 = Energy(mbs, coin, m, inertia)
    settings = Settings(0.5, 5000, index2)
    settings.timeIntegration.generalizedAlpha.spectralRadius = 1.
    mbs.SolveDynamic(settings)
    assert Energy(mbs, coin, m, inertia) == pytest.approx(energy0, rel=2e-5)
    # the disc's material point at the contact has no velocity (the constraint is on velocities)
    pContact = np.asarray(mbs.GetObjectOutput(joint, OVT.Position))
    center = np.asarray(mbs.GetObjectOutputBody(coin, OVT.Position))
    materialVelocity = np.asarray(mbs.GetObjectOutputBody(coin, OVT.Velocity)) + np.cross(
        mbs.GetObjectOutputBody(coin, OVT.AngularVelocity), pContact - center)
    np.testing.assert_allclose(materialVelocity, [0., 0., 0.], atol=1e-10)
    assert abs(pContact[2]) < 1e-5  # the normal constraint is on velocities too: the height drifts only slowly
    # consistent initial accelerations: the normal force starts smooth, no step-to-step ringing
    normal = mbs.GetSensorStoredData(sensor)[1:50, 3]
    assert np.max(np.abs(np.diff(normal, 2))) < 1e-3 * np.max(np.abs(normal))


def test_freeForwardAxisLetsTheDiscSlide(workDir):
    mbs, disc, joint, mass = DiscOnSlope(constrainedAxes=(1, 0, 1))
    F = 3.
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerBodyRigid(bodyNumber=disc)), loadVector=[0., F, 0.]))
    mbs.Assemble()
    T = 0.5
    mbs.SolveDynamic(Settings(T, 200))
    acceleration = (F + mass * G * math.sin(ALPHA)) / mass
    assert mbs.GetObjectOutputBody(disc, OVT.Position)[1] == pytest.approx(0.5 * acceleration * T**2, rel=1e-9)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(disc, OVT.AngularVelocity), [0., 0., 0.], atol=1e-10)
    assert mbs.GetObjectOutput(joint, OVT.ForceLocal)[1] == 0.


def test_discRollsOnAMovingPlaneAsOnTheGround(workDir):
    vPlane = np.array([0.7, -0.3, 0.])

    def MovingPlane(mbs):  # a heavy free body without forces: it keeps its velocity
        return mbs.CreateRigidBody(inertia=InertiaCylinder(density=1e9, length=0.1, outerRadius=1., axis=2),
                                   referencePosition=[0., 0., -0.05], initialVelocity=list(vPlane))

    results = []
    for plane, velocity in ((None, (0., 0., 0.)), (MovingPlane, vPlane)):
        mbs, disc, joint, mass = DiscOnSlope(plane=plane, planeVelocity=velocity)
        mbs.Assemble()
        mbs.SolveDynamic(Settings(1., 500))
        results.append(np.asarray(mbs.GetObjectOutputBody(disc, OVT.Position)) - np.asarray(velocity) * 1.)
    np.testing.assert_allclose(results[1], results[0], atol=1e-7)


def test_badInputIsRefused(workDir):
    mbs, disc, joint, mass = DiscOnSlope()
    with pytest.raises(ValueError, match="ObjectJointRollingDisc.*'planeNormal'.*nonzero"):
        mbs.SetObjectParameter(joint, "planeNormal", [0, 0, 0])
    with pytest.raises(ValueError, match="ObjectJointRollingDisc.*'constrainedAxes'.*3 flags"):
        mbs.SetObjectParameter(joint, "constrainedAxes", [1, 1])
    with pytest.raises(ValueError, match="discRadius"):
        mbs.SetObjectParameter(joint, "discRadius", -0.1)
    with pytest.raises(ValueError, match="CreateRollingDisc.*'bodyNumbers'"):
        mbs.CreateRollingDisc(bodyNumbers=[disc], axisPosition=[0, 0, 0], discRadius=RADIUS)
    with pytest.raises(ValueError, match="CreateRollingDisc.*'axisPosition'"):
        mbs.CreateRollingDisc(bodyNumbers=[0, disc], discRadius=RADIUS)  # Exudyn's default [] is no position
    # refused by the joint itself, after its markers were built: nothing stays added
    counts = (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers())
    with pytest.raises(ValueError, match="ObjectJointRollingDisc.*'planeNormal'.*nonzero"):
        mbs.CreateRollingDisc(bodyNumbers=[0, disc], axisPosition=[0, 0, 0], discRadius=RADIUS, planeNormal=[0, 0, 0])
    with pytest.raises(ValueError, match="ObjectConnectorRollingDiscPenalty.*'contactStiffness'"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[0, disc], axisPosition=[0, 0, 0], discRadius=RADIUS,
                                     contactStiffness=-1.)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers()) == counts
    mbs.Assemble()
    with pytest.raises(ValueError, match=r"static solver.*velocities.*ObjectJointRollingDisc"):
        mbs.SolveStatic(exu.SimulationSettings())
    mbs.SolveDynamic(Settings(0.01, 5))  # the system is still valid
