"""Coordinate items (MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
CoordinateConstraint), NodePointGround and the SpringDamper against closed forms.

All models are one-dimensional mass-spring-damper systems or prescribed motions whose exact
solutions are known; the integrator (generalized-alpha, spectral radius 1 = trapezoidal rule,
second order) is run with small steps so that the comparison tolerances reflect its O(h^2) error.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, Force, LoadCoordinate,
                                    MarkerBodyPosition, MarkerNodeCoordinate, MarkerNodePosition, MassPoint,
                                    NodePointGround, ObjectGround, Point, PointGround, SensorLoad, SensorNode,
                                    SensorObject, SpringDamper)

from conftest import DampedOscillator, NewSystem, Settings

OVT = exu.OutputVariableType


def Scalar(value):
    """A scalar output (connectors give a float, as Exudyn; bodies a one-element array)."""
    array = np.asarray(value, dtype=float).reshape(-1)
    assert array.size == 1
    return float(array[0])


def Tight(settings):
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    settings.timeIntegration.newton.absoluteTolerance = 1e-14
    return settings


def MassOnCoordinateSpring(mass=2., stiffness=800., damping=8., x0=0.01, v0=0., load=0., userFunction=None,
                           loadUserFunction=None, reference=(2., 0., 0.)):
    """A mass point on a CoordinateSpringDamper to a ground node (x coordinate)."""
    mbs = NewSystem()
    nGround = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
    nMass = mbs.AddNode(Point(referenceCoordinates=list(reference), initialCoordinates=[x0, 0, 0],
                              initialVelocities=[v0, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=nMass))
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    mMass = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nMass, coordinate=0))
    oSpring = mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mMass], stiffness=stiffness,
                                                   damping=damping, springForceUserFunction=userFunction or 0))
    if load != 0. or loadUserFunction:
        mbs.AddLoad(LoadCoordinate(markerNumber=mMass, load=load, loadUserFunction=loadUserFunction or 0))
    sPosition = mbs.AddSensor(SensorNode(nodeNumber=nMass, storeInternal=True, writeToFile=False,
                                         outputVariableType=OVT.Displacement))
    mbs.Assemble()
    return mbs, nMass, oSpring, sPosition


# ---------------------------------------------------------------------------------------------
# CoordinateSpringDamper and LoadCoordinate
# ---------------------------------------------------------------------------------------------

def test_coordinateSpringDamper_oscillatesWithClosedFormFrequencyAndDecay(workDir):
    m, k, d, x0 = 2., 800., 8., 0.01
    mbs, nMass, _, sPosition = MassOnCoordinateSpring(m, k, d, x0)
    mbs.SolveDynamic(Tight(Settings(endTime=1., numberOfSteps=4000, spectralRadius=1.)))
    data = mbs.GetSensorStoredData(sPosition)
    t, x = data[:, 0], data[:, 1]
    exact, _ = DampedOscillator(t, m, k, d, 0., x0, 0.)
    assert np.max(np.abs(x - exact)) < 2e-5 * x0
    # independent of the closed-form code: the period of the zero crossings is 2 pi / omega_d and
    # successive maxima decay with exp(-zeta omega_n T_d)
    omegaN = math.sqrt(k / m)
    zeta = d / (2. * math.sqrt(k * m))
    omegaD = omegaN * math.sqrt(1. - zeta ** 2)
    crossings = [t[i] - x[i] * (t[i + 1] - t[i]) / (x[i + 1] - x[i]) for i in range(len(x) - 1) if x[i] * x[i + 1] < 0]
    periods = 2. * np.diff(crossings)
    assert np.allclose(periods, 2. * math.pi / omegaD, rtol=1e-4)
    maxima = [i for i in range(1, len(x) - 1) if x[i] > x[i - 1] and x[i] >= x[i + 1] and x[i] > 0]
    ratios = x[maxima[1:]] / x[maxima[:-1]]
    assert np.allclose(ratios, math.exp(-zeta * omegaN * 2. * math.pi / omegaD), rtol=2e-3)


def test_coordinateSpringDamper_outputsAndReferenceNotIncluded(workDir):
    # the marker coordinate is the displacement (reference x = 2 is not part of the spring length)
    mbs, nMass, oSpring, _ = MassOnCoordinateSpring(x0=0.01, v0=0.3)
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.Displacement, exu.ConfigurationType.Initial)) == pytest.approx(0.01)
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.Velocity, exu.ConfigurationType.Initial)) == pytest.approx(0.3)
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.Force, exu.ConfigurationType.Initial)) == pytest.approx(800 * 0.01 + 8 * 0.3)
    mbs.SetObjectParameter(oSpring, 'activeConnector', False)
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.Force, exu.ConfigurationType.Initial)) == 0.


def test_coordinateSpringDamper_staticLoadGivesLoadOverStiffness(workDir):
    mbs, nMass, _, _ = MassOnCoordinateSpring(mass=1., stiffness=500., damping=60., x0=0., load=2.)
    mbs.SolveDynamic(Settings(endTime=3., numberOfSteps=600))
    assert mbs.GetNodeOutput(nMass, OVT.Displacement)[0] == pytest.approx(2. / 500., rel=1e-6)


def test_coordinateSpringDamper_userFunctionEqualsBuiltInLaw(workDir):
    def UFlinear(mbs, t, itemNumber, u, v, k, d, offset):
        return k * (u - offset) + d * v

    results = []
    for uf in (None, UFlinear):
        mbs, nMass, _, sPosition = MassOnCoordinateSpring(userFunction=uf, v0=0.2)
        mbs.SolveDynamic(Tight(Settings(endTime=0.5, numberOfSteps=500)))
        results.append(mbs.GetSensorStoredData(sPosition)[:, 1])
    assert np.max(np.abs(results[0] - results[1])) < 1e-11


def test_coordinateSpringDamper_nonlinearUserFunctionConservesEnergy(workDir):
    # u'' = -(k u + c u^3)/m without damping: E = m v^2/2 + k u^2/2 + c u^4/4 stays constant
    m, k, c = 1., 100., 4e5

    def UFcubic(mbs, t, itemNumber, u, v, stiffness, damping, offset):
        return stiffness * u + c * u ** 3

    mbs, nMass, _, _ = MassOnCoordinateSpring(mass=m, stiffness=k, damping=0., x0=0.05, userFunction=UFcubic)
    energy0 = 0.5 * k * 0.05 ** 2 + 0.25 * c * 0.05 ** 4
    mbs.SolveDynamic(Tight(Settings(endTime=1., numberOfSteps=5000, spectralRadius=1.)))
    u = mbs.GetNodeOutput(nMass, OVT.Displacement)[0]
    v = mbs.GetNodeOutput(nMass, OVT.Velocity)[0]
    energy = 0.5 * m * v ** 2 + 0.5 * k * u ** 2 + 0.25 * c * u ** 4
    assert energy == pytest.approx(energy0, rel=1e-4)


def test_loadCoordinate_userFunctionGivesClosedFormForcedResponse(workDir):
    # free mass with F(t) = F0 sin(W t): x(t) = F0/(m W^2) (W t - sin(W t))
    m, F0, W = 3., 2., 5.

    def UFload(mbs, t, load):
        return load * math.sin(W * t)

    mbs, nMass, _, sPosition = MassOnCoordinateSpring(mass=m, stiffness=0., damping=0., x0=0., load=F0,
                                                      loadUserFunction=UFload)
    sLoad = mbs.AddSensor(SensorLoad(loadNumber=0, storeInternal=True, writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=2., numberOfSteps=4000, spectralRadius=1.)))
    data = mbs.GetSensorStoredData(sPosition)
    t, x = data[:, 0], data[:, 1]
    exact = F0 / (m * W ** 2) * (W * t - np.sin(W * t))
    assert np.max(np.abs(x - exact)) < 1e-5 * np.max(np.abs(exact))
    # the load's value is a scalar (as Exudyn): a float, one sensor column
    loadValue = mbs.GetLoadValues(0)
    assert isinstance(loadValue, float) and loadValue == pytest.approx(F0 * math.sin(W * 2.), rel=1e-12)
    loads = mbs.GetSensorStoredData(sLoad)
    assert loads.shape[1] == 2
    assert np.allclose(loads[:, 1], F0 * np.sin(W * loads[:, 0]), atol=1e-12)


def test_loadCoordinate_userFunctionEqualsConstantLoad(workDir):
    results = []
    for uf in (None, lambda mbs, t, load: load):
        mbs, nMass, _, sPosition = MassOnCoordinateSpring(load=1.5, loadUserFunction=uf)
        mbs.SolveDynamic(Tight(Settings(endTime=0.3, numberOfSteps=300)))
        results.append(mbs.GetSensorStoredData(sPosition)[:, 1])
    assert np.max(np.abs(results[0] - results[1])) < 1e-14


def test_loadCoordinate_onRotationCoordinateIsATorque(workDir):
    from multidyn.itemInterface import RigidBody2D, Rigid2D
    mbs = NewSystem()
    n = mbs.AddNode(Rigid2D(referenceCoordinates=[1, 2, 0.3]))
    mbs.AddObject(RigidBody2D(nodeNumber=n, physicsMass=2., physicsInertia=0.5))
    m = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
    mbs.AddLoad(LoadCoordinate(markerNumber=m, load=0.25))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=2., numberOfSteps=200))
    # theta = 0.3 + tau t^2 / (2 J); the position does not move
    assert mbs.GetNodeOutput(n, OVT.Rotation)[2] == pytest.approx(0.3 + 0.25 * 4. / (2. * 0.5), rel=1e-10)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position), [1, 2, 0], atol=1e-14)


# ---------------------------------------------------------------------------------------------
# CoordinateConstraint (ObjectConnectorCoordinate)
# ---------------------------------------------------------------------------------------------

def test_coordinateConstraint_offsetUserFunctionPrescribesTheMotionAndMultiplierIsTheForce(workDir):
    # x(t) = A (W t - sin W t) starts with zero velocity and acceleration, as the offset functions
    # must (their time dependence does not enter the initial accelerations, as in Exudyn)
    m, A, W, F = 5., 0.1, 2., 3.

    def UFoffset(mbs, t, itemNumber, lOffset):
        return lOffset * (W * t - math.sin(W * t))

    def UFoffset_t(mbs, t, itemNumber, lOffset):
        return lOffset * W * (1. - math.cos(W * t))

    mbs = NewSystem()
    nGround = mbs.AddNode(PointGround())
    nMass = mbs.AddNode(Point(referenceCoordinates=[2, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=m, nodeNumber=nMass))
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    mMass = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nMass, coordinate=0))
    oConstraint = mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, mMass], offset=A,
                                                     offsetUserFunction=UFoffset, offsetUserFunction_t=UFoffset_t))
    mbs.AddLoad(LoadCoordinate(markerNumber=mMass, load=F))
    sX = mbs.AddSensor(SensorNode(nodeNumber=nMass, storeInternal=True, writeToFile=False,
                                  outputVariableType=OVT.Displacement))
    sForce = mbs.AddSensor(SensorObject(objectNumber=oConstraint, storeInternal=True, writeToFile=False,
                                        outputVariableType=OVT.Force))
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=2., numberOfSteps=2000)))
    t, x = mbs.GetSensorStoredData(sX)[:, 0], mbs.GetSensorStoredData(sX)[:, 1]
    assert np.max(np.abs(x - A * (W * t - np.sin(W * t)))) < 1e-12  # the constraint holds exactly at every step
    # m x'' + lambda = F: the multiplier is the force the constraint adds, F - m x''
    # (the index-3 multiplier starts with a small oscillation that the integrator's numerical
    # damping removes within a few tenths of a second; compared after it)
    force = mbs.GetSensorStoredData(sForce)[:, 1]
    exactForce = F - m * A * W ** 2 * np.sin(W * t)
    settled = t > 0.5
    assert np.max(np.abs(force[settled] - exactForce[settled])) < 1e-5 * m * A * W ** 2
    assert np.max(np.abs(force[1:] - exactForce[1:])) < 0.02 * m * A * W ** 2
    acceleration = mbs.GetNodeOutput(nMass, OVT.Coordinates_tt)[0]
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(F - m * acceleration, rel=1e-9)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.ConstraintEquation)) == pytest.approx(0., abs=1e-12)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Displacement)) == pytest.approx(A * (W * 2. - math.sin(W * 2.)), abs=1e-12)


def test_coordinateConstraint_couplesTwoMassesWithFactor(workDir):
    # q1 = 2 q0 (factorValue1 = 0.5: 0.5 q1 - q0 = 0): with force F on mass 0 the system has the
    # generalized mass m0 + 4 m1 for q0, so q0'' = F / (m0 + 4 m1)
    m0, m1, F, T = 1., 0.5, 3., 1.5
    mbs = NewSystem()
    n0 = mbs.AddNode(Point())
    n1 = mbs.AddNode(Point(referenceCoordinates=[0, 1, 0]))
    mbs.AddObject(MassPoint(physicsMass=m0, nodeNumber=n0))
    mbs.AddObject(MassPoint(physicsMass=m1, nodeNumber=n1))
    c0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    c1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    oConstraint = mbs.AddObject(CoordinateConstraint(markerNumbers=[c0, c1], factorValue1=0.5))
    mbs.AddLoad(LoadCoordinate(markerNumber=c0, load=F))
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=T, numberOfSteps=150)))
    a0 = F / (m0 + 4. * m1)
    assert mbs.GetNodeOutput(n0, OVT.Displacement)[0] == pytest.approx(0.5 * a0 * T ** 2, rel=1e-9)
    assert mbs.GetNodeOutput(n1, OVT.Displacement)[0] == pytest.approx(a0 * T ** 2, rel=1e-9)
    # mass 1 is driven only by the constraint: m1 q1'' = k_m1 * (-lambda) ... load on marker 1 is -0.5 lambda
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(-m1 * 2. * a0 / 0.5, rel=1e-9)


@pytest.mark.parametrize("index2", [False, True])
def test_coordinateConstraint_velocityLevelPrescribesTheRate(workDir, index2):
    # x_t = v0 on a mass pushed by F: x = x0 + v0 t exactly (the rate is constant, so the
    # integrator's position update is exact), and the multiplier takes all of F
    m, F, v0, T = 2., 3., 0.4, 1.
    mbs = NewSystem()
    nGround = mbs.AddNode(NodePointGround())
    nMass = mbs.AddNode(Point(initialVelocities=[v0, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=m, nodeNumber=nMass))
    cGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    cMass = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nMass, coordinate=0))
    oConstraint = mbs.AddObject(CoordinateConstraint(markerNumbers=[cGround, cMass], velocityLevel=True, offset=v0))
    mbs.AddLoad(LoadCoordinate(markerNumber=cMass, load=F))
    mbs.Assemble()
    settings = Tight(Settings(endTime=T, numberOfSteps=100))
    solverType = exu.DynamicSolverType.TrapezoidalIndex2 if index2 else exu.DynamicSolverType.GeneralizedAlpha
    mbs.SolveDynamic(settings, solverType=solverType)
    assert mbs.GetNodeOutput(nMass, OVT.Displacement)[0] == pytest.approx(v0 * T, rel=1e-10)
    assert mbs.GetNodeOutput(nMass, OVT.Velocity)[0] == pytest.approx(v0, rel=1e-10)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(F, rel=1e-9)


def test_coordinateConstraint_velocityLevelCouplesTwoMassesAsThePositionLevel(workDir):
    # 0.5 v1 - v0 = 0 from rest is the position-level coupling q1 = 2 q0 differentiated: the same
    # accelerations F/(m0 + 4 m1), also with a rate offset of a time-dependent user function
    m0, m1, F, T = 1., 0.5, 3., 1.5
    mbs = NewSystem()
    n0 = mbs.AddNode(Point())
    n1 = mbs.AddNode(Point(referenceCoordinates=[0, 1, 0]))
    mbs.AddObject(MassPoint(physicsMass=m0, nodeNumber=n0))
    mbs.AddObject(MassPoint(physicsMass=m1, nodeNumber=n1))
    c0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    c1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[c0, c1], factorValue1=0.5, velocityLevel=True))
    mbs.AddLoad(LoadCoordinate(markerNumber=c0, load=F))
    # a second pair driven by a rate 0.5 v1 - v0 = w t (user function): q1 - 2 q0 = w t^2
    w = 0.2
    n2 = mbs.AddNode(Point(referenceCoordinates=[0, 2, 0]))
    n3 = mbs.AddNode(Point(referenceCoordinates=[0, 3, 0]))
    mbs.AddObject(MassPoint(physicsMass=m0, nodeNumber=n2))
    mbs.AddObject(MassPoint(physicsMass=m1, nodeNumber=n3))
    c2 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n2, coordinate=0))
    c3 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n3, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[c2, c3], factorValue1=0.5, velocityLevel=True,
                                       offsetUserFunction_t=lambda mbs, t, itemNumber, offset: w * t))
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=T, numberOfSteps=150)))
    a0 = F / (m0 + 4. * m1)
    assert mbs.GetNodeOutput(n0, OVT.Displacement)[0] == pytest.approx(0.5 * a0 * T ** 2, rel=1e-9)
    assert mbs.GetNodeOutput(n1, OVT.Displacement)[0] == pytest.approx(a0 * T ** 2, rel=1e-9)
    # without a force: m0 x2'' = lambda, m1 x3'' = -0.5 lambda, so m0 x2 + 2 m1 x3 = 0 from rest,
    # and x3 - 2 x2 = w t^2
    # (to 1e-6: the initial accelerations leave out the offset's rate, as Exudyn's; the
    # generalized-alpha's acceleration variable recovers from that start within a few steps)
    x2 = -2 * m1 * w * T ** 2 / (m0 + 4 * m1)
    assert mbs.GetNodeOutput(n2, OVT.Displacement)[0] == pytest.approx(x2, rel=1e-6)
    assert mbs.GetNodeOutput(n3, OVT.Displacement)[0] == pytest.approx(w * T ** 2 + 2 * x2, rel=1e-6)


def test_coordinateConstraint_velocityLevelIsRefusedByTheStaticSolver(workDir):
    mbs = NewSystem()
    nGround = mbs.AddNode(NodePointGround())
    nMass = mbs.AddNode(Point())
    mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=nMass))
    cGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    cMass = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nMass, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[cGround, cMass], velocityLevel=True))
    mbs.Assemble()
    with pytest.raises(ValueError, match=r"static solver.*velocities.*object 1 \(ObjectConnectorCoordinate\)"):
        mbs.SolveStatic(exu.SimulationSettings())


# ---------------------------------------------------------------------------------------------
# SpringDamper (ObjectConnectorSpringDamper)
# ---------------------------------------------------------------------------------------------

def MassOnSpringDamper(direction, L0=0.8, x0=0.05, v0=0., m=1.5, k=600., d=3., force=0., userFunction=None):
    """A mass point on a SpringDamper to a ground point, stretched by x0 along `direction`."""
    e = np.asarray(direction, dtype=float) / np.linalg.norm(direction)
    mbs = NewSystem()
    oGround = mbs.AddObject(ObjectGround(referencePosition=[0.1, -0.2, 0.3]))
    anchor = np.array([0.1, -0.2, 0.3]) + 0.5 * np.array([1., 1., 0.])
    nMass = mbs.AddNode(Point(referenceCoordinates=list(anchor + L0 * e), initialCoordinates=list(x0 * e),
                              initialVelocities=list(v0 * e)))
    mbs.AddObject(MassPoint(physicsMass=m, nodeNumber=nMass))
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=oGround, localPosition=[0.5, 0.5, 0.]))
    mMass = mbs.AddMarker(MarkerNodePosition(nodeNumber=nMass))
    oSpring = mbs.AddObject(SpringDamper(markerNumbers=[mGround, mMass], referenceLength=L0, stiffness=k, damping=d,
                                         force=force, springForceUserFunction=userFunction or 0))
    sDistance = mbs.AddSensor(SensorObject(objectNumber=oSpring, storeInternal=True, writeToFile=False,
                                           outputVariableType=OVT.Distance))
    mbs.Assemble()
    return mbs, nMass, oSpring, sDistance, anchor, e


def test_springDamper_massAlongLineMatchesClosedForm(workDir):
    m, k, d, L0, x0, v0 = 1.5, 600., 3., 0.8, 0.05, 0.4
    mbs, nMass, oSpring, sDistance, _, _ = MassOnSpringDamper([1, 0, 0], L0, x0, v0, m, k, d)
    mbs.SolveDynamic(Tight(Settings(endTime=1., numberOfSteps=4000, spectralRadius=1.)))
    data = mbs.GetSensorStoredData(sDistance)
    exact, _ = DampedOscillator(data[:, 0], m, k, d, 0., x0, v0)
    assert np.max(np.abs(data[:, 1] - L0 - exact)) < 2e-5 * (x0 + v0 / math.sqrt(k / m))


def test_springDamper_isRotationInvariant(workDir):
    distances = []
    for direction in ([1, 0, 0], [0.3, -0.8, 0.52], [0, 0, -1]):
        mbs, nMass, oSpring, sDistance, anchor, e = MassOnSpringDamper(direction, v0=0.3)
        mbs.SolveDynamic(Tight(Settings(endTime=0.5, numberOfSteps=500)))
        distances.append(mbs.GetSensorStoredData(sDistance)[:, 1])
        # the mass stays on the line through the anchor
        p = mbs.GetNodeOutput(nMass, OVT.Position)
        assert np.linalg.norm(np.cross(p - anchor, e)) < 1e-12
        f = mbs.GetObjectOutput(oSpring, OVT.Force)
        fScalar = Scalar(mbs.GetObjectOutput(oSpring, OVT.ForceLocal))
        assert np.allclose(f, fScalar * (p - anchor) / np.linalg.norm(p - anchor), atol=1e-12)
    assert np.max(np.abs(distances[1] - distances[0])) < 1e-12
    assert np.max(np.abs(distances[2] - distances[0])) < 1e-12


def test_springDamper_constantForceShiftsTheEquilibrium(workDir):
    # f_a > 0 is tension: equilibrium at L = L0 - f_a / k
    mbs, nMass, oSpring, sDistance, _, _ = MassOnSpringDamper([0, 1, 0], x0=0., k=400., d=60., force=8.)
    mbs.SolveDynamic(Settings(endTime=3., numberOfSteps=600))
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.Distance)) == pytest.approx(0.8 - 8. / 400., rel=1e-8)
    assert Scalar(mbs.GetObjectOutput(oSpring, OVT.ForceLocal)) == pytest.approx(0., abs=1e-6)


def test_springDamper_userFunctionEqualsBuiltInLaw(workDir):
    def UFforce(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
        return stiffness * deltaL + damping * deltaL_t + force

    results = []
    for uf in (None, UFforce):
        mbs, nMass, oSpring, sDistance, _, _ = MassOnSpringDamper([0.2, 0.5, -1], v0=0.2, force=1., userFunction=uf)
        mbs.SolveDynamic(Tight(Settings(endTime=0.5, numberOfSteps=500)))
        results.append(mbs.GetSensorStoredData(sDistance)[:, 1])
    assert np.max(np.abs(results[0] - results[1])) < 1e-11


# ---------------------------------------------------------------------------------------------
# NodePointGround and bad input
# ---------------------------------------------------------------------------------------------

def test_nodePointGround_outputs(workDir):
    mbs = NewSystem()
    n = mbs.AddNode(NodePointGround(referenceCoordinates=[1, 2, 3]))
    m = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=1))
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position), [1, 2, 3])
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Displacement), [0, 0, 0])
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Velocity), [0, 0, 0])
    assert len(mbs.GetNodeOutput(n, OVT.Coordinates)) == 0
    assert mbs.GetMarkerOutput(m, OVT.Coordinates)[0] == 0.


def test_badInput_coordinateItems(workDir):
    mbs = NewSystem()
    nPoint = mbs.AddNode(Point())
    nGround = mbs.AddNode(NodePointGround())
    oMass = mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=nPoint))
    with pytest.raises(ValueError, match="coordinate"):
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nPoint, coordinate=3))
    with pytest.raises(ValueError, match="coordinate"):
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nPoint))  # no coordinate given (-1)
    from multidyn.itemInterface import NodeGenericData
    nData = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
    with pytest.raises(TypeError, match="no ODE2 coordinates"):
        mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nData, coordinate=0))
    mCoordinate = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nPoint, coordinate=0))
    mGroundCoordinate = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    mPosition = mbs.AddMarker(MarkerNodePosition(nodeNumber=nPoint))
    mGroundPosition = mbs.AddMarker(MarkerNodePosition(nodeNumber=nGround))
    before = [mbs.GetObject(i) for i in range(mbs.NumberOfObjects())], [mbs.GetLoad(i) for i in range(mbs.NumberOfLoads())]
    with pytest.raises(TypeError, match="CoordinateSpringDamper.*coordinate markers"):
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGroundPosition, mCoordinate]))
    with pytest.raises(TypeError, match="ObjectConnectorCoordinate.*coordinate markers"):
        mbs.AddObject(CoordinateConstraint(markerNumbers=[mGroundCoordinate, mPosition]))
    with pytest.raises(TypeError, match="LoadCoordinate.*coordinate markers"):
        mbs.AddLoad(LoadCoordinate(markerNumber=mPosition, load=1))
    with pytest.raises(TypeError, match="provides no position"):
        mbs.AddObject(SpringDamper(markerNumbers=[mGroundPosition, mCoordinate], stiffness=1))
    with pytest.raises(TypeError, match="provides no position"):
        mbs.AddLoad(Force(markerNumber=mCoordinate, loadVector=[1, 0, 0]))
    with pytest.raises(ValueError, match="stiffness"):
        SpringDamper(markerNumbers=[mGroundPosition, mPosition], stiffness=-1)
    with pytest.raises(ValueError, match="referenceLength"):
        SpringDamper(markerNumbers=[mGroundPosition, mPosition], referenceLength=-0.1)
    with pytest.raises(IndexError):
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGroundCoordinate, 99]))
    assert ([mbs.GetObject(i) for i in range(mbs.NumberOfObjects())],
            [mbs.GetLoad(i) for i in range(mbs.NumberOfLoads())]) == before
    # the valid system still assembles and solves
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGroundCoordinate, mCoordinate], stiffness=100))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.01, numberOfSteps=2))


def test_userFunctionErrorNamesTheItem(workDir):
    def UFbroken(mbs, t, itemNumber, u, v, k, d, offset):
        raise RuntimeError("broken spring law")

    mbs, nMass, oSpring, _ = MassOnCoordinateSpring(userFunction=UFbroken)
    with pytest.raises(Exception, match="ObjectConnectorCoordinateSpringDamper.*springForceUserFunction"):
        mbs.SolveDynamic(Settings(endTime=0.01, numberOfSteps=2))
