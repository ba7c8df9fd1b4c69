// A point mass on a NodePoint.
#pragma once

#include "core/items/Body.h"

namespace multidyn {

class ObjectMassPoint : public BodyKernels<ObjectMassPoint> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  void Check(const MainSystem& system) const override;
  void ComputeMassMatrix(const NodeKinematics<double>*, MatrixX& massMatrix) const override {
    massMatrix = mass * MatrixX::Identity(3, 3);
  }
  bool HasConstantMassMatrix() const override { return true; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override {
    return 0.5 * mass * nodes[0].velocity.squaredNorm();
  }

  template <class S> void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    frame.position = nodes[0].position + localPosition.cast<S>();
    frame.velocity = nodes[0].velocity;
    frame.positionJacobian = Mat3X<S>::Identity(3, 3);
    frame.rotationJacobian = Mat3X<S>::Zero(3, 3);
  }
  template <class S> void ODE2LHS(const NodeKinematics<S>*, const VectorX& q_tt, VecX<S>& lhs) const {
    lhs = (mass * q_tt).cast<S>();
  }

  double mass = 0.;
  NodeIndex nodeNumber;
  BodyVisualization visualization;
};

}  // namespace multidyn
