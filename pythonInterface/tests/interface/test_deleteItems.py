"""mbs.DeleteNode/DeleteObject/DeleteMarker/DeleteLoad/DeleteSensor with Exudyn's arguments and
semantics (checked side by side with exudyn 1.13.6): a system after deletions equals, item dict for
item dict and in its simulation results, the system built without the deleted items; the dependents
of objects (their nodes and markers) and loads (their marker) go with them; references to deleted
items become -1 with a warning at the user's line; bad calls raise errors naming the call and the
parameter and change nothing."""
import warnings

import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import *  # noqa: F401,F403

OVT = exu.OutputVariableType

mass, length, gravity, v0 = 0.5, 0.25, 9.81, 0.5


def Items(mbs):
    return {name: [getattr(mbs, 'Get' + name)(i) for i in range(getattr(mbs, f'NumberOf{name}s')())]
            for name in ('Node', 'Object', 'Marker', 'Load', 'Sensor')}


def Solve(mbs):
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 100
    settings.timeIntegration.endTime = 0.2
    settings.solution.file.write = False
    settings.solution.sensors.writePeriod = 0.01
    mbs.SolveDynamic(settings)
    return mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetAECoordinates()


def BuildChain(deleting):
    """Ground and three masses (each with gravity and a sensor) in a chain of distance constraints.
    With `deleting`, the middle mass and everything at it are deleted, item by item and with their
    dependents, and the outer masses are tied together; without it, the remaining items are built
    directly in the same order. (Exudyn's deleteItemsTest removes the first mass:
    testModels/deleteItemsChain.py.)"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    previous = mbs.CreateGround()
    joints, sensors, bodies, loads = [], [], [], []
    for i in range(3):
        if i == 1 and not deleting:
            continue
        d = mbs.CreateMassPoint(referencePosition=[length * (i + 1), 0, 0], initialVelocity=[0, -v0, 0],
                                mass=mass, gravity=[0, -gravity, 0], returnDict=True)
        bodies.append(d['bodyNumber'])
        loads.append(d['loadNumber'])
        if deleting or i == 0:
            joints.append(mbs.CreateDistanceConstraint(itemNumbers=[previous, d['bodyNumber']]))
        previous = d['bodyNumber']
        sensors.append(mbs.AddSensor(SensorBody(bodyNumber=d['bodyNumber'], storeInternal=True,
                                                outputVariableType=OVT.Position)))
    if deleting:
        with warnings.catch_warnings():
            warnings.simplefilter('error')  # nothing refers to what is deleted here
            markers = mbs.GetObject(joints[1])['markerNumbers']
            mbs.DeleteObject(joints[1], deleteDependentItems=False)
            for marker in sorted(markers, reverse=True):
                mbs.DeleteMarker(marker)
            mbs.DeleteObject(joints[2] - 1)  # with its markers; the object before it is gone
            mbs.DeleteSensor(sensors[1])
            marker = mbs.GetLoad(loads[1])['markerNumber']
            mbs.DeleteLoad(loads[1], deleteDependentMarkers=False)
            mbs.DeleteMarker(marker)
            node = mbs.GetObject(bodies[1])['nodeNumber']
            mbs.DeleteObject(bodies[1], deleteDependentItems=False)
            mbs.DeleteNode(node)
    # the outer masses are bodies 1 and 3 in both
    mbs.CreateDistanceConstraint(itemNumbers=[exu.ObjectIndex(1), exu.ObjectIndex(3)])
    return mbs


def test_deletedSystemEqualsTheSystemBuiltWithoutTheItems():
    deleted, direct = BuildChain(True), BuildChain(False)
    assert Items(deleted) == Items(direct)
    assert [type(m['bodyNumber']) for m in Items(deleted)['Marker']] == [exu.ObjectIndex] * 6
    q0, ae0 = Solve(deleted)
    q1, ae1 = Solve(direct)
    np.testing.assert_allclose(q0, q1, rtol=0, atol=1e-14)
    np.testing.assert_allclose(ae0, ae1, rtol=0, atol=1e-14)
    for s in range(2):
        np.testing.assert_allclose(deleted.GetSensorStoredData(s), direct.GetSensorStoredData(s), rtol=0, atol=1e-14)


def MassesWithJoint():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.SC = SC
    ground = mbs.CreateGround()
    nodes = [mbs.AddNode(Point(referenceCoordinates=[i + 1., 0, 0])) for i in range(2)]
    bodies = [mbs.AddObject(MassPoint(nodeNumber=n, physicsMass=1.)) for n in nodes]
    mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground))
    markers = [mbs.AddMarker(MarkerBodyPosition(bodyNumber=b)) for b in bodies]
    joint = mbs.AddObject(DistanceConstraint(markerNumbers=[mGround, markers[0]], distance=1.))
    spring = mbs.AddObject(SpringDamper(markerNumbers=[markers[0], markers[1]], stiffness=100., referenceLength=1.))
    load = mbs.AddLoad(Force(markerNumber=markers[1], loadVector=[0, -1., 0]))
    sensor = mbs.AddSensor(SensorMarker(markerNumber=markers[1], outputVariableType=OVT.Position, storeInternal=True))
    return mbs, dict(ground=ground, nodes=nodes, bodies=bodies, mGround=mGround, markers=markers, joint=joint,
                     spring=spring, load=load, sensor=sensor)


def test_referencesToDeletedItemsBecomeInvalidWithAWarningAtTheUsersLine():
    mbs, n = MassesWithJoint()
    with pytest.warns(UserWarning) as record:
        mbs.DeleteObject(n['joint'])  # its markers go too: the spring used markers[0]
    assert all(w.filename == __file__ for w in record)
    texts = [str(w.message) for w in record]
    assert any("mbs.DeleteObject(3): object 3 (ObjectConnectorSpringDamper) referred to the deleted marker 1 in "
               "parameter 'markerNumbers'; it is now -1" in t for t in texts), texts
    assert mbs.GetObject(3)['markerNumbers'] == [-1, 0]
    assert mbs.GetLoad(0)['markerNumber'] == 0 and mbs.GetSensor(0)['markerNumber'] == 0
    with pytest.raises(ValueError, match=r"object 3 \(ObjectConnectorSpringDamper\).*markerNumbers"):
        mbs.Assemble()
    with pytest.raises(ValueError, match='object 3'):  # reference outputs: an error, not an access at -1
        mbs.GetObjectOutput(1, OVT.Position, exu.ConfigurationType.Reference)


def test_suppressWarnings():
    mbs, n = MassesWithJoint()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        mbs.DeleteObject(n['bodies'][0], suppressWarnings=True)
        mbs.DeleteNode(0, suppressWarnings=True)
    assert mbs.NumberOfNodes() == 0  # the body's node went with it, the second by DeleteNode
    assert mbs.GetObject(1)['nodeNumber'] == -1


def test_withoutDependentItemsOnlyTheItemGoes():
    mbs, n = MassesWithJoint()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        mbs.DeleteObject(n['joint'], deleteDependentItems=False)
        mbs.DeleteLoad(n['load'], deleteDependentMarkers=False)
    assert (mbs.NumberOfObjects(), mbs.NumberOfMarkers(), mbs.NumberOfLoads()) == (4, 3, 0)
    assert mbs.GetObject(3)['markerNumbers'] == [1, 2]
    Solve(mbs)


def test_loadDeletesItsMarker():
    mbs, n = MassesWithJoint()
    with pytest.warns(UserWarning) as record:
        mbs.DeleteLoad(n['load'])  # its marker was used by the spring and the sensor as well
    messages = [str(w.message) for w in record]
    assert len(messages) == 2 and "object 4 (ObjectConnectorSpringDamper) referred to the deleted marker 2" in messages[0]
    assert "sensor 0 (SensorMarker) referred to the deleted marker 2" in messages[1]
    assert mbs.NumberOfMarkers() == 2
    assert mbs.GetObject(4)['markerNumbers'] == [1, -1]


def test_sensorStoredDataMoveWithTheirSensors():
    mbs, n = MassesWithJoint()
    second = mbs.AddSensor(SensorNode(nodeNumber=n['nodes'][0], outputVariableType=OVT.Position, storeInternal=True))
    Solve(mbs)
    data = mbs.GetSensorStoredData(second)
    mbs.DeleteSensor(n['sensor'])
    np.testing.assert_array_equal(mbs.GetSensorStoredData(0), data)


@pytest.mark.parametrize('call, arguments, error, message', [
    ('DeleteObject', (9,), IndexError,
     "DeleteObject: parameter 'objectNumber': object number 9 does not exist; the system has 5 objects"),
    ('DeleteObject', (-1,), IndexError, "DeleteObject: parameter 'objectNumber': object number -1 does not exist"),
    ('DeleteObject', ('1',), TypeError, "DeleteObject: parameter 'objectNumber': expected a ObjectIndex, got '1'"),
    ('DeleteObject', (1.,), TypeError, "DeleteObject: parameter 'objectNumber'"),
    ('DeleteObject', (True,), TypeError, "DeleteObject: parameter 'objectNumber'"),
    ('DeleteObject', (exu.NodeIndex(0),), TypeError,
     r"DeleteObject: parameter 'objectNumber': expected a ObjectIndex \(or int\), got NodeIndex\(0\)"),
    ('DeleteObject', (1, 'yes'), TypeError, "DeleteObject: parameter 'deleteDependentItems': expected True or False, got 'yes'"),
    ('DeleteObject', (1, True, None), TypeError, "DeleteObject: parameter 'suppressWarnings'"),
    ('DeleteNode', (2,), IndexError, "DeleteNode: parameter 'nodeNumber': node number 2 does not exist; the system has 2 nodes"),
    ('DeleteMarker', (exu.MarkerIndex(7),), IndexError, "DeleteMarker: parameter 'markerNumber': marker number 7"),
    ('DeleteLoad', (0, 2), TypeError, "DeleteLoad: parameter 'deleteDependentMarkers'"),
    ('DeleteSensor', (exu.LoadIndex(0),), TypeError, "DeleteSensor: parameter 'sensorNumber'"),
])
def test_badArgumentsChangeNothing(call, arguments, error, message):
    mbs, _ = MassesWithJoint()
    mbs.Assemble()
    before = Items(mbs)
    with pytest.raises(error, match=message):
        getattr(mbs, call)(*arguments)
    assert Items(mbs) == before
    assert mbs.IsAssembled()


def test_exudynsKeywords():
    mbs, n = MassesWithJoint()
    mbs.DeleteSensor(sensorNumber=n['sensor'], suppressWarnings=False)
    mbs.DeleteLoad(loadNumber=n['load'], deleteDependentMarkers=True, suppressWarnings=True)
    mbs.DeleteObject(objectNumber=n['spring'], deleteDependentItems=False, suppressWarnings=True)
    mbs.DeleteMarker(markerNumber=0, suppressWarnings=True)
    mbs.DeleteNode(nodeNumber=1, suppressWarnings=True)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(), mbs.NumberOfLoads(),
            mbs.NumberOfSensors()) == (1, 4, 1, 0, 0)
