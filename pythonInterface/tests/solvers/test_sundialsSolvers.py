"""SUNDIALS' IDA and CVODE through mbs.SolveDynamic (exu.DynamicSolverType.IDA / CVODE,
docs/solvers/Sundials.md): the error against closed forms and independent references follows
timeIntegration.sundials' tolerances on a linear oscillator, a pendulum in Cartesian coordinates
with a distance constraint and a free symmetric rigid body; the same mechanism by
generalized-alpha, TrapezoidalIndex2, IDA and CVODE agrees; IDA keeps both constraint levels;
statistics in solver.it; outputs, sensors and step user functions at the output points; bad
settings and systems refused before the first step."""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import SensorNode
from conftest import DampedOscillator, NewSystem, Settings
from test_explicitSolvers import FreeRotor, INERTIA_Z, STIFFNESS, DAMPING, TORQUE

SUNDIALS = [exu.DynamicSolverType.IDA, exu.DynamicSolverType.CVODE]
TOLERANCES = [1e-4, 1e-6, 1e-8, 1e-10]
BODY_TOLERANCES = [1e-4, 1e-6, 1e-8]
LENGTH, GRAVITY, MASS = 0.8, 9.81, 1.5


def SundialsSettings(endTime, tolerance, numberOfSteps=10):
    settings = Settings(endTime, numberOfSteps)
    settings.timeIntegration.sundials.relativeTolerance = tolerance
    settings.timeIntegration.sundials.absoluteTolerance = tolerance
    return settings


@pytest.mark.parametrize("solverType", SUNDIALS)
@pytest.mark.parametrize("withJoint", [False, True])
def test_oscillatorErrorFollowsTheTolerance(workDir, solverType, withJoint):
    """The torsional oscillator on a rigid body (Rxyz node; with a revolute joint: 5 constraints)
    against its closed form: error below 10 x tolerance and falling with it."""
    endTime = 1.
    exact, _ = DampedOscillator(endTime, INERTIA_Z, STIFFNESS, DAMPING, TORQUE)
    previous = 1.
    for tolerance in TOLERANCES:
        mbs, node, _ = FreeRotor(withJoint=withJoint)
        mbs.SolveDynamic(SundialsSettings(endTime, tolerance), solverType=solverType)
        error = abs(mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)[5] - float(exact))
        assert error < 10 * tolerance, (tolerance, error)
        assert error < previous
        previous = error


def CartesianPendulum(theta0=0.7):
    """A mass point on a distance constraint of length LENGTH to the ground, gravity -y."""
    mbs = NewSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateMassPoint(referencePosition=[LENGTH * math.sin(theta0), -LENGTH * math.cos(theta0), 0],
                               mass=MASS, gravity=[0, -GRAVITY, 0], returnDict=True)
    mbs.CreateDistanceConstraint(itemNumbers=[ground, body['bodyNumber']], distance=LENGTH)
    mbs.Assemble()
    return mbs, body['nodeNumber']


def PendulumReference(endTime, theta0=0.7):
    """theta'' = -(g/L) sin(theta) by scipy's DOP853 at 1e-13: the minimal-coordinate formulation."""
    from scipy.integrate import solve_ivp
    solution = solve_ivp(lambda t, x: [x[1], -GRAVITY / LENGTH * math.sin(x[0])], (0, endTime), [theta0, 0.],
                         method='DOP853', rtol=1e-13, atol=1e-13)
    return solution.y[0, -1]


def PendulumAngle(mbs, node):
    p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
    return math.atan2(p[0], -p[1]), np.linalg.norm(p[:2])


@pytest.mark.parametrize("solverType", SUNDIALS)
def test_pendulumErrorFollowsTheToleranceAndStaysOnTheConstraint(workDir, solverType):
    endTime = 1.
    reference = PendulumReference(endTime)
    for tolerance in TOLERANCES:
        mbs, node = CartesianPendulum()
        mbs.SolveDynamic(SundialsSettings(endTime, tolerance), solverType=solverType)
        theta, radius = PendulumAngle(mbs, node)
        # measured (1e-4, 1e-6, 1e-8, 1e-10): IDA 1.2, 0.5, 1.0, 3.9 x the tolerance (between the
        # decades up to 12 x); CVODE 8.9, 58, 16, 7.9 x (up to 126 x; its projected error estimate:
        # docs/solvers/Sundials.md). The factor 10 of issue 40 holds for IDA only.
        factor = 10 if solverType == exu.DynamicSolverType.IDA else 100
        assert abs(theta - reference) < factor * tolerance, (tolerance, theta - reference)
        # IDA (GGL): the position constraint holds to its Newton tolerance (measured 0.028 x at 1e-4);
        # CVODE: to its projection's tolerance, 0.01 absoluteTolerance
        drift = 1e-1 * tolerance if solverType == exu.DynamicSolverType.IDA else 1e-2 * tolerance
        assert abs(radius - LENGTH) < drift, (tolerance, radius - LENGTH)


def test_allImplicitSolversAgreeOnThePendulum(workDir):
    """Generalized-alpha, TrapezoidalIndex2 (fixed small steps), IDA and CVODE (tolerance 1e-9)
    agree with the minimal-coordinate reference and so with each other (IDA measured 11.6 x the
    tolerance, CVODE 120 x: global errors of a local error control)."""
    endTime = 1.
    reference = PendulumReference(endTime)
    for solverType, limit in [(exu.DynamicSolverType.GeneralizedAlpha, 2e-6), (exu.DynamicSolverType.TrapezoidalIndex2, 2e-6),
                              (exu.DynamicSolverType.IDA, 2e-8), (exu.DynamicSolverType.CVODE, 2e-7)]:
        mbs, node = CartesianPendulum()
        settings = SundialsSettings(endTime, 1e-9, numberOfSteps=2000)
        settings.timeIntegration.newton.relativeTolerance = 1e-12
        settings.timeIntegration.newton.absoluteTolerance = 1e-14
        mbs.SolveDynamic(settings, solverType=solverType)
        theta, _ = PendulumAngle(mbs, node)
        assert abs(theta - reference) < limit, (solverType, theta - reference)


def test_idaConstraintDriftStaysAtNewtonToleranceOverManySteps(workDir):
    """A long pendulum run (some 10^4 IDA steps): positions and velocities stay on the constraint."""
    mbs, node = CartesianPendulum(theta0=0.7)
    endTime = 200.
    settings = SundialsSettings(endTime, 1e-8, numberOfSteps=2000)
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.IDA)
    steps = mbs.sys['dynamicSolver'].it.stepsCount
    assert steps > 10000
    _, radius = PendulumAngle(mbs, node)
    velocity = mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)
    position = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
    assert abs(radius - LENGTH) < 1e-10
    assert abs(np.dot(position, velocity)) < 1e-7


@pytest.mark.parametrize("solverType", SUNDIALS)
def test_freeSymmetricRigidBodyFollowsTheClosedForm(workDir, solverType):
    """A torque-free axisymmetric body (Euler parameters: one algebraic equation) spinning about
    a tilted axis: in the body frame omega_3 stays constant and (omega_1, omega_2) turns at
    Omega = (I3 - I1)/I1 omega_3. The global error of omega relative to |omega0| falls with the
    tolerance but exceeds it by more than the factor 10 of the oscillator and the pendulum
    (measured at 1e-4, 1e-6, 1e-8: IDA 8.9, 13, 20 x; CVODE 21, 58, 47 x; the same with Rxyz
    coordinates, so not the Euler parameters' projection): the wobble frequency Omega = 11 rad/s
    accumulates the phase error of a local error control.
    """
    I1, I3 = 0.5, 1.2
    omega0 = np.array([1.5, 0., 8.])
    endTime = 1.
    Omega = (I3 - I1) / I1 * omega0[2]
    exact = [omega0[0] * math.cos(Omega * endTime), omega0[0] * math.sin(Omega * endTime), omega0[2]]
    previous = 1.
    for tolerance in BODY_TOLERANCES:
        mbs = NewSystem()
        inertia = exu.utilities.RigidBodyInertia(mass=2., inertiaTensor=np.diag([I1, I1, I3]))
        body = mbs.CreateRigidBody(inertia=inertia, nodeType=exu.NodeType.RotationEulerParameters,
                                   initialAngularVelocity=list(omega0), returnDict=True)
        mbs.Assemble()
        mbs.SolveDynamic(SundialsSettings(endTime, tolerance), solverType=solverType)
        omega = mbs.GetNodeOutput(body['nodeNumber'], exu.OutputVariableType.AngularVelocityLocal)
        error = np.max(np.abs(np.array(omega) - exact)) / np.linalg.norm(omega0)
        assert error < 200 * tolerance, (tolerance, error)
        assert error < previous
        previous = error


def test_statisticsAreInSolverIt(workDir):
    mbs, node = CartesianPendulum()
    mbs.SolveDynamic(SundialsSettings(1., 1e-8), solverType=exu.DynamicSolverType.IDA)
    solver = mbs.sys['dynamicSolver']
    it = solver.it
    assert solver.GetSolverName() == "SUNDIALS IDA time integration"
    assert it.stepsCount > 10 and it.residualEvaluationsCount > it.stepsCount
    assert it.newtonStepsCount > 0 and it.newtonJacobiCount > 0
    assert 1 <= it.lastOrder <= 5
    assert it.errorTestFailuresCount >= 0 and it.convergenceFailuresCount >= 0
    assert mbs.sys['dynamicSolverStatistics']['lastOrder'] == it.lastOrder


def test_outputsSensorsAndStepFunctionsAtTheOutputPoints(workDir):
    mbs, node = CartesianPendulum()
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
    times = []
    mbs.SetPreStepUserFunction(lambda mbs, t: times.append(t) or True)
    mbs.Assemble()
    settings = SundialsSettings(1., 1e-8, numberOfSteps=50)
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.IDA)
    data = mbs.GetSensorStoredData(sensor)
    assert len(data) == 51
    assert np.allclose(data[:, 0], np.linspace(0, 1, 51))
    assert len(times) == 50
    assert mbs.sys['dynamicSolver'].it.stepsCount != 50  # IDA's own steps


@pytest.mark.parametrize("solverType", SUNDIALS)
def test_badSettingsAreRefusedBeforeTheFirstStep(workDir, solverType):
    """Non-positive tolerances are refused by the settings themselves; an order or linear solver
    the integrator cannot use by SolveDynamic before the first step, naming the setting; the
    system's state stays as it was."""
    settings = SundialsSettings(1., 1e-8)
    with pytest.raises(ValueError, match="sundials.absoluteTolerance.*> 0"):
        settings.timeIntegration.sundials.absoluteTolerance = 0.
    with pytest.raises(ValueError, match="sundials.relativeTolerance.*> 0"):
        settings.timeIntegration.sundials.relativeTolerance = -1e-6
    for name, value, message in [("maximumOrder", 7, "maximumOrder must be in 1..5"),
                                 ("linearSolver", "banded", "linearSolver must be")]:
        mbs, node = CartesianPendulum()
        before = mbs.systemData.GetODE2Coordinates()
        settings = SundialsSettings(1., 1e-8)
        setattr(settings.timeIntegration.sundials, name, value)
        with pytest.raises(ValueError, match=f"{solverType.name}: timeIntegration.sundials.{message}"):
            mbs.SolveDynamic(settings, solverType=solverType)
        assert np.array_equal(mbs.systemData.GetODE2Coordinates(), before)


def test_cvodeWithConstraintsAndNoProjectionIsRefused(workDir):
    mbs, node = CartesianPendulum()
    settings = SundialsSettings(1., 1e-8)
    settings.timeIntegration.sundials.linearSolver = 'fixedPoint'
    with pytest.raises(ValueError, match="CVODE.*algebraic equations.*projection"):
        mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.CVODE)


@pytest.mark.parametrize("solverType", SUNDIALS)
def test_failureAtMinimumStepSizeNamesTimeStepAndFlagAndKeepsResults(workDir, solverType):
    """A free mass point moving at constant velocity is hit at t = 0.5 s by a force of 1000 N: the
    error test at tolerance 1e-10 needs steps far below timeIntegration.minimumStepSize = 1e-3
    there (passed to IDASetMinStep / CVodeSetMinStep), so SUNDIALS fails near t = 0.5 s; the
    message names time, step size, the flag in words and the setting; the state is the last
    accepted step, which still follows the force-free closed form x = v0 t."""
    v0, tJump = 2., 0.5
    mbs = NewSystem()
    body = mbs.CreateMassPoint(referencePosition=[0, 0, 0], initialVelocity=[v0, 0, 0], mass=1., returnDict=True)
    mbs.CreateForce(itemNumber=body['bodyNumber'], loadVector=[0, 0, 0],
                    loadVectorUserFunction=lambda mbs, t, load: [1000. if t > tJump else 0., 0, 0])
    sensor = mbs.AddSensor(SensorNode(nodeNumber=body['nodeNumber'], storeInternal=True,
                                      outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    settings = SundialsSettings(1., 1e-10, numberOfSteps=10)
    settings.timeIntegration.minimumStepSize = 1e-3
    name = solverType.name
    with pytest.raises(exu.SolverError, match=rf"{name} failed at t=0\.[45][0-9]*, step size h=0\.001: "
                                              rf"{name if name == 'IDA' else 'CV'}_[A-Z_]+ \(.+smallest step size\) "
                                              r"\(the step size reached timeIntegration.minimumStepSize = 0\.001\)"):
        mbs.SolveDynamic(settings, solverType=solverType)
    t = mbs.systemData.GetTime()
    assert 0.4 <= t <= tJump + 1e-3
    x = mbs.GetNodeOutput(body['nodeNumber'], exu.OutputVariableType.Position)[0]
    assert abs(x - v0 * t) < 1e-8, (t, x)
    data = mbs.GetSensorStoredData(sensor)
    assert np.allclose(data[:5, 0], [0, 0.1, 0.2, 0.3, 0.4]) and np.allclose(data[:5, 1], v0 * data[:5, 0])


@pytest.mark.parametrize("theta0", [2.5, 3.0])
def test_idaOnALargeAmplitudePendulum(workDir, theta0):
    """Swinging nearly over the top (2.5 and 3 rad) for 20 s at tolerance 1e-8: IDA finishes, stays
    on the constraint, and meets the minimal-coordinate reference (measured errors 8.1e-4, 1.2e-3:
    a phase error grown over some 4 periods near the separatrix)."""
    endTime = 20.
    mbs, node = CartesianPendulum(theta0=theta0)
    mbs.SolveDynamic(SundialsSettings(endTime, 1e-8, numberOfSteps=200), solverType=exu.DynamicSolverType.IDA)
    theta, radius = PendulumAngle(mbs, node)
    assert abs(theta - PendulumReference(endTime, theta0)) < 5e-3
    assert abs(radius - LENGTH) < 1e-9


def test_idaProjectsAStartOffTheCircle(workDir):
    """Positions 10 % off the circle and velocities with a radial part are projected before the
    first step; then the run equals one started on the circle at the projected point."""
    mbs, node = CartesianPendulum()
    mbs.SetNodeParameter(node, 'referenceCoordinates', list(1.1 * np.array(mbs.GetNodeParameter(node, 'referenceCoordinates'))))
    mbs.SetNodeParameter(node, 'initialVelocities', [0.5, 0.5, 0])
    mbs.Assemble()
    mbs.SolveDynamic(SundialsSettings(1., 1e-8), solverType=exu.DynamicSolverType.IDA)
    _, radius = PendulumAngle(mbs, node)
    assert abs(radius - LENGTH) < 1e-9
    position = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
    velocity = mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)
    assert abs(np.dot(position, velocity)) < 1e-7
