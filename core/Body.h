// Base of bodies (and the ground): they have mass and provide frames to markers.
#pragma once

#include "core/Object.h"
#include "core/SystemState.h"

namespace multidyn {

class Body : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Body; }
  virtual bool ProvidesOrientation() const { return false; }

  // The frame at localPosition, with Jacobians with respect to the body's coordinates
  // (those of its nodes, in node order). `nodes` holds the kinematics of NodeNumbers().
  virtual void ComputeFrame(const NodeKinematics<double>* nodes, const Vector3& localPosition,
                            MarkerData<double>& frame) const = 0;
  virtual void ComputeFrame(const NodeKinematics<ADScalar32>* nodes, const Vector3& localPosition,
                            MarkerData<ADScalar32>& frame) const = 0;
  virtual void ComputeFrame(const NodeKinematics<ADScalar16>* nodes, const Vector3& localPosition,
                            MarkerData<ADScalar16>& frame) const = 0;

  virtual void ComputeMassMatrix(const NodeKinematics<double>* nodes, MatrixX& massMatrix) const {}
  // LHS of the body's ODE2 equations without applied loads: M(q)*q_tt - f_quadraticVelocity(q, q_t).
  virtual void ComputeODE2LHS(const NodeKinematics<double>* nodes, const VectorX& q_tt, VecX<double>& lhs) const {}
  virtual void ComputeODE2LHS(const NodeKinematics<ADScalar32>* nodes, const VectorX& q_tt, VecX<ADScalar32>& lhs) const {}
  virtual void ComputeODE2LHS(const NodeKinematics<ADScalar16>* nodes, const VectorX& q_tt, VecX<ADScalar16>& lhs) const {}
  virtual double KineticEnergy(const NodeKinematics<double>* nodes) const { return 0.; }
  // Outputs a body defines differently from the generic ones of its frame (e.g. the scalar
  // Rotation of a planar body); false: use the generic output.
  virtual bool GetBodyOutput(OutputVariableType type, const MainSystem& system, const SystemState& state,
                             const Vector3& localPosition, VectorX& value) const {
    return false;
  }
};

// Routes both scalar types to Derived's templated Frame() and ODE2LHS().
template <class Derived> class BodyKernels : public ItemOf<Derived, Body> {
 public:
  void ComputeFrame(const NodeKinematics<double>* nodes, const Vector3& localPosition,
                    MarkerData<double>& frame) const override {
    Self().Frame(nodes, localPosition, frame);
  }
  void ComputeFrame(const NodeKinematics<ADScalar32>* nodes, const Vector3& localPosition,
                    MarkerData<ADScalar32>& frame) const override {
    Self().Frame(nodes, localPosition, frame);
  }
  void ComputeFrame(const NodeKinematics<ADScalar16>* nodes, const Vector3& localPosition,
                    MarkerData<ADScalar16>& frame) const override {
    Self().Frame(nodes, localPosition, frame);
  }
  void ComputeODE2LHS(const NodeKinematics<double>* nodes, const VectorX& q_tt, VecX<double>& lhs) const override {
    Self().ODE2LHS(nodes, q_tt, lhs);
  }
  void ComputeODE2LHS(const NodeKinematics<ADScalar32>* nodes, const VectorX& q_tt, VecX<ADScalar32>& lhs) const override {
    Self().ODE2LHS(nodes, q_tt, lhs);
  }
  void ComputeODE2LHS(const NodeKinematics<ADScalar16>* nodes, const VectorX& q_tt, VecX<ADScalar16>& lhs) const override {
    Self().ODE2LHS(nodes, q_tt, lhs);
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
