// The kernels of a point mass on a point node with n displacement coordinates (ObjectMassPoint:
// 3, ObjectMassPoint2D: 2, either on a NodePointGround: 0, as Exudyn allows): M = m I_n,
// LHS = m q_tt, the frame at the node translated by localPosition (no rotation: body axes =
// global axes). n comes from the node's kinematics.
#pragma once

#include "core/items/Body.h"

namespace multidyn {

template <class Derived> class MassPointBody : public BodyKernels<Derived> {
 public:
  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                         MatrixX& massMatrix) const override {
    const Index n = nodes[0].numberOfCoordinates;
    massMatrix = mass * MatrixX::Identity(n, n);
  }
  bool HasConstantMassMatrix() const override { return true; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override {
    return 0.5 * mass * nodes[0].velocity.squaredNorm();
  }
  bool MassAndCenterOfMass(double& m, Vector3& centerOfMass) const override {
    m = mass;
    centerOfMass.setZero();
    return true;
  }

  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    frame.position = nodes[0].position + localPosition.cast<S>();
    frame.velocity = nodes[0].velocity;
    const Index n = nodes[0].numberOfCoordinates;
    frame.positionJacobian = Mat3X<S>::Identity(3, n);  // [I; 0] in 2D: z does not move
    frame.rotationJacobian = Mat3X<S>::Zero(3, n);
  }
  template <class S> void ODE2LHS(const NodeKinematics<S>*, const VectorX& q_tt, VecX<S>& lhs) const {
    lhs = (mass * q_tt).cast<S>();
  }
  bool ODE2LHSIsMassTimesAcceleration() const override { return true; }

  double mass = 0.;
  NodeIndex nodeNumber;
  BodyVisualization visualization;
};

}  // namespace multidyn
