// A frame on a body: position, orientation and their Jacobians.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerBodyRigid : public MarkerKernels<MarkerBodyRigid> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesOrientation() const override { return true; }
  ObjectIndex BodyNumber() const override { return bodyNumber; }
  void Check(const SystemView& system) const override;

  // A_0M = A_0B * A_BM; omega in marker axes = A_BM^T * omega in body axes.
  template <class S> void MarkerDataOf(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    body->ComputeFrame(nodes, localPosition, data);
    if (IsIdentity(localRotationMatrix)) return;
    data.orientation = data.orientation * localRotationMatrix.cast<S>();  // (Eigen evaluates the product first)
    data.angularVelocityLocal = localRotationMatrix.transpose().cast<S>() * data.angularVelocityLocal;
  }

  ObjectIndex bodyNumber;
  Vector3 localPosition = Vector3::Zero();
  Matrix3 localRotationMatrix = Matrix3::Identity();
  bool visualizationShow = true;
};

}  // namespace multidyn
