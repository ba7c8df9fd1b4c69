#include "objects/loads/LoadMassProportional.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"

namespace multidyn {

void LoadMassProportional::Check(const SystemView& system) const {
  if (!markerNumber.IsValid())
    throw ValueError("parameter 'markerNumber': a MarkerBodyMass is required, got none (-1)");
  const Marker& marker = system.GetMarker(markerNumber.value);
  if (marker.TypeInfo().className != "MarkerBodyMass")
    throw TypeError("parameter 'markerNumber': marker " + std::to_string(markerNumber.value) + " is a " +
                    marker.TypeInfo().className +
                    "; LoadMassProportional needs a MarkerBodyMass (it carries the mass)");
}

Vector3 LoadMassProportional::CurrentLoadVector(const EvaluationContext& context) const {
  if (!loadVectorUserFunction) return loadVector;
  return CallUserFunctionVector3(*loadVectorUserFunction, *this, context.itemNumber, "loadVectorUserFunction",
                                 {context.system, context.time, loadVector});
}

Vector3 LoadMassProportional::AppliedLoadVector(const EvaluationContext& context) const {
  const SystemView& system = *context.system;
  const Index body = system.GetMarker(markerNumber.value).BodyNumber().value;
  double mass;
  Vector3 centerOfMass;
  static_cast<const Body&>(system.GetObject(body)).MassAndCenterOfMass(mass, centerOfMass);
  return mass * CurrentLoadVector(context);
}

void LoadMassProportional::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "MassProportional"},
                      {"loadVector", {0.3, -9.81, 2.}},
                      {"markerNumber", testInstances::Add(system, ItemCategory::Marker,
                                                          {{"markerType", "BodyMass"}, {"bodyNumber", body}})}});
}

const ItemTypeInfo& LoadMassProportional::Info() {
  using T = LoadMassProportional;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "load's unique name")
          .Add(&T::markerNumber, "markerNumber", "", "the MarkerBodyMass of the body the load acts on")
          .Add(&T::loadVector, "loadVector", "m/s^2",
               "load per unit mass b in global axes, typically the gravity vector; the force is m b at the center of "
               "mass")
          .AddUserFunction(&T::loadVectorUserFunction, "loadVectorUserFunction",
                           "loadVectorUserFunction(mbs, t, loadVector) -> 3-vector",
                           "a Python function returning b at time t [m/s^2]; replaces loadVector")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Load, "MassProportional", "LoadMassProportional", {"Gravity"}, "loads",
      "A load proportional to a body's mass, e.g. gravity: the force m * loadVector at the center of mass of the "
      "body of a MarkerBodyMass. Its value (GetLoadValues, SensorLoad) is loadVector.",
      fields, {});
  return info;
}

}  // namespace multidyn
