#include "objects/markers/MarkerBodyMass.h"

#include "objects/TestInstances.h"

#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerBodyMass::Check(const SystemView& system) const {
  CheckMarkerBody(system, bodyNumber, false);
  const Object& object = system.GetObject(bodyNumber.value);
  double mass;
  Vector3 centerOfMass;
  if (!static_cast<const Body&>(object).MassAndCenterOfMass(mass, centerOfMass))
    throw TypeError("parameter 'bodyNumber': object " + std::to_string(bodyNumber.value) + " is a " +
                    object.TypeInfo().className + ", which has no single mass and center of mass");
}

void MarkerBodyMass::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "MassProportional"},
                      {"loadVector", {0.5, -1., -9.81}},
                      {"markerNumber", testInstances::Add(system, ItemCategory::Marker,
                                                          {{"markerType", "BodyMass"}, {"bodyNumber", body}})}});
}

const ItemTypeInfo& MarkerBodyMass::Info() {
  using T = MarkerBodyMass;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::bodyNumber, "bodyNumber", "",
               "the body (mass point, rigid body or ground) whose mass the marker carries")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info =
      MakeItemTypeInfo<T>(ItemCategory::Marker, "BodyMass", "MarkerBodyMass", {}, "markers",
                          "The center of mass of a body, with the body's mass: the marker for mass-proportional loads "
                          "(LoadMassProportional, "
                          "e.g. gravity). Provides position, velocity and the position Jacobian at the center of mass.",
                          fields, {OutputVariableType::Position, OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
