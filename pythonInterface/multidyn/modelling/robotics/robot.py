"""Robot: a serial robot or a tree of RobotLinks on a RobotBase, with a RobotTool (Exudyn's
exudyn.robotics.Robot): kinematics (LinkHT, JointHT, COMHT, Jacobian), static joint torques and
the multibody models CreateKinematicTree (minimal coordinates) and CreateRedundantCoordinateMBS
(rigid bodies and joints). Conventions: see robotLink.py and docs/robotics.md."""
from copy import deepcopy

import numpy as np

from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import CheckedHT, CheckedInstance, CheckedVector3, JointKindOf, JointMotionHT
from multidyn.modelling.robotics.robotBase import RobotBase
from multidyn.modelling.robotics.robotLink import RobotLink
from multidyn.modelling.robotics.robotTool import RobotTool


class Robot:
    """gravity (global vector), base (RobotBase), tool (RobotTool), referenceConfiguration (one joint
    coordinate per link; links added beyond its length get 0)."""

    def __init__(self, gravity=[0, 0, -9.81], base=RobotBase(), tool=RobotTool(), referenceConfiguration=[]):
        function = 'Robot'
        self.gravity = CheckedVector3(gravity, function, 'gravity')
        self.base = CheckedInstance(base, RobotBase, function, 'base')
        self.tool = CheckedInstance(tool, RobotTool, function, 'tool')
        try:
            reference = np.array(referenceConfiguration, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            reference = None
        if reference is None or np.ndim(referenceConfiguration) > 1:
            raise ValueError(f"{function}: parameter 'referenceConfiguration' must be a list of joint coordinates; "
                             f"received {referenceConfiguration!r}")
        self.referenceConfiguration = reference
        self.links = []
        self.isSerialRobot = True  # stays True while every link's parent is the link before

    def __repr__(self):
        return (f"Robot(gravity={self.gravity.tolist()}, base={self.base}, tool={self.tool}, "
                f"referenceConfiguration={self.referenceConfiguration.tolist()}, links={self.links})")

    def __getstate__(self):  # copies and pickles leave out the compiled tree (rebuilt when needed)
        state = self.__dict__.copy()
        state.pop('_treeAlgorithms', None)
        return state

    # ---- structure -------------------------------------------------------------------------
    def AddLink(self, robotLink):
        """add a copy of robotLink; parent -2 becomes the previous link (-1 for the first); returns the link's index"""
        CheckedInstance(robotLink, RobotLink, 'Robot.AddLink', 'robotLink')
        index = len(self.links)
        link = deepcopy(robotLink)
        if link.parent == -2:
            link.parent = index - 1
        elif link.parent >= index:
            raise ValueError(f"Robot.AddLink: the link's parent must be -1 (base), -2 (previous link) or an earlier "
                             f"link's index < {index}; received parent={link.parent}")
        if link.parent != index - 1:
            self.isSerialRobot = False
        if len(self.referenceConfiguration) == index:
            self.referenceConfiguration = np.hstack((self.referenceConfiguration, [0.]))
        self.links.append(link)
        return index

    def IsSerialRobot(self):
        return self.isSerialRobot

    def GetLink(self, i):
        return self.links[self._LinkIndex(i, 'Robot.GetLink', 'i')]

    def HasParent(self, i):
        """True if link i hangs on another link, False if on the base"""
        return self.links[self._LinkIndex(i, 'Robot.HasParent', 'i')].parent >= 0

    def GetParentIndex(self, i):
        """index of link i's parent, -1 for the base"""
        return self.links[self._LinkIndex(i, 'Robot.GetParentIndex', 'i')].parent

    def NumberOfLinks(self):
        return len(self.links)

    def GetBaseHT(self):
        return self.base.HT

    def GetToolHT(self):
        return self.tool.HT

    # ---- kinematics ------------------------------------------------------------------------
    def JointHT(self, q):
        """list of the joint frames (world -> joint frame of link i, after the joint's motion) at joint coordinates q"""
        q = self._Coordinates(q, 'Robot.JointHT')
        frames = []
        for i, link in enumerate(self.links):
            kind = JointKindOf(link.jointType, 'Robot.JointHT', f'links[{i}].jointType')
            parentFrame = self.base.HT if link.parent < 0 else frames[link.parent] @ self.links[link.parent].localHT
            frames.append(parentFrame @ link.preHT @ JointMotionHT(kind, q[i]))
        return frames

    def LinkHT(self, q):
        """list of the link frames (world -> link frame of link i = joint frame @ localHT) at joint coordinates q"""
        return [T @ link.localHT for T, link in zip(self.JointHT(q), self.links)]

    def COMHT(self, HT):
        """list of the frames at the links' centres of mass (link axes), from the joint frames HT of JointHT"""
        HT = self._JointFrames(HT, 'Robot.COMHT', exactly=True)
        return [T @ link.localHT @ _rbu.HTtranslate(link.COM) for T, link in zip(HT, self.links)]

    def Jacobian(self, HT, toolPosition=[], mode='all', linkIndex=None):
        """Jacobian of the velocity (rows 0-2) and angular velocity (rows 3-5) of the point toolPosition
        (global; default: the origin of link linkIndex's frame) fixed to link linkIndex (default: the last
        link of HT) with respect to the joint velocities of the links in HT (the joint frames of JointHT);
        columns of links not on the chain from linkIndex to the base are zero.
        mode: 'all' (6 rows), 'trans' (rows 0-2) or 'rot' (rows 3-5).
        Computed by ObjectKinematicTree's algorithms at the joint coordinates of HT."""
        function = 'Robot.Jacobian'
        HT = self._JointFrames(HT, function)
        n = len(HT)
        if mode not in ('all', 'trans', 'rot'):
            raise ValueError(f"{function}: parameter 'mode' must be 'all', 'trans' or 'rot'; received {mode!r}")
        if linkIndex is None:
            linkIndex = n - 1
        if isinstance(linkIndex, bool) or not isinstance(linkIndex, (int, np.integer)) or not 0 <= linkIndex < n:
            raise ValueError(f"{function}: parameter 'linkIndex' must be a link index 0..{n - 1} (one of the links in "
                             f"HT) or None; received {linkIndex!r}")
        if len(toolPosition) == 0:
            localPosition = self.links[linkIndex].localHT[0:3, 3]  # the link frame's origin in the joint (tree) frame
        else:  # the global point in the joint frame of the link
            point = CheckedVector3(toolPosition, function, 'toolPosition')
            localPosition = HT[linkIndex][0:3, 0:3].T @ (point - HT[linkIndex][0:3, 3])
        q = self._CoordinatesOfJointFrames(HT, function)
        J = self._TreeAlgorithms(function).Jacobian(q, int(linkIndex), localPosition)[:, 0:n]
        return J[0:3] if mode == 'trans' else J[3:6] if mode == 'rot' else J

    def StaticTorques(self, HT):
        """joint torques (forces for prismatic joints) that gravity exerts on the joints at the joint frames HT of
        JointHT: tau = sum_i J_i^T m_i g with J_i the translational Jacobian of link i's COM; a drive holds the
        robot still with -tau (= InverseDynamics(q, 0, 0))"""
        function = 'Robot.StaticTorques'
        HT = self._JointFrames(HT, function, exactly=True)
        q = self._CoordinatesOfJointFrames(HT, function)
        zero = np.zeros(len(q))
        return -self._TreeAlgorithms(function).InverseDynamics(q, zero, zero)

    # ---- dynamics (our additions; ObjectKinematicTree's algorithms) -----------------------
    def InverseDynamics(self, q, q_t, q_tt):
        """joint torques (forces for prismatic joints) tau = M(q) q_tt + f(q, q_t) that drive the robot with the joint
        accelerations q_tt at coordinates q and velocities q_t, against gravity (recursive Newton-Euler, O(n))"""
        function = 'Robot.InverseDynamics'
        return self._TreeAlgorithms(function).InverseDynamics(
            self._Coordinates(q, function), self._Coordinates(q_t, function, 'q_t'),
            self._Coordinates(q_tt, function, 'q_tt'))

    def MassMatrix(self, q):
        """the joint-space mass matrix M(q) (composite rigid bodies)"""
        function = 'Robot.MassMatrix'
        return self._TreeAlgorithms(function).MassMatrix(self._Coordinates(q, function))

    def ForwardDynamics(self, q, q_t, torques):
        """joint accelerations q_tt = M(q)^-1 (torques - f(q, q_t)) (articulated-body algorithm, O(n))"""
        function = 'Robot.ForwardDynamics'
        return self._TreeAlgorithms(function).ForwardDynamics(
            self._Coordinates(q, function), self._Coordinates(q_t, function, 'q_t'),
            self._Coordinates(torques, function, 'torques'))

    def GetKinematicTree66(self):
        """the robot as Exudyn's KinematicTree66 (6x6 Pluecker transforms and spatial inertias), with the same
        dynamics as the robot's tree; unlike Exudyn's it takes links with localHT other than HT0() and a rotated
        base (folded into the joint frames, as CreateKinematicTree does)"""
        from multidyn.modelling.kinematicTree import KinematicTree66, MassCOMinertia2T66
        from multidyn.modelling.robotics.kinematicTreeModel import TreeParameters
        function = 'Robot.GetKinematicTree66'
        if len(self.links) == 0:
            raise ValueError(f"{function}: the robot has no links; add them with Robot.AddLink first")
        p = TreeParameters(self, function)
        return KinematicTree66(
            [link.jointType for link in self.links],
            [_rbu.RotationTranslation2T66Inverse(A, offset) for A, offset in zip(p['jointTransformations'],
                                                                                 p['jointOffsets'])],
            [MassCOMinertia2T66(m, c, J) for m, c, J in zip(p['linkMasses'], p['linkCOMs'], p['linkInertiasCOM'])],
            p['linkParents'], gravity=p['gravity'])

    # ---- multibody models ------------------------------------------------------------------
    def CreateKinematicTree(self, mbs, name='', forceUserFunction=0):
        """add the robot as one ObjectKinematicTree (minimal coordinates) to mbs; see kinematicTreeModel.py"""
        from multidyn.modelling.robotics.kinematicTreeModel import AddKinematicTreeModel
        return AddKinematicTreeModel(self, mbs, name, forceUserFunction)

    def CreateRedundantCoordinateMBS(self, mbs, baseMarker, jointSpringDamperUserFunctionList=[],
                                     jointLoadUserFunctionList=[], createJointTorqueLoads=True,
                                     rotationMarkerBase=None, rigidBodyNodeType=None):
        """add the robot as rigid bodies connected by generic joints to mbs, on baseMarker; see
        redundantCoordinateModel.py"""
        from multidyn.modelling.robotics.redundantCoordinateModel import AddRedundantCoordinateModel
        return AddRedundantCoordinateModel(self, mbs, baseMarker, jointSpringDamperUserFunctionList,
                                           jointLoadUserFunctionList, createJointTorqueLoads, rotationMarkerBase,
                                           rigidBodyNodeType)

    # ---- checks ----------------------------------------------------------------------------
    def _LinkIndex(self, i, function, parameter):
        n = len(self.links)
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not -n <= i < n:
            raise IndexError(f"{function}: parameter '{parameter}' must be a link index 0..{n - 1}; received {i!r}")
        return int(i)

    def _Coordinates(self, q, function, parameter='q'):
        try:
            values = np.array(q, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            values = None
        if values is None or len(values) != len(self.links):
            what = 'joint coordinate' if parameter == 'q' else 'value'
            raise ValueError(f"{function}: parameter '{parameter}' must hold one {what} per link "
                             f"({len(self.links)}); received {q!r}")
        return values

    def _TreeAlgorithms(self, function):
        """ObjectKinematicTree's algorithms on this robot; rebuilt when a link, the base or gravity changed (links
        may be changed in place), which a fingerprint of their values detects"""
        from multidyn import _multidyn
        from multidyn.modelling.robotics.kinematicTreeModel import TreeParameters
        if len(self.links) == 0:
            raise ValueError(f"{function}: the robot has no links; add them with Robot.AddLink first")

        def Bytes(x):
            return np.asarray(x, dtype=float).tobytes()
        fingerprint = (Bytes(self.base.HT), Bytes(self.gravity)) + tuple(
            (link.jointType, link.parent, Bytes(link.mass), Bytes(link.COM), Bytes(link.inertia), Bytes(link.localHT),
             Bytes(link.preHT)) for link in self.links)
        cached = getattr(self, '_treeAlgorithms', None)
        if cached is not None and cached[0] == fingerprint:
            return cached[1]
        try:
            algorithms = _multidyn._KinematicTreeAlgorithms(TreeParameters(self, function))
        except ValueError as error:  # the tree's checks of the links' masses and inertias
            raise ValueError(f"{function}: the robot's links as a kinematic tree: {error}") from None
        self._treeAlgorithms = (fingerprint, algorithms)
        return algorithms

    def _CoordinatesOfJointFrames(self, HT, function):
        """the joint coordinates q of the joint frames HT (of JointHT(q), maybe only the first links'); the
        links beyond HT get 0"""
        q = np.zeros(len(self.links))
        for i, T in enumerate(HT):
            link = self.links[i]
            parentFrame = self.base.HT if link.parent < 0 else HT[link.parent] @ self.links[link.parent].localHT
            motion = np.linalg.solve(parentFrame @ link.preHT, T)  # the joint's own motion
            kind = JointKindOf(link.jointType, function, f'links[{i}].jointType')
            k1, k2 = (kind.axis + 1) % 3, (kind.axis + 2) % 3
            q[i] = np.arctan2(motion[k2, k1], motion[k1, k1]) if kind.revolute else motion[kind.axis, 3]
        return q

    def _JointFrames(self, HT, function, exactly=False):
        if not isinstance(HT, (list, tuple)) or len(HT) == 0 or len(HT) > len(self.links) or \
                (exactly and len(HT) != len(self.links)):
            count = f"{len(self.links)}" if exactly else f"1..{len(self.links)}"
            raise ValueError(f"{function}: parameter 'HT' must be a list of {count} joint frames (4x4, as "
                             f"Robot.JointHT returns); received {type(HT).__name__} of length "
                             f"{len(HT) if hasattr(HT, '__len__') else '?'}")
        return [CheckedHT(T, function, f'HT[{k}]') for k, T in enumerate(HT)]
