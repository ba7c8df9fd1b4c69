#include "objects/loads/LoadCoordinate.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void LoadCoordinate::Check(const SystemView& system) const {
  CheckMarkersProvideCoordinate(system, {markerNumber}, "markerNumber", "LoadCoordinate");
}

Vector3 LoadCoordinate::CurrentLoadVector(const EvaluationContext& context) const {
  const double value = loadUserFunction ? CallUserFunctionReal(*loadUserFunction, *this, context.itemNumber,
                                                               "loadUserFunction", {context.system, context.time, load})
                                        : load;
  return Vector3(value, 0., 0.);
}

void LoadCoordinate::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  testInstances::Add(
      system, ItemCategory::Load,
      {{"loadType", "Coordinate"},
       {"load", 0.7},
       {"markerNumber", testInstances::CoordinateMarker(system, testInstances::NodeOf(system, point), 1)}});
}

const ItemTypeInfo& LoadCoordinate::Info() {
  using T = LoadCoordinate;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "load's unique name")
          .Add(&T::markerNumber, "markerNumber", "",
               "coordinate marker (MarkerNodeCoordinate) to which the load is applied")
          .Add(&T::load, "load", "N (or N*m on a rotation coordinate)",
               "scalar load; with a loadUserFunction this value is only passed to the function")
          .AddUserFunction(&T::loadUserFunction, "loadUserFunction", "loadUserFunction(mbs, t, load) -> Real",
                           "a Python function returning the scalar load at time t; replaces load")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Load, "Coordinate", "LoadCoordinate", {}, "loads",
      "A scalar load applied to the coordinate of a coordinate marker (MarkerNodeCoordinate): a force on a "
      "translational coordinate, a torque on a rotation coordinate; the generalized force is +load on that coordinate.",
      fields, {});
  return info;
}

}  // namespace multidyn
