#include "objects/connectors/ObjectConnectorTorsionalSpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

double ObjectConnectorTorsionalSpringDamper::CallSpringTorque(const EvaluationContext& context, double rotation,
                                                              double angularVelocity) const {
  return CallUserFunctionReal(
      *springTorqueUserFunction, *this, context.itemNumber, "springTorqueUserFunction",
      {context.system, context.time, context.itemNumber, rotation, angularVelocity, stiffness, damping, offset});
}

double ObjectConnectorTorsionalSpringDamper::PostNewtonStep(const EvaluationContext&, const MarkerData<double>& m0,
                                                            const MarkerData<double>& m1, double* data,
                                                            double& recommendedStepSize) const {
  data[0] = RelativeRotation(m0, m1, data);
  return 0.;  // the counter never forces another iteration
}

void ObjectConnectorTorsionalSpringDamper::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", false, true, "ObjectConnectorTorsionalSpringDamper");
  if (nodeNumber.IsValid()) CheckDataNode(system, nodeNumber, 1);
}

bool ObjectConnectorTorsionalSpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                     const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                     const VectorX&, VectorX& value) const {
  const double rotation = RelativeRotation(m0, m1, context.data);
  value.resize(1);
  switch (type) {
    case OutputVariableType::Rotation: value(0) = rotation; return true;
    case OutputVariableType::AngularVelocityLocal: value(0) = RelativeAngularVelocity(m0, m1); return true;
    case OutputVariableType::TorqueLocal:
      value(0) = activeConnector ? SpringTorque(context, rotation, RelativeAngularVelocity(m0, m1)) : 0.;
      return true;
    case OutputVariableType::PotentialEnergy:
      if (springTorqueUserFunction)
        throw ValueError(ItemDescription(*this, context.itemNumber) +
                         ": OutputVariableType.PotentialEnergy is not available with a springTorqueUserFunction "
                         "(its potential is unknown)");
      value(0) = activeConnector ? 0.5 * stiffness * (rotation - offset) * (rotation - offset) + torque * rotation : 0.;
      return true;
    default: return false;
  }
}

void ObjectConnectorTorsionalSpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(1.1, 0.3, 0.));
  const Index node =
      testInstances::Add(system, ItemCategory::Node,
                         {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 1}, {"initialCoordinates", {0.}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorTorsionalSpringDamper"},
                      {"nodeNumber", node},
                      {"stiffness", 50.},
                      {"damping", 3.},
                      {"offset", 0.1},
                      {"velocityOffset", 0.2},
                      {"torque", 0.5},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body0, Vector3(0.4, 0.1, -0.2)),
                        testInstances::RigidMarker(system, body1, Vector3(-0.3, 0.1, 0.2))}}});
}

const ItemTypeInfo& ObjectConnectorTorsionalSpringDamper::Info() {
  using T = ObjectConnectorTorsionalSpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of markers used in connector (they must provide orientation)")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "node number of a NodeGenericData with 1 dataCoordinate for continuous rotation reconstruction; "
               "if this node is left to invalid index, it will not be used")
          .Add(&T::stiffness, "stiffness", "N*m/rad", "torsional stiffness k against relative rotation")
          .Add(&T::damping, "damping", "N*m*s/rad", "torsional damping d")
          .Add(&T::rotationMarker0, "rotationMarker0", "",
               "local rotation matrix for marker 0; transforms joint into marker coordinates")
          .Deprecated(
              "deprecated since 1.12.244, removed in 2031: give the rotation to marker 0 as its localHT, e.g. "
              "MarkerBodyRigid(bodyNumber=b, localHT=exu.HT(rotation=A, translation=p))")
          .Add(&T::rotationMarker1, "rotationMarker1", "",
               "local rotation matrix for marker 1; transforms joint into marker coordinates")
          .Deprecated(
              "deprecated since 1.12.244, removed in 2031: give the rotation to marker 1 as its localHT, e.g. "
              "MarkerBodyRigid(bodyNumber=b, localHT=exu.HT(rotation=A, translation=p))")
          .Add(&T::offset, "offset", "rad",
               "rotational offset theta_off considered in the spring torque calculation (can be used as rotation "
               "control input)")
          .Add(&T::velocityOffset, "velocityOffset", "rad/s",
               "angular velocity offset omega_off considered in the damper torque calculation (can be used as angular "
               "velocity control input)")
          .Add(&T::torque, "torque", "N*m",
               "additional constant torque tau_c added to spring-damper; prescribes a torque between the two bodies")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springTorqueUserFunction, "springTorqueUserFunction",
              "springTorqueUserFunction(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset) -> "
              "Real",
              "a Python function which computes the scalar torque tau_SD between the two markers about the joint-0 "
              "z-axis, if activeConnector=True; velocityOffset and torque are not applied then")
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorTorsionalSpringDamper", "ObjectConnectorTorsionalSpringDamper",
      {"TorsionalSpringDamper"}, "connectors",
      "A torsional spring-damper acting on the relative rotation about the z-axis of joint frame 0. It extends a "
      "revolute joint with a spring-damper (or a controller via offset, velocityOffset, torque or a user function), "
      "and with a NodeGenericData it measures continuous rotations beyond +-pi.",
      fields,
      {OutputVariableType::Rotation, OutputVariableType::AngularVelocityLocal, OutputVariableType::TorqueLocal,
       OutputVariableType::PotentialEnergy});
  return info;
}

}  // namespace multidyn
