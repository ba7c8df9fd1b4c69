#include "objects/sensors/SensorBody.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorBody::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  return system.GetObjectOutputBody(bodyNumber.value, outputVariableType, localPosition, configuration);
}

void SensorBody::Check(const SystemView& system) const {
  if (!bodyNumber.IsValid()) throw ValueError("parameter 'bodyNumber': a body is required, got none (-1)");
  const ObjectKind kind = system.GetObject(bodyNumber.value).Kind();
  if (kind != ObjectKind::Body && kind != ObjectKind::Ground)
    throw TypeError("parameter 'bodyNumber': object " + std::to_string(bodyNumber.value) + " is a " +
                    system.GetObject(bodyNumber.value).TypeInfo().className + ", not a body; use SensorObject");
}

void SensorBody::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Sensor,
                     {{"sensorType", "Body"},
                      {"bodyNumber", body},
                      {"localPosition", {0.1, 0.2, 0.}},
                      {"outputVariableType", "Velocity"},
                      {"writeToFile", false}});
}

const ItemTypeInfo& SensorBody::Info() {
  using T = SensorBody;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name")
        .Add(&T::bodyNumber, "bodyNumber", "", "the body to read")
        .Add(&T::localPosition, "localPosition", "m", "point of the body, in body axes, at which the output is read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "Body", "SensorBody", {}, "sensors",
      "Reads an OutputVariableType of a body at localPosition (as mbs.GetObjectOutputBody) at every "
      "sensorsWritePeriod.",
      fields, {});
  return info;
}

}  // namespace multidyn
