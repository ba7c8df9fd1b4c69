"""Andrews' squeezer mechanism (Hairer and Wanner, Solving Ordinary Differential Equations II,
section VII.7; problem 'andrews' of Mazzia and Iavernaro's Test Set for IVP Solvers) built from
planar rigid bodies, revolute joints, a spring and a driving torque, solved to t = 0.03 s by IDA
and compared with the test set's reference solution.

The seven bodies (K1 ... K7 of Hairer-Wanner's figure) have their nodes at their centres of mass
and their absolute angles as rotation coordinates; the test set's seven angles are
beta = phi1, Theta = phi2 - phi1, gamma = phi3, Phi = phi4 - phi5, delta = phi5, Omega = phi6 - phi7,
epsilon = phi7. AndrewsSqueezer(exu, itemInterface) builds it with either multidyn or exudyn."""
import math

# The test set's parameters [kg, kg*m^2, m, N*m, N/m]
MASSES = [.04325, .00365, .02373, .00706, .07050, .00706, .05498]
INERTIAS = [2.194e-6, 4.410e-7, 5.255e-6, 5.667e-7, 1.169e-5, 5.667e-7, 1.912e-5]
XA, YA, XB, YB, XC, YC = -.06934, -.00227, -.03635, .03273, .014, .072
D, DA, E, EA, RR, RA = 28e-3, 115e-4, 2e-2, 1421e-5, 7e-3, 92e-5
SS, SA, SB, SC, SD = 35e-3, 1874e-5, 1043e-5, 18e-3, 2e-2
TA, TB, U, UA, UB = 2308e-5, 916e-5, 4e-2, 1228e-5, 449e-5
ZF, ZT, FA, MOMENT, C0, L0 = 2e-2, 4e-2, 1421e-5, 0.033, 4530., 0.07785

# Consistent initial angles (beta, Theta, gamma, Phi, delta, Omega, epsilon), at rest (test set, INITIAL).
INITIAL_ANGLES = [-0.0617138900142764496358948458001, 0., 0.455279819163070380255912382449,
                  0.222668390165885884674473185609, 0.487364979543842550225598953530,
                  -0.222668390165885884674473185609, 1.23054744454982119249735015568]
END_TIME = 0.03
# The angles at t = 0.03 s: the test set's reference solution (subroutine SOLN of andrews.f in
# Mazzia and Iavernaro's Test Set for IVP Solvers, computed with PSIDE at rtol = atol = 1e-14).
REFERENCE_ANGLES = [0.1581077119629904e+2, -0.1575637105984298e+2, 0.4082224013073101e-1, -0.5347301163226948,
                    0.5244099658805304, 0.5347301163226948, 0.1048080741042263e+1]
ANGLE_NAMES = ["beta", "Theta", "gamma", "Phi", "delta", "Omega", "epsilon"]


def _Rotate(angle, x, y):
    c, s = math.cos(angle), math.sin(angle)
    return [c * x - s * y, s * x + c * y]


def BodyAngles(angles):
    """The absolute body angles phi1..phi7 of the test set's angles."""
    beta, theta, gamma, phi, delta, omega, epsilon = angles
    return [beta, beta + theta, gamma, phi + delta, delta, omega + epsilon, epsilon]


def TestSetAngles(bodyAngles):
    p1, p2, p3, p4, p5, p6, p7 = bodyAngles
    return [p1, p2 - p1, p3, p4 - p5, p5, p6 - p7, p7]


def AndrewsSqueezer(exu, ii):
    """Builds the mechanism into a new system of package exu (multidyn or exudyn) with item
    interface ii; returns (mbs, nodes) with the seven bodies' nodes."""
    systemContainer = exu.SystemContainer()
    mbs = systemContainer.AddSystem()
    phi = BodyAngles(INITIAL_ANGLES)
    # Joint points of each body in its frame, relative to its centre of mass (the node).
    # K1 crank about O, x along the crank; K2 from the crank tip F to E; K3 about B (spring point D);
    # K5 about A with the K4 pivot G; K4 from G to E; K7 about A with the K6 pivot H; K6 from H to E.
    local = {
        'K1.O': [-RA, 0], 'K1.F': [RR - RA, 0],
        'K2.F': [DA, 0], 'K2.E': [DA - D, 0],
        'K3.B': [-SA, -SB], 'K3.D': [SD - SA, -SC - SB], 'K3.E': [-SA, -SS - SB],
        'K4.G': [0, E - EA], 'K4.E': [0, -EA],
        'K5.A': [-TA, -TB], 'K5.G': [ZT - TA, -TB],
        'K6.H': [-(ZF - FA), 0], 'K6.E': [FA, 0],
        'K7.A': [-UA, -UB], 'K7.H': [-UA, -U - UB],
    }
    # Centres of mass from the fixed pivots O (origin), B, A and along the chains.
    def Com(body, pivotName, pivot):
        r = _Rotate(phi[body - 1], *local[f'K{body}.{pivotName}'])
        return [pivot[0] - r[0], pivot[1] - r[1]]

    def Point(body, name, com):
        r = _Rotate(phi[body - 1], *local[f'K{body}.{name}'])
        return [com[0] + r[0], com[1] + r[1]]
    com = {1: Com(1, 'O', [0, 0])}
    com[2] = Com(2, 'F', Point(1, 'F', com[1]))
    com[3] = Com(3, 'B', [XB, YB])
    com[5] = Com(5, 'A', [XA, YA])
    com[4] = Com(4, 'G', Point(5, 'G', com[5]))
    com[7] = Com(7, 'A', [XA, YA])
    com[6] = Com(6, 'H', Point(7, 'H', com[7]))

    ground = mbs.AddObject(ii.ObjectGround())
    nodes, bodies = [], []
    for k in range(1, 8):
        node = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[com[k][0], com[k][1], phi[k - 1]]))
        bodies.append(mbs.AddObject(ii.ObjectRigidBody2D(physicsMass=MASSES[k - 1], physicsInertia=INERTIAS[k - 1],
                                                         nodeNumber=node)))
        nodes.append(node)

    def Marker(name):
        return mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=bodies[int(name[1]) - 1],
                                                   localPosition=local[name] + [0]))

    def GroundMarker(x, y):
        return mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=ground, localPosition=[x, y, 0]))

    for pair in [(GroundMarker(0, 0), Marker('K1.O')), (Marker('K1.F'), Marker('K2.F')),
                 (GroundMarker(XB, YB), Marker('K3.B')), (Marker('K2.E'), Marker('K3.E')),
                 (GroundMarker(XA, YA), Marker('K5.A')), (Marker('K5.G'), Marker('K4.G')),
                 (Marker('K2.E'), Marker('K4.E')), (GroundMarker(XA, YA), Marker('K7.A')),
                 (Marker('K7.H'), Marker('K6.H')), (Marker('K2.E'), Marker('K6.E'))]:
        mbs.AddObject(ii.ObjectJointRevolute2D(markerNumbers=list(pair)))
    mbs.AddObject(ii.ObjectConnectorSpringDamper(markerNumbers=[GroundMarker(XC, YC), Marker('K3.D')],
                                                 stiffness=C0, damping=0., referenceLength=L0))
    crank = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=bodies[0], localPosition=[0, 0, 0]))
    mbs.AddLoad(ii.Torque(markerNumber=crank, loadVector=[0, 0, MOMENT]))
    mbs.Assemble()
    return mbs, nodes


def TestSetMassMatrix(q):
    """M(q) of the test set's equations (7 x 7), in the seven angles."""
    import numpy as np
    m1, m2, m3, m4, m5, m6, m7 = MASSES
    i1, i2, i3, i4, i5, i6, i7 = INERTIAS
    coth, siph, siom = math.cos(q[1]), math.sin(q[3]), math.sin(q[5])
    M = np.zeros((7, 7))
    M[0, 0] = m1 * RA**2 + m2 * (RR**2 - 2 * DA * RR * coth + DA**2) + i1 + i2
    M[1, 0] = M[0, 1] = m2 * (DA**2 - DA * RR * coth) + i2
    M[1, 1] = m2 * DA**2 + i2
    M[2, 2] = m3 * (SA**2 + SB**2) + i3
    M[3, 3] = m4 * (E - EA)**2 + i4
    M[4, 3] = M[3, 4] = m4 * ((E - EA)**2 + ZT * (E - EA) * siph) + i4
    M[4, 4] = m4 * (ZT**2 + 2 * ZT * (E - EA) * siph + (E - EA)**2) + m5 * (TA**2 + TB**2) + i4 + i5
    M[5, 5] = m6 * (ZF - FA)**2 + i6
    M[6, 5] = M[5, 6] = m6 * ((ZF - FA)**2 - U * (ZF - FA) * siom) + i6
    M[6, 6] = m6 * ((ZF - FA)**2 - 2 * U * (ZF - FA) * siom + U**2) + m7 * (UA**2 + UB**2) + i6 + i7
    return M


def TestSetForces(q, v):
    """The applied and velocity-dependent generalized forces f(q, q_t) of the test set's equations."""
    import numpy as np
    m2, m4, m6 = MASSES[1], MASSES[3], MASSES[5]
    sith, coga, siga, coph, coom = math.sin(q[1]), math.cos(q[2]), math.sin(q[2]), math.cos(q[3]), math.cos(q[5])
    bep, thp, php, dep, omp, epp = v[0], v[1], v[3], v[4], v[5], v[6]
    xd, yd = SD * coga + SC * siga + XB, SD * siga - SC * coga + YB
    length = math.hypot(xd - XC, yd - YC)
    force = -C0 * (length - L0) / length
    fx, fy = force * (xd - XC), force * (yd - YC)
    return np.array([MOMENT - m2 * DA * RR * thp * (thp + 2 * bep) * sith,
                     m2 * DA * RR * bep**2 * sith,
                     fx * (SC * coga - SD * siga) + fy * (SD * coga + SC * siga),
                     m4 * ZT * (E - EA) * dep**2 * coph,
                     -m4 * ZT * (E - EA) * php * (php + 2 * dep) * coph,
                     -m6 * U * (ZF - FA) * epp**2 * coom,
                     m6 * U * (ZF - FA) * omp * (omp + 2 * epp) * coom])


def TestSetConstraints(q):
    """g(q) = 0: the three closing conditions of the loops at point E (x and y each)."""
    import numpy as np
    sibe, cobe = math.sin(q[0]), math.cos(q[0])
    sibeth, cobeth = math.sin(q[0] + q[1]), math.cos(q[0] + q[1])
    siphde, cophde = math.sin(q[3] + q[4]), math.cos(q[3] + q[4])
    siomep, coomep = math.sin(q[5] + q[6]), math.cos(q[5] + q[6])
    x, y = RR * cobe - D * cobeth, RR * sibe - D * sibeth
    return np.array([x - SS * math.sin(q[2]) - XB, y + SS * math.cos(q[2]) - YB,
                     x - E * siphde - ZT * math.cos(q[4]) - XA, y + E * cophde - ZT * math.sin(q[4]) - YA,
                     x - ZF * coomep - U * math.sin(q[6]) - XA, y - ZF * siomep + U * math.cos(q[6]) - YA])


def TestSetConstraintJacobian(q):
    """G = dg/dq (6 x 7)."""
    import numpy as np
    sibe, cobe = math.sin(q[0]), math.cos(q[0])
    sibeth, cobeth = math.sin(q[0] + q[1]), math.cos(q[0] + q[1])
    siphde, cophde = math.sin(q[3] + q[4]), math.cos(q[3] + q[4])
    siomep, coomep = math.sin(q[5] + q[6]), math.cos(q[5] + q[6])
    G = np.zeros((6, 7))
    for row in (0, 2, 4):
        G[row, 0], G[row, 1] = -RR * sibe + D * sibeth, D * sibeth
        G[row + 1, 0], G[row + 1, 1] = RR * cobe - D * cobeth, -D * cobeth
    G[0, 2], G[1, 2] = -SS * math.cos(q[2]), -SS * math.sin(q[2])
    G[2, 3], G[2, 4] = -E * cophde, -E * cophde + ZT * math.sin(q[4])
    G[3, 3], G[3, 4] = -E * siphde, -E * siphde - ZT * math.cos(q[4])
    G[4, 5], G[4, 6] = ZF * siomep, ZF * siomep - U * math.cos(q[6])
    G[5, 5], G[5, 6] = -ZF * coomep, -ZF * coomep - U * math.sin(q[6])
    return G


def TestSetConstraintRows(q, q_t, velocityLevel):
    """g(q), or with velocityLevel (as index-2 solvers such as IDA ask, Exudyn's contract of
    constraintUserFunction) its time derivative G(q) q_t."""
    import numpy as np
    return TestSetConstraintJacobian(q) @ np.asarray(q_t) if velocityLevel else TestSetConstraints(q)


def AndrewsSqueezerGeneric(exu, ii):
    """The test set's own equations M(q) q_tt = f(q, q_t) - G^T lambda, g(q) = 0 in the seven angles:
    one ObjectGenericODE2 (mass matrix and forces by user functions) on a NodeGenericODE2, and an
    ObjectConnectorCoordinateVector with g and G as constraint and Jacobian user functions.
    Returns (mbs, node); the node's coordinates + INITIAL_ANGLES are the angles."""
    systemContainer = exu.SystemContainer()
    mbs = systemContainer.AddSystem()
    q0 = list(INITIAL_ANGLES)
    node = mbs.AddNode(ii.NodeGenericODE2(numberOfODE2Coordinates=7, referenceCoordinates=q0,
                                          initialCoordinates=[0.] * 7, initialCoordinates_t=[0.] * 7))
    ground = mbs.AddNode(ii.NodePointGround())
    mbs.AddObject(ii.ObjectGenericODE2(
        nodeNumbers=[node], massMatrix=[[0.] * 7 for _ in range(7)],
        massMatrixUserFunction=lambda mbs, t, itemNumber, q, q_t: TestSetMassMatrix([a + b for a, b in zip(q0, q)]),
        forceUserFunction=lambda mbs, t, itemNumber, q, q_t: TestSetForces([a + b for a, b in zip(q0, q)], q_t)))
    markerGround = mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=ground))
    markerAngles = mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=node))
    # The loads of the multipliers are -C_q^T lambda, the test set's -G^T lambda with the same lambda.
    mbs.AddObject(ii.ObjectConnectorCoordinateVector(
        markerNumbers=[markerGround, markerAngles], scalingMarker1=[[0.] * 7 for _ in range(6)],  # sets the 6 rows
        constraintUserFunction=lambda mbs, t, itemNumber, q, q_t, velocityLevel: TestSetConstraintRows(q, q_t, velocityLevel),
        jacobianUserFunction=lambda mbs, t, itemNumber, q, q_t, velocityLevel: TestSetConstraintJacobian(q)))
    mbs.Assemble()
    return mbs, node


def GenericAngles(exu, mbs, node):
    q = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates)
    return [a + b for a, b in zip(INITIAL_ANGLES, q)]


def Angles(exu, mbs, nodes):
    """The test set's seven angles of the current state."""
    bodyAngles = [mbs.GetNodeOutput(n, exu.OutputVariableType.Coordinates, configuration=exu.ConfigurationType.Current)[2]
                  + mbs.GetNodeOutput(n, exu.OutputVariableType.Coordinates, configuration=exu.ConfigurationType.Reference)[2]
                  for n in nodes]
    return TestSetAngles(bodyAngles)


def RelativeErrors(angles):
    return [abs(a - r) / abs(r) for a, r in zip(angles, REFERENCE_ANGLES)]


if __name__ == '__main__':
    import multidyn as exu
    import multidyn.itemInterface as ii
    mbs, nodes = AndrewsSqueezer(exu, ii)
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = END_TIME
    settings.timeIntegration.numberOfSteps = 30
    settings.timeIntegration.sundials.relativeTolerance = 1e-8
    settings.timeIntegration.sundials.absoluteTolerance = 1e-8
    settings.solution.file.write = False
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.IDA)
    angles = Angles(exu, mbs, nodes)
    for name, value, reference, error in zip(ANGLE_NAMES, angles, REFERENCE_ANGLES, RelativeErrors(angles)):
        print(f"{name:8s} {value: .12f}  reference {reference: .12f}  relative error {error:.1e}")
    print("IDA steps:", mbs.sys['dynamicSolver'].it.stepsCount)
