#include "objects/markers/MarkerNodePosition.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodePosition::Check(const SystemView& system) const { CheckMarkerNode(system, nodeNumber, false); }

void MarkerNodePosition::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  const Index marker =
      testInstances::Add(system, ItemCategory::Marker,
                         {{"markerType", "NodePosition"}, {"nodeNumber", testInstances::NodeOf(system, point)}});
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"}, {"loadVector", {0., -9.81, 0.}}, {"markerNumber", marker}});
}

const ItemTypeInfo& MarkerNodePosition::Info() {
  using T = MarkerNodePosition;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "the node (any node with a position)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info =
      MakeItemTypeInfo<T>(ItemCategory::Marker, "NodePosition", "MarkerNodePosition", {}, "markers",
                          "The position of a node, with velocity and position Jacobian (no orientation).", fields,
                          {OutputVariableType::Position, OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
