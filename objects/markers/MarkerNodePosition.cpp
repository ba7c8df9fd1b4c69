#include "objects/markers/MarkerNodePosition.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodePosition::Check(const MainSystem& system) const { CheckMarkerNode(system, nodeNumber, false); }

const ItemTypeInfo& MarkerNodePosition::Info() {
  using T = MarkerNodePosition;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "the node (any node with a position)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization").Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodePosition", "MarkerNodePosition", {}, "markers",
      "The position of a node, with velocity and position Jacobian (no orientation).", fields,
      {OutputVariableType::Position, OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
