"""The torsional spring-damper's mini example: a rigid body on a revolute joint, held by a
torsional spring-damper, loaded by a constant torque of 1 N*m. After 1 s the rotation is close to
the static value 1/k = 5e-4 rad. Unchanged from Exudyn but for the import line."""
import multidyn as exu
from multidyn.itemInterface import *

SC = exu.SystemContainer()
mbs = SC.AddSystem()
oGround = mbs.AddObject(ObjectGround())

#example with rigid body at [0,0,0], with torsional load
k = 2e3
nBody = mbs.AddNode(RigidRxyz())
oBody = mbs.AddObject(RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=nBody))

mBody = mbs.AddMarker(MarkerNodeRigid(nodeNumber=nBody))
mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
mbs.AddObject(RevoluteJointZ(markerNumbers=[mGround, mBody]))  #rotation around ground Z-axis
mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mGround, mBody],
                                    stiffness=k, damping=k*0.01, offset=0))

#torque around z-axis; expect approx. phiZ = 1/k=0.0005
mbs.AddLoad(Torque(markerNumber=mBody, loadVector=[0, 0, 1]))

#assemble and solve system for default parameters
mbs.Assemble()
mbs.SolveDynamic(exu.SimulationSettings())

#check result at default integration time
exu.sys['testResult'] = mbs.GetNodeOutput(nBody, exu.OutputVariableType.Rotation)[2]
print('rotation after 1 s [rad]:', exu.sys['testResult'], '(static value 1/k =', 1/k, ')')
