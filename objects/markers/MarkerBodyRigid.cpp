#include "objects/markers/MarkerBodyRigid.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerBodyRigid::Check(const SystemView& system) const { CheckMarkerBody(system, bodyNumber, true); }

void MarkerBodyRigid::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., 2., 3.}},
                      {"bodyFixed", true},
                      {"markerNumber", testInstances::RigidMarker(system, body, Vector3(0.2, -0.1, 0.3))}});
}

const ItemTypeInfo& MarkerBodyRigid::Info() {
  using T = MarkerBodyRigid;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::bodyNumber, "bodyNumber", "", "the body (or ground) the marker is attached to")
          .Add(&T::localPosition, "localPosition", "m",
               "position of the marker in body axes, relative to the body reference point")
          .Add(&T::localRotationMatrix, "localRotationMatrix", "",
               "rotation A_BM from marker to body axes; give it with localPosition as localHT=exu.HT(rotation=A_BM, "
               "translation=p)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "BodyRigid", "MarkerBodyRigid", {}, "markers",
      "A frame fixed to a body at localPosition with orientation localRotationMatrix; provides position, "
      "orientation, velocity, angular velocity and their Jacobians to joints, connectors and loads.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Velocity, OutputVariableType::RotationMatrix,
       OutputVariableType::Rotation, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal});
  return info;
}

}  // namespace multidyn
