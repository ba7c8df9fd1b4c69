#include "objects/nodes/NodePointGround.h"

namespace multidyn {

const ItemTypeInfo& NodePointGround::Info() {
  using T = NodePointGround;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m",
               "reference coordinates of the node = its global position [x, y, z]").Structural()
          .AddVisualization(&T::visualization, "drawing size of the node")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "PointGround", "NodePointGround", {"PointGround"}, "nodes",
      "A 3D point fixed to ground: it can be used like a NodePoint but has no coordinates, so applied or reaction "
      "forces have no effect. Coordinate markers (MarkerNodeCoordinate) on it measure 0: a 'dummy' coordinate to "
      "which CoordinateSpringDamper or CoordinateConstraint connect.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Coordinates, OutputVariableType::Coordinates_t});
  return info;
}

}  // namespace multidyn
