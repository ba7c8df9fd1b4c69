#include "objects/sensors/SensorLoad.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorLoad::Evaluate(const SystemView& system, ConfigurationType) const {
  return system.GetLoadValues(loadNumber.value);
}

void SensorLoad::Check(const SystemView&) const {
  if (!loadNumber.IsValid()) throw ValueError("parameter 'loadNumber': a load is required, got none (-1)");
}

void SensorLoad::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  const Index marker =
      testInstances::Add(system, ItemCategory::Marker,
                         {{"markerType", "NodePosition"}, {"nodeNumber", testInstances::NodeOf(system, point)}});
  const Index load =
      testInstances::Add(system, ItemCategory::Load,
                         {{"loadType", "ForceVector"}, {"loadVector", {0., -9.81, 0.}}, {"markerNumber", marker}});
  // outputVariableType is not used; Force, as a script would write it
  testInstances::Add(
      system, ItemCategory::Sensor,
      {{"sensorType", "Load"}, {"loadNumber", load}, {"outputVariableType", "Force"}, {"writeToFile", false}});
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
