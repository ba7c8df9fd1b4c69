#include "objects/nodes/NodePointGround.h"

#include "objects/TestInstances.h"

namespace multidyn {

void NodePointGround::AddTestInstance(SystemBuilder& system) {
  const Index ground = testInstances::Add(system, ItemCategory::Node,
                                          {{"nodeType", "PointGround"}, {"referenceCoordinates", {0.4, -0.5, 0.1}}});
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinateSpringDamper"},
                      {"stiffness", 40.},
                      {"damping", 0.5},
                      {"offset", 0.2},
                      {"markerNumbers",
                       {testInstances::CoordinateMarker(system, ground, 0),
                        testInstances::CoordinateMarker(system, testInstances::NodeOf(system, point), 1)}}});
}

const ItemTypeInfo& NodePointGround::Info() {
  using T = NodePointGround;
  static const FieldTable fields = FieldTableBuilder<T>()
                                       .Add(&T::name, "name", "", "node's unique name")
                                       .Add(&T::referenceCoordinates, "referenceCoordinates", "m",
                                            "reference coordinates of the node = its global position [x, y, z]")
                                       .Structural()
                                       .AddVisualization(&T::visualization, "drawing size of the node")
                                       .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "PointGround", "NodePointGround", {"PointGround"}, "nodes",
      "A 3D point fixed to ground: it can be used like a NodePoint but has no coordinates, so applied or reaction "
      "forces have no effect. Coordinate markers (MarkerNodeCoordinate) on it measure 0: a 'dummy' coordinate to "
      "which CoordinateSpringDamper or CoordinateConstraint connect.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
