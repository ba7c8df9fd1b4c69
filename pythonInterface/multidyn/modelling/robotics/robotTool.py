"""RobotTool and VRobotTool: the tool at the last link of a serial multidyn.robotics.Robot
(Exudyn's RobotTool)."""
from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import CheckedGraphicsList, CheckedHT, CheckedInstance


class VRobotTool:
    """graphicsData: a list of graphics dicts in tool coordinates, drawn with the last link."""

    def __init__(self, graphicsData=[]):
        self.graphicsData = CheckedGraphicsList(graphicsData, 'VRobotTool')


class RobotTool:
    """HT: last link's frame -> tool frame."""

    def __init__(self, HT=_rbu.HT0(), visualization=VRobotTool()):
        self.HT = CheckedHT(HT, 'RobotTool', 'HT')
        self.visualization = CheckedInstance(visualization, VRobotTool, 'RobotTool', 'visualization')

    def __repr__(self):
        return f"RobotTool(HT={self.HT.tolist()})"
