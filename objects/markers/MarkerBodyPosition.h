// A point on a body: position and its Jacobian.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerBodyPosition : public MarkerKernels<MarkerBodyPosition> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  ObjectIndex BodyNumber() const override { return bodyNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    body->ComputeFrame(nodes, localPosition, data);
  }

  ObjectIndex bodyNumber;
  Vector3 localPosition = Vector3::Zero();
  bool visualizationShow = true;
};

}  // namespace multidyn
