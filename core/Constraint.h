// Base of constraints: algebraic equations g(q) = 0 with Lagrange multipliers lambda.
#pragma once

#include "core/Object.h"

namespace multidyn {

class Constraint : public Object {
 public:
  ObjectKind Kind() const override { return ObjectKind::Constraint; }
  // g at position level (index 3) or its time derivative (velocity level, index 2); the
  // context gives time and system to constraints with time-dependent (user-function) offsets.
  virtual void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1,
                                         bool velocityLevel, VecX<double>& g) const = 0;
  virtual void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<ADScalar32>& m0, const MarkerData<ADScalar32>& m1,
                                         bool velocityLevel, VecX<ADScalar32>& g) const = 0;
  virtual void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<ADScalar16>& m0, const MarkerData<ADScalar16>& m1,
                                         bool velocityLevel, VecX<ADScalar16>& g) const = 0;
  // The loads lambda applies to the markers; their generalized forces equal -C_q^T * lambda
  // (checked in the item tests against C_q obtained by differentiating g).
  virtual void ComputeConstraintLoads(const MarkerData<double>& m0, const MarkerData<double>& m1,
                                      const VectorX& lambda, MarkerLoad<double> loads[2]) const = 0;
  virtual void ComputeConstraintLoads(const MarkerData<ADScalar32>& m0, const MarkerData<ADScalar32>& m1,
                                      const VectorX& lambda, MarkerLoad<ADScalar32> loads[2]) const = 0;
  virtual void ComputeConstraintLoads(const MarkerData<ADScalar16>& m0, const MarkerData<ADScalar16>& m1,
                                      const VectorX& lambda, MarkerLoad<ADScalar16> loads[2]) const = 0;
};

template <class Derived> class ConstraintKernels : public ItemOf<Derived, Constraint> {
 public:
  void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<double>& m0, const MarkerData<double>& m1, bool velocityLevel,
                                 VecX<double>& g) const override {
    Self().AlgebraicEquations(context, m0, m1, velocityLevel, g);
  }
  void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<ADScalar32>& m0, const MarkerData<ADScalar32>& m1, bool velocityLevel,
                                 VecX<ADScalar32>& g) const override {
    Self().AlgebraicEquations(context, m0, m1, velocityLevel, g);
  }
  void ComputeAlgebraicEquations(const EvaluationContext& context, const MarkerData<ADScalar16>& m0, const MarkerData<ADScalar16>& m1, bool velocityLevel,
                                 VecX<ADScalar16>& g) const override {
    Self().AlgebraicEquations(context, m0, m1, velocityLevel, g);
  }
  void ComputeConstraintLoads(const MarkerData<double>& m0, const MarkerData<double>& m1, const VectorX& lambda,
                              MarkerLoad<double> loads[2]) const override {
    Self().ConstraintLoads(m0, m1, lambda, loads);
  }
  void ComputeConstraintLoads(const MarkerData<ADScalar32>& m0, const MarkerData<ADScalar32>& m1, const VectorX& lambda,
                              MarkerLoad<ADScalar32> loads[2]) const override {
    Self().ConstraintLoads(m0, m1, lambda, loads);
  }
  void ComputeConstraintLoads(const MarkerData<ADScalar16>& m0, const MarkerData<ADScalar16>& m1, const VectorX& lambda,
                              MarkerLoad<ADScalar16> loads[2]) const override {
    Self().ConstraintLoads(m0, m1, lambda, loads);
  }

 private:
  const Derived& Self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace multidyn
