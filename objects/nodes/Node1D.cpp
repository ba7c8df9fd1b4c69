#include "objects/nodes/Node1D.h"

#include "objects/TestInstances.h"

#include "core/foundation/Errors.h"

namespace multidyn {

void Node1D::Check(const SystemView&) const {
  const auto checkSize = [](const VectorX& v, const char* name) {
    if (v.size() != 1)
      throw ValueError(std::string("parameter '") + name + "': expected one value (a list [c]), got " +
                       std::to_string(v.size()));
  };
  checkSize(referenceCoordinates, "referenceCoordinates");
  checkSize(initialCoordinates, "initialCoordinates");
  checkSize(initialVelocities, "initialVelocities");
}

void Node1D::AddTestInstance(SystemBuilder& system) { testInstances::Mass1D(system, "Mass1D"); }

const ItemTypeInfo& Node1D::Info() {
  using T = Node1D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m or rad", "reference coordinate [c_ref]")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m or rad",
               "initial coordinate [c(0)], relative to the reference")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s or rad/s", "initial velocity [c_t(0)]")
          .Structural()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "1D", "Node1D", {}, "nodes",
      "A node with one ODE2 coordinate c for one-dimensional problems, translational or rotational: used by "
      "ObjectMass1D and ObjectRotationalMass1D; the total coordinate is c_ref + c.",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Coordinates_tt,
       OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
