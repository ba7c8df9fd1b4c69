"""exu.JointType (Exudyn's values) and utilities.TreeLink, the description of one link for
mbs.CreateKinematicTree (ObjectKinematicTree)."""
from multidyn.api.exudynEnum import ExudynEnum
from multidyn.modelling.rigidBodyUtilities import HT0


class JointType(ExudynEnum):
    """Revolute joints turn about, prismatic joints slide along the x, y or z axis of the joint frame."""
    _None = 0
    RevoluteX = 1
    RevoluteY = 2
    RevoluteZ = 3
    PrismaticX = 4
    PrismaticY = 5
    PrismaticZ = 6


class TreeLink:
    """One link of a kinematic tree for mbs.CreateKinematicTree (Exudyn's TreeLink):
    linkInertia: RigidBodyInertia of the link about its joint point, in link axes (e.g.
    InertiaCuboid(...).Translated(...)); jointType: exu.JointType; jointHT: homogeneous transformation
    from the parent link's frame to this link's joint frame; parent: the parent link's number, -1 for
    the base, None for a serial chain (parent = previous link); PDcontrol: (P, D) gains or None;
    graphicsDataList: the link's graphics, None for none given."""

    def __init__(self, linkInertia, jointType=JointType.RevoluteZ, jointHT=None, parent=None, PDcontrol=None,
                 graphicsDataList=None):
        self.jointType = jointType
        self.linkInertia = linkInertia
        self.jointHT = HT0() if jointHT is None else jointHT
        self.parent = parent
        self.PDcontrol = PDcontrol
        self.graphicsDataList = graphicsDataList
