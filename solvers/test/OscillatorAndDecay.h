// A small analytic system for the solver tests, written directly on the DAESystem interface.
#pragma once

#include "core/evaluation/DAESystem.h"

namespace multidyn {

// m q_tt + d q_t + k q = 0 (ODE2) and y_t = -rate * y (ODE1), uncoupled.
class OscillatorAndDecay : public DAESystem {
 public:
  double m = 2., k = 8., d = 0., rate = 1.5;
  Index NumberOfODE2() const override { return 1; }
  Index NumberOfODE1() const override { return 1; }
  Index NumberOfAE() const override { return 0; }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = m * s.ode2_tt(0) + d * s.ode2_t(0) + k * s.ode2(0);
  }
  void ComputeODE1Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.ode1_t(0) + rate * s.ode1(0);
  }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState&, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, f.mass * m + f.stiffness * k + f.damping * d);
    matrix.Add(1, 1, f.ode1Derivative + f.ode1Stiffness * rate);
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override { matrix.Add(0, 0, m); }
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

}  // namespace multidyn
