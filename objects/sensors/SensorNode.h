// Reads an output variable of a node.
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorNode : public ItemOf<SensorNode, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override { return "node " + std::to_string(nodeNumber.value); }
  void Check(const SystemView& system) const override;

  NodeIndex nodeNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
