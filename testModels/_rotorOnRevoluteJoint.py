"""Shared by the mini-example test models: a RigidRxyz body (unit mass, inertia diag(1, 1, inertiaZ))
on a RevoluteJointZ to ground, loaded by a torque tau about z. Not a model itself (leading '_')."""
from multidyn.itemInterface import (MarkerBodyRigid, MarkerNodeRigid, ObjectGround, RevoluteJointZ, RigidBody,
                                    RigidRxyz, Torque)


def BuildRotor(mbs, inertiaZ, tau):
    """Adds ground, body, joint and torque; returns (nBody, mGround, mBody)."""
    oGround = mbs.AddObject(ObjectGround())
    nBody = mbs.AddNode(RigidRxyz())
    mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, inertiaZ, 0, 0, 0], nodeNumber=nBody))
    mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
    mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
    mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))
    mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, tau]))
    return nBody, mGround, mBody
