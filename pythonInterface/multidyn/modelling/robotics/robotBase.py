"""RobotBase and VRobotBase: where a multidyn.robotics.Robot stands (Exudyn's RobotBase)."""
from multidyn.modelling import rigidBodyUtilities as _rbu
from multidyn.modelling.robotics.jointTypes import CheckedGraphicsList, CheckedHT, CheckedInstance


class VRobotBase:
    """graphicsData: a list of graphics dicts in base coordinates, drawn on a ground object."""

    def __init__(self, graphicsData=[]):
        self.graphicsData = CheckedGraphicsList(graphicsData, 'VRobotBase')


class RobotBase:
    """HT: world -> base frame (the frame the root links' preHT start from)."""

    def __init__(self, HT=_rbu.HT0(), visualization=VRobotBase()):
        self.HT = CheckedHT(HT, 'RobotBase', 'HT')
        self.visualization = CheckedInstance(visualization, VRobotBase, 'RobotBase', 'visualization')

    def __repr__(self):
        return f"RobotBase(HT={self.HT.tolist()})"
