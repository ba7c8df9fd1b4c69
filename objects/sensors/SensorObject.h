// Reads an output variable of an object (connector, constraint, or body at its reference point).
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorObject : public ItemOf<SensorObject, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override { return "object " + std::to_string(objectNumber.value); }
  void Check(const SystemView& system) const override;

  ObjectIndex objectNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
