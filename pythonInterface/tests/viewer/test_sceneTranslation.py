"""The viewer's scene translation without a browser: graphics dicts to meshes, lines and labels,
default drawings of items, poses read from the system, batching, contour colours, bad input."""
import warnings

import numpy as np
import pytest

import multidyn as exu
import multidyn.graphics as graphics
from multidyn.itemInterface import *  # noqa: F401,F403
from multidyn.utilities import InertiaCuboid, RotationMatrixZ
from multidyn.viewer import defaultDrawings
from multidyn.viewer.scene import Scene
from multidyn.viewer.sceneGeometry import GraphicsDataError, TranslateGraphicsData
from multidyn.viewer.viserDrawing import Quaternions


def AllPoints(parts):
    return np.vstack([m.vertices for m in parts.meshes])


# ---------------------------------------------------------------------------------------------
# graphics dicts
def test_brickIsOneMeshWithItsCornersAndColour():
    parts = TranslateGraphicsData([graphics.Brick([1, 2, 3], [0.2, 0.4, 0.6], graphics.color.red)])
    assert len(parts.meshes) == 1
    mesh = parts.meshes[0]
    assert mesh.faces.shape == (12, 3) and len(mesh.vertices) == 8
    np.testing.assert_allclose(mesh.vertices.min(axis=0), [0.9, 1.8, 2.7], atol=1e-6)
    np.testing.assert_allclose(mesh.vertices.max(axis=0), [1.1, 2.2, 3.3], atol=1e-6)
    np.testing.assert_array_equal(mesh.rgba, graphics.color.red)
    # outward faces: (p1 - p0) x (p2 - p0) points away from the centre
    v = mesh.vertices.astype(float)
    for a, b, c in mesh.faces:
        normal = np.cross(v[b] - v[a], v[c] - v[a])
        assert normal @ ((v[a] + v[b] + v[c]) / 3 - [1, 2, 3]) > 0


def test_checkerBoardIsOneMeshPerColour():
    board = graphics.CheckerBoard(size=2, nTiles=4, color=graphics.color.red, alternatingColor=graphics.color.blue)
    parts = TranslateGraphicsData([board])
    colours = sorted(tuple(m.rgba) for m in parts.meshes)
    assert colours == sorted([tuple(graphics.color.red), tuple(graphics.color.blue)])
    assert sum(len(m.faces) for m in parts.meshes) == 2 * 4 * 4  # two triangles per tile


def test_linesCirclesAndTextBecomeSegmentsAndLabels():
    polyline = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]
    parts = TranslateGraphicsData([graphics.Lines(polyline, graphics.color.green),
                                   graphics.Circle([0, 0, 1], 0.5, graphics.color.blue),
                                   graphics.Text([1, 2, 3], 'hello', graphics.color.black)], circleTiling=16)
    assert len(parts.segmentPoints) == 2 * 3 + 2 * 16  # 3 segments of the polyline, 16 of the circle
    np.testing.assert_allclose(parts.segmentPoints[:6], [[0, 0, 0], [1, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 0], [0, 1, 0]])
    circle = parts.segmentPoints[6:]
    np.testing.assert_allclose(np.linalg.norm(circle[:, :2], axis=1), 0.5)
    np.testing.assert_allclose(circle[:, 2], 1.)
    np.testing.assert_allclose(parts.segmentColors[:6], [graphics.color.green] * 6)
    assert [(label.text, tuple(label.position)) for label in parts.labels] == [('hello', (1., 2., 3.))]


def test_quadraticLinesFollowTheCurveThroughTheMidPoint():
    parts = TranslateGraphicsData([graphics.Lines([[0, 0, 0], [1, 1, 0], [2, 0, 0]], shape='quadratic')])
    points = parts.segmentPoints
    np.testing.assert_allclose(points[0], [0, 0, 0])
    np.testing.assert_allclose(points[-1], [2, 0, 0])
    # the parabola through the three points: y = x (2 - x)
    np.testing.assert_allclose(points[:, 1], points[:, 0] * (2 - points[:, 0]), atol=1e-12)


def test_spheresAndDefaultColour():
    data = graphics.Spheres([[0, 0, 0], [3, 0, 0]], radii=[0.5, 0.25], colors=graphics.color.default)
    parts = TranslateGraphicsData([data], defaultColor=[0.1, 0.2, 0.3, 1.])
    assert len(parts.meshes) == 1  # same colour: merged
    vertices = parts.meshes[0].vertices.astype(float)
    first = vertices[:len(vertices) // 2]
    second = vertices[len(vertices) // 2:]
    np.testing.assert_allclose(np.linalg.norm(first, axis=1), 0.5, rtol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(second - [3, 0, 0], axis=1), 0.25, rtol=1e-6)
    np.testing.assert_allclose(parts.meshes[0].rgba, [0.1, 0.2, 0.3, 1.])


def test_materialColoursAndEdges():
    brick = graphics.Brick(size=[1, 1, 1], color=graphics.material.steel, addEdges=True, edgeColor=graphics.color.red)
    parts = TranslateGraphicsData([brick], defaultColor=[0.5, 0.5, 0.5, 1.])
    np.testing.assert_allclose(parts.meshes[0].rgba, [0.5, 0.5, 0.5, 1.])
    assert len(parts.segmentPoints) == 2 * 12  # the 12 edges of the cube
    np.testing.assert_allclose(parts.segmentColors, [graphics.color.red] * 24)


@pytest.mark.parametrize('data, message', [
    ({'type': 'Cone', 'points': [0, 0, 0]}, "graphicsData[1]: unknown type 'Cone'"),
    ({'type': 'TriangleList', 'points': [0, 0, 0, 1, 0], 'triangles': [0, 0, 0]}, "key 'points'.*multiple of 3"),
    ({'type': 'TriangleList', 'points': [0, 0, 0, 1, 0, 0, 0, 1, 0], 'triangles': [0, 1, 3]}, "key 'triangles'.*0 to 2"),
    ({'type': 'TriangleList', 'points': [0, 0, 0, 1, 0, 0, 0, 1, 0], 'triangles': [0, 1, 2], 'colors': [1, 0, 0, 1] * 2},
     "key 'colors'.*one per point"),
    ({'type': 'Line', 'data': [0, 0, 0, 1, 0, float('nan')]}, "key 'data'.*finite"),
    ({'type': 'Circle', 'position': [0, 0, 0], 'radius': -1}, "key 'radius'.*>= 0"),
    ({'type': 'Text', 'position': [0, 0, 0], 'text': 3}, "key 'text'.*a string"),
    ({'type': 'Line', 'data': [0, 0, 0, 1, 0, 0], 'color': [1, 0, 0]}, "key 'color'.*multiple of 4"),
    ('brick', "graphicsData[1]: expected a graphics dict"),
])
def test_badGraphicsDataNamesItemEntryAndKey(data, message):
    with pytest.raises(GraphicsDataError, match=message.replace('[', r'\[').replace(']', r'\]')) as info:
        TranslateGraphicsData([graphics.Brick(), data], where="object 3 (RigidBody 'arm')")
    assert "object 3 (RigidBody 'arm')" in str(info.value)


def test_unknownKeyIsAWarningAndTheRestIsDrawn():
    data = dict(graphics.Brick())
    data['shininess'] = 3
    with pytest.warns(UserWarning, match=r"graphicsData\[0\] \(TriangleList\): key\(s\) shininess are not drawn"):
        parts = TranslateGraphicsData([data])
    assert len(parts.meshes) == 1


# ---------------------------------------------------------------------------------------------
# default drawings
def test_coilRunsFromMarkerToMarkerWithItsWindings():
    p0, p1 = np.array([0., 0., 0.]), np.array([0., 2., 0.])
    segments = defaultDrawings.CoilSegments(p0, p1, 0.1, windings=5, pointsPerWinding=12)
    np.testing.assert_allclose(segments[0], p0)
    np.testing.assert_allclose(segments[-1], p1)
    points = segments[::2]
    radial = points - np.outer(points @ [0, 1, 0], [0, 1, 0])
    assert np.max(np.linalg.norm(radial, axis=1)) == pytest.approx(0.1, rel=1e-6)
    # the coil turns 5 times about the axis: the angle of the radial vector grows by 5 * 2 pi
    n1, n2 = defaultDrawings.PerpendicularBasis(p1 - p0)
    # (the end points are on the axis: the angle runs from s = 1/60 to 59/60 of the coil)
    onCoil = np.linalg.norm(radial, axis=1) > 1e-12
    angles = np.unwrap(np.arctan2(radial @ n2, radial @ n1)[onCoil])
    assert onCoil.sum() == 59
    assert (angles[-1] - angles[0]) / (2 * np.pi) == pytest.approx(5 * 58 / 60, rel=1e-9)


def test_arrowSegmentsAndContourScale():
    segments = defaultDrawings.ArrowSegments([1, 0, 0], [0, 0, 2])
    np.testing.assert_allclose(segments[:2], [[1, 0, 0], [1, 0, 2]])
    assert len(segments) == 2 + 8  # the shaft and a four-line head
    colours = defaultDrawings.ContourColors([0., 0.5, 1., 2.], 0., 1.)
    np.testing.assert_allclose(colours[0], [0.1, 0.1, 0.9, 1.])  # minimum: blue
    np.testing.assert_allclose(colours[1], [0.1, 0.9, 0.1, 1.])  # middle: green
    np.testing.assert_allclose(colours[2], [0.9, 0.1, 0.1, 1.])  # maximum: red
    np.testing.assert_allclose(colours[3], colours[2])  # clipped above the range


def test_quaternionsOfRotationMatrices():
    rng = np.random.default_rng(1)
    for _ in range(20):
        q = rng.normal(size=4)
        q /= np.linalg.norm(q)
        w, x, y, z = q
        R = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                      [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                      [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])
        found = Quaternions(R)[0]
        assert min(np.linalg.norm(found - q), np.linalg.norm(found + q)) < 1e-12


# ---------------------------------------------------------------------------------------------
# scenes of systems
def Pendulum(SC, angle=0., graphicsData=None):
    mbs = SC.AddSystem()
    ground = mbs.CreateGround(graphicsDataList=[graphics.CheckerBoard([0, 0, -0.1], size=4)])
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), referencePosition=[0.5, 0, 0],
                               graphicsDataList=graphicsData if graphicsData is not None
                               else [graphics.Brick(size=[1, 0.1, 0.1], color=graphics.color.red)])
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    return mbs, ground, body


def ElementOf(scene, category, index):
    return [e for e in scene.elements if e.item is not None and e.item.category == category and e.item.index == index]


def test_bodyIsPosedByItsNode():
    SC = exu.SystemContainer()
    mbs, ground, body = Pendulum(SC)
    scene = Scene(SC)
    element = [e for e in ElementOf(scene, 'Object', body) if e.kind == 'rigid'][0]
    assert len(element.parts.meshes) == 1 and not element.static
    node = mbs.GetObject(body)['nodeNumber']
    # turn the body by 0.3 rad about z around the joint (the node's coordinates: displacement, then rotation)
    phi = 0.3
    q = np.zeros(mbs.systemData.ODE2Size())
    start = mbs.GetNodeODE2Index(node)
    q[start:start + 3] = [0.5 * np.cos(phi) - 0.5, 0.5 * np.sin(phi), 0.]
    mbs.systemData.SetODE2Coordinates(q)
    nodeType = mbs.GetNode(node)['nodeType']
    if 'Rxyz' in nodeType:
        q[start + 5] = phi
    else:  # Euler parameters
        q[start + 3:start + 7] = np.array([np.cos(phi / 2), 0, 0, np.sin(phi / 2)]) - [1, 0, 0, 0]
    mbs.systemData.SetODE2Coordinates(q)
    p, R = element.pose()
    np.testing.assert_allclose(p, [0.5 * np.cos(phi), 0.5 * np.sin(phi), 0.], atol=1e-12)
    np.testing.assert_allclose(R, RotationMatrixZ(phi), atol=1e-12)
    groundElement = ElementOf(scene, 'Object', ground)[0]
    assert groundElement.static and len(groundElement.parts.meshes) == 2


def test_defaultDrawingsFollowTheSettings():
    SC = exu.SystemContainer()
    mbs, ground, body = Pendulum(SC)
    scene = Scene(SC)
    categories = {e.item.category for e in scene.elements if e.item is not None}
    # the joint is an object; markers are shown by default; mbs.CreateRigidBody hides its node (Vshow=False, as Exudyn's)
    assert categories == {'Object', 'Marker'}
    joint = [e for e in scene.elements if e.item is not None and e.item.typeName == 'JointRevoluteZ']
    assert joint, 'the joint is drawn'
    vs = SC.visualizationSettings
    vs.nodes.show = False
    vs.markers.show = False
    vs.bodies.showNumbers = True
    scene = Scene(SC)
    assert {e.item.category for e in scene.elements if e.item is not None} == {'Object'}
    element = [e for e in ElementOf(scene, 'Object', body) if e.kind == 'rigid'][0]
    assert [label.text for label in element.parts.labels] == [f'O{body}']
    mbs.SetObjectParameter(body, 'Vshow', False)
    assert not [e for e in ElementOf(Scene(SC), 'Object', body) if e.kind == 'rigid']


def test_nodeSizeAndColourHonourSettings():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 2, 3]))
    mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    mbs.Assemble()
    SC.visualizationSettings.nodes.defaultSize = 0.4
    SC.visualizationSettings.nodes.defaultColor = [0., 1., 0., 1.]
    node = ElementOf(Scene(SC), 'Node', n)[0]
    vertices = node.parts.meshes[0].vertices.astype(float)
    np.testing.assert_allclose(np.linalg.norm(vertices, axis=1), 0.2, rtol=1e-6)  # a ball of diameter 0.4
    np.testing.assert_allclose(node.parts.meshes[0].rgba, [0, 1, 0, 1])
    np.testing.assert_allclose(node.pose()[0], [1, 2, 3])
    # the mass point without graphics data: a ball in the bodies' default colour
    body = ElementOf(Scene(SC), 'Object', 0)[0]
    np.testing.assert_allclose(body.parts.meshes[0].rgba, SC.visualizationSettings.bodies.defaultColor)


def test_springIsACoilBetweenItsMarkersAndLoadArrowsScale():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0, -1, 0]))
    mass = mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    mMass = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mass, localPosition=[0, 0, 0]))
    mbs.AddObject(ObjectConnectorSpringDamper(markerNumbers=[mGround, mMass], stiffness=100, referenceLength=1))
    load = mbs.AddLoad(Force(markerNumber=mMass, loadVector=[0, -20, 0]))
    mbs.Assemble()
    vs = SC.visualizationSettings
    scene = Scene(SC)
    coil = [e for e in scene.elements if e.kind == 'segments' and e.item.typeName == 'ConnectorSpringDamper'][0]
    points, colours = coil.segments()
    np.testing.assert_allclose(points[0], [0, 0, 0])
    np.testing.assert_allclose(points[-1], [0, -1, 0])
    np.testing.assert_allclose(colours[0], vs.connectors.defaultColor)
    def ArrowTip(scene):
        """the world point of the tip of the (constant) load's solid arrow"""
        arrow = [e for e in scene.elements if e.item is not None and e.item.category == 'Load'][0]
        assert arrow.kind == 'rigid'
        p, R = arrow.pose()
        local = np.vstack([m.vertices for m in arrow.parts.meshes]).astype(float)
        return p + R @ local[np.argmax(local[:, 0])], p
    tip, start = ArrowTip(scene)
    np.testing.assert_allclose(start, [0, -1, 0])
    np.testing.assert_allclose(tip - start, [0, -vs.loads.defaultSize, 0], atol=1e-6)  # fixedLoadSize: the default size
    vs.loads.fixedLoadSize = False
    vs.loads.loadSizeFactor = 0.01
    tip, start = ArrowTip(Scene(SC))
    np.testing.assert_allclose(tip - start, [0, -0.2, 0], atol=1e-6)  # 0.01 m/N * 20 N
    # the coil follows the mass
    mbs.systemData.SetODE2Coordinates([0.5, -0.5, 0])
    points, _ = coil.segments()
    np.testing.assert_allclose(points[-1], [0.5, -1.5, 0])
    assert load == 0


def test_loadWithUserFunctionIsARecomputedArrow():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0]))
    mass = mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    marker = mbs.AddMarker(MarkerBodyPosition(bodyNumber=mass, localPosition=[0, 0, 0]))
    mbs.AddLoad(Force(markerNumber=marker, loadVector=[0, 0, 0],
                      loadVectorUserFunction=lambda mbs, t, load: [10 * (1 + t), 0, 0]))
    mbs.Assemble()
    vs = SC.visualizationSettings
    vs.loads.fixedLoadSize = False
    vs.loads.loadSizeFactor = 0.1
    arrow = [e for e in Scene(SC).elements if e.item is not None and e.item.category == 'Load'][0]
    assert arrow.kind == 'segments'
    points, _ = arrow.segments()
    np.testing.assert_allclose(points[:2], [[1, 0, 0], [2, 0, 0]])  # 0.1 m/N * 10 N at t = 0
    mbs.systemData.SetTime(1.)
    points, _ = arrow.segments()
    np.testing.assert_allclose(points[:2], [[1, 0, 0], [3, 0, 0]])  # 20 N at t = 1


def test_identicalBodiesAreBatched():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    previous = mbs.CreateGround()
    for i in range(5):
        body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), referencePosition=[i + 0.5, 0, 0],
                                   graphicsDataList=[graphics.Brick(size=[1, 0.1, 0.1], color=graphics.color.steelblue)])
        mbs.CreateRevoluteJoint(itemNumbers=[previous, body], position=[i, 0, 0], axis=[0, 0, 1])
        previous = body
    mbs.Assemble()
    scene = Scene(SC)
    batches = list(scene.Batches().values())
    bodyBatches = [b for b in batches if scene.elements[b[0]].item.category == 'Object'
                   and scene.elements[b[0]].item.typeName == 'RigidBody']
    assert len(bodyBatches) == 1 and len(bodyBatches[0]) == 5
    sample = scene.Sample()
    np.testing.assert_allclose([sample[i][0][0] for i in bodyBatches[0]], [0.5, 1.5, 2.5, 3.5, 4.5])


def test_cableIsDeformedAndContourColoured():
    from multidyn.beams import GenerateStraightLineANCFCable2D
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    cable = Cable2D(physicsMassPerLength=1., physicsBendingStiffness=1., physicsAxialStiffness=1e4, physicsLength=0.5)
    nodes, objects = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [2, 0, 0], 4, cable)[:2]
    mbs.Assemble()
    vs = SC.visualizationSettings
    vs.contour.outputVariable = exu.OutputVariableType.Position
    vs.contour.outputVariableComponent = 0  # x: from 0 (blue) to 2 (red)
    vs.contour.automaticRange = False
    vs.contour.minValue, vs.contour.maxValue = 0., 2.
    scene = Scene(SC)
    lines = [e for e in scene.elements if e.kind == 'segments' and e.item.typeName == 'ANCFCable2D']
    assert len(lines) == 4
    points, colours = lines[0].segments()
    np.testing.assert_allclose(points[0], [0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(points[-1], [0.5, 0, 0], atol=1e-12)
    np.testing.assert_allclose(colours[0], [0.1, 0.1, 0.9, 1.])  # x = 0: blue
    points, colours = lines[-1].segments()
    np.testing.assert_allclose(colours[-1], [0.9, 0.1, 0.1, 1.])  # x = 2: red
    assert scene.colorBar[:2] == ['Position', 0] and scene.colorBar[2:] == [0., 2.]
    # bent: lift the cable's last node by 0.1: the drawn end follows
    q = np.zeros(mbs.systemData.ODE2Size())
    q[mbs.GetNodeODE2Index(nodes[-1]) + 1] = 0.1
    mbs.systemData.SetODE2Coordinates(q)
    points, _ = lines[-1].segments()
    np.testing.assert_allclose(points[-1], [2., 0.1, 0.], atol=1e-12)


def test_worldBasisAndUnassembledSystem():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround()
    with pytest.raises(RuntimeError, match='not assembled'):
        Scene(SC)
    mbs.Assemble()
    SC.visualizationSettings.general.drawWorldBasis = True
    SC.visualizationSettings.general.worldBasisSize = 2.
    basis = [e for e in Scene(SC).elements if e.name == '/world/basis'][0]
    np.testing.assert_allclose(basis.parts.segmentPoints[1], [2, 0, 0])


def test_badGraphicsDataOfAnItemIsRefusedWhenAdded():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    with pytest.raises((ValueError, TypeError), match='graphicsData'):
        mbs.AddObject(ObjectGround(visualization=VObjectGround(graphicsData=[{'type': 'Cone'}])))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        mbs.AddObject(ObjectGround(visualization=VObjectGround(graphicsData=[graphics.Sphere()])))


def test_positionSensorTraceFollowsTheSampledStates():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(physicsMass=1, nodeNumber=n))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Position,
                                      storeInternal=True))
    mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Velocity, storeInternal=True))
    mbs.Assemble()
    traces = SC.visualizationSettings.sensors.traces
    traces.showPositionTrace = True
    traces.timeSpan = 0.25
    scene = Scene(SC)
    trace = [e for e in scene.elements if e.name.endswith('/trace')]
    assert len(trace) == 1 and trace[0].item.index == sensor  # the velocity sensor has no trace
    for k in range(5):  # the point moves along x: x = t
        mbs.systemData.SetTime(0.1 * k)
        mbs.systemData.SetODE2Coordinates([0.1 * k, 0, 0])
        points, colours = trace[0].segments()
    # the last 0.25 s: the points at t = 0.2, 0.3, 0.4, as two segments
    np.testing.assert_allclose(points, [[0.2, 0, 0], [0.3, 0, 0], [0.3, 0, 0], [0.4, 0, 0]], atol=1e-12)
    np.testing.assert_allclose(colours[0], traces.traceColors[:4])
    mbs.systemData.SetTime(0.)  # back to the start (a new solve): the trace starts again
    mbs.systemData.SetODE2Coordinates([0, 0, 0])
    points, _ = trace[0].segments()
    np.testing.assert_allclose(points, [[0, 0, 0], [0, 0, 0]])


# ---------------------------------------------------------------------------------------------
# kinematic trees
def RotationZ(angle):
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def ArmTree(q, graphicsDataList=None, **visualization):
    """a planar arm: link 0 turns about z at the base (0.2, 0.1, 0), link 1 about z at 1 m along link 0's x axis,
    link 2 slides along x 0.5 m along link 1's x axis; joint coordinates q"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodeGenericODE2(numberOfODE2Coordinates=3, referenceCoordinates=[0.] * 3,
                                       initialCoordinates=list(q), initialCoordinates_t=[0.] * 3))
    tree = mbs.AddObject(ObjectKinematicTree(
        nodeNumber=node, baseOffset=[0.2, 0.1, 0.], linkParents=[-1, 0, 1],
        jointTypes=[exu.JointType.RevoluteZ, exu.JointType.RevoluteZ, exu.JointType.PrismaticX],
        jointTransformations=[np.eye(3)] * 3, jointOffsets=[[0, 0, 0], [1, 0, 0], [0.5, 0, 0]],
        linkInertiasCOM=[np.eye(3)] * 3, linkCOMs=[[0.5, 0, 0], [0.25, 0, 0], [0.1, 0, 0]], linkMasses=[1, 1, 1],
        visualization=VObjectKinematicTree(graphicsDataList=graphicsDataList or [], **visualization)))
    mbs.Assemble()
    return SC, mbs, tree


def ArmLinkFrames(q):
    """closed form of ArmTree's link frames: [(origin, rotation)] per link"""
    base = np.array([0.2, 0.1, 0.])
    R0 = RotationZ(q[0])
    p1 = base + R0 @ [1, 0, 0]
    R1 = R0 @ RotationZ(q[1])
    p2 = p1 + R1 @ [0.5 + q[2], 0, 0]
    return [(base, R0), (p1, R1), (p2, R1)]


def test_kinematicTreeLinksArePosedByTheirFramesAndDrawTheirGraphics():
    q = [0.4, -0.9, 0.15]
    bricks = [[graphics.Brick([0.5, 0, 0], [1, 0.1, 0.1], graphics.color.red)],
              [graphics.Brick([0.25, 0, 0], [0.5, 0.1, 0.1], graphics.color.blue)],
              [graphics.Sphere([0, 0, 0], 0.05, graphics.color.green)]]
    SC, mbs, tree = ArmTree(q, bricks)
    scene = Scene(SC)
    links = [i for i, e in enumerate(scene.elements) if '/links/' in e.name]
    assert [scene.elements[i].name for i in links] == [f'/mbs0/objects/{tree}/links/{k}' for k in range(3)]
    sample = scene.Sample()
    for k, (origin, rotation) in enumerate(ArmLinkFrames(q)):
        p, R = sample[links[k]]
        np.testing.assert_allclose(p, origin, atol=1e-12)
        np.testing.assert_allclose(R, rotation, atol=1e-12)
    # each link draws its own list, in link coordinates
    red = scene.elements[links[0]].parts.meshes[0]
    np.testing.assert_array_equal(red.rgba, graphics.color.red)
    np.testing.assert_allclose(red.vertices.min(axis=0), [0, -0.05, -0.05], atol=1e-6)
    np.testing.assert_allclose(red.vertices.max(axis=0), [1, 0.05, 0.05], atol=1e-6)
    np.testing.assert_array_equal(scene.elements[links[1]].parts.meshes[0].rgba, graphics.color.blue)
    # the poses follow the joint coordinates
    q2 = [-1.1, 0.3, -0.2]
    mbs.systemData.SetODE2Coordinates(q2)
    sample = scene.Sample()
    for k, (origin, rotation) in enumerate(ArmLinkFrames(q2)):
        np.testing.assert_allclose(sample[links[k]][0], origin, atol=1e-12)
        np.testing.assert_allclose(sample[links[k]][1], rotation, atol=1e-12)


def test_kinematicTreeDefaultDrawingReachesTheChildJoints():
    SC, mbs, tree = ArmTree([0., 0., 0.])
    SC.visualizationSettings.bodies.kinematicTree.showJointFrames = False
    scene = Scene(SC)
    links = [e for e in scene.elements if '/links/' in e.name]
    assert len(links) == 3
    # link 0: a rod to link 1's joint at x = 1 and a joint cylinder along z; link 1 a rod to x = 0.5; link 2 (a leaf)
    # a rod to its center of mass at x = 0.1, and a box on its prismatic joint
    for element, end in zip(links, [1., 0.5, 0.1]):
        points = np.vstack([m.vertices for m in element.parts.meshes])
        assert points[:, 0].max() == pytest.approx(end, abs=1e-6)
        assert points[:, 0].min() < 0  # the joint around the origin
    jointCylinder = links[0].parts.meshes[-1].vertices
    assert np.ptp(jointCylinder[:, 2]) > np.ptp(jointCylinder[:, 0])  # along the revolute joint's axis z
    # showLinks and showJoints off: nothing but the frames
    SC, mbs, tree = ArmTree([0., 0., 0.], showLinks=False, showJoints=False)
    SC.visualizationSettings.bodies.kinematicTree.showJointFrames = True
    for element in [e for e in Scene(SC).elements if '/links/' in e.name]:
        assert not element.parts.meshes and len(element.parts.segmentPoints) == 6  # three axes
    # the bodies' show settings hide it
    SC.visualizationSettings.bodies.show = False
    assert not [e for e in Scene(SC).elements if '/links/' in e.name]


def test_kinematicTreeSensorIsDrawnAtItsLinkPoint():
    q = [0.7, 0.5, 0.1]
    SC, mbs, tree = ArmTree(q)
    sensor = mbs.AddSensor(SensorKinematicTree(objectNumber=tree, linkNumber=1, localPosition=[0.3, 0.2, 0],
                                               outputVariableType=exu.OutputVariableType.Position, storeInternal=True))
    mbs.Assemble()
    SC.visualizationSettings.sensors.show = True
    scene = Scene(SC)
    index = [i for i, e in enumerate(scene.elements) if e.name == f'/mbs0/sensors/{sensor}'][0]
    origin, rotation = ArmLinkFrames(q)[1]
    np.testing.assert_allclose(scene.Sample()[index][0], origin + rotation @ [0.3, 0.2, 0], atol=1e-12)
    np.testing.assert_allclose(scene.Sample()[index][0], mbs.GetSensorValues(sensor), atol=1e-12)


def test_getObjectOutputSuperElementReadsLinksAndRefusesOtherObjects():
    q = [0.2, 0.3, 0.05]
    SC, mbs, tree = ArmTree(q)
    Output = exu.OutputVariableType
    for k, (origin, rotation) in enumerate(ArmLinkFrames(q)):
        np.testing.assert_allclose(mbs.GetObjectOutputSuperElement(tree, Output.Position, k), origin, atol=1e-12)
        np.testing.assert_allclose(np.reshape(mbs.GetObjectOutputSuperElement(tree, Output.RotationMatrix, k), (3, 3)),
                                   rotation, atol=1e-12)
    np.testing.assert_allclose(mbs.GetObjectOutputSuperElement(tree, Output.Position, 1, exu.ConfigurationType.Reference),
                               ArmLinkFrames([0, 0, 0])[1][0], atol=1e-12)
    with pytest.raises(ValueError, match="GetObjectOutputSuperElement: parameter 'meshNodeNumber': 3 is not a link"):
        mbs.GetObjectOutputSuperElement(tree, Output.Position, 3)
    ground = mbs.AddObject(ObjectGround())
    mbs.Assemble()
    with pytest.raises(TypeError, match=f"GetObjectOutputSuperElement: object {ground}.*has no mesh nodes"):
        mbs.GetObjectOutputSuperElement(ground, Output.Position, 0)


# ---------------------------------------------------------------------------------------------
# graphicsDataUserFunction
def test_graphicsDataUserFunctionIsCalledAtEachSampleInBodyCoordinates():
    calls = []

    def Growing(mbs, itemNumber):  # a brick whose length is the number of calls so far
        calls.append(itemNumber)
        return [graphics.Brick(centerPoint=[0.5, 0, 0], size=[len(calls), 0.1, 0.1], color=graphics.color.blue)]

    def Marker(mbs, itemNumber):  # Exudyn's example: world-fixed graphics of a ground, at the time drawn
        t = mbs.systemData.GetTime(exu.ConfigurationType.Visualization)
        return [graphics.Sphere(point=[np.sin(t), np.cos(t), 0], radius=0.1, color=graphics.color.red)]

    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround(referencePosition=[0, 0, 2], graphicsDataUserFunction=Marker)
    body = mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), referencePosition=[0.5, 0, 0],
                               graphicsDataUserFunction=Growing)
    mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    scene = Scene(SC)
    userElements = [e for e in scene.elements if e.kind == 'user']
    assert [(e.item.index, e.name) for e in userElements] == [(ground, f'/mbs0/objects/{ground}/userGraphics'),
                                                              (body, f'/mbs0/objects/{body}/userGraphics')]
    assert not [e for e in ElementOf(scene, 'Object', body) if e.kind == 'rigid']  # no default box besides it
    index = scene.elements.index(userElements[1])
    for count in (1, 2):
        p, R, data = scene.Sample()[index]
        assert calls == [body] * count  # once per sample
        np.testing.assert_allclose(p, [0.5, 0, 0], atol=1e-12)
        vertices = scene.UserGraphicsParts(userElements[1], data).meshes[0].vertices
        np.testing.assert_allclose(vertices.max(axis=0) - vertices.min(axis=0), [count, 0.1, 0.1], atol=1e-6)
    # the body turned by 0.3 rad about z: the drawing turns with it (its list is in body coordinates)
    phi = 0.3
    node = mbs.GetObject(body)['nodeNumber']
    q = np.zeros(mbs.systemData.ODE2Size())
    start = mbs.GetNodeODE2Index(node)
    q[start:start + 3] = [0.5 * np.cos(phi) - 0.5, 0.5 * np.sin(phi), 0.]
    q[start + 3:start + 7] = np.array([np.cos(phi / 2), 0, 0, np.sin(phi / 2)]) - [1, 0, 0, 0]  # Euler parameters
    assert mbs.GetNode(node)['nodeType'] == 'RigidBodyEP'
    mbs.systemData.SetODE2Coordinates(q)
    p, R, data = scene.Sample()[index]
    np.testing.assert_allclose(p, [0.5 * np.cos(phi), 0.5 * np.sin(phi), 0.], atol=1e-12)
    np.testing.assert_allclose(R, RotationMatrixZ(phi), atol=1e-12)
    groundState = scene.Sample()[scene.elements.index(userElements[0])]
    np.testing.assert_allclose(groundState[0], [0, 0, 2])  # the ground's frame
    sphere = scene.UserGraphicsParts(userElements[0], groundState[2]).meshes[0].vertices
    np.testing.assert_allclose(sphere.mean(axis=0), [0, 1, 0], atol=1e-3)  # t = 0: at (sin 0, cos 0, 0)


@pytest.mark.parametrize('function, error, message', [
    (lambda mbs, i: 1 / 0, RuntimeError, r"object 1 \(RigidBody ''\) graphicsDataUserFunction raised ZeroDivisionError"),
    (lambda mbs, i: graphics.Brick(), TypeError, r"graphicsDataUserFunction must return a list of graphics dicts"),
])
def test_graphicsDataUserFunctionErrorsNameTheItem(function, error, message):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround()
    mbs.CreateRigidBody(inertia=InertiaCuboid(1000., [1, 0.1, 0.1]), graphicsDataUserFunction=function)
    mbs.Assemble()
    with pytest.raises(error, match=message):
        Scene(SC).Sample()


def test_graphicsDataUserFunctionBadGraphicsAndBadArgument():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.CreateGround(graphicsDataUserFunction=lambda mbs, i: [{'type': 'Sphere'}])
    mbs.Assemble()
    scene = Scene(SC)
    element = [e for e in scene.elements if e.kind == 'user'][0]
    with pytest.raises(GraphicsDataError, match=rf"object {ground} \(Ground ''\) graphicsDataUserFunction"):
        scene.UserGraphicsParts(element, scene.Sample()[0][2])
    with pytest.raises(TypeError, match="CreateGround: parameter 'graphicsDataUserFunction': expected 0 or a function"):
        mbs.CreateGround(graphicsDataUserFunction='draw')
