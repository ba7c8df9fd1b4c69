#include "objects/bodies/ObjectGround.h"

#include "objects/TestInstances.h"

namespace multidyn {

void ObjectGround::AddTestInstance(SystemBuilder& system) {
  const Index ground = testInstances::Ground(system);
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "JointRevoluteZ"},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, ground, Vector3(0.2, 0.1, 0.)),
                        testInstances::RigidMarker(system, body, Vector3(-0.1, 0.1, 0.))}}});
}

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
