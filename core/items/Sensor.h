// Base of sensors: read an output of an item at every sensorsWritePeriod.
#pragma once

#include <string>

#include "core/items/Item.h"

namespace multidyn {

class Sensor : public Item {
 public:
  // The output now, in the given configuration (throws ValueError if not available).
  virtual VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const = 0;
  // "object 3", "node 0", ...: the item the sensor reads, for file headers and messages.
  virtual std::string Target() const = 0;

  bool writeToFile = true;
  std::string fileName;  // "" : "sensor<number>.txt" in the working directory's "solution/"
  bool storeInternal = false;
  OutputVariableType outputVariableType = OutputVariableType::_None;
};

}  // namespace multidyn
