"""CoordinateVectorConstraint (ObjectConnectorCoordinateVector) on MarkerNodeCoordinates and
MarkerObjectODE2Coordinates against closed forms and independent formulations.

* two masses tied by q1 - q0 = v_off (linear terms) move as one: a = F/(m0 + m1), lambda = -m1 a;
* a pendulum on the quadratic terms x^2 + y^2 = L^2 swings as on a DistanceConstraint and as the
  Runge-Kutta solution of its equation, with generalized-alpha and TrapezoidalIndex2, and its
  multipliers carry the distance constraint's force / 2L;
* the double pendulum of Exudyn's test models with user functions (on two MassPoint2D, and on one
  ObjectGenericODE2 through MarkerObjectODE2Coordinates) equals the one on two DistanceConstraints;
* velocityLevel keeps a prescribed rate exactly and its multiplier takes up the applied force;
* outputs, marker coordinates (totals), and bad input with the item, parameter and expectation named.
"""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateVectorConstraint, DistanceConstraint, Force, MarkerBodyPosition,
                                    MarkerNodeCoordinates, MarkerNodePosition, MarkerObjectODE2Coordinates, MassPoint2D,
                                    NodeGenericData, NodePointGround, ObjectGenericODE2, ObjectGround, Point2D,
                                    VCoordinateVectorConstraint)

from conftest import NewSystem, Pendulum, Settings

OVT = exu.OutputVariableType
L, mass, g = 0.8, 2.5, 9.81


def Solve(mbs, settings=None, index2=False):
    mbs.Assemble()
    settings = settings or Settings(tightNewton=True)
    solver = exu.DynamicSolverType.TrapezoidalIndex2 if index2 else exu.DynamicSolverType.GeneralizedAlpha
    mbs.SolveDynamic(settings, solverType=solver)


def Point(mbs, position, velocity=(0., 0.), gravity=True):
    node = mbs.AddNode(Point2D(referenceCoordinates=list(position), initialVelocities=list(velocity)))
    mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
    if gravity:
        mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=node)), loadVector=[0, -mass * g, 0]))
    return node


def test_linearTermsTieTwoMassesThatMoveAsOne():
    mbs = NewSystem()
    m0, m1, F = 2., 3., 10.
    n0 = mbs.AddNode(Point2D(referenceCoordinates=[0, 0]))
    n1 = mbs.AddNode(Point2D(referenceCoordinates=[1, 0.5]))
    mbs.AddObject(MassPoint2D(nodeNumber=n0, physicsMass=m0))
    mbs.AddObject(MassPoint2D(nodeNumber=n1, physicsMass=m1))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n0)), loadVector=[F, 0, 0]))
    markers = [mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=n)) for n in (n0, n1)]
    constraint = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=markers, scalingMarker0=np.eye(2),
                                                          scalingMarker1=np.eye(2), offset=[1., 0.5]))
    Solve(mbs, Settings(endTime=1., numberOfSteps=50, tightNewton=True))
    a = F / (m0 + m1)
    for node in (n0, n1):  # a constant acceleration is exact for the Newmark family
        assert mbs.GetNodeOutput(node, OVT.Displacement)[0] == pytest.approx(0.5 * a, abs=1e-12)
        assert mbs.GetNodeOutput(node, OVT.Displacement)[1] == pytest.approx(0., abs=1e-12)
    # m0 a = F + lambda: the constraint's load on marker 0 is +X0^T lambda
    assert mbs.GetObjectOutput(constraint, OVT.Force) == pytest.approx([-m1 * a, 0.], abs=1e-9)
    assert mbs.GetObjectOutput(constraint, OVT.Displacement) == pytest.approx([1., 0.5], abs=1e-12)
    assert mbs.GetObjectOutput(constraint, OVT.Velocity) == pytest.approx([0., 0.], abs=1e-10)
    assert mbs.GetObjectOutput(constraint, OVT.ConstraintEquation) == pytest.approx([0., 0.], abs=1e-12)
    # the markers measure totals, reference included
    assert mbs.GetMarkerOutput(markers[1], OVT.Coordinates) == pytest.approx([1. + 0.5 * a, 0.5], abs=1e-12)
    assert mbs.GetMarkerOutput(markers[1], OVT.Coordinates_t) == pytest.approx([a, 0.], abs=1e-10)


def QuadraticPendulum(constraint):
    """A point pendulum released horizontally: x^2 + y^2 = L^2 by the quadratic terms ('vector'), or
    a DistanceConstraint ('distance')."""
    mbs = NewSystem()
    node = Point(mbs, [L, 0.])
    if constraint == 'vector':
        ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
        nodeMarker = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=node))
        item = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, nodeMarker],
                                                        quadraticTermMarker1=[[1., 1.]], offset=[L ** 2]))
    else:
        ground = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(ObjectGround())))
        item = mbs.AddObject(DistanceConstraint(markerNumbers=[ground, mbs.AddMarker(MarkerNodePosition(nodeNumber=node))],
                                                distance=L))
    return mbs, node, item


@pytest.mark.parametrize('index2', [False, True], ids=['GeneralizedAlpha', 'TrapezoidalIndex2'])
def test_quadraticTermsPendulumSwingsAsOnADistanceConstraint(index2):
    results = {}
    for constraint in ('vector', 'distance'):
        mbs, node, item = QuadraticPendulum(constraint)
        Solve(mbs, Settings(endTime=0.5, numberOfSteps=500, spectralRadius=1., tightNewton=True), index2)
        results[constraint] = (mbs.GetNodeOutput(node, OVT.Position), np.asarray(mbs.GetObjectOutput(item, OVT.Force)))
    position, force = results['vector']
    assert position[:2] == pytest.approx(results['distance'][0][:2], abs=1e-9)
    # C_q = 2 q^T against q^T / |q|: the multipliers differ by the factor 2|q| (their sign by convention);
    # they are accelerations, which amplify the positions' differences at the Newton tolerance by 1/(beta h^2)
    radius = np.hypot(position[0], position[1])
    assert abs(float(force)) * 2. * radius == pytest.approx(abs(float(results['distance'][1])), rel=1e-5)
    if not index2:  # the index-3 positions lie on the circle
        assert np.hypot(position[0], position[1]) == pytest.approx(L, abs=1e-12)
    theta, _ = Pendulum(0., 0.5, g / L)  # theta from the horizontal, Runge-Kutta reference
    assert position[:2] == pytest.approx([L * math.cos(theta), L * math.sin(theta)], abs=2e-5)  # theta < 0: below


def DoublePendulumUserFunctions(genericODE2):
    """Exudyn's coordinateVectorConstraint test models, in our own code: two links of length L
    released horizontally, the two distances in user functions over [q0; q1] (two MassPoint2D), or
    over the four coordinates of one ObjectGenericODE2 (MarkerObjectODE2Coordinates)."""
    mbs = NewSystem()
    nodes = [mbs.AddNode(Point2D(referenceCoordinates=[L * (k + 1), 0.])) for k in range(2)]
    for node in nodes:
        if not genericODE2:
            mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
        mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=node)), loadVector=[0, -mass * g, 0]))
    ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
    calls = {'velocityLevel': set()}

    def Distances(q):
        return np.array([math.hypot(q[0], q[1]), math.hypot(q[2] - q[0], q[3] - q[1])])

    def Constraint(mbs, t, itemNumber, q, q_t, velocityLevel):
        calls['velocityLevel'].add(velocityLevel)
        return Distances(q) - L

    def Jacobian(mbs, t, itemNumber, q, q_t, velocityLevel):
        d = Distances(q)
        return np.array([[q[0] / d[0], q[1] / d[0], 0., 0.],
                         [-(q[2] - q[0]) / d[1], -(q[3] - q[1]) / d[1], (q[2] - q[0]) / d[1], (q[3] - q[1]) / d[1]]])

    if genericODE2:
        body = mbs.AddObject(ObjectGenericODE2(nodeNumbers=nodes, massMatrix=mass * np.eye(4)))
        markers = [ground, mbs.AddMarker(MarkerObjectODE2Coordinates(objectNumber=body))]
        mbs.AddObject(CoordinateVectorConstraint(markerNumbers=markers, scalingMarker0=np.zeros((2, 4)),
                                                 constraintUserFunction=Constraint, jacobianUserFunction=Jacobian,
                                                 visualization=VCoordinateVectorConstraint(show=False)))
    else:  # one constraint per link, each on its own equation
        def Link(k):  # link 0 sees [q0] (the ground's vector is empty), link 1 [q0; q1]
            def Padded(q):
                return list(q) + [0., 0.] * (1 - k)
            return (lambda mbs, t, i, q, q_t, v: [Constraint(mbs, t, i, Padded(q), q_t, v)[k]],
                    lambda mbs, t, i, q, q_t, v: Jacobian(mbs, t, i, Padded(q), q_t, v)[k:k + 1, :len(q)])
        for k, pair in enumerate([(ground, nodes[0]), (nodes[0], nodes[1])]):
            markers = [pair[0] if k == 0 else mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=pair[0])),
                       mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=pair[1]))]
            constraint, jacobian = Link(k)
            mbs.AddObject(CoordinateVectorConstraint(markerNumbers=markers, scalingMarker0=np.zeros((1, 2 + 2 * k)),
                                                     constraintUserFunction=constraint, jacobianUserFunction=jacobian))
    return mbs, nodes, calls


def DoublePendulumDistances():
    mbs = NewSystem()
    nodes = [Point(mbs, [L * (k + 1), 0.]) for k in range(2)]
    ground = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mbs.AddObject(ObjectGround())))
    points = [mbs.AddMarker(MarkerNodePosition(nodeNumber=n)) for n in nodes]
    mbs.AddObject(DistanceConstraint(markerNumbers=[ground, points[0]], distance=L))
    mbs.AddObject(DistanceConstraint(markerNumbers=points, distance=L))
    return mbs, nodes


@pytest.mark.parametrize('genericODE2', [False, True], ids=['MassPoint2D', 'GenericODE2'])
def test_userFunctionDoublePendulumEqualsDistanceConstraints(genericODE2):
    settings = lambda: Settings(endTime=0.5, numberOfSteps=500, spectralRadius=0.8, tightNewton=True)  # noqa: E731
    mbs, nodes, calls = DoublePendulumUserFunctions(genericODE2)
    Solve(mbs, settings())
    reference, referenceNodes = DoublePendulumDistances()
    Solve(reference, settings())
    for node, referenceNode in zip(nodes, referenceNodes):
        assert mbs.GetNodeOutput(node, OVT.Position) == pytest.approx(reference.GetNodeOutput(referenceNode, OVT.Position),
                                                                      abs=1e-9)
    assert calls['velocityLevel'] == {False}  # index 3: the position-level equations only


def test_userFunctionsSeeTheVelocityLevelOfIndex2Solvers():
    mbs, nodes, calls = DoublePendulumUserFunctions(True)
    mbs.Assemble()
    settings = Settings(endTime=0.01, numberOfSteps=10)
    mbs.SolveDynamic(settings, solverType=exu.DynamicSolverType.TrapezoidalIndex2)
    assert True in calls['velocityLevel']  # an index-2 solver asks for the velocity-level equations


def test_velocityLevelKeepsAPrescribedRateAndTakesUpTheForce():
    mbs = NewSystem()
    v0, F = 0.3, 4.
    node = mbs.AddNode(Point2D(referenceCoordinates=[0.2, 0.], initialVelocities=[v0, 0.]))
    mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=node)), loadVector=[F, 0, 0]))
    ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
    nodeMarker = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=node))
    constraint = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, nodeMarker],
                                                          scalingMarker1=[[1., 0.]], offset=[v0], velocityLevel=True))
    Solve(mbs, Settings(endTime=1., numberOfSteps=100, tightNewton=True))
    assert mbs.GetNodeOutput(node, OVT.Velocity)[0] == pytest.approx(v0, abs=1e-12)
    assert mbs.GetNodeOutput(node, OVT.Displacement)[0] == pytest.approx(v0, abs=1e-10)
    # one equation: a float, as Exudyn gives outputs of one value
    assert mbs.GetObjectOutput(constraint, OVT.Force) == pytest.approx(F, rel=1e-9)  # m a = F - lambda = 0
    assert mbs.GetObjectOutput(constraint, OVT.ConstraintEquation) == pytest.approx(0., abs=1e-12)


def test_offsetIsARunTimeParameterThatAPreStepFunctionMayChange():
    mbs = NewSystem()
    node = mbs.AddNode(Point2D(referenceCoordinates=[0.2, 0.]))
    mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
    ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
    item = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=node))],
                                                    scalingMarker1=[[1., 0.]], offset=[0.2]))

    def PreStep(mbs, t):  # x(t) = 0.2 + 0.1 t^2 at the end of each step
        mbs.SetObjectParameter(item, 'offset', [0.2 + 0.1 * t ** 2])
        return True

    mbs.SetPreStepUserFunction(PreStep)
    Solve(mbs, Settings(endTime=1., numberOfSteps=100, tightNewton=True))
    assert mbs.GetNodeOutput(node, OVT.Position)[0] == pytest.approx(0.3, abs=1e-12)
    # m x_tt = -lambda; generalized-alpha's acceleration starts at 0 (the offset is constant at t = 0)
    # and approaches x_tt = 0.2 as its start-up decays (0.3% after 100 steps at rho = 0.9)
    assert mbs.GetObjectOutput(item, OVT.Force) == pytest.approx(-mass * 0.2, rel=1e-2)
    with pytest.raises(ValueError, match=r"offset.*expected 1 values.*got 2"):
        mbs.SetObjectParameter(item, 'offset', [0., 0.])


def test_inactiveConstraintHasZeroMultipliers():
    mbs, node, item = QuadraticPendulum('vector')
    mbs.SetObjectParameter(item, 'activeConnector', False)
    Solve(mbs, Settings(endTime=0.1, numberOfSteps=10))
    assert mbs.GetObjectOutput(item, OVT.Force) == 0.
    assert mbs.GetNodeOutput(node, OVT.Displacement)[1] == pytest.approx(-0.5 * g * 0.1 ** 2, rel=1e-9)  # free fall


# ---- bad input -------------------------------------------------------------------------------

def SystemWithMarkers():
    mbs = NewSystem()
    node = mbs.AddNode(Point2D(referenceCoordinates=[L, 0.]))
    mbs.AddObject(MassPoint2D(nodeNumber=node, physicsMass=mass))
    ground = mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=mbs.AddNode(NodePointGround())))
    return mbs, node, ground, mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=node))


@pytest.mark.parametrize('parameters, error, words', [
    ({}, ValueError, ["scalingMarker0", "no equations"]),
    ({'scalingMarker1': [[1., 0., 0.]]}, ValueError, ["scalingMarker1", "expected 2 columns", "1x3"]),
    ({'scalingMarker1': [[1., 0.]], 'quadraticTermMarker1': [[1., 0.], [0., 1.]]}, ValueError,
     ["scalingMarker1", "expected 2 rows", "1x2"]),
    ({'scalingMarker0': [[1.]]}, ValueError, ["scalingMarker0", "expected 0 columns"]),
    ({'scalingMarker1': [[1., 0.]], 'offset': [1., 2.]}, ValueError, ["offset", "expected 1 values", "got 2"]),
    ({'scalingMarker1': np.zeros((65, 2))}, ValueError, ["65 algebraic equations", "at most 64"]),
    ({'scalingMarker0': np.zeros((1, 1)), 'constraintUserFunction': lambda *args: [0.]}, ValueError,
     ["jacobianUserFunction", "must be given together"]),
])
def test_badParametersAreRefusedNamingTheParameter(parameters, error, words):
    mbs, node, ground, marker = SystemWithMarkers()
    before = mbs.GetDictionary() if hasattr(mbs, 'GetDictionary') else None
    with pytest.raises(error) as info:
        mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, marker], **parameters))
    message = str(info.value)
    assert "ObjectConnectorCoordinateVector" in message
    for word in words:
        assert word in message
    assert mbs.systemData.NumberOfObjects() == 1  # nothing added
    if before is not None:
        assert mbs.GetDictionary() == before


def test_markersThatGiveNoCoordinateVectorAreRefused():
    mbs, node, ground, marker = SystemWithMarkers()
    position = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    with pytest.raises(TypeError, match=r"markerNumbers.*MarkerNodePosition.*provides no coordinate vector"):
        mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, position], scalingMarker0=[[1.]]))
    data = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
    with pytest.raises(TypeError, match=r"MarkerNodeCoordinates.*nodeNumber.*NodeGenericData.*no ODE2 coordinates"):
        mbs.AddMarker(MarkerNodeCoordinates(nodeNumber=data))
    constraint = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, marker], scalingMarker1=[[1., 0.]],
                                                          activeConnector=False))
    with pytest.raises(TypeError,
                       match=r"MarkerObjectODE2Coordinates.*objectNumber.*ObjectConnectorCoordinateVector.*not a body"):
        mbs.AddMarker(MarkerObjectODE2Coordinates(objectNumber=constraint))


@pytest.mark.parametrize('function, words', [
    ('constraint', ["constraintUserFunction", "returned 2 values; expected 1"]),
    ('jacobian', ["jacobianUserFunction", "shape 2", "expected a 1x2 matrix"]),
])
def test_userFunctionResultsOfTheWrongSizeStopTheSolveNamingTheFunction(function, words):
    mbs, node, ground, marker = SystemWithMarkers()

    def Constraint(mbs, t, itemNumber, q, q_t, velocityLevel):
        return [0., 0.] if function == 'constraint' else [q[0] ** 2 + q[1] ** 2 - L ** 2]

    def Jacobian(mbs, t, itemNumber, q, q_t, velocityLevel):
        return [2. * q[0], 2. * q[1]] if function == 'jacobian' else [[2. * q[0], 2. * q[1]]]

    mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[ground, marker], scalingMarker0=np.zeros((1, 1)),
                                             constraintUserFunction=Constraint, jacobianUserFunction=Jacobian))
    mbs.Assemble()
    with pytest.raises(exu.UserFunctionError) as info:
        mbs.SolveDynamic(Settings(endTime=0.01, numberOfSteps=1))
    for word in ["ObjectConnectorCoordinateVector"] + words:
        assert word in str(info.value)


def test_outputsOfMarkersOfDifferentSizesAreRefused():
    mbs, node, ground, marker = SystemWithMarkers()
    node1D = mbs.AddNode(Point2D(referenceCoordinates=[0., 1.]))
    body = mbs.AddObject(ObjectGenericODE2(nodeNumbers=[node, node1D], massMatrix=np.eye(4)))
    wide = mbs.AddMarker(MarkerObjectODE2Coordinates(objectNumber=body))
    item = mbs.AddObject(CoordinateVectorConstraint(markerNumbers=[marker, wide], scalingMarker1=[[0., 0., 0., 1.]]))
    mbs.Assemble()
    assert mbs.GetMarkerOutput(wide, OVT.Coordinates) == pytest.approx([L, 0., 0., 1.])
    with pytest.raises(ValueError, match=r"Displacement.*same number of coordinates.*2 and 4"):
        mbs.GetObjectOutput(item, OVT.Displacement)
    assert mbs.GetObjectOutput(item, OVT.ConstraintEquation) == pytest.approx(1.)


def test_jacobianUserFunctionIsCalledOncePerNewtonMatrix():
    """The Newton matrix takes all rows of C_q from one jacobianUserFunction call, as Exudyn does (it
    was called once per multiplier). Each residual calls both functions once (g, and C_q for the
    constraint forces); so the Jacobian calls beyond the constraint calls grow by one per Newton
    matrix. Two solves of different lengths cancel the calls of the initial accelerations."""
    counts = {'constraint': 0, 'jacobian': 0}

    def Build():
        mbs, nodes, _ = DoublePendulumUserFunctions(True)  # one constraint with 2 rows
        constraint = mbs.GetObject(mbs.NumberOfObjects() - 1)
        g, C = constraint['constraintUserFunction'], constraint['jacobianUserFunction']

        def CountedConstraint(*arguments):
            counts['constraint'] += 1
            return g(*arguments)

        def CountedJacobian(*arguments):
            counts['jacobian'] += 1
            return C(*arguments)
        mbs.SetObjectParameter(mbs.NumberOfObjects() - 1, 'constraintUserFunction', CountedConstraint)
        mbs.SetObjectParameter(mbs.NumberOfObjects() - 1, 'jacobianUserFunction', CountedJacobian)
        return mbs

    excess = []
    for steps in (20, 40):
        counts.update(constraint=0, jacobian=0)
        mbs = Build()
        settings = Settings(endTime=0.01 * steps, numberOfSteps=steps, tightNewton=True)
        settings.timeIntegration.newton.useModifiedNewton = False  # a Newton matrix every iteration
        Solve(mbs, settings)
        excess.append((counts['jacobian'] - counts['constraint'], mbs.sys['dynamicSolver'].it.newtonJacobiCount))
    assert excess[1][1] > excess[0][1]
    assert excess[1][0] - excess[0][0] == excess[1][1] - excess[0][1], excess
