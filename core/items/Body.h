// Base of bodies (and the ground): they have mass and provide frames to markers.
#pragma once

#include "core/foundation/SystemState.h"
#include "core/items/Object.h"

namespace multidyn {

class Body : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Body; }
  virtual bool ProvidesOrientation() const { return false; }
  // False for bodies without a body frame (ObjectGenericODE2): markers then sit on their nodes.
  virtual bool ProvidesFrames() const { return true; }

  // The frame at localPosition, with Jacobians with respect to the body's coordinates
  // (those of its nodes, in node order). `nodes` holds the kinematics of NodeNumbers().
  // LHS of the body's ODE2 equations without applied loads: M(q)*q_tt - f_quadraticVelocity(q, q_t)
  // (bodies with forces of their own, e.g. a kinematic tree's joint forces, subtract them; the
  // context gives them time, system and item number, for user functions).
#define MULTIDYN_BODY_KERNELS(S)                                                                                     \
  virtual void ComputeFrame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame)      \
      const = 0;                                                                                                     \
  virtual void ComputeODE2LHS(const EvaluationContext& context, const NodeKinematics<S>* nodes, const VectorX& q_tt, \
                              VecX<S>& lhs) const {}                                                                 \
  /* The center of mass with the Jacobian whose transpose times m b is the generalized force of  */                  \
  /* a load per mass b (MarkerBodyMass): the frame at it for rigid bodies; flexible bodies, whose */                 \
  /* loads per mass are integrals over the body, give the mass-weighted mean Jacobian. */                            \
  virtual void ComputeCenterOfMassFrame(const NodeKinematics<S>* nodes, MarkerData<S>& frame) const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_BODY_KERNELS)
#undef MULTIDYN_BODY_KERNELS

  // The context gives user functions of the mass matrix (ObjectGenericODE2's) time, system and item number.
  virtual void ComputeMassMatrix(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                                 MatrixX& massMatrix) const {}
  // True if M does not depend on the coordinates: explicit solvers then factorize it once.
  virtual bool HasConstantMassMatrix() const { return false; }
  // True if the LHS is M q_tt alone (no velocity or user terms), so that it is zero at q_tt = 0:
  // the residual of the explicit solvers' stages (SystemEquations::ComputeODE2ResidualAtZeroAcceleration) skips it.
  virtual bool ODE2LHSIsMassTimesAcceleration() const { return false; }
  virtual double KineticEnergy(const NodeKinematics<double>* nodes) const { return 0.; }
  // The mass m [kg] and the center of mass in body axes, relative to the body's reference point
  // (MarkerBodyMass, mass-proportional loads); false: the body has no single mass and center.
  virtual bool MassAndCenterOfMass(double& mass, Vector3& centerOfMass) const { return false; }
  // Outputs a body defines differently from the generic ones of its frame (e.g. the scalar
  // Rotation of a planar body); false: use the generic output.
  virtual bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                             const Vector3& localPosition, VectorX& value) const {
    return false;
  }
};

// Routes every scalar type to Derived's templated Frame() and ODE2LHS().
template <class Derived> class BodyKernels : public ItemOf<Derived, Body> {
 public:
#define MULTIDYN_BODY_KERNELS(S)                                                                             \
  void ComputeFrame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame)      \
      const override {                                                                                       \
    Self().Frame(nodes, localPosition, frame);                                                               \
  }                                                                                                          \
  void ComputeODE2LHS(const EvaluationContext& context, const NodeKinematics<S>* nodes, const VectorX& q_tt, \
                      VecX<S>& lhs) const override {                                                         \
    Self().ODE2LHSInContext(context, nodes, q_tt, lhs);                                                      \
  }                                                                                                          \
  void ComputeCenterOfMassFrame(const NodeKinematics<S>* nodes, MarkerData<S>& frame) const override {       \
    Self().CenterOfMassFrame(nodes, frame);                                                                  \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_BODY_KERNELS)
#undef MULTIDYN_BODY_KERNELS

  // Bodies whose LHS does not depend on the context write ODE2LHS(nodes, q_tt, lhs); others hide this.
  template <class S> void ODE2LHSInContext(const EvaluationContext&, const NodeKinematics<S>* nodes,
                                           const VectorX& q_tt, VecX<S>& lhs) const {
    Self().ODE2LHS(nodes, q_tt, lhs);
  }
  // Rigid bodies: the frame at the center of mass; flexible bodies hide this (Body::ComputeCenterOfMassFrame).
  template <class S> void CenterOfMassFrame(const NodeKinematics<S>* nodes, MarkerData<S>& frame) const {
    double mass;
    Vector3 centerOfMass;
    Self().MassAndCenterOfMass(mass, centerOfMass);
    Self().Frame(nodes, centerOfMass, frame);
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
