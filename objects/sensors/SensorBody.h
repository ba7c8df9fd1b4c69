// Reads an output variable of a body at a local position.
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorBody : public ItemOf<SensorBody, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override { return "body " + std::to_string(bodyNumber.value); }
  void Check(const SystemView& system) const override;

  ObjectIndex bodyNumber;
  Vector3 localPosition = Vector3::Zero();
  bool visualizationShow = true;
};

}  // namespace multidyn
