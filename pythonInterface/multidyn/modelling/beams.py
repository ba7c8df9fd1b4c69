"""Beam utilities: chains of planar ANCF cable elements along a straight line.

Names, arguments and return values follow exudyn.beams, so that Exudyn scripts run unchanged;
the items are created in the same order as Exudyn creates them (scripts count on the node and
object numbers). Bad input raises ValueError naming the function, the parameter and what was
expected.

A cable element (ObjectANCFCable2D) sits on two NodePoint2DSlope1; consecutive elements share
a node, so that position and slope are continuous along the chain.
"""

import numpy as np

from multidyn.api import itemInterface as _items

__all__ = ['GenerateStraightBeam', 'GenerateStraightLineANCFCable2D', 'GenerateStraightLineANCFCable',
           'GenerateBeamElementsAlongLine']

_nodeCoordinates = 4  # of a NodePoint2DSlope1: x, y and the slope's x, y


def _Vector3(function, name, value, planarPoint):
    """A finite 3D vector as a numpy array; a point of a planar chain also has z = 0."""
    what = 'position [x, y, 0]' if planarPoint else 'vector'
    try:
        vector = np.array(value, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f'{function}: parameter {name}: expected a 3D {what}, got {value!r}') from None
    if vector.size != 3 or not np.all(np.isfinite(vector)):
        raise ValueError(f'{function}: parameter {name}: expected a finite 3D {what}, got {value!r}')
    if planarPoint and vector[2] != 0:
        raise ValueError(f'{function}: parameter {name}: a planar cable lies in the x-y plane; expected z = 0, '
                         f'got {vector[2]}')
    return vector


def _ElementCount(function, value):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0:
        raise ValueError(f'{function}: parameter numberOfElements: expected a positive integer, got {value!r}')
    return int(value)


def _Flags(function, name, value):
    """None (no constraints) or 4 flags for x, y, slope x, slope y."""
    if value is None:
        return None
    flags = list(value)
    if len(flags) != _nodeCoordinates:
        raise ValueError(f'{function}: parameter {name}: expected 4 flags (x, y, slope x, slope y) of a '
                         f'NodePoint2DSlope1 or None, got {value!r}')
    return [bool(flag) for flag in flags]


def _CableTemplate(function, template):
    if not isinstance(template, _items.ObjectANCFCable2D):
        raise ValueError(f'{function}: parameter beamTemplate: expected an ObjectANCFCable2D (Cable2D) object, got '
                         f'{type(template).__name__}; other beam elements are not available in multidyn')
    return template


def _AddChain(mbs, nodeCoordinates, template, gravity, constraints, givenNodes):
    """The cable chain through the node coordinates [[x, y, slope x, slope y], ...], all elements
    of template.physicsLength. Exudyn's order: the
    first node, then per element its end node, the element and its gravity load; then the
    constraints of the first and of the last node."""
    nodeList = []
    objectList = []
    loadList = []
    constraintList = []
    nodeStart, nodeEnd = givenNodes

    def AddNode(coordinates, given):
        if given is not None and given != -1:
            return given
        return mbs.AddNode(_items.NodePoint2DSlope1(referenceCoordinates=[float(c) for c in coordinates]))

    nodeList.append(AddNode(nodeCoordinates[0], nodeStart))
    elementCount = len(nodeCoordinates) - 1
    for i in range(elementCount):
        nodeList.append(AddNode(nodeCoordinates[i + 1], nodeEnd if i == elementCount - 1 else None))
        template.nodeNumbers = [nodeList[-2], nodeList[-1]]
        objectList.append(mbs.AddObject(template))
        if np.linalg.norm(gravity) != 0:
            marker = mbs.AddMarker(_items.MarkerBodyMass(bodyNumber=objectList[-1]))
            loadList.append(mbs.AddLoad(_items.LoadMassProportional(markerNumber=marker, loadVector=list(gravity))))

    for node, position, flags in ((nodeList[0], nodeCoordinates[0], constraints[0]),
                                  (nodeList[-1], nodeCoordinates[-1], constraints[1])):
        if flags is None:
            continue
        ground = mbs.AddNode(_items.NodePointGround(referenceCoordinates=[float(position[0]), float(position[1]), 0.]))
        groundMarker = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        for coordinate, fixed in enumerate(flags):
            if fixed:
                marker = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))
                constraintList.append(mbs.AddObject(
                    _items.ObjectConnectorCoordinate(markerNumbers=[groundMarker, marker])))
    return nodeList, objectList, loadList, constraintList


def GenerateStraightBeam(mbs, positionOfNode0, positionOfNode1, numberOfElements, beamTemplate,
                         gravity=[0, 0, 0], fixedConstraintsNode0=None, fixedConstraintsNode1=None,
                         nodeNumber0=-1, nodeNumber1=-1):
    """A straight chain of numberOfElements equal ObjectANCFCable2D from positionOfNode0 to
    positionOfNode1 (3D points with z = 0), in its straight reference configuration (slope = the
    unit direction of the line). beamTemplate gives the element's parameters; its physicsLength
    and nodeNumbers are set here. gravity: a load per mass on every element (none if zero).
    fixedConstraintsNode0/1: 4 flags (x, y, slope x, slope y) of the coordinates fixed to ground
    at the first/last node, or None. nodeNumber0/1: an existing node to use at the start/end
    (-1: a new one). Returns [nodes, elements, loads, node positions, constraints]."""
    function = 'GenerateStraightBeam'
    start = _Vector3(function, 'positionOfNode0', positionOfNode0, True)
    end = _Vector3(function, 'positionOfNode1', positionOfNode1, True)
    count = _ElementCount(function, numberOfElements)
    template = _CableTemplate(function, beamTemplate)
    constraints = (_Flags(function, 'fixedConstraintsNode0', fixedConstraintsNode0),
                   _Flags(function, 'fixedConstraintsNode1', fixedConstraintsNode1))
    length = np.linalg.norm(end - start)
    if length == 0:
        raise ValueError(f'{function}: positionOfNode0 and positionOfNode1 are the same point; expected a line of '
                         f'positive length')
    direction = (end - start) / length
    positions = [start + (length * i / count) * direction for i in range(count + 1)]
    template.physicsLength = length / count
    nodeCoordinates = [[p[0], p[1], direction[0], direction[1]] for p in positions]
    load = _Vector3(function, 'gravity', gravity, False)
    nodes, elements, loads, constraintObjects = _AddChain(mbs, nodeCoordinates, template, load, constraints,
                                                          (nodeNumber0, nodeNumber1))
    return [nodes, elements, loads, [list(p) for p in positions], constraintObjects]


def GenerateStraightLineANCFCable2D(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                    massProportionalLoad=[0, 0, 0], fixedConstraintsNode0=[0, 0, 0, 0],
                                    fixedConstraintsNode1=[0, 0, 0, 0], nodeNumber0=-1, nodeNumber1=-1):
    """GenerateStraightBeam with Exudyn's older argument names (cableTemplate,
    massProportionalLoad) and defaults: the constraint flags default to four zeros, which adds
    a ground node and marker at each end without constraints, as in Exudyn."""
    return GenerateStraightBeam(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                gravity=massProportionalLoad, fixedConstraintsNode0=fixedConstraintsNode0,
                                fixedConstraintsNode1=fixedConstraintsNode1, nodeNumber0=nodeNumber0,
                                nodeNumber1=nodeNumber1)


def GenerateStraightLineANCFCable(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                  massProportionalLoad=[0, 0, 0], fixedConstraintsNode0=[0, 0, 0, 0, 0, 0],
                                  fixedConstraintsNode1=[0, 0, 0, 0, 0, 0], nodeNumber0=-1, nodeNumber1=-1):
    """Exudyn's generator of 3D cables, which its scripts also call with a planar cable template:
    GenerateStraightLineANCFCable2D then. Its default flags, six zeros (a 3D node's coordinates),
    fix nothing, as four zeros do."""
    def PlanarFlags(name, flags):
        if flags is not None and len(flags) == 6 and not any(flags):
            return [0, 0, 0, 0]
        return _Flags('GenerateStraightLineANCFCable', name, flags)
    return GenerateStraightBeam(mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
                                gravity=massProportionalLoad,
                                fixedConstraintsNode0=PlanarFlags('fixedConstraintsNode0', fixedConstraintsNode0),
                                fixedConstraintsNode1=PlanarFlags('fixedConstraintsNode1', fixedConstraintsNode1),
                                nodeNumber0=nodeNumber0, nodeNumber1=nodeNumber1)


def GenerateBeamElementsAlongLine(mbs, positionStart, positionEnd, numberOfElements, beamTemplate=None,
                                  gravity=[0, 0, 0], groundConstraintsStart=None, groundConstraintsEnd=None,
                                  nodeNumberStart=None, nodeNumberEnd=None):
    """GenerateStraightBeam with Exudyn's newer names; returns a dict with 'nodes', 'elements',
    'nodePositions', 'constraintObjects' and 'loads'."""
    nodes, elements, loads, positions, constraintObjects = GenerateStraightBeam(
        mbs, positionStart, positionEnd, numberOfElements, beamTemplate, gravity=gravity,
        fixedConstraintsNode0=groundConstraintsStart, fixedConstraintsNode1=groundConstraintsEnd,
        nodeNumber0=-1 if nodeNumberStart is None else nodeNumberStart,
        nodeNumber1=-1 if nodeNumberEnd is None else nodeNumberEnd)
    return {'nodes': nodes, 'elements': elements, 'nodePositions': positions,
            'constraintObjects': constraintObjects, 'loads': loads}

