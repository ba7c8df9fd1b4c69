#include "objects/markers/MarkerNodeRigid.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodeRigid::Check(const SystemView& system) const { CheckMarkerNode(system, nodeNumber, true); }

void MarkerNodeRigid::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index marker = testInstances::Add(
      system, ItemCategory::Marker, {{"markerType", "NodeRigid"}, {"nodeNumber", testInstances::NodeOf(system, body)}});
  testInstances::Add(
      system, ItemCategory::Load,
      {{"loadType", "TorqueVector"}, {"loadVector", {0.5, -1., 2.}}, {"bodyFixed", true}, {"markerNumber", marker}});
}

const ItemTypeInfo& MarkerNodeRigid::Info() {
  using T = MarkerNodeRigid;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "the rigid-body node")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodeRigid", "MarkerNodeRigid", {}, "markers",
      "The frame of a rigid-body node: position, orientation, velocity, angular velocity and Jacobians.", fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::RotationMatrix,
       OutputVariableType::Rotation, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal});
  return info;
}

}  // namespace multidyn
