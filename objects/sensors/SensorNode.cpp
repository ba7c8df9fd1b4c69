#include "objects/sensors/SensorNode.h"

#include "core/MainSystem.h"
#include "objects/sensors/SensorFields.h"

namespace multidyn {

VectorX SensorNode::Evaluate(const MainSystem& system, ConfigurationType configuration) const {
  return system.GetNodeOutput(nodeNumber.value, outputVariableType, configuration);
}

void SensorNode::Check(const MainSystem&) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a node is required, got none (-1)");
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
