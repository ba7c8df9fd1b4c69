"""A Scene drawn with viser's scene API: handles made once, then each sample sets poses and points.

Equal moving meshes (the bodies of a chain, the balls of its joints, the cubes of its markers) are
one batched mesh each, and all line segments of one thickness are one line-segments object, so a
frame is a handful of messages however many items the model has.
"""
import copy

import numpy as np

from multidyn.viewer.scene import RigidElement


def Quaternions(rotations):
    """unit quaternions [w, x, y, z] (n x 4) of rotation matrices (n x 3 x 3), vectorised: each row from the
    largest of w, x, y, z (Shepperd's choice), which keeps the division well conditioned"""
    R = np.asarray(rotations, dtype=float).reshape(-1, 3, 3)
    r00, r11, r22 = R[:, 0, 0], R[:, 1, 1], R[:, 2, 2]
    # 4 q_k^2 for k = w, x, y, z
    squares = np.stack([1 + r00 + r11 + r22, 1 + r00 - r11 - r22, 1 - r00 + r11 - r22, 1 - r00 - r11 + r22], axis=1)
    largest = np.argmax(squares, axis=1)
    s = 2. * np.sqrt(np.maximum(squares[np.arange(len(R)), largest], 1e-300))  # 4 q_largest
    wx, wy, wz = R[:, 2, 1] - R[:, 1, 2], R[:, 0, 2] - R[:, 2, 0], R[:, 1, 0] - R[:, 0, 1]
    xy, xz, yz = R[:, 0, 1] + R[:, 1, 0], R[:, 0, 2] + R[:, 2, 0], R[:, 1, 2] + R[:, 2, 1]
    candidates = np.stack([
        np.stack([0.25 * s, wx / s, wy / s, wz / s], axis=1),
        np.stack([wx / s, 0.25 * s, xy / s, xz / s], axis=1),
        np.stack([wy / s, xy / s, 0.25 * s, yz / s], axis=1),
        np.stack([wz / s, xz / s, yz / s, 0.25 * s], axis=1)], axis=1)
    q = candidates[np.arange(len(R)), largest]
    return q / np.linalg.norm(q, axis=1, keepdims=True)


def _Rgb(rgba):
    return tuple(int(round(255 * c)) for c in np.clip(rgba[:3], 0, 1))


def _Opacity(rgba):
    return None if rgba[3] >= 1. else float(rgba[3])


def _SameGraphics(first, second):
    """the two lists of graphics dicts are equal (numbers compared exactly; what cannot be compared counts as
    different, so it is drawn again)"""
    def SameValue(a, b):
        if isinstance(a, (str, int, float, bool)) or a is None:
            return type(a) is type(b) and a == b
        return np.array_equal(np.asarray(a), np.asarray(b))
    try:
        return len(first) == len(second) and all(
            isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() and all(SameValue(a[k], b[k]) for k in a)
            for a, b in zip(first, second))
    except Exception:  # noqa: BLE001
        return False


def ConfigureScene(server):
    """Exudyn's view (y up) and plain lighting: no environment map (its prefiltering costs a software renderer
    many seconds before the first frame) and lights without shadows"""
    api = server.scene
    api.set_up_direction('+y')
    api.configure_environment_map(hdri=None)
    api.configure_default_lights(enabled=False)  # ViserDrawing adds Exudyn's lights instead


class ViserDrawing:
    """the handles of a Scene in a viser server; Apply(sample) moves them"""

    def __init__(self, server, scene, onClick=None, lineWidthPixels=2.):
        self.server = server
        self.scene = scene
        self._frames = {}      # element index -> frame handle
        self._batches = []     # (element indices, [batched mesh handles])
        self._lines = []       # (element indices, line-segments handle): all segments of one thickness
        self._lastColors = {}  # line group -> colours sent last (contour colours change, most do not)
        self._posedStatic = set()  # static frames (grounds) are posed once
        api = server.scene
        # as Exudyn's default lights: ambient, light0 from above the x-y plane (+z), light1 weaker from below
        api.add_light_ambient('/lights/ambient', intensity=1.0)
        api.add_light_directional('/lights/light0', intensity=2.2, position=(2., 2., 10.))
        api.add_light_directional('/lights/light1', intensity=1.0, position=(2., 2., -10.))
        batched = set()
        for number, indices in enumerate(scene.Batches().values()):
            first = scene.elements[indices[0]]
            handles = []
            for k, mesh in enumerate(first.parts.meshes):
                handle = api.add_batched_meshes_simple(
                    f"/batched/{number}/{k}", mesh.vertices, mesh.faces, np.tile([1., 0., 0., 0.], (len(indices), 1)),
                    np.zeros((len(indices), 3)), batched_colors=_Rgb(mesh.rgba), opacity=_Opacity(mesh.rgba),
                    side='double', lod='off')
                if onClick is not None:
                    handle.on_click(lambda event, indices=indices: onClick(scene.elements[indices[event.instance_index]].item))
                handles.append(handle)
            self._batches.append((indices, handles))
            batched.update(indices)
        self._user = {}        # element index -> [frame handle, data drawn last, [child handles]]
        self._onClick = onClick
        self._lineWidthPixels = lineWidthPixels
        segmentGroups = {}
        for index, element in enumerate(scene.elements):
            if element.kind == 'segments':
                segmentGroups.setdefault((element.thickness, element.units), []).append(index)
            elif element.kind == 'user':
                self._user[index] = [api.add_frame(element.name, show_axes=False), None, []]
            elif index not in batched:
                self._AddRigid(index, element, onClick, lineWidthPixels)
        for number, ((thickness, units), indices) in enumerate(segmentGroups.items()):
            handle = api.add_line_segments(f"/lines/{number}", np.zeros((1, 2, 3)), (0, 0, 0), thickness=thickness,
                                           thickness_units=units)
            self._lines.append((indices, handle))

    def _AddRigid(self, index, element: RigidElement, onClick, lineWidthPixels):
        frame = self.server.scene.add_frame(element.name, show_axes=False)
        self._frames[index] = frame
        self._AddParts(element.name, element.item, element.parts, onClick, lineWidthPixels)

    def _AddParts(self, name, item, parts, onClick, lineWidthPixels):
        """meshes, lines and labels of GeometryParts under the frame `name`; their handles"""
        api = self.server.scene
        handles = []
        for k, mesh in enumerate(parts.meshes):
            handle = api.add_mesh_simple(f"{name}/mesh{k}", mesh.vertices, mesh.faces, color=_Rgb(mesh.rgba),
                                         opacity=_Opacity(mesh.rgba), side='double')
            if onClick is not None and item is not None:
                handle.on_click(lambda event, item=item: onClick(item))
            handles.append(handle)
        if len(parts.segmentPoints):
            handles.append(api.add_line_segments(
                f"{name}/lines", parts.segmentPoints.reshape(-1, 2, 3),
                (np.clip(parts.segmentColors[:, :3], 0, 1) * 255).astype(np.uint8).reshape(-1, 2, 3),
                thickness=lineWidthPixels, thickness_units='screen'))
        for k, label in enumerate(parts.labels):
            handles.append(api.add_label(f"{name}/label{k}", label.text, position=tuple(label.position)))
        return handles

    def _ApplyUserGraphics(self, index, state, force):
        """poses an item's graphicsDataUserFunction drawing and, when the function returned other graphics than last
        time, replaces its meshes, lines and labels"""
        p, R, data = state
        frame, drawn, handles = self._user[index]
        frame.position = tuple(float(x) for x in p)
        frame.wxyz = tuple(float(x) for x in Quaternions(R)[0])
        if not force and drawn is not None and _SameGraphics(drawn, data):
            return
        element = self.scene.elements[index]
        parts = self.scene.UserGraphicsParts(element, data)
        for handle in handles:
            handle.remove()
        # a copy: a function that changes and returns the same list each time is drawn anew
        self._user[index] = [frame, copy.deepcopy(data), self._AddParts(element.name, element.item, parts,
                                                                        self._onClick, self._lineWidthPixels)]

    def Apply(self, sample, force=False):
        """sets every handle from a sample of the scene (Scene.Sample()); static frames only the first time"""
        for index, frame in self._frames.items():
            element = self.scene.elements[index]
            if element.static and not force and index in self._posedStatic:
                continue
            p, R = sample[index]
            frame.position = tuple(float(x) for x in p)
            frame.wxyz = tuple(float(x) for x in Quaternions(R)[0])
            if element.static:
                self._posedStatic.add(index)
        for index in self._user:
            self._ApplyUserGraphics(index, sample[index], force)
        for indices, handles in self._batches:
            positions = np.array([sample[i][0] for i in indices], dtype=np.float32)
            wxyzs = Quaternions([sample[i][1] for i in indices]).astype(np.float32)
            for handle in handles:
                handle.batched_positions = positions
                handle.batched_wxyzs = wxyzs
        for number, (indices, handle) in enumerate(self._lines):
            points = np.vstack([sample[i][0] for i in indices]).reshape(-1, 2, 3).astype(np.float32)
            colors = (np.clip(np.vstack([sample[i][1] for i in indices])[:, :3], 0, 1) * 255).astype(np.uint8)
            colors = colors.reshape(-1, 2, 3)
            handle.points = points
            last = self._lastColors.get(number)
            if force or last is None or last.shape != colors.shape or not np.array_equal(last, colors):
                handle.colors = colors
                self._lastColors[number] = colors
