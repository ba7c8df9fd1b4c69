"""What the viewer draws for each item type, in words: the "In the viewer" section of every item reference page
(docs/generateReference.py writes it) and checked against the Scene for an instance of every type by
pythonInterface/tests/viewer/test_itemDrawings.py. Keep it in step with scene.py.

ItemDrawing(className) -> (when, text): `when` says when the Scene has an element for the item:
'always' (given show=True and the category's visualizationSettings show), 'never', or 'positions' (when the markers,
node or body it refers to give a position; coordinate markers do not).
"""

_numbers = "`visualizationSettings.{group}.showNumbers` adds the label '{letter}<number>'"
_hidden = "Not drawn with `show=False` or `visualizationSettings.{group}.show=False`"


_userGraphics = ("A `graphicsDataUserFunction(mbs, itemNumber)` is called at each graphics update (on the solver's "
                 "thread, once per drawn frame) and the list of graphics primitives it returns is drawn in "
                 "{coordinates}, besides `graphicsData`")


def _Body(default):
    return ("always", "The viewer draws the body's `graphicsData` (list of graphics primitives, body coordinates), "
            f"moved with the body's frame in every frame; without graphics data it draws {default} "
            "(`drawSize` or `visualizationSettings.bodies.defaultSize`, `color` or `bodies.defaultColor`). "
            + _hidden.format(group="bodies") + "; " + _numbers.format(group="bodies", letter="O") + ". "
            "Many bodies with equal graphics are sent as one batched mesh. Clicking the body shows its number, "
            "type, name and outputs. " + _userGraphics.format(coordinates="body coordinates") + ", instead of the "
            "default drawing.")


_positionNode = ("always", "The viewer draws a ball at the node's position (diameter `drawSize`, else "
                 "`visualizationSettings.nodes.defaultSize`, else 1 % of the scene; `color` or `nodes.defaultColor`); "
                 "with `nodes.showBasis` also the node's axes (turning with it where the node has a rotation). "
                 + _hidden.format(group="nodes") + "; " + _numbers.format(group="nodes", letter="N") + ".")
_noPositionNode = ("never", "The viewer draws nothing for this node: it has no position. Its coordinates move the "
                   "items that use it.")
_spring = ("positions", "The viewer draws a coil (`visualizationSettings.connectors.springNumberOfWindings` windings, "
           "diameter `drawSize` or `connectors.defaultSize`, `color` or `connectors.defaultColor`) between the "
           "positions of its two markers, recomputed every frame; nothing where a marker has no position (coordinate "
           "markers). " + _hidden.format(group="connectors") + "; "
           + _numbers.format(group="connectors", letter="O") + ".")
_connector = ("positions", "The viewer draws a ball at its second marker and a line between its two markers' "
              "positions (size `drawSize` or `visualizationSettings.connectors.defaultSize`, `color` or "
              "`connectors.defaultColor`), moving with them; nothing where a marker has no position (coordinate "
              "markers). " + _hidden.format(group="connectors") + "; "
              + _numbers.format(group="connectors", letter="O") + ".")
_noMarkerPositions = ("never", "The viewer draws nothing for this item: it acts on coordinates or has no two "
                      "markers with positions.")
_marker = ("positions", "The viewer draws a small cube at the marker's position (side "
           "`visualizationSettings.markers.defaultSize`, else 0.8 % of the scene; `markers.defaultColor`); a "
           "coordinate marker at its node's position, nothing for a marker without position. "
           + _hidden.format(group="markers") + "; " + _numbers.format(group="markers", letter="M") + ".")
_load = ("positions", "The viewer draws an arrow at its marker's position along the load vector (a double head for "
         "torques), of length `visualizationSettings.loads.fixedLoadSize`: `drawSize` or `loads.defaultSize`, else "
         "`loads.loadSizeFactor` times the magnitude; a constant load is a solid arrow moving with its marker, a load "
         "with a user function or `bodyFixed` a line arrow recomputed every frame. "
         + _hidden.format(group="loads") + "; " + _numbers.format(group="loads", letter="L") + ".")
_noDirectionLoad = ("never", "The viewer draws nothing for this load: it acts on a coordinate, not in a direction "
                    "in space.")
_sensor = ("positions", "The viewer draws a small diamond where the sensor measures (its node's, marker's, body "
           "point's or link point's position, a body's origin for an object sensor; `drawSize` or "
           "`visualizationSettings.sensors.defaultSize`, `color` or `sensors.defaultColor`); with "
           "`sensors.traces.showPositionTrace` a position sensor's path over `traces.timeSpan`. A sensor with "
           "`storeInternal=True` is plotted in the viewer's panel. "
           + _hidden.format(group="sensors") + "; " + _numbers.format(group="sensors", letter="S") + ".")
_noPositionSensor = ("never", "The viewer draws nothing for this sensor (it measures no point); with "
                     "`storeInternal=True` its values are plotted in the viewer's panel.")

_drawings = {
    'NodePoint': _positionNode, 'NodeRigidBodyRxyz': _positionNode, 'NodeRigidBodyEP': _positionNode,
    'NodePointGround': _positionNode, 'NodeRigidBody2D': _positionNode, 'NodePoint2D': _positionNode,
    'NodePoint2DSlope1': _positionNode,
    'NodeGenericData': _noPositionNode, 'NodeGenericODE1': _noPositionNode, 'NodeGenericODE2': _noPositionNode,
    'Node1D': _noPositionNode,
    'ObjectGround': ("always", "The viewer draws the ground's `graphicsData` (list of graphics primitives, in "
                     "coordinates relative to `referencePosition`/`referenceRotation`), once, as a static scene; a "
                     "ground without graphics data is not drawn. " + _hidden.format(group="bodies") + "; "
                     + _numbers.format(group="bodies", letter="O") + ". "
                     + _userGraphics.format(coordinates="the ground's coordinates") + "."),
    'ObjectMassPoint': _Body("a ball"), 'ObjectMassPoint2D': _Body("a ball"),
    'ObjectRigidBody': _Body("a box"), 'ObjectRigidBody2D': _Body("a box"), 'ObjectMass1D': _Body("a box"),
    'ObjectRotationalMass1D': _Body("a box"),
    'ObjectGenericODE2': ("never", "The viewer draws nothing else for this object: it has no frame to place "
                          "graphics in (`graphicsData` is stored and saved only). "
                          + _userGraphics.format(coordinates="global coordinates").replace(", besides `graphicsData`", "")
                          + "."),
    'ObjectANCFCable2D': ("always", "The viewer draws the cable as a line through points along its axis "
                          "(`visualizationSettings.bodies.beams.axialTiling`), deforming with it, `drawHeight` wide in "
                          "metres (else 6 pixels); coloured by `visualizationSettings.contour.outputVariable` "
                          "(component `outputVariableComponent`, range `minValue`/`maxValue` or `automaticRange`) "
                          "with a colour bar in the panel, else `color`. " + _hidden.format(group="bodies") + "."),
    'ObjectKinematicTree': ("always", "The viewer draws each link with its list in `graphicsDataList` (link "
                            "coordinates), moving with the joint coordinates; a link with an empty list (or all links, "
                            "for an empty `graphicsDataList`) is drawn as `showLinks` (a rod from its joint to each "
                            "child's joint, to its center of mass if it has none) and `showJoints` (a cylinder along a "
                            "revolute joint's axis, a box on a prismatic joint) say, in `color` or "
                            "`visualizationSettings.bodies.defaultColor`. " + _hidden.format(group="bodies") + "."),
    'ObjectConnectorSpringDamper': _spring, 'ObjectConnectorLinearSpringDamper': _spring,
    'ObjectConnectorCartesianSpringDamper': _spring, 'ObjectConnectorRigidBodySpringDamper': _spring,
    'ObjectConnectorCoordinateSpringDamper': _spring,
    'ObjectConnectorTorsionalSpringDamper': _connector, 'ObjectJointRevoluteZ': _connector,
    'ObjectJointRevolute2D': _connector, 'ObjectConnectorCoordinate': _connector,
    'ObjectContactExponentialSpring': _connector, 'ObjectActuator': _connector,
    'ObjectConnectorDistance': _connector, 'ObjectConnectorGravity': _connector, 'ObjectJointGeneric': _connector,
    'ObjectJointPrismaticX': _connector, 'ObjectJointSpherical': _connector, 'ObjectJointPrismatic2D': _connector,
    'ObjectJointRollingDisc': _connector, 'ObjectConnectorRollingDiscPenalty': _connector,
    'ObjectConnectorCoordinateVector': _connector, 'ObjectContactCoordinate': _connector,
    'ObjectContactSphereSphere': _connector, 'ObjectContactSphereTriangle': _connector,
    'ObjectConnectorHydraulicActuatorSimple': _connector,
    'ObjectGenericODE1': _noMarkerPositions, 'ModuleTwoHingeDamper': _noMarkerPositions,
    'ModulePython': _noMarkerPositions,
    'MarkerBodyRigid': _marker, 'MarkerBodyPosition': _marker, 'MarkerNodeRigid': _marker,
    'MarkerNodePosition': _marker, 'MarkerKinematicTreeRigid': _marker, 'MarkerBodyMass': _marker,
    'MarkerNodeCoordinate': _marker, 'MarkerNodeCoordinates': _marker, 'MarkerNodeRotationCoordinate': _marker,
    'MarkerObjectODE2Coordinates': _marker,
    'LoadForceVector': _load, 'LoadTorqueVector': _load, 'LoadMassProportional': _load,
    'LoadCoordinate': _noDirectionLoad,
    'SensorNode': _sensor, 'SensorBody': _sensor, 'SensorMarker': _sensor, 'SensorObject': _sensor,
    'SensorKinematicTree': _sensor, 'SensorLoad': _noPositionSensor,
    'SensorUserFunction': _noPositionSensor,
}


def ItemDrawing(className):
    """(when, text): when the viewer draws an item of this type ('always', 'never', 'positions') and what it draws"""
    if className not in _drawings:
        raise KeyError(f"multidyn.viewer.itemDrawings: no description of what the viewer draws for {className}; "
                       f"add one to _drawings")
    return _drawings[className]
