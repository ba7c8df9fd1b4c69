"""mbs.ComputeLinearizedSystem, mbs.ComputeODE2Eigenvalues and mbs.ComputeSystemDegreeOfFreedom
(Exudyn's linear analysis, docs/solvers/LinearAnalysis.md) against closed forms and independent
formulations: the eigenfrequencies of a two-mass chain (the roots of its characteristic
polynomial), the complex eigenvalues of a damped oscillator, a pendulum under gravity in minimal
coordinates (omega^2 = m g L / J), a bar on a revolute joint with a torsional spring in redundant
coordinates (Euler parameters and Rxyz: projection into the constraints' nullspace) against the
closed form, a double pendulum with torsional springs as rigid bodies on joints against the
same as a kinematic tree, the tangent stiffness of a prestressed spring, degree-of-freedom counts
(four-bar linkages, free body, an inactive constraint), the list shapes of Exudyn's results, and
bad input."""
import math
import warnings

import numpy as np
import pytest

import multidyn as exu
from multidyn import utilities as ut
from multidyn.itemInterface import (CoordinateConstraint, CoordinateSpringDamper, Mass1D, MarkerBodyPosition,
                                    MarkerNodeCoordinate, MassPoint, Node1D, NodeGenericODE2, NodePointGround,
                                    NodeRigidBody2D, ObjectGround, ObjectKinematicTree, ObjectRigidBody2D, Point,
                                    RevoluteJoint2D)

from conftest import NewSystem

m1, m2, k1, k2 = 2., 3., 100., 40.


def TwoMassChain(withConstraints=True, damping=(0., 0.)):
    """masses m1, m2 in x: spring k1 from the ground to m1, k2 from m1 to m2; y and z held by
    coordinate constraints, or free (to be fixed by constrainedCoordinates)"""
    mbs = NewSystem()
    ground = mbs.AddNode(NodePointGround())
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    previous = mGround
    for i, (mass, stiffness, d) in enumerate([(m1, k1, damping[0]), (m2, k2, damping[1])]):
        node = mbs.AddNode(Point(referenceCoordinates=[i + 1., 0, 0]))
        mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=node))
        markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=c)) for c in range(3)]
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[previous, markers[0]], stiffness=stiffness, damping=d))
        if withConstraints:
            for c in (1, 2):
                mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, markers[c]]))
        previous = markers[0]
    mbs.Assemble()
    return mbs


def ChainOmegaSquared():
    """roots of det(K - w^2 M) = m1 m2 w^4 - (m1 k2 + m2 (k1 + k2)) w^2 + k1 k2"""
    b = m1 * k2 + m2 * (k1 + k2)
    root = math.sqrt(b * b - 4 * m1 * m2 * k1 * k2)
    return np.array([(b - root) / (2 * m1 * m2), (b + root) / (2 * m1 * m2)])


# ---------------------------------------------------------------------------------------------
# eigenvalues against closed forms
def test_twoMassChainProjectedIntoTheConstraintsNullspace():
    mbs = TwoMassChain()
    eigenValues, eigenVectors = mbs.ComputeODE2Eigenvalues()
    assert eigenValues == pytest.approx(ChainOmegaSquared(), rel=1e-12)
    assert eigenVectors.shape == (6, 2)
    M, K, D = mbs.ComputeLinearizedSystem()
    for i in range(2):  # K x = w^2 M x in the full coordinates, the constrained ones still
        x = eigenVectors[:, i]
        assert np.abs(K @ x - eigenValues[i] * M @ x).max() < 1e-9 * np.abs(K).max()
        assert np.abs(x[[1, 2, 4, 5]]).max() < 1e-12
    assert eigenVectors.T @ M @ eigenVectors == pytest.approx(np.eye(2), abs=1e-12)  # mass-normalized
    frequencies, _ = mbs.ComputeODE2Eigenvalues(convert2Frequencies=True)
    assert frequencies == pytest.approx(np.sqrt(ChainOmegaSquared()) / (2 * math.pi), rel=1e-12)
    first, firstVectors = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=1)
    assert first == pytest.approx(ChainOmegaSquared()[:1], rel=1e-12) and firstVectors.shape == (6, 1)


def test_constrainedCoordinatesGiveTheChainsFrequenciesToo():
    mbs = TwoMassChain(withConstraints=False)
    eigenValues, eigenVectors = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=[1, 2, 4, 5])
    assert eigenValues == pytest.approx(ChainOmegaSquared(), rel=1e-12)
    assert eigenVectors.shape == (6, 2) and np.abs(eigenVectors[[1, 2, 4, 5], :]).max() == 0.
    # the free coordinates' directions: x1/x0 = (k1 + k2 - m1 w^2) / k2 for each mode
    for i, omega2 in enumerate(ChainOmegaSquared()):
        assert eigenVectors[3, i] / eigenVectors[0, i] == pytest.approx((k1 + k2 - m1 * omega2) / k2, rel=1e-10)
    # without them: the four zero eigenvalues of the unconstrained y and z directions come first
    allValues, _ = mbs.ComputeODE2Eigenvalues()
    assert allValues[:4] == pytest.approx(np.zeros(4), abs=1e-12)
    assert allValues[4:] == pytest.approx(ChainOmegaSquared(), rel=1e-12)
    # ignoreAlgebraicEquations: the constrained chain's full problem
    ignored, _ = TwoMassChain().ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True)
    assert ignored == pytest.approx(allValues, abs=1e-12)


def DampedOscillator(mass=1.6, stiffness=4000., damping=8.):
    mbs = NewSystem()
    ground = mbs.AddNode(NodePointGround())
    node = mbs.AddNode(Node1D(referenceCoordinates=[0.]))
    mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node))
    markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0)) for n in (ground, node)]
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=markers, stiffness=stiffness, damping=damping))
    mbs.Assemble()
    return mbs


def test_dampedOscillatorsComplexEigenvalues():
    m, k, d = 1.6, 4000., 8.
    mbs = DampedOscillator(m, k, d)
    eigenValues, eigenVectors = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False)
    decay, omegaDamped = -d / (2 * m), math.sqrt(k / m - (d / (2 * m))**2)
    # sorted as complex numbers (by real, then imaginary part): the conjugate with -i first
    assert eigenValues == pytest.approx(np.array([decay - 1j * omegaDamped, decay + 1j * omegaDamped]), rel=1e-12)
    M, K, D = mbs.ComputeLinearizedSystem()
    assert (M[0, 0], K[0, 0], D[0, 0]) == pytest.approx((m, k, d), rel=1e-14)
    for i, s in enumerate(eigenValues):  # the states [x; v]: v = s x and (s^2 M + s D + K) x = 0
        x, v = eigenVectors[0, i], eigenVectors[1, i]
        assert abs(v - s * x) < 1e-10 * abs(v)
        assert abs((s * s * m + s * d + k) * x) < 1e-9 * k * abs(x)
    magnitudes, _ = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True)  # useAbsoluteValues=True
    assert magnitudes == pytest.approx([math.sqrt(k / m)] * 2, rel=1e-12)  # |s| = omega_0
    undamped, _ = mbs.ComputeODE2Eigenvalues()
    assert undamped == pytest.approx([k / m], rel=1e-14)


def KinematicTreePendulum(mass=2., length=0.8, inertiaZ=0.05, g=9.81, springs=None, links=1):
    """links on revolute joints about z, each's center of mass at [0, -length] of its joint, the
    next joint at [0, -2 length]; springs: P control (a torsional spring on each joint angle)"""
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=links, referenceCoordinates=[0.] * links,
                                       initialCoordinates=[0.] * links, initialCoordinates_t=[0.] * links))
    parameters = dict(jointTypes=[exu.JointType.RevoluteZ] * links, linkParents=list(range(-1, links - 1)),
                      jointTransformations=exu.Matrix3DList([np.eye(3)] * links),
                      jointOffsets=exu.Vector3DList([[0., 0, 0]] + [[0., -2 * length, 0]] * (links - 1)),
                      linkInertiasCOM=exu.Matrix3DList([np.diag([0.01, 0.02, inertiaZ])] * links),
                      linkCOMs=exu.Vector3DList([[0., -length, 0]] * links), linkMasses=[mass] * links,
                      gravity=[0., -g, 0])
    if springs is not None:
        parameters.update(jointPControlVector=list(springs), jointDControlVector=[0.] * links,
                          jointPositionOffsetVector=[0.] * links, jointVelocityOffsetVector=[0.] * links)
    mbs.AddObject(ObjectKinematicTree(nodeNumber=node, **parameters))
    mbs.Assemble()
    return mbs


def test_pendulumHangingUnderGravityInMinimalCoordinates():
    m, L, J, g = 2., 0.8, 0.05, 9.81
    eigenValues, _ = KinematicTreePendulum(m, L, J, g).ComputeODE2Eigenvalues()
    assert eigenValues == pytest.approx([m * g * L / (J + m * L * L)], rel=1e-12)  # J about the pivot


def BarOnRevoluteJoint(nodeType, stiffness=500., gravity=(0., 0., 0.)):
    """a bar of length 1 hanging from the origin along -y, on a revolute joint about z with a
    torsional spring; returns (mbs, inertia about the pivot)"""
    mbs = NewSystem()
    ground = mbs.CreateGround()
    inertia = ut.InertiaCuboid(density=1000., sideLengths=[0.1, 1., 0.05])
    bar = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, -0.5, 0], nodeType=nodeType, gravity=list(gravity))
    mbs.CreateRevoluteJoint(itemNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.CreateTorsionalSpringDamper(itemNumbers=[ground, bar], position=[0, 0, 0], axis=[0, 0, 1], stiffness=stiffness)
    mbs.Assemble()
    return mbs, inertia.Inertia()[2, 2] + inertia.mass * 0.5**2


@pytest.mark.parametrize("nodeType", [exu.NodeType.RotationEulerParameters, exu.NodeType.RotationRxyz])
def test_barOnARevoluteJointProjectedIntoTheNullspaceOfItsConstraints(nodeType):
    k = 500.
    mbs, inertiaAtPivot = BarOnRevoluteJoint(nodeType, k)
    eigenValues, eigenVectors = mbs.ComputeODE2Eigenvalues()
    assert eigenValues == pytest.approx([k / inertiaAtPivot], rel=1e-10)  # one DOF: omega^2 = k / J_pivot
    # the mode is the rotation about the pivot: the center moves along x only, v_x = 0.5 * omega_z
    M, K, D, C, N = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True, returnConstraintNullspace=True)
    assert N.shape == (1, M.shape[0]) and np.abs(C.T @ N.T).max() < 1e-12  # N spans the nullspace of C_q
    Mp, Kp, Dp = mbs.ComputeLinearizedSystem(projectIntoConstraintNullspace=True)[:3]
    assert Kp[0, 0] / Mp[0, 0] == pytest.approx(k / inertiaAtPivot, rel=1e-10)
    assert np.abs(C.T @ eigenVectors).max() < 1e-12  # the eigenvector keeps the constraints
    x = eigenVectors[:, 0]
    assert abs(x[1]) < 1e-12 and abs(x[0]) > 1e-3
    # gravity is an applied load: as in Exudyn, its stiffness m g L is no part of K (documented)
    withGravity, _ = BarOnRevoluteJoint(nodeType, k, gravity=(0., -9.81, 0.))[0].ComputeODE2Eigenvalues()
    assert withGravity == pytest.approx(eigenValues, rel=1e-12)


def test_doublePendulumOnJointsHasTheKinematicTreesFrequencies():
    """two rigid bodies on revolute joints with torsional springs on the joint angles (redundant
    coordinates, projected) against the kinematic tree of the same links with springs (minimal
    coordinates); no gravity, whose stiffness only the tree's K would hold"""
    m, L, J, springs = 2., 0.8, 0.05, [300., 120.]
    tree, _ = KinematicTreePendulum(m, L, J, g=0., springs=springs, links=2).ComputeODE2Eigenvalues()
    mbs = NewSystem()
    previous = mbs.CreateGround()
    inertia = ut.RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.01, 0.02, J]))
    for i in range(2):
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, -(2 * i + 1) * L, 0])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[0, -2 * i * L, 0], axis=[0, 0, 1])
        mbs.CreateTorsionalSpringDamper(itemNumbers=[previous, body], position=[0, -2 * i * L, 0], axis=[0, 0, 1],
                                        stiffness=springs[i])
        previous = body
    mbs.Assemble()
    joints, _ = mbs.ComputeODE2Eigenvalues()
    assert len(tree) == len(joints) == 2
    assert joints == pytest.approx(tree, rel=1e-10)
    # and both against the 2x2 problem by hand: M = [[J0 + J1 + m (L^2 + 9 L^2) ...]] in joint angles
    a, b = J + m * L * L, 2 * m * L * L  # the second link's center at 2L + L from the first joint
    Mq = np.array([[a + (J + m * 9 * L * L), a + b], [a + b, a]])
    Kq = np.array([[springs[0], 0.], [0., springs[1]]])
    assert joints == pytest.approx(np.sort(np.linalg.eigvals(np.linalg.solve(Mq, Kq)).real), rel=1e-10)


def test_prestressedSpringsTangentStiffnessAtTheInitialValues(workDir):
    """a mass point on a spring from the origin, initially at p (length l, reference length L0):
    K = k e e^T + k (1 - L0 / l) (I - e e^T), e = p / l; the linearization is at the initial values,
    whatever the current state after a solve"""
    k, L0 = 1e3, 0.5
    p = np.array([0.6, 0.8, 0.])
    mbs = NewSystem()
    mass = mbs.CreateMassPoint(referencePosition=[1., 0, 0], initialDisplacement=list(p - [1., 0, 0]), mass=2.)
    ground = mbs.AddObject(ObjectGround())
    mbs.CreateSpringDamper(itemNumbers=[ground, mass], stiffness=k, damping=0., referenceLength=L0)
    mbs.Assemble()
    l = np.linalg.norm(p)
    e = p / l
    expected = k * np.outer(e, e) + k * (1 - L0 / l) * (np.eye(3) - np.outer(e, e))
    M, K, D = mbs.ComputeLinearizedSystem()
    assert K == pytest.approx(expected, abs=1e-9 * k) and M == pytest.approx(2. * np.eye(3))
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 20
    settings.timeIntegration.endTime = 0.05
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    assert np.linalg.norm(mbs.systemData.GetODE2Coordinates() - mbs.systemData.GetODE2Coordinates(
        exu.ConfigurationType.Initial)) > 1e-3  # it moved
    M2, K2, D2 = mbs.ComputeLinearizedSystem()
    assert K2 == pytest.approx(expected, abs=1e-9 * k)


# ---------------------------------------------------------------------------------------------
# degree of freedom
def FourBar(planar):
    mbs = NewSystem()
    ground = mbs.AddObject(ObjectGround())
    points = [np.array(p) for p in ([0, 0, 0], [0, 1., 0], [2.5, 1.5, 0], [3., 0, 0])]
    centers = [0.5 * (a + b) for a, b in zip(points[:-1], points[1:])]
    bodies = []
    for center in centers:
        if planar:
            node = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[center[0], center[1], 0]))
            bodies.append(mbs.AddObject(ObjectRigidBody2D(nodeNumber=node, physicsMass=1., physicsInertia=0.1)))
        else:
            bodies.append(mbs.CreateRigidBody(inertia=ut.InertiaCuboid(100., [0.1, 0.1, 0.1]), referencePosition=center))
    for k, point in enumerate(points):
        pair = [ground if k == 0 else bodies[k - 1], bodies[k] if k < 3 else ground]
        if planar:
            markers = [mbs.AddMarker(MarkerBodyPosition(
                bodyNumber=body, localPosition=list(point if body == ground else point - centers[bodies.index(body)])))
                for body in pair]
            mbs.AddObject(RevoluteJoint2D(markerNumbers=markers))
        else:
            mbs.CreateRevoluteJoint(itemNumbers=pair, position=list(point), axis=[0, 0, 1])
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("useSVD", [False, True])
def test_fourBarLinkagesHaveOneDegreeOfFreedom(useSVD):
    spatial = FourBar(planar=False).ComputeSystemDegreeOfFreedom(useSVD=useSVD)
    # 3 Euler-parameter bodies (21 coordinates, 3 parameter equations), 4 joints of 5 equations:
    # Gruebler gives 21 - 23 = -2; the planar motion makes 3 joint equations redundant
    assert spatial == {'degreeOfFreedom': 1, 'redundantConstraints': 3, 'nODE2': 21, 'nODE1': 0, 'nAE': 23,
                       'nPureAE': 0}
    planar = FourBar(planar=True).ComputeSystemDegreeOfFreedom(useSVD=useSVD)
    assert planar == {'degreeOfFreedom': 1, 'redundantConstraints': 0, 'nODE2': 9, 'nODE1': 0, 'nAE': 8, 'nPureAE': 0}


@pytest.mark.parametrize("nodeType, nODE2, nAE", [(exu.NodeType.RotationEulerParameters, 7, 1),
                                                 (exu.NodeType.RotationRxyz, 6, 0)])
def test_freeRigidBodyHasSixDegreesOfFreedom(nodeType, nODE2, nAE):
    mbs = NewSystem()
    mbs.CreateRigidBody(inertia=ut.InertiaCuboid(100., [0.3, 0.2, 0.1]), referencePosition=[0, 0, 0], nodeType=nodeType)
    mbs.Assemble()
    assert mbs.ComputeSystemDegreeOfFreedom() == {'degreeOfFreedom': 6, 'redundantConstraints': 0, 'nODE2': nODE2,
                                                  'nODE1': 0, 'nAE': nAE, 'nPureAE': 0}


def test_anInactiveConstraintConstrainsNothing(capsys):
    mbs = TwoMassChain(withConstraints=False)
    markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=1)) for n in (1, 2)]
    mbs.AddObject(CoordinateConstraint(markerNumbers=markers))  # y0 = y1
    mbs.AddObject(CoordinateConstraint(markerNumbers=markers, activeConnector=False))  # lambda = 0
    mbs.Assemble()
    result = mbs.ComputeSystemDegreeOfFreedom(verbose=True)
    assert result == {'degreeOfFreedom': 5, 'redundantConstraints': 0, 'nODE2': 6, 'nODE1': 0, 'nAE': 2, 'nPureAE': 1}
    assert 'degree of freedom         = 5' in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# Exudyn's result shapes, the module-level functions, the sparse option
def test_resultListsHaveExudynsShapes():
    mbs = TwoMassChain()
    assert len(mbs.ComputeLinearizedSystem()) == 3
    M, K, D, C = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True)  # no nullspace computed: 4 entries
    assert C.shape == (6, 4)
    expectedC = np.zeros((6, 4))
    expectedC[[1, 2, 4, 5], [0, 1, 2, 3]] = 1.  # g = q_marker1 - q_ground: +1 in y0, z0, y1, z1
    assert C == pytest.approx(expectedC)
    Mp, Kp, Dp, noC, noN = mbs.ComputeLinearizedSystem(projectIntoConstraintNullspace=True)
    assert Mp.shape == (2, 2) and noC == [] and noN == []
    M, K, D, noC, N = mbs.ComputeLinearizedSystem(returnConstraintNullspace=True)
    assert M.shape == (6, 6) and noC == [] and N.shape == (2, 6)
    assert N @ N.T == pytest.approx(np.eye(2), abs=1e-14) and Mp == pytest.approx(N @ M @ N.T)
    assert len(DampedOscillator().ComputeLinearizedSystem(returnConstraintJacobian=True)) == 3  # no constraints


def test_moduleLevelFunctionsAreTheMethods():
    mbs = TwoMassChain()
    assert exu.solver.ComputeODE2Eigenvalues(mbs)[0] == pytest.approx(mbs.ComputeODE2Eigenvalues()[0], rel=1e-15)
    assert exu.solver.ComputeSystemDegreeOfFreedom(mbs) == mbs.ComputeSystemDegreeOfFreedom()
    assert exu.solver.ComputeLinearizedSystem(mbs)[1] == pytest.approx(mbs.ComputeLinearizedSystem()[1])
    from multidyn.solver import ComputeODE2Eigenvalues  # as scripts import it from exudyn.solver
    assert ComputeODE2Eigenvalues(mbs, convert2Frequencies=True)[0] == pytest.approx(
        np.sqrt(ChainOmegaSquared()) / (2 * math.pi), rel=1e-12)


def SpringChain(n, mass=1.5, stiffness=240.):
    """n masses (Mass1D) in a line, spring k from the ground to the first and between neighbours,
    the last free: omega_j^2 = 4 k/m sin^2((2j - 1) pi / (2 (2n + 1))), j = 1..n (the fixed-free
    chain's closed form)"""
    mbs = NewSystem()
    ground = mbs.AddNode(NodePointGround())
    previous = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    for i in range(n):
        node = mbs.AddNode(Node1D(referenceCoordinates=[float(i + 1)]))
        mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node))
        marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        mbs.AddObject(CoordinateSpringDamper(markerNumbers=[previous, marker], stiffness=stiffness))
        previous = marker
    mbs.Assemble()
    j = np.arange(1, n + 1)
    return mbs, 4 * stiffness / mass * np.sin((2 * j - 1) * np.pi / (2 * (2 * n + 1))) ** 2


@pytest.mark.parametrize("useSparseSolver", [False, True])
def test_springChainsEigenfrequenciesAreTheClosedForm(useSparseSolver):
    n, count = 40, 6
    mbs, omegaSquared = SpringChain(n)
    values, vectors = mbs.ComputeODE2Eigenvalues(useSparseSolver=useSparseSolver, numberOfEigenvalues=count)
    assert values == pytest.approx(omegaSquared[:count], rel=1e-9)
    M = mbs.ComputeLinearizedSystem()[0]
    np.testing.assert_allclose(vectors.T @ M @ vectors, np.eye(count), atol=1e-9)  # X^T M X = I
    mode = np.sin((2 * 1 - 1) * np.pi * np.arange(1, n + 1) / (2 * n + 1))  # the first mode's shape
    assert abs(mode @ vectors[:, 0]) / (np.linalg.norm(mode) * np.linalg.norm(vectors[:, 0])) == pytest.approx(1, rel=1e-9)


def test_freeChainsRigidModeIsFoundByTheShiftedSparseSolver():
    """n masses with springs between neighbours only: omega_j^2 = 4 k/m sin^2(j pi / (2 n)), j = 0..n-1;
    the sparse solver's shift keeps K - sigma M regular with the rigid mode omega = 0"""
    n, mass, stiffness, count = 12, 0.5, 80., 4
    mbs = NewSystem()
    previous = None
    for i in range(n):
        node = mbs.AddNode(Node1D(referenceCoordinates=[float(i)]))
        mbs.AddObject(Mass1D(physicsMass=mass, nodeNumber=node))
        marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        if previous is not None:
            mbs.AddObject(CoordinateSpringDamper(markerNumbers=[previous, marker], stiffness=stiffness))
        previous = marker
    mbs.Assemble()
    omegaSquared = 4 * stiffness / mass * np.sin(np.arange(count) * np.pi / (2 * n)) ** 2
    for useSparseSolver in (False, True):
        values = mbs.ComputeODE2Eigenvalues(useSparseSolver=useSparseSolver, numberOfEigenvalues=count)[0]
        assert values == pytest.approx(omegaSquared, rel=1e-9, abs=1e-9 * omegaSquared[-1])


def test_sparseSolverLeavesOutFixedCoordinatesAndFallsBackToDenseForAll():
    mbs = TwoMassChain(withConstraints=False)
    values, vectors = mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=1,
                                                 constrainedCoordinates=[1, 2, 4, 5])
    assert values == pytest.approx(ChainOmegaSquared()[:1], rel=1e-9) and vectors.shape == (6, 1)
    assert vectors[[1, 2, 4, 5], 0] == pytest.approx(0, abs=0)
    mbs, omegaSquared = SpringChain(3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: the dense solver gives all of them
        assert mbs.ComputeODE2Eigenvalues(useSparseSolver=True)[0] == pytest.approx(omegaSquared, rel=1e-12)
    with pytest.raises(ValueError, match="useSparseSolver must be False"):
        TwoMassChain().ComputeODE2Eigenvalues(useSparseSolver=True)
    with pytest.raises(ValueError, match="computeComplexEigenvalues must be False with sparse"):
        mbs.ComputeODE2Eigenvalues(useSparseSolver=True, computeComplexEigenvalues=True)


# ---------------------------------------------------------------------------------------------
# bad input
def test_unassembledSystemIsAssembledWithAWarningOrRefused():
    mbs = NewSystem()
    node = mbs.AddNode(Node1D(referenceCoordinates=[0.]))
    mbs.AddObject(Mass1D(physicsMass=2., nodeNumber=node))
    ground = mbs.AddNode(NodePointGround())
    markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n, coordinate=0)) for n in (ground, node)]
    mbs.AddObject(CoordinateSpringDamper(markerNumbers=markers, stiffness=8.))
    with pytest.raises(exu.NotAssembledError):
        mbs.ComputeODE2Eigenvalues(autoAssemble=False)
    for function in (mbs.ComputeLinearizedSystem, mbs.ComputeSystemDegreeOfFreedom):
        with pytest.raises(exu.NotAssembledError):
            function(autoAssemble=False)
    with pytest.warns(UserWarning, match="ComputeODE2Eigenvalues: the system was not assembled"):
        values, _ = mbs.ComputeODE2Eigenvalues()
    assert values == pytest.approx([4.])
    mbs.AddNode(Node1D(referenceCoordinates=[1.]))  # changed since Assemble
    with pytest.warns(UserWarning, match="ComputeSystemDegreeOfFreedom: the system was not assembled"):
        mbs.ComputeSystemDegreeOfFreedom()


@pytest.mark.parametrize("arguments, error, message", [
    (dict(simulationSettings=5), TypeError, "simulationSettings must be an exu.SimulationSettings"),
    (dict(numberOfEigenvalues=-1), ValueError, "numberOfEigenvalues must be >= 0"),
    (dict(numberOfEigenvalues=1.5), TypeError, "numberOfEigenvalues must be an integer"),
    (dict(constrainedCoordinates=[7]), IndexError, "7 is no ODE2 coordinate"),
    (dict(constrainedCoordinates=['x']), TypeError, "constrainedCoordinates must hold ODE2 coordinate indices"),
    (dict(constrainedCoordinates=3), TypeError, "constrainedCoordinates must be a list"),
    (dict(computeComplexEigenvalues=True, convert2Frequencies=True), ValueError, "convert2Frequencies=False"),
    (dict(useAbsoluteValues='yes'), TypeError, "parameter 'useAbsoluteValues': expected True or False"),
    (dict(singularValuesTolerance=-1.), ValueError, "singularValuesTolerance must be finite and >= 0"),
    (dict(singularValuesTolerance='small'), TypeError, "singularValuesTolerance must be a real number"),
])
def test_badArgumentsOfComputeODE2EigenvaluesNameTheParameter(arguments, error, message):
    mbs = TwoMassChain(withConstraints=False)
    with pytest.raises(error, match=message):
        mbs.ComputeODE2Eigenvalues(**arguments)


def test_otherBadInput():
    constrained = TwoMassChain()
    with pytest.raises(ValueError, match="either ignoreAlgebraicEquations=True or constrainedCoordinates"):
        constrained.ComputeODE2Eigenvalues(constrainedCoordinates=[0])
    with pytest.raises(TypeError, match="parameter 'projectIntoConstraintNullspace': expected True or False"):
        constrained.ComputeLinearizedSystem(projectIntoConstraintNullspace=None)
    with pytest.raises(TypeError, match="threshold must be a real number"):
        constrained.ComputeSystemDegreeOfFreedom(threshold=[1e-12])
    with pytest.raises(TypeError, match="parameter 'verbose': expected True or False"):
        constrained.ComputeSystemDegreeOfFreedom(verbose='loud')
    with pytest.raises(TypeError, match="expected a MainSystem"):
        exu.solver.ComputeODE2Eigenvalues("mbs")
    # a coordinate without mass: the generalized symmetric problem needs M > 0
    with pytest.raises(ValueError, match="mass matrix is not positive definite"):
        _MasslessCoordinate().ComputeODE2Eigenvalues()


def _MasslessCoordinate():
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[0., 0.], initialCoordinates_t=[0., 0.]))
    mbs.AddObject(exu.itemInterface.ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.diag([1., 0.]),
                                                      stiffnessMatrix=np.eye(2)))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("analysis", ["ComputeODE2Eigenvalues", "ComputeSystemDegreeOfFreedom", "ComputeLinearizedSystem"])
def test_analysisLeavesTheCurrentStateAtTheInitialValues(analysis):
    """as Exudyn's (its static solver's InitializeSolver): afterwards the current coordinates, velocities and
    accelerations are the initial ones and the time is staticSolver.loadStepStart (checked with exudyn 1.13.6);
    the initial values and the assembly are not changed"""
    mbs = TwoMassChain()
    initial = mbs.systemData.GetODE2Coordinates(exu.ConfigurationType.Initial)
    n = len(initial)
    mbs.systemData.SetODE2Coordinates(initial + 0.1)
    mbs.systemData.SetODE2Coordinates_t(np.ones(n))
    mbs.systemData.SetODE2Coordinates_tt(np.ones(n))
    mbs.systemData.SetTime(2.5)
    settings = exu.SimulationSettings()
    settings.staticSolver.loadStepStart = 1.25
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an assembled system: no warning
        getattr(mbs, analysis)(simulationSettings=settings)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(), initial)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(exu.ConfigurationType.Initial), initial)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates_t(),
                                  mbs.systemData.GetODE2Coordinates_t(exu.ConfigurationType.Initial))
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates_tt(), np.zeros(n))
    assert mbs.systemData.GetTime() == 1.25
    assert mbs.IsAssembled()
