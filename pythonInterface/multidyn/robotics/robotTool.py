"""RobotTool and VRobotTool: the tool at the last link of a serial multidyn.robotics.Robot
(Exudyn's RobotTool)."""
from copy import copy

from multidyn import rigidBodyUtilities as _rbu
from multidyn.robotics.jointTypes import CheckedHT


class VRobotTool:
    """graphicsData: a list of graphics dicts in tool coordinates, drawn with the last link."""

    def __init__(self, graphicsData=[]):
        if not isinstance(graphicsData, (list, tuple)):
            raise ValueError("VRobotTool: parameter 'graphicsData' must be a list of graphics dicts; "
                             f"received {type(graphicsData).__name__}")
        self.graphicsData = copy(list(graphicsData))


class RobotTool:
    """HT: last link's frame -> tool frame."""

    def __init__(self, HT=_rbu.HT0(), visualization=VRobotTool()):
        self.HT = CheckedHT(HT, 'RobotTool', 'HT')
        if not isinstance(visualization, VRobotTool):
            raise ValueError("RobotTool: parameter 'visualization' must be a VRobotTool; received "
                             f"{type(visualization).__name__}")
        self.visualization = visualization

    def __repr__(self):
        return f"RobotTool(HT={self.HT.tolist()})"
