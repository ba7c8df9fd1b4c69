"""Robot: a serial robot or a tree of RobotLinks on a RobotBase, with a RobotTool (Exudyn's
exudyn.robotics.Robot): kinematics (LinkHT, JointHT, COMHT, Jacobian), static joint torques and
the multibody models CreateKinematicTree (minimal coordinates) and CreateRedundantCoordinateMBS
(rigid bodies and joints). Conventions: see robotLink.py and docs/robotics.md."""
from copy import deepcopy

import numpy as np

from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import (CheckedHT, CheckedInstance, CheckedVector3, JointKindOf, JointMotionHT,
                                         UnitAxis)
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
        mode: 'all' (6 rows), 'trans' (rows 0-2) or 'rot' (rows 3-5)."""
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
            point = _rbu.HT2translation(HT[linkIndex] @ self.links[linkIndex].localHT)
        else:
            point = CheckedVector3(toolPosition, function, 'toolPosition')
        translational = np.zeros((3, n))
        rotational = np.zeros((3, n))
        i = linkIndex
        while i >= 0:  # from the link to the base along its parents; each joint moves everything beyond it
            kind = JointKindOf(self.links[i].jointType, function, f'links[{i}].jointType')
            axis = HT[i][0:3, 0:3] @ UnitAxis(kind)
            if kind.revolute:
                rotational[:, i] = axis
                translational[:, i] = np.cross(axis, point - HT[i][0:3, 3])
            else:
                translational[:, i] = axis
            i = self.links[i].parent
        if mode == 'trans':
            return translational
        if mode == 'rot':
            return rotational
        return np.vstack((translational, rotational))

    def StaticTorques(self, HT):
        """joint torques (forces for prismatic joints) that gravity exerts on the joints at the joint frames HT of
        JointHT: tau = sum_i J_i^T m_i g with J_i the translational Jacobian of link i's COM; a drive holds the
        robot still with -tau"""
        HT = self._JointFrames(HT, 'Robot.StaticTorques', exactly=True)
        torques = np.zeros(len(self.links))
        for i, frame in enumerate(self.COMHT(HT)):
            J = self.Jacobian(HT[0:i + 1], toolPosition=frame[0:3, 3], mode='trans')
            torques[0:i + 1] += J.T @ (self.links[i].mass * self.gravity)
        return torques

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

    def _Coordinates(self, q, function):
        try:
            values = np.array(q, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            values = None
        if values is None or len(values) != len(self.links):
            raise ValueError(f"{function}: parameter 'q' must hold one joint coordinate per link "
                             f"({len(self.links)}); received {q!r}")
        return values

    def _JointFrames(self, HT, function, exactly=False):
        if not isinstance(HT, (list, tuple)) or len(HT) == 0 or len(HT) > len(self.links) or \
                (exactly and len(HT) != len(self.links)):
            count = f"{len(self.links)}" if exactly else f"1..{len(self.links)}"
            raise ValueError(f"{function}: parameter 'HT' must be a list of {count} joint frames (4x4, as "
                             f"Robot.JointHT returns); received {type(HT).__name__} of length "
                             f"{len(HT) if hasattr(HT, '__len__') else '?'}")
        return [CheckedHT(T, function, f'HT[{k}]') for k, T in enumerate(HT)]
