#include "objects/nodes/NodeGenericODE1.h"

#include "objects/TestInstances.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void NodeGenericODE1::Check(const SystemView&) const {
  const auto checkSize = [this](const VectorX& v, const char* name) {
    if (v.size() != numberOfODE1Coordinates)
      throw ValueError(std::string("parameter '") + name + "': expected " + std::to_string(numberOfODE1Coordinates) +
                       " values (numberOfODE1Coordinates), got " + std::to_string(v.size()));
  };
  checkSize(referenceCoordinates, "referenceCoordinates");
  checkSize(initialCoordinates, "initialCoordinates");
}

void NodeGenericODE1::AddTestInstance(SystemBuilder& system) {
  const Index node = testInstances::Add(system, ItemCategory::Node,
                                        {{"nodeType", "GenericODE1"},
                                         {"numberOfODE1Coordinates", 2},
                                         {"referenceCoordinates", {0.5, -1.}},
                                         {"initialCoordinates", {0.1, 0.2}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "GenericODE1"},
                      {"nodeNumbers", {node}},
                      {"systemMatrix", {{-1., 2.}, {0.5, -3.}}},
                      {"rhsVector", {1., 0.}}});
}

const ItemTypeInfo& NodeGenericODE1::Info() {
  using T = NodeGenericODE1;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "", "reference values of the ODE1 coordinates")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "",
               "initial values of the ODE1 coordinates relative to the reference coordinates")
          .Structural()
          .Add(&T::numberOfODE1Coordinates, "numberOfODE1Coordinates", "", "number of ODE1 coordinates")
          .NonNegative()
          .Structural()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "GenericODE1", "NodeGenericODE1", {}, "nodes",
      "First-order (ODE1) coordinates y of any number; objects such as ObjectGenericODE1 give their equations "
      "y_t = f(y, t). As ODE2 coordinates, the stored coordinates are relative to referenceCoordinates: "
      "y = referenceCoordinates + stored. They are integrated with the trapezoidal rule.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
