"""A Newton iteration that diverges at a too large step (no convergence, a solution beyond
maximumSolutionNorm, a singular matrix at a diverged iterate) with adaptiveStep on: the step is
reduced as Exudyn does, grows again afterwards, and the solve finishes; it fails only below
minimumStepSize, naming time and step size. A matrix singular at the start of a step at every step
size (a real redundant constraint) is reported as before."""
import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import CoordinateConstraint, MarkerNodeCoordinate, MassPoint, NodePoint, NodePointGround

from conftest import BuildMini, NewSystem, Settings

LENGTH, WIDTH, DENSITY = 1., 0.1, 1000.


def Chain(numberOfBodies):
    """benchmarks/chainSpeed.py's chain: bodies 1 m long on revolute joints about z, gravity -y"""
    mbs = NewSystem()
    inertia = ut.InertiaCuboid(density=DENSITY, sideLengths=[LENGTH, WIDTH, WIDTH])
    previous = mbs.CreateGround()
    bodies = []
    for i in range(numberOfBodies):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[(i + 0.5) * LENGTH, 0, 0],
                                   gravity=[0, -9.81, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i * LENGTH, 0, 0], axis=[0, 0, 1])
        previous = body
        bodies.append(body)
    mbs.Assemble()
    return mbs, bodies, inertia.mass


def Energy(mbs, bodies, mass):
    energy = 0.
    for body in bodies:
        energy += mbs.GetObjectOutput(body, exu.OutputVariableType.KineticEnergy)
        energy += mass * 9.81 * mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, [0, 0, 0])[1]
    return energy


def test_chainAtOneSecondStepsReducesTheStepAndFinishes(workDir):
    """50 bodies, h = 1 s (today's message was 'check for redundant constraints'): the step is
    reduced, the solve reaches the end, the joints hold and the energy does not grow (generalized-
    alpha only dissipates)"""
    mbs, bodies, mass = Chain(50)
    settings = Settings(endTime=2., numberOfSteps=2)
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    settings.timeIntegration.newton.useModifiedNewton = True
    energy0 = Energy(mbs, bodies, mass)
    mbs.SolveDynamic(settings)
    statistics = mbs.sys["dynamicSolverStatistics"]
    assert mbs.systemData.GetTime() == pytest.approx(2.)
    assert statistics["rejectedSteps"] > 0
    for previous, body in zip(bodies, bodies[1:]):
        end = mbs.GetObjectOutputBody(previous, exu.OutputVariableType.Position, [0.5 * LENGTH, 0, 0])
        start = mbs.GetObjectOutputBody(body, exu.OutputVariableType.Position, [-0.5 * LENGTH, 0, 0])
        assert np.linalg.norm(np.asarray(end) - start) < 1e-6
    # energy: conserved up to the integrator's error (its dissipation and the steps' changes), small
    # against the chain's potential energy when hanging (n^2 m g L / 2 = 1.2e5 J)
    scale = len(bodies)**2 * mass * 9.81 * LENGTH / 2
    assert abs(Energy(mbs, bodies, mass) - energy0) < 1e-3 * scale


@pytest.mark.parametrize("spectralRadius", [0.9, 0.])
def test_stiffMiniExampleAtHundredSecondStepsFinishes(workDir, spectralRadius):
    """k = 1e15 N*m/rad, d = 1e13 N*m*s/rad at h = 100 s (the matrix at the predictor is singular in
    floating point): the step is reduced until Newton converges, then grows back to 100 s, and the
    solve reaches 1000 s. With rho_inf = 0 (stiff modes annihilated in a step) the rotation is the
    static value 1/k; with Exudyn's rho_inf = 0.9 the overdamped mode (time constant d/k = 0.01 s, a
    ten-thousandth of a step) decays only by about 0.9 per step, so it is small but not yet 1/k
    (Exudyn 1.13.6 finishes this case at 4.7e4 rad: scripts/compareDivergenceWithExudyn.py)."""
    mini = BuildMini(stiffness=1e15, endTime=1000., numberOfSteps=10, solve=False, spectralRadius=spectralRadius)
    mini.mbs.SolveDynamic(mini.settings)
    statistics = mini.mbs.sys["dynamicSolverStatistics"]
    assert mini.mbs.systemData.GetTime() == pytest.approx(1000.)
    assert statistics["rejectedSteps"] > 0
    rotation = mini.mbs.GetNodeOutput(mini.nBody, exu.OutputVariableType.Rotation)[2]
    if spectralRadius == 0.:
        assert rotation == pytest.approx(1e-15, rel=1e-6)
    else:
        assert abs(rotation) < 1e-7  # the k = 2e3 example's static rotation is 5e-4


def test_belowMinimumStepSizeTheErrorNamesTimeAndStepSize(workDir):
    mbs, _, _ = Chain(50)
    settings = Settings(endTime=2., numberOfSteps=2)
    settings.timeIntegration.minimumStepSize = 0.3
    with pytest.raises(exu.SolverError, match=r"did not converge at t=[0-9.e-]+, step size h=0\.3? ?.*minimumStepSize 0\.3"):
        mbs.SolveDynamic(settings)


def test_aMatrixSingularAtTheStartOfAStepStillNamesRedundantConstraints(workDir):
    """two constraints on the same coordinate: singular before any increment, not a divergence"""
    mbs = NewSystem()
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
    node = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=node))
    m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[m0, m1]))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[m0, m1]))
    mbs.Assemble()
    settings = Settings(numberOfSteps=10)
    settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
    with pytest.raises(exu.SolverError, match="redundant constraints") as error:
        mbs.SolveDynamic(settings)
    assert "Newton iterations" not in str(error.value)  # not taken for a failed iteration
