// The center of mass of a body, carrying the body's mass for mass-proportional loads
// (LoadMassProportional): position, velocity and position Jacobian at the center of mass.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerBodyMass : public MarkerKernels<MarkerBodyMass> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  ObjectIndex BodyNumber() const override { return bodyNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    body->ComputeCenterOfMassFrame(nodes, data);  // Check() made sure the body has a mass and center
  }

  ObjectIndex bodyNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
