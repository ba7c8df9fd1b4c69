"""Exudyn's smaller Python modules and functions scripts call: advancedUtilities, physics,
signalProcessing, ClearWorkspace, exu.Help, graphics.SolidExtrusion and the STL readers,
mbs.GetNodeODE1Index and systemData.GetTime before Assemble; each against closed forms."""
import math
import struct

import numpy as np
import pytest

import multidyn as exu
import multidyn.graphics as graphics
from multidyn import advancedUtilities as au
from multidyn import physics
from multidyn import signalProcessing as sp
from multidyn.itemInterface import MassPoint, NodeGenericODE1, NodePoint, ObjectGenericODE1
from multidyn.modelling.graphics import _ClosedMeshMassProperties


# ---------------------------------------------------------------------------------------------
# ClearWorkspace, Help
def test_clearWorkspaceDeletesTheCallersVariablesAndExudynsDicts():
    namespace = {}
    exec("import math\nfrom multidyn.utilities import ClearWorkspace\nx = 3\nnames = [1, 2]\n_private = 1\n"
         "def f():\n    return 1\n", namespace)
    exu.sys['renderState'] = {'zoom': 2}
    exu.sys['testResult'] = 5
    exu.variables['k'] = 1
    exec("ClearWorkspace()", namespace)
    assert 'x' not in namespace and 'names' not in namespace
    assert {'math', 'f', '_private', 'ClearWorkspace'} <= set(namespace)
    assert exu.sys == {'renderState': {'zoom': 2}} and exu.variables == {}
    exu.sys.clear()


def test_helpPointsToTheDocs(capsys):
    exu.Help()
    assert "import multidyn as exu" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# advancedUtilities
def test_sweepPhaseHasTheFrequencyOfFrequencySweep():
    t1, f0, f1 = 2., 1., 7.
    assert au.SweepSin(0.3, t1, f0, f0) == pytest.approx(math.sin(2 * math.pi * f0 * 0.3))
    times = np.linspace(0., t1, 20001)
    phase = np.unwrap([math.atan2(au.SweepSin(t, t1, f0, f1), au.SweepCos(t, t1, f0, f1)) for t in times])
    frequency = np.gradient(phase, times) / (2 * math.pi)
    expected = [au.FrequencySweep(t, t1, f0, f1) for t in times]
    np.testing.assert_allclose(frequency[1:-1], expected[1:-1], rtol=1e-6)
    assert au.FrequencySweep(t1, t1, f0, f1) == f1


def test_indexFromValueRoundMatrixAndTypeChecks():
    times = np.arange(0., 1.0001, 0.01)
    assert au.IndexFromValue(times, 0.37) == 37
    assert au.IndexFromValue(times, 0.37, assumeConstantSampleRate=True) == 37 or \
        au.IndexFromValue(times, 0.37, assumeConstantSampleRate=True) == 36  # int() of 36.999... as Exudyn's
    with pytest.raises(ValueError, match="IndexFromValue: value 0.375 not found"):
        au.IndexFromValue(times, 0.375)
    matrix = np.array([[1., 1e-16], [-1e-15, 2.]])
    au.RoundMatrix(matrix)
    assert matrix.tolist() == [[1., 0.], [0., 2.]]
    destination = np.zeros((3, 3))
    au.FillInSubMatrix(np.ones((2, 2)), destination, 1, 1)
    assert destination.sum() == 4 and destination[2, 2] == 1
    assert au.IsVector([1, 2.5]) and not au.IsVector([1, 'a']) and au.IsVector(np.zeros(3), 3)
    assert au.IsIntVector([1, 2]) and not au.IsIntVector([1., 2])
    assert au.IsSquareMatrix(np.eye(3), 3) and not au.IsSquareMatrix([[1, 2]], 2)
    assert au.IsReal(1.) and not au.IsReal(1)  # Exudyn's IsReal: floats only
    assert au.IsValidPRealInt(2) and not au.IsValidURealInt(-1.)
    assert au.IsListOrArray([], checkIfNoneEmpty=False) and not au.IsListOrArray([], checkIfNoneEmpty=True)
    assert au.IsValidObjectIndex(exu.ObjectIndex(2)) and not au.IsValidNodeIndex(1.)
    with pytest.raises(ValueError, match=r"ERROR in CreateX in argument radius: expected type=Vector \(as list or "
                                         r"numpy array\), expected size = 3, but received \"2\""):
        au.RaiseTypeError('CreateX', 'radius', 2, au.ExpectedType.Vector, dim=3)
    assert au.PlotLineCode(0) == 'r-' and au.PlotLineCode(7) == 'r:' and au.PlotLineCode(99) == 'k:'


def test_scipySparseDictRoundTrip():
    from scipy.sparse import coo_matrix
    matrix = coo_matrix(([1., 2., 3.], ([0, 1, 2], [2, 0, 1])), shape=(3, 4))
    back = au.ConvertDictToScipySparse(au.ConvertScipySparseToDict(matrix))
    np.testing.assert_array_equal(back.toarray(), matrix.toarray())
    with pytest.raises(ValueError, match="expected a scipy sparse matrix"):
        au.ConvertScipySparseToDict([[1]])


# ---------------------------------------------------------------------------------------------
# physics
def test_stribeckFunctionIsContinuousAndReachesItsLimits():
    muD, muS, muV, vReg, vExp = 0.3, 0.2, 0.01, 1e-3, 1e-2
    value = lambda v: physics.StribeckFunction(v, muD, muS, muV, expVel=vExp, regVel=vReg)  # noqa: E731
    assert value(vReg) == pytest.approx(muD + muS) and value(vReg * (1 + 1e-12)) == pytest.approx(muD + muS)
    assert value(-0.5 * vReg) == pytest.approx(-0.5 * (muD + muS))
    assert value(10.) == pytest.approx(muD + muV * (10. - vReg), rel=1e-12)  # exp(-999.9) = 0
    assert value(vReg + vExp) == pytest.approx(muD + muS * math.exp(-1.) + muV * vExp)


def test_regularizedFrictionPassesThroughStaticAndDynamicFriction():
    muD, muOffset, vS, vD, muV = 0.3, 0.2, 0.01, 0.1, 0.05
    value = lambda v: physics.RegularizedFriction(v, muD, muOffset, vS, vD, muV)  # noqa: E731
    assert value(0.) == 0. and value(vS) == pytest.approx(muD + muOffset) and value(vD) == pytest.approx(muD)
    assert value(-vS) == pytest.approx(-(muD + muOffset)) and value(1.1) == pytest.approx(muD + 1. * muV)
    speeds = np.linspace(-0.3, 0.3, 601)
    values = np.array([value(v) for v in speeds])
    np.testing.assert_allclose(values, -values[::-1], atol=1e-15)  # odd
    for junction in (vS, vD):  # continuous where the pieces meet
        assert value(junction * (1 - 1e-9)) == pytest.approx(value(junction * (1 + 1e-9)), abs=1e-7)
    assert physics.RegularizedFrictionStep(0.5, 0., 1., 1., 3.) == pytest.approx(2.)


def test_vonMisesStressOfUniaxialAndShearStates():
    assert physics.VonMisesStress([5., 0, 0, 0, 0, 0]) == pytest.approx(5.)
    assert physics.VonMisesStress([0, 0, 0, 0, 0, 2.]) == pytest.approx(2. * math.sqrt(3.))
    assert physics.VonMisesStress([3., 3., 3., 0, 0, 0]) == pytest.approx(0.)  # hydrostatic
    np.testing.assert_allclose(physics.VonMisesStress([[5., 0, 0, 0, 0, 0], [0, 0, 0, 1., 0, 0]]), [5., math.sqrt(3.)])
    with pytest.raises(ValueError, match="VonMisesStress: stress6D must have 6 components"):
        physics.VonMisesStress([1., 2., 3.])


# ---------------------------------------------------------------------------------------------
# signalProcessing
def test_filterSensorOutputDifferentiatesSensorData():
    t = np.linspace(0., 2., 401)
    signal = np.column_stack([t, t**2, np.sin(3 * t)])
    central = sp.FilterSensorOutput(signal, filterWindow=0, derivative=1)
    np.testing.assert_allclose(central[1:-1, 1], 2 * t[1:-1], rtol=1e-12)  # exact for a parabola
    second = sp.FilterSensorOutput(signal, filterWindow=0, derivative=2)
    np.testing.assert_allclose(second[:, 1], 2., rtol=1e-9)
    filtered = sp.FilterSensorOutput(signal, filterWindow=9, polyOrder=3, derivative=1)
    np.testing.assert_allclose(filtered[10:-10, 2], 3 * np.cos(3 * t[10:-10]), atol=1e-5)
    np.testing.assert_array_equal(filtered[:, 0], t)
    with pytest.raises(ValueError, match="filterWindow must be 0 or an odd integer"):
        sp.FilterSensorOutput(signal, filterWindow=4)
    step = t[1] - t[0]
    np.testing.assert_allclose(sp.FilterSignal(t**2, samplingRate=step, filterWindow=0, derivative=1)[1:-1],
                               2 * t[1:-1], rtol=1e-12)


def test_fftFindsAmplitudeAndFrequencyOfAHarmonic():
    t = np.arange(0, 2., 1e-3)
    frequency, magnitude, phase = sp.ComputeFFT(t, 2.5 * np.cos(2 * np.pi * 5. * t + 0.4))
    peak = np.argmax(magnitude)
    assert frequency[peak] == pytest.approx(5.) and magnitude[peak] == pytest.approx(2.5)
    assert phase[peak] == pytest.approx(0.4)


def test_interpolatedSignalValueIsExactForALinearSignal(capsys):
    t = np.linspace(0., 1., 11)
    data = np.column_stack([t, 3. * t + 1.])
    assert sp.GetInterpolatedSignalValue(0.537, data, [], dataArrayIndex=1, timeArrayIndex=0) == pytest.approx(2.611)
    assert sp.GetInterpolatedSignalValue(0.537, 3. * t + 1., t) == pytest.approx(2.611)
    assert sp.GetInterpolatedSignalValue(2., 3. * t + 1., t) == 4. and "time larger" in capsys.readouterr().out
    with pytest.raises(ValueError, match="a 2D dataArray needs dataArrayIndex"):
        sp.GetInterpolatedSignalValue(0.5, data, t)


# ---------------------------------------------------------------------------------------------
# graphics: extrusion and STL
def Corners(g):
    points = np.asarray(g['points']).reshape(-1, 3)
    return points[np.asarray(g['triangles']).reshape(-1, 3)]


def test_solidExtrusionIsAClosedOutwardPrism():
    # an L-shaped region: area 0.8*0.8 - 0.4*0.4 = 0.48
    vertices = [[0, 0], [0.8, 0], [0.8, 0.4], [0.4, 0.4], [0.4, 0.8], [0, 0.8]]
    segments = [[i, (i + 1) % 6] for i in range(6)]
    for smooth in (False, True):
        g = graphics.SolidExtrusion(vertices, segments, height=0.5, color=graphics.color.red, smoothNormals=smooth,
                                    addEdges=2)
        volume, centerOfMass, _ = _ClosedMeshMassProperties(Corners(g))
        assert volume == pytest.approx(0.48 * 0.5)  # positive: every triangle faces outwards
        # the L's centroid: (0.64 * 0.4 - 0.16 * 0.6)/0.48 in x and y
        np.testing.assert_allclose(centerOfMass, [1. / 3, 1. / 3, 0.25])
        assert len(g['edges']) == 2 * (6 + 6 + 6)
    rotated = graphics.SolidExtrusion(vertices, segments, height=0.5, rot=np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
                                      pOff=[1, 2, 3])
    volume, centerOfMass, _ = _ClosedMeshMassProperties(Corners(rotated))
    assert volume == pytest.approx(0.24)
    np.testing.assert_allclose(centerOfMass, [1 - 1. / 3, 2 + 1. / 3, 3.25])


def test_solidExtrusionWithAHole():
    outer = [[0, 0], [1, 0], [1, 1], [0, 1]]
    hole = [[0.25, 0.25], [0.25, 0.75], [0.75, 0.75], [0.75, 0.25]]  # clockwise: the region is left of it
    segments = [[i, (i + 1) % 4] for i in range(4)] + [[4 + i, 4 + (i + 1) % 4] for i in range(4)]
    g = graphics.SolidExtrusion(outer + hole, segments, height=2.)
    volume, _, _ = _ClosedMeshMassProperties(Corners(g))
    assert volume == pytest.approx((1 - 0.25) * 2.)


def CuboidFacets(a, b, c):
    """the 12 facets of the box [0,a]x[0,b]x[0,c], counter-clockwise seen from outside (STL's order)"""
    g = graphics.BrickXYZ(0, 0, 0, a, b, c)
    corners = Corners(g)
    normals = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    return corners, normals / np.linalg.norm(normals, axis=1)[:, None]


def WriteBinarySTL(path, corners, normals):
    with open(path, 'wb') as file:
        file.write(b'multidyn test'.ljust(80, b' ') + struct.pack('<I', len(corners)))
        for corner, normal in zip(corners, normals):
            file.write(struct.pack('<12fH', *normal, *corner.reshape(-1), 0))


def WriteASCIISTL(path, corners, normals):
    lines = ['solid box']
    for corner, normal in zip(corners, normals):
        lines += ['facet normal {} {} {}'.format(*normal), ' outer loop']
        lines += ['  vertex {} {} {}'.format(*p) for p in corner]
        lines += [' endloop', 'endfacet']
    open(path, 'w').write('\n'.join(lines + ['endsolid box']) + '\n')


def test_stlFilesGiveTheMassPropertiesOfABox(tmp_path):
    a, b, c, density = 0.5, 0.25, 2., 7800.   # exact in float32
    corners, normals = CuboidFacets(a, b, c)
    WriteBinarySTL(tmp_path / 'box.stl', corners, normals)
    WriteASCIISTL(tmp_path / 'boxText.stl', corners, normals)
    g, properties = graphics.FromSTLfile(str(tmp_path / 'box.stl'), color=graphics.color.red, density=density)
    mass = density * a * b * c
    assert properties['volume'] == pytest.approx(a * b * c) and properties['mass'] == pytest.approx(mass)
    np.testing.assert_allclose(properties['COM'], [a / 2, b / 2, c / 2])
    np.testing.assert_allclose(properties['inertia'], np.diag([mass * (b * b + c * c) / 12, mass * (a * a + c * c) / 12,
                                                               mass * (a * a + b * b) / 12]), atol=1e-9 * mass)
    np.testing.assert_allclose(properties['maxPos'], [a, b, c])
    # Exudyn's defaults invert the corner order and the normals of the file
    volume, _, _ = _ClosedMeshMassProperties(Corners(g))
    assert volume == pytest.approx(-a * b * c)
    np.testing.assert_allclose(np.asarray(g['normals']).reshape(-1, 3)[::3], -normals, atol=1e-7)
    text = graphics.FromSTLfileASCII(str(tmp_path / 'boxText.stl'), invertNormals=False, invertTriangles=False)
    np.testing.assert_allclose(Corners(text), corners)
    moved = graphics.FromSTLfile(str(tmp_path / 'boxText.stl'), scale=2., pOff=[1, 0, 0], invertTriangles=False)
    assert _ClosedMeshMassProperties(Corners(moved))[1] == pytest.approx([1 + a, b, c])
    (tmp_path / 'bad.stl').write_text('solid x\nfacet normal 0 0 1\n vertex 0 0 0\n')
    with pytest.raises(ValueError, match="FromSTLfileASCII: line 2 of the STL file: expected 'facet normal"):
        graphics.FromSTLfileASCII(str(tmp_path / 'bad.stl'))


# ---------------------------------------------------------------------------------------------
# MainSystem: GetNodeODE1Index, systemData.GetTime
def test_nodeODE1IndexIsTheNodesPlaceInTheODE1Coordinates():
    mbs = exu.SystemContainer().AddSystem()
    nPoint = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(nodeNumber=nPoint, physicsMass=1))
    nodes = [mbs.AddNode(NodeGenericODE1(referenceCoordinates=[0.] * n, initialCoordinates=[float(n)] * n,
                                         numberOfODE1Coordinates=n)) for n in (2, 3)]
    for node, n in zip(nodes, (2, 3)):
        mbs.AddObject(ObjectGenericODE1(nodeNumbers=[node], systemMatrix=np.eye(n)))
    mbs.Assemble()
    assert [mbs.GetNodeODE1Index(n) for n in nodes] == [0, 2]
    x = mbs.systemData.GetODE1Coordinates()
    assert list(x[mbs.GetNodeODE1Index(nodes[1]):]) == [3., 3., 3.]
    with pytest.raises(ValueError, match=r"GetNodeODE1Index\(0\).*has no ODE1 coordinates"):
        mbs.GetNodeODE1Index(nPoint)
    with pytest.raises(IndexError):
        mbs.GetNodeODE1Index(7)


def test_systemTimeIsZeroBeforeAssembleAndKeptAfterAChange():
    mbs = exu.SystemContainer().AddSystem()
    assert mbs.systemData.GetTime() == 0.
    node = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=1))
    mbs.Assemble()
    mbs.systemData.SetTime(0.25)
    mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))  # the system is out of date now
    assert mbs.systemData.GetTime() == 0.25
    assert mbs.systemData.GetTime(exu.ConfigurationType.Reference) == 0.


# ---------------------------------------------------------------------------------------------
# AddRigidBody (Exudyn's older helper)
@pytest.mark.parametrize("nodeType,parameters", [(exu.NodeType.RotationEulerParameters, None),
                                                  (exu.NodeType.RotationRxyz, [0.3, -0.2, 0.5])])
def test_addRigidBodyFallsAndSpinsAsTheClosedForm(nodeType, parameters):
    from multidyn.utilities import AddRigidBody, InertiaCuboid, RotXYZ2RotationMatrix
    mbs = exu.SystemContainer().AddSystem()
    inertia = InertiaCuboid(density=1000., sideLengths=[0.2, 0.2, 0.2])  # a cube: any axis is principal
    p0, v0, w0, g = np.array([1., 2., 3.]), np.array([0.5, 0., 1.]), np.array([0., 0., 2.]), np.array([0., 0., -9.81])
    rotation = np.eye(3) if parameters is None else RotXYZ2RotationMatrix(parameters)
    node, body = AddRigidBody(mbs, inertia, nodeType=nodeType, position=list(p0), velocity=list(v0),
                              rotationParameters=[] if parameters is None else parameters, angularVelocity=list(w0),
                              gravity=list(g))
    assert isinstance(node, exu.NodeIndex) and isinstance(body, exu.ObjectIndex)
    mbs.Assemble()
    np.testing.assert_allclose(mbs.GetObjectOutputBody(body, exu.OutputVariableType.RotationMatrix,
                                                       localPosition=[0, 0, 0]), rotation.ravel(), atol=1e-14)
    t = 0.5
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = t
    settings.timeIntegration.numberOfSteps = 100
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    np.testing.assert_allclose(mbs.GetNodeOutput(node, exu.OutputVariableType.Position), p0 + v0 * t + g * t * t / 2,
                               atol=1e-10)
    # a torque-free cube spins with constant angular velocity about the global z-axis
    angle = w0[2] * t
    spin = np.array([[math.cos(angle), -math.sin(angle), 0], [math.sin(angle), math.cos(angle), 0], [0, 0, 1]])
    np.testing.assert_allclose(mbs.GetNodeOutput(node, exu.OutputVariableType.RotationMatrix),
                               (spin @ rotation).ravel(), atol=1e-5)
    with pytest.raises(ValueError, match="AddRigidBody: give either rotationMatrix or rotationParameters"):
        AddRigidBody(mbs, inertia, rotationMatrix=np.eye(3), rotationParameters=[1, 0, 0, 0])
    with pytest.raises(TypeError, match="AddRigidBody: parameter 'inertia'"):
        AddRigidBody(mbs, 1.)


def test_exportSTLRoundTripKeepsTheMesh(tmp_path):
    brick = graphics.Brick(centerPoint=[1, 2, 3], size=[0.5, 0.25, 2.])
    graphics.ExportSTL(brick, str(tmp_path / 'brick.stl'))
    back = graphics.FromSTLfileASCII(str(tmp_path / 'brick.stl'))  # Exudyn's defaults undo ExportSTL's
    np.testing.assert_allclose(Corners(back), Corners(brick))
    volume, centerOfMass, _ = _ClosedMeshMassProperties(Corners(back))
    assert volume == pytest.approx(0.25) and centerOfMass == pytest.approx([1, 2, 3])
    # the file itself has outward normals only after the inversion, as Exudyn writes it
    normals = np.asarray(back['normals']).reshape(-1, 3)[::3]
    expected = np.cross(Corners(brick)[:, 1] - Corners(brick)[:, 0], Corners(brick)[:, 2] - Corners(brick)[:, 0])
    np.testing.assert_allclose(normals, expected / np.linalg.norm(expected, axis=1)[:, None], atol=1e-12)


def test_edgesAndSmoothNormalsOfABoxAndASphere():
    box = graphics.Brick(size=[1., 2., 3.], color=graphics.color.red)  # 6 faces of 4 points each
    g = graphics.AddEdgesAndSmoothenNormals(box)
    edges = np.asarray(g['edges']).reshape(-1, 2)
    corners = np.asarray(g['points']).reshape(-1, 3)
    assert len(edges) == 12  # the box's edges, not the faces' diagonals
    assert len(corners) == 8 + 36  # the 24 face points merged into 8, then one copy per triangle corner on an edge
    lengths = sorted(np.linalg.norm(corners[edges[:, 0]] - corners[edges[:, 1]], axis=1))
    # points are rounded to 5 digits of the box's diagonal (as Exudyn's), so lengths agree to about 1e-5
    np.testing.assert_allclose(lengths, [1.] * 4 + [2.] * 4 + [3.] * 4, rtol=2e-5)
    # every corner lies on an edge: each triangle keeps its own face normal
    normals = np.asarray(g['normals']).reshape(-1, 3)
    triangles = np.asarray(g['triangles']).reshape(-1, 3)
    faceNormals = np.cross(corners[triangles[:, 1]] - corners[triangles[:, 0]],
                           corners[triangles[:, 2]] - corners[triangles[:, 0]])
    faceNormals /= np.linalg.norm(faceNormals, axis=1)[:, None]
    for k in range(3):
        np.testing.assert_allclose(normals[triangles[:, k]], faceNormals, atol=1e-12)
    assert np.allclose(np.asarray(g['colors']).reshape(-1, 4), graphics.color.red)
    # a fine sphere has no edges above 45 degrees; its smoothed normals point radially
    sphere = graphics.Sphere(point=[0, 0, 0], radius=2., nTiles=24)
    smooth = graphics.AddEdgesAndSmoothenNormals(sphere)
    assert len(smooth['edges']) == 0
    points = np.asarray(smooth['points']).reshape(-1, 3)
    # area-weighted means of the facets' normals: within 3 degrees of radial (the largest deviation next to the poles)
    deviation = np.linalg.norm(np.asarray(smooth['normals']).reshape(-1, 3)
                               - points / np.linalg.norm(points, axis=1)[:, None], axis=1)
    assert deviation.max() < 0.05 and np.median(deviation) < 0.02


def test_boundingBoxesAndTriangleOrientation():
    brick = graphics.Brick(centerPoint=[1, 2, 3], size=[0.5, 0.25, 2.], addNormals=True)
    low, high = graphics.BoundingBox(brick)
    np.testing.assert_allclose([low, high], [[0.75, 1.875, 2.], [1.25, 2.125, 4.]])
    circle = graphics.Circle(point=[1, 0, 5], radius=2.)
    low, high = graphics.BoundingBox([brick, circle, graphics.Lines([[0, -3, 0], [0, 0, 0]])])
    np.testing.assert_allclose([low, high], [[-1., -3., 0.], [3., 2.125, 5.]])
    assert graphics.BoundingBox([]) == [None, None]
    # a brick with outward normals is consistent; reversing the triangles alone makes all 36 corners wrong
    assert graphics.InconsistentTriangles(brick) == 0
    assert graphics.InconsistentTriangles(graphics.InvertTriangles(brick, invertNormals=False)) == 36
    inverted = graphics.InvertTriangles(brick)  # both: consistent again, now facing inwards
    assert graphics.InconsistentTriangles(inverted) == 0
    assert _ClosedMeshMassProperties(Corners(inverted))[0] == pytest.approx(-0.25)
    with pytest.raises(ValueError, match="InconsistentTriangles: parameter 'graphicsData'"):
        graphics.InconsistentTriangles(graphics.Brick())
