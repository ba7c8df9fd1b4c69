"""ObjectConnectorRollingDiscPenalty (and CreateRollingDiscPenalty) against closed forms.

* A disc resting on the plane sinks in by m g / k and carries m g (ForceLocal, contact point).
* A disc dropped from above the plane falls freely until it touches (no force while gap > 0).
* A disc launched sliding without spin (the classical bowling-ball problem): while it slips the
  friction mu m g decelerates it, v = v0 - mu g t, and spins it up, omega r = 2 mu g t (J = m r^2/2),
  until it rolls at t* = v0 / (3 mu g) with v = 2 v0 / 3, which it then keeps.
* With a stiff contact and large friction it rolls down a slope with the rolling disc joint's
  acceleration (2/3) g sin(alpha).
* Bad input.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import NodeGenericData, ObjectConnectorRollingDiscPenalty
from multidyn.utilities import InertiaCylinder

from conftest import NewSystem

OVT = exu.OutputVariableType
RADIUS, G, K, D = 0.2, 9.81, 1e6, 2e3


def Disc(height=RADIUS, velocity=(0., 0., 0.), angularVelocity=(0., 0., 0.), gravity=(0., 0., -G), mu=(0.5, 0.5),
         zone=1e-3, stiffness=K, damping=D, data=(0., 0., 0.)):
    """An upright disc (axis x) over the ground plane z = 0."""
    mbs = NewSystem()
    inertia = InertiaCylinder(density=1000., length=0.02, outerRadius=RADIUS, axis=0)
    disc = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0., 0., height], gravity=list(gravity),
                               initialVelocity=list(velocity), initialAngularVelocity=list(angularVelocity))
    ground = mbs.CreateGround()
    connector = mbs.CreateRollingDiscPenalty(bodyNumbers=[ground, disc], axisPosition=[0, 0, 0], axisVector=[1, 0, 0],
                                             discRadius=RADIUS, contactStiffness=stiffness, contactDamping=damping,
                                             dryFriction=list(mu), dryFrictionProportionalZone=zone)
    node = mbs.GetObject(connector)['nodeNumber']
    mbs.SetNodeParameter(node, 'initialCoordinates', list(data))
    mbs.Assemble()
    return mbs, disc, connector, inertia.mass


def Solve(mbs, endTime, steps):
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.timeIntegration.newton.relativeTolerance = 1e-10
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)


def test_restingDiscSinksInByItsWeightOverTheStiffness(workDir):
    mbs, disc, connector, mass = Disc(data=(0., 0., -1e-6))
    Solve(mbs, 1., 1000)
    sink = mass * G / K
    assert mbs.GetObjectOutputBody(disc, OVT.Position)[2] == pytest.approx(RADIUS - sink, rel=1e-9)
    np.testing.assert_allclose(mbs.GetObjectOutput(connector, OVT.ForceLocal), [0., 0., mass * G], rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(mbs.GetObjectOutput(connector, OVT.Position), [0., 0., -sink], rtol=1e-6, atol=1e-12)
    assert mbs.systemData.GetDataCoordinates()[2] == pytest.approx(-sink, rel=1e-6)  # the gap of the last step


def test_discFallsFreelyUntilItTouches(workDir):
    h0 = 0.05
    mbs, disc, connector, mass = Disc(height=RADIUS + h0)
    T = 0.08  # falls 0.031 m: still above the plane
    Solve(mbs, T, 80)
    assert mbs.GetObjectOutputBody(disc, OVT.Position)[2] == pytest.approx(RADIUS + h0 - 0.5 * G * T**2, rel=1e-12)
    np.testing.assert_array_equal(mbs.GetObjectOutput(connector, OVT.ForceLocal), [0., 0., 0.])
    assert mbs.systemData.GetDataCoordinates()[2] > 0.


def test_slidingDiscSpinsUpUntilItRolls(workDir):
    v0, mu = 3., 0.4
    mass = 1000. * math.pi * RADIUS**2 * 0.02
    # data: in contact at the resting sink, slipping forward (the forward axis w1 x n0 is -y)
    mbs, disc, connector, mass = Disc(velocity=(0., v0, 0.), mu=(mu, mu), data=(0., -v0, -mass * G / K))
    sensor = mbs.AddSensor(exu.itemInterface.SensorBody(bodyNumber=disc, storeInternal=True,
                                                        outputVariableType=OVT.Velocity))
    spin = mbs.AddSensor(exu.itemInterface.SensorBody(bodyNumber=disc, storeInternal=True,
                                                      outputVariableType=OVT.AngularVelocity))
    mbs.Assemble()
    tRolling = v0 / (3. * mu * G)
    T = 2. * tRolling
    Solve(mbs, T, 4000)
    velocity, angularVelocity = mbs.GetSensorStoredData(sensor), mbs.GetSensorStoredData(spin)
    half = np.argmin(np.abs(velocity[:, 0] - 0.5 * tRolling))
    t = velocity[half, 0]
    # while slipping (the normal force oscillates slightly at the start: compare where it settled)
    assert velocity[half, 2] == pytest.approx(v0 - mu * G * t, rel=2e-3)
    assert -angularVelocity[half, 1] * RADIUS == pytest.approx(2. * mu * G * t, rel=2e-3)
    # rolling: v = omega r = 2 v0 / 3 (the regularization leaves a slip of order the zone, 1e-3 m/s)
    assert velocity[-1, 2] == pytest.approx(2. * v0 / 3., abs=2e-3)
    assert -angularVelocity[-1, 1] * RADIUS == pytest.approx(2. * v0 / 3., abs=2e-3)
    slip = mbs.GetObjectOutput(connector, OVT.VelocityLocal)
    assert abs(slip[1]) < 1e-3


def test_stiffGrippyDiscRollsDownTheSlopeAsTheJoint(workDir):
    alpha = 0.25
    # (a proportional zone much below the slip changes per step, here 1e-4 m/s, lets the friction
    # direction of the last step flip every step: chattering, as in Exudyn)
    mbs, disc, connector, mass = Disc(gravity=(0., G * math.sin(alpha), -G * math.cos(alpha)), mu=(1., 1.),
                                      zone=1e-3, data=(0., 0., -1e-6))
    T = 0.5
    Solve(mbs, T, 2000)
    travel = 0.5 * 2. / 3. * G * math.sin(alpha) * T**2
    assert mbs.GetObjectOutputBody(disc, OVT.Position)[1] == pytest.approx(travel, rel=1e-4)
    # friction against the motion (forward axis w1 x n0 = -y), m g sin(alpha) / 3
    assert mbs.GetObjectOutput(connector, OVT.ForceLocal)[1] == pytest.approx(mass * G * math.sin(alpha) / 3., rel=1e-5)


def test_badInputIsRefused(workDir):
    mbs, disc, connector, mass = Disc()
    with pytest.raises(TypeError, match="ObjectConnectorRollingDiscPenalty.*'nodeNumber'.*NodeGenericData with "
                                        "numberOfDataCoordinates=3"):
        mbs.SetObjectParameter(connector, 'nodeNumber', mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1,
                                                                                    initialCoordinates=[0.])))
    with pytest.raises(ValueError, match="contactStiffness"):
        mbs.SetObjectParameter(connector, 'contactStiffness', -1.)
    with pytest.raises(ValueError, match="'planeNormal'.*nonzero"):
        mbs.SetObjectParameter(connector, 'planeNormal', [0, 0, 0])
    markers = mbs.GetObject(connector)['markerNumbers']
    with pytest.raises(TypeError, match="'nodeNumber'"):
        mbs.AddObject(ObjectConnectorRollingDiscPenalty(markerNumbers=markers, discRadius=RADIUS))
    with pytest.raises(ValueError, match="CreateRollingDiscPenalty.*'axisPosition'"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[0, disc], discRadius=RADIUS)
    with pytest.warns(DeprecationWarning, match="rollingFrictionViscous"):
        oldName = mbs.CreateRollingDiscPenalty(bodyNumbers=[0, disc], axisPosition=[0, 0, 0], discRadius=RADIUS,
                                               rollingFrictionViscous=0.1)
    assert mbs.GetObjectParameter(oldName, 'rollingViscousFriction') == 0.1
    mbs.Assemble()
    Solve(mbs, 0.01, 5)  # the system is still valid
