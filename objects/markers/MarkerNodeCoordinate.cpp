#include "objects/markers/MarkerNodeCoordinate.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodeCoordinate::Check(const SystemView& system) const {
  CheckCoordinateMarkerNode(system, nodeNumber, "MarkerNodeCoordinate");
  const Node& node = system.GetNode(nodeNumber.value);
  const Index n = node.NumberOfODE2Coordinates();
  if (coordinate < 0 || (n > 0 && coordinate >= n))
    throw ValueError("parameter 'coordinate': " + std::to_string(coordinate) + " is not a coordinate of node " +
                     std::to_string(nodeNumber.value) + " (" + node.TypeInfo().className + " with " +
                     std::to_string(n) + " ODE2 coordinates); expected 0 <= coordinate < " +
                     std::to_string(std::max(n, 1)));
}

void MarkerNodeCoordinate::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  testInstances::Add(
      system, ItemCategory::Load,
      {{"loadType", "Coordinate"},
       {"load", 0.7},
       {"markerNumber", testInstances::CoordinateMarker(system, testInstances::NodeOf(system, body), 2)}});
}

const ItemTypeInfo& MarkerNodeCoordinate::Info() {
  using T = MarkerNodeCoordinate;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "node number to which the marker is attached")
          .Add(&T::coordinate, "coordinate", "", "the node's ODE2 coordinate (0-based) to which the marker is attached")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodeCoordinate", "MarkerNodeCoordinate", {}, "markers",
      "A marker on one ODE2 coordinate of a node, for coordinate-based connectors, constraints and loads "
      "(CoordinateSpringDamper, CoordinateConstraint, LoadCoordinate). It measures the stored coordinate, which does "
      "not include the reference value; on a NodePointGround it measures 0.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Position,
       OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
