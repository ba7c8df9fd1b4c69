"""The scene of a SystemContainer as the viewer draws it, independent of any viewer library:
elements with geometry in their own frame (rigid: posed each frame) or line segments in world
coordinates (recomputed each frame), built from the items' graphics data and Exudyn's default
drawings, honouring SC.visualizationSettings and each item's Visualization fields.

`Scene.Sample()` reads every element's pose or points from the systems' current state; the live
server, the solution player and the HTML export all draw from these samples.
"""
import warnings

import numpy as np

from multidyn import _multidyn
from multidyn.modelling import graphics as _graphics
from multidyn.viewer import defaultDrawings as _draw
from multidyn.viewer.sceneGeometry import GeometryParts, Label, TranslateGraphicsData, ResolvedColor

_Output = _multidyn.OutputVariableType
_current = _multidyn.ConfigurationType.Current
_categoryLetter = {'Node': 'N', 'Object': 'O', 'Marker': 'M', 'Load': 'L', 'Sensor': 'S'}
_categoryIndex = {'Node': 1, 'Object': 2, 'Marker': 3, 'Load': 4, 'Sensor': 5}  # exu.ItemType's values


class ItemReference:
    """an item of a system: its number, category, type and name, and what the viewer shows of it when clicked"""

    def __init__(self, mbs, mbsNumber, category, index, item):
        self.mbs = mbs
        self.mbsNumber = mbsNumber
        self.category = category
        self.index = int(index)
        self.typeName = str(item.get(category.lower() + 'Type', '?'))
        self.name = str(item.get('name', ''))

    def Title(self):
        return f"{self.category.lower()} {self.index}: {self.typeName} '{self.name}'"

    def Outputs(self):
        """{output name: current value} of the outputs this item gives (those that fail are left out)"""
        mbs, values = self.mbs, {}
        candidates = {
            'Node': ['Position', 'Velocity', 'Rotation', 'AngularVelocity', 'Coordinates'],
            'Object': ['Position', 'Velocity', 'Rotation', 'AngularVelocity', 'Force', 'Torque', 'Displacement',
                       'Distance', 'KineticEnergy'],
            'Marker': ['Position', 'Velocity'],
            'Load': [],
            'Sensor': [],
        }[self.category]
        for name in candidates:
            try:
                variable = getattr(_Output, name)
                if self.category == 'Node':
                    value = mbs.GetNodeOutput(self.index, variable)
                elif self.category == 'Marker':
                    value = mbs.GetMarkerOutput(self.index, variable)
                else:
                    try:
                        value = mbs.GetObjectOutput(self.index, variable)
                    except Exception:  # a body gives its outputs at a local position
                        value = mbs.GetObjectOutputBody(self.index, variable, [0., 0., 0.])
                values[name] = np.round(np.asarray(value, dtype=float), 6).tolist()
            except Exception:  # noqa: BLE001  (the item does not give this output)
                continue
        if self.category == 'Load':
            try:
                values['LoadValues'] = np.round(np.asarray(mbs.GetLoadValues(self.index), dtype=float), 6).tolist()
            except Exception:  # noqa: BLE001
                pass
        if self.category == 'Sensor':
            try:
                values['SensorValues'] = np.round(np.asarray(mbs.GetSensorValues(self.index), dtype=float), 6).tolist()
            except Exception:  # noqa: BLE001
                pass
        return values

    def Describe(self):
        """a Markdown text: number, type, name and current outputs"""
        lines = [f"**{self.Title()}**" + (f" (system {self.mbsNumber})" if self.mbsNumber else ''), '']
        lines += [f"- {name}: `{value}`" for name, value in self.Outputs().items()]
        return '\n'.join(lines)


class RigidElement:
    """geometry in a frame posed each frame by pose() -> (position (3), rotation matrix (3x3))"""
    kind = 'rigid'

    def __init__(self, name, item, parts, pose, static=False):
        self.name = name
        self.item = item
        self.parts = parts
        self.pose = pose
        self.static = static


class UserGraphicsElement:
    """an item's graphicsDataUserFunction(mbs, itemNumber): graphics dicts computed each time the scene is sampled, in
    the frame posed by pose() (the body's; the world's for items without a pose); Sample() gives (p, R, list)"""
    kind = 'user'

    def __init__(self, name, item, function, pose, where, defaultColor):
        self.name = name
        self.item = item
        self.function = function
        self.pose = pose
        self.where = where  # names the item and the function in errors
        self.defaultColor = defaultColor  # of graphics dicts with the default colour

    def Sample(self):
        try:
            data = self.function()
        except Exception as error:
            raise RuntimeError(f"{self.where} raised {type(error).__name__}: {error}") from error
        if not isinstance(data, (list, tuple)):
            raise TypeError(f"{self.where} must return a list of graphics dicts (as graphicsDataList), got "
                            f"{type(data).__name__}")
        p, R = self.pose()
        return p, R, list(data)


class SegmentsElement:
    """line segments in world coordinates, recomputed each frame by segments() -> (points 2k x 3, colors 2k x 4),
    drawn `thickness` wide in units 'screen' (pixels) or 'world' (metres)"""
    kind = 'segments'

    def __init__(self, name, item, segments, thickness=2., units='screen'):
        self.name = name
        self.item = item
        self.segments = segments
        self.thickness = float(thickness)
        self.units = units


def _Matrix(value):
    return np.asarray(value, dtype=float).reshape(3, 3)


def _Try(function):
    """function() or None if it raises (an output an item does not give)"""
    try:
        return function()
    except Exception:  # noqa: BLE001
        return None


def _Size(value, fallback):
    """Exudyn's -1: the fallback (a size relative to the scene)"""
    return float(value) if value is not None and float(value) > 0 else fallback


class Scene:
    """elements of all systems of a SystemContainer; built once, sampled each frame"""

    def __init__(self, systemContainer, systems=None):
        self.systemContainer = systemContainer
        self.settings = systemContainer.visualizationSettings
        self.systems = list(systems) if systems is not None else \
            [systemContainer.GetSystem(i) for i in range(systemContainer.NumberOfSystems())]
        self.elements = []
        self._markerPositions = None  # while a sample is taken: the marker positions read for it
        self._translated = {}  # (id(mbs), object number): GeometryParts of its graphics data
        self._traceColors = []  # of the sensor traces so far (sensors.traces.traceColors in turn)
        self.colorBar = None  # (output name, component, minimum, maximum) when a contour is drawn
        self._contourRange = None
        for mbs in self.systems:
            if not mbs.IsAssembled():
                raise RuntimeError("viewer: the system is not assembled; call mbs.Assemble() before starting the "
                                   "renderer or viewing a solution")
        self.sceneSize = self._CharacteristicSize()
        for number, mbs in enumerate(self.systems):
            self._AddSystem(number, mbs)
        self._AddWorldBasis()

    # ----------------------------------------------------------------------------------------------
    def _CharacteristicSize(self):
        """the size of the model (extent of nodes and graphics), from which Exudyn's -1 sizes follow"""
        points = []
        for mbs in self.systems:
            for n in range(mbs.systemData.NumberOfNodes()):
                p = _Try(lambda: mbs.GetNodeOutput(n, _Output.Position))
                if p is not None and np.size(p) == 3:
                    points.append(np.asarray(p, dtype=float))
            for o in range(mbs.systemData.NumberOfObjects()):
                item = mbs.GetObject(o)
                if item.get('objectType') == 'KinematicTree':  # the links' origins
                    points += [self._LinkPose(mbs, o, link)()[0] for link in range(len(item['jointTypes']))]
                if item.get('VgraphicsData'):
                    parts = _Try(lambda: self._GraphicsParts(mbs, o, item))
                    bounds = parts.Bounds() if parts is not None and not parts.IsEmpty() else None
                    if bounds is not None:
                        pose = self._BodyPose(mbs, o)
                        if pose is not None:
                            p, R = pose()
                            points += [p + R @ bounds[0], p + R @ bounds[1]]
        if not points:
            return 1.
        points = np.array(points)
        return max(float(np.linalg.norm(points.max(axis=0) - points.min(axis=0))),
                   float(self.settings.general.minSceneSize))

    def _GraphicsParts(self, mbs, objectNumber, item):
        """a body's graphics data translated (once: the scene's size and its drawing both need it)"""
        key = (id(mbs), objectNumber)
        if key not in self._translated:
            vs = self.settings
            where = f"object {objectNumber} ({item.get('objectType', '?')} '{item.get('name', '')}')"
            defaultColor = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.bodies.defaultColor)
            self._translated[key] = TranslateGraphicsData(item['VgraphicsData'], where, defaultColor,
                                                          vs.general.circleTiling, vs.general.sphereTiling)
        return self._translated[key]

    @staticmethod
    def _BodyPose(mbs, objectNumber):
        """pose() of a body's frame, or None where the body gives no position"""
        if _Try(lambda: mbs.GetObjectOutputBody(objectNumber, _Output.Position, [0., 0., 0.])) is None:
            return None
        hasRotation = _Try(lambda: mbs.GetObjectOutputBody(objectNumber, _Output.RotationMatrix, [0., 0., 0.])) is not None
        origin = [0., 0., 0.]
        position, rotation = _Output.Position, _Output.RotationMatrix

        def Pose():
            p = np.asarray(mbs.GetObjectOutputBody(objectNumber, position, origin), dtype=float)
            R = _Matrix(mbs.GetObjectOutputBody(objectNumber, rotation, origin)) if hasRotation else np.eye(3)
            return p, R
        return Pose

    @staticmethod
    def _PointPose(position):
        """pose() of a frame at position() without rotation"""
        identity = np.eye(3)
        return lambda: (np.asarray(position(), dtype=float), identity)

    def _Label(self, item, rgba):
        return Label([0., 0., 0.], f"{_categoryLetter[item.category]}{item.index}", rgba)

    # ----------------------------------------------------------------------------------------------
    def _AddSystem(self, number, mbs):
        vs = self.settings
        prefix = f"/mbs{number}"
        textColor = vs.general.textColor
        size = self.sceneSize
        data = mbs.systemData

        for o in range(data.NumberOfObjects()):
            item = mbs.GetObject(o)
            reference = ItemReference(mbs, number, 'Object', o, item)
            typeName = reference.typeName
            graphicsData = item.get('VgraphicsData') or []
            isBody = 'VgraphicsData' in item or typeName in ('ANCFCable2D',)
            show = item.get('Vshow', True)
            if typeName == 'KinematicTree':
                if vs.bodies.show and show:
                    self._AddKinematicTree(prefix, mbs, reference, item)
                continue
            userFunction = item.get('VgraphicsDataUserFunction')
            if callable(userFunction) and show and (vs.bodies.show if isBody else vs.connectors.show):
                self._AddUserGraphics(prefix, mbs, reference, userFunction)
            if isBody:
                if not (vs.bodies.show and show):
                    continue
                if typeName == 'ANCFCable2D':
                    self._AddCable(prefix, mbs, reference, item)
                    continue
                pose = self._BodyPose(mbs, o)
                if pose is None:
                    continue
                color = item.get('Vcolor', [-1] * 4)
                defaultColor = ResolvedColor(color, vs.bodies.defaultColor)
                if graphicsData:
                    parts = self._GraphicsParts(mbs, o, item)
                elif typeName == 'Ground' or callable(userFunction):
                    continue  # a ground without graphics data: nothing, as Exudyn; with a user function: what it gives
                else:
                    sides = np.asarray(vs.bodies.defaultSize, dtype=float)
                    drawSize = item.get('VdrawSize', -1)
                    if drawSize > 0:
                        sides = np.full(3, drawSize)
                    elif np.allclose(sides, 1.):  # Exudyn's default [1, 1, 1] m: scaled to the model instead
                        sides = np.full(3, 0.05 * size)
                    parts = (_draw.Ball(0.5 * sides[0], defaultColor) if 'MassPoint' in typeName
                             else _draw.Box(sides, defaultColor))
                if vs.bodies.showNumbers:
                    parts.labels.append(self._Label(reference, textColor))
                self.elements.append(RigidElement(f"{prefix}/objects/{o}", reference, parts, pose,
                                                  static=typeName == 'Ground'))
            elif vs.connectors.show and show:
                self._AddConnector(prefix, mbs, reference, item)

        for n in range(data.NumberOfNodes()):
            item = mbs.GetNode(n)
            if not (vs.nodes.show and item.get('Vshow', True)):
                continue
            if _Try(lambda: mbs.GetNodeOutput(n, _Output.Position)) is None:
                continue  # coordinates without a position (ODE1, data, generic nodes)
            reference = ItemReference(mbs, number, 'Node', n, item)
            radius = 0.5 * _Size(item.get('VdrawSize', -1), _Size(vs.nodes.defaultSize, 0.01 * size))
            color = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.nodes.defaultColor)
            parts = _draw.Ball(radius, color, max(4, 2 * int(vs.nodes.tiling)))
            hasRotation = _Try(lambda: mbs.GetNodeOutput(n, _Output.RotationMatrix)) is not None
            if vs.nodes.showBasis:
                parts.Extend(_draw.Axes(vs.nodes.basisSize))
            if vs.nodes.showNumbers:
                parts.labels.append(self._Label(reference, textColor))

            def NodePose(n=n, hasRotation=hasRotation):
                p = np.asarray(mbs.GetNodeOutput(n, _Output.Position), dtype=float)
                return p, _Matrix(mbs.GetNodeOutput(n, _Output.RotationMatrix)) if hasRotation else np.eye(3)
            self.elements.append(RigidElement(f"{prefix}/nodes/{n}", reference, parts, NodePose))

        for m in range(data.NumberOfMarkers()):
            item = mbs.GetMarker(m)
            if not (vs.markers.show and item.get('Vshow', True)):
                continue
            if _Try(lambda: mbs.GetMarkerOutput(m, _Output.Position)) is None:
                continue  # coordinate markers have no position
            reference = ItemReference(mbs, number, 'Marker', m, item)
            side = _Size(vs.markers.defaultSize, 0.008 * size)
            parts = _draw.Box([side] * 3, ResolvedColor(vs.markers.defaultColor, vs.markers.defaultColor))
            if vs.markers.showNumbers:
                parts.labels.append(self._Label(reference, textColor))
            self.elements.append(RigidElement(f"{prefix}/markers/{m}", reference, parts,
                                              self._PointPose(self._MarkerPosition(mbs, m))))

        for k in range(data.NumberOfLoads()):
            item = mbs.GetLoad(k)
            if vs.loads.show and item.get('Vshow', True):
                self._AddLoad(prefix, mbs, ItemReference(mbs, number, 'Load', k, item), item)

        for s in range(data.NumberOfSensors()):
            item = mbs.GetSensor(s)
            if vs.sensors.show and item.get('Vshow', True):
                self._AddSensor(prefix, mbs, ItemReference(mbs, number, 'Sensor', s, item), item)

    def _AddUserGraphics(self, prefix, mbs, reference, function):
        """graphicsDataUserFunction(mbs, itemNumber), called at each drawing: in body coordinates for a body, in world
        coordinates for other items (as Exudyn draws them)"""
        o = reference.index
        pose = self._BodyPose(mbs, o) if reference.typeName != 'KinematicTree' else None
        if pose is None:
            identity = np.eye(3)
            pose = lambda: (np.zeros(3), identity)  # noqa: E731
        where = f"object {o} ({reference.typeName} '{reference.name}') graphicsDataUserFunction"
        defaultColor = ResolvedColor(mbs.GetObject(o).get('Vcolor', [-1] * 4), self.settings.bodies.defaultColor)
        self.elements.append(UserGraphicsElement(f"{prefix}/objects/{o}/userGraphics", reference,
                                                 lambda: function(mbs, o), pose, where, defaultColor))

    def UserGraphicsParts(self, element, data):
        """GeometryParts of what an item's graphicsDataUserFunction returned (in its element's frame); pure (the
        viewer's drawing thread calls it while the solver runs)"""
        vs = self.settings
        return TranslateGraphicsData(data, element.where, element.defaultColor, vs.general.circleTiling,
                                     vs.general.sphereTiling)

    @staticmethod
    def _LinkPose(mbs, tree, link):
        """pose() of a kinematic tree's link frame, as the tree computes it (mbs.GetObjectOutputSuperElement)"""
        def Pose():
            p = np.asarray(mbs.GetObjectOutputSuperElement(tree, _Output.Position, link), dtype=float)
            return p, _Matrix(mbs.GetObjectOutputSuperElement(tree, _Output.RotationMatrix, link))
        return Pose

    def _KinematicTreeLinkParts(self, item, link, color, linkLength):
        """Exudyn's default drawing of a link without graphics data, in link coordinates: showLinks a rod from the
        joint to each child's joint (to the center of mass for a link without children), showJoints a cylinder along
        a revolute joint's axis or a box on a prismatic joint; with bodies.kinematicTree.showJointFrames its axes"""
        treeSettings = self.settings.bodies.kinematicTree
        parents, offsets = list(item['linkParents']), np.asarray(item['jointOffsets'], dtype=float).reshape(-1, 3)
        radius = 0.08 * linkLength
        data = []
        if item.get('VshowLinks', True):
            ends = [offsets[child] for child, parent in enumerate(parents) if parent == link]
            if not ends:
                ends = [np.asarray(item['linkCOMs'], dtype=float).reshape(-1, 3)[link]]
            data += [_graphics.Cylinder([0, 0, 0], list(end), radius, list(color), nTiles=12) for end in ends
                     if np.linalg.norm(end) > 1e-12]
        parts = TranslateGraphicsData(data, f"kinematic tree link {link}", color) if data else GeometryParts()
        if item.get('VshowJoints', True):
            jointType = str(item['jointTypes'][link])
            axis = np.zeros(3)
            axis['XYZ'.index(jointType[-1])] = 1.
            jointColor = np.minimum(1., np.asarray(color, dtype=float) * [0.6, 0.6, 0.6, 1.])
            if 'Revolute' in jointType:
                parts.Extend(TranslateGraphicsData([_graphics.Cylinder(list(-2 * radius * axis), list(4 * radius * axis),
                                                                       1.5 * radius, list(jointColor), nTiles=16)],
                                                   f"kinematic tree joint {link}", jointColor))
            else:
                parts.Extend(_draw.Box([3 * radius] * 3, jointColor))
        if treeSettings.showJointFrames:
            parts.Extend(_draw.Axes(float(treeSettings.frameSize)))
        return parts

    def _AddKinematicTree(self, prefix, mbs, reference, item):
        """each link of an ObjectKinematicTree as a rigid element posed by its frame: its graphicsDataList entry, else
        the default drawing"""
        vs = self.settings
        o = reference.index
        graphicsLists = list(item.get('VgraphicsDataList') or [])
        color = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.bodies.defaultColor)
        offsets = np.asarray(item['jointOffsets'], dtype=float).reshape(-1, 3)
        coms = np.asarray(item['linkCOMs'], dtype=float).reshape(-1, 3)
        lengths = [float(np.linalg.norm(v)) for v in np.vstack([offsets, coms]) if np.linalg.norm(v) > 1e-12]
        linkLength = float(np.median(lengths)) if lengths else 0.1 * self.sceneSize
        for link in range(len(item['jointTypes'])):
            data = graphicsLists[link] if link < len(graphicsLists) else []
            where = f"object {o} (KinematicTree '{reference.name}') graphicsDataList[{link}]"
            parts = (TranslateGraphicsData(data, where, color, vs.general.circleTiling, vs.general.sphereTiling)
                     if data else self._KinematicTreeLinkParts(item, link, color, linkLength))
            if vs.bodies.showNumbers and link == 0:
                parts.labels.append(self._Label(reference, vs.general.textColor))
            self.elements.append(RigidElement(f"{prefix}/objects/{o}/links/{link}", reference, parts,
                                              self._LinkPose(mbs, o, link)))

    def _MarkerPosition(self, mbs, marker):
        """position() of a marker, or None for a marker without position"""
        if _Try(lambda: mbs.GetMarkerOutput(marker, _Output.Position)) is None:
            return None
        key = (id(mbs), marker)

        def Position():  # read once per sample: markers, joints and springs share it
            cache = self._markerPositions
            value = cache.get(key) if cache is not None else None
            if value is None:
                value = np.asarray(mbs.GetMarkerOutput(marker, _Output.Position), dtype=float)
                if cache is not None:
                    cache[key] = value
            return value
        return Position

    def _AddConnector(self, prefix, mbs, reference, item):
        vs = self.settings
        markers = list(item.get('markerNumbers', []))
        positions = [self._MarkerPosition(mbs, m) for m in markers[:2]]
        if len(positions) < 2 or positions[0] is None or positions[1] is None:
            return
        drawSize = _Size(item.get('VdrawSize', -1), _Size(vs.connectors.defaultSize, 0.02 * self.sceneSize))
        drawSize = min(drawSize, 0.05 * self.sceneSize) if item.get('VdrawSize', -1) <= 0 else drawSize
        color = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.connectors.defaultColor)
        typeName = reference.typeName
        name = f"{prefix}/objects/{reference.index}"
        if 'SpringDamper' in typeName and 'Torsional' not in typeName:
            windings = int(vs.connectors.springNumberOfWindings)
            first, second = positions

            def Coil(colors={}):
                points = _draw.CoilSegments(first(), second(), 0.5 * drawSize, windings)
                if len(points) not in colors:
                    colors[len(points)] = np.tile(color, (len(points), 1))
                return points, colors[len(points)]
            self.elements.append(SegmentsElement(name, reference, Coil))
        else:  # joints, constraints and other connectors: a ball at marker 1 and a line between the markers
            parts = _draw.Ball(0.5 * drawSize, color)
            if vs.connectors.showNumbers:
                parts.labels.append(self._Label(reference, vs.general.textColor))
            self.elements.append(RigidElement(name, reference, parts, self._PointPose(positions[1])))
            first, second = positions

            linkColors = np.tile(color, (2, 1))

            def Link():
                return np.array([first(), second()]), linkColors
            self.elements.append(SegmentsElement(name + '/link', reference, Link))
        if vs.connectors.showNumbers and 'SpringDamper' in typeName and 'Torsional' not in typeName:
            self.elements.append(RigidElement(name + '/number', reference,
                                              self._LabelOnly(reference), self._PointPose(positions[0])))

    def _LabelOnly(self, reference):
        parts = GeometryParts()
        parts.labels.append(self._Label(reference, self.settings.general.textColor))
        return parts

    def _AddLoad(self, prefix, mbs, reference, item):
        vs = self.settings
        position = self._MarkerPosition(mbs, item.get('markerNumber', -1))
        if position is None or 'loadVector' not in item or np.size(item['loadVector']) != 3:
            return  # coordinate loads have no direction in space
        index = reference.index
        color = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.loads.defaultColor)
        fixedSize = vs.loads.fixedLoadSize
        length = _Size(item.get('VdrawSize', -1), _Size(vs.loads.defaultSize, 0.1 * self.sceneSize))
        factor = vs.loads.loadSizeFactor
        torque = 'Torque' in reference.typeName
        bodyFixed = bool(item.get('bodyFixed', False))
        markerNumber = item.get('markerNumber')
        arrowColors = np.tile(color, (2 + 8 * (2 if torque else 1), 1))

        def Arrow():
            vector = np.asarray(mbs.GetLoadValues(index), dtype=float).reshape(-1)
            if vector.size != 3:
                vector = np.asarray(item['loadVector'], dtype=float)
            if bodyFixed:  # the load vector is in the marker's frame
                R = _Try(lambda: _Matrix(mbs.GetMarkerOutput(markerNumber, _Output.RotationMatrix)))
                if R is not None:
                    vector = R @ vector
            magnitude = np.linalg.norm(vector)
            drawn = vector * (length / magnitude if fixedSize else factor) if magnitude > 0 else vector
            points = _draw.ArrowSegments(position(), drawn, torque=torque)
            return points, arrowColors
        constant = not bodyFixed and not any(item.get(key) for key in item if key.endswith('UserFunction'))
        vector = np.asarray(item['loadVector'], dtype=float)
        magnitude = float(np.linalg.norm(vector))
        if constant and magnitude > 0:
            # a load that keeps its vector (gravity, a constant force): a solid arrow only moved with its marker, so the
            # arrows of equal loads are one batched mesh (a chain's weights); its label rides along in its frame
            drawn = length if fixedSize else factor * magnitude
            radius = _Size(vs.loads.defaultRadius, 0.002 * self.sceneSize)
            arrow = _graphics.Arrow([0, 0, 0], [drawn, 0, 0], min(radius, 0.05 * drawn), list(color), nTiles=8)
            if torque:  # a second head, as Exudyn draws torques
                arrow = _graphics.MergeTriangleLists(arrow, _graphics.Arrow([0, 0, 0], [0.8 * drawn, 0, 0],
                                                                            min(radius, 0.05 * drawn), list(color), nTiles=8))
            parts = TranslateGraphicsData([arrow], f"load {index}", color)
            if vs.loads.showNumbers:
                parts.labels.append(self._Label(reference, vs.general.textColor))
            n1, n2 = _draw.PerpendicularBasis(vector)
            rotation = np.column_stack([vector / magnitude, n1, n2])  # local x along the load
            self.elements.append(RigidElement(f"{prefix}/loads/{index}", reference, parts,
                                              lambda: (position(), rotation)))
            return
        self.elements.append(SegmentsElement(f"{prefix}/loads/{index}", reference, Arrow, 3.))
        if vs.loads.showNumbers:
            self.elements.append(RigidElement(f"{prefix}/loads/{index}/number", reference, self._LabelOnly(reference),
                                              self._PointPose(position)))

    def _SensorPosition(self, mbs, item):
        """position() of what a sensor measures, or None"""
        if 'nodeNumber' in item:
            n = item['nodeNumber']
            function = lambda: mbs.GetNodeOutput(n, _Output.Position)  # noqa: E731
        elif 'markerNumber' in item:
            function = self._MarkerPosition(mbs, item['markerNumber'])
        elif item.get('sensorType') == 'KinematicTree':
            linkPose = self._LinkPose(mbs, item['objectNumber'], item['linkNumber'])
            local = np.asarray(item.get('localPosition', [0., 0., 0.]), dtype=float)

            def function():
                p, R = linkPose()
                return p + R @ local
        elif 'bodyNumber' in item or 'objectNumber' in item:
            o = item.get('bodyNumber', item.get('objectNumber'))
            local = list(item.get('localPosition', [0., 0., 0.]))
            function = lambda: mbs.GetObjectOutputBody(o, _Output.Position, local)  # noqa: E731
        else:
            return None
        if function is None or _Try(function) is None or np.size(_Try(function)) != 3:
            return None
        return lambda: np.asarray(function(), dtype=float)

    def _AddSensor(self, prefix, mbs, reference, item):
        vs = self.settings
        position = self._SensorPosition(mbs, item)
        if position is None:
            return
        radius = 0.5 * _Size(item.get('VdrawSize', -1), _Size(vs.sensors.defaultSize, 0.012 * self.sceneSize))
        parts = _draw.Diamond(radius, ResolvedColor(item.get('Vcolor', [-1] * 4), vs.sensors.defaultColor))
        if vs.sensors.showNumbers:
            parts.labels.append(self._Label(reference, vs.general.textColor))
        self.elements.append(RigidElement(f"{prefix}/sensors/{reference.index}", reference, parts,
                                          self._PointPose(position)))
        traces = vs.sensors.traces
        chosen = list(traces.listOfPositionSensors)
        if (traces.showPositionTrace and traces.showPast and str(item.get('outputVariableType')) == 'Position'
                and (not chosen or reference.index in chosen)):
            self._AddTrace(prefix, mbs, reference, position, len(self._traceColors))

    def _AddTrace(self, prefix, mbs, reference, position, number):
        """the path a position sensor's point took over the last sensors.traces.timeSpan seconds (0: since the
        start), from the states the scene was sampled at (a solve's frames, a solution's rows)"""
        traces = self.settings.sensors.traces
        palette = np.asarray(traces.traceColors, dtype=float).reshape(-1, 4)
        color = palette[number % len(palette)] if len(palette) else np.array([0.2, 0.2, 0.2, 1.])
        self._traceColors.append(color)
        timeSpan = float(traces.timeSpan)
        history = []  # (time, point) in the order sampled

        def Trace():
            time, point = float(mbs.systemData.GetTime()), position()
            if history and time < history[-1][0]:
                history.clear()  # a new solve, or a solution played from its start again
            if not history or time > history[-1][0]:
                history.append((time, point))
            while timeSpan > 0 and time - history[0][0] > timeSpan:
                history.pop(0)
            points = np.array([p for _, p in history])
            segments = np.repeat(points, 2, axis=0)[1:-1] if len(points) > 1 else np.array([point, point])
            return segments, np.tile(color, (len(segments), 1))
        self.elements.append(SegmentsElement(f"{prefix}/sensors/{reference.index}/trace", reference, Trace,
                                             max(float(traces.lineWidth), 1.)))

    def _AddCable(self, prefix, mbs, reference, item):
        """an ANCF cable as a line through points along its axis, coloured by contour.outputVariable"""
        vs = self.settings
        o = reference.index
        length = float(mbs.GetObjectParameter(o, 'physicsLength'))
        samples = max(2, int(vs.bodies.beams.axialTiling) * 2)
        xs = np.linspace(0., length, samples + 1)
        locals_ = [[x, 0., 0.] for x in xs]
        color = ResolvedColor(item.get('Vcolor', [-1] * 4), vs.bodies.defaultColor)
        variable = vs.contour.outputVariable
        component = int(vs.contour.outputVariableComponent)
        contour = None
        if int(variable) != 0:
            if _Try(lambda: mbs.GetObjectOutputBody(o, variable, locals_[0])) is None:
                warnings.warn(f"viewer: object {o} (ANCFCable2D) gives no output {variable}: drawn without contour "
                              f"colours", stacklevel=3)
            else:
                contour = variable
                self.colorBar = [str(variable).split('.')[-1], component, None, None]
        drawHeight = item.get('VdrawHeight', -1)

        def Line():
            points = np.array([mbs.GetObjectOutputBody(o, _Output.Position, p) for p in locals_], dtype=float)
            segments = np.repeat(points, 2, axis=0)[1:-1]
            if contour is None:
                return segments, np.broadcast_to(color, (len(segments), 4))
            values = np.array([self._Component(mbs.GetObjectOutputBody(o, contour, p), component) for p in locals_])
            low, high = self._ContourRange(values)
            colors = _draw.ContourColors(values, low, high)
            return segments, np.repeat(colors, 2, axis=0)[1:-1]
        self.elements.append(SegmentsElement(f"{prefix}/objects/{o}", reference, Line, *(
            (drawHeight, 'world') if drawHeight > 0 else (6., 'screen'))))

    @staticmethod
    def _Component(value, component):
        """component of an output (-1: its norm), as Exudyn's contour.outputVariableComponent"""
        value = np.asarray(value, dtype=float).reshape(-1)
        if component < 0:
            return float(np.linalg.norm(value))
        return float(value[min(component, value.size - 1)])

    def _ContourRange(self, values):
        """contour.minValue/maxValue, or with automaticRange the range of all values seen so far"""
        vs = self.settings.contour
        if not vs.automaticRange:
            low, high = float(vs.minValue), float(vs.maxValue)
        else:
            seen = self._contourRange or (float(np.min(values)), float(np.max(values)))
            low, high = min(seen[0], float(np.min(values))), max(seen[1], float(np.max(values)))
            self._contourRange = (low, high)
        self.colorBar[2:] = [low, high]
        return low, high

    def _AddWorldBasis(self):
        vs = self.settings.general
        if vs.drawWorldBasis:
            parts = _draw.Axes(vs.worldBasisSize)
            self.elements.append(RigidElement('/world/basis', None, parts, lambda: (np.zeros(3), np.eye(3)),
                                              static=True))

    # ----------------------------------------------------------------------------------------------
    def Sample(self):
        """every element's current pose (p, R) or (points, colors), in the order of self.elements"""
        self._markerPositions = {}
        try:
            return [element.pose() if element.kind == 'rigid' else element.segments() if element.kind == 'segments'
                    else element.Sample() for element in self.elements]
        finally:
            self._markerPositions = None

    def Bounds(self, sample=None):
        """[lowest corner, highest corner] of the drawn scene in a sample (the current one by default)"""
        sample = self.Sample() if sample is None else sample
        points = []
        for element, state in zip(self.elements, sample):
            if element.kind == 'rigid':
                bounds = element.parts.Bounds()
                if bounds is not None:
                    corners = np.array([[bounds[i][0], bounds[j][1], bounds[k][2]]
                                        for i in (0, 1) for j in (0, 1) for k in (0, 1)])
                    points.append(state[0] + corners @ state[1].T)
            elif element.kind == 'segments' and len(state[0]):
                points.append(state[0])
        if not points:
            return np.zeros(3), np.zeros(3)
        points = np.vstack(points)
        return points.min(axis=0), points.max(axis=0)

    def Batches(self, minimumCount=2):
        """groups of moving rigid elements with equal meshes only (no lines, no labels), to draw as one
        batched mesh: {geometry key: [element indices]} for groups of at least minimumCount"""
        groups = {}
        for index, element in enumerate(self.elements):
            if element.kind != 'rigid' or element.static or element.parts.labels or len(element.parts.segmentPoints):
                continue
            if not element.parts.meshes:
                continue
            groups.setdefault(element.parts.Key(), []).append(index)
        return {key: indices for key, indices in groups.items() if len(indices) >= minimumCount}
