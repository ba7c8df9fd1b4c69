#include "objects/markers/MarkerBodyPosition.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerBodyPosition::Check(const MainSystem& system) const { CheckMarkerBody(system, bodyNumber, false); }

const ItemTypeInfo& MarkerBodyPosition::Info() {
  using T = MarkerBodyPosition;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::bodyNumber, "bodyNumber", "", "the body (or ground) the marker is attached to")
          .Add(&T::localPosition, "localPosition", "m", "position of the marker in body axes, relative to the body reference point")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization").Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "BodyPosition", "MarkerBodyPosition", {}, "markers",
      "A point fixed to a body at localPosition; provides position, velocity and the position Jacobian "
      "(no orientation) to connectors and forces.",
      fields, {OutputVariableType::Position, OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
