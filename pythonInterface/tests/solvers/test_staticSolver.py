"""mbs.SolveStatic (Exudyn's static solver) on item systems, against closed forms: a mass on a
spring with constraint reactions, a cubic spring with a Python law (Cardano's root), a
pendulum bar held by a torsional spring against gravity and a follower force (its equilibrium
angle by an independent scalar Newton iteration), the load factors of the load steps seen by a
sensor, loads with user functions unscaled, the equilibrium kept by a following dynamic solve,
and the errors of a singular system."""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate,
                                    MassPoint, NodePointGround, Point, SensorNode)

from conftest import NewSystem

OVT = exu.OutputVariableType


def StaticSettings(loadSteps=1, tight=True):
    settings = exu.SimulationSettings()
    settings.staticSolver.numberOfLoadSteps = loadSteps
    settings.staticSolver.verboseMode = 0
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = 1e-6  # every load step
    if tight:  # the comparisons then see the equilibrium, not where Newton stopped
        settings.staticSolver.newton.relativeTolerance = 1e-14
        settings.staticSolver.newton.absoluteTolerance = 1e-12
    return settings


class SpringMass:
    """A point mass on an x-spring k (a Python law if springLaw is given) under an x-load F, its
    y coordinate held by a constraint against a y-load Fy and z by another."""

    def __init__(self, k=100., F=50., Fy=-7., springLaw=0, loadUserFunction=0):
        mbs = self.mbs = NewSystem()
        self.node = mbs.AddNode(Point(referenceCoordinates=[1, 0, 0]))
        ground = mbs.AddNode(NodePointGround())
        mbs.AddObject(MassPoint(mass=2., nodeNumber=self.node))
        mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=self.node, coordinate=c)) for c in range(3)]
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, markers[0]], stiffness=k, damping=1.,
                                             springForceUserFunction=springLaw))
        self.constraints = [mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, markers[c]])) for c in (1, 2)]
        mbs.AddLoad(LoadCoordinate(markerNumber=markers[0], load=F, loadUserFunction=loadUserFunction))
        mbs.AddLoad(LoadCoordinate(markerNumber=markers[1], load=Fy))
        self.sensor = mbs.AddSensor(SensorNode(nodeNumber=self.node, storeInternal=True, writeToFile=False,
                                               outputVariableType=OVT.Displacement))
        mbs.Assemble()

    def Displacement(self):
        return np.asarray(self.mbs.GetNodeOutput(self.node, OVT.Displacement))


def test_aSpringUnderALoadSettlesAtFOverKAndTheConstraintsCarryTheLateralLoad():
    model = SpringMass()
    model.mbs.SolveStatic(StaticSettings())
    u = model.Displacement()
    assert u[0] == pytest.approx(50. / 100., rel=1e-14)
    assert u[1] == 0. and u[2] == 0.
    # the y constraint's multiplier is the y load it holds with Exudyn's static sign: the
    # opposite of a dynamic solve's (which gives -7, the force on marker 0's body)
    multipliers = model.mbs.systemData.GetAECoordinates()
    assert multipliers == pytest.approx([7., 0.], abs=1e-12)
    assert model.mbs.GetObjectOutput(model.constraints[0], OVT.Force) == pytest.approx(7., abs=1e-12)
    # velocities and accelerations of a static solution are zero (none were given)
    assert np.all(model.mbs.systemData.GetODE2Coordinates_t() == 0.)
    assert np.all(model.mbs.systemData.GetODE2Coordinates_tt() == 0.)


def test_loadStepsScaleTheLoadsAndASensorRecordsEveryStep():
    model = SpringMass()
    model.mbs.SolveStatic(StaticSettings(loadSteps=4))
    data = model.mbs.GetSensorStoredData(model.sensor)  # t, ux, uy, uz
    np.testing.assert_allclose(data[:, 0], [0., 0.25, 0.5, 0.75, 1.], atol=1e-15)
    np.testing.assert_allclose(data[:, 1], data[:, 0] * 0.5, atol=1e-15)  # linear spring: lf F / k
    assert model.mbs.systemData.GetTime() == pytest.approx(1., abs=1e-15)
    assert model.mbs.sys["staticSolverStatistics"]["steps"] == 4


def test_aPythonSpringLawGivesCardanosRoot():
    k, c, F = 100., 1e4, 50.
    model = SpringMass(k=k, F=F, springLaw=lambda mbs, t, i, u, v, stiffness, damping, offset: stiffness * u + c * u**3)
    model.mbs.SolveStatic(StaticSettings(loadSteps=3))
    p, halfQ = k / c, -F / (2 * c)  # u^3 + p u + 2 halfQ = 0
    root = math.sqrt(halfQ**2 + p**3 / 27)
    exact = np.cbrt(-halfQ + root) + np.cbrt(-halfQ - root)
    assert model.Displacement()[0] == pytest.approx(exact, rel=1e-13)


def test_aLoadWithAUserFunctionIsNotScaledByTheLoadFactor():
    # As in Exudyn: the user function gives the load itself, in every load step.
    model = SpringMass(loadUserFunction=lambda mbs, t, load: 30.)
    model.mbs.SolveStatic(StaticSettings(loadSteps=3))
    data = model.mbs.GetSensorStoredData(model.sensor)
    np.testing.assert_allclose(data[1:, 1], 30. / 100., rtol=1e-14)
    np.testing.assert_allclose(data[1:, 2], 0., atol=0.)


def PendulumEquilibriumAngle(k, weightTorque, followerTorque):
    """theta with k theta + weightTorque cos(theta) = followerTorque, by Newton's method in one
    variable (the bar along x at theta = 0, gravity along -y)."""
    theta = 0.
    for _ in range(100):
        f = k * theta + weightTorque * math.cos(theta) - followerTorque
        theta -= f / (k - weightTorque * math.sin(theta))
    return theta


@pytest.mark.parametrize("linearSolverType", [exu.LinearSolverType.EXUdense, exu.LinearSolverType.EigenSparse])
def test_aBarOnATorsionalSpringHangsAtTheAngleWhereSpringWeightAndFollowerForceBalance(linearSolverType):
    L, width, k, P, g = 1., 0.1, 2000., 300., 9.81
    mbs = NewSystem()
    ground = mbs.CreateGround()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[L, width, width])
    bar = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0.5 * L, 0, 0], gravity=[0, -g, 0])
    joint = mbs.CreateRevoluteJoint(itemNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.CreateTorsionalSpringDamper(itemNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1], stiffness=k)
    # a force P at the tip, perpendicular to the bar whatever its angle: a constant torque P L
    mbs.CreateForce(itemNumber=bar, loadVector=[0, P, 0], localPosition=[0.5 * L, 0, 0], bodyFixed=True)
    mbs.Assemble()
    settings = StaticSettings(loadSteps=2)
    settings.linearSolver.solverType = linearSolverType
    mbs.SolveStatic(settings)
    mass = inertia.Mass()
    theta = PendulumEquilibriumAngle(k, mass * g * 0.5 * L, P * L)
    assert abs(theta) > 0.05  # far enough from the reference to be a nonlinear solve
    tip = mbs.GetObjectOutputBody(bar, OVT.Position, localPosition=[0.5 * L, 0, 0])
    assert tip == pytest.approx([L * math.cos(theta), L * math.sin(theta), 0.], abs=1e-11)
    # The joint carries the weight and the follower force: the body's loads act on the ground
    # through it (ForceLocal with the dynamic sign: the force on marker 0's body, ground), in
    # the joint frame of marker 0; the static multipliers are their opposite, as in Exudyn.
    follower = P * np.array([-math.sin(theta), math.cos(theta), 0.])
    loadsOnTheBar = follower + [0, -mass * g, 0]
    groundMarker = mbs.GetObjectParameter(joint, 'markerNumbers')[0]
    A_0J0 = np.asarray(mbs.GetMarkerParameter(groundMarker, 'localRotationMatrix'))  # ground: A_0G = I
    np.testing.assert_allclose(mbs.GetObjectOutput(joint, OVT.ForceLocal), A_0J0.T @ -loadsOnTheBar, atol=1e-9)
    A = np.asarray(mbs.GetObjectOutputBody(bar, OVT.RotationMatrix)).reshape(3, 3)
    assert np.linalg.norm(A @ A.T - np.eye(3)) < 1e-12


def test_theEquilibriumMadeInitialStaysAtRestInADynamicSolve():
    model = SpringMass(springLaw=lambda mbs, t, i, u, v, stiffness, damping, offset: stiffness * u + 1e3 * u**3 + damping * v)
    model.mbs.SolveStatic(StaticSettings(loadSteps=2), updateInitialValues=True)
    u0 = model.Displacement()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 0.2
    settings.timeIntegration.numberOfSteps = 200
    settings.solution.file.write = False
    settings.timeIntegration.newton.relativeTolerance = 1e-12
    model.mbs.SolveDynamic(settings)
    np.testing.assert_allclose(model.Displacement(), u0, atol=1e-12)
    assert np.abs(model.mbs.GetNodeOutput(model.node, OVT.Velocity)).max() < 1e-9


def test_thePreStepFunctionSeesTheEndOfEveryLoadStep():
    model = SpringMass()
    times = []
    model.mbs.SetPreStepUserFunction(lambda mbs, t: times.append(t) or True)
    model.mbs.Assemble()
    settings = StaticSettings(loadSteps=2)
    settings.staticSolver.loadStepStart = 3.
    model.mbs.SolveStatic(settings)
    assert times == pytest.approx([3.5, 4.], abs=1e-15)
    assert model.mbs.systemData.GetTime() == pytest.approx(4., abs=1e-15)


def test_aCoordinateHeldByNothingIsNamedWithAHintAndTheSystemStaysUsable():
    mbs = NewSystem()
    node = mbs.AddNode(Point(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(mass=1., nodeNumber=node))
    mbs.AddLoad(LoadCoordinate(markerNumber=mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=1)), load=1.))
    mbs.Assemble()
    with pytest.raises(exu.SolverError) as error:
        mbs.SolveStatic(StaticSettings())
    message = str(error.value)
    assert "static solver at load factor 1" in message and "singular" in message
    assert "node 0 (NodePoint)" in message and "stabilizerODE2term" in message
    assert np.all(mbs.systemData.GetODE2Coordinates() == 0.)
    mbs.SolveDynamic(exu.SimulationSettings())  # still solvable: the free mass accelerates under the load
    assert mbs.GetNodeOutput(node, OVT.Displacement)[1] == pytest.approx(0.5, rel=1e-8)


def test_badStaticSettingsAreRefusedNamingTheSetting():
    model = SpringMass()
    settings = StaticSettings()
    settings.staticSolver.adaptiveStepDecrease = 1.5
    with pytest.raises(ValueError, match=r"staticSolver\.adaptiveStepDecrease: expected a value in \(0, 1\), got 1\.5"):
        model.mbs.SolveStatic(settings)
    with pytest.raises(ValueError, match="numberOfLoadSteps"):
        settings.staticSolver.numberOfLoadSteps = 0
