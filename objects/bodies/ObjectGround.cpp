#include "objects/bodies/ObjectGround.h"

namespace multidyn {

const ItemTypeInfo& ObjectGround::Info() {
  using T = ObjectGround;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::referencePosition, "referencePosition", "m", "position of the ground frame's origin")
          .Add(&T::referenceRotation, "referenceRotation", "", "rotation matrix of the ground frame (local -> global)")
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "Ground", "ObjectGround", {}, "bodies",
      "A fixed frame without coordinates; markers on it fix joints and connectors to the world.", fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::RotationMatrix, OutputVariableType::Rotation});
  return info;
}

}  // namespace multidyn
