"""Explicit Runge-Kutta solvers through mbs.SolveDynamic(settings, solverType=...): the torsional
oscillator (a free Rxyz rotor on a torsional spring-damper to ground, no joint: explicit solvers do
not solve constraints) against the closed form, convergence orders, and the refusals."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, NodeGenericData, ObjectGround, RevoluteJointZ,
                                    RigidBody, RigidEP, RigidRxyz, Torque, TorsionalSpringDamper)
from conftest import DampedOscillator, NewSystem, Settings

STIFFNESS, DAMPING, TORQUE, INERTIA_Z = 200., 4., 1., 0.5


def FreeRotor(withJoint=False, nodeClass=RigidRxyz, dataNode=False):
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    node = mbs.AddNode(nodeClass())
    mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, INERTIA_Z, 0, 0, 0], nodeNumber=node))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=node))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    if withJoint:
        mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    data = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.])) if dataNode else -1
    spring = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], nodeNumber=data,
                                                 stiffness=STIFFNESS, damping=DAMPING))
    mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, TORQUE]))
    mbs.Assemble()
    return mbs, node, spring


def FinalAngleError(solverType, numberOfSteps, endTime=1.):
    mbs, node, _ = FreeRotor()
    mbs.SolveDynamic(Settings(endTime, numberOfSteps), solverType=solverType)
    angle = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)[5]
    exact, _ = DampedOscillator(endTime, INERTIA_Z, STIFFNESS, DAMPING, TORQUE)
    return abs(angle - float(exact))


@pytest.mark.parametrize("solverType, order", [(exu.DynamicSolverType.ExplicitEuler, 1),
                                               (exu.DynamicSolverType.ExplicitMidpoint, 2),
                                               (exu.DynamicSolverType.RK33, 3),
                                               (exu.DynamicSolverType.RK44, 4)])
def test_explicitSolversConvergeWithTheirOrder(workDir, solverType, order):
    coarse = FinalAngleError(solverType, 400)
    fine = FinalAngleError(solverType, 800)
    assert coarse / fine == pytest.approx(2 ** order, rel=0.15)


def test_rk67ConvergesWithOrderSix(workDir):
    """Butcher's seven-stage method: at 400 steps its error is round-off, so 20 and 40 steps."""
    coarse = FinalAngleError(exu.DynamicSolverType.RK67, 20)
    fine = FinalAngleError(exu.DynamicSolverType.RK67, 40)
    assert coarse / fine == pytest.approx(2 ** 6, rel=0.15)
    assert FinalAngleError(exu.DynamicSolverType.RK67, 200) < 1e-11  # (1.2e-12)


def test_rk44AndGeneralizedAlphaAgreeWithTheClosedForm(workDir):
    assert FinalAngleError(exu.DynamicSolverType.RK44, 1000) < 1e-9
    assert FinalAngleError(exu.DynamicSolverType.GeneralizedAlpha, 1000) < 1e-5


def test_explicitSolverRunsThePostStepUpdateOfDataCoordinates(workDir):
    # a fast spin: the rotation counter must follow beyond +-pi after every explicit step
    mbs, node, spring = FreeRotor(dataNode=True)
    mbs.SetObjectParameter(spring, 'stiffness', 0.)
    mbs.SetObjectParameter(spring, 'damping', 0.)
    mbs.SolveDynamic(Settings(2., 2000), solverType=exu.DynamicSolverType.RK44)
    angle = mbs.GetObjectOutput(spring, exu.OutputVariableType.Rotation)
    assert float(np.ravel(angle)[0]) == pytest.approx(TORQUE / INERTIA_Z * 2. ** 2 / 2., rel=1e-8)


def test_explicitSolversRefuseConstraintsNamingTheItem(workDir):
    mbs, _, _ = FreeRotor(withJoint=True)
    for solverType in (exu.DynamicSolverType.RK44, exu.DynamicSolverType.VelocityVerlet):
        with pytest.raises(ValueError, match=f"{solverType.name}.*cannot solve constraints.*JointRevoluteZ"):
            mbs.SolveDynamic(Settings(), solverType=solverType)
    mbs, _, _ = FreeRotor(nodeClass=RigidEP)
    with pytest.raises(ValueError, match="ExplicitEuler.*cannot solve algebraic equations.*NodeRigidBodyEP"):
        mbs.SolveDynamic(Settings(), solverType=exu.DynamicSolverType.ExplicitEuler)


def test_invalidSolverTypesAreNamed(workDir):
    mbs, _, _ = FreeRotor()
    with pytest.raises(ValueError, match="solverType"):
        mbs.SolveDynamic(Settings(), solverType=99)


def MassOnSpring(mass=2., stiffness=50., x0=0.1, withODE1=False):
    """A mass point on a linear spring to ground along x (x'' = -(k/m) x), optionally with an
    uncoupled ODE1 decay y' = -y."""
    from multidyn.itemInterface import NodeGenericODE1, ObjectGenericODE1
    mbs = NewSystem()
    ground = mbs.CreateGround()
    point = mbs.CreateMassPoint(referencePosition=[0., 0., 0.], initialDisplacement=[x0, 0., 0.], mass=mass)
    mbs.CreateCartesianSpringDamper(itemNumbers=[ground, point], stiffness=[stiffness, 0., 0.])
    ode1 = None
    if withODE1:
        ode1 = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[0.], initialCoordinates=[1.]))
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[ode1], systemMatrix=[[-1.]]))
    mbs.Assemble()
    return mbs, point, ode1


def test_velocity_verlet_is_the_velocity_verlet_recursion():
    # the recursion from its definition, written here independently of the solver:
    # v+ = v + h/2 a(x), x1 = x + h v+, v1 = v+ + h/2 a(x1); ODE1 by explicit Euler with the rate at the end
    mass, stiffness, x0, steps, endTime = 2., 50., 0.1, 200, 1.
    mbs, point, ode1 = MassOnSpring(mass, stiffness, x0, withODE1=True)
    mbs.SolveDynamic(Settings(endTime, steps), solverType=exu.DynamicSolverType.VelocityVerlet)
    h, x, v, y = endTime / steps, x0, 0., 1.
    for _ in range(steps):
        vHalf = v + 0.5 * h * (-stiffness / mass * x)
        x = x + h * vHalf
        v = vHalf + 0.5 * h * (-stiffness / mass * x)
        y = y + h * (-y)
    p = mbs.GetObjectOutputBody(point, exu.OutputVariableType.Position, [0., 0., 0.])
    vx = mbs.GetObjectOutputBody(point, exu.OutputVariableType.Velocity, [0., 0., 0.])[0]
    assert p[0] == pytest.approx(x, rel=1e-12) and vx == pytest.approx(v, rel=1e-12)
    assert mbs.GetNodeOutput(ode1, exu.OutputVariableType.Coordinates) == pytest.approx(y, rel=1e-12)


def test_velocity_verlet_is_second_order_and_keeps_the_energy_bounded():
    mass, stiffness, x0 = 2., 50., 0.1
    omega = np.sqrt(stiffness / mass)
    errors = []
    for steps in (100, 200, 400):
        mbs, point, _ = MassOnSpring(mass, stiffness, x0)
        mbs.SolveDynamic(Settings(2., steps), solverType=exu.DynamicSolverType.VelocityVerlet)
        errors.append(abs(mbs.GetObjectOutputBody(point, exu.OutputVariableType.Position, [0., 0., 0.])[0] -
                          x0 * np.cos(omega * 2.)))
    assert errors[0] / errors[1] == pytest.approx(4., rel=0.05) and errors[1] / errors[2] == pytest.approx(4., rel=0.05)
    # symplectic: over 100 periods the energy error stays of order (omega h)^2, it does not grow
    mbs, point, _ = MassOnSpring(mass, stiffness, x0)
    steps, endTime = 20000, 100 * 2 * np.pi / omega
    sensor = mbs.AddSensor(exu.itemInterface.SensorBody(bodyNumber=point, storeInternal=True, writeToFile=False,
                                                        outputVariableType=exu.OutputVariableType.Velocity))
    position = mbs.AddSensor(exu.itemInterface.SensorBody(bodyNumber=point, storeInternal=True, writeToFile=False,
                                                          outputVariableType=exu.OutputVariableType.Displacement))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, steps), solverType=exu.DynamicSolverType.VelocityVerlet)
    v = mbs.GetSensorStoredData(sensor)[:, 1]
    x = mbs.GetSensorStoredData(position)[:, 1]
    energy = 0.5 * mass * v ** 2 + 0.5 * stiffness * x ** 2
    energy0 = 0.5 * stiffness * x0 ** 2
    h = endTime / steps
    assert np.max(np.abs(energy - energy0)) < (omega * h) ** 2 * energy0
    half = len(energy) // 2
    assert np.max(np.abs(energy[half:] - energy0)) < 1.1 * np.max(np.abs(energy[:half] - energy0))
