#include "objects/markers/MarkerNodeRigid.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodeRigid::Check(const MainSystem& system) const { CheckMarkerNode(system, nodeNumber, true); }

const ItemTypeInfo& MarkerNodeRigid::Info() {
  using T = MarkerNodeRigid;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "the rigid-body node")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization").Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodeRigid", "MarkerNodeRigid", {}, "markers",
      "The frame of a rigid-body node: position, orientation, velocity, angular velocity and Jacobians.", fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::RotationMatrix,
       OutputVariableType::Rotation, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal});
  return info;
}

}  // namespace multidyn
