#include "objects/markers/MarkerObjectODE2Coordinates.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"

namespace multidyn {

void MarkerObjectODE2Coordinates::Check(const SystemView& system) const {
  if (!objectNumber.IsValid()) throw ValueError("parameter 'objectNumber': an object is required, got none (-1)");
  const Object& object = system.GetObject(objectNumber.value);
  if (object.Kind() != ObjectKind::Body && object.Kind() != ObjectKind::Ground)
    throw TypeError("parameter 'objectNumber': object " + std::to_string(objectNumber.value) + " is an " +
                    object.TypeInfo().className +
                    ", not a body; MarkerObjectODE2Coordinates needs a body with ODE2 "
                    "coordinates (e.g. ObjectGenericODE2, ObjectMassPoint) or the ground");
  numberOfNodes_ = Index(object.NodeNumbers().size());
}

void MarkerObjectODE2Coordinates::AddTestInstance(SystemBuilder& system) {
  // an ObjectGenericODE2 on a point and a planar rigid node (5 coordinates) tied to the ground
  const Index point =
      testInstances::Add(system, ItemCategory::Node, {{"nodeType", "Point2D"}, {"referenceCoordinates", {0.3, -0.4}}});
  const Index rigid = testInstances::Add(system, ItemCategory::Node,
                                         {{"nodeType", "RigidBody2D"}, {"referenceCoordinates", {0.6, 0.1, 0.5}}});
  const Json M = {{2., 0., 0., 0., 0.},
                  {0., 2., 0., 0., 0.},
                  {0., 0., 1.5, 0.1, 0.},
                  {0., 0., 0.1, 1.5, 0.},
                  {0., 0., 0., 0., 0.4}};
  const Index generic =
      testInstances::Add(system, ItemCategory::Object,
                         {{"objectType", "GenericODE2"}, {"nodeNumbers", {point, rigid}}, {"massMatrix", M}});
  const Index ground =
      testInstances::Add(system, ItemCategory::Marker,
                         {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", testInstances::Ground(system)}});
  const Index all = testInstances::Add(system, ItemCategory::Marker,
                                       {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", generic}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinateVector"},
                      {"markerNumbers", {ground, all}},
                      {"scalingMarker1", {{1., 0., -1., 0., 0.}, {0., 0., 0., 0., 1.}}},
                      {"quadraticTermMarker1", {{0., 0.5, 0., 0.5, 0.}, {0., 0., 0., 0., 0.}}}});
}

const ItemTypeInfo& MarkerObjectODE2Coordinates::Info() {
  using T = MarkerObjectODE2Coordinates;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::objectNumber, "objectNumber", "", "body number to which the marker is attached")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "ObjectODE2Coordinates", "MarkerObjectODE2Coordinates", {}, "markers",
      "A marker on all ODE2 coordinates of a body (those of its nodes, in node order, e.g. of an ObjectGenericODE2), "
      "for CoordinateVectorConstraint; it measures the total coordinates, reference values included (as Exudyn's); on "
      "the ground the vector is empty.",
      fields, {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t});
  return info;
}

}  // namespace multidyn
