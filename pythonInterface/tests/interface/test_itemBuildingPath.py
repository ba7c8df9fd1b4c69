"""The fast paths of model building keep the item classes' behaviour: defaults shared with the
class until read, only the parameters set sent to C++, the values of a constructor checked in one
call, CreateMassPoint adding its items without item objects, and the exact-type conversion of
values to C++."""
import numpy as np
import pytest

import multidyn as exu
from multidyn.itemInterface import LoadMassProportional, MarkerBodyMass, MassPoint, NodePoint


def NewSystem():
    return exu.SystemContainer().AddSystem()


def test_aDefaultListReadAndChangedInPlaceBelongsToThatItemOnly():
    first = NodePoint()
    coordinates = first.referenceCoordinates
    coordinates[0] = 5.
    assert first.referenceCoordinates == [5., 0., 0.]
    assert NodePoint().referenceCoordinates == [0., 0., 0.]
    color = first.visualization["color"]
    color[0] = 0.5
    assert NodePoint().visualization["color"] == [-1., -1., -1., -1.]
    # dict(item) hands out copies of the defaults too
    values = dict(NodePoint())
    values["initialVelocities"][1] = 7.
    assert NodePoint().initialVelocities == [0., 0., 0.]


def test_anItemChangedInPlaceIsAddedWithItsValues():
    mbs = NewSystem()
    node = NodePoint()
    node.referenceCoordinates[2] = 3.  # in place, on the list read from the item
    n = mbs.AddNode(node)
    assert list(mbs.GetNode(n)["referenceCoordinates"]) == [0., 0., 3.]


def test_everyParameterIsStillInTheItemsDict():
    node = NodePoint(referenceCoordinates=[1., 2., 3.])
    assert set(dict(node)) == {"nodeType", "name", "referenceCoordinates", "initialCoordinates",
                               "initialVelocities", "Vshow", "VdrawSize", "Vcolor"}
    assert dict(node)["referenceCoordinates"] == [1., 2., 3.]


@pytest.mark.parametrize("arguments, parameter", [
    (dict(referenceCoordinates=[1., 2.]), "referenceCoordinates"),
    (dict(referenceCoordinates=[0., 0., 0.], initialVelocities="fast"), "initialVelocities"),
    (dict(visualization={"drawSize": "big"}), "drawSize"),
])
def test_aBadValueOfAConstructorNamesTheClassAndParameter(arguments, parameter):
    with pytest.raises((ValueError, TypeError), match=f"NodePoint: parameter '{parameter}'"):
        NodePoint(**arguments)


def test_aBadValueSetLaterIsRefusedAndTheItemKeepsItsValue():
    node = NodePoint(referenceCoordinates=[1., 2., 3.])
    with pytest.raises(ValueError, match="NodePoint: parameter 'referenceCoordinates'"):
        node.referenceCoordinates = [1., 2.]
    assert node.referenceCoordinates == [1., 2., 3.]


def test_createMassPointAddsWhatTheItemClassesWould():
    """CreateMassPoint's items equal those of the explicit Add... calls with the item classes."""
    byCreate, byClasses = NewSystem(), NewSystem()
    body = byCreate.CreateMassPoint(name="m", referencePosition=[1., 2., 3.], initialDisplacement=[0.1, 0., 0.],
                                    initialVelocity=[0., 1., 0.], mass=2., gravity=[0., 0., -9.81], drawSize=0.2,
                                    color=[1., 0., 0., 1.])
    node = byClasses.AddNode(NodePoint(name="Node:m", referenceCoordinates=[1., 2., 3.],
                                       initialCoordinates=[0.1, 0., 0.], initialVelocities=[0., 1., 0.],
                                       visualization={"show": True, "drawSize": 0.2, "color": [1., 0., 0., 1.]}))
    mass = byClasses.AddObject(MassPoint(name="m", mass=2., nodeNumber=node, visualization={"show": False}))
    marker = byClasses.AddMarker(MarkerBodyMass(bodyNumber=mass))
    byClasses.AddLoad(LoadMassProportional(markerNumber=marker, loadVector=[0., 0., -9.81]))
    assert int(body) == int(mass)
    for kind in ("Node", "Object", "Marker", "Load"):
        assert getattr(byCreate, f"NumberOf{kind}s")() == getattr(byClasses, f"NumberOf{kind}s")() == 1
        created, added = getattr(byCreate, f"Get{kind}")(0), getattr(byClasses, f"Get{kind}")(0)
        assert created.keys() == added.keys()
        for key in created:
            assert np.array_equal(np.asarray(created[key], dtype=object), np.asarray(added[key], dtype=object)), (kind, key)


def test_createMassPointWithABadMassNamesTheParameterAndAddsNothing():
    mbs = NewSystem()
    with pytest.raises(ValueError, match="ObjectMassPoint.*'physicsMass'.*>= 0"):
        mbs.CreateMassPoint(referencePosition=[0., 0., 0.], mass=-1.)
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects()) == (0, 0)


def test_valuesOfEveryKindReachCpp():
    """floats, ints, bools, tuples, numpy arrays and scalars, typed indices and int subclasses"""
    mbs = NewSystem()
    node = mbs.AddNode(NodePoint(referenceCoordinates=(1, np.float64(2.5), np.int64(3)),
                                 initialVelocities=np.array([0., 1., 0.]), visualization={"show": False}))
    body = mbs.AddObject(MassPoint(mass=np.float32(2.), nodeNumber=exu.NodeIndex(int(node))))
    assert list(mbs.GetNode(node)["referenceCoordinates"]) == [1., 2.5, 3.]
    assert list(mbs.GetNode(node)["initialVelocities"]) == [0., 1., 0.]
    assert mbs.GetNode(node)["Vshow"] is False
    assert mbs.GetObject(body)["physicsMass"] == 2.
    with pytest.raises(TypeError, match="parameter 'referenceCoordinates'"):
        mbs.AddNode({"nodeType": "Point", "referenceCoordinates": [1., object(), 3.]})
