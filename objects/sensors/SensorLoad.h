// Reads the current vector of a load (from its user function, if any).
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorLoad : public ItemOf<SensorLoad, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override { return "load " + std::to_string(loadNumber.value); }
  void Check(const SystemView& system) const override;

  LoadIndex loadNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
