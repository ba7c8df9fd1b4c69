// The ground: a fixed frame without coordinates, for markers of joints and connectors.
#pragma once

#include "core/items/Body.h"

namespace multidyn {

class ObjectGround : public BodyKernels<ObjectGround> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  ObjectKind Kind() const override { return ObjectKind::Ground; }
  bool ProvidesOrientation() const override { return true; }
  bool MassAndCenterOfMass(double& mass, Vector3& centerOfMass) const override {  // massless: no loads
    mass = 0.;
    centerOfMass.setZero();
    return true;
  }

  template <class S> void Frame(const NodeKinematics<S>*, const Vector3& localPosition, MarkerData<S>& frame) const {
    frame.position = (referencePosition + referenceRotation * localPosition).cast<S>();
    frame.velocity.setZero();
    frame.orientation = referenceRotation.cast<S>();
    frame.angularVelocityLocal.setZero();
    frame.positionJacobian.resize(3, 0);
    frame.rotationJacobian.resize(3, 0);
  }
  template <class S> void ODE2LHS(const NodeKinematics<S>*, const VectorX&, VecX<S>& lhs) const { lhs.resize(0); }

  Vector3 referencePosition = Vector3::Zero();
  Matrix3 referenceRotation = Matrix3::Identity();
  BodyVisualization visualization;
};

}  // namespace multidyn
