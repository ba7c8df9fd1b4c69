"""NodePoint2DSlope1 and ObjectANCFCable2D against closed forms and independent formulations.

* The mass matrix against rhoA int S^T S dx, integrated here with a 10-point Gauss rule of the
  Hermite functions written anew.
* Euler-Bernoulli cantilevers (linear range): a tip force P gives P L^3/(3 EI), a load per
  length q (gravity through MarkerBodyMass) q L^4/(8 EI), an axial pull P the stretch P L/EA;
  Hermite elements are nodally exact for these.
* Large deformation: a tip moment EI pi/L bends the cantilever into a half circle (tip at
  [0, 2L/pi]); a pre-curvature K_0 on a free-ended cantilever gives the uniform curvature K_0.
* Free-free bending frequencies: omega_i = beta_i^2 sqrt(EI/(rhoA L^4)), cosh(beta) cos(beta) = 1.
* Outputs of a rigidly rotated, unstrained element; GenerateStraightLineANCFCable2D; bad input.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.beams import GenerateBeamElementsAlongLine, GenerateStraightLineANCFCable2D
from multidyn.itemInterface import (Cable2D, CoordinateConstraint, Force, MarkerBodyRigid, MarkerNodeCoordinate,
                                    MarkerNodePosition, MarkerNodeRigid, NodePoint2D, NodePointGround, Point2D,
                                    Point2DS1, Torque)
from multidyn.solver import ComputeLinearizedSystem

from conftest import NewSystem, Settings

OVT = exu.OutputVariableType
LENGTH, EI, EA, RHOA = 2., 80., 1e5, 3.  # EA L^2/EI = 5000: nearly inextensible


def CableTemplate(**parameters):
    values = dict(physicsMassPerLength=RHOA, physicsBendingStiffness=EI, physicsAxialStiffness=EA)
    values.update(parameters)
    return Cable2D(**values)


def Cantilever(elements=8, gravity=(0, 0, 0), template=None):
    mbs = NewSystem()
    nodes, cables, *_ = GenerateStraightLineANCFCable2D(
        mbs, [0, 0, 0], [LENGTH, 0, 0], elements, template or CableTemplate(), massProportionalLoad=list(gravity),
        fixedConstraintsNode0=[1, 1, 0, 1])  # clamped: r'_y = 0 fixes the direction, r'_x is free to stretch
    return mbs, nodes, cables


def StaticSettings(loadSteps=1):
    settings = exu.SimulationSettings()
    settings.staticSolver.numberOfLoadSteps = loadSteps
    return settings


def HermiteShapes(x, L):
    """[S_1..S_4](x), written anew (not the engine's): S_1, S_3 interpolate position, S_2, S_4 slope."""
    xi = x / L
    return np.array([2 * xi ** 3 - 3 * xi ** 2 + 1, L * (xi ** 3 - 2 * xi ** 2 + xi), -2 * xi ** 3 + 3 * xi ** 2,
                     L * (xi ** 3 - xi ** 2)])


def test_mass_matrix_is_rhoA_times_the_integral_of_StS():
    mbs = NewSystem()
    L = 0.7
    n0 = mbs.AddNode(Point2DS1(referenceCoordinates=[0.1, 0.2, 1., 0.]))
    n1 = mbs.AddNode(Point2DS1(referenceCoordinates=[0.8, 0.2, 1., 0.]))
    mbs.AddObject(CableTemplate(physicsLength=L, nodeNumbers=[n0, n1]))
    mbs.Assemble()
    M = ComputeLinearizedSystem(mbs, exu.SimulationSettings())[0]
    points, weights = np.polynomial.legendre.leggauss(10)
    expected = np.zeros((8, 8))
    for xi, w in zip(points, weights):
        S = np.kron(HermiteShapes(L / 2 * (xi + 1), L), np.eye(2))  # 2 x 8
        expected += RHOA * L / 2 * w * S.T @ S
    np.testing.assert_allclose(M, expected, rtol=1e-13, atol=1e-15)
    translation = np.array([1, 0, 0, 0, 1, 0, 0, 0])
    assert translation @ M @ translation == pytest.approx(RHOA * L, rel=1e-14)


def test_tip_force_gives_the_euler_bernoulli_deflection():
    mbs, nodes, cables = Cantilever()
    P = 0.05  # linear range: the deflection is 8e-4 of L
    tip = mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(Force(markerNumber=tip, loadVector=[0, -P, 0]))
    mbs.Assemble()
    mbs.SolveStatic(StaticSettings())
    deflection = mbs.GetNodeOutput(nodes[-1], OVT.Displacement)[1]
    assert deflection == pytest.approx(-P * LENGTH ** 3 / (3 * EI), rel=1e-5)
    # the moment at the root is P L; at the middle of the last element's axis P L/16 (8 elements)
    moment = mbs.GetObjectOutputBody(cables[0], OVT.TorqueLocal, localPosition=[0, 0, 0])
    assert abs(moment) == pytest.approx(P * LENGTH, rel=2e-2)  # a cubic element's moment is linear


def test_gravity_through_MarkerBodyMass_gives_the_distributed_load_deflection():
    g = 0.02  # the deflection is 5e-4 of L
    mbs, nodes, _ = Cantilever(gravity=(0, -g, 0))
    mbs.Assemble()
    mbs.SolveStatic(StaticSettings())
    q = RHOA * g
    assert mbs.GetNodeOutput(nodes[-1], OVT.Displacement)[1] == pytest.approx(-q * LENGTH ** 4 / (8 * EI), rel=1e-5)
    # the slope at the tip: -q L^3/(6 EI)
    slope = mbs.GetNodeOutput(nodes[-1], OVT.Coordinates)[3]
    assert slope == pytest.approx(-q * LENGTH ** 3 / (6 * EI), rel=1e-5)


def test_axial_pull_stretches_by_PL_over_EA_and_the_axial_force_is_P():
    mbs, nodes, cables = Cantilever(elements=4)
    P = 20.
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1])), loadVector=[P, 0, 0]))
    mbs.Assemble()
    mbs.SolveStatic(StaticSettings())
    assert mbs.GetNodeOutput(nodes[-1], OVT.Displacement)[0] == pytest.approx(P * LENGTH / EA, rel=1e-9)
    for cable in cables:
        assert mbs.GetObjectOutputBody(cable, OVT.ForceLocal, localPosition=[0.2, 0, 0]) == pytest.approx(P, rel=1e-9)
        assert mbs.GetObjectOutputBody(cable, OVT.StrainLocal, localPosition=[0.2, 0, 0]) == pytest.approx(P / EA, rel=1e-9)


def test_tip_moment_rolls_the_cantilever_into_a_half_circle():
    elements = 16
    mbs, nodes, cables = Cantilever(elements=elements)
    tip = mbs.AddMarker(MarkerBodyRigid(bodyNumber=cables[-1], localPosition=[LENGTH / elements, 0, 0]))
    mbs.AddLoad(Torque(markerNumber=tip, loadVector=[0, 0, EI * math.pi / LENGTH]))
    mbs.Assemble()
    mbs.SolveStatic(StaticSettings(loadSteps=10))
    position = mbs.GetNodeOutput(nodes[-1], OVT.Position)
    np.testing.assert_allclose(position, [0, 2 * LENGTH / math.pi, 0], atol=1e-4 * LENGTH)
    # uniform curvature pi/L, which cubic elements approximate with an error of order h^2 (1.6e-3 at
    # the middle of the elements here); the tip's tangent points back along -x
    for cable in cables:
        assert mbs.GetObjectOutputBody(cable, OVT.CurvatureLocal, localPosition=[LENGTH / elements / 2, 0, 0]) == \
            pytest.approx(math.pi / LENGTH, rel=2e-3)
    assert abs(mbs.GetObjectOutputBody(cables[-1], OVT.Rotation, localPosition=[LENGTH / elements, 0, 0])) == \
        pytest.approx(math.pi, abs=1e-4)


def test_tip_moment_on_the_node_frame_rolls_the_cantilever_into_a_half_circle():
    """MarkerNodeRigid on the tip node (Exudyn's ANCF examples load it so): the node's frame turns with the
    slope, a torque tau_z acts on the slope coordinates as tau_z (-s_y, s_x)/|s|^2"""
    elements = 16
    mbs, nodes, cables = Cantilever(elements=elements)
    tip = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nodes[-1]))
    mbs.AddLoad(Torque(markerNumber=tip, loadVector=[0, 0, EI * math.pi / LENGTH]))
    mbs.Assemble()
    mbs.SolveStatic(StaticSettings(loadSteps=10))
    np.testing.assert_allclose(mbs.GetNodeOutput(nodes[-1], OVT.Position), [0, 2 * LENGTH / math.pi, 0],
                               atol=1e-4 * LENGTH)
    assert abs(mbs.GetNodeOutput(nodes[-1], OVT.Rotation)[2]) == pytest.approx(math.pi, abs=1e-4)
    np.testing.assert_allclose(mbs.GetMarkerOutput(tip, OVT.RotationMatrix),
                               mbs.GetNodeOutput(nodes[-1], OVT.RotationMatrix), atol=1e-15)


def test_node_frame_follows_the_slope():
    """A_0N = Rz(atan2(s_y, s_x)) of the total slope, omega_z = (s_x s_y_t - s_y s_x_t)/|s|^2"""
    mbs = NewSystem()
    slope, slope_t = np.array([1.2, 0.9]), np.array([0.3, -0.4])
    node = mbs.AddNode(Point2DS1(referenceCoordinates=[0.5, 0.1, 1., 0.], initialCoordinates=[0, 0, *(slope - [1, 0])],
                                 initialVelocities=[0.2, 0.1, *slope_t]))
    marker = mbs.AddMarker(MarkerNodeRigid(nodeNumber=node))
    mbs.Assemble()
    theta = math.atan2(slope[1], slope[0])
    rotation = [[math.cos(theta), -math.sin(theta), 0], [math.sin(theta), math.cos(theta), 0], [0, 0, 1]]
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.RotationMatrix), np.ravel(rotation), atol=1e-15)
    omega = (slope[0] * slope_t[1] - slope[1] * slope_t[0]) / (slope @ slope)
    np.testing.assert_allclose(mbs.GetMarkerOutput(marker, OVT.AngularVelocity), [0, 0, omega], atol=1e-15)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Rotation), [0, 0, theta], atol=1e-15)
    np.testing.assert_allclose(mbs.GetMarkerOutput(marker, OVT.Position), [0.5, 0.1, 0], atol=1e-15)


def test_pre_curvature_is_the_stress_free_shape():
    K0 = 0.3
    mbs, nodes, cables = Cantilever(elements=8, template=CableTemplate(physicsReferenceCurvature=K0))
    mbs.Assemble()
    settings = StaticSettings(loadSteps=4)
    # no loads to scale: once in the arc the residual is round-off, 2e-10 of the moments EI K0 = 24
    settings.staticSolver.newton.absoluteTolerance = 1e-8
    mbs.SolveStatic(settings)
    for cable in cables:
        assert mbs.GetObjectOutputBody(cable, OVT.CurvatureLocal, localPosition=[0.1, 0, 0]) == pytest.approx(K0, rel=1e-3)
        assert mbs.GetObjectOutputBody(cable, OVT.TorqueLocal, localPosition=[0.1, 0, 0]) == pytest.approx(0, abs=1e-3 * EI * K0)
    # the arc of radius 1/K0 from the origin along +x: tip at [sin(K0 L), 1 - cos(K0 L)]/K0
    np.testing.assert_allclose(mbs.GetNodeOutput(nodes[-1], OVT.Position)[:2],
                               [math.sin(K0 * LENGTH) / K0, (1 - math.cos(K0 * LENGTH)) / K0], atol=1e-5)


def test_strain_relative_to_a_curved_reference_keeps_it_stress_free():
    mbs = NewSystem()
    radius, elements = 1.5, 6
    angles = np.linspace(0, math.pi / 2, elements + 1)
    nodes = [mbs.AddNode(Point2DS1(referenceCoordinates=[radius * math.sin(a), radius * (1 - math.cos(a)),
                                                         math.cos(a), math.sin(a)])) for a in angles]
    arc = radius * math.pi / 2 / elements
    for i in range(elements):
        mbs.AddObject(CableTemplate(physicsLength=arc, nodeNumbers=[nodes[i], nodes[i + 1]],
                                    strainIsRelativeToReference=1.))
    ground = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=mbs.AddNode(NodePointGround()), coordinate=0))
    for coordinate in range(4):  # node 0 clamped: the rest is free and unloaded
        marker = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=coordinate))
        mbs.AddObject(CoordinateConstraint(markerNumbers=[ground, marker]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.2, numberOfSteps=20))  # nothing moves: the reference is stress-free
    for node in nodes:
        np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Coordinates), 0, atol=1e-12)
    # with the straight reference instead (f_ref = 0), the same arc springs open
    mbs.SetObjectParameter(0, 'strainIsRelativeToReference', 0.)
    mbs.SolveDynamic(Settings(endTime=0.2, numberOfSteps=20))
    assert np.linalg.norm(mbs.GetNodeOutput(nodes[-1], OVT.Displacement)) > 1e-3


def test_free_free_bending_frequencies_are_euler_bernoulli():
    mbs = NewSystem()
    elements = 24
    GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [LENGTH, 0, 0], elements, CableTemplate(physicsAxialStiffness=1e4 * EI),
                                    fixedConstraintsNode0=None, fixedConstraintsNode1=None)
    mbs.Assemble()
    values, _ = mbs.ComputeODE2Eigenvalues(exu.SimulationSettings(), numberOfEigenvalues=6)
    omega = np.sqrt(values[3:6])  # after the three rigid-body modes
    beta = np.array([4.730040744862704, 7.853204624095838, 10.99560783800167])
    # discretization errors 1e-6, 8e-6, 3e-5 with 24 elements (they fall as h^4)
    np.testing.assert_allclose(omega, beta ** 2 * math.sqrt(EI / (RHOA * LENGTH ** 4)), rtol=5e-5)
    np.testing.assert_allclose(values[:3], 0, atol=1e-6 * values[3])


def test_outputs_of_a_rotated_unstrained_element():
    mbs = NewSystem()
    a, L, p0 = 0.6, 0.9, np.array([0.2, -0.1])
    t, n = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    omega = 0.7  # rigid rotation about node 0: v = omega e_z x (p - p0), r'_t = omega e_z x r'
    n0 = mbs.AddNode(Point2DS1(referenceCoordinates=[p0[0], p0[1], 1, 0], initialCoordinates=[0, 0, t[0] - 1, t[1]],
                               initialVelocities=[0, 0, omega * n[0], omega * n[1]]))
    p1 = p0 + L * t
    n1 = mbs.AddNode(Point2DS1(referenceCoordinates=[p0[0] + L, p0[1], 1, 0],
                               initialCoordinates=[p1[0] - p0[0] - L, p1[1] - p0[1], t[0] - 1, t[1]],
                               initialVelocities=[*(omega * L * n), omega * n[0], omega * n[1]]))
    cable = mbs.AddObject(CableTemplate(physicsLength=L, nodeNumbers=[n0, n1]))
    mbs.Assemble()
    x, y = 0.35, 0.04
    local = [x, y, 0]
    expected = p0 + x * t + y * n
    np.testing.assert_allclose(mbs.GetObjectOutputBody(cable, OVT.Position, localPosition=local), [*expected, 0], atol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(cable, OVT.Velocity, localPosition=local),
                               [*(omega * np.array([-(expected - p0)[1], (expected - p0)[0]])), 0], atol=1e-14)
    assert mbs.GetObjectOutputBody(cable, OVT.Rotation, localPosition=local) == pytest.approx(a, abs=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(cable, OVT.Director1, localPosition=local), [*t, 0], atol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(cable, OVT.AngularVelocity, localPosition=local), [0, 0, omega],
                               atol=1e-14)
    for output, scale in ((OVT.StrainLocal, 1.), (OVT.CurvatureLocal, 1.), (OVT.ForceLocal, EA), (OVT.TorqueLocal, EI)):
        assert mbs.GetObjectOutputBody(cable, output, localPosition=local) == pytest.approx(0, abs=1e-14 * scale)
    # kinetic energy of a rod rotating about its end: 1/2 (rhoA L^3 / 3) omega^2
    assert mbs.GetObjectOutputBody(cable, OVT.KineticEnergy, localPosition=[0, 0, 0]) == pytest.approx(
        0.5 * RHOA * L ** 3 / 3 * omega ** 2, rel=1e-12)


def test_straight_line_generator_builds_exudyns_items_in_exudyns_order():
    mbs = NewSystem()
    template = CableTemplate()
    nodes, cables, loads, positions, constraints = GenerateStraightLineANCFCable2D(
        mbs, [1, 2, 0], [1, 5, 0], 3, template, massProportionalLoad=[0, -9.81, 0], fixedConstraintsNode0=[1, 1, 0, 1])
    assert nodes == [0, 1, 2, 3] and cables == [0, 1, 2] and loads == [0, 1, 2] and constraints == [3, 4, 5]
    np.testing.assert_allclose(positions, [[1, 2, 0], [1, 3, 0], [1, 4, 0], [1, 5, 0]])
    assert mbs.GetObject(cables[1])['nodeNumbers'] == [1, 2] and mbs.GetObject(cables[1])['physicsLength'] == 1.
    np.testing.assert_allclose(mbs.GetNode(nodes[2])['referenceCoordinates'], [1, 4, 0, 1])
    # ground nodes at both ends (the end's without constraints, as Exudyn's defaults give)
    assert mbs.systemData.NumberOfNodes() == 6
    result = GenerateBeamElementsAlongLine(NewSystem(), [0, 0, 0], [1, 0, 0], 2, CableTemplate())
    assert set(result) == {'nodes', 'elements', 'nodePositions', 'constraintObjects', 'loads'}


@pytest.mark.parametrize('arguments, message', [
    (dict(numberOfElements=0), 'numberOfElements'),
    (dict(positionOfNode1=[0, 0, 0]), 'same point'),
    (dict(positionOfNode1=[1, 0, 1]), 'z = 0'),
    (dict(cableTemplate=Point2D()), 'ObjectANCFCable2D'),
    (dict(fixedConstraintsNode0=[1, 1]), 'fixedConstraintsNode0'),
])
def test_straight_line_generator_names_bad_arguments(arguments, message):
    values = dict(positionOfNode0=[0, 0, 0], positionOfNode1=[1, 0, 0], numberOfElements=2, cableTemplate=CableTemplate())
    values.update(arguments)
    with pytest.raises(ValueError, match=message):
        GenerateStraightLineANCFCable2D(NewSystem(), **values)


def test_bad_cable_parameters_are_named_and_leave_the_system_valid():
    mbs = NewSystem()
    n0 = mbs.AddNode(Point2DS1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(Point2DS1(referenceCoordinates=[1, 0, 1, 0]))
    point = mbs.AddNode(NodePoint2D())
    cases = [(dict(nodeNumbers=[n0, point]), "nodeNumbers.*NodePoint2D"),
             (dict(nodeNumbers=[n0, n0]), "nodeNumbers.*twice"),
             (dict(nodeNumbers=[n0, n1], useReducedOrderIntegration=3), "useReducedOrderIntegration"),
             (dict(nodeNumbers=[n0, n1], physicsLength=0.), "physicsLength")]
    for parameters, message in cases:
        values = dict(physicsLength=1.)
        values.update(parameters)
        check = NewSystem()
        for node in (Point2DS1(referenceCoordinates=[0, 0, 1, 0]), Point2DS1(referenceCoordinates=[1, 0, 1, 0]),
                     NodePoint2D()):
            check.AddNode(node)
        with pytest.raises((ValueError, TypeError), match=message):
            check.AddObject(CableTemplate(**values))
            check.Assemble()
    with pytest.raises(ValueError, match="physicsMassPerLength"):
        mbs.AddObject(CableTemplate(physicsLength=1., physicsMassPerLength=-1., nodeNumbers=[n0, n1]))
    mbs.AddObject(CableTemplate(physicsLength=1., nodeNumbers=[n0, n1]))
    mbs.Assemble()  # the system stays valid


def LinearAxialForce(mbs, t, itemNumber, axialPositionNormalized, axialStrain, axialStrain_t, axialStrainRef,
                     physicsAxialStiffness, physicsAxialDamping, curvature, curvature_t, curvatureRef):
    return physicsAxialStiffness * (axialStrain - axialStrainRef) + physicsAxialDamping * axialStrain_t


def LinearBendingMoment(mbs, t, itemNumber, axialPositionNormalized, curvature, curvature_t, curvatureRef,
                        physicsBendingStiffness, physicsBendingDamping, axialStrain, axialStrain_t, axialStrainRef):
    return physicsBendingStiffness * (curvature - curvatureRef) + physicsBendingDamping * curvature_t


def FallingPendulum(**userFunctions):
    """A damped, pre-stretched, pre-curved flexible pendulum pinned at one end, 0.05 s under gravity."""
    mbs = NewSystem()
    template = CableTemplate(physicsAxialStiffness=2e4, physicsAxialDamping=20., physicsBendingDamping=0.5,
                             physicsReferenceAxialStrain=1e-3, physicsReferenceCurvature=0.05, **userFunctions)
    nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [LENGTH, 0, 0], 4, template,
                                            massProportionalLoad=[0, -9.81, 0], fixedConstraintsNode0=[1, 1, 0, 0])[0]
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime=0.05, numberOfSteps=50, tightNewton=True))
    return mbs, nodes


def test_user_functions_of_the_linear_laws_reproduce_the_built_in_ones():
    mbs, nodes = FallingPendulum()
    withFunctions, _ = FallingPendulum(axialForceUserFunction=LinearAxialForce,
                                       bendingMomentUserFunction=LinearBendingMoment)
    tip = mbs.GetNodeOutput(nodes[-1], OVT.Position)
    assert np.linalg.norm(mbs.GetNodeOutput(nodes[-1], OVT.Displacement)) > 1e-3  # it moved (curls up, falls)
    np.testing.assert_allclose(withFunctions.GetNodeOutput(nodes[-1], OVT.Position), tip, atol=1e-9)
    for output in (OVT.ForceLocal, OVT.TorqueLocal):
        assert withFunctions.GetObjectOutputBody(1, output, localPosition=[0.2, 0, 0]) == pytest.approx(
            mbs.GetObjectOutputBody(1, output, localPosition=[0.2, 0, 0]), rel=1e-6, abs=1e-9)


def test_user_functions_see_the_integration_points_and_a_stiffer_law_stiffens():
    seen = []

    def DoubleBending(mbs, t, itemNumber, xi, curvature, curvature_t, curvatureRef, EI_, d, *axial):
        seen.append((int(itemNumber), xi))
        return 2 * EI_ * (curvature - curvatureRef)

    P = 0.05
    deflections = []
    for userFunction in (DoubleBending, None):
        mbs, nodes, cables = Cantilever(elements=2, template=CableTemplate(
            physicsBendingStiffness=EI if userFunction else 2 * EI, bendingMomentUserFunction=userFunction or 0))
        mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=nodes[-1])), loadVector=[0, -P, 0]))
        mbs.Assemble()
        mbs.SolveStatic(StaticSettings())
        deflections.append(mbs.GetNodeOutput(nodes[-1], OVT.Displacement)[1])
    assert deflections[0] == pytest.approx(deflections[1], rel=1e-8)
    assert deflections[1] == pytest.approx(-P * LENGTH ** 3 / (3 * 2 * EI), rel=1e-5)
    # Gauss order 5 (the default): three points at x/L = 1/2 -+ sqrt(3/5)/2, 1/2, in both elements
    points = sorted({round(xi, 12) for _, xi in seen})
    np.testing.assert_allclose(points, [0.5 - math.sqrt(0.6) / 2, 0.5, 0.5 + math.sqrt(0.6) / 2], atol=1e-12)
    assert {item for item, _ in seen} == {0, 1}


def test_a_failing_user_function_is_named():
    def Broken(*arguments):
        raise RuntimeError('no law here')

    mbs, nodes, cables = Cantilever(elements=2, template=CableTemplate(axialForceUserFunction=Broken))
    mbs.Assemble()
    with pytest.raises(Exception, match='axialForceUserFunction') as error:
        mbs.SolveStatic(StaticSettings())
    assert 'ObjectANCFCable2D' in str(error.value) and 'no law here' in str(error.value)
