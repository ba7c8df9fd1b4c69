"""The surface Exudyn scripts use beyond the items: the star import of utilities, graphics
primitives and their storage, visualizationSettings, renderer no-ops, autoAssemble, Exudyn 1.13's
names of settings and arguments with the deprecation of the 1.11 ones."""
import json
import warnings

import numpy as np
import pytest

import multidyn as exu
import multidyn.graphics as graphics
from multidyn.api import simulationSettings as settingsModule


def StarImport():
    namespace = {}
    exec('from multidyn.utilities import *', namespace)
    return namespace


# ---------------------------------------------------------------------------------------------
# from multidyn.utilities import *
def test_starImportBringsItemsRotationsInertiaAndGraphicsNames():
    names = StarImport()
    for name in ['ObjectGround', 'RigidBody', 'VObjectGround', 'NodePointGround', 'MassPoint', 'Force', 'Torque',
                 'RevoluteJointZ', 'TorsionalSpringDamper', 'MarkerNodeRigid', 'SensorBody',
                 'RotationMatrixX', 'RotXYZ2RotationMatrix', 'EulerParameters2RotationMatrix', 'HT', 'HTtranslate',
                 'HomogeneousTransformation', 'InverseHT', 'RigidBodyInertia', 'InertiaCuboid', 'InertiaCylinder',
                 'Normalize', 'NormL2', 'SmoothStep', 'pi', 'g', 'sqrt2', 'np', 'sqrt', 'exudyn',
                 'GraphicsDataOrthoCubePoint', 'GraphicsDataSphere', 'GraphicsDataCylinder', 'GraphicsDataCheckerBoard',
                 'GraphicsDataLine', 'GraphicsDataRectangle', 'color4red', 'color4list', 'RotationMatrix2D',
                 'GramSchmidt']:
        assert name in names, name
    assert names['exudyn'] is exu
    assert names['RigidBody'] is exu.itemInterface.ObjectRigidBody
    assert names['color4red'] == graphics.color.red


def test_exudynItemsNotInMultidynRaiseAClearErrorWhenUsed():
    names = StarImport()
    missing = names['ObjectBeamGeometricallyExact2D']
    with pytest.raises(NotImplementedError, match='ObjectBeamGeometricallyExact2D is an Exudyn item that multidyn does not have'):
        missing(nodeNumbers=[0, 1])
    with pytest.raises(NotImplementedError, match='ObjectBeamGeometricallyExact2D'):
        names['Beam2D']()  # the short name stands for the same item
    with pytest.raises(NotImplementedError, match='ObjectBeamGeometricallyExact2D'):
        names['VBeam2D'](show=True)
    # every item class of Exudyn 1.13 has a name (SensorUserFunction was once missing: a NameError in scripts)
    sensorClass = names['SensorUserFunction']
    if issubclass(sensorClass, exu.itemInterface.MissingItem):
        with pytest.raises(NotImplementedError, match='SensorUserFunction is an Exudyn item'):
            sensorClass(sensorNumbers=[0], factors=[1.])


def test_helpersAgainstClosedForms():
    names = StarImport()
    assert names['Normalize']([3, 0, 4]) == pytest.approx([0.6, 0., 0.8])
    assert names['NormL2']([3, 4]) == pytest.approx(5.)
    assert names['SmoothStep'](0.5, 0., 1., 2., 4.) == pytest.approx(3.)  # symmetric: mid value at mid point
    # Exudyn's half cosine wave (its createKinematicTreeTest.py depends on the exact shape)
    assert names['SmoothStep'](0.25, 0., 1., 2., 4.) == pytest.approx(2. + 2. * 0.5 * (1. - np.cos(0.25 * np.pi)), rel=1e-15)
    assert names['SmoothStep'](-1., 0., 1., 2., 4.) == 2. and names['SmoothStep'](2., 0., 1., 2., 4.) == 4.
    h = 1e-6  # derivative against a central difference
    numeric = (names['SmoothStep'](0.3 + h, 0., 1., 2., 4.) - names['SmoothStep'](0.3 - h, 0., 1., 2., 4.)) / (2 * h)
    assert names['SmoothStepDerivative'](0.3, 0., 1., 2., 4.) == pytest.approx(numeric, rel=1e-8)
    n0, n1, n2 = names['GramSchmidt']([2, 0, 0], [1, 1, 0])
    assert np.allclose([n0, n1, n2], np.eye(3))
    A = names['RotationMatrix2D'](np.pi / 2)
    assert np.allclose(A @ [1., 0.], [0., 1.])
    with pytest.raises(ValueError, match="Normalize: parameter 'v'"):
        names['Normalize']([0, 0, 0])


# ---------------------------------------------------------------------------------------------
# graphics primitives
def Points(g):
    return np.asarray(g['points'], dtype=float).reshape(-1, 3)


def Triangles(g):
    return np.asarray(g['triangles'], dtype=int).reshape(-1, 3)


def OutwardFraction(g, center):
    """share of triangles whose normal (p1-p0)x(p2-p0) points away from center"""
    p, t = Points(g), Triangles(g)
    count, outward = 0, 0
    for a, b, c in t:
        n = np.cross(p[b] - p[a], p[c] - p[a])
        if np.linalg.norm(n) < 1e-14:
            continue  # degenerate (a point on an axis)
        count += 1
        outward += np.dot(n, (p[a] + p[b] + p[c]) / 3 - center) > 0
    return outward / count


def test_brickHasItsEightCornersAndOutwardTriangles():
    g = graphics.Brick(centerPoint=[1., 2., 3.], size=[2., 4., 6.], color=graphics.color.red)
    assert g['type'] == 'TriangleList'
    corners = {tuple(p) for p in Points(g)}
    expected = {(x, y, z) for x in (0., 2.) for y in (0., 4.) for z in (0., 6.)}
    assert corners == expected and len(Points(g)) == 8
    assert len(Triangles(g)) == 12
    assert OutwardFraction(g, np.array([1., 2., 3.])) == 1.
    assert np.allclose(np.asarray(g['colors']).reshape(-1, 4), graphics.color.red)
    # the total area of the 12 triangles is the box's surface 2(ab+bc+ca)
    p, t = Points(g), Triangles(g)
    area = sum(0.5 * np.linalg.norm(np.cross(p[b] - p[a], p[c] - p[a])) for a, b, c in t)
    assert area == pytest.approx(2 * (2 * 4 + 4 * 6 + 6 * 2))


def test_brickWithNormalsAndEdges():
    g = graphics.Brick([0, 0, 0], [1, 1, 1], addNormals=True, addEdges=True)
    normals = np.asarray(g['normals']).reshape(-1, 3)
    assert len(normals) == len(Points(g)) == 24
    for a, b, c in Triangles(g):  # the triangle's own normal equals its vertices' normals
        n = np.cross(Points(g)[b] - Points(g)[a], Points(g)[c] - Points(g)[a])
        assert np.allclose(n / np.linalg.norm(n), normals[a])
    edges = np.asarray(g['edges']).reshape(-1, 2)
    lengths = [np.linalg.norm(Points(g)[a] - Points(g)[b]) for a, b in edges]
    assert len(edges) == 12 and np.allclose(lengths, 1.)


def test_spherePointsLieOnTheSphereAndNormalsAreRadial():
    center, radius = np.array([0.5, -1., 2.]), 0.3
    g = graphics.Sphere(point=center, radius=radius, nTiles=12)
    p = Points(g)
    assert np.allclose(np.linalg.norm(p - center, axis=1), radius)
    assert np.allclose(np.asarray(g['normals']).reshape(-1, 3), (p - center) / radius)
    assert OutwardFraction(g, center) == 1.
    # the mesh is closed: every edge is shared by exactly two triangles
    edgeCount = {}
    for tri in Triangles(g):
        for k in range(3):
            edge = tuple(sorted((tri[k], tri[(k + 1) % 3])))
            edgeCount[edge] = edgeCount.get(edge, 0) + 1
    assert set(edgeCount.values()) == {2}


def test_cylinderArrowBasisAndCheckerBoard():
    g = graphics.Cylinder(pAxis=[0, 0, 1], vAxis=[0, 0, 2], radius=0.5, nTiles=16)
    p = Points(g)
    radial = np.linalg.norm(p[:, 0:2], axis=1)
    assert np.all((np.isclose(radial, 0.5)) | (np.isclose(radial, 0.)))
    assert p[:, 2].min() == pytest.approx(1.) and p[:, 2].max() == pytest.approx(3.)
    assert OutwardFraction(g, np.array([0, 0, 2.])) == 1.
    arrow = graphics.Arrow([0, 0, 0], [1, 0, 0], 0.01)
    assert Points(arrow)[:, 0].max() == pytest.approx(1.)  # the tip
    basis = graphics.Basis(length=2.)
    assert np.allclose(Points(basis).max(axis=0), [2., 2., 2.])
    board = graphics.CheckerBoard(point=[0, 0, -1], normal=[0, 0, 1], size=4, nTiles=4)
    bp = Points(board)
    assert np.allclose(bp[:, 2], -1.) and np.allclose(bp[:, 0:2].min(axis=0), [-2, -2])
    colors = np.asarray(board['colors']).reshape(-1, 4)
    assert {tuple(c) for c in colors} == {tuple(graphics.color.lightgrey), tuple(graphics.color.lightgrey2)}
    assert np.allclose(np.asarray(board['normals']).reshape(-1, 3), [0, 0, 1])


def test_linesTextCircleAndMove():
    line = graphics.Lines([[0, 0, 0], [1, 0, 0], [1, 1, 0]], color=graphics.color.blue)
    assert line['type'] == 'Line' and list(line['data']) == [0, 0, 0, 1, 0, 0, 1, 1, 0]
    assert graphics.Text([1, 2, 3], 'abc')['text'] == 'abc'
    assert graphics.Circle([0, 0, 0], 2.)['radius'] == 2.
    moved = graphics.Move(graphics.Brick([0, 0, 0], [2, 2, 2]), [1, 0, 0], exu.utilities.RotationMatrixZ(np.pi / 2))
    assert np.allclose(Points(moved).mean(axis=0), [1., 0., 0.])
    with pytest.raises(ValueError, match="graphics.Brick: parameter 'size'"):
        graphics.Brick(size=[1, 2])
    with pytest.raises(ValueError, match="graphics.Sphere: parameter 'radius'"):
        graphics.Sphere(radius=-1.)


def test_legacyGraphicsDataNamesAreTheNewFunctions():
    names = StarImport()
    assert names['GraphicsDataOrthoCubePoint'] is graphics.Brick
    assert names['GraphicsDataSphere'] is graphics.Sphere
    assert names['GraphicsDataCheckerBoard'] is graphics.CheckerBoard


def DistanceToLine(p, origin, direction):
    """distances of the points p from the line through origin along the unit vector direction"""
    d = p - origin
    return np.linalg.norm(d - np.outer(d @ direction, direction), axis=1)


def test_rigidLinkIsAShaftBetweenTwoJointCylinders():
    p0, p1 = np.array([-0.5, 0., 0.2]), np.array([0.5, 0., 0.2])
    g = graphics.RigidLink(p0=p0, p1=p1, axis0=[0, 0, 1], axis1=[0, 0, 2], radius=[0.1, 0.15], thickness=0.05,
                           width=[0.2, 0.3], color=graphics.color.steelblue, nTiles=16)
    assert g['type'] == 'TriangleList'
    p, t = Points(g), Triangles(g)
    assert t.min() >= 0 and t.max() < len(p)
    assert np.allclose(np.asarray(g['colors']).reshape(-1, 4), graphics.color.steelblue)
    # every point lies on the surface of one of the three cylinders
    ez, ex = np.array([0., 0., 1.]), np.array([1., 0., 0.])
    # (points on an axis: the centers of the end faces)
    onShaft = (np.isclose(DistanceToLine(p, p0, ex), 0.025) | np.isclose(DistanceToLine(p, p0, ex), 0.)) \
        & np.isclose(np.abs(p[:, 0]), 0.5)
    onJoint0 = (np.isclose(DistanceToLine(p, p0, ez), 0.1) | np.isclose(DistanceToLine(p, p0, ez), 0.)) \
        & np.isclose(np.abs(p[:, 2] - 0.2), 0.1)
    onJoint1 = (np.isclose(DistanceToLine(p, p1, ez), 0.15) | np.isclose(DistanceToLine(p, p1, ez), 0.)) \
        & np.isclose(np.abs(p[:, 2] - 0.2), 0.15)
    assert np.all(onShaft | onJoint0 | onJoint1)
    assert onShaft.any() and onJoint0.any() and onJoint1.any()
    # the extents: the joint cylinders reach out to their radii at the ends and their half widths in z
    assert p.min(axis=0) == pytest.approx([-0.6, -0.15, 0.2 - 0.15])
    assert p.max(axis=0) == pytest.approx([0.65, 0.15, 0.2 + 0.15])
    # triangles point outwards from the axis of the part they belong to
    for a, b, c in t:
        n = np.cross(p[b] - p[a], p[c] - p[a])
        if np.linalg.norm(n) < 1e-14:
            continue
        centroid = (p[a] + p[b] + p[c]) / 3
        onLinkPart = [onShaft[a] and onShaft[b] and onShaft[c], onJoint0[a] and onJoint0[b] and onJoint0[c],
                      onJoint1[a] and onJoint1[b] and onJoint1[c]]
        centers = [0.5 * (p0 + p1), p0, p1]
        assert any(onPart and n @ (centroid - center) > 0 for onPart, center in zip(onLinkPart, centers))


def test_rigidLinkWithoutAxesHasSphericalJoints():
    p0, p1 = np.array([0., 0., 0.]), np.array([0., 0., 1.])
    g = graphics.RigidLink(p0=p0, p1=p1, radius=[0.1, 0.2], thickness=0.04, width=[0, 0])  # width not used
    p = Points(g)
    r0, r1 = np.linalg.norm(p - p0, axis=1), np.linalg.norm(p - p1, axis=1)
    onShaft = np.isclose(np.linalg.norm(p[:, 0:2], axis=1), 0.02) | np.isclose(np.linalg.norm(p[:, 0:2], axis=1), 0.)
    assert np.all(onShaft | np.isclose(r0, 0.1) | np.isclose(r1, 0.2))
    assert np.isclose(r0, 0.1).sum() > 8 and np.isclose(r1, 0.2).sum() > 8  # two spheres, not only shaft points
    assert p.min(axis=0) == pytest.approx([-0.2, -0.2, -0.1]) and p.max(axis=0) == pytest.approx([0.2, 0.2, 1.2])
    # defaults as Exudyn's: black, radius 0.1 spheres
    default = graphics.RigidLink([0, 0, 0], [1, 0, 0])
    assert np.allclose(np.asarray(default['colors']).reshape(-1, 4), graphics.color.black)
    assert Points(default)[:, 0].max() == pytest.approx(1.1)
    mbs = exu.SystemContainer().AddSystem()
    GroundWithGraphics(mbs, [g, default])  # accepted as graphicsData


def test_rigidLinkOlderNameAndBadInput():
    names = StarImport()
    assert 'GraphicsDataRigidLink' in names and 'RigidLink' in graphics.__all__
    arguments = dict(p0=[0, 0, 0], p1=[1, 0, 0], axis0=[0, 0, 1], radius=[0.1, 0.1], thickness=0.05)
    old, new = names['GraphicsDataRigidLink'](**arguments), graphics.RigidLink(**arguments)
    assert old.keys() == new.keys() and all(np.array_equal(old[key], new[key]) for key in new)
    for bad, message in [(dict(p1=[0, 0, 0]), "'p1': expected a point different from p0"),
                         (dict(p0=[0, 0]), "'p0': expected a list of 3 finite numbers"),
                         (dict(radius=0.1), "'radius': expected a list of 2 finite numbers"),
                         (dict(radius=[0.1, -0.1]), "'radius': expected two radii > 0"),
                         (dict(width=[0, 0.1]), "'width': expected .*width0 > 0 for the cylinder along axis0"),
                         (dict(thickness=0), "'thickness': expected a finite number > 0"),
                         (dict(axis1=[0, np.nan, 1]), "'axis1': expected a list of 3 finite numbers"),
                         (dict(color=[1, 0, 0]), "'color': expected a list of 4 finite numbers"),
                         (dict(nTiles=2), "'nTiles': expected an integer >= 3")]:
        with pytest.raises(ValueError, match="graphics.RigidLink: parameter " + message):
            graphics.RigidLink(**{**arguments, **bad})


def test_inertiaGetGraphicsDrawsItsShapeAtTheCOM():
    u = exu.utilities
    cuboid = u.InertiaCuboid(1000., [0.4, 0.2, 0.1]).Translated([1., 0., 0.])
    p = Points(cuboid.GetGraphics(graphics.color.red))
    assert p.min(axis=0) == pytest.approx([0.8, -0.1, -0.05]) and p.max(axis=0) == pytest.approx([1.2, 0.1, 0.05])
    sphere = u.InertiaSphere(mass=2., radius=0.3).GetGraphics(graphics.color.red)
    assert np.allclose(np.linalg.norm(Points(sphere), axis=1), 0.3)
    assert np.allclose(np.asarray(sphere['colors']).reshape(-1, 4), graphics.color.red)
    assert np.allclose(np.linalg.norm(Points(u.InertiaHollowSphere(1., 0.2).GetGraphics(graphics.color.red)), axis=1),
                       0.2)
    # a cylinder along its axis (y), with 2*nTiles segments around, hollow if innerRadius > 0
    cylinder = u.InertiaCylinder(1000., 0.5, 0.1, 1, innerRadius=0.05).GetGraphics(graphics.color.blue, nTiles=8)
    q = Points(cylinder)
    assert q[:, 1].min() == pytest.approx(-0.25) and q[:, 1].max() == pytest.approx(0.25)
    assert set(np.round(np.linalg.norm(q[:, [0, 2]], axis=1), 12)) == {0.05, 0.1}
    assert len(q) == 4 * 16 + 16  # 4 contour points (and the closing one) turned in 16 steps
    rod = Points(u.InertiaRodX(1., 2.).GetGraphics(graphics.color.red))
    assert rod.max(axis=0) == pytest.approx([1., 0.01, 0.01])
    # a mass point: a sphere of density 2000
    point = Points(u.InertiaMassPoint(2000. * 4. / 3. * np.pi * 0.1 ** 3).GetGraphics(graphics.color.red))
    assert np.allclose(np.linalg.norm(point, axis=1), 0.1)
    # graphics.color.default gives the default body color
    default = u.InertiaSphere(mass=1., radius=0.1).GetGraphics(graphics.color.default)
    assert np.allclose(np.asarray(default['colors']).reshape(-1, 4), graphics.color.defaultBody)
    # a general inertia (a sum, a rotated one) has no shape
    assert u.RigidBodyInertia(1., np.eye(3)).GetGraphics(graphics.color.red) is None
    assert (u.InertiaSphere(mass=1., radius=0.1) + u.InertiaRodX(1., 1.)).GetGraphics(graphics.color.red) is None
    assert u.InertiaCuboid(1., [1, 1, 1]).Rotated(np.eye(3)).GetGraphics(graphics.color.red) is None
    assert u.InertiaCuboid(1., [1, 1, 1]).Transformed(u.HTtranslate([0, 0, 1])).data['type'] == 'InertiaCuboid'
    with pytest.raises(ValueError, match="GetGraphics: parameter 'color'"):
        u.InertiaSphere(mass=1., radius=0.1).GetGraphics([1, 0, 0])
    with pytest.raises(ValueError, match="GetGraphics: parameter 'nTiles' must be an integer >= 3"):
        u.InertiaSphere(mass=1., radius=0.1).GetGraphics(graphics.color.red, nTiles=2.5)


# ---------------------------------------------------------------------------------------------
# graphicsData on bodies: validated, stored, saved
def GroundWithGraphics(mbs, graphicsData):
    return mbs.AddObject(exu.itemInterface.ObjectGround(
        referencePosition=[0, 0, 0], visualization=exu.itemInterface.VObjectGround(graphicsData=graphicsData)))


def test_graphicsDataIsStoredAndSavedWithTheModel(tmp_path):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    brick = graphics.Brick([0, 0, 0], [1, 2, 3], graphics.color.red)
    rowsForm = dict(brick, points=np.asarray(brick['points']).reshape(-1, 3))  # Exudyn 1.13's rows
    oldLine = {'type': 'Line', 'color': [0.1, 0.1, 0.8, 1], 'data': [0, 0, 0, 1, 0, 0]}  # a 1.11 dict by hand
    ground = GroundWithGraphics(mbs, [rowsForm, oldLine, graphics.Text([0, 0, 0], 'hi')])
    stored = mbs.GetObject(ground)['VgraphicsData']
    assert len(stored) == 3
    assert stored[0]['points'] == pytest.approx(list(brick['points']))  # rows stored flat
    assert stored[1] == {'type': 'Line', 'color': [0.1, 0.1, 0.8, 1], 'data': [0, 0, 0, 1, 0, 0]}
    inertia = exu.utilities.InertiaCuboid(1000., [1, 1, 1])
    body = mbs.CreateRigidBody(inertia=inertia, graphicsDataList=[graphics.Sphere(radius=0.5)])
    assert mbs.GetObject(body)['VgraphicsData'][0]['type'] == 'TriangleList'
    fileName = str(tmp_path / 'model.json')
    mbs.Save(fileName)
    with open(fileName) as file:
        assert json.load(file)  # valid JSON
    mbs2 = exu.SystemContainer().AddSystem()
    mbs2.Load(fileName)
    assert mbs2.GetObject(ground)['VgraphicsData'] == stored
    assert mbs2.GetObject(body)['VgraphicsData'] == mbs.GetObject(body)['VgraphicsData']


@pytest.mark.parametrize('bad, message', [
    ({'type': 'Triangles', 'points': []}, "unknown type 'Triangles'"),
    ({'points': [0, 0, 0]}, "has no 'type'"),
    ({'type': 'TriangleList', 'points': [0, 0, 0, 1, 0, 0, 0, 1, 0], 'triangles': [0, 1, 3]},
     "'triangles': entry 2 refers to point 3, but there are 3 points"),
    ({'type': 'TriangleList', 'points': [0, 0, 0, 1, 0, 0, 0, 1, 0], 'triangles': [0, 1, 2], 'colors': [1, 0, 0, 1]},
     "'colors': expected one row of 4 per point"),
    ({'type': 'Line', 'data': [0, 0, 0, 1, 0]}, "expected a multiple of 3 numbers"),
    ({'type': 'Circle', 'position': [0, 0, 0], 'radius': -1}, "'radius': expected a number >= 0"),
    ({'type': 'Text', 'position': [0, 0, 0], 'text': 'a', 'size': 3}, "unknown key 'size'"),
    ({'type': 'Line', 'data': [0, 0, float('nan')]}, "finite"),
    ('Brick', "expected a graphics dict"),
])
def test_badGraphicsDataNamesTheItemEntryAndKey(bad, message):
    mbs = exu.SystemContainer().AddSystem()
    with pytest.raises((ValueError, TypeError), match='graphicsData') as error:
        GroundWithGraphics(mbs, [graphics.Brick(), bad])
    assert message in str(error.value)
    assert 'graphicsData[1]' in str(error.value)
    assert mbs.NumberOfObjects() == 0  # nothing was added


# ---------------------------------------------------------------------------------------------
# visualizationSettings and the renderer
def test_visualizationSettingsAcceptExudynAssignments():
    SC = exu.SystemContainer()
    vs = SC.visualizationSettings
    vs.nodes.drawNodesAsPoint = False
    vs.general.autoFitScene = False
    vs.openGL.multiSampling = 4
    vs.window.renderWindowSize = [1600, 1200]
    vs.nodes.defaultColor = np.array([1., 0., 0., 1.])
    vs.contour.outputVariable = exu.OutputVariableType.Displacement
    vs.general.textSize = 14  # an int for a float setting
    assert vs.nodes.drawNodesAsPoint is False and vs.openGL.multiSampling == 4
    assert vs.window.renderWindowSize == [1600, 1200]
    assert vs.GetDictionary()['contour']['outputVariable'] == 'Displacement'
    assert vs.general.textSize == 14.
    other = exu.SystemContainer().visualizationSettings
    assert other.nodes.drawNodesAsPoint is True  # each container has its own settings
    other.SetDictionary(vs.GetDictionary())
    assert other.GetDictionary() == vs.GetDictionary()


@pytest.mark.parametrize('path, value, error, message', [
    ('nodes.drawNodesAsPointt', False, AttributeError, "no setting 'nodes.drawNodesAsPointt'"),
    ('nodes.drawNodesAsPoint', 'yes', TypeError, 'expected True or False'),
    ('openGL.multiSampling', 2.5, TypeError, 'expected an integer'),
    ('window.renderWindowSize', [1, 2, 3], ValueError, 'expected a list of shape [2]'),
    ('general.textSize', float('inf'), ValueError, 'finite'),
    ('nodes', 3, AttributeError, 'is a structure'),
    ('contour.outputVariable', 3.5, TypeError, 'OutputVariableType'),
])
def test_badVisualizationSettingsAreRejected(path, value, error, message):
    vs = exu.SystemContainer().visualizationSettings
    *parents, name = path.split('.')
    node = vs
    for parent in parents:
        node = getattr(node, parent)
    before = vs.GetDictionary()
    with pytest.raises(error, match=message.replace('[', r'\[').replace(']', r'\]')):
        setattr(node, name, value)
    assert vs.GetDictionary() == before


def test_rendererCallsWithoutViserSayWhatToInstall(capsys, monkeypatch):
    from multidyn.viewer import renderer  # where its state is (multidyn.renderer is the face)
    monkeypatch.setattr(renderer, '_said', set())
    monkeypatch.setattr(renderer, 'ViewerAvailable', lambda: False)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround()
    mbs.Assemble()
    assert exu.StartRenderer() is False
    assert SC.renderer.Start() is False
    for _ in range(2):  # a call said once, however often it comes
        SC.renderer.DoIdleTasks()
    SC.WaitForRenderEngineStopFlag()
    mbs.WaitForUserToContinue()
    SC.renderer.Stop()
    exu.StopRenderer()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 6 and all('pip install multidyn[viewer]' in line for line in lines)
    assert 'exu.StartRenderer()' in lines[0] and 'SC.renderer.DoIdleTasks()' in lines[2]
    assert SC.renderer.IsActive() is False and SC.renderer.GetState()['zoom'] > 0
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    assert mbs.SolveDynamic(settings)  # the solve runs as without a viewer


def test_moduleLevelNames(capsys):
    exu.Print('a', 1)
    assert capsys.readouterr().out == 'a 1\n'
    assert exu.LinearSolverType.EigenSparse == 2 and exu.LinearSolverType.EXUdense == 1
    assert exu.DynamicSolverType.RK44 == 6
    assert str(exu.ItemType._None) == 'ItemType._None'  # pybind11's name of Exudyn's None member
    assert isinstance(exu.sys, dict)
    assert exu.GetVersionString() == exu.__version__ == exu.config.Version()
    assert exu.__version__ in exu.GetVersionString(True)


@pytest.mark.parametrize('enumType, member, value', [
    (exu.DynamicSolverType, 'RK44', 6), (exu.LinearSolverType, 'EigenSparse', 2), (exu.ItemType, 'Marker', 3),
    (exu.NodeType, 'RotationEulerParameters', 128), (exu.JointType, 'PrismaticZ', 6)])
def test_enumsShowThemselvesAsExudynsDo(enumType, member, value):
    # Exudyn's pybind11 enums print as 'Type.Member' (Python 3.11's IntEnum would print the number);
    # they stay integers with Exudyn's values
    item = enumType[member]
    expected = f"{enumType.__name__}.{member}"
    assert str(item) == f"{item}" == "%s" % item == expected
    assert repr(item) == f"<{expected}: {value}>"
    assert item == value and int(item) == value and enumType(value) is item
    assert f"{item:d}" == f"{value:d}" and f"{item:>4}" == f"{value:>4}" and "%d" % item == str(value)


# ---------------------------------------------------------------------------------------------
# solving: autoAssemble, module-level functions
def FallingMass(mbs):
    node = mbs.AddNode(exu.itemInterface.NodePoint(referenceCoordinates=[0, 0, 0]))
    body = mbs.AddObject(exu.itemInterface.MassPoint(physicsMass=2., nodeNumber=node))
    marker = mbs.AddMarker(exu.itemInterface.MarkerBodyPosition(bodyNumber=body))
    mbs.AddLoad(exu.itemInterface.Force(markerNumber=marker, loadVector=[0, -4., 0]))  # a = -2 m/s^2
    return node


def Settings():
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 1.
    settings.timeIntegration.numberOfSteps = 10
    settings.solution.file.write = False
    return settings


def test_solveDynamicAssemblesAnUnassembledSystemWithAWarning(workDir):
    mbs = exu.SystemContainer().AddSystem()
    node = FallingMass(mbs)
    with pytest.warns(UserWarning, match='autoAssemble'):
        mbs.SolveDynamic(Settings())
    # constant acceleration: the generalized-alpha method is exact for u = a t^2 / 2
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1] == pytest.approx(-1., rel=1e-10)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        exu.SolveDynamic(mbs, Settings())  # assembled now: no warning
    mbs.AddNode(exu.itemInterface.NodePoint(referenceCoordinates=[1, 0, 0]))
    with pytest.raises(exu.NotAssembledError):
        mbs.SolveDynamic(Settings(), autoAssemble=False)


def test_solveStaticAssemblesAnUnassembledSystemWithAWarning(workDir):
    mbs = exu.SystemContainer().AddSystem()
    node = FallingMass(mbs)
    ground = mbs.AddObject(exu.itemInterface.ObjectGround())
    anchor = mbs.AddMarker(exu.itemInterface.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0.1, 0]))
    mass = mbs.AddMarker(exu.itemInterface.MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(exu.itemInterface.SpringDamper(markerNumbers=[anchor, mass], stiffness=800., referenceLength=0.))
    settings = Settings()
    settings.staticSolver.verboseMode = 0
    with pytest.warns(UserWarning, match='autoAssemble'):
        mbs.SolveStatic(settings)
    # the weight 4 N on a zero-length spring of 800 N/m: 5 mm below the anchor
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1] == pytest.approx(0.095, rel=1e-10)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        exu.SolveStatic(mbs, settings)  # assembled now: no warning
    mbs.AddNode(exu.itemInterface.NodePoint(referenceCoordinates=[1, 0, 0]))
    with pytest.raises(exu.NotAssembledError):
        mbs.SolveStatic(settings, autoAssemble=False)


# ---------------------------------------------------------------------------------------------
# Exudyn 1.13 and 1.11 names
def test_exudyn113NamesReachTheSameSettingsAs111Names():
    settings = exu.SimulationSettings()
    for new, old in settingsModule.exudyn113Names.items():
        newValue = settings
        for part in new.split('.'):
            newValue = getattr(newValue, part)
        oldNode = settings
        for part in old.split('.')[:-1]:
            oldNode = getattr(oldNode, part)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            assert newValue == getattr(oldNode, old.split('.')[-1]), new
    settings.solution.file.write = False
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    settings.timeIntegration.newton.active = False
    settings.show.statistics = True
    stored = settings.GetDictionary()
    assert stored['solutionSettings']['writeSolutionToFile'] is False
    assert stored['linearSolverType'] == 'EigenSparse'
    assert settings.linearSolver.solverType == exu.LinearSolverType.EigenSparse
    assert stored['timeIntegration']['newton']['useNewtonSolver'] is False
    assert stored['displayStatistics'] is True
    assert settings.solution.GetDictionary()['file']['write'] is False
    with pytest.raises(AttributeError, match="no setting 'solution.file.wrte'"):
        settings.solution.file.wrte = True
    with pytest.raises(TypeError, match=r'SimulationSettings\.solution\.file\.write: '):  # the name as given
        settings.solution.file.write = 'no'


def test_exudyn111NamesWarnOnceAsExudyn113(monkeypatch):
    monkeypatch.setattr(settingsModule, '_warnedNames', set())
    settings = exu.SimulationSettings()
    with pytest.warns(DeprecationWarning, match='solutionSettings.writeSolutionToFile is deprecated! use '
                                                 'solution.file.write instead'):
        settings.solutionSettings.writeSolutionToFile = False
    assert settings.solution.file.write is False
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        settings.solutionSettings.writeSolutionToFile = True  # once per name
        settings.timeIntegration.endTime = 2.  # a name both versions share
        settings.solution.file.write = True
    with pytest.warns(DeprecationWarning, match='use linearSolver.solverType'):
        settings.linearSolverType = exu.LinearSolverType.EigenSparse


def test_createFunctionsTakeItemNumbersAndWarnForBodyNumbers():
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    inertia = exu.utilities.InertiaCuboid(1000., [0.1, 0.1, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1, 0, 0])
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        joint = mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    # as Exudyn's: the joint's ObjectIndex (its markers in its markerNumbers)
    assert isinstance(joint, exu.ObjectIndex) and mbs.GetObject(joint)['objectType'] == 'JointRevoluteZ'
    assert len(mbs.GetObjectParameter(joint, 'markerNumbers')) == 2
    with pytest.warns(DeprecationWarning, match='bodyNumbers.*itemNumbers'):
        mbs.CreateTorsionalSpringDamper(bodyNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1],
                                        stiffness=1.)


def test_itemDictsAnswerToTheOlderNamesOfTheirParameters():
    """Exudyn 1.11's GetObject had 'physicsCenterOfMass', 1.13's has 'centerOfMass': both are read."""
    mbs = exu.SystemContainer().AddSystem()
    body = mbs.CreateRigidBody(inertia=exu.utilities.InertiaCuboid(1000., [0.1, 0.2, 0.3]).Translated([0.1, 0., 0.]))
    item = mbs.GetObject(body)
    assert 'centerOfMass' in item.keys() and 'physicsCenterOfMass' not in item.keys()  # one name per parameter
    assert item['physicsCenterOfMass'] == item['centerOfMass'] == pytest.approx([0.1, 0., 0.])
    assert 'physicsMass' in item and item.get('physicsMass') == item['mass'] == pytest.approx(6.)
    assert item.get('noSuchName', 'absent') == 'absent' and 'noSuchName' not in item
    with pytest.raises(KeyError, match='noSuchName'):
        item['noSuchName']
    assert json.loads(json.dumps(dict(item)))['mass'] == pytest.approx(6.)


def test_createMassPoint():
    mbs = exu.SystemContainer().AddSystem()
    body = mbs.CreateMassPoint(referencePosition=[1, 2, 3], initialVelocity=[0, 1, 0], mass=2.,
                               gravity=[0, 0, -9.81])
    data = mbs.GetObject(body)
    assert data['physicsMass'] == 2.
    assert mbs.GetNode(data['nodeNumber'])['referenceCoordinates'] == [1, 2, 3]
    assert mbs.NumberOfLoads() == 1
    with pytest.warns(DeprecationWarning, match='physicsMass.*mass'):
        mbs.CreateMassPoint(physicsMass=1.)
    with pytest.raises(ValueError, match="CreateMassPoint: parameter 'referencePosition'"):
        mbs.CreateMassPoint(referencePosition=[1, 2], mass=1.)


def test_createForceAndTorqueOnBodyNodeAndMarker(workDir):
    # a free mass point under a constant force: x(t) = F t^2 / (2 m), exact for generalized-alpha
    mbs = exu.SystemContainer().AddSystem()
    body = mbs.CreateMassPoint(referencePosition=[0, 0, 0], mass=2.)
    node = mbs.GetObject(body)['nodeNumber']
    mbs.CreateForce(itemNumber=body, loadVector=[4., 0, 0])
    mbs.CreateForce(itemNumber=exu.NodeIndex(node), loadVector=[0, 2., 0])
    with pytest.warns(DeprecationWarning, match='bodyNumber.*itemNumber'):
        mbs.CreateForce(bodyNumber=body, loadVector=[0, 0, -2.])
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', UserWarning)
        mbs.SolveDynamic(Settings())
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position) == pytest.approx([1., 0.5, -0.5], rel=1e-10)
    rigid = exu.SystemContainer().AddSystem()
    inertia = exu.utilities.InertiaCuboid(1000., [0.1, 0.2, 0.3])
    rigidBody = rigid.CreateRigidBody(inertia=inertia)
    load = rigid.CreateTorque(itemNumber=rigidBody, loadVector=[0, 0, 1.])
    assert rigid.GetLoad(load)['loadVector'] == [0, 0, 1.]
    with pytest.raises(TypeError, match="CreateTorque: parameter 'itemNumber'"):
        rigid.CreateTorque(itemNumber=3.5, loadVector=[0, 0, 1.])
    with pytest.raises(NotImplementedError, match='nodeType RotationRotationVector is not available'):
        rigid.CreateRigidBody(inertia=inertia, nodeType=exu.NodeType.RotationRotationVector)


def test_graphicsDataUtilitiesAndMaterials():
    names = StarImport()
    box = names['GraphicsDataOrthoCubeLines'](0, 0, 0, 1, 2, 3, color=graphics.color.red)
    edges = np.asarray(box['edges']).reshape(-1, 2)
    lengths = sorted(np.linalg.norm(Points(box)[a] - Points(box)[b]) for a, b in edges)
    assert lengths == pytest.approx([1.] * 4 + [2.] * 4 + [3.] * 4) and len(box['triangles']) == 0
    mbs = exu.SystemContainer().AddSystem()
    GroundWithGraphics(mbs, [box, names['GraphicsDataRectangle'](0, 0, 1, 1)])
    assert graphics.material.steel[3] == graphics.material.indexSteel
    assert names['sin'](0.) == 0. and names['cos'](0.) == 1.


def test_createSpringDamperReferenceLengthFromTheReferenceConfiguration():
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround(referencePosition=[0, 0, 1])
    body = mbs.CreateMassPoint(referencePosition=[3, 4, 1], mass=1.)
    itemAvailable = not issubclass(exu.itemInterface.ObjectConnectorSpringDamper, exu.itemInterface.MissingItem)
    markersBefore = mbs.NumberOfMarkers()
    if not itemAvailable:  # until ObjectConnectorSpringDamper is merged: a clear error, nothing added
        with pytest.raises(NotImplementedError, match='ObjectConnectorSpringDamper'):
            mbs.CreateSpringDamper(itemNumbers=[ground, body], stiffness=100.)
        assert mbs.NumberOfMarkers() == markersBefore
        return
    connector = mbs.CreateSpringDamper(itemNumbers=[ground, body], localPosition1=[0, 0, 0], stiffness=100.)
    assert mbs.GetObject(connector)['referenceLength'] == pytest.approx(5.)  # |[3,4,1] - [0,0,1]|
    with pytest.warns(DeprecationWarning, match='bodyNumbers.*itemNumbers'):
        mbs.CreateSpringDamper(bodyNumbers=[ground, body], localPosition0=[3, 0, 0])
    assert mbs.GetObject(exu.ObjectIndex(connector + 1))['referenceLength'] == pytest.approx(4.)


def test_solverTypeIsASettingAsInExudyn113():
    settings = exu.SimulationSettings()
    assert settings.timeIntegration.solverType == exu.DynamicSolverType.GeneralizedAlpha
    settings.timeIntegration.solverType = exu.DynamicSolverType.RK44
    assert settings.timeIntegration.solverType == exu.DynamicSolverType.RK44
    with pytest.raises(TypeError, match='timeIntegration.solverType: expected an exu.DynamicSolverType'):
        settings.timeIntegration.solverType = 99
    mbs = exu.SystemContainer().AddSystem()
    node = FallingMass(mbs)
    mbs.Assemble()
    settings.timeIntegration.numberOfSteps = 10
    settings.timeIntegration.endTime = 1.
    settings.solution.file.write = False
    settings.timeIntegration.explicit.computeEndOfStepAccelerations = False
    mbs.SolveDynamic(settings)  # the setting selects the solver: RK44 is exact for constant acceleration
    assert mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[1] == pytest.approx(-1., abs=1e-13)
    assert mbs.sys["dynamicSolverStatistics"]["newtonIterations"] == 0  # explicit: no Newton iterations
    assert exu.SimulationSettings().timeIntegration.solverType == exu.DynamicSolverType.GeneralizedAlpha


def test_integerSettingsTakeIntegralFloatsAndSolutionFileNamesKeepTheirExtension(workDir):
    import os
    settings = Settings()
    settings.timeIntegration.numberOfSteps = 10.  # as scripts compute it: tEnd/h
    assert settings.timeIntegration.numberOfSteps == 10 and isinstance(settings.timeIntegration.numberOfSteps, int)
    with pytest.raises(TypeError, match='numberOfSteps: expected an integer'):
        settings.timeIntegration.numberOfSteps = 10.5
    # verbose levels take a bool, as scripts write verboseMode = useGraphics; counts do not
    settings.timeIntegration.verboseMode = True
    settings.staticSolver.verboseMode = False
    assert settings.timeIntegration.verboseMode == 1 and settings.staticSolver.verboseMode == 0
    with pytest.raises(TypeError, match='numberOfSteps: expected an integer, got the bool True'):
        settings.timeIntegration.numberOfSteps = True
    settings.solution.file.write = True
    settings.solution.file.name = 'solution/run.txt'
    mbs = exu.SystemContainer().AddSystem()
    FallingMass(mbs)
    mbs.Assemble()
    mbs.SolveDynamic(settings)
    assert os.path.isfile('solution/run.txt') and not os.path.exists('solution/run.txt.txt')
    settings.solution.file.name = 'solution/noExtension'
    mbs.SolveDynamic(settings)
    assert os.path.isfile('solution/noExtension.txt')


# ---------------------------------------------------------------------------------------------
# Exudyn's joint helpers GetOtherMarker and GetJointArgs (exudyn.utilities)
def _TiltedPendulum(mbs, names):
    """A bar (its centre at [0.5, -0.2, 0.1], tilted) under gravity, without joint yet."""
    return mbs.CreateRigidBody(inertia=names['InertiaCuboid'](1000., [1., 0.1, 0.1]),
                               referencePosition=[0.5, -0.2, 0.1],
                               referenceRotationMatrix=names['RotationVector2RotationMatrix']([0.2, -0.3, 0.4]),
                               gravity=[0, -9.81, 0])


def _SolveAndTotals(mbs, bodies):
    settings = exu.SimulationSettings()
    settings.solution.file.write = False
    settings.timeIntegration.endTime = 0.5
    settings.timeIntegration.numberOfSteps = 250
    mbs.Assemble()
    mbs.SolveDynamic(settings)
    return [mbs.GetNodeOutput(mbs.GetObject(b)['nodeNumber'], exu.OutputVariableType.CoordinatesTotal) for b in bodies]


def test_getJointArgsBuildsTheJointCreateRevoluteJointBuilds():
    """A joint from GetJointArgs (an existing marker on one side, a new one on the other body)
    moves its pendulum exactly as CreateRevoluteJoint's joint about the same axis moves an
    identical pendulum; the two joint frames coincide in the reference configuration."""
    names = StarImport()
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    # on ground, axis global z through p_J
    p_J = [0.25, -0.1, 0.1]
    bodyA, bodyB = _TiltedPendulum(mbs, names), _TiltedPendulum(mbs, names)
    mbs.CreateRevoluteJoint(itemNumbers=[ground, bodyA], position=p_J, axis=[0, 0, 1])
    mGround = mbs.AddMarker(names['MarkerBodyRigid'](bodyNumber=ground, localPosition=p_J))
    args = names['GetJointArgs'](mbs, markerNumber0=mGround, bodyNumber1=bodyB)
    mbs.AddObject(names['RevoluteJointZ'](**args))
    # the other way round: an existing marker on the body, its joint z axis along the body's y
    # (rotationMarker1 = RotationMatrixX(-pi/2) maps joint z to marker y), the new marker on ground
    bodyC, bodyD = _TiltedPendulum(mbs, names), _TiltedPendulum(mbs, names)
    p_local = [-0.5, 0, 0]
    mbs.CreateRevoluteJoint(itemNumbers=[bodyC, ground], position=p_local, axis=[0, 1, 0], useGlobalFrame=False)
    mBody = mbs.AddMarker(names['MarkerBodyRigid'](bodyNumber=bodyD, localPosition=p_local))
    R1 = names['RotationMatrixX'](-0.5 * np.pi)
    args1 = names['GetJointArgs'](mbs, markerNumber1=mBody, rotationMarker1=R1, bodyNumber0=ground)
    assert args1['markerNumbers'][1] == mBody and np.allclose(args1['rotationMarker1'], R1)
    mbs.AddObject(names['RevoluteJointZ'](**args1))

    reference = exu.ConfigurationType.Reference
    OVT = exu.OutputVariableType
    for a in (args, args1):
        frames = [np.reshape(mbs.GetMarkerOutput(m, OVT.RotationMatrix, reference), (3, 3)) @ R
                  for m, R in zip(a['markerNumbers'], [a['rotationMarker0'], a['rotationMarker1']])]
        assert np.allclose(frames[0], frames[1], atol=1e-14)
        positions = [mbs.GetMarkerOutput(m, OVT.Position, reference) for m in a['markerNumbers']]
        assert np.allclose(positions[0], positions[1], atol=1e-14)
    A, B, C, D = _SolveAndTotals(mbs, [bodyA, bodyB, bodyC, bodyD])
    assert np.linalg.norm(A[0:3] - [0.5, -0.2, 0.1]) > 0.05 and np.linalg.norm(C[0:3] - [0.5, -0.2, 0.1]) > 0.05  # swung
    assert np.allclose(A, B, atol=1e-10)
    assert np.allclose(C, D, atol=1e-10)


def test_getOtherMarkerAndBadJointArgs():
    names = StarImport()
    mbs = exu.SystemContainer().AddSystem()
    ground = mbs.CreateGround()
    body = _TiltedPendulum(mbs, names)
    m0 = mbs.AddMarker(names['MarkerBodyRigid'](bodyNumber=ground, localPosition=[1, 2, 3]))
    m1 = names['GetOtherMarker'](mbs, body, m0)
    reference = exu.ConfigurationType.Reference
    assert np.allclose(mbs.GetMarkerOutput(m1, exu.OutputVariableType.Position, reference), [1, 2, 3], atol=1e-14)
    GetJointArgs = names['GetJointArgs']
    with pytest.raises(ValueError, match="GetJointArgs: give markerNumber0 or markerNumber1, not both"):
        GetJointArgs(mbs, markerNumber0=m0, markerNumber1=m1, bodyNumber1=body)
    with pytest.raises(ValueError, match="parameter 'bodyNumber1'"):
        GetJointArgs(mbs, markerNumber0=m0)
    with pytest.raises(ValueError, match="parameter 'bodyNumber0'"):
        GetJointArgs(mbs, markerNumber1=m0)
    with pytest.raises(ValueError, match="GetJointArgs: give markerNumber0"):
        GetJointArgs(mbs)
    with pytest.raises(ValueError, match="parameter 'rotationMarker0': expected a 3x3 rotation matrix"):
        GetJointArgs(mbs, markerNumber0=m0, rotationMarker0=[1, 0, 0], bodyNumber1=body)
    with pytest.raises(TypeError, match="parameter 'bodyNumber1': expected the ObjectIndex of a body"):
        GetJointArgs(mbs, markerNumber0=m0, bodyNumber1='body')
    markersBefore = mbs.NumberOfMarkers()
    with pytest.raises(ValueError):
        GetJointArgs(mbs, markerNumber0=m0, rotationMarker0=np.eye(2), bodyNumber1=body)
    assert mbs.NumberOfMarkers() == markersBefore  # nothing added on bad input


# ---------------------------------------------------------------------------------------------
# every module of the package loads on its own, and exu.demos
def test_everyModuleOfThePackageExecutesOnItsOwn():
    """Exudyn's allExudynModulesTest executes each .py file of the package as a top-level module
    (importlib spec_from_file_location under its stem): that needs absolute imports."""
    import importlib.util
    import pathlib
    import sys
    directory = pathlib.Path(exu.__file__).parent
    modules = sorted(path for path in list(directory.glob('*.py')) + list(directory.glob('*/*.py'))
                     if path.name != '__init__.py')  # the subpackages' modules too (multidyn.robotics)
    assert len(modules) > 15 and any(path.parent.name == 'robotics' for path in modules)
    saved = dict(sys.modules)
    try:
        for path in modules:
            spec = importlib.util.spec_from_file_location(path.stem, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[path.stem] = module
            spec.loader.exec_module(module)
    finally:
        for name in set(sys.modules) - set(saved):
            del sys.modules[name]
        sys.modules.update(saved)


def test_demosRunAndDemo1MatchesTheClosedForm(workDir, capsys):
    mbs, SC = exu.demos.Demo1(showAll=False)
    x = mbs.GetNodeOutput(0, exu.OutputVariableType.Position)[0]
    assert x == pytest.approx(0.001 / 10. / 2., rel=1e-12)  # x = F t^2 / (2 m) at t = 1 s
    mbs, SC = exu.demos.Demo2(showAll=False)
    assert mbs.systemData.NumberOfObjects() == 1 + 12 + 12  # ground, links, joints
    for joint in range(2, 25, 2):  # bodies and joints alternate; the joints hold: their two points coincide
        assert np.linalg.norm(mbs.GetObjectOutput(joint, exu.OutputVariableType.DisplacementLocal)) < 1e-8
    assert capsys.readouterr().out == ''  # showAll=False: quiet
