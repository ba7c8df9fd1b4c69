// A planar rigid body on a NodeRigidBody2D (see docs/theory/RigidBody2D.md). With the center of
// mass b (body axes) and G = m e_z x (A b), the equations of motion in [u_x, u_y, psi] read
//   [m 0 G_x; 0 m G_y; G_x G_y J] q_tt - [m theta_t^2 (A b); 0] = f,
// J being the inertia about the reference point (the node).
#pragma once

#include "core/items/Body.h"

namespace multidyn {

class ObjectRigidBody2D : public BodyKernels<ObjectRigidBody2D> {
 public:
  using Vector2 = Eigen::Vector2d;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool ProvidesOrientation() const override { return true; }
  void Check(const SystemView& system) const override;
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                         MatrixX& massMatrix) const override;
  // With the center of mass at the node the coupling terms vanish.
  bool HasConstantMassMatrix() const override { return centerOfMass.isZero(0.); }
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  bool MassAndCenterOfMass(double& mass, Vector3& center) const override {
    mass = physicsMass;
    center << centerOfMass, 0.;
    return true;
  }
  bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;

  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    RigidFrameFromNode(nodes[0], localPosition, frame);
  }

  // m * (e_z x A b): the coupling of translation and rotation in the mass matrix (x and y).
  template <class S> Eigen::Matrix<S, 2, 1> Coupling(const NodeKinematics<S>& k) const {
    const Vec3<S> Ab = k.rotation * Vector3(centerOfMass(0), centerOfMass(1), 0.).cast<S>();
    return Eigen::Matrix<S, 2, 1>(-physicsMass * Ab(1), physicsMass * Ab(0));
  }

  template <class S> void ODE2LHS(const NodeKinematics<S>* nodes, const VectorX& q_tt, VecX<S>& lhs) const {
    const NodeKinematics<S>& k = nodes[0];
    lhs.resize(3);
    if (centerOfMass.isZero(0.)) {
      lhs(0) = S(physicsMass * q_tt(0));
      lhs(1) = S(physicsMass * q_tt(1));
      lhs(2) = S(physicsInertia * q_tt(2));
      return;
    }
    const Eigen::Matrix<S, 2, 1> G = Coupling(k);
    const S omega = k.angularVelocityLocal(2);
    // centripetal term: d/dt(m e_z x A b theta_t) = G theta_tt - m theta_t^2 A b, with A b = [G_y, -G_x]/m
    lhs(0) = physicsMass * q_tt(0) + G(0) * q_tt(2) - omega * omega * G(1);
    lhs(1) = physicsMass * q_tt(1) + G(1) * q_tt(2) + omega * omega * G(0);
    lhs(2) = G(0) * q_tt(0) + G(1) * q_tt(1) + physicsInertia * q_tt(2);
  }

  bool ODE2LHSIsMassTimesAcceleration() const override { return centerOfMass.isZero(0.); }

  double physicsMass = 0.;
  double physicsInertia = 0.;
  Vector2 centerOfMass = Vector2::Zero();
  NodeIndex nodeNumber;
  BodyVisualization visualization;
};

}  // namespace multidyn
