#include "objects/sensors/SensorNode.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorNode::Evaluate(const SystemView& system, ConfigurationType configuration) const {
  return system.GetNodeOutput(nodeNumber.value, outputVariableType, configuration);
}

void SensorNode::Check(const SystemView&) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a node is required, got none (-1)");
}

void SensorNode::AddTestInstance(SystemBuilder& system) {
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Sensor,
                     {{"sensorType", "Node"},
                      {"nodeNumber", testInstances::NodeOf(system, point)},
                      {"outputVariableType", "Position"},
                      {"writeToFile", false}});
}

const ItemTypeInfo& SensorNode::Info() {
  using T = SensorNode;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "sensor's unique name").Add(&T::nodeNumber, "nodeNumber", "", "the node to read");
    return AddSensorFields(builder).Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Sensor, "Node", "SensorNode", {}, "sensors",
      "Reads an OutputVariableType of a node (as mbs.GetNodeOutput) at every sensorsWritePeriod.", fields, {});
  return info;
}

}  // namespace multidyn
