#include "objects/markers/MarkerBodyPosition.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerBodyPosition::Check(const SystemView& system) const { CheckMarkerBody(system, bodyNumber, false); }

void MarkerBodyPosition::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., 2., 3.}},
                      {"markerNumber", testInstances::PositionMarker(system, body, Vector3(0.2, -0.1, 0.3))}});
}

const ItemTypeInfo& MarkerBodyPosition::Info() {
  using T = MarkerBodyPosition;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::bodyNumber, "bodyNumber", "", "the body (or ground) the marker is attached to")
          .Add(&T::localPosition, "localPosition", "m",
               "position of the marker in body axes, relative to the body reference point")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "BodyPosition", "MarkerBodyPosition", {}, "markers",
      "A point fixed to a body at localPosition; provides position, velocity and the position Jacobian "
      "(no orientation) to connectors and forces.",
      fields, {OutputVariableType::Position, OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
