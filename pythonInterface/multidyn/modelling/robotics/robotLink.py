"""RobotLink and VRobotLink: one link of a multidyn.robotics.Robot and how it is drawn (Exudyn's
exudyn.robotics.RobotLink, VRobotLink).

A link i has three frames:
  joint frame  = parent's link frame @ preHT @ (rotation/translation of the joint by q_i)
  link frame   = joint frame @ localHT (standard DH: localHT = StdDH2HT([0, d, a, alpha]))
  COM          = link frame @ HTtranslate(COM)
mass, COM and inertia (about the COM) are given in the link frame."""
from copy import deepcopy

import numpy as np

from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import (CheckedGraphicsList, CheckedHT, CheckedInstance, CheckedScalar,
                                         CheckedVector3, JointKindOf)


class VRobotLink:
    """How a link is drawn: jointRadius, jointWidth (cylinder of the joint), linkWidth and linkColor
    (default drawing from this joint to the next), showMBSjoint, showCOM (a small cube at the COM) and
    graphicsData (a list of graphics dicts in link coordinates; if given, it replaces the default
    drawing of the link). Graphics are stored with the model; multidyn has no renderer yet."""

    def __init__(self, jointRadius=0.06, jointWidth=0.12, linkWidth=0.1, showMBSjoint=True, showCOM=True,
                 linkColor=[0.4, 0.4, 0.4, 1], graphicsData=[]):
        function = 'VRobotLink'
        self.jointRadius = CheckedScalar(jointRadius, function, 'jointRadius', nonNegative=True)
        self.jointWidth = CheckedScalar(jointWidth, function, 'jointWidth', nonNegative=True)
        self.linkWidth = CheckedScalar(linkWidth, function, 'linkWidth', nonNegative=True)
        self.showMBSjoint = bool(showMBSjoint)
        self.showCOM = bool(showCOM)
        color = list(np.asarray(linkColor, dtype=float).reshape(-1)) if np.size(linkColor) == 4 else None
        if color is None:
            raise ValueError(f"{function}: parameter 'linkColor' must be an RGBA color of 4 numbers; "
                             f"received {linkColor!r}")
        self.linkColor = color
        self.graphicsData = CheckedGraphicsList(graphicsData, function)

    def __repr__(self):
        return (f"VRobotLink(jointRadius={self.jointRadius}, jointWidth={self.jointWidth}, "
                f"linkWidth={self.linkWidth}, showMBSjoint={self.showMBSjoint}, showCOM={self.showCOM}, "
                f"linkColor={self.linkColor}, graphicsData=[{len(self.graphicsData)} items])")


class RobotLink:
    """One link: mass, COM (link frame), inertia (3x3 about the COM, link frame), localHT (joint
    frame -> link frame), preHT (parent's link frame -> joint frame before the joint moves), jointType
    ('Rx', 'Ry', 'Rz', 'Px', 'Py', 'Pz'), parent (-2: the previous link, as in a serial robot; -1:
    the base; otherwise the index of an earlier link), PDcontrol (P, D) of the joint's drive
    ((None, None): no drive) and visualization (VRobotLink)."""

    def __init__(self, mass, COM, inertia, localHT=_rbu.HT0(), jointType='Rz', parent=-2, preHT=_rbu.HT0(),
                 PDcontrol=(None, None), visualization=VRobotLink()):
        function = 'RobotLink'
        self.mass = CheckedScalar(mass, function, 'mass', nonNegative=True)
        self.COM = CheckedVector3(COM, function, 'COM')
        J = _rbu._AsArray(inertia, (3, 3), function, 'inertia')
        if np.max(np.abs(J - J.T)) > 1e-10 * max(np.max(np.abs(J)), 1e-300):
            _rbu._Fail(function, 'inertia', 'the symmetric 3x3 inertia tensor about the COM (link coordinates)',
                       detail='received an unsymmetric matrix')
        self.inertia = J
        self.localHT = CheckedHT(localHT, function, 'localHT')
        self.preHT = CheckedHT(preHT, function, 'preHT')
        JointKindOf(jointType, function)
        self.jointType = jointType
        if isinstance(parent, bool) or not isinstance(parent, (int, np.integer)) or parent < -2:
            raise ValueError(f"{function}: parameter 'parent' must be an integer: -2 (the previous link), "
                             f"-1 (the base) or the index of an earlier link; received {parent!r}")
        self.parent = int(parent)
        self.visualization = deepcopy(CheckedInstance(visualization, VRobotLink, function, 'visualization'))
        if not isinstance(PDcontrol, (tuple, list)) or len(PDcontrol) != 2:
            raise ValueError(f"{function}: parameter 'PDcontrol' must be a pair (P, D) of gains or (None, None); "
                             f"received {PDcontrol!r}")
        if PDcontrol[0] is not None:  # Exudyn: only P decides whether the link has a drive
            self.SetPDcontrol(PDcontrol[0], 0. if PDcontrol[1] is None else PDcontrol[1])

    def SetPDcontrol(self, Pvalue, Dvalue):
        """give the joint a drive with position gain P and velocity gain D"""
        self.PDcontrol = (CheckedScalar(Pvalue, 'RobotLink.SetPDcontrol', 'Pvalue'),
                          CheckedScalar(Dvalue, 'RobotLink.SetPDcontrol', 'Dvalue'))

    def HasPDcontrol(self):
        return hasattr(self, 'PDcontrol')

    def GetPDcontrol(self):
        if not self.HasPDcontrol():
            raise ValueError('RobotLink.GetPDcontrol: the link has no PDcontrol; give PDcontrol=(P, D) or call '
                             'SetPDcontrol(P, D) first')
        return self.PDcontrol

    def __repr__(self):
        drive = f', PDcontrol={self.PDcontrol}' if self.HasPDcontrol() else ''
        return (f"RobotLink(mass={self.mass}, COM={self.COM.tolist()}, inertia={self.inertia.tolist()}, "
                f"jointType={self.jointType!r}, parent={self.parent}, preHT={self.preHT.tolist()}, "
                f"localHT={self.localHT.tolist()}{drive})")
