#include "objects/sensors/SensorLoad.h"

#include "core/MainSystem.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorLoad::Evaluate(const MainSystem& system, ConfigurationType) const {
  return system.GetLoadValues(loadNumber.value);
}

void SensorLoad::Check(const MainSystem&) const {
  if (!loadNumber.IsValid()) throw ValueError("parameter 'loadNumber': a load is required, got none (-1)");
}

const ItemTypeInfo& SensorLoad::Info() {
  using T = SensorLoad;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name").Add(&T::loadNumber, "loadNumber", "", "the load to read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "Load", "SensorLoad", {}, "sensors",
      "Reads the current load vector of a load (evaluating its user function) at every sensorsWritePeriod; "
      "outputVariableType is not used.",
      fields, {});
  return info;
}

}  // namespace multidyn
