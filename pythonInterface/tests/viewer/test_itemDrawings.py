"""What the item reference pages say the viewer draws (multidyn.viewer.itemDrawings) against what the Scene draws
for an instance of every item type (its test instance with every parameter set, as test_jsonFiles builds it,
shown with every category's show on)."""
import pathlib
import sys
import warnings

import pytest

from multidyn.viewer.itemDrawings import ItemDrawing
from multidyn.viewer.scene import Scene

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / 'interface'))
from test_jsonFiles import AddItemWithNonDefaults, BaseSystem, ItemTypes, categoryNames  # noqa: E402

docsDir = pathlib.Path(__file__).resolve().parents[3] / 'docs'


@pytest.mark.parametrize('info', ItemTypes, ids=[t['className'] for t in ItemTypes])
def test_pageSaysWhatTheSceneDraws(info):
    when, text = ItemDrawing(info['className'])
    assert when in ('always', 'never', 'positions')
    page = (docsDir / 'items' / info['family'] / f"{info['className']}.md").read_text(encoding='utf-8')
    assert '## In the viewer' in page and text in page
    assert 'not drawn yet' not in page and 'no viewer yet' not in page

    mbs, b = BaseSystem()
    index = AddItemWithNonDefaults(info, mbs)
    category = categoryNames[info['category']]
    if 'Vshow' in getattr(mbs, 'Get' + category)(index):
        getattr(mbs, f'Set{category}Parameter')(index, 'Vshow', True)
    mbs.Assemble()
    SC = mbs.GetSystemContainer()
    vs = SC.visualizationSettings
    for group in (vs.nodes, vs.bodies, vs.connectors, vs.markers, vs.loads, vs.sensors):
        group.show = True
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')  # graphics keys the viewer does not draw, contour outputs
        scene = Scene(SC)
    drawn = [e for e in scene.elements if e.item is not None and e.item.category == category and e.item.index == index]
    if when == 'always':
        assert drawn, f"{info['className']}: its page says it is drawn, the scene has nothing for it"
    elif when == 'never':
        assert not drawn, f"{info['className']}: its page says nothing is drawn, the scene draws {drawn[0].name}"


def test_unknownTypeNamesTheTable():
    with pytest.raises(KeyError, match='no description of what the viewer draws for ObjectNew'):
        ItemDrawing('ObjectNew')
