#include "objects/ItemList.h"

#include "core/items/ItemRegistry.h"
#include "objects/actuators/ObjectActuator.h"
#include "objects/actuators/ObjectConnectorHydraulicActuatorSimple.h"
#include "objects/bodies/ObjectGenericODE2.h"
#include "objects/bodies/ObjectGround.h"
#include "objects/bodies/ObjectKinematicTree.h"
#include "objects/bodies/ObjectMass1D.h"
#include "objects/bodies/ObjectMassPoint.h"
#include "objects/bodies/ObjectMassPoint2D.h"
#include "objects/bodies/ObjectANCFCable2D.h"
#include "objects/bodies/ObjectRigidBody.h"
#include "objects/bodies/ObjectRigidBody2D.h"
#include "objects/bodies/ObjectRotationalMass1D.h"
#include "objects/connectors/ObjectConnectorCartesianSpringDamper.h"
#include "objects/connectors/ObjectConnectorCoordinateSpringDamper.h"
#include "objects/connectors/ObjectConnectorGravity.h"
#include "objects/connectors/ObjectConnectorLinearSpringDamper.h"
#include "objects/connectors/ObjectConnectorRigidBodySpringDamper.h"
#include "objects/connectors/ObjectConnectorSpringDamper.h"
#include "objects/connectors/ObjectConnectorTorsionalSpringDamper.h"
#include "objects/contact/ObjectConnectorRollingDiscPenalty.h"
#include "objects/contact/ObjectContactCoordinate.h"
#include "objects/contact/ObjectContactSphereSphere.h"
#include "objects/contact/ObjectContactSphereTriangle.h"
#include "objects/contact/ObjectContactExponentialSpring.h"
#include "objects/firstOrder/ObjectGenericODE1.h"
#include "objects/joints/ObjectConnectorCoordinate.h"
#include "objects/joints/ObjectConnectorCoordinateVector.h"
#include "objects/joints/ObjectConnectorDistance.h"
#include "objects/joints/ObjectJointGeneric.h"
#include "objects/joints/ObjectJointPrismatic2D.h"
#include "objects/joints/ObjectJointPrismaticX.h"
#include "objects/joints/ObjectJointRevolute2D.h"
#include "objects/joints/ObjectJointRevoluteZ.h"
#include "objects/joints/ObjectJointRollingDisc.h"
#include "objects/joints/ObjectJointSpherical.h"
#include "objects/loads/LoadCoordinate.h"
#include "objects/loads/LoadForceVector.h"
#include "objects/loads/LoadMassProportional.h"
#include "objects/loads/LoadTorqueVector.h"
#include "objects/markers/MarkerBodyMass.h"
#include "objects/markers/MarkerBodyPosition.h"
#include "objects/markers/MarkerBodyRigid.h"
#include "objects/markers/MarkerKinematicTreeRigid.h"
#include "objects/markers/MarkerNodeCoordinate.h"
#include "objects/markers/MarkerNodeCoordinates.h"
#include "objects/markers/MarkerNodePosition.h"
#include "objects/markers/MarkerNodeRigid.h"
#include "objects/markers/MarkerNodeRotationCoordinate.h"
#include "objects/markers/MarkerObjectODE2Coordinates.h"
#include "objects/modules/ModulePython.h"
#include "objects/modules/ModuleTwoHingeDamper.h"
#include "objects/nodes/Node1D.h"
#include "objects/nodes/NodeGenericData.h"
#include "objects/nodes/NodeGenericODE2.h"
#include "objects/nodes/NodeGenericODE1.h"
#include "objects/nodes/NodePoint.h"
#include "objects/nodes/NodePoint2D.h"
#include "objects/nodes/NodePoint2DSlope1.h"
#include "objects/nodes/NodePointGround.h"
#include "objects/nodes/NodeRigidBody2D.h"
#include "objects/nodes/NodeRigidBodyEP.h"
#include "objects/nodes/NodeRigidBodyRxyz.h"
#include "objects/sensors/SensorBody.h"
#include "objects/sensors/SensorKinematicTree.h"
#include "objects/sensors/SensorLoad.h"
#include "objects/sensors/SensorMarker.h"
#include "objects/sensors/SensorNode.h"
#include "objects/sensors/SensorObject.h"
#include "objects/sensors/SensorUserFunction.h"

namespace multidyn {

// One line per item type.
void RegisterAllItems() {
  ItemRegistry& registry = ItemRegistry::Instance();
  registry.Register(NodePoint::Info());
  registry.Register(NodeRigidBodyRxyz::Info());
  registry.Register(NodeRigidBodyEP::Info());
  registry.Register(NodeGenericData::Info());
  registry.Register(NodeGenericODE1::Info());
  registry.Register(NodePointGround::Info());
  registry.Register(NodeRigidBody2D::Info());
  registry.Register(NodeGenericODE2::Info());
  registry.Register(ObjectGround::Info());
  registry.Register(ObjectMassPoint::Info());
  registry.Register(ObjectRigidBody::Info());
  registry.Register(ObjectJointRevoluteZ::Info());
  registry.Register(ObjectConnectorTorsionalSpringDamper::Info());
  registry.Register(ObjectGenericODE1::Info());
  registry.Register(ObjectRigidBody2D::Info());
  registry.Register(ObjectJointRevolute2D::Info());
  registry.Register(ObjectConnectorCoordinateSpringDamper::Info());
  registry.Register(ObjectConnectorSpringDamper::Info());
  registry.Register(ObjectConnectorCoordinate::Info());
  registry.Register(ObjectContactExponentialSpring::Info());
  registry.Register(ObjectKinematicTree::Info());
  registry.Register(ObjectActuator::Info());
  registry.Register(ModuleTwoHingeDamper::Info());
  registry.Register(ModulePython::Info());
  registry.Register(MarkerBodyRigid::Info());
  registry.Register(MarkerBodyPosition::Info());
  registry.Register(MarkerNodeRigid::Info());
  registry.Register(MarkerNodePosition::Info());
  registry.Register(MarkerNodeCoordinate::Info());
  registry.Register(MarkerKinematicTreeRigid::Info());
  registry.Register(LoadForceVector::Info());
  registry.Register(LoadTorqueVector::Info());
  registry.Register(LoadCoordinate::Info());
  registry.Register(SensorNode::Info());
  registry.Register(SensorObject::Info());
  registry.Register(SensorBody::Info());
  registry.Register(SensorLoad::Info());
  registry.Register(SensorKinematicTree::Info());
  registry.Register(NodePoint2D::Info());
  registry.Register(ObjectMassPoint2D::Info());
  registry.Register(NodePoint2DSlope1::Info());
  registry.Register(ObjectANCFCable2D::Info());
  registry.Register(ObjectConnectorDistance::Info());
  registry.Register(MarkerBodyMass::Info());
  registry.Register(LoadMassProportional::Info());
  registry.Register(ObjectConnectorCartesianSpringDamper::Info());
  registry.Register(Node1D::Info());
  registry.Register(ObjectMass1D::Info());
  registry.Register(ObjectRotationalMass1D::Info());
  registry.Register(ObjectConnectorGravity::Info());
  registry.Register(ObjectGenericODE2::Info());
  registry.Register(SensorMarker::Info());
  registry.Register(ObjectJointGeneric::Info());
  registry.Register(ObjectJointPrismaticX::Info());
  registry.Register(ObjectJointSpherical::Info());
  registry.Register(ObjectConnectorLinearSpringDamper::Info());
  registry.Register(ObjectConnectorRigidBodySpringDamper::Info());
  registry.Register(ObjectJointPrismatic2D::Info());
  registry.Register(ObjectJointRollingDisc::Info());
  registry.Register(ObjectConnectorRollingDiscPenalty::Info());
  registry.Register(SensorUserFunction::Info());
  registry.Register(MarkerNodeCoordinates::Info());
  registry.Register(MarkerObjectODE2Coordinates::Info());
  registry.Register(MarkerNodeRotationCoordinate::Info());
  registry.Register(ObjectConnectorCoordinateVector::Info());
  registry.Register(ObjectContactCoordinate::Info());
  registry.Register(ObjectContactSphereSphere::Info());
  registry.Register(ObjectContactSphereTriangle::Info());
  registry.Register(ObjectConnectorHydraulicActuatorSimple::Info());
}

}  // namespace multidyn
