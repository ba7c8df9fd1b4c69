// A rotor on the coordinate of a Node1D, turning about the z-axis of its constant frame
// (see docs/theory/Mass1D.md): J psi_tt = tau, with the total angle theta = c_ref + c,
//   A = A_0 Rz(theta),  omega = A_0 e_z psi_t,  p = p_ref + A b;  J_rot = A_0 e_z.
#pragma once

#include <cmath>

#include "core/items/Body.h"

namespace multidyn {

class ObjectRotationalMass1D : public BodyKernels<ObjectRotationalMass1D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool ProvidesOrientation() const override { return true; }
  void Check(const MainSystem& system) const override;
  void ComputeMassMatrix(const NodeKinematics<double>*, MatrixX& massMatrix) const override {
    massMatrix = MatrixX::Constant(1, 1, inertia);
  }
  bool HasConstantMassMatrix() const override { return true; }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override {
    return 0.5 * inertia * nodes[0].velocity(0) * nodes[0].velocity(0);
  }
  bool GetBodyOutput(OutputVariableType type, const MainSystem& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;

  template <class S> void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    using std::cos;
    using std::sin;
    const S theta = nodes[0].position(0), theta_t = nodes[0].velocity(0);  // Node1D: [c_ref + c, 0, 0], [c_t, 0, 0]
    const S c = cos(theta), s = sin(theta);
    Mat3<S> rotationZ;
    rotationZ << c, -s, S(0.), s, c, S(0.), S(0.), S(0.), S(1.);
    const Mat3<S> A = referenceRotation.cast<S>() * rotationZ;
    const Vec3<S> axis = referenceRotation.col(2).cast<S>();  // omega = axis * theta_t
    const Vec3<S> arm = A * localPosition.cast<S>();
    frame.position = referencePosition.cast<S>() + arm;
    frame.velocity = axis.cross(arm) * theta_t;
    frame.orientation = A;
    frame.angularVelocityLocal = Vec3<S>(S(0.), S(0.), theta_t);
    frame.positionJacobian = axis.cross(arm);
    frame.rotationJacobian = axis;
  }
  template <class S> void ODE2LHS(const NodeKinematics<S>*, const VectorX& q_tt, VecX<S>& lhs) const {
    lhs = VecX<S>::Constant(1, S(inertia * q_tt(0)));
  }

  double inertia = 0.;
  NodeIndex nodeNumber;
  Vector3 referencePosition = Vector3::Zero();
  Matrix3 referenceRotation = Matrix3::Identity();
  BodyVisualization visualization;
};

}  // namespace multidyn
