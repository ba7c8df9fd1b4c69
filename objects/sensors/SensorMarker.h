// Reads an output variable of a marker.
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorMarker : public ItemOf<SensorMarker, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override { return "marker " + std::to_string(markerNumber.value); }
  void Check(const SystemView& system) const override;

  MarkerIndex markerNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
