// Exudyn's SensorKinematicTree: an output of a point on one link of an ObjectKinematicTree.
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

class SensorKinematicTree : public ItemOf<SensorKinematicTree, Sensor> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  VectorX Evaluate(const SystemView& system, ConfigurationType configuration) const override;
  std::string Target() const override {
    return "object " + std::to_string(objectNumber.value) + " link " + std::to_string(linkNumber);
  }
  void Check(const SystemView& system) const override;

  ObjectIndex objectNumber;
  Index linkNumber = invalidIndex;
  Vector3 localPosition = Vector3::Zero();
  bool visualizationShow = true;
};

}  // namespace multidyn
