"""Coordinate items (MarkerNodeCoordinate, CoordinateSpringDamper, LoadCoordinate,
CoordinateConstraint), NodePointGround and the SpringDamper against closed forms.

All models are one-dimensional mass-spring-damper systems or prescribed motions whose exact
solutions are known; the integrator (generalized-alpha, spectral radius 1 = trapezoidal rule,
second order) is run with small steps so that the comparison tolerances reflect its O(h^2) error.
mbs.CreateCoordinateConstraint: tied masses against F/(m0+m1), factor1 against the generalized mass,
the ground (None, a ground object, a ground node) with offset, on velocity level, body coordinates
counted over the nodes, and bad input (nothing added by a refused call).
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


def MassPointPair(mbs, m0, m1, y=0.):
    """Two mass points (at y and y + 1) and coordinate markers on their x coordinates."""
    nodes = [mbs.AddNode(Point(referenceCoordinates=[0, y + k, 0])) for k in range(2)]
    for node, mass in zip(nodes, (m0, m1)):
        mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
    return nodes, [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0)) for node in nodes]


def test_coordinateConstraint_couplesTwoMassesWithFactor(workDir):
    # q1 = 2 q0 (factorValue1 = 0.5: 0.5 q1 - q0 = 0): with force F on mass 0 the system has the
    # generalized mass m0 + 4 m1 for q0, so q0'' = F / (m0 + 4 m1)
    m0, m1, F, T = 1., 0.5, 3., 1.5
    mbs = NewSystem()
    (n0, n1), (c0, c1) = MassPointPair(mbs, m0, m1)
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
    (n0, n1), (c0, c1) = MassPointPair(mbs, m0, m1)
    mbs.AddObject(CoordinateConstraint(markerNumbers=[c0, c1], factorValue1=0.5, velocityLevel=True))
    mbs.AddLoad(LoadCoordinate(markerNumber=c0, load=F))
    # a second pair driven by a rate 0.5 v1 - v0 = w t (user function): q1 - 2 q0 = w t^2
    w = 0.2
    (n2, n3), (c2, c3) = MassPointPair(mbs, m0, m1, y=2.)
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
# mbs.CreateCoordinateConstraint
# ---------------------------------------------------------------------------------------------

def TwoMassPoints(m0=2., m1=3.):
    mbs = NewSystem()
    b0 = mbs.CreateMassPoint(referencePosition=[0., 0., 0.], mass=m0)
    b1 = mbs.CreateMassPoint(referencePosition=[1., 0.5, 0.], mass=m1, initialVelocity=[0., 0.4, 0.])
    return mbs, b0, b1


def test_createCoordinateConstraint_tiedMassesMoveTogether(workDir):
    """x of two mass points tied (x1 - x0 = 0), force F on mass 0: both accelerate with F/(m0+m1);
    the multiplier is the force that drives mass 1 (m1 a + lambda = 0); y, z stay free"""
    m0, m1, F, T = 2., 3., 10., 1.
    mbs, b0, b1 = TwoMassPoints(m0, m1)
    nodes, markers = mbs.NumberOfNodes(), mbs.NumberOfMarkers()
    oConstraint = mbs.CreateCoordinateConstraint(name="tie", itemNumbers=[b0, b1], coordinates=[0, 0])
    assert isinstance(oConstraint, exu.ObjectIndex)
    assert (mbs.NumberOfNodes(), mbs.NumberOfMarkers()) == (nodes, markers + 2)  # no ground node for two bodies
    data = mbs.GetObject(oConstraint)
    assert data["objectType"] == "ConnectorCoordinate" and data["name"] == "tie"
    assert (data["offset"], data["factorValue1"], data["velocityLevel"]) == (0., 1., False)
    for k, (marker, body) in enumerate(zip(data["markerNumbers"], [b0, b1])):
        markerData = mbs.GetMarker(marker)
        assert markerData["markerType"] == "NodeCoordinate" and markerData["name"] == f"Marker{k}:tie"
        assert (markerData["nodeNumber"], markerData["coordinate"]) == (mbs.GetObject(body)["nodeNumber"], 0)
    mbs.CreateForce(itemNumber=b0, loadVector=[F, 0., 0.])
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=T, numberOfSteps=100)))
    a = F / (m0 + m1)
    n0, n1 = mbs.GetObject(b0)["nodeNumber"], mbs.GetObject(b1)["nodeNumber"]
    assert mbs.GetNodeOutput(n0, OVT.Displacement) == pytest.approx([0.5 * a * T ** 2, 0., 0.], abs=1e-9)
    assert mbs.GetNodeOutput(n1, OVT.Displacement) == pytest.approx([0.5 * a * T ** 2, 0.4 * T, 0.], abs=1e-9)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(-m1 * a, rel=1e-8)


def test_createCoordinateConstraint_factorAndDeprecatedNames(workDir):
    """factor1 = 2: x0 = 2 x1, so with F on mass 0 its generalized mass is m0 + m1/4;
    Exudyn 1.11's factorValue1 and bodyNumbers give the same, with a DeprecationWarning each"""
    m0, m1, F, T = 2., 3., 10., 1.
    a0 = F / (m0 + m1 / 4.)
    for arguments in [dict(itemNumbers=None, factor1=2.), dict(bodyNumbers=None, factorValue1=2.)]:
        mbs, b0, b1 = TwoMassPoints(m0, m1)
        key = "itemNumbers" if "itemNumbers" in arguments else "bodyNumbers"
        arguments[key] = [b0, b1]
        if key == "bodyNumbers":
            with pytest.warns(DeprecationWarning) as record:
                oConstraint = mbs.CreateCoordinateConstraint(coordinates=[0, 0], **arguments)
            messages = sorted(str(w.message) for w in record)
            assert messages == ["MainSystem.CreateCoordinateConstraint: the argument bodyNumbers is deprecated; use "
                                "itemNumbers instead",
                                "MainSystem.CreateCoordinateConstraint: the argument factorValue1 is deprecated; use "
                                "factor1 instead"]
            assert all(w.filename == __file__ for w in record)  # the warning names the calling line
        else:
            oConstraint = mbs.CreateCoordinateConstraint(coordinates=[0, 0], **arguments)
        assert mbs.GetObject(oConstraint)["factorValue1"] == 2.
        mbs.CreateForce(itemNumber=b0, loadVector=[F, 0., 0.])
        mbs.Assemble()
        mbs.SolveDynamic(Tight(Settings(endTime=T, numberOfSteps=100)))
        n0, n1 = mbs.GetObject(b0)["nodeNumber"], mbs.GetObject(b1)["nodeNumber"]
        assert mbs.GetNodeOutput(n0, OVT.Displacement)[0] == pytest.approx(0.5 * a0 * T ** 2, rel=1e-9)
        assert mbs.GetNodeOutput(n1, OVT.Displacement)[0] == pytest.approx(0.25 * a0 * T ** 2, rel=1e-9)


@pytest.mark.parametrize("groundKind", ["None", "groundObject", "groundNode"])
def test_createCoordinateConstraint_toGroundWithOffsetHoldsTheBody(workDir, groundKind):
    """ground as item 0: factor1*x - offset = 0 holds x = offset/factor1 against a force F, and the
    constraint takes it: factor1*lambda = F"""
    F, offset, factor1, m = 6., 0.6, 2., 1.5
    mbs = NewSystem()
    body = mbs.CreateMassPoint(referencePosition=[1., 0., 0.], initialDisplacement=[offset / factor1, 0., 0.], mass=m)
    ground = {"None": None, "groundObject": mbs.CreateGround(),
              "groundNode": mbs.AddNode(NodePointGround())}[groundKind]
    nodes = mbs.NumberOfNodes()
    oConstraint = mbs.CreateCoordinateConstraint(itemNumbers=[ground, body], coordinates=[None, 0], offset=offset,
                                                 factor1=factor1)
    # a hidden NodePointGround is added for the ground, unless a ground node is given
    assert mbs.NumberOfNodes() == nodes + (0 if groundKind == "groundNode" else 1)
    groundMarker = mbs.GetMarker(mbs.GetObject(oConstraint)["markerNumbers"][0])
    assert mbs.GetNode(groundMarker["nodeNumber"])["nodeType"] == "PointGround" and groundMarker["coordinate"] == 0
    mbs.CreateForce(itemNumber=body, loadVector=[F, 0., 0.])
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=0.5, numberOfSteps=50)))
    node = mbs.GetObject(body)["nodeNumber"]
    assert mbs.GetNodeOutput(node, OVT.Displacement)[0] == pytest.approx(offset / factor1, abs=1e-12)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(F / factor1, rel=1e-8)


def test_createCoordinateConstraint_velocityLevelHoldsTheRate(workDir):
    """velocityLevel=True with ground as item 0: factor1*v - offset = 0 keeps v = offset/factor1
    (x = v t from a consistent start) against a force F, which the constraint takes: factor1*lambda = F"""
    F, offset, factor1, T = 3., 0.8, 2., 1.
    mbs = NewSystem()
    body = mbs.CreateMassPoint(mass=1.5, initialVelocity=[offset / factor1, 0., 0.])
    oConstraint = mbs.CreateCoordinateConstraint(itemNumbers=[None, body], coordinates=[None, 0], offset=offset,
                                                 factor1=factor1, velocityLevel=True)
    assert mbs.GetObject(oConstraint)["velocityLevel"] is True
    mbs.CreateForce(itemNumber=body, loadVector=[F, 0., 0.])
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=T, numberOfSteps=100)))
    node = mbs.GetObject(body)["nodeNumber"]
    assert mbs.GetNodeOutput(node, OVT.Displacement)[0] == pytest.approx(offset / factor1 * T, rel=1e-10)
    assert mbs.GetNodeOutput(node, OVT.Velocity)[0] == pytest.approx(offset / factor1, rel=1e-10)
    assert Scalar(mbs.GetObjectOutput(oConstraint, OVT.Force)) == pytest.approx(F / factor1, rel=1e-9)


def test_createCoordinateConstraint_bodyCoordinatesCountOverItsNodes(workDir):
    """a body's coordinate k is that of its nodes in their order: rigid body Rxyz coordinate 5 is
    its rotation about z; an ObjectGenericODE2 on two points has coordinates 0..5, 4 = y of node 1"""
    from multidyn.itemInterface import ObjectGenericODE2
    mbs = NewSystem()
    rigid = mbs.CreateRigidBody(inertia=exu.utilities.InertiaCuboid(density=100., sideLengths=[1., 0.5, 0.2]),
                                nodeType=exu.NodeType.RotationRxyz)
    nodes = [mbs.AddNode(Point(referenceCoordinates=[0., 0., 0.])), mbs.AddNode(Point(referenceCoordinates=[1., 0., 0.]))]
    generic = mbs.AddObject(ObjectGenericODE2(nodeNumbers=nodes, massMatrix=np.eye(6).tolist()))
    oRotation = mbs.CreateCoordinateConstraint(itemNumbers=[None, rigid], coordinates=[None, 5])
    oGeneric = mbs.CreateCoordinateConstraint(itemNumbers=[generic, nodes[0]], coordinates=[4, 2])
    marker = mbs.GetMarker(mbs.GetObject(oRotation)["markerNumbers"][1])
    assert (marker["nodeNumber"], marker["coordinate"]) == (mbs.GetObject(rigid)["nodeNumber"], 5)
    markers = [mbs.GetMarker(m) for m in mbs.GetObject(oGeneric)["markerNumbers"]]
    assert [(m["nodeNumber"], m["coordinate"]) for m in markers] == [(nodes[1], 1), (nodes[0], 2)]
    with pytest.raises(ValueError, match=r"CreateCoordinateConstraint: parameter 'coordinates\[0\]': body 1 "
                                         r"\(GenericODE2\) has 6 ODE2 coordinate\(s\); expected 0 <= coordinate < 6, got 6"):
        mbs.CreateCoordinateConstraint(itemNumbers=[generic, None], coordinates=[6, None])
    # the rotation about z is held against a torque about z, which the constraint takes (I psi'' + lambda = tau)
    mbs.CreateTorque(itemNumber=rigid, loadVector=[0., 0., 3.])
    mbs.Assemble()
    mbs.SolveDynamic(Tight(Settings(endTime=0.1, numberOfSteps=10)))
    assert mbs.GetNodeOutput(mbs.GetObject(rigid)["nodeNumber"], OVT.Coordinates) == pytest.approx(np.zeros(6),
                                                                                                  abs=1e-12)
    assert Scalar(mbs.GetObjectOutput(oRotation, OVT.Force)) == pytest.approx(3., rel=1e-9)


def test_createCoordinateConstraint_badInput(workDir):
    mbs, b0, b1 = TwoMassPoints()
    spring = mbs.CreateSpringDamper(itemNumbers=[b0, b1], stiffness=10.)
    marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.GetObject(b0)["nodeNumber"], coordinate=0))
    counts = lambda: (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers())
    before = counts()
    create = mbs.CreateCoordinateConstraint
    function = "CreateCoordinateConstraint"
    with pytest.raises(ValueError, match=f"{function}: parameter 'itemNumbers': one of the two items must be a body "
                                         "or a node"):
        create(itemNumbers=[None, None], coordinates=[None, None])
    with pytest.raises(ValueError, match=rf"{function}: parameter 'coordinates\[1\]': body 1 \(MassPoint\) has 3 "
                                         r"ODE2 coordinate\(s\); expected 0 <= coordinate < 3, got 3"):
        create(itemNumbers=[b0, b1], coordinates=[0, 3])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'coordinates\[0\]': expected a coordinate index "
                                        r"\(int >= 0\) of body 0 \(MassPoint\), got None"):
        create(itemNumbers=[b0, b1], coordinates=[None, 0])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'coordinates\[1\]'"):
        create(itemNumbers=[b0, b1], coordinates=[0, 1.5])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'itemNumbers\[1\]': expected a body \(ObjectIndex\), "
                                        r"a node \(NodeIndex\) or None for the ground, got MarkerIndex"):
        create(itemNumbers=[b0, marker], coordinates=[0, 0])
    with pytest.raises(IndexError, match=rf"{function}: parameter 'itemNumbers\[1\]': object number 42 does not exist"):
        create(itemNumbers=[b0, exu.ObjectIndex(42)], coordinates=[0, 0])
    with pytest.raises(IndexError, match=rf"{function}: parameter 'itemNumbers\[0\]': node number 42 does not exist"):
        create(itemNumbers=[exu.NodeIndex(42), b1], coordinates=[0, 0])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'itemNumbers\[0\]': object 2 \(ConnectorSpringDamper\) "
                                        "is not a body"):
        create(itemNumbers=[spring, b1], coordinates=[0, 0])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'itemNumbers': expected a list of 2 items"):
        create(itemNumbers=[b0], coordinates=[0, 0])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'coordinates': expected a list of 2"):
        create(itemNumbers=[b0, b1], coordinates=0)
    with pytest.raises(TypeError, match=rf"{function}: the argument bodyOrNodeList is not accepted; use itemNumbers"):
        create(bodyOrNodeList=[b0, b1], coordinates=[0, 0])
    with pytest.raises(TypeError, match=rf"{function}: give itemNumbers only"):
        create(itemNumbers=[b0, b1], bodyNumbers=[b0, b1], coordinates=[0, 0])
    with pytest.raises(TypeError, match=rf"{function}: parameter 'name': expected a string"):
        create(name=3, itemNumbers=[b0, b1], coordinates=[0, 0])
    with pytest.raises(TypeError, match="ObjectConnectorCoordinate: parameter 'offsetUserFunction'"):
        create(itemNumbers=[None, b1], coordinates=[None, 0], offsetUserFunction=5)
    with pytest.raises(TypeError, match="ObjectConnectorCoordinate: parameter 'offset'"):
        create(itemNumbers=[None, b1], coordinates=[None, 0], offset="a")
    assert counts() == before  # nothing was added by a refused call
    # the system is still valid
    create(itemNumbers=[b0, b1], coordinates=[0, 0])
    mbs.Assemble()


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
    mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=nPoint))
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
