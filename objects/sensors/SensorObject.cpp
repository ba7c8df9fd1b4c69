#include "objects/sensors/SensorObject.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorObject::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  return system.GetObjectOutput(objectNumber.value, outputVariableType, configuration);
}

void SensorObject::Check(const SystemView&) const {
  if (!objectNumber.IsValid()) throw ValueError("parameter 'objectNumber': an object is required, got none (-1)");
}

void SensorObject::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  testInstances::Add(
      system, ItemCategory::Sensor,
      {{"sensorType", "Object"}, {"objectNumber", point}, {"outputVariableType", "Position"}, {"writeToFile", false}});
}

const ItemTypeInfo& SensorObject::Info() {
  using T = SensorObject;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name")
        .Add(&T::objectNumber, "objectNumber", "", "the object to read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "Object", "SensorObject", {}, "sensors",
      "Reads an OutputVariableType of an object (as mbs.GetObjectOutput) at every sensorsWritePeriod.", fields, {});
  return info;
}

}  // namespace multidyn
