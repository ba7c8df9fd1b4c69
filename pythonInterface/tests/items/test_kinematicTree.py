"""ObjectKinematicTree, NodeGenericODE2, MarkerKinematicTreeRigid, SensorKinematicTree and
mbs.CreateKinematicTree: against an independent formulation (the same chain of ObjectRigidBody
with ObjectJointRevoluteZ), conservation of energy, closed forms, the equivalence of the tree's
PD control with a coordinate spring-damper on MarkerNodeCoordinate, and bad input."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, Force, MarkerKinematicTreeRigid, MarkerNodeCoordinate,
                                    NodeGenericODE2, NodePointGround, ObjectKinematicTree, SensorBody,
                                    SensorKinematicTree)

from conftest import NewSystem, Settings, ut

OVT = exu.OutputVariableType
JT = exu.JointType
GRAVITY = np.array([0., -9.81, 0.])

# A spatial chain of three revolute links (axes z, x, y of rotated joint frames), 0.8 m to 0.5 m
# long, centers of mass off the link axes, full inertia tensors.
CHAIN = dict(
    jointTypes=[JT.RevoluteZ, JT.RevoluteX, JT.RevoluteY],
    jointTransformations=[np.eye(3), ut.RotXYZ2RotationMatrix([0.3, -0.2, 0.5]),
                          ut.RotXYZ2RotationMatrix([-0.4, 0.1, 0.2])],
    jointOffsets=[[0.1, 0.2, 0.], [0.8, 0., 0.1], [0.6, 0.1, 0.]],
    linkCOMs=[[0.4, 0.05, 0.], [0.3, -0.05, 0.02], [0.25, 0., 0.05]],
    linkMasses=[2., 1.5, 1.],
    linkInertiasCOM=[np.array([[0.02, 0.001, 0.], [0.001, 0.11, 0.002], [0., 0.002, 0.12]]),
                     np.array([[0.015, 0., 0.001], [0., 0.05, 0.], [0.001, 0., 0.06]]),
                     np.array([[0.01, 0.001, 0.], [0.001, 0.03, 0.], [0., 0., 0.035]])],
)
BASE = np.array([0.2, -0.1, 0.3])
Q_T0 = [1.5, -2., 1.]      # initial joint rates [rad/s]
PROBE = [0.2, 0.1, -0.05]  # a point of every link, link axes


def AddChainTree(mbs, q_t0=Q_T0, **extra):
    n = len(CHAIN['jointTypes'])
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                       initialCoordinates=[0.] * n, initialCoordinates_t=list(q_t0)))
    parameters = dict(CHAIN, linkParents=list(range(-1, n - 1)), baseOffset=list(BASE), gravity=list(GRAVITY))
    parameters.update(extra)
    tree = mbs.AddObject(ObjectKinematicTree(nodeNumber=node, **parameters))
    return node, tree


def LinkSensors(mbs, tree, variables, storeInternal=True):
    return {(i, v): mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=i, localPosition=PROBE,
                                                      outputVariableType=getattr(OVT, v), storeInternal=storeInternal,
                                                      writeToFile=False))
            for i in range(len(CHAIN['jointTypes'])) for v in variables}


def AddChainOfRigidBodies(mbs, treeSystem, tree):
    """The same chain as rigid bodies (Euler parameters) with revolute joints, each body in the pose and
    with the velocity of its link in the tree's initial state (read with SensorKinematicTree)."""
    ground = mbs.CreateGround()
    bodies = []
    for i in range(len(CHAIN['jointTypes'])):
        def LinkValue(variable, localPosition=(0., 0., 0.)):
            sensor = treeSystem.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=i, writeToFile=False,
                                                              localPosition=list(localPosition),
                                                              outputVariableType=getattr(OVT, variable)))
            treeSystem.Assemble()
            return np.array(treeSystem.GetSensorValues(sensor))
        A = LinkValue('RotationMatrix').reshape(3, 3)
        p = LinkValue('Position')
        m, c, J_C = CHAIN['linkMasses'][i], np.array(CHAIN['linkCOMs'][i]), CHAIN['linkInertiasCOM'][i]
        inertia = ut.RigidBodyInertia(m, J_C, c, inertiaTensorAtCOM=True)
        body = mbs.CreateRigidBody(inertia=inertia, referencePosition=list(p), referenceRotationMatrix=A,
                                   initialVelocity=list(LinkValue('Velocity')),
                                   initialAngularVelocity=list(LinkValue('AngularVelocity')), gravity=list(GRAVITY),
                                   nodeType=exu.NodeType.RotationEulerParameters)
        axis = A[:, int(CHAIN['jointTypes'][i]) - 1]
        mbs.CreateRevoluteJoint(itemNumbers=[ground if i == 0 else bodies[-1], body], position=list(p), axis=list(axis))
        bodies.append(body)
    return bodies


def BodySensors(mbs, bodies, variables):
    return {(i, v): mbs.AddSensor(SensorBody(bodyNumber=b, localPosition=PROBE, outputVariableType=getattr(OVT, v),
                                             storeInternal=True, writeToFile=False))
            for i, b in enumerate(bodies) for v in variables}


CHAIN_VARIABLES = ['Position', 'Velocity', 'AngularVelocity']


def ChainMotion(asTree, numberOfSteps, endTime=0.5, solverType=None, treeParameters=None):
    """Positions, velocities and angular velocities of a point of each link every 0.01 s: of the tree
    (with treeParameters added to its own), or of the rigid-body chain (generalized-alpha with rho = 1)."""
    treeSystem = NewSystem()
    _, tree = AddChainTree(treeSystem, **(treeParameters or {}))
    if asTree:
        mbs, sensors = treeSystem, LinkSensors(treeSystem, tree, CHAIN_VARIABLES)
    else:
        mbs = NewSystem()
        sensors = BodySensors(mbs, AddChainOfRigidBodies(mbs, treeSystem, tree), CHAIN_VARIABLES)
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, numberOfSteps, spectralRadius=1., tightNewton=True, sensorsWritePeriod=0.01),
                     solverType=solverType)
    return np.hstack([mbs.GetSensorStoredData(sensors[k])[:, 1:] for k in sorted(sensors)])


def test_chain_equals_rigid_bodies_with_revolute_joints(workDir):
    # The tree (RK44, h = 1e-4: changes by 1.4e-13 from h = 2e-4) against the same chain of rigid
    # bodies with revolute joints (a 3D triple pendulum; values up to 4 m/s, rad/s), solved with
    # generalized-alpha: their difference is generalized-alpha's O(h^2) error, 2.6e-5 at h = 1e-3 and
    # 6.5e-6 at h = 5e-4 (measured; m, m/s, rad/s), and Richardson's extrapolation of the two
    # rigid-body solutions agrees with the tree to 1.7e-10.
    tree = ChainMotion(True, 5000, solverType=exu.DynamicSolverType.RK44)
    coarse, fine = ChainMotion(False, 500), ChainMotion(False, 1000)
    errorCoarse, errorFine = np.abs(coarse - tree).max(), np.abs(fine - tree).max()
    assert errorFine < 1e-5
    assert 3.8 < errorCoarse / errorFine < 4.2
    extrapolated = (4. * fine - coarse) / 3.
    assert np.abs(extrapolated - tree).max() < 1e-9 * np.abs(tree).max()


def test_free_tree_conserves_energy(workDir):
    # Branched tree with revolute and prismatic joints under gravity, no damping; RK44 with h = 1e-3.
    mbs = NewSystem()
    n = 5
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.1, 0., -0.2, 0., 0.3],
                                       initialCoordinates=[0.] * n, initialCoordinates_t=[1., -0.5, 2., 0.3, -1.]))
    masses = [1., 2., 0.5, 1.2, 0.8]
    coms = [[0.3, 0., 0.], [0.1, 0.2, 0.], [0.2, 0., 0.1], [0., 0.1, 0.2], [0.2, 0.1, 0.]]
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ, JT.PrismaticX, JT.RevoluteY, JT.RevoluteX, JT.PrismaticZ],
        linkParents=[-1, 0, 1, 0, 3],
        jointTransformations=[np.eye(3), ut.RotationMatrixZ(0.3), ut.RotationMatrixX(0.5), np.eye(3),
                              ut.RotXYZ2RotationMatrix([0.2, 0.3, 0.1])],
        jointOffsets=[[0., 0., 0.], [0.5, 0., 0.], [0.3, 0.1, 0.], [0.6, 0., 0.2], [0., 0.4, 0.]],
        linkInertiasCOM=[np.diag([0.01, 0.05, 0.05]) * (1 + i) for i in range(n)],
        linkCOMs=coms, linkMasses=masses, gravity=[0., -9.81, 0.], baseOffset=[0.5, 0., 0.]))
    comSensors = [mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=i, localPosition=coms[i],
                                                    outputVariableType=OVT.Position, storeInternal=True,
                                                    writeToFile=False)) for i in range(n)]
    kinetic = mbs.AddSensor(SensorBody(bodyNumber=tree, outputVariableType=OVT.KineticEnergy, storeInternal=True,
                                       writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(2., 2000), solverType=exu.DynamicSolverType.RK44)
    T = mbs.GetSensorStoredData(kinetic)[:, 1]
    V = sum(-m * mbs.GetSensorStoredData(s)[:, 1:] @ np.array([0., -9.81, 0.]) for m, s in zip(masses, comSensors))
    E = T + V
    assert T.max() - T.min() > 5.  # energy flows between kinetic and potential
    # measured drift 2.1e-10 J, 7e-13 of the largest kinetic energy (RK44's error); a wrong term in M
    # or h would show O(1) drift
    assert np.abs(E - E[0]).max() < 1e-11 * np.abs(T).max()


def test_joint_torque_and_prismatic_force_closed_forms(workDir):
    # Link 0 turns about z (no gravity) under a constant joint torque: theta = tau/(2 I) t^2 with
    # I = J_zz + m (cx^2 + cy^2); link 1 on a prismatic x joint slides along the base x axis:
    # a two-link tree where link 0 is prismatic carries link 1: x = F/(2 (m0 + m1)) t^2.
    mbs = NewSystem()
    rotating = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.],
                                           initialCoordinates=[0.], initialCoordinates_t=[0.]))
    mbs.AddObject(ObjectKinematicTree(nodeNumber=rotating, jointTypes=[JT.RevoluteZ], linkParents=[-1],
                                      jointTransformations=[np.eye(3)], jointOffsets=[[0., 0., 0.]],
                                      linkInertiasCOM=[np.diag([0.1, 0.2, 0.3])], linkCOMs=[[0.3, 0.4, 0.2]],
                                      linkMasses=[2.], jointForceVector=[0.8]))
    sliding = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0., 0.],
                                          initialCoordinates=[0., 0.], initialCoordinates_t=[0., 0.]))
    mbs.AddObject(ObjectKinematicTree(nodeNumber=sliding, jointTypes=[JT.PrismaticX, JT.RevoluteZ],
                                      linkParents=[-1, 0], jointTransformations=[np.eye(3)] * 2,
                                      jointOffsets=[[0., 0., 0.], [0.5, 0., 0.]],
                                      linkInertiasCOM=[np.eye(3) * 0.1] * 2, linkCOMs=[[0.1, 0., 0.], [0., 0., 0.]],
                                      linkMasses=[1., 3.], jointForceVector=[2., 0.]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(1., 100))
    I = 0.3 + 2. * (0.3 ** 2 + 0.4 ** 2)
    theta = mbs.GetNodeOutput(rotating, OVT.Coordinates)
    assert theta == pytest.approx(0.5 * 0.8 / I, rel=1e-10)
    x, phi = mbs.GetNodeOutput(sliding, OVT.Coordinates)
    assert x == pytest.approx(0.5 * 2. / 4., rel=1e-10)
    assert abs(phi) < 1e-12  # the COM of link 1 is on its axis: no coupling


def test_pd_control_equals_coordinate_spring_damper_on_the_joint(workDir):
    # P/D gains on joint 1 with set values, against a CoordinateSpringDamper from a ground node to
    # the tree node's coordinate 1 (MarkerNodeCoordinate), stiffness P, damping D, offset u_o:
    # identical equations, so identical motion (both generalized-alpha, same steps).
    P, D, uo = 40., 2., 0.3
    controlled, springy = NewSystem(), NewSystem()
    n0, _ = AddChainTree(controlled, jointPControlVector=[0., P, 0.], jointDControlVector=[0., D, 0.],
                         jointPositionOffsetVector=[0., uo, 0.], jointVelocityOffsetVector=[0., 0., 0.])
    n1, _ = AddChainTree(springy)
    ground = springy.AddNode(NodePointGround())
    markers = [springy.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0)),
               springy.AddMarker(MarkerNodeCoordinate(nodeNumber=n1, coordinate=1))]
    springy.AddObject(CoordinateSpringDamper(markerNumbers=markers, stiffness=P, damping=D, offset=uo))
    results = []
    for mbs, node in ((controlled, n0), (springy, n1)):
        mbs.Assemble()
        mbs.SolveDynamic(Settings(1., 200, tightNewton=True))
        results.append(mbs.GetNodeOutput(node, OVT.Coordinates))
    assert np.abs(results[0]).max() > 0.1
    np.testing.assert_allclose(results[0], results[1], rtol=0, atol=1e-12)


def test_pd_control_holds_a_pendulum_at_its_static_equilibrium(workDir):
    # One link (mass m, COM at distance l) about z under gravity -y with P control to u_o = 0:
    # equilibrium P (0 - q) = m g l cos(q), i.e. P q + m g l cos q = 0, reached with damping D.
    m, l, P, D = 2., 0.5, 60., 15.
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.],
                                       initialCoordinates=[0.], initialCoordinates_t=[0.]))
    tree = mbs.AddObject(ObjectKinematicTree(nodeNumber=node, jointTypes=[JT.RevoluteZ], linkParents=[-1],
                                             jointTransformations=[np.eye(3)], jointOffsets=[[0., 0., 0.]],
                                             linkInertiasCOM=[np.diag([0.01, 0.05, 0.05])], linkCOMs=[[l, 0., 0.]],
                                             linkMasses=[m], gravity=[0., -9.81, 0.], jointPControlVector=[P],
                                             jointDControlVector=[D], jointPositionOffsetVector=[0.],
                                             jointVelocityOffsetVector=[0.]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(10., 1000))
    q = mbs.GetNodeOutput(node, OVT.Coordinates)
    qStatic = q
    for _ in range(50):  # Newton on P q + m g l cos q = 0
        qStatic -= (P * qStatic + m * 9.81 * l * np.cos(qStatic)) / (P - m * 9.81 * l * np.sin(qStatic))
    assert q == pytest.approx(qStatic, abs=1e-9)
    # the object's Force output (the residual without M q_tt) vanishes at rest
    assert abs(mbs.GetObjectOutput(tree, OVT.Force)[0]) < 1e-6


def test_marker_load_equals_gravity_parameter(workDir):
    # Gravity given as forces m*g on MarkerKinematicTreeRigid at each link's COM gives the motion of
    # the tree's own gravity parameter; a LoadTorqueVector/linkTorques pair likewise.
    withParameter, withMarkers = NewSystem(), NewSystem()
    torque = [0.3, -0.2, 0.5]
    n0, _ = AddChainTree(withParameter, linkTorques=[[0., 0., 0.], torque, [0., 0., 0.]])
    n1, tree = AddChainTree(withMarkers, gravity=[0., 0., 0.])
    for i, (m, c) in enumerate(zip(CHAIN['linkMasses'], CHAIN['linkCOMs'])):
        marker = withMarkers.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=i, localPosition=c))
        withMarkers.AddLoad(Force(markerNumber=marker, loadVector=list(m * GRAVITY)))
    marker = withMarkers.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=1))
    withMarkers.AddLoad(exu.itemInterface.Torque(markerNumber=marker, loadVector=torque))
    results = []
    for mbs, node in ((withParameter, n0), (withMarkers, n1)):
        mbs.Assemble()
        mbs.SolveDynamic(Settings(0.5, 100, tightNewton=True))
        results.append(mbs.GetNodeOutput(node, OVT.Coordinates))
    np.testing.assert_allclose(results[0], results[1], rtol=0, atol=1e-10)


def test_closed_loop_through_marker_and_joint(workDir):
    # The tip of a planar 3-link tree pinned to the ground (ObjectJointRevolute2D: a four-bar with the
    # ground as fourth bar), driven by a force on the middle link: the constraint holds and the
    # tree moves, with one degree of freedom left.
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=3, referenceCoordinates=[0.5 * np.pi, -0.5 * np.pi,
                                                                                        -0.5 * np.pi],
                                       initialCoordinates=[0.] * 3, initialCoordinates_t=[0.] * 3))
    L = 1.
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, jointTypes=[JT.RevoluteZ] * 3, linkParents=[-1, 0, 1], jointTransformations=[np.eye(3)] * 3,
        jointOffsets=[[0., 0., 0.], [L, 0., 0.], [L, 0., 0.]], linkInertiasCOM=[np.diag([0.01, 0.1, 0.1])] * 3,
        linkCOMs=[[0.5 * L, 0., 0.]] * 3, linkMasses=[1.] * 3, gravity=[0., -9.81, 0.],
        linkForces=[[0., 0., 0.], [3., 0., 0.], [0., 0., 0.]]))
    ground = mbs.CreateGround()
    tip = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=2, localPosition=[L, 0., 0.]))
    anchor = mbs.AddMarker(exu.itemInterface.MarkerBodyPosition(bodyNumber=ground, localPosition=[L, 0., 0.]))
    mbs.AddObject(exu.itemInterface.ObjectJointRevolute2D(markerNumbers=[anchor, tip]))
    sTip = mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=2, localPosition=[L, 0., 0.],
                                             outputVariableType=OVT.Position, storeInternal=True, writeToFile=False))
    mbs.Assemble()
    np.testing.assert_allclose(mbs.GetSensorValues(sTip), [L, 0., 0.], atol=1e-14)
    mbs.SolveDynamic(Settings(1., 200))
    tipPositions = mbs.GetSensorStoredData(sTip)[:, 1:]
    assert np.abs(tipPositions - [L, 0., 0.]).max() < 1e-8
    q = mbs.GetNodeOutput(node, OVT.Coordinates)
    assert np.abs(q).max() > 0.1
    # a parallelogram: links 0 and 2 stay parallel (q0 + q1 + q2 = reference sum), q1 = -q0
    assert q[0] + q[1] == pytest.approx(0., abs=1e-8) and q[1] + q[2] == pytest.approx(0., abs=1e-8)


def test_long_tree_with_constraint_and_spring_damper_on_it(workDir):
    # 12 links, revolute z and prismatic x in turn: the constraint's and (statically) the
    # spring-damper's exact Jacobians use derivatives in q only, which fit the 16-wide AD scalar
    # while the tree's 12 coordinates do not fit its kernel vectors (this once overwrote the
    # stack). A CoordinateConstraint holding joint 6 at 0.05 against an independent formulation:
    # a stiff CoordinateSpringDamper in its place (offset 0.05 + f/k, f the constraint force).
    n, k = 12, 1e9
    results = []
    for penalty in (False, True):
        mbs = NewSystem()
        node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=n, referenceCoordinates=[0.] * n,
                                           initialCoordinates=[0.05 if i == 6 else 0. for i in range(n)],
                                           initialCoordinates_t=[0.] * n))
        tree = mbs.AddObject(ObjectKinematicTree(
            nodeNumber=node, jointTypes=[JT.RevoluteZ if i % 2 == 0 else JT.PrismaticX for i in range(n)],
            linkParents=list(range(-1, n - 1)), jointTransformations=[np.eye(3)] * n,
            jointOffsets=[[0.5 if i else 0., 0., 0.] for i in range(n)], linkInertiasCOM=[np.diag([0.01, 0.1, 0.1])] * n,
            linkCOMs=[[0.25, 0., 0.]] * n, linkMasses=[1.] * n, gravity=list(GRAVITY),
            jointPControlVector=[500.] * n, jointDControlVector=[5.] * n, jointPositionOffsetVector=[0.] * n,
            jointVelocityOffsetVector=[0.] * n))
        ground = mbs.CreateGround()
        anchor = mbs.AddMarker(exu.itemInterface.MarkerBodyPosition(bodyNumber=ground, localPosition=[3., 1., 0.]))
        tip = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=n - 1, localPosition=[0.5, 0., 0.]))
        mbs.AddObject(exu.itemInterface.ObjectConnectorSpringDamper(markerNumbers=[anchor, tip], referenceLength=1.,
                                                                     stiffness=100., damping=1.))
        groundNode = mbs.AddNode(NodePointGround())
        markers = [mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=groundNode, coordinate=0)),
                   mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=6))]
        if penalty:
            mbs.AddObject(CoordinateSpringDamper(markerNumbers=markers, stiffness=k, damping=1e3, offset=0.05))
        else:
            mbs.AddObject(exu.itemInterface.CoordinateConstraint(markerNumbers=markers, offset=0.05))
        mbs.Assemble()
        mbs.SolveStatic(exu.SimulationSettings())
        qStatic = mbs.GetNodeOutput(node, OVT.Coordinates)
        mbs.SolveDynamic(Settings(0.2, 200, tightNewton=True))
        results.append((qStatic, mbs.GetNodeOutput(node, OVT.Coordinates)))
    (staticExact, dynamicExact), (staticPenalty, dynamicPenalty) = results
    assert staticExact[6] == pytest.approx(0.05, abs=1e-12) and dynamicExact[6] == pytest.approx(0.05, abs=1e-10)
    assert np.abs(staticExact).max() > 0.1 and np.abs(dynamicExact - staticExact).max() > 1e-3
    np.testing.assert_allclose(staticPenalty, staticExact, rtol=0, atol=1e-5)
    np.testing.assert_allclose(dynamicPenalty, dynamicExact, rtol=0, atol=1e-4)


def test_sensor_outputs_are_consistent(workDir):
    # Velocities are the time derivatives of positions and rotation matrices, accelerations those of
    # velocities (central differences of the stored sensor values), local = A^T global.
    mbs = NewSystem()
    _, tree = AddChainTree(mbs)
    names = ['Position', 'Velocity', 'Acceleration', 'RotationMatrix', 'AngularVelocity', 'AngularAcceleration',
             'VelocityLocal', 'AccelerationLocal', 'AngularVelocityLocal', 'AngularAccelerationLocal', 'Rotation',
             'Displacement']
    sensors = LinkSensors(mbs, tree, names)
    mbs.Assemble()
    h = 1e-4
    mbs.SolveDynamic(Settings(0.05, 500, tightNewton=True))
    for i in range(3):
        data = {v: mbs.GetSensorStoredData(sensors[(i, v)])[:, 1:] for v in names}
        A = data['RotationMatrix'].reshape(-1, 3, 3)
        dA = (A[2:] - A[:-2]) / (2 * h)
        omegaTilde = np.einsum('nij,nkj->nik', dA, A[1:-1])
        omega = np.stack([omegaTilde[:, 2, 1], omegaTilde[:, 0, 2], omegaTilde[:, 1, 0]], axis=1)
        np.testing.assert_allclose(omega, data['AngularVelocity'][1:-1], atol=1e-5)
        for value, rate in (('Position', 'Velocity'), ('Velocity', 'Acceleration'),
                            ('AngularVelocity', 'AngularAcceleration')):
            np.testing.assert_allclose((data[value][2:] - data[value][:-2]) / (2 * h), data[rate][1:-1], atol=2e-4)
        for local, glob in (('VelocityLocal', 'Velocity'), ('AccelerationLocal', 'Acceleration'),
                            ('AngularVelocityLocal', 'AngularVelocity'),
                            ('AngularAccelerationLocal', 'AngularAcceleration')):
            np.testing.assert_allclose(np.einsum('nji,nj->ni', A, data[glob]), data[local], atol=1e-12)
        np.testing.assert_allclose([ut.RotXYZ2RotationMatrix(r) for r in data['Rotation']], A, atol=1e-12)
        np.testing.assert_allclose(data['Displacement'], data['Position'] - data['Position'][0], atol=1e-12)


def test_object_outputs_and_node(workDir):
    mbs = NewSystem()
    node, tree = AddChainTree(mbs)
    mbs.SetNodeParameter(node, 'referenceCoordinates', [0.1, 0.2, 0.3])
    mbs.Assemble()
    # Coordinates of the object include the reference values (as Exudyn's), the node's do not
    np.testing.assert_allclose(mbs.GetObjectOutput(tree, OVT.Coordinates), [0.1, 0.2, 0.3])
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Coordinates), [0., 0., 0.])
    np.testing.assert_allclose(mbs.GetObjectOutput(tree, OVT.Coordinates_t), Q_T0)
    mbs.SolveDynamic(Settings(0.1, 20))
    q_tt = mbs.GetObjectOutput(tree, OVT.Coordinates_tt)
    np.testing.assert_allclose(q_tt, mbs.GetNodeOutput(node, OVT.Coordinates_tt))
    with pytest.raises(ValueError, match='SensorKinematicTree'):
        mbs.GetObjectOutput(tree, OVT.Position)


BAD_TREES = [
    (dict(linkMasses=[1., 1.]), ValueError, "linkMasses"),
    (dict(linkParents=[-1, 1, 1]), ValueError, "linkParents"),
    (dict(linkParents=[-1, -2, 1]), ValueError, "linkParents"),
    (dict(jointTypes=[JT.RevoluteZ, JT._None, JT.RevoluteZ]), ValueError, "jointTypes"),
    (dict(jointTypes=['RevoluteZ', 'Hinge', 'RevoluteZ']), ValueError, "jointTypes"),
    (dict(jointForceVector=[1.]), ValueError, "jointForceVector"),
    (dict(jointPControlVector=[1., 1., 1.]), ValueError, "jointPControlVector"),
    (dict(linkInertiasCOM=[np.diag([1., -1., 1.])] * 3), ValueError, "linkInertiasCOM"),
    (dict(linkForces=[[0., 0., 0.]]), ValueError, "linkForces"),
    (dict(jointOffsets=[[0., 0.]] * 3), ValueError, "jointOffsets"),
    (dict(jointTransformations=[np.eye(2)] * 3), ValueError, "jointTransformations"),
    (dict(linkMasses=[1., -1., 1.]), ValueError, "linkMasses"),
]


@pytest.mark.parametrize("change, error, parameter", BAD_TREES)
def test_bad_tree_is_rejected_naming_the_parameter(workDir, change, error, parameter):
    mbs = NewSystem()
    before = (mbs.NumberOfNodes(), mbs.NumberOfObjects())
    with pytest.raises(error, match=parameter):
        AddChainTree(mbs, **change)
    assert mbs.NumberOfObjects() == before[1]


def test_bad_references_are_rejected(workDir):
    mbs = NewSystem()
    node, tree = AddChainTree(mbs)
    point = mbs.AddNode(exu.itemInterface.NodePoint(referenceCoordinates=[0., 0., 0.]))
    with pytest.raises(TypeError, match="nodeNumber.*NodeGenericODE2"):
        mbs.AddObject(ObjectKinematicTree(nodeNumber=point, **dict(CHAIN, linkParents=[-1, 0, 1])))
    with pytest.raises(ValueError, match="linkNumber"):
        mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=3))
    ground = mbs.CreateGround()
    with pytest.raises(TypeError, match="objectNumber.*expected an ObjectKinematicTree, got object"):
        mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=ground, linkNumber=0))
    with pytest.raises(TypeError, match="MarkerKinematicTreeRigid"):
        mbs.AddMarker(exu.itemInterface.MarkerBodyRigid(bodyNumber=tree))
    with pytest.raises(ValueError, match="outputVariableType.*Coordinates"):
        mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=0, outputVariableType=OVT.Coordinates))
    with pytest.raises(ValueError, match="initialCoordinates_t"):
        mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=2, referenceCoordinates=[0., 0.],
                                    initialCoordinates=[0., 0.], initialCoordinates_t=[0.]))
    # a wrong-sized user function result stops the solve with the item and function named
    mbs.SetObjectParameter(tree, 'forceUserFunction', lambda mbs, t, i, q, q_t: [0., 0.])
    mbs.Assemble()
    with pytest.raises(exu.UserFunctionError, match="forceUserFunction"):
        mbs.SolveDynamic(Settings(0.1, 10))


def test_force_user_function_equals_joint_force_vector(workDir):
    # forceUserFunction returning a state-dependent force = -k q - d q_t (given q without reference
    # values) acts as the PD control with the same gains.
    k, d = 30., 1.5
    withFunction, withControl = NewSystem(), NewSystem()
    n0, tree = AddChainTree(withFunction)
    withFunction.SetObjectParameter(tree, 'forceUserFunction',
                                    lambda mbs, t, itemNumber, q, q_t: list(-k * np.asarray(q) - d * np.asarray(q_t)))
    n1, _ = AddChainTree(withControl, jointPControlVector=[k] * 3, jointDControlVector=[d] * 3,
                         jointPositionOffsetVector=[0.] * 3, jointVelocityOffsetVector=[0.] * 3)
    results = []
    for mbs, node in ((withFunction, n0), (withControl, n1)):
        mbs.Assemble()
        mbs.SolveDynamic(Settings(0.5, 100, tightNewton=True))
        results.append(mbs.GetNodeOutput(node, OVT.Coordinates))
    np.testing.assert_allclose(results[0], results[1], rtol=0, atol=1e-9)


# ---------------------------------------------------------------------------------------------
# mbs.CreateKinematicTree
# ---------------------------------------------------------------------------------------------

def ChainLinks(PDcontrol=None):
    links = []
    for i, jointType in enumerate(CHAIN['jointTypes']):
        inertia = ut.RigidBodyInertia(CHAIN['linkMasses'][i], CHAIN['linkInertiasCOM'][i], CHAIN['linkCOMs'][i],
                                      inertiaTensorAtCOM=True)
        links.append(ut.TreeLink(linkInertia=inertia, jointType=jointType, PDcontrol=PDcontrol,
                                 jointHT=ut.HT(CHAIN['jointTransformations'][i], CHAIN['jointOffsets'][i])))
    return links


def test_create_kinematic_tree_builds_the_same_tree(workDir):
    created, direct = NewSystem(), NewSystem()
    tree = created.CreateKinematicTree(name='arm', listOfTreeLinks=ChainLinks(), initialCoordinates_t=Q_T0,
                                       gravity=list(GRAVITY), baseOffset=list(BASE), baseGraphicsDataList=[])
    assert created.NumberOfObjects() == 1 and created.GetNode(0)['name'] == 'Node:arm'
    node = created.GetObject(tree)['nodeNumber']
    n1, _ = AddChainTree(direct)
    results = []
    for mbs, n in ((created, node), (direct, n1)):
        mbs.Assemble()
        mbs.SolveDynamic(Settings(0.3, 60))
        results.append(mbs.GetNodeOutput(n, OVT.Coordinates))
    np.testing.assert_allclose(results[0], results[1], rtol=0, atol=1e-14)


def test_create_kinematic_tree_pd_control_and_ground(workDir):
    mbs = NewSystem()
    tree = mbs.CreateKinematicTree(listOfTreeLinks=ChainLinks(PDcontrol=(100., 5.)), gravity=list(GRAVITY),
                                   jointPositionOffsetVector=[0.1, 0.2, 0.3])
    data = mbs.GetObject(tree)
    assert mbs.GetObject(0)['objectType'] == 'Ground'  # the base, as Exudyn adds it for the base graphics
    assert list(data['jointPControlVector']) == [100.] * 3 and list(data['jointDControlVector']) == [5.] * 3
    assert list(data['jointVelocityOffsetVector']) == [0.] * 3
    assert data['jointTypes'] == ['RevoluteZ', 'RevoluteX', 'RevoluteY']


@pytest.mark.parametrize("arguments, error, text", [
    (dict(listOfTreeLinks=[]), ValueError, "listOfTreeLinks"),
    (dict(initialCoordinates=[0., 0.]), ValueError, "initialCoordinates"),
    (dict(jointPositionOffsetVector=[0., 0., 0.]), ValueError, "PDcontrol"),
    (dict(gravity=[0., 1.]), ValueError, "gravity"),
    (dict(linkForces=[[1., 0., 0.]]), ValueError, "linkForces"),
])
def test_create_kinematic_tree_rejects_bad_arguments_and_adds_nothing(workDir, arguments, error, text):
    mbs = NewSystem()
    arguments = dict(dict(listOfTreeLinks=ChainLinks()), **arguments)
    with pytest.raises(error, match=text):
        mbs.CreateKinematicTree(**arguments)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects()) == (0, 0)


def test_create_kinematic_tree_rejects_bad_links_and_adds_nothing(workDir):
    mbs = NewSystem()
    links = ChainLinks()
    links[2].parent = 2
    links[0].parent = links[1].parent = None
    with pytest.raises(ValueError, match="parents"):
        mbs.CreateKinematicTree(listOfTreeLinks=links)
    links = ChainLinks()
    links[1].jointType = 'Hinge'
    with pytest.raises(ValueError, match="link 1: jointType"):
        mbs.CreateKinematicTree(listOfTreeLinks=links)
    links = ChainLinks()
    links[2].linkInertia = 3.
    with pytest.raises(TypeError, match="link 2: linkInertia"):
        mbs.CreateKinematicTree(listOfTreeLinks=links)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects()) == (0, 0)


def test_exudyn_list_types():
    vectors = exu.Vector3DList([[0, 0, 0]])
    vectors.Append([1., 2., 3.])
    assert vectors.NumberOfItems() == 2 and vectors.GetPythonObject()[1] == [1., 2., 3.]
    matrices = exu.Matrix3DList([np.eye(3)])
    matrices.Append(2 * np.eye(3))
    assert len(matrices) == 2
    with pytest.raises(ValueError, match="3x3"):
        matrices.Append(np.eye(2))
    with pytest.raises(ValueError, match="3 numbers"):
        vectors.Append([1., 2.])
    assert int(exu.JointType.PrismaticZ) == 6


def test_exudyn_113_joint_hts_and_marker_local_ht(workDir):
    # jointHTs = jointTransformations and jointOffsets at once (Exudyn 1.13); they must agree if both given
    HTs = [ut.HT(A, o) for A, o in zip(CHAIN['jointTransformations'], CHAIN['jointOffsets'])]
    withHTs = ObjectKinematicTree(jointHTs=HTs, jointTypes=CHAIN['jointTypes'])
    np.testing.assert_allclose(withHTs.jointTransformations, CHAIN['jointTransformations'], atol=1e-15)
    np.testing.assert_allclose(withHTs.jointOffsets, CHAIN['jointOffsets'], atol=1e-15)
    with pytest.raises(ValueError, match="do not agree"):
        ObjectKinematicTree(jointHTs=HTs, jointOffsets=[[0., 0., 0.]] * 3)
    # a marker with localHT: orientation A_0L A_LM, angular velocity in marker axes A_LM^T omega_L
    mbs = NewSystem()
    _, tree = AddChainTree(mbs)
    A_LM = ut.RotXYZ2RotationMatrix([0.4, -0.3, 1.1])
    marker = mbs.AddMarker(MarkerKinematicTreeRigid(objectNumber=tree, linkNumber=2, localHT=ut.HT(A_LM, PROBE)))
    sensors = LinkSensors(mbs, tree, ['RotationMatrix', 'AngularVelocityLocal', 'Position'], storeInternal=False)
    mbs.Assemble()
    A_0L = np.array(mbs.GetSensorValues(sensors[(2, 'RotationMatrix')])).reshape(3, 3)
    np.testing.assert_allclose(np.array(mbs.GetMarkerOutput(marker, OVT.RotationMatrix)).reshape(3, 3), A_0L @ A_LM,
                               atol=1e-14)
    np.testing.assert_allclose(mbs.GetMarkerOutput(marker, OVT.AngularVelocityLocal),
                               A_LM.T @ mbs.GetSensorValues(sensors[(2, 'AngularVelocityLocal')]), atol=1e-14)
    np.testing.assert_allclose(mbs.GetMarkerOutput(marker, OVT.Position), mbs.GetSensorValues(sensors[(2, 'Position')]),
                               atol=1e-14)
