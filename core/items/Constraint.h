// Base of constraints: algebraic equations g(q) = 0 with Lagrange multipliers lambda.
#pragma once

#include "core/items/Object.h"
#include "core/items/TwoMarkerObject.h"

namespace multidyn {

class Constraint : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Constraint; }
  // True: the equations constrain velocities only, g_v(q, q_t) = 0 (rolling without slip, a
  // prescribed rate), in every solver and at both levels; the loads are then -(dg_v/dq_t)^T lambda.
  // Structural (fixed at Assemble()).
  virtual bool IsVelocityLevel() const { return false; }
  // g at position level (index 3) or its time derivative (velocity level, index 2), and the
  // loads lambda applies to the markers; their generalized forces equal -C_q^T * lambda
  // (checked in the item tests against C_q obtained by differentiating g). The context gives
  // time and system to constraints with time-dependent (user-function) offsets, in both.
#define MULTIDYN_CONSTRAINT_KERNELS(S)                                                                        \
  virtual void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<S>& m0,           \
                                         const MarkerData<S>& m1, bool velocityLevel, VecX<S>& g) const = 0;  \
  virtual void ComputeConstraintLoads(const EvaluationContext& context, const MarkerData<S>& m0,              \
                                      const MarkerData<S>& m1, const VectorX& lambda, MarkerLoad<S> loads[2]) \
      const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_CONSTRAINT_KERNELS)
#undef MULTIDYN_CONSTRAINT_KERNELS
};

template <class Derived> class ConstraintKernels : public ItemOf<Derived, TwoMarkerObject<Constraint>> {
 public:
#define MULTIDYN_CONSTRAINT_KERNELS(S)                                                                               \
  void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1, \
                                 bool velocityLevel, VecX<S>& g) const override {                                    \
    Self().AlgebraicEquations(context, m0, m1, velocityLevel, g);                                                    \
  }                                                                                                                  \
  void ComputeConstraintLoads(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1,    \
                              const VectorX& lambda, MarkerLoad<S> loads[2]) const override {                        \
    Self().ConstraintLoads(context, m0, m1, lambda, loads);                                                          \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_CONSTRAINT_KERNELS)
#undef MULTIDYN_CONSTRAINT_KERNELS

  // The output ConstraintEquation: g at position level, or lambda if inactive (its equation is lambda = 0).
  VectorX ConstraintEquationOutput(const EvaluationContext& context, const MarkerData<double>& m0,
                                   const MarkerData<double>& m1, const VectorX& lambda) const {
    if (!Self().IsActive()) return lambda;
    VecX<double> g;
    Self().AlgebraicEquations(context, m0, m1, false, g);
    return g;
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
