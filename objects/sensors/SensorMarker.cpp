#include "objects/sensors/SensorMarker.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorMarker::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  return system.GetMarkerOutput(markerNumber.value, outputVariableType, configuration);
}

void SensorMarker::Check(const SystemView&) const {
  if (!markerNumber.IsValid()) throw ValueError("parameter 'markerNumber': a marker is required, got none (-1)");
}

void SensorMarker::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Sensor,
                     {{"sensorType", "Marker"},
                      {"markerNumber", testInstances::RigidMarker(system, body, Vector3(0.2, 0.1, 0.))},
                      {"outputVariableType", "AngularVelocity"},
                      {"writeToFile", false}});
}

const ItemTypeInfo& SensorMarker::Info() {
  using T = SensorMarker;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name")
        .Add(&T::markerNumber, "markerNumber", "", "the marker to read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "Marker", "SensorMarker", {}, "sensors",
      "Reads an OutputVariableType of a marker (as mbs.GetMarkerOutput) at every sensorsWritePeriod.", fields, {});
  return info;
}

}  // namespace multidyn
