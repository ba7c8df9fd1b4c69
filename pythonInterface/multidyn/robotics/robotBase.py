"""RobotBase and VRobotBase: where a multidyn.robotics.Robot stands (Exudyn's RobotBase)."""
from copy import copy

from multidyn import rigidBodyUtilities as _rbu
from multidyn.robotics.jointTypes import CheckedHT


class VRobotBase:
    """graphicsData: a list of graphics dicts in base coordinates, drawn on a ground object."""

    def __init__(self, graphicsData=[]):
        if not isinstance(graphicsData, (list, tuple)):
            raise ValueError("VRobotBase: parameter 'graphicsData' must be a list of graphics dicts; "
                             f"received {type(graphicsData).__name__}")
        self.graphicsData = copy(list(graphicsData))


class RobotBase:
    """HT: world -> base frame (the frame the root links' preHT start from)."""

    def __init__(self, HT=_rbu.HT0(), visualization=VRobotBase()):
        self.HT = CheckedHT(HT, 'RobotBase', 'HT')
        if not isinstance(visualization, VRobotBase):
            raise ValueError("RobotBase: parameter 'visualization' must be a VRobotBase; received "
                             f"{type(visualization).__name__}")
        self.visualization = visualization

    def __repr__(self):
        return f"RobotBase(HT={self.HT.tolist()})"
