"""MainSystem API: adding items as objects and dicts, typed indices, parameters by name (with
Exudyn's alias names), outputs in all configurations, item classes, deprecated parameters,
run-time versus structural changes and the ODE2 coordinate order."""

import math
import warnings

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403
from multidyn import utilities as ut

OVT = exu.OutputVariableType
CT = exu.ConfigurationType


@pytest.fixture(autouse=True)
def _inTempDir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def QuietSettings(endTime=1., numberOfSteps=100):
    s = exu.SimulationSettings()
    s.solution.file.write = False
    s.solution.sensors.active = False
    s.timeIntegration.endTime = endTime
    s.timeIntegration.numberOfSteps = numberOfSteps
    return s


def NewSystem():
    return exu.SystemContainer().AddSystem()


def MiniExample(mbs, offset=0., k=2e3):
    """The seed's torsional spring mini example; returns its indices."""
    oGround = mbs.AddObject(ObjectGround())
    nBody = mbs.AddNode(RigidRxyz())
    oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nBody))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
    oJoint = mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    oSpring = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody], stiffness=k, damping=k * 0.01,
                                                  offset=offset))
    lTorque = mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))
    return dict(oGround=oGround, nBody=nBody, oBody=oBody, mBody=mBody, mGround=mGround, oJoint=oJoint,
                oSpring=oSpring, lTorque=lTorque)


# ---- adding items, typed indices ----------------------------------------------------------------

def test_addItemsReturnTypedIndices():
    mbs = NewSystem()
    oGround = mbs.AddObject(ObjectGround())
    n0 = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 1]))
    n1 = mbs.AddNode({'nodeType': 'RigidBodyRxyz', 'referenceCoordinates': [0, 0, 0, 0, 0, 0]})
    o1 = mbs.AddObject({'objectType': 'RigidBody', 'mass': 2., 'inertia': [1, 1, 1, 0, 0, 0], 'nodeNumber': n1})
    o2 = mbs.AddObject(MassPoint(nodeNumber=n0, physicsMass=1.))
    m0 = mbs.AddMarker({'markerType': 'NodePosition', 'nodeNumber': n0})
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=o1))
    l0 = mbs.AddLoad({'loadType': 'ForceVector', 'markerNumber': m0, 'loadVector': [0, 0, -1]})
    l1 = mbs.AddLoad(Torque(markerNumber=m1, loadVector=[0, 0, 1]))
    s0 = mbs.AddSensor({'sensorType': 'Node', 'nodeNumber': n0, 'writeToFile': False,
                        'outputVariableType': OVT.Position})
    s1 = mbs.AddSensor(SensorLoad(loadNumber=l1, writeToFile=False, outputVariableType=OVT.Torque))
    expected = [(oGround, exu.ObjectIndex, 0), (n0, exu.NodeIndex, 0), (n1, exu.NodeIndex, 1),
                (o1, exu.ObjectIndex, 1), (o2, exu.ObjectIndex, 2), (m0, exu.MarkerIndex, 0),
                (m1, exu.MarkerIndex, 1), (l0, exu.LoadIndex, 0), (l1, exu.LoadIndex, 1),
                (s0, exu.SensorIndex, 0), (s1, exu.SensorIndex, 1)]
    for index, indexType, value in expected:
        assert type(index) is indexType
        assert isinstance(index, int) and index == value
    assert repr(n1) == 'NodeIndex(1)' and str(n1) == '1'
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(), mbs.NumberOfLoads(),
            mbs.NumberOfSensors()) == (2, 3, 2, 2, 2)
    assert mbs.GetObject(o1)['mass'] == 2.
    assert mbs.GetObject(o2)['physicsMass'] == 1.
    assert mbs.GetLoad(l0)['loadVector'] == [0, 0, -1]
    assert mbs.GetSensor(s0)['outputVariableType'] == 'Position'


def test_dictAndItemObjectGiveTheSameItem():
    a, b = NewSystem(), NewSystem()
    for mbs, asDict in [(a, False), (b, True)]:
        item = RigidRxyz(referenceCoordinates=[1, 2, 3, 0.1, 0.2, 0.3], initialVelocities=[0, 0, 1, 0, 0, 0])
        n = mbs.AddNode(dict(item) if asDict else item)
        body = RigidBody(mass=3., inertia=[1, 2, 3, 0, 0, 0], centerOfMass=[0.1, 0, 0], nodeNumber=n,
                         visualization=VRigidBody(show=False, color=[1, 0, 0, 1]))
        mbs.AddObject(dict(body) if asDict else body)
    assert a.GetNode(0) == b.GetNode(0)
    assert a.GetObject(0) == b.GetObject(0)
    assert a.GetObject(0)['Vshow'] is False


# ---- parameters by name and Exudyn's alias names ------------------------------------------------

def test_getSetParametersByNameAndAliases():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    oBody, nBody, mGround, lTorque = ids['oBody'], ids['nBody'], ids['mGround'], ids['lTorque']
    assert mbs.GetObjectParameter(oBody, 'mass') == 1.
    assert mbs.GetObjectParameter(oBody, 'physicsMass') == 1.
    assert mbs.GetObjectParameter(oBody, 'physicsInertia') == [1, 1, 1, 0, 0, 0]
    mbs.SetObjectParameter(oBody, 'physicsMass', 2.5)
    mbs.SetObjectParameter(oBody, 'physicsInertia', [2, 3, 4, 0, 0, 0])
    mbs.SetObjectParameter(oBody, 'physicsCenterOfMass', [0.1, 0.2, 0.3])
    body = mbs.GetObject(oBody)
    assert body['mass'] == 2.5 and body['inertia'] == [2, 3, 4, 0, 0, 0] and body['centerOfMass'] == [0.1, 0.2, 0.3]
    assert mbs.GetObjectParameter(oBody, 'centerOfMass') == [0.1, 0.2, 0.3]
    assert mbs.GetObjectParameter(oBody, 'physicsCenterOfMass') == [0.1, 0.2, 0.3]
    # aliases in the item classes too
    assert RigidBody(physicsMass=4.).mass == 4.
    assert RigidBody(physicsInertia=[1, 2, 3, 0, 0, 0]).inertia == [1, 2, 3, 0, 0, 0]
    assert MassPoint(mass=0.3).physicsMass == 0.3
    # index fields come as typed indices (as Exudyn's), equal to their ints
    from multidyn.api.indices import MarkerIndex, NodeIndex
    assert isinstance(body['nodeNumber'], NodeIndex) and body['nodeNumber'] == nBody
    spring = mbs.GetObject(ids['oSpring'])
    assert all(isinstance(m, MarkerIndex) for m in spring['markerNumbers'])
    assert isinstance(mbs.GetMarker(mGround)['bodyNumber'], exu.ObjectIndex)
    # Exudyn 1.13's names of 1.11's physics* and factorValue1 parameters
    body2D = RigidBody2D(mass=2., inertia=0.5, centerOfMass=[0.1, 0.])
    assert (body2D.physicsMass, body2D.physicsInertia, body2D.physicsCenterOfMass) == (2., 0.5, [0.1, 0.])
    assert Mass1D(mass=1.5).physicsMass == 1.5 and Rotor1D(inertia=0.7).physicsInertia == 0.7
    assert CoordinateConstraint(factor1=0.5).factorValue1 == 0.5

    mbs.SetNodeParameter(nBody, 'initialVelocities', [0, 0, 0, 0, 0, 1.5])
    assert mbs.GetNodeParameter(nBody, 'initialVelocities') == [0, 0, 0, 0, 0, 1.5]
    mbs.SetMarkerParameter(mGround, 'localPosition', [0.5, 0, 0])
    assert mbs.GetMarkerParameter(mGround, 'localPosition') == [0.5, 0, 0]
    mbs.SetLoadParameter(lTorque, 'loadVector', [0, 0, 2.])
    assert mbs.GetLoadParameter(lTorque, 'loadVector') == [0, 0, 2.]
    assert mbs.GetLoad(lTorque)['loadVector'] == [0, 0, 2.]
    mbs.SetObjectParameter(ids['oSpring'], 'name', 'spring')
    assert mbs.GetObject(ids['oSpring'])['name'] == 'spring'
    # the visualization parameters by their names
    mbs.SetObjectParameter(ids['oSpring'], 'show', False)
    assert mbs.GetObjectParameter(ids['oSpring'], 'show') is False
    assert mbs.GetObject(ids['oSpring'])['Vshow'] is False


def test_setParameterTakesEffectInTheSolution():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    mbs.SetLoadParameter(ids['lTorque'], 'loadVector', [0, 0, 4.])
    mbs.Assemble()
    mbs.SolveDynamic(QuietSettings())
    assert mbs.GetNodeOutput(ids['nBody'], OVT.Rotation)[2] == pytest.approx(4. / 2e3, rel=1e-3)


# ---- outputs --------------------------------------------------------------------------------------

def test_getNodeOutputConfigurations():
    mbs = NewSystem()
    n = mbs.AddNode(RigidRxyz(referenceCoordinates=[1, 2, 3, 0, 0, 0], initialCoordinates=[0.1, 0, 0, 0, 0, 0],
                              initialVelocities=[0.5, 0, 0, 0, 0, 0]))
    mbs.AddObject(RigidBody(mass=2., inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    m = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n))
    mbs.AddLoad(Force(markerNumber=m, loadVector=[0, 0, 2.]))  # acceleration 1 in z
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position, CT.Reference), [1, 2, 3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position, CT.Initial), [1.1, 2, 3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position), [1.1, 2, 3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Velocity, CT.Initial), [0.5, 0, 0], atol=1e-15)
    mbs.SolveDynamic(QuietSettings())
    # constant acceleration: generalized-alpha is exact up to Newton tolerance
    current = mbs.GetNodeOutput(n, OVT.Position, configuration=CT.Current)
    assert np.allclose(current, [1.1 + 0.5, 2, 3 + 0.5], atol=1e-8)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Displacement), [0.6, 0, 0.5], atol=1e-8)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Velocity), [0.5, 0, 1.], atol=1e-8)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position, CT.Reference), [1, 2, 3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(n, OVT.Position, CT.Initial), [1.1, 2, 3], atol=1e-15)
    assert isinstance(current, np.ndarray)


def test_getObjectOutputBody():
    mbs = NewSystem()
    A = ut.RotationMatrixZ(math.pi / 2)
    n = mbs.AddNode(RigidRxyz(referenceCoordinates=[1, 2, 3, 0, 0, math.pi / 2],
                              initialVelocities=[0, 0, 0, 0, 0, 2.]))
    o = mbs.AddObject(RigidBody(mass=1., inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    p = mbs.GetObjectOutputBody(o, OVT.Position, localPosition=[1, 0, 0], configuration=CT.Reference)
    assert np.allclose(p, [1, 3, 3], atol=1e-14)
    assert np.allclose(mbs.GetObjectOutputBody(o, OVT.Position, [0, 0, 0]), [1, 2, 3], atol=1e-14)
    # v = omega x (A r): omega = 2 e_z, A r = e_y -> v = -2 e_x
    v = mbs.GetObjectOutputBody(o, OVT.Velocity, localPosition=[1, 0, 0], configuration=CT.Initial)
    assert np.allclose(v, [-2, 0, 0], atol=1e-14)
    R = np.asarray(mbs.GetObjectOutputBody(o, OVT.RotationMatrix, [0, 0, 0])).reshape(3, 3)
    assert np.allclose(R, A, atol=1e-14)


def test_coordinatesTotalIsReferencePlusCoordinatesForEveryKindOfNode():
    """CoordinatesTotal = reference + stored coordinates (Exudyn's), for ODE2 nodes of each
    kind, a ground node (none), ODE1 nodes and the ODE1 object on them; Coordinates in the
    reference configuration are the reference coordinates."""
    mbs = NewSystem()
    nodes = {
        'point': (mbs.AddNode(Point(referenceCoordinates=[1, 2, 3], initialCoordinates=[0.1, 0.2, 0.3])),
                  [1, 2, 3], [0.1, 0.2, 0.3]),
        'rxyz': (mbs.AddNode(RigidRxyz(referenceCoordinates=[1, 0, 0, 0.1, 0.2, 0.3],
                                       initialCoordinates=[0, 0.5, 0, 0, 0, 0.4])),
                 [1, 0, 0, 0.1, 0.2, 0.3], [0, 0.5, 0, 0, 0, 0.4]),
        'ep': (mbs.AddNode(RigidEP(referenceCoordinates=[0, 1, 0] + list(ut.eulerParameters0))),
               [0, 1, 0] + list(ut.eulerParameters0), [0.] * 7),
        'rigid2D': (mbs.AddNode(Rigid2D(referenceCoordinates=[1, 2, 0.5], initialCoordinates=[0.25, 0, 0.125])),
                    [1, 2, 0.5], [0.25, 0, 0.125]),
        'ode1': (mbs.AddNode(NodeGenericODE1(referenceCoordinates=[2, 3], initialCoordinates=[0.5, 0.25],
                                             numberOfODE1Coordinates=2)), [2, 3], [0.5, 0.25]),
    }
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[4, 5, 6]))
    mbs.AddObject(MassPoint(nodeNumber=nodes['point'][0], mass=1.))
    for key in ('rxyz', 'ep'):
        mbs.AddObject(RigidBody(nodeNumber=nodes[key][0], mass=1., inertia=[1, 1, 1, 0, 0, 0]))
    mbs.AddObject(RigidBody2D(nodeNumber=nodes['rigid2D'][0], physicsMass=1., physicsInertia=1.))
    oODE1 = mbs.AddObject(ObjectGenericODE1(nodeNumbers=[nodes['ode1'][0]], systemMatrix=[[0, 1], [-1, 0]]))
    mbs.Assemble()
    for key, (node, reference, initial) in nodes.items():
        total = np.add(reference, initial)
        assert np.allclose(mbs.GetNodeOutput(node, OVT.CoordinatesTotal), total, atol=1e-15), key
        assert np.allclose(mbs.GetNodeOutput(node, OVT.CoordinatesTotal, CT.Initial), total, atol=1e-15), key
        assert np.allclose(mbs.GetNodeOutput(node, OVT.Coordinates), initial, atol=1e-15), key
        assert np.allclose(mbs.GetNodeOutput(node, OVT.Coordinates, CT.Reference), reference, atol=1e-15), key
        assert np.allclose(mbs.GetNodeOutput(node, OVT.CoordinatesTotal, CT.Reference), reference, atol=1e-15), key
    assert len(mbs.GetNodeOutput(ground, OVT.CoordinatesTotal)) == 0
    assert np.allclose(mbs.GetObjectOutput(oODE1, OVT.CoordinatesTotal), [2.5, 3.25], atol=1e-15)
    assert np.allclose(mbs.GetObjectOutput(oODE1, OVT.Coordinates, CT.Reference), [2, 3], atol=1e-15)
    assert np.allclose(mbs.systemData.GetODE1Coordinates(CT.Reference), [2, 3], atol=1e-15)
    # after a solve the total follows the stored coordinates: a free mass point moves with its
    # initial velocity 0 here, the ODE1 pair rotates (y' = [[0, 1], [-1, 0]] y on the totals)
    mbs.SolveDynamic(QuietSettings(endTime=0.5, numberOfSteps=50))
    stored = mbs.GetNodeOutput(nodes['ode1'][0], OVT.Coordinates)
    assert np.allclose(mbs.GetNodeOutput(nodes['ode1'][0], OVT.CoordinatesTotal), np.add([2, 3], stored), atol=1e-15)
    with pytest.raises(ValueError, match="CoordinatesTotal is not available"):
        mbs.GetMarkerOutput(mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nodes['point'][0], coordinate=0)),
                            OVT.CoordinatesTotal, CT.Reference)


def test_sensorOfCoordinatesTotal():
    """A SensorNode of CoordinatesTotal records reference + displacement of a falling mass
    point: z(t) = z0 - g t^2/2 (exact for generalized-alpha with constant acceleration)."""
    mbs = NewSystem()
    n = mbs.AddNode(Point(referenceCoordinates=[0, 0, 2.]))
    mbs.AddObject(MassPoint(nodeNumber=n, mass=1.))
    mbs.AddLoad(Force(markerNumber=mbs.AddMarker(MarkerNodePosition(nodeNumber=n)), loadVector=[0, 0, -9.81]))
    s = mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=OVT.CoordinatesTotal, storeInternal=True,
                                 writeToFile=False))
    mbs.Assemble()
    settings = QuietSettings(endTime=1., numberOfSteps=100)
    settings.solution.sensors.writePeriod = 0.1
    settings.solution.sensors.active = True
    mbs.SolveDynamic(settings)
    data = mbs.GetSensorStoredData(s)
    assert np.allclose(data[:, 3], 2. - 0.5 * 9.81 * data[:, 0] ** 2, atol=1e-9)
    assert np.allclose(data[:, 1:3], 0., atol=1e-15)


def test_referenceOutputsBeforeAssemble():
    """As in Exudyn, outputs in the reference configuration need no Assemble() (scripts place
    markers from them); they equal those after Assemble(), do not assemble the system, and the
    other configurations still need it. Items added after an Assemble() have reference outputs too."""
    mbs = NewSystem()
    A = ut.RotationMatrixZ(0.5)
    body = mbs.CreateRigidBody(referencePosition=[1, 2, 0], referenceRotationMatrix=A, initialVelocity=[1, 0, 0],
                               inertia=ut.InertiaCuboid(1000., [0.2, 0.1, 0.1]))
    node = mbs.GetObject(body)['nodeNumber']
    marker = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[0.5, 0, 0]))
    before = {
        'node': mbs.GetNodeOutput(node, OVT.Position, CT.Reference),
        'coordinates': mbs.GetNodeOutput(node, OVT.CoordinatesTotal, CT.Reference),
        'body': mbs.GetObjectOutputBody(body, OVT.Position, [0.5, 0, 0], CT.Reference),
        'rotation': mbs.GetObjectOutputBody(body, OVT.RotationMatrix, [0, 0, 0], CT.Reference),
        'marker': mbs.GetMarkerOutput(marker, OVT.Position, CT.Reference),
    }
    assert np.allclose(before['marker'], np.array([1, 2, 0]) + A @ [0.5, 0, 0], atol=1e-15)
    assert np.allclose(before['body'], before['marker'], atol=1e-15)
    assert np.allclose(np.reshape(before['rotation'], (3, 3)), A, atol=1e-15)
    assert np.allclose(mbs.GetObjectOutputBody(body, OVT.Velocity, [0, 0, 0], CT.Reference), 0., atol=1e-15)
    with pytest.raises(exu.NotAssembledError):
        mbs.GetNodeOutput(node, OVT.Position)  # Current needs Assemble()
    with pytest.raises(exu.NotAssembledError):
        mbs.systemData.GetODE2Coordinates(CT.Reference)  # the global vectors need the assembled maps
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(node, OVT.Position, CT.Reference), before['node'], atol=0)
    assert np.allclose(mbs.GetNodeOutput(node, OVT.CoordinatesTotal, CT.Reference), before['coordinates'], atol=0)
    assert np.allclose(mbs.GetMarkerOutput(marker, OVT.Position, CT.Reference), before['marker'], atol=0)
    assert np.allclose(mbs.GetNodeOutput(node, OVT.Velocity, CT.Initial), [1, 0, 0], atol=1e-15)
    # a body added after Assemble(): its reference outputs, while the assembled state stays
    later = mbs.CreateMassPoint(referencePosition=[3, 4, 5], mass=1.)
    assert np.allclose(mbs.GetObjectOutputBody(later, OVT.Position, [0, 0, 0], CT.Reference), [3, 4, 5], atol=1e-15)
    with pytest.raises(exu.NotAssembledError):
        mbs.GetObjectOutputBody(later, OVT.Position, [0, 0, 0], CT.Current)
    mbs.Assemble()
    mbs.SolveDynamic(QuietSettings(endTime=0.1, numberOfSteps=10))
    assert np.allclose(mbs.GetNodeOutput(node, OVT.Position), [1.1, 2, 0], atol=1e-10)


def test_globalDictsAndInvalidIndex():
    assert exu.InvalidIndex() == -1
    assert isinstance(exu.sys, dict)
    exu.sys['testResult'] = 1.5
    assert exu.sys['testResult'] == 1.5
    mbs = NewSystem()
    assert isinstance(mbs.variables, dict)
    mbs.variables['k'] = 3
    assert mbs.variables['k'] == 3
    assert NewSystem().variables == {}  # not shared between systems
    assert RigidBody().nodeNumber == exu.InvalidIndex()
    assert TorsionalSpringDamper().markerNumbers == [-1, -1]


# ---- item classes ---------------------------------------------------------------------------------

def test_itemReprAndDict():
    body = RigidBody(mass=2., nodeNumber=exu.NodeIndex(3))
    d = dict(body)
    keys = list(d)
    assert keys[0] == 'objectType' and d['objectType'] == 'RigidBody'
    assert {'Vshow', 'VdrawSize', 'Vcolor'} <= set(keys)
    assert d['mass'] == 2. and d['nodeNumber'] == 3
    text = repr(body)
    assert text.startswith('ObjectRigidBody(') and "'mass': 2.0" in text and "'objectType': 'RigidBody'" in text
    tsd = TorsionalSpringDamper(stiffness=5.)
    d = dict(tsd)
    assert list(d)[0] == 'objectType' and d['objectType'] == 'ConnectorTorsionalSpringDamper'
    assert {'Vshow', 'VdrawSize', 'Vcolor'} <= set(d)
    assert dict(Point())['nodeType'] == 'Point' and list(dict(Point()))[0] == 'nodeType'
    assert list(dict(MarkerNodeRigid()))[0] == 'markerType'
    assert list(dict(Torque()))[0] == 'loadType'
    assert list(dict(SensorNode()))[0] == 'sensorType'


def test_torsionalSpringDamperVisualizationRoundTrip():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    o = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[ids['mGround'], ids['mBody']], stiffness=1.,
                                            visualization=VTorsionalSpringDamper(show=False, drawSize=0.25,
                                                                                 color=[0.5, 0.25, 0.125, 1.])))
    d = mbs.GetObject(o)
    # values exactly representable in float32 are kept exactly
    assert d['Vshow'] is False and d['VdrawSize'] == 0.25 and d['Vcolor'] == [0.5, 0.25, 0.125, 1.]
    o2 = mbs.AddObject(TorsionalSpringDamper(markerNumbers=[ids['mGround'], ids['mBody']],
                                             visualization={'drawSize': 0.37, 'color': [0.1, 0.2, 0.3, 0.4]}))
    d2 = mbs.GetObject(o2)
    assert d2['Vshow'] is True
    assert d2['VdrawSize'] == pytest.approx(0.37, rel=1e-7)
    assert np.allclose(d2['Vcolor'], [0.1, 0.2, 0.3, 0.4], rtol=1e-7)
    # the dict from GetObject adds again as the same item
    o3 = mbs.AddObject(d)
    assert mbs.GetObject(o3) == d
    # and the item class reads it back
    item = TorsionalSpringDamper(**{k: v for k, v in d.items() if k != 'objectType'})
    assert item.visualization == {'show': False, 'drawSize': 0.25, 'color': [0.5, 0.25, 0.125, 1.]}


# ---- deprecated rotationMarker0/1 ----------------------------------------------------------------

def _TiltedSpringSystem(useDeprecated):
    """A free rigid body, a torsional spring about a tilted axis, a torque; the axis comes either from
    the deprecated rotationMarker0/1 or from the markers' localHT."""
    R = ut.RotationMatrixX(0.4) @ ut.RotationMatrixY(-0.3)
    mbs = NewSystem()
    oGround = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(RigidRxyz())
    o = mbs.AddObject(RigidBody(mass=1., inertia=[1, 1.2, 1.4, 0, 0, 0], nodeNumber=n))
    mbs.AddObject(ObjectGround())
    if useDeprecated:
        m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround))
        m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=o))
        spring = TorsionalSpringDamper(markerNumbers=[m0, m1], stiffness=50., damping=1., rotationMarker0=R,
                                       rotationMarker1=R)
    else:
        m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localHT=exu.HT(rotation=R, translation=[0, 0, 0])))
        m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=o, localHT=exu.HT(rotation=R, translation=[0, 0, 0])))
        spring = TorsionalSpringDamper(markerNumbers=[m0, m1], stiffness=50., damping=1.)
    oSpring = mbs.AddObject(spring)
    mRef = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n))
    mbs.AddLoad(Torque(markerNumber=mRef, loadVector=[0.3, 0.2, 1.]))
    mbs.Assemble()
    mbs.SolveDynamic(QuietSettings(endTime=0.5, numberOfSteps=50))
    return mbs, n, oSpring


def test_deprecatedRotationMarkerWarnsAndMatchesLocalHT():
    with pytest.warns(DeprecationWarning) as record:
        deprecated, n, oSpring = _TiltedSpringSystem(True)
    texts = [str(w.message) for w in record if issubclass(w.category, DeprecationWarning)]
    assert any('rotationMarker0' in t and 'localHT' in t for t in texts)
    assert any('rotationMarker1' in t for t in texts)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        modern, n2, oSpring2 = _TiltedSpringSystem(False)
    a = deprecated.GetNodeOutput(n, OVT.Rotation)
    b = modern.GetNodeOutput(n2, OVT.Rotation)
    assert np.linalg.norm(a) > 1e-3  # the body moved
    assert np.allclose(a, b, rtol=1e-12, atol=1e-14)
    assert deprecated.GetObjectOutput(oSpring, OVT.TorqueLocal) == pytest.approx(
        modern.GetObjectOutput(oSpring2, OVT.TorqueLocal), rel=1e-12, abs=1e-14)


def test_deprecatedRotationMarkerIdentityDoesNotWarn():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        item = TorsionalSpringDamper(markerNumbers=[ids['mGround'], ids['mBody']], rotationMarker0=np.eye(3),
                                     rotationMarker1=[[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        mbs.AddObject(item)
        mbs.AddObject({'objectType': 'ConnectorTorsionalSpringDamper', 'markerNumbers': [ids['mGround'], ids['mBody']],
                       'rotationMarker1': np.eye(3).tolist()})
        mbs.SetObjectParameter(ids['oSpring'], 'rotationMarker0', np.eye(3))


def test_deprecatedRotationMarkerWarnsOnDictAndSetParameter():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    R = ut.RotationMatrixX(0.2)
    with pytest.warns(DeprecationWarning, match='rotationMarker1'):
        o = mbs.AddObject({'objectType': 'ConnectorTorsionalSpringDamper',
                           'markerNumbers': [ids['mGround'], ids['mBody']], 'rotationMarker1': R.tolist()})
    assert np.allclose(mbs.GetObject(o)['rotationMarker1'], R)
    with pytest.warns(DeprecationWarning, match='rotationMarker0'):
        mbs.SetObjectParameter(ids['oSpring'], 'rotationMarker0', R)
    assert np.allclose(mbs.GetObjectParameter(ids['oSpring'], 'rotationMarker0'), R)


# ---- run-time versus structural changes ----------------------------------------------------------

def test_runTimeParameterTakesEffectWithoutAssemble():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    mbs.Assemble()
    s = QuietSettings()
    mbs.SolveDynamic(s)
    phi0 = mbs.GetNodeOutput(ids['nBody'], OVT.Rotation)[2]
    assert phi0 == pytest.approx(1 / 2e3, rel=1e-3)
    mbs.SetObjectParameter(ids['oSpring'], 'offset', 0.1)
    assert mbs.IsAssembled()
    mbs.SolveDynamic(s)  # no Assemble
    phi1 = mbs.GetNodeOutput(ids['nBody'], OVT.Rotation)[2]
    # static equilibrium k (phi - offset) = 1; the damped transient has decayed to ~1e-5 after 1 s
    assert phi1 == pytest.approx(0.1 + 1 / 2e3, abs=2e-5)
    assert mbs.GetObjectOutput(ids['oSpring'], OVT.TorqueLocal) == pytest.approx(1., abs=0.05)


def test_structuralChangeWithoutAssembleRaises():
    mbs = NewSystem()
    ids = MiniExample(mbs)
    mbs.Assemble()
    s = QuietSettings(numberOfSteps=10, endTime=0.1)
    mbs.SolveDynamic(s)
    mbs.AddObject(ObjectGround())
    with pytest.raises(exu.NotAssembledError):
        mbs.SolveDynamic(s, autoAssemble=False)
    with pytest.raises(exu.NotAssembledError):
        mbs.GetNodeOutput(ids['nBody'], OVT.Rotation)
    mbs.Assemble()
    mbs.SolveDynamic(s)
    assert mbs.GetNodeOutput(ids['nBody'], OVT.Rotation)[2] > 0


# ---- systemData ----------------------------------------------------------------------------------

def test_ode2CoordinatesOrderAndReferenceOffset():
    mbs = NewSystem()
    nPoint = mbs.AddNode(Point(referenceCoordinates=[1, 2, 3], initialCoordinates=[0.1, 0.2, 0.3],
                               initialVelocities=[1, 2, 3]))
    mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[7.]))
    nRigid = mbs.AddNode(RigidRxyz(referenceCoordinates=[1, 2, 3, 4, 5, 6]))
    nRigid2 = mbs.AddNode(RigidRxyz(referenceCoordinates=[0, 0, 0, 0, 0, 0],
                                    initialCoordinates=[0.5, 0.6, 0.7, 0.01, 0.02, 0.03]))
    mbs.AddObject(MassPoint(nodeNumber=nPoint, mass=1.))
    mbs.AddObject(RigidBody(nodeNumber=nRigid, mass=1., inertia=[1, 1, 1, 0, 0, 0]))
    mbs.AddObject(RigidBody(nodeNumber=nRigid2, mass=1., inertia=[1, 1, 1, 0, 0, 0]))
    mbs.Assemble()
    q = mbs.systemData.GetODE2Coordinates()
    expected = [0.1, 0.2, 0.3] + [0.] * 6 + [0.5, 0.6, 0.7, 0.01, 0.02, 0.03]
    assert len(q) == 15
    assert np.allclose(q, expected, atol=1e-15)
    assert np.allclose(mbs.systemData.GetODE2Coordinates(CT.Initial), expected, atol=1e-15)
    # the reference configuration shows the reference coordinates (Exudyn's), the total adds them
    reference = [1, 2, 3] + [1, 2, 3, 4, 5, 6] + [0.] * 6
    assert np.allclose(mbs.systemData.GetODE2Coordinates(CT.Reference), reference, atol=1e-15)
    assert np.allclose(mbs.systemData.GetODE2CoordinatesTotal(), np.add(reference, expected), atol=1e-15)
    assert np.allclose(mbs.systemData.GetODE2CoordinatesTotal(CT.Reference), reference, atol=1e-15)
    assert np.allclose(mbs.systemData.GetODE2Coordinates_t(), [1, 2, 3] + [0.] * 12, atol=1e-15)
    assert np.allclose(mbs.systemData.GetDataCoordinates(), [7.], atol=1e-15)
    # positions are reference + displacement
    assert np.allclose(mbs.GetNodeOutput(nRigid, OVT.Position), [1, 2, 3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(nPoint, OVT.Position), [1.1, 2.2, 3.3], atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(nRigid, OVT.Coordinates), np.zeros(6), atol=1e-15)


def _MassUnderForce():
    """A mass point of 2 kg under a constant force [2, -4, 0] N: q(t) = q0 + v0 t + F/(2m) t^2;
    with a revolute-free second node held by a coordinate constraint (one AE coordinate)."""
    mbs = NewSystem()
    node = mbs.AddNode(Point(referenceCoordinates=[1, 0, 0]))
    body = mbs.AddObject(MassPoint(nodeNumber=node, physicsMass=2.))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(Force(markerNumber=marker, loadVector=[2, -4, 0]))
    ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
    held = mbs.AddNode(Point(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(nodeNumber=held, physicsMass=1.))
    mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    mHeld = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=held, coordinate=0))
    constraint = mbs.AddObject(CoordinateConstraint(markerNumbers=[mGround, mHeld]))
    mbs.Assemble()
    return mbs, node, body, constraint


def test_systemDataSettersPerConfigurationAndTheSolveStartsFromTheInitialOnes():
    mbs, node, body, constraint = _MassUnderForce()
    sd = mbs.systemData
    assert (sd.ODE2Size(), sd.ODE1Size(), sd.AEsize(), sd.DataSize(), sd.SystemSize()) == (6, 0, 1, 0, 7)
    assert list(sd.GetObjectLTGODE2(body)) == [0, 1, 2]
    assert list(sd.GetObjectLTGAE(constraint)) == [0] and list(sd.GetObjectLTGAE(body)) == []
    assert list(sd.GetObjectLTGODE2(constraint)) == [3, 4, 5]  # the coordinates of its markers' node
    # Exudyn's idiom: initial values for the next simulation through systemData
    q0, v0 = [0.5, 0.25, 0., 0., 0., 0.], [1., 0., 3., 0., 0., 0.]
    sd.SetODE2Coordinates(coordinates=q0, configuration=CT.Initial)
    sd.SetODE2Coordinates_t(v0, CT.Initial)
    np.testing.assert_array_equal(sd.GetODE2Coordinates(CT.Initial), q0)
    np.testing.assert_array_equal(sd.GetODE2Coordinates(), np.zeros(6))  # Current untouched
    sd.SetTime(0.5, CT.Initial)
    assert sd.GetTime(CT.Initial) == 0.5 and sd.GetTime() == 0.
    state = sd.GetSystemState(CT.Initial)
    assert len(state) == 5
    np.testing.assert_array_equal(state[0], q0)
    np.testing.assert_array_equal(state[1], v0)
    sd.SetSystemState(state, configuration=CT.StartOfStep)
    np.testing.assert_array_equal(sd.GetODE2Coordinates_t(CT.StartOfStep), v0)
    sd.SetODE2Coordinates_tt([1., -2., 0., 0., 0., 0.], CT.Initial)
    np.testing.assert_array_equal(sd.GetODE2Coordinates_tt(CT.Initial), [1., -2., 0., 0., 0., 0.])
    mbs.SolveDynamic(QuietSettings(endTime=1., numberOfSteps=50))
    t = 1.
    expected = np.array([1., 0., 0.]) + np.array(q0[:3]) + np.array(v0[:3]) * t + np.array([1., -2., 0.]) * t * t / 2
    np.testing.assert_allclose(mbs.GetNodeOutput(node, OVT.Position), expected, rtol=0, atol=1e-9)


def test_systemDataSettersRejectBadInput():
    mbs, node, body, constraint = _MassUnderForce()
    sd = mbs.systemData
    with pytest.raises(ValueError, match="SetODE2Coordinates.*Reference"):
        sd.SetODE2Coordinates(np.zeros(6), configuration=CT.Reference)
    with pytest.raises((ValueError, TypeError), match="SetAECoordinates"):
        sd.SetAECoordinates([1., 2.])  # one AE coordinate
    with pytest.raises(TypeError, match="SetDataCoordinates.*ConfigurationType"):
        sd.SetDataCoordinates([], configuration="Initial")
    with pytest.raises(ValueError, match="SetSystemState"):
        sd.SetSystemState([np.zeros(6)])
    with pytest.raises(ValueError, match="SetTime"):
        sd.SetTime(float("nan"))
    with pytest.raises(IndexError, match="GetObjectLTGODE2"):
        sd.GetObjectLTGODE2(17)
    np.testing.assert_array_equal(sd.GetODE2Coordinates(), np.zeros(6))  # nothing changed


def test_itemNumbersByName():
    # Exudyn calls an unnamed item '<kind><number>' and returns the first item of a name, or an
    # invalid index of the kind's type when there is none
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    unnamed = mbs.AddNode(NodePoint())
    named = mbs.AddNode(NodePoint(name='tip'))
    mbs.AddNode(NodePoint(name='tip'))
    body = mbs.AddObject(MassPoint(physicsMass=1., nodeNumber=unnamed, name='mass'))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=unnamed))
    load = mbs.AddLoad(Force(markerNumber=marker, name='push'))
    sensor = mbs.AddSensor(SensorNode(nodeNumber=named, storeInternal=True))
    assert mbs.GetNodeNumber('node0') == unnamed and mbs.GetNodeNumber('tip') == named
    assert mbs.GetNodeNumber('node1') == -1  # node 1 has its own name
    assert (mbs.GetObjectNumber('mass'), mbs.GetObjectNumber('object0')) == (body, -1)
    assert (mbs.GetMarkerNumber('marker0'), mbs.GetLoadNumber('push'), mbs.GetSensorNumber('sensor0')) == (marker, load, sensor)
    for function, indexType in [(mbs.GetNodeNumber, exu.NodeIndex), (mbs.GetObjectNumber, exu.ObjectIndex),
                                (mbs.GetMarkerNumber, exu.MarkerIndex), (mbs.GetLoadNumber, exu.LoadIndex),
                                (mbs.GetSensorNumber, exu.SensorIndex)]:
        missing = function('nothing')
        assert type(missing) is indexType and missing == -1
    assert type(mbs.GetLoadNumber('push')) is exu.LoadIndex
    assert mbs.GetNodeNumber(nodeName='tip') == named and mbs.GetSensorNumber(sensorName='sensor0') == sensor
    with pytest.raises(TypeError, match=r"GetObjectNumber\(\) takes one argument, objectName; got \(nodeName=...\)"):
        mbs.GetObjectNumber(nodeName='mass')
    with pytest.raises(TypeError, match="takes one argument, markerName"):
        mbs.GetMarkerNumber()
    with pytest.raises(TypeError, match="GetNodeNumber: parameter 'nodeName': expected a str, got int"):
        mbs.GetNodeNumber(0)
    assert mbs.GetSystemContainer() is SC


def test_itemDefaultsByTypeName():
    mbs = exu.SystemContainer().AddSystem()
    defaults = mbs.GetObjectDefaults('MassPoint')
    assert defaults == dict(MassPoint()) and defaults['nodeNumber'] == -1 and defaults['name'] == ''
    assert mbs.GetNodeDefaults('Point')['referenceCoordinates'] == [0., 0., 0.]
    assert mbs.GetMarkerDefaults('NodePosition')['markerType'] == 'NodePosition'
    assert mbs.GetLoadDefaults('Force') == dict(Force())
    assert mbs.GetSensorDefaults('Node')['storeInternal'] is False
    with pytest.raises(ValueError, match="GetObjectDefaults: parameter 'typeName': unknown objectType 'Nonsense'; known: "):
        mbs.GetObjectDefaults('Nonsense')
    with pytest.raises(TypeError, match="GetNodeDefaults: parameter 'typeName': expected a str"):
        mbs.GetNodeDefaults(None)
    defaults['nodeNumber'] = 5  # a copy: the next call gives the defaults again
    assert mbs.GetObjectDefaults('MassPoint')['nodeNumber'] == -1
    import copy
    with pytest.raises(ValueError, match='in no SystemContainer'):
        copy.copy(mbs).GetSystemContainer()
