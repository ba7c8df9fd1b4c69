"""exu.symbolic: expressions against math/numpy, symbolic user functions against the same function in
Python (equal results, no Python call during the solve), their exact Jacobian (against the analytic
derivative, where the Python function's forward differences are off), threads, and bad input."""
import math
import sys

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import (CoordinateSpringDamper, LoadCoordinate, MarkerNodeCoordinate, MassPoint, NodePoint,
                                    NodePointGround)
from multidyn.utilities import CreateSymbolicUserFunction

esym = exu.symbolic


# ---- expressions -------------------------------------------------------------------------------

def test_RealOperationsAndFunctionsEqualMath():
    x = esym.Real('x', 0.37)
    b = esym.Real(2.5)
    expression = x + esym.sin(x / b) ** 2 + esym.tan(x) * esym.cos(x) * 3 - esym.exp(-x) / esym.sqrt(b)
    value = 0.37 + math.sin(0.37 / 2.5) ** 2 + math.tan(0.37) * math.cos(0.37) * 3 - math.exp(-0.37) / math.sqrt(2.5)
    assert expression.Evaluate() == value
    for name in ['abs', 'sqrt', 'exp', 'log', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
                 'asinh', 'atanh', 'floor', 'ceil']:
        assert getattr(esym, name)(x).Evaluate() == getattr(math, name if name != 'abs' else 'fabs')(0.37), name
    assert esym.sign(-x).Evaluate() == -1. and esym.Not(x).Evaluate() == 0.
    assert esym.atan2(x, b).Evaluate() == math.atan2(0.37, 2.5)
    assert esym.mod(b, x).Evaluate() == math.fmod(2.5, 0.37)
    assert esym.min(x, b).Evaluate() == 0.37 and esym.max(x, b).Evaluate() == 2.5
    assert esym.IfThenElse(x > b, x, b).Evaluate() == 2.5
    assert (x < b).Evaluate() == 1. and (x == b).Evaluate() == 0.
    # a named value: expressions follow SetValue
    x.SetValue(0.5)
    assert expression.Evaluate() == (0.5 + math.sin(0.5 / 2.5) ** 2 + math.tan(0.5) * math.cos(0.5) * 3
                                     - math.exp(-0.5) / math.sqrt(2.5))
    with pytest.raises(ValueError, match='expression'):
        expression.SetValue(1.)


def test_DiffIsTheAnalyticDerivative():
    x = esym.Real('x', 0.5)
    f = 3 * x + x ** 2 * esym.sin(x) + x ** 4
    assert f.Diff(x) == pytest.approx(3 + 2 * 0.5 * math.sin(0.5) + 0.25 * math.cos(0.5) + 4 * 0.125, rel=1e-15)


def test_RecordingOffEvaluatesAtOnce():
    esym.SetRecording(False)
    try:
        x = esym.Real('x', 42.)
        y = x / 3.
        assert str(y) == '14'
        x.SetValue(3.)
        assert y.Evaluate() == 14.
    finally:
        esym.SetRecording(True)
    assert esym.GetRecording()


def test_VectorAndMatrixOperationsEqualNumpy():
    a = esym.Real('a', 0.5)
    v, w = esym.Vector('v', [1., 2., -0.5]), esym.Vector([4.2, -1.2, 0.3])
    vn, wn = np.array([1., 2., -0.5]), np.array([4.2, -1.2, 0.3])
    assert np.array_equal((3.3 * v + a * w + (v * w) * v).Evaluate(), 3.3 * vn + 0.5 * wn + (vn @ wn) * vn)
    assert (v * w).Evaluate() == vn @ wn
    assert np.array_equal((a * wn).Evaluate(), 0.5 * wn) and np.array_equal((wn * a).Evaluate(), wn * 0.5)
    assert np.array_equal(v.MultComponents(w).Evaluate(), vn * wn)
    assert v.NormL2().Evaluate() == pytest.approx(np.linalg.norm(vn), rel=1e-15)
    assert (v == v).Evaluate() == 1. and (v != w).Evaluate() == 1.
    M = esym.Matrix([[2., 0.1, 0.33], [-0.1, 2.3, 0.7], [0, 0.34, 1.8]])
    Mn = M.Evaluate()
    assert np.allclose((M * v).Evaluate(), Mn @ vn, rtol=1e-15, atol=0)
    assert np.allclose((v * M).Evaluate(), Mn.T @ vn, rtol=1e-15, atol=0)
    assert np.allclose((M * M - 2 * M).Evaluate(), Mn @ Mn - 2 * Mn, rtol=1e-15, atol=1e-15)
    w[1] = a
    assert w.Evaluate()[1] == 0.5 and M[0, 2].Evaluate() == 0.33
    v.SetVector([0., 0., 1.])
    assert (v * w).Evaluate() == 0.3


def test_VariableSet():
    variables = esym.VariableSet()
    variables.Add('k', 2.)
    k = variables.Get('k')
    f = 3 * k
    variables.Set('k', 5.)
    assert f.Evaluate() == 15. and variables.GetNames() == ['k'] and variables['k'].Evaluate() == 5.
    with pytest.raises(KeyError, match="no variable 'unknown'"):
        variables.Get('unknown')
    with pytest.raises(ValueError, match="'k' exists already"):
        variables.Add('k', 1.)


# ---- a Duffing oscillator: symbolic against Python user functions ------------------------------

MASS, STIFFNESS, DAMPING, LOAD = 1.6, 4000., 4., 80.


def DuffingModel(springForce, loadFunction, symbolic, u0=0.):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0.5, 0, 0], initialCoordinates=[u0, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=MASS, nodeNumber=node))
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
    m0 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    spring = mbs.AddObject(CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=STIFFNESS, damping=DAMPING,
                                                  springForceUserFunction=springForce))
    load = mbs.AddLoad(LoadCoordinate(markerNumber=m1, load=LOAD, loadUserFunction=loadFunction))
    if symbolic:
        mbs.SetObjectParameter(spring, 'springForceUserFunction',
                               CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', spring))
        mbs.SetLoadParameter(load, 'loadUserFunction',
                             mbs.CreateSymbolicUserFunction(loadFunction, 'loadUserFunction', load))
    mbs.Assemble()
    return mbs, node


calls = {'spring': 0, 'load': 0}


def DuffingFunctions(lib):
    def springForce(mbs, t, itemNumber, u, v, k, d, offset):
        calls['spring'] += 1
        return 0.1 * k * u + k * u ** 3 + v * d

    def load(mbs, t, load):
        calls['load'] += 1
        return load * lib.sin(2 * math.pi * 5. * t)
    return springForce, load


def Solve(mbs, solverType, steps=2000, endTime=0.5):
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = steps
    settings.timeIntegration.endTime = endTime
    settings.solution.file.write = False
    mbs.SolveDynamic(settings, solverType=solverType)


@pytest.mark.parametrize('solverType', [exu.DynamicSolverType.RK44, exu.DynamicSolverType.GeneralizedAlpha])
def test_SymbolicUserFunctionsGiveThePythonResultsWithoutCallingPython(solverType):
    results = {}
    for symbolic in (False, True):
        springForce, load = DuffingFunctions(esym if symbolic else np)
        mbs, node = DuffingModel(springForce, load, symbolic)
        calls.update(spring=0, load=0)
        profiled = []
        sys.setprofile(lambda frame, event, arg: profiled.append(frame.f_code) if event == 'call' and
                       frame.f_code in (springForce.__code__, load.__code__) else None)
        try:
            Solve(mbs, solverType)
        finally:
            sys.setprofile(None)
        results[symbolic] = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0]
        if symbolic:
            assert calls == {'spring': 0, 'load': 0} and profiled == []  # no Python during the solve
        else:
            assert calls['spring'] > 2000 and calls['load'] > 2000 and len(profiled) == sum(calls.values())
    if solverType == exu.DynamicSolverType.RK44:
        assert results[True] == results[False]  # the same arithmetic in the same order
    else:  # Newton's Jacobians differ (exact / forward differences): equal within Newton's tolerance
        assert results[True] == pytest.approx(results[False], rel=1e-9)


def test_SymbolicUserFunctionKeepsAnExactJacobian():
    u0 = 0.05
    dFdu = 0.1 * STIFFNESS + 3 * STIFFNESS * u0 ** 2  # the analytic stiffness at u0
    stiffness = {}
    for symbolic in (False, True):
        springForce, load = DuffingFunctions(esym if symbolic else np)
        mbs, node = DuffingModel(springForce, load, symbolic, u0=u0)
        M, K, D = mbs.ComputeLinearizedSystem()
        stiffness[symbolic] = (K[0, 0], D[0, 0])
    assert stiffness[True][0] == pytest.approx(dFdu, rel=1e-14) and stiffness[True][1] == DAMPING
    # the Python function's forward differences are off by about the step
    assert abs(stiffness[False][0] / dFdu - 1) > 1e-12


def test_CartesianSpringAndForceVectorWithThreads():
    """One symbolic function shared by many items, evaluated on two threads: the one-thread results."""
    def springForce(mbs, t, itemNumber, u, v, k, d, offset):
        return [k[0] * u[0] + 0.5 * k[0] * u[0] ** 3 + esym.tanh(v[0]) * 10, k[1] * u[1], k[2] * u[2] + d[2] * v[2]]

    def loadVector(mbs, t, loadVector):
        return esym.cos(2 * (2 * math.pi) * t) * loadVector

    positions = {}
    for threads in (1, 2):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        ground = mbs.CreateGround()
        symbolicSpring = symbolicLoad = None
        nodes = []
        for i in range(8):
            body = mbs.CreateMassPoint(referencePosition=[i, 0.5, 0], initialVelocity=[0.1 * i, 0, 0.2], mass=1)
            spring = mbs.CreateCartesianSpringDamper(itemNumbers=[ground, body], stiffness=[100, 200, 300],
                                                     damping=[1, 1, 2], offset=[i, 0.5, 0])
            load = mbs.CreateForce(itemNumber=body, loadVector=[1, 2, 3])
            if symbolicSpring is None:
                symbolicSpring = CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', spring)
                symbolicLoad = CreateSymbolicUserFunction(mbs, loadVector, 'loadVectorUserFunction', load)
            mbs.SetObjectParameter(spring, 'springForceUserFunction', symbolicSpring)
            mbs.SetLoadParameter(load, 'loadVectorUserFunction', symbolicLoad)
            nodes.append(mbs.GetObject(body)['nodeNumber'])
        mbs.Assemble()
        settings = exu.SimulationSettings()
        settings.timeIntegration.numberOfSteps = 500
        settings.timeIntegration.endTime = 0.5
        settings.solution.file.write = False
        settings.parallel.numberOfThreads = threads
        mbs.SolveDynamic(settings)
        positions[threads] = np.array([mbs.GetNodeOutput(n, exu.OutputVariableType.Position) for n in nodes])
    assert np.array_equal(positions[1], positions[2])
    assert str(symbolicLoad).startswith('loadVector(mbs, t, loadVector) = [')
    assert np.array_equal(symbolicLoad.Evaluate(mbs, 0.125, [1., 2., 3.]), np.cos(0.5 * math.pi) * np.array([1., 2., 3.]))


# ---- bad input ----------------------------------------------------------------------------------

def test_BadInputNamesTheItemAndTheParameter():
    springForce, load = DuffingFunctions(esym)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround()
    body = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1)
    spring = mbs.CreateCartesianSpringDamper(itemNumbers=[ground, body], stiffness=[100, 100, 100])
    with pytest.raises(ValueError, match=r'ObjectConnectorCartesianSpringDamper.springForceUserFunction must return '
                                         r'a vector of 3; the function returned a vector of 2'):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, i, u, v, k, d, o: [u[0], u[1]], 'springForceUserFunction', spring)
    with pytest.raises(ValueError, match=r'takes 8 arguments .* has 3'):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, u: u, 'springForceUserFunction', spring)
    with pytest.raises(ValueError, match=r"ObjectConnectorCartesianSpringDamper.offsetUserFunction cannot be made "
                                         r"symbolic; its symbolic user functions: \['springForceUserFunction'\]"):
        CreateSymbolicUserFunction(mbs, springForce, 'offsetUserFunction', spring)
    with pytest.raises(ValueError, match='itemIndex must be an ObjectIndex or a LoadIndex'):
        CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', 3)
    with pytest.raises(KeyError, match="no variable 'gain'"):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, i, u, v, k, d, o: esym.variables.Get('gain') * u,
                                   'springForceUserFunction', spring)
    # a function recorded for 3-vectors, evaluated with a 2-vector
    f = CreateSymbolicUserFunction(mbs, lambda mbs, t, i, u, v, k, d, o: u, 'springForceUserFunction', spring)
    with pytest.raises(ValueError, match=r"argument 'u' has 2 component\(s\), but it was recorded with 3"):
        f.Evaluate(mbs, 0., 0, [1., 2.], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0])
    with pytest.raises(ValueError, match='has no function yet'):
        mbs.SetObjectParameter(spring, 'springForceUserFunction', esym.UserFunction())


def test_ReplacingASymbolicUserFunctionDuringASolveIsRefused():
    springForce, load = DuffingFunctions(esym)
    mbs, node = DuffingModel(springForce, load, True)
    other = CreateSymbolicUserFunction(mbs, springForce, 'springForceUserFunction', exu.ObjectIndex(1))

    def preStep(mbs, t):
        mbs.SetObjectParameter(exu.ObjectIndex(1), 'springForceUserFunction', other)
        return True
    mbs.SetPreStepUserFunction(preStep)
    with pytest.raises(exu.SolveInProgressError, match='springForceUserFunction'):
        Solve(mbs, exu.DynamicSolverType.GeneralizedAlpha, steps=10, endTime=0.01)


def test_AFunctionOfAnotherItemTypeFailsTheSolveNamingItemAndFunction():
    """A function recorded for LoadForceVector (3-vector argument and result) given to a LoadCoordinate
    (a real number): the solve stops with an error naming the load, its user function and the mismatch."""
    springForce, load = DuffingFunctions(esym)
    mbs, node = DuffingModel(springForce, load, False)
    vectorLoad = CreateSymbolicUserFunction(mbs, lambda mbs, t, loadVector: 2 * loadVector, 'loadVectorUserFunction',
                                            itemTypeName='LoadForceVector')
    mbs.SetLoadParameter(exu.LoadIndex(0), 'loadUserFunction', vectorLoad)
    with pytest.raises(exu.UserFunctionError, match=r"load 0 \(LoadCoordinate\).loadUserFunction \(symbolic function "
                                                    r"<lambda>\) failed: returns a vector of 3 component\(s\), but a "
                                                    r"real number is expected"):
        Solve(mbs, exu.DynamicSolverType.RK44, steps=10, endTime=0.01)


def test_NewtonWithASymbolicLinearLawIsNewtonWithTheBuiltInLaw():
    """The linear law written symbolically: the same Newton iterations and Jacobians as the item's own
    law (both exact), and the same motion."""
    def linear(mbs, t, itemNumber, u, v, k, d, offset):
        return k * u + d * v

    def constantLoad(mbs, t, load):
        return load + 0 * t

    solved = {}
    for symbolic in (False, True):
        mbs, node = DuffingModel(linear if symbolic else 0, constantLoad if symbolic else 0, symbolic, u0=0.01)
        Solve(mbs, exu.DynamicSolverType.GeneralizedAlpha, steps=500, endTime=0.5)
        it = mbs.sys['dynamicSolver'].it
        solved[symbolic] = (mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0], it.newtonStepsCount,
                            it.newtonJacobiCount)
    assert solved[True][1:] == solved[False][1:]
    assert solved[True][0] == pytest.approx(solved[False][0], rel=1e-14)


def test_RigidBodySpringDamperWithMatrixArguments():
    """springForceTorqueUserFunction (3-vectors, 6x6 and 3x3 matrices): symbolic and Python give the same motion."""
    def forceTorque(lib):
        def f(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping,
              rotJ0, rotJ1, offset):
            k, d = stiffness, damping
            return [k[0, 0] * displacement[0] + d[0, 0] * velocity[0],
                    k[1, 1] * displacement[1] + d[1, 1] * velocity[1] + 1e3 * displacement[1] ** 3,
                    k[2, 2] * displacement[2] + d[2, 2] * velocity[2],
                    k[3, 3] * rotation[0] + d[3, 3] * angularVelocity[0],
                    k[4, 4] * lib.sin(rotation[1]) + d[4, 4] * angularVelocity[1],
                    k[5, 5] * rotation[2] + d[5, 5] * angularVelocity[2] + rotJ1[0, 0] - rotJ0[1, 1]]
        return f

    results = {}
    for symbolic in (False, True):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        ground = mbs.CreateGround()
        inertia = exu.utilities.InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1])
        body = mbs.CreateRigidBody(referencePosition=[0.5, 0, 0], inertia=inertia, initialVelocity=[0, 0.5, 0.2],
                                   initialAngularVelocity=[1, 2, 0.5])
        spring = mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body], localPosition0=[0.5, 0, 0],
                                                 stiffness=np.diag([1e3, 2e3, 3e3, 40, 50, 60]),
                                                 damping=np.diag([1, 2, 3, 0.1, 0.2, 0.3]))
        function = forceTorque(esym if symbolic else np)
        if symbolic:
            function = CreateSymbolicUserFunction(mbs, function, 'springForceTorqueUserFunction', spring)
        mbs.SetObjectParameter(spring, 'springForceTorqueUserFunction', function)
        mbs.Assemble()
        Solve(mbs, exu.DynamicSolverType.GeneralizedAlpha, steps=200, endTime=0.2)
        results[symbolic] = mbs.GetNodeOutput(mbs.GetObject(body)['nodeNumber'], exu.OutputVariableType.Rotation)
    assert np.allclose(results[True], results[False], rtol=1e-10, atol=1e-12)
    assert np.abs(results[True]).max() > 5e-4  # it turned


def test_RigidBodySpringDamperKeepsTheExactJacobianOfTheBuiltInLaw():
    """The linear law K [displacement; rotation] + D [velocity; angularVelocity] written as a symbolic
    springForceTorqueUserFunction: the linearized K and D equal those of the item's own law (both exact),
    while the Python function's forward differences are off."""
    def linearLaw(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, damping,
                  rotJ0, rotJ1, offset):
        u = [displacement[0], displacement[1], displacement[2], rotation[0], rotation[1], rotation[2]]
        v = [velocity[0], velocity[1], velocity[2], angularVelocity[0], angularVelocity[1], angularVelocity[2]]
        return [sum(stiffness[i, j] * u[j] + damping[i, j] * v[j] for j in range(6)) for i in range(6)]

    matrices = {}
    for variant in ('builtIn', 'Python', 'symbolic'):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        ground = mbs.CreateGround()
        inertia = exu.utilities.InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1])
        rotation = exu.utilities.RotationMatrixZ(0.1) @ exu.utilities.RotationMatrixX(0.2)
        body = mbs.CreateRigidBody(referencePosition=[0.5, 0, 0], inertia=inertia,
                                   initialDisplacement=[0.01, -0.02, 0.03], initialRotationMatrix=rotation)
        k = np.diag([1e3, 2e3, 3e3, 40, 50, 60]) + 10 * np.ones((6, 6))
        spring = mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body], localPosition0=[0.5, 0, 0], stiffness=k,
                                                 damping=0.01 * k)
        if variant != 'builtIn':
            function = linearLaw
            if variant == 'symbolic':
                function = CreateSymbolicUserFunction(mbs, linearLaw, 'springForceTorqueUserFunction', spring)
            mbs.SetObjectParameter(spring, 'springForceTorqueUserFunction', function)
        mbs.Assemble()
        M, K, D = mbs.ComputeLinearizedSystem()
        matrices[variant] = np.hstack([K, D])
    scale = np.abs(matrices['builtIn']).max()
    assert np.abs(matrices['symbolic'] - matrices['builtIn']).max() < 1e-12 * scale
    assert np.abs(matrices['Python'] - matrices['builtIn']).max() > 1e-10 * scale
