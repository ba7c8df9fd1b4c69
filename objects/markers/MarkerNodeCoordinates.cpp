#include "objects/markers/MarkerNodeCoordinates.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodeCoordinates::Check(const SystemView& system) const {
  CheckCoordinateMarkerNode(system, nodeNumber, "MarkerNodeCoordinates");
}

void MarkerNodeCoordinates::AddTestInstance(SystemBuilder& system) {
  // a planar body's node [x, y, phi] tied to a ground node: x^2 + y^2 = 1.2 and phi = 0.7
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  const Index ground = testInstances::Add(system, ItemCategory::Node, {{"nodeType", "PointGround"}});
  const Index m0 =
      testInstances::Add(system, ItemCategory::Marker, {{"markerType", "NodeCoordinates"}, {"nodeNumber", ground}});
  const Index m1 =
      testInstances::Add(system, ItemCategory::Marker,
                         {{"markerType", "NodeCoordinates"}, {"nodeNumber", testInstances::NodeOf(system, body)}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinateVector"},
                      {"markerNumbers", {m0, m1}},
                      {"scalingMarker1", {{0., 0., 0.}, {0., 0., 1.}}},
                      {"quadraticTermMarker1", {{1., 1., 0.}, {0., 0., 0.}}},
                      {"offset", {1.2, 0.7}}});
}

const ItemTypeInfo& MarkerNodeCoordinates::Info() {
  using T = MarkerNodeCoordinates;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "", "node number to which the marker is attached")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodeCoordinates", "MarkerNodeCoordinates", {}, "markers",
      "A marker on all ODE2 coordinates of a node, for CoordinateVectorConstraint. Unlike MarkerNodeCoordinate it "
      "measures the total coordinates, reference values included (as Exudyn's); on a NodePointGround the vector is "
      "empty.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Position,
       OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
