"""ODE1 coordinates (NodeGenericODE1 + ObjectGenericODE1), integrated with the trapezoidal rule
y_T = y_0 + h/2 (y_t0 + y_tT), against closed forms: scalar decay (and its 2nd order), a 2x2
oscillator (invariant and exact solution), a model mixing a rigid body with ODE1 nodes, a
user-function right-hand side, JSON round trip and bad input."""
import math

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (LoadForceVector, MarkerNodeRigid, NodeGenericODE1, NodePoint, NodeRigidBodyEP,
                                    ObjectGenericODE1, ObjectMassPoint, ObjectRigidBody, SensorNode)


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def NewSystem():
    return exu.SystemContainer().AddSystem()


def Settings(endTime, numberOfSteps, writeSolution=False):
    s = exu.SimulationSettings()
    s.timeIntegration.endTime = endTime
    s.timeIntegration.numberOfSteps = numberOfSteps
    s.solution.file.write = writeSolution
    return s


def Decay(a, y0, h, endTime=1., reference=0.):
    """y_t = -a y from y0, y the stored coordinate (the equations act on the stored values, as in
    Exudyn; the reference value only shifts the total): y at endTime."""
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[reference],
                                       initialCoordinates=[y0]))
    mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], systemMatrix=[[-a]]))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, round(endTime / h)))
    return mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates), mbs, node


def test_scalarDecayIsTheTrapezoidalRuleAndSecondOrder():
    a, y0 = 2., 1.
    exact = y0 * math.exp(-a)
    errors = []
    for n in (20, 40, 80):
        h = 1. / n
        y, _, _ = Decay(a, y0, h)
        # the trapezoidal rule's own recursion y_{k+1} = y_k (1 - ah/2)/(1 + ah/2), to Newton tolerance
        assert y == pytest.approx(y0 * ((1 - a * h / 2) / (1 + a * h / 2)) ** n, rel=1e-10, abs=1e-12)
        errors.append(abs(y - exact))
    assert errors[0] < 1e-3
    ratios = [errors[0] / errors[1], errors[1] / errors[2]]
    assert ratios == pytest.approx([4., 4.], rel=0.02), ratios


def test_equationsActOnStoredValuesAndTotalsAddTheReference():
    a, y0, reference = 1., 1.5, 0.5
    y, mbs, node = Decay(a, y0, 0.01, endTime=0.5, reference=reference)
    assert y == pytest.approx(y0 * math.exp(-a * 0.5), rel=1e-4)  # the reference does not enter
    assert np.allclose(mbs.systemData.GetODE1Coordinates(), [y])
    total = mbs.GetNodeOutput(node, exu.OutputVariableType.CoordinatesTotal)
    assert total == pytest.approx(reference + y, rel=1e-14)
    rate = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates_t)
    assert rate == pytest.approx(-a * y, rel=1e-8)
    initial = mbs.GetNodeOutput(node, exu.OutputVariableType.Coordinates, exu.ConfigurationType.Initial)
    assert initial == pytest.approx(y0)
    with pytest.raises(ValueError, match="Coordinates, Coordinates_t"):
        mbs.GetNodeOutput(node, exu.OutputVariableType.Position)


def Oscillator(omega, n, endTime=1., userFunction=False, reference=(0., 0.)):
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=list(reference),
                                       initialCoordinates=[1., 0.]))
    A = np.array([[0., 1.], [-omega**2, 0.]])
    if userFunction:
        calls = []

        def rhs(mbs, t, itemNumber, y):
            calls.append(itemNumber)
            return A @ y

        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], rhsUserFunction=rhs))
    else:
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], systemMatrix=A, rhsVector=[0., 0.]))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=node, outputVariableType=exu.OutputVariableType.Coordinates,
                                      storeInternal=True, writeToFile=False))
    mbs.Assemble()
    mbs.SolveDynamic(Settings(endTime, n))
    return mbs.GetSensorStoredData(sensor), mbs, node  # stored coordinates


def test_oscillatorKeepsItsInvariantAndFollowsTheExactSolution():
    omega = 2 * math.pi
    errors = []
    for n in (100, 200):
        data, _, _ = Oscillator(omega, n)
        t, x, v = data[:, 0], data[:, 1], data[:, 2]
        # the trapezoidal rule conserves the quadratic invariant of this linear system exactly
        invariant = omega**2 * x**2 + v**2
        assert np.max(np.abs(invariant - omega**2)) < 1e-8 * omega**2
        error = np.max(np.abs(x - np.cos(omega * t)))
        errors.append(error)
        # phase error of the trapezoidal rule: omega^3 h^2 t / 12
        assert error < 1.2 * omega**3 * (1. / n)**2 / 12
    assert errors[0] / errors[1] == pytest.approx(4., rel=0.05)


def test_userFunctionReproducesTheMatrixLaw():
    omega = 3.
    reference = (0.2, -0.1)  # the function gets the stored coordinates, as the matrix law
    matrixData, _, _ = Oscillator(omega, 150, reference=reference)
    userData, mbs, _ = Oscillator(omega, 150, userFunction=True, reference=reference)
    assert np.max(np.abs(matrixData - userData)) < 1e-8
    assert np.max(np.abs(userData[:, 1] - np.cos(omega * userData[:, 0]))) < 1e-3


def test_mixedRigidBodyAndODE1NodesInOneModel():
    mbs = NewSystem()
    a = 1.5
    omega = 2.
    nDecay = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[0.],
                                         initialCoordinates=[1.]))
    nBody = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    nOsc = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[1., 0.]))
    nPoint = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[0.5, 0, 0]))
    mass = 2.
    mbs.AddObject(ObjectRigidBody(nodeNumber=nBody, mass=mass, inertia=[1, 2, 3, 0, 0, 0]))
    mbs.AddObject(ObjectMassPoint(nodeNumber=nPoint, physicsMass=1.))
    # one object over both ODE1 nodes, the block diagonal of decay and oscillator, in nodeNumbers' order
    A = np.zeros((3, 3))
    A[0:2, 0:2] = [[0., 1.], [-omega**2, 0.]]
    A[2, 2] = -a
    mbs.AddObject(ObjectGenericODE1(nodeNumbers=[nOsc, nDecay], systemMatrix=A))
    marker = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    force = np.array([0., 1., 2.])
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=force.tolist()))
    mbs.Assemble()
    assert len(mbs.systemData.GetODE2Coordinates()) == 7 + 3
    assert len(mbs.systemData.GetODE1Coordinates()) == 3
    assert len(mbs.systemData.GetAECoordinates()) == 1  # Euler-parameter normalisation
    # ODE1 numbering in node order: node 0 first, then node 2
    assert list(mbs.systemData.GetODE1Coordinates()) == [1., 1., 0.]

    endTime, n = 1., 200
    mbs.SolveDynamic(Settings(endTime, n))
    h = endTime / n
    position = mbs.GetNodeOutput(nBody, exu.OutputVariableType.Position)
    assert np.allclose(position, force / (2 * mass) * endTime**2, atol=1e-9)  # constant acceleration: exact
    assert np.allclose(mbs.GetNodeOutput(nPoint, exu.OutputVariableType.Position), [0.5 * endTime, 0, 0], atol=1e-12)
    y = mbs.GetNodeOutput(nDecay, exu.OutputVariableType.Coordinates)
    assert y == pytest.approx(((1 - a * h / 2) / (1 + a * h / 2)) ** n, rel=1e-9)
    x, v = mbs.GetNodeOutput(nOsc, exu.OutputVariableType.Coordinates)
    assert x == pytest.approx(math.cos(omega * endTime), abs=1e-4)
    assert v == pytest.approx(-omega * math.sin(omega * endTime), abs=2e-4)
    assert omega**2 * x**2 + v**2 == pytest.approx(omega**2, rel=1e-9)
    # object output: the coordinates of its nodes in nodeNumbers' order
    assert np.allclose(mbs.GetObjectOutput(2, exu.OutputVariableType.Coordinates), [x, v, y])


def test_solutionFileHoldsTheODE1Coordinates(tmp_path):
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=1, referenceCoordinates=[0.],
                                       initialCoordinates=[1.]))
    mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], systemMatrix=[[-1.]]))
    mbs.Assemble()
    settings = Settings(1., 10, writeSolution=True)
    settings.solution.file.name = str(tmp_path / 'solution')
    mbs.SolveDynamic(settings)
    text = (tmp_path / 'solution.txt').read_text()
    assert '[nODE2, nODE1, nAlgebraic, nData] = [0,1,0,0]' in text
    rows = np.array([[float(v) for v in line.split(',')] for line in text.splitlines()
                     if line and not line.startswith('#')])
    assert rows.shape[1] == 3  # time, y, y_t
    assert rows[-1, 1] == pytest.approx(((1 - 0.05) / (1 + 0.05)) ** 10, rel=1e-9)
    assert rows[0, 2] == pytest.approx(-1.)  # y_t0 = f(y_0)


def test_jsonRoundTripOfTheODE1Items(tmp_path):
    _, mbs, _ = Oscillator(2., 50)
    path = tmp_path / 'ode1.json'
    mbs.Save(str(path))
    loaded = NewSystem()
    loaded.Load(str(path))
    assert loaded.GetNode(0) == mbs.GetNode(0)
    assert loaded.GetObject(0) == mbs.GetObject(0)
    assert np.allclose(loaded.GetObject(0)['systemMatrix'], [[0., 1.], [-4., 0.]])
    assert loaded.GetObject(0)['nodeNumbers'] == [0]
    loaded.Assemble()
    loaded.SolveDynamic(Settings(1., 50))
    assert np.allclose(loaded.GetNodeOutput(0, exu.OutputVariableType.Coordinates),
                       mbs.GetNodeOutput(0, exu.OutputVariableType.Coordinates), atol=1e-12)


def test_badInputNamesTheItemAndTheParameter():
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[0., 0.]))
    with pytest.raises(ValueError, match=r"ObjectGenericODE1.*systemMatrix.*2x2.*3x3"):
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], systemMatrix=np.eye(3)))
    with pytest.raises(ValueError, match=r"ObjectGenericODE1.*rhsVector.*expected 2"):
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], rhsVector=[1.]))
    with pytest.raises(ValueError, match=r"systemMatrix.*row 1"):
        ObjectGenericODE1(nodeNumbers=[node], systemMatrix=[[1., 2.], [3.]])
    with pytest.raises(ValueError, match=r"NodeGenericODE1.*referenceCoordinates.*expected 3"):
        mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=3, initialCoordinates=[0., 0., 0.]))
    point = mbs.AddNode(NodePoint())
    with pytest.raises(TypeError, match=r"nodeNumbers.*no ODE1 coordinates"):
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[point]))
    with pytest.raises(IndexError, match=r"nodeNumbers.*node number 9"):
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node, 9]))
    with pytest.raises(TypeError, match=r"nodeNumbers"):
        ObjectGenericODE1(nodeNumbers=[exu.ObjectIndex(0)])
    assert mbs.NumberOfObjects() == 0

    # a user function with a result of the wrong size stops the solver naming the function
    mbs = NewSystem()
    node = mbs.AddNode(NodeGenericODE1(numberOfODE1Coordinates=2, referenceCoordinates=[0., 0.],
                                       initialCoordinates=[0., 0.]))
    mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], rhsUserFunction=lambda mbs, t, i, y: [1., 2., 3.]))
    mbs.Assemble()
    with pytest.raises(exu.UserFunctionError, match=r"ObjectGenericODE1.*rhsUserFunction"):
        mbs.SolveDynamic(Settings(1., 10))
