// A sensor whose value a user function computes, typically from other sensors (Exudyn's):
//   value = sensorUserFunction(mbs, t, sensorNumbers, factors, configuration) -> list of numbers.
#pragma once

#include "core/foundation/ScriptFunction.h"
#include "core/items/Sensor.h"

namespace multidyn {

class SensorUserFunction : public ItemOf<SensorUserFunction, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override;

  SensorIndexList sensorNumbers;  // typed, so that deleting a sensor renumbers them
  VectorX factors;
  ScriptFunctionPtr sensorUserFunction;
  bool visualizationShow = true;
};

}  // namespace multidyn
