"""ObjectContactExponentialSpring (Simbody's exponential spring) and ExponentialSpringParameters:
the parameter class (defaults, checks, mu coupling, equality, copies), and the physics against
closed forms (rest height, incline stick and slide, kinetic deceleration and stopping distance),
energy conservation of a cube on eight corner springs, the invariants at every step, and the
agreement of generalized-alpha with an explicit integrator. docs/theory/ExponentialSpring.md."""
import copy
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import (CoordinateConstraint, ExponentialSpring, LoadForceVector, MarkerBodyPosition,
                                    MarkerBodyRigid, MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround,
                                    ObjectContactExponentialSpring, ObjectGround, SensorObject)
from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
G = 9.8
D0, D1, D2 = 0.0065905, 0.5336, 1150.


def RestHeight(normalForce, parameters=None):
    d0, d1, d2 = (parameters or exu.ExponentialSpringParameters()).getShapeParameters()
    return d0 - math.log(normalForce / d1) / d2


def PointMassOnPlane(parameters=None, planeRotation=np.eye(3), heightOverPlane=None, velocityInPlane=(0., 0., 0.),
                     mass=1., **contactArguments):
    """A mass point on a plane through the origin whose frame is planeRotation (A_0P), gravity -z
    (global); it starts at rest height over the plane (for the normal load m g n_z) unless given."""
    parameters = parameters or exu.ExponentialSpringParameters()
    A = np.asarray(planeRotation, float)
    if heightOverPlane is None:
        heightOverPlane = RestHeight(mass * G * A[2, 2], parameters)
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    plane = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localRotationMatrix=A.tolist()))
    node = mbs.AddNode(NodePoint(referenceCoordinates=list(A @ [0., 0., heightOverPlane]),
                                 initialVelocities=list(A @ np.asarray(velocityInPlane, float))))
    body = mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    station = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body))
    mbs.AddLoad(LoadForceVector(markerNumber=station, loadVector=[0., 0., -mass * G]))
    contact = mbs.AddObject(ObjectContactExponentialSpring(markerNumbers=[plane, station], parameters=parameters,
                                                           **contactArguments))
    mbs.Assemble()
    return mbs, node, contact


def InPlane(mbs, contact, variable=OVT.Position):
    return np.asarray(mbs.GetObjectOutput(contact, variable), float)


# ---- ExponentialSpringParameters -----------------------------------------------------------

def test_parametersHaveTheSeedsDefaults():
    p = exu.ExponentialSpringParameters()
    assert p.getShapeParameters() == (0.0065905, 0.5336, 1150.)
    assert p.getNormalViscosity() == 0.5
    assert p.getMaxNormalForce() == 100000.
    assert p.getFrictionElasticity() == 20000.
    assert p.getFrictionViscosity() == pytest.approx(2. * math.sqrt(20000. * 1.), rel=1e-15)
    assert p.getSettleVelocity() == 0.01
    assert (p.getInitialMuStatic(), p.getInitialMuKinetic()) == (0.7, 0.5)


def test_parameterSettersRoundTrip():
    p = exu.ExponentialSpringParameters()
    p.setShapeParameters(-0.001, 2., 500.)
    p.setNormalViscosity(0.)
    p.setMaxNormalForce(1e3)
    p.setFrictionElasticity(5e3)
    p.setFrictionViscosity(0.)
    p.setSettleVelocity(0.2)
    assert p.getShapeParameters() == (-0.001, 2., 500.)
    assert (p.getNormalViscosity(), p.getMaxNormalForce(), p.getFrictionElasticity(), p.getFrictionViscosity(),
            p.getSettleVelocity()) == (0., 1e3, 5e3, 0., 0.2)
    p.setShapeParameters(0.01)  # d1 and d2 back to their defaults
    assert p.getShapeParameters() == (0.01, 0.5336, 1150.)
    p.setElasticityAndViscosityForCriticalDamping(1e4, mass=4.)
    assert (p.getFrictionElasticity(), p.getFrictionViscosity()) == (1e4, pytest.approx(2. * math.sqrt(4e4)))
    p.setFrictionElasticity(3e4)  # cxy stays
    assert p.getFrictionViscosity() == pytest.approx(400.)


@pytest.mark.parametrize("setter, arguments", [
    ("setShapeParameters", (0., 0., 1150.)), ("setShapeParameters", (0., -1., 1150.)),
    ("setShapeParameters", (0., 0.5, 0.)), ("setShapeParameters", (0., 0.5, -3.)),
    ("setShapeParameters", (math.nan, 0.5, 1.)), ("setNormalViscosity", (-0.1,)), ("setMaxNormalForce", (0.,)),
    ("setFrictionElasticity", (0.,)), ("setFrictionViscosity", (-1.,)), ("setSettleVelocity", (0.,)),
    ("setElasticityAndViscosityForCriticalDamping", (0., 1.)),
    ("setElasticityAndViscosityForCriticalDamping", (100., 0.)), ("setNormalViscosity", (math.inf,)),
    ("setInitialMuStatic", (math.nan,))])
def test_badParameterValuesRaiseAndChangeNothing(setter, arguments):
    p = exu.ExponentialSpringParameters()
    before = exu.ExponentialSpringParameters(p)
    with pytest.raises(ValueError, match=setter):
        getattr(p, setter)(*arguments)
    assert p == before


def test_parameterTypesAreChecked():
    p = exu.ExponentialSpringParameters()
    with pytest.raises(TypeError, match="setNormalViscosity"):
        p.setNormalViscosity("0.5")
    with pytest.raises(TypeError):
        exu.ExponentialSpringParameters(3.)


def test_muCouplingAsSimbody():
    p = exu.ExponentialSpringParameters()
    p.setInitialMuStatic(0.3)  # below mu_k = 0.5: mu_k follows down
    assert (p.getInitialMuStatic(), p.getInitialMuKinetic()) == (0.3, 0.3)
    p = exu.ExponentialSpringParameters()
    p.setInitialMuKinetic(0.9)  # above mu_s = 0.7: mu_s follows up
    assert (p.getInitialMuStatic(), p.getInitialMuKinetic()) == (0.9, 0.9)
    p.setInitialMuKinetic(-2.)  # negative values become 0
    assert (p.getInitialMuStatic(), p.getInitialMuKinetic()) == (0.9, 0.)
    p.setInitialMuStatic(-1.)
    assert (p.getInitialMuStatic(), p.getInitialMuKinetic()) == (0., 0.)


def test_parameterEqualityAndCopies():
    p = exu.ExponentialSpringParameters()
    q = exu.ExponentialSpringParameters(p)
    assert p == q and not (p != q)
    for change in [lambda x: x.setShapeParameters(0.001), lambda x: x.setNormalViscosity(0.4),
                   lambda x: x.setMaxNormalForce(5.), lambda x: x.setFrictionElasticity(7.),
                   lambda x: x.setFrictionViscosity(3.), lambda x: x.setSettleVelocity(0.5),
                   lambda x: x.setInitialMuStatic(0.8), lambda x: x.setInitialMuKinetic(0.1)]:
        changed = copy.copy(p)
        change(changed)
        assert changed != p and not (changed == p)
        assert p == q  # the copy is independent
    deep = copy.deepcopy(p)
    deep.setNormalViscosity(0.)
    assert p.getNormalViscosity() == 0.5
    assert exu.ExponentialSpringParameters(p._ParameterSetDict()) == p  # the dict form round-trips
    assert p != 3


# ---- the item ------------------------------------------------------------------------------

def test_itemParametersAndBadInput():
    mbs, node, contact = PointMassOnPlane()
    assert ExponentialSpring is ObjectContactExponentialSpring
    parameters = exu.ExponentialSpringParameters(mbs.GetObjectParameter(contact, 'parameters'))
    assert parameters == exu.ExponentialSpringParameters()
    with pytest.raises(ValueError, match="muStatic"):
        mbs.SetObjectParameter(contact, 'muStatic', -0.5)
    assert mbs.GetObjectParameter(contact, 'muStatic') == -1.  # unchanged; -1: the parameters' 0.7
    # the instantaneous coefficients couple as Simbody's setMuStatic/setMuKinetic
    mbs.SetObjectParameter(contact, 'muStatic', 0.3)  # below mu_k = 0.5
    assert (mbs.GetObjectParameter(contact, 'muStatic'), mbs.GetObjectParameter(contact, 'muKinetic')) == (0.3, 0.3)
    mbs.SetObjectParameter(contact, 'muKinetic', 0.9)  # above mu_s
    assert (mbs.GetObjectParameter(contact, 'muStatic'), mbs.GetObjectParameter(contact, 'muKinetic')) == (0.9, 0.9)
    mbs.SetObjectParameter(contact, 'muKinetic', 0.2)
    assert (mbs.GetObjectParameter(contact, 'muStatic'), mbs.GetObjectParameter(contact, 'muKinetic')) == (0.9, 0.2)
    assert ObjectContactExponentialSpring(muKinetic=0.8).muStatic == -1.  # the class keeps values; the system couples
    with pytest.raises(TypeError, match="parameters"):
        ObjectContactExponentialSpring(parameters=3.)
    with pytest.raises(ValueError, match="unknown key"):
        ObjectContactExponentialSpring(parameters={'d7': 1.})
    # the plane must be a rigid marker
    station = mbs.GetObject(contact)['markerNumbers'][1]
    objects = mbs.NumberOfObjects()
    with pytest.raises(TypeError, match="markerNumbers.*marker 0 is the plane.*orientation"):
        mbs.AddObject(ObjectContactExponentialSpring(markerNumbers=[station, station]))
    assert mbs.NumberOfObjects() == objects


def test_initialAnchorIsTheStationsProjectionAndKStartsKinetic():
    mbs, node, contact = PointMassOnPlane(heightOverPlane=0.003)
    mbs.SetNodeParameter(node, 'referenceCoordinates', [0.2, -0.1, 0.003])
    mbs.Assemble()
    assert InPlane(mbs, contact, OVT.AnchorPoint) == pytest.approx([0.2, -0.1, 0.], abs=1e-15)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) == 1.
    assert mbs.GetObjectOutput(contact, OVT.FrictionCoefficient) == pytest.approx(0.5)


def test_resetAnchorPointPutsTheAnchorAtTheCurrentProjection(workDir):
    # settled on a shallow incline (K -> 0), the anchor lags the station by the spring's stretch
    mbs, node, contact = PointMassOnPlane(planeRotation=Incline(5.))
    mbs.SolveDynamic(Settings(1., 1000), updateInitialValues=True)
    position, anchor = InPlane(mbs, contact), InPlane(mbs, contact, OVT.AnchorPoint)
    stretch = G * math.sin(math.radians(5.)) / 20000.  # m g sin / kxy
    assert np.linalg.norm(position[:2] - anchor[:2]) == pytest.approx(stretch, rel=1e-3)
    mbs.ResetAnchorPoint(contact)
    assert InPlane(mbs, contact, OVT.AnchorPoint) == pytest.approx([position[0], position[1], 0.], abs=1e-15)
    with pytest.raises(TypeError, match="not an ObjectContactExponentialSpring"):
        mbs.ResetAnchorPoint(0)

    def ResetDuringTheSolve(mbs, t):
        mbs.ResetAnchorPoint(contact)
        return True

    mbs.SetPreStepUserFunction(ResetDuringTheSolve)
    with pytest.raises(exu.SolveInProgressError, match="ResetAnchorPoint.*solve"):
        mbs.SolveDynamic(Settings(0.01, 10))
    with pytest.raises(IndexError):
        mbs.ResetAnchorPoint(99)
    assert InPlane(mbs, contact, OVT.AnchorPoint, ) == pytest.approx(
        mbs.GetObjectOutput(contact, OVT.AnchorPoint, configuration=exu.ConfigurationType.Initial), abs=0.)


def test_normalForceClampsAsTheModelSays():
    # separating faster than 1/cz: no pull; deep inside: capped at maxFz with fz = elastic + damping
    mbs, node, contact = PointMassOnPlane(heightOverPlane=0.001, velocityInPlane=(0., 0., 3.))
    force = InPlane(mbs, contact, OVT.ForceLocal)
    assert force[2] == 0.
    assert mbs.GetObjectOutput(contact, OVT.NormalForceDamping) == -mbs.GetObjectOutput(contact, OVT.NormalForceElastic)
    parameters = exu.ExponentialSpringParameters()
    parameters.setMaxNormalForce(1e5)
    mbs, node, contact = PointMassOnPlane(parameters, heightOverPlane=-0.01, velocityInPlane=(0., 0., -0.2))
    elastic, damping = (mbs.GetObjectOutput(contact, t) for t in (OVT.NormalForceElastic, OVT.NormalForceDamping))
    assert InPlane(mbs, contact, OVT.ForceLocal)[2] == 1e5
    assert elastic + damping == pytest.approx(1e5, rel=1e-14)
    unclamped = D1 * math.exp(-D2 * (-0.01 - D0))
    assert damping == pytest.approx(-0.5 * -0.2 * unclamped, rel=1e-12)


# ---- physics against closed forms ----------------------------------------------------------

@pytest.mark.parametrize("mass", [1., 10.])
def test_restingPointMassSettlesAtTheClosedFormHeight(workDir, mass):
    expected = RestHeight(mass * G)
    # 20 um above: the oscillation (zeta = cz/2 sqrt(g/d2) = 0.023, 16.9 Hz) decays as exp(-2.45 t)
    mbs, node, contact = PointMassOnPlane(mass=mass, heightOverPlane=expected + 2e-5)
    mbs.SolveDynamic(Settings(4., 4000))
    assert InPlane(mbs, contact)[2] == pytest.approx(expected, abs=1e-8)
    assert InPlane(mbs, contact, OVT.ForceLocal)[2] == pytest.approx(mass * G, rel=1e-5)
    assert expected == pytest.approx({1.: 4.0596e-3, 10.: 2.0574e-3}[mass], abs=1e-7)  # the note's numbers


@pytest.mark.parametrize("mass", [1., 10.])
def test_staticSolveFindsTheClosedFormRestHeight(workDir, mass):
    # mbs.SolveStatic from 1 mm above rest: the exponential normal force balances the weight.
    # Sliding (K = 1, the initial state) friction has no tangential stiffness, so x and y are held
    # by constraints; the contact's data coordinates are still committed after every load step.
    expected = RestHeight(mass * G)
    mbs, node, contact = PointMassOnPlane(mass=mass, heightOverPlane=expected + 1e-3)
    groundNode = mbs.AddNode(NodePointGround())
    held = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=groundNode, coordinate=0))
    for coordinate in (0, 1):
        marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))
        mbs.AddObject(CoordinateConstraint(markerNumbers=[held, marker]))
    mbs.Assemble()
    settings = Settings()
    settings.staticSolver.verboseMode = 0
    settings.staticSolver.numberOfLoadSteps = 4
    settings.staticSolver.newton.relativeTolerance = 1e-13
    mbs.SolveStatic(settings)
    assert InPlane(mbs, contact)[2] == pytest.approx(expected, abs=1e-12)
    assert InPlane(mbs, contact, OVT.ForceLocal)[2] == pytest.approx(mass * G, rel=1e-10)
    assert InPlane(mbs, contact)[:2] == pytest.approx([0., 0.], abs=1e-15)


def test_smallVerticalOscillationHasTheLinearizedFrequencyAndDamping(workDir):
    # k = d2 m g and c = cz m g about the rest height: omega = sqrt(d2 g) for any mass,
    # zeta = cz/2 sqrt(g/d2) = 0.0231; released 10 um above rest (d2 * 10 um = 0.0115: nearly linear)
    rest = RestHeight(2. * G)
    mbs, node, contact = PointMassOnPlane(mass=2., heightOverPlane=rest + 1e-5)
    sensor = mbs.AddSensor(SensorObject(objectNumber=contact, storeInternal=True, writeToFile=False,
                                        outputVariableType=OVT.Position))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.4, 8000), solverType=exu.DynamicSolverType.RK44)
    t, z = mbs.GetSensorStoredData(sensor)[:, 0], mbs.GetSensorStoredData(sensor)[:, 3] - rest
    peaks = [i for i in range(1, len(z) - 1) if z[i] > z[i - 1] and z[i] >= z[i + 1]]
    assert len(peaks) >= 5
    omega, zeta = math.sqrt(D2 * G), 0.5 * 0.5 * math.sqrt(G / D2)
    period = (t[peaks[4]] - t[peaks[0]]) / 4.
    assert period == pytest.approx(2. * math.pi / (omega * math.sqrt(1. - zeta ** 2)), rel=1e-3)  # sampled every 50 us
    ratio = (z[peaks[4]] / z[peaks[0]]) ** 0.25
    assert ratio == pytest.approx(math.exp(-2. * math.pi * zeta / math.sqrt(1. - zeta ** 2)), rel=1e-3)


def Incline(angleDegrees):
    return ut.RotationMatrixX(math.radians(angleDegrees))


def test_blockOnAShallowInclineSettlesAndHolds(workDir):
    # tan(5 deg) < mu_k: the creep at first (K = 1) is below vSettle, so K -> 0 and the anchor locks
    mbs, node, contact = PointMassOnPlane(planeRotation=Incline(5.))
    mbs.SolveDynamic(Settings(1., 1000), updateInitialValues=True)
    settled = InPlane(mbs, contact)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) < 1e-6
    mbs.SolveDynamic(Settings(2., 2000))
    assert np.linalg.norm(InPlane(mbs, contact) - settled) < 1e-9
    assert np.linalg.norm(InPlane(mbs, contact, OVT.Velocity)) < 1e-9
    friction = InPlane(mbs, contact, OVT.ForceLocal)[:2]
    assert np.linalg.norm(friction) == pytest.approx(G * math.sin(math.radians(5.)), rel=1e-6)


def test_blockHoldsOnAnInclineSteeperThanMuKineticOnceSettled(workDir):
    # mu_k < tan(30 deg) = 0.577 < mu_s = 0.7: it settles while mu_k = mu_s (K -> 0 needs a creep
    # below vSettle: a stiffer friction damper), then mu_k drops to 0.5 during the run and it holds
    parameters = exu.ExponentialSpringParameters()
    parameters.setFrictionViscosity(2000.)
    mbs, node, contact = PointMassOnPlane(parameters, planeRotation=Incline(30.), muStatic=0.7, muKinetic=0.7)
    mbs.SolveDynamic(Settings(2., 2000), updateInitialValues=True)  # the slow in-plane mode decays as exp(-kxy/cxy t)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) < 1e-6
    settled = InPlane(mbs, contact)
    mbs.SetObjectParameter(contact, 'muKinetic', 0.5)
    mbs.SolveDynamic(Settings(2., 2000))
    assert np.linalg.norm(InPlane(mbs, contact) - settled) < 1e-9
    friction = np.linalg.norm(InPlane(mbs, contact, OVT.ForceLocal)[:2])
    assert friction == pytest.approx(G * math.sin(math.radians(30.)), rel=1e-6)
    assert friction < 0.7 * InPlane(mbs, contact, OVT.ForceLocal)[2]
    assert mbs.GetObjectOutput(contact, OVT.FrictionCoefficient) == pytest.approx(0.7, abs=1e-6)


def test_blockSlidesDownASteepInclineWithTheKineticAcceleration(workDir):
    angle = math.radians(40.)  # tan = 0.84 > mu_s = 0.7
    mbs, node, contact = PointMassOnPlane(planeRotation=Incline(40.))
    settings = Settings(0.5, 500)
    mbs.SolveDynamic(settings, updateInitialValues=True)
    v1 = InPlane(mbs, contact, OVT.Velocity)  # at t = 0.5 s; the second solve starts there
    mbs.SolveDynamic(settings)
    v2 = InPlane(mbs, contact, OVT.Velocity)
    acceleration = (v2 - v1) / 0.5
    assert np.linalg.norm(acceleration) == pytest.approx(G * (math.sin(angle) - 0.5 * math.cos(angle)), rel=1e-4)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) == 1.


def test_slidingBlockDeceleratesAtMuKGAndStopsAtTheClosedFormDistance(workDir):
    v0, muK = 4., 0.5
    mbs, node, contact = PointMassOnPlane(velocityInPlane=(v0, 0., 0.))
    settings = Settings(0.4, 400)
    mbs.SolveDynamic(settings, updateInitialValues=True)
    assert InPlane(mbs, contact, OVT.Velocity)[0] == pytest.approx(v0 - muK * G * 0.4, abs=2e-3)
    settings = Settings(1.2, 1200)
    mbs.SolveDynamic(settings)
    assert np.linalg.norm(InPlane(mbs, contact, OVT.Velocity)) < 1e-6
    distance = InPlane(mbs, contact)[0]
    # within the elastic creep of the friction spring (mu_s g / kxy ~ 0.3 mm) and the viscous tail
    assert distance == pytest.approx(v0 ** 2 / (2. * muK * G), abs=1e-3)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) < 1e-3


def test_frictionCoefficientsChangeDuringASimulation(workDir):
    # a patch of ice: from t = 0.2 s on, mu_k = mu_s = 0.1 (set by a pre-step user function)
    v0 = 4.
    mbs, node, contact = PointMassOnPlane(velocityInPlane=(v0, 0., 0.))
    velocities = {}

    def Ice(mbs, t):
        t = mbs.systemData.GetTime()  # the last accepted step (t: the time the step is to reach)
        if t >= 0.2 - 1e-9 and mbs.GetObjectParameter(contact, 'muStatic') != 0.1:
            mbs.SetObjectParameter(contact, 'muStatic', 0.1)
            mbs.SetObjectParameter(contact, 'muKinetic', 0.1)
        for sample in (0.1, 0.2, 0.4, 0.5):
            if abs(t - sample) < 1e-9:
                velocities[sample] = InPlane(mbs, contact, OVT.Velocity)[0]
        return True

    mbs.SetPreStepUserFunction(Ice)
    mbs.SolveDynamic(Settings(0.6, 600))
    assert (velocities[0.1] - velocities[0.2]) / 0.1 == pytest.approx(0.5 * G, rel=1e-3)
    assert (velocities[0.4] - velocities[0.5]) / 0.1 == pytest.approx(0.1 * G, rel=1e-3)
    assert mbs.GetObjectOutput(contact, OVT.FrictionCoefficient) == pytest.approx(0.1)


def test_inactiveContactExertsNoForceAndKeepsItsState(workDir):
    mbs, node, contact = PointMassOnPlane(heightOverPlane=0.01, velocityInPlane=(1., 0., 0.), activeConnector=False)
    anchor = InPlane(mbs, contact, OVT.AnchorPoint)
    mbs.SolveDynamic(Settings(0.2, 200))
    assert InPlane(mbs, contact)[2] == pytest.approx(0.01 - 0.5 * G * 0.2 ** 2, abs=1e-12)  # free fall through
    assert np.all(InPlane(mbs, contact, OVT.ForceLocal) == 0.)
    assert np.all(InPlane(mbs, contact, OVT.AnchorPoint) == anchor)


def test_sensorsRecordTheSlidingStateAndTheAnchorDraggedAlong(workDir):
    # while it slides (K = 1) each commit puts the anchor at the station's projection
    mbs, node, contact = PointMassOnPlane(velocityInPlane=(2., 1., 0.))
    sensors = {t: mbs.AddSensor(SensorObject(objectNumber=contact, storeInternal=True, writeToFile=False,
                                             outputVariableType=t))
               for t in (OVT.SlidingState, OVT.AnchorPoint, OVT.Position, OVT.FrictionCoefficient)}
    mbs.Assemble()
    mbs.SolveDynamic(Settings(0.3, 300))
    data = {t: mbs.GetSensorStoredData(s) for t, s in sensors.items()}
    sliding = data[OVT.SlidingState][:, 1]
    assert len(sliding) == 301 and np.all(sliding == 1.)
    assert np.max(np.abs(data[OVT.AnchorPoint][:, 1:3] - data[OVT.Position][:, 1:3])) < 1e-15
    assert np.all(data[OVT.AnchorPoint][:, 3] == 0.)
    assert np.all(data[OVT.FrictionCoefficient][:, 1] == 0.5)


def test_createExponentialSpringContactChecksItsArguments():
    mbs = NewSystem()
    body = mbs.CreateMassPoint(referencePosition=[0., 0., 0.01], mass=1.)
    ground = mbs.AddObject(ObjectGround())
    marker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    for arguments, error, text in [((marker, [[0., 0., 0.]]), TypeError, "bodyNumber"),
                                   ((99, [[0., 0., 0.]]), IndexError, "bodyNumber"),
                                   ((ground, [[0., 0., 0.]]), TypeError, "not a body"),
                                   ((body, []), ValueError, "localPositions"),
                                   ((body, [[0., 0.]]), ValueError, "localPositions"),
                                   ((body, [[0., math.nan, 0.]]), ValueError, "localPositions")]:
        with pytest.raises(error, match=text):
            mbs.CreateExponentialSpringContact(*arguments)
    before = (mbs.NumberOfObjects(), mbs.NumberOfMarkers())
    with pytest.raises(TypeError, match="parameters"):
        mbs.CreateExponentialSpringContact(body, [[0., 0., 0.]], parameters={'d0': 0.})
    with pytest.raises(IndexError, match="planeMarker"):
        mbs.CreateExponentialSpringContact(body, [[0., 0., 0.]], planeMarker=exu.MarkerIndex(50))
    assert (mbs.NumberOfObjects(), mbs.NumberOfMarkers()) == before  # nothing added by a refused call
    contacts = mbs.CreateExponentialSpringContact(body, [[0., 0., 0.], [0., 0., 0.]])
    assert len(contacts) == 2 and all(isinstance(c, exu.ObjectIndex) for c in contacts)
    planes = {mbs.GetObject(c)['markerNumbers'][0] for c in contacts}
    assert len(planes) == 1  # one ground plane for all points


def test_contactOnAMovingPlaneConservesMomentum(workDir):
    # no gravity: a point thrown obliquely onto a tilted plate marker on a free, spinning block; the
    # reaction acts on the block at the station's point, so linear and angular momentum are kept
    mbs = NewSystem()
    blockInertia = ut.InertiaCuboid(density=100., sideLengths=[1., 0.6, 0.4])  # 24 kg
    block = mbs.CreateRigidBody(inertia=blockInertia, referencePosition=[0.2, -0.1, 0.],
                                nodeType=exu.NodeType.RotationRxyz,
                                initialVelocity=[0.1, 0., -0.2], initialAngularVelocity=[0.3, -0.2, 0.5])
    rotation = ut.RotXYZ2RotationMatrix([0.4, -0.3, 0.2])
    plate = mbs.AddMarker(MarkerBodyRigid(bodyNumber=block, localPosition=[0.1, 0.05, 0.2],
                                          localRotationMatrix=rotation.tolist()))
    # the point starts 5 cm above the plate (plate frame) moving down and sideways
    pointMass, start = 2., np.array([0.2, -0.1, 0.]) + np.array([0.1, 0.05, 0.2]) + rotation @ [0.01, 0.02, 0.05]
    node = mbs.AddNode(NodePoint(referenceCoordinates=list(start),
                                 initialVelocities=list(rotation @ [0.8, -0.3, -1.5])))
    point = mbs.AddObject(MassPoint(physicsMass=pointMass, nodeNumber=node))
    station = mbs.AddMarker(MarkerBodyPosition(bodyNumber=point))
    contact = mbs.AddObject(ObjectContactExponentialSpring(markerNumbers=[plate, station]))
    mbs.Assemble()

    def Momenta():
        v = mbs.GetObjectOutputBody(block, OVT.Velocity, localPosition=[0., 0., 0.])
        p = mbs.GetObjectOutputBody(block, OVT.Position, localPosition=[0., 0., 0.])
        A = mbs.GetObjectOutputBody(block, OVT.RotationMatrix, localPosition=[0., 0., 0.]).reshape(3, 3)
        omega = mbs.GetObjectOutputBody(block, OVT.AngularVelocity, localPosition=[0., 0., 0.])
        vPoint, pPoint = mbs.GetNodeOutput(node, OVT.Velocity), mbs.GetNodeOutput(node, OVT.Position)
        linear = blockInertia.Mass() * v + pointMass * vPoint
        angular = (np.cross(p, blockInertia.Mass() * v) + A @ blockInertia.Inertia() @ A.T @ omega
                   + np.cross(pPoint, pointMass * vPoint))
        return linear, angular

    linear0, angular0 = Momenta()
    heights, frictions = [], []

    def Record(mbs, t):
        heights.append(InPlane(mbs, contact)[2])
        frictions.append(np.linalg.norm(InPlane(mbs, contact, OVT.ForceLocal)[:2]))
        return True

    mbs.SetPreStepUserFunction(Record)
    mbs.SolveDynamic(Settings(0.3, 6000), solverType=exu.DynamicSolverType.RK44)
    linear, angular = Momenta()
    # it hit the plate (mm from it, with friction of N) and bounced off
    assert min(heights) < 0.005 and max(frictions) > 1. and InPlane(mbs, contact)[2] > 0.02
    assert np.linalg.norm(linear - linear0) < 1e-10 * np.linalg.norm(linear0)
    assert np.linalg.norm(angular - angular0) < 1e-8 * np.linalg.norm(angular0)


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.GeneralizedAlpha, exu.DynamicSolverType.TrapezoidalIndex2,
                                        exu.DynamicSolverType.ExplicitEuler, exu.DynamicSolverType.ExplicitMidpoint,
                                        exu.DynamicSolverType.RK33, exu.DynamicSolverType.RK44])
def test_everySolverSlidesAndStopsTheBlock(workDir, solverType):
    # the post-step update of anchor and sliding state runs in every solver: kinetic deceleration
    # while sliding (K = 1), then the stop (K -> 0) at the closed-form distance
    v0 = 2.
    mbs, node, contact = PointMassOnPlane(velocityInPlane=(v0, 0., 0.))
    velocities = {}

    def Record(mbs, t):
        t = mbs.systemData.GetTime()  # the last accepted step (t: the time the step is to reach)
        if abs(t - 0.2) < 1e-9:
            velocities[0.2] = InPlane(mbs, contact, OVT.Velocity)[0]
            velocities['K'] = mbs.GetObjectOutput(contact, OVT.SlidingState)
        return True

    mbs.SetPreStepUserFunction(Record)
    mbs.SolveDynamic(Settings(0.8, 8000), solverType=solverType)
    assert velocities[0.2] == pytest.approx(v0 - 0.5 * G * 0.2, abs=2e-3) and velocities['K'] == 1.
    assert InPlane(mbs, contact)[0] == pytest.approx(v0 ** 2 / (2. * 0.5 * G), abs=1e-3)
    assert mbs.GetObjectOutput(contact, OVT.SlidingState) < 1e-3


def test_velocityIsRelativeToThePlanesMaterialPoint():
    # a station moving with the plate's rigid motion (v = v_B + omega x r) has v_P = 0; plate
    # rotated and offset on a translating, spinning body
    mbs = NewSystem()
    omega, vBody = np.array([0.3, -0.7, 1.1]), np.array([0.4, 0.2, -0.5])
    body = mbs.CreateRigidBody(inertia=ut.InertiaCuboid(density=100., sideLengths=[1., 0.6, 0.4]),
                               referencePosition=[0.2, -0.1, 0.3], nodeType=exu.NodeType.RotationRxyz,
                               referenceRotationMatrix=ut.RotXYZ2RotationMatrix([0.2, 0.1, -0.3]),
                               initialVelocity=list(vBody), initialAngularVelocity=list(omega))
    plate = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[0.1, 0.05, 0.2],
                                          localRotationMatrix=ut.RotXYZ2RotationMatrix([0.4, -0.3, 0.2]).tolist()))
    station = np.array([0.5, 0.4, 0.1])
    r = station - np.array([0.2, -0.1, 0.3])
    node = mbs.AddNode(NodePoint(referenceCoordinates=list(station),
                                 initialVelocities=list(vBody + np.cross(omega, r))))
    point = mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    contact = mbs.AddObject(ObjectContactExponentialSpring(markerNumbers=[
        plate, mbs.AddMarker(MarkerBodyPosition(bodyNumber=point))]))
    mbs.Assemble()
    assert np.linalg.norm(InPlane(mbs, contact, OVT.Velocity)) < 1e-14
    # and a station at rest in ground moves relative to the plate by -(v_B + omega x r)
    mbs.SetNodeParameter(node, 'initialVelocities', [0., 0., 0.])
    mbs.Assemble()
    A_0P = mbs.GetMarkerOutput(plate, OVT.RotationMatrix).reshape(3, 3)
    assert InPlane(mbs, contact, OVT.Velocity) == pytest.approx(-A_0P.T @ (vBody + np.cross(omega, r)), abs=1e-14)


# ---- a cube on eight corner springs --------------------------------------------------------

HALF, CUBE_MASS = 0.1, 10.
CORNERS = [[sx * HALF, sy * HALF, sz * HALF] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]


def Cube(parameters, height=0.3, velocity=(0., 0., 0.), angularVelocity=(0., 0., 0.), rotation=(0.3, -0.2, 0.1)):
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(density=CUBE_MASS / (2 * HALF) ** 3, sideLengths=[2 * HALF] * 3)
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0., 0., height], nodeType=exu.NodeType.RotationRxyz,
                               referenceRotationMatrix=ut.RotXYZ2RotationMatrix(rotation),
                               initialVelocity=list(velocity), initialAngularVelocity=list(angularVelocity),
                               gravity=[0., 0., -G])
    contacts = mbs.CreateExponentialSpringContact(body, CORNERS, parameters=parameters)
    mbs.Assemble()
    return mbs, body, contacts


def CubeEnergy(mbs, body, contacts):
    velocity = mbs.GetObjectOutputBody(body, OVT.Velocity, localPosition=[0., 0., 0.])
    omegaLocal = mbs.GetObjectOutputBody(body, OVT.AngularVelocityLocal, localPosition=[0., 0., 0.])
    inertia = ut.InertiaCuboid(density=CUBE_MASS / (2 * HALF) ** 3, sideLengths=[2 * HALF] * 3).Inertia()
    height = mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0., 0., 0.])[2]
    kinetic = 0.5 * CUBE_MASS * velocity @ velocity + 0.5 * omegaLocal @ inertia @ omegaLocal
    return kinetic + CUBE_MASS * G * height + sum(mbs.GetObjectOutput(c, OVT.PotentialEnergy) for c in contacts)


def test_cubeOnEightSpringsWithoutDampingAndFrictionKeepsItsEnergy(workDir):
    parameters = exu.ExponentialSpringParameters()
    parameters.setNormalViscosity(0.)
    parameters.setFrictionViscosity(0.)
    parameters.setInitialMuStatic(0.)  # mu_k follows to 0
    mbs, body, contacts = Cube(parameters, velocity=(0.5, 0., 0.), angularVelocity=(1., 2., 0.))
    E0 = CubeEnergy(mbs, body, contacts)
    energies, times, lowestCorner = [], [], []

    def Record(mbs, t):
        energies.append(CubeEnergy(mbs, body, contacts))
        times.append(t)
        lowestCorner.append(min(mbs.GetObjectOutput(c, OVT.Position)[2] for c in contacts))
        return True

    mbs.SetPreStepUserFunction(Record)
    endTime = 1.
    mbs.SolveDynamic(Settings(endTime, 20000), solverType=exu.DynamicSolverType.RK44)
    energies.append(CubeEnergy(mbs, body, contacts))
    times.append(endTime)
    assert len(energies) == 20001
    error = np.abs(np.array(energies) - E0)
    assert np.all(error <= 1e-5 * E0 * np.array(times) + 1e-12), f"largest error {error.max()} J, E0 = {E0} J"
    # the cube hit the ground (a corner went below the plane: kN forces) and bounced off it
    assert min(lowestCorner) < 0. and lowestCorner[-1] > 0.01


def test_invariantsHoldAtEveryStep(workDir):
    # a tumbling, sliding cube with default damping and friction
    mbs, body, contacts = Cube(exu.ExponentialSpringParameters(), height=0.15, velocity=(2., 0.5, 0.),
                               angularVelocity=(0., 0., 6.))
    muS, muK = 0.7, 0.5
    checked = [0]

    def Check(mbs, t):
        for c in contacts:
            force = InPlane(mbs, c, OVT.ForceLocal)
            fzElastic = mbs.GetObjectOutput(c, OVT.NormalForceElastic)
            fzDamping = mbs.GetObjectOutput(c, OVT.NormalForceDamping)
            elastic, damping = InPlane(mbs, c, OVT.FrictionForceElastic), InPlane(mbs, c, OVT.FrictionForceDamping)
            mu, limit = mbs.GetObjectOutput(c, OVT.FrictionCoefficient), mbs.GetObjectOutput(c, OVT.FrictionLimit)
            K = mbs.GetObjectOutput(c, OVT.SlidingState)
            anchor = InPlane(mbs, c, OVT.AnchorPoint)
            assert force[2] == pytest.approx(fzElastic + fzDamping, rel=1e-12, abs=1e-12)
            assert force[:2] == pytest.approx(elastic + damping, rel=1e-12, abs=1e-12)
            assert np.linalg.norm(force[:2]) <= mu * force[2] * (1. + 1e-12) + 1e-12
            assert limit == pytest.approx(mu * force[2], rel=1e-12, abs=1e-14)
            assert muK - 1e-15 <= mu <= muS + 1e-15
            assert 0. <= K <= 1.
            assert anchor[2] == 0.
            assert mbs.GetObjectOutput(c, OVT.Force) == pytest.approx(
                ut.RotXYZ2RotationMatrix([0., 0., 0.]) @ force, rel=1e-12, abs=1e-12)
        checked[0] += 1
        return True

    mbs.SetPreStepUserFunction(Check)
    mbs.SolveDynamic(Settings(1., 1000))
    assert checked[0] == 1000
    slidingStates = [mbs.GetObjectOutput(c, OVT.SlidingState) for c in contacts]
    assert min(slidingStates) < 0.5  # it came to rest on some corners: both regimes were seen


def DropTrajectory(solverType, numberOfSteps):
    mbs, body, contacts = Cube(exu.ExponentialSpringParameters(), height=0.15, velocity=(1., 0., 0.),
                               angularVelocity=(0., 1., 2.))
    positions = []

    def Record(mbs, t):
        positions.append(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0., 0., 0.]))
        return True

    mbs.SetPreStepUserFunction(Record)
    mbs.SolveDynamic(Settings(1., numberOfSteps, spectralRadius=0.9), solverType=solverType)
    positions.append(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0., 0., 0.]))
    return np.array(positions)


def test_generalizedAlphaAndExplicitAgreeOnTheDrop(workDir):
    implicit = DropTrajectory(exu.DynamicSolverType.GeneralizedAlpha, 2000)
    explicit = DropTrajectory(exu.DynamicSolverType.RK44, 20000)[::10]
    assert np.max(np.abs(implicit - explicit)) < 2e-3
    assert implicit[-1][0] > 0.1  # it slid: friction acted


# ---- against OpenSim's ExponentialContactForce ---------------------------------------------
# Positions every 0.1 s from OpenSim 4.6 (pip install opensim; Simbody's ExponentialSpringForce,
# Runge-Kutta-Merson, accuracy 1e-8), printed by benchmarks/exponentialSpringVsOpenSim.py
# --printReference on the same models: y up, gravity -9.8 along y, the floor plane's z axis along
# ground y, default parameters, each anchor reset to its station's projection at t = 0.
OPENSIM_POINT = [[0.0, 0.05], [0.09982675127508198, 0.0013464974498361114], [0.12264490825289678, 0.026761082371178805],
                 [0.13454838514136727, 0.01761909880396065], [0.13472666469632255, 0.008389704203490535],
                 [0.13472486556374383, 0.005498501684952714], [0.13472486850920165, 0.006810980024939897],
                 [0.13472486850920895, 0.007970793859883946], [0.13472486850920898, 0.0047460555558979135],
                 [0.13472486850920898, 0.005078849051899441], [0.13472486850920898, 0.004178671041074103]]
OPENSIM_CUBE = [[0.0, 0.3, 0.0], [0.15, 0.25099999999999995, 0.0],
                [0.29915471063846105, 0.1252072201696751, -0.001590129010220962],
                [0.43121998310412807, 0.1468944471937149, -0.03139092516537618],
                [0.545968311974593, 0.12849295257975704, -0.05672713021278546],
                [0.6304205632318667, 0.1244855487387225, -0.07406954622687728],
                [0.686720459341815, 0.11196925919793288, -0.0913892975413514],
                [0.7189935727487216, 0.10447800384295038, -0.11063638841514825],
                [0.7294102790595463, 0.1036552922215125, -0.11925443768355773],
                [0.7310483315136906, 0.10371028862306818, -0.11956735604002845],
                [0.7309500227167657, 0.10311146125281481, -0.11956312710332113]]


def OpenSimModel(mass, inertia, stations, position, rotation, velocity, solverType, numberOfSteps):
    """The body's positions every 0.1 s over 1 s, on a floor whose plane frame has z along ground y."""
    mbs = NewSystem()
    body = mbs.CreateRigidBody(inertia=ut.RigidBodyInertia(mass=mass, inertiaTensor=np.eye(3) * inertia),
                               referencePosition=position, referenceRotationMatrix=ut.RotXYZ2RotationMatrix(rotation),
                               initialVelocity=velocity, gravity=[0., -G, 0.], nodeType=exu.NodeType.RotationRxyz)
    ground = mbs.AddObject(ObjectGround())
    floorRotation = ut.RotationMatrixX(-math.pi / 2.)  # plane z along ground y
    floor = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localRotationMatrix=floorRotation.tolist()))
    mbs.CreateExponentialSpringContact(body, stations, planeMarker=floor)
    mbs.Assemble()
    positions = []

    def Record(mbs, t):
        t = mbs.systemData.GetTime()  # the last accepted step (t: the time the step is to reach)
        if len(positions) < 10 and abs(t - 0.1 * len(positions)) < 0.5 / numberOfSteps:
            positions.append(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0., 0., 0.]))
        return True

    mbs.SetPreStepUserFunction(Record)
    mbs.SolveDynamic(Settings(1., numberOfSteps), solverType=solverType)
    positions.append(mbs.GetObjectOutputBody(body, OVT.Position, localPosition=[0., 0., 0.]))
    assert len(positions) == 11
    return np.array(positions)


@pytest.mark.parametrize("solverType", [exu.DynamicSolverType.GeneralizedAlpha, exu.DynamicSolverType.RK44])
def test_dropsAgreeWithOpenSimsExponentialContactForce(workDir, solverType):
    # a point dropped from 5 cm at 1 m/s: it bounces, slides and sticks
    point = OpenSimModel(1., 0.01, [[0., 0., 0.]], [0., 0.05, 0.], [0., 0., 0.], [1., 0., 0.], solverType, 10000)
    assert np.max(np.abs(point[:, :2] - OPENSIM_POINT)) < 1e-4
    # a tilted 10 kg cube on its 8 corners dropped from 0.3 m at 1.5 m/s: it tumbles, slides and stops
    cube = OpenSimModel(CUBE_MASS, CUBE_MASS * (2 * HALF) ** 2 / 6., CORNERS, [0., 0.3, 0.], [0.3, 0., 0.2],
                        [1.5, 0., 0.], solverType, 10000)
    assert np.max(np.abs(cube - OPENSIM_CUBE)) < 3e-4
