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
    body = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, INERTIA_Z, 0, 0, 0], nodeNumber=node))
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
    with pytest.raises(ValueError, match="RK44.*constraint.*JointRevoluteZ"):
        mbs.SolveDynamic(Settings(), solverType=exu.DynamicSolverType.RK44)
    mbs, _, _ = FreeRotor(nodeClass=RigidEP)
    with pytest.raises(ValueError, match="ExplicitEuler.*algebraic equations.*NodeRigidBodyEP"):
        mbs.SolveDynamic(Settings(), solverType=exu.DynamicSolverType.ExplicitEuler)


def test_unsupportedAndInvalidSolverTypesAreNamed(workDir):
    mbs, _, _ = FreeRotor()
    with pytest.raises(ValueError, match="DOPRI5 is not supported"):
        mbs.SolveDynamic(Settings(), solverType=exu.DynamicSolverType.DOPRI5)
    with pytest.raises(ValueError, match="solverType"):
        mbs.SolveDynamic(Settings(), solverType=99)
