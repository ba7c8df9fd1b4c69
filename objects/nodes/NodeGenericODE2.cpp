#include "objects/nodes/NodeGenericODE2.h"

#include "objects/TestInstances.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void NodeGenericODE2::Check(const SystemView&) const {
  const auto checkSize = [this](const VectorX& v, const char* name) {
    if (v.size() != numberOfODE2Coordinates)
      throw ValueError(std::string("parameter '") + name + "': expected " + std::to_string(numberOfODE2Coordinates) +
                       " values (numberOfODE2Coordinates), got " + std::to_string(v.size()));
  };
  checkSize(referenceCoordinates, "referenceCoordinates");
  checkSize(initialCoordinates, "initialCoordinates");
  checkSize(initialCoordinates_t, "initialCoordinates_t");
}

void NodeGenericODE2::AddTestInstance(SystemBuilder& system) {
  // Two coordinates held by a coordinate spring-damper to ground and a coordinate load.
  const Index node = testInstances::Add(system, ItemCategory::Node,
                                        {{"nodeType", "GenericODE2"},
                                         {"numberOfODE2Coordinates", 2},
                                         {"referenceCoordinates", {0.5, -1.}},
                                         {"initialCoordinates", {0.1, 0.2}},
                                         {"initialCoordinates_t", {-0.3, 0.4}}});
  const Index ground = testInstances::Add(system, ItemCategory::Node,
                                          {{"nodeType", "PointGround"}, {"referenceCoordinates", {0., 0., 0.}}});
  testInstances::Add(
      system, ItemCategory::Object,
      {{"objectType", "ConnectorCoordinateSpringDamper"},
       {"markerNumbers",
        {testInstances::CoordinateMarker(system, ground, 0), testInstances::CoordinateMarker(system, node, 1)}},
       {"stiffness", 30.},
       {"damping", 0.7}});
  testInstances::Add(
      system, ItemCategory::Load,
      {{"loadType", "Coordinate"}, {"load", 0.7}, {"markerNumber", testInstances::CoordinateMarker(system, node, 0)}});
}

const ItemTypeInfo& NodeGenericODE2::Info() {
  using T = NodeGenericODE2;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "",
               "reference values of the coordinates; must have numberOfODE2Coordinates values")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "",
               "initial values of the coordinates relative to the reference coordinates (displacements)")
          .Structural()
          .Add(&T::initialCoordinates_t, "initialCoordinates_t", "", "initial velocities of the coordinates")
          .Structural()
          .Add(&T::numberOfODE2Coordinates, "numberOfODE2Coordinates", "", "number of ODE2 coordinates")
          .NonNegative()
          .Structural()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "GenericODE2", "NodeGenericODE2", {}, "nodes",
      "Second-order (ODE2) coordinates q of any number, without position or orientation; objects such as "
      "ObjectKinematicTree give their equations, MarkerNodeCoordinate reaches each coordinate. As for every node, the "
      "stored coordinates are relative to referenceCoordinates: q = referenceCoordinates + stored. "
      "referenceCoordinates, initialCoordinates and initialCoordinates_t must all have numberOfODE2Coordinates values.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Coordinates_tt,
       OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
