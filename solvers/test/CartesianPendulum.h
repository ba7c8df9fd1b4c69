// A constrained pendulum in Cartesian coordinates for the solver tests, written directly on the
// DAESystem interface, and its independent reference (the minimal-coordinate equation by RK4).
#pragma once

#include <cmath>
#include <string>

#include <Eigen/Dense>

#include "core/evaluation/DAESystem.h"

namespace multidyn {

// A point mass on a massless rod of length L in the x-y plane, gravity along -y:
// r = m q_tt + (0, m g) + 2 lambda q, g = |q|^2 - L^2.
class CartesianPendulum : public DAESystem {
 public:
  double m = 1.5, gravity = 9.81, L = 0.8;
  Index NumberOfODE2() const override { return 2; }
  Index NumberOfODE1() const override { return 0; }
  Index NumberOfAE() const override { return 1; }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    r = m * s.ode2_tt + 2. * s.ae(0) * s.ode2;
    r(1) += m * gravity;
  }
  void ComputeODE1Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeAlgebraicResidual(const SystemState& s, bool velocityLevel, VectorX& g) override {
    g.resize(1);
    g(0) = velocityLevel ? 2. * s.ode2.dot(s.ode2_t) : s.ode2.squaredNorm() - L * L;
  }
  void ComputeJacobian(const SystemState& s, const JacobianFactors& f, SystemMatrix& matrix) override {
    for (Index i = 0; i < 2; ++i) {
      matrix.Add(i, i, f.mass * m + f.stiffness * 2. * s.ae(0));
      matrix.Add(i, 2, f.multiplierColumns * 2. * s.ode2(i));
      matrix.Add(2, i, f.constraintRows * 2. * s.ode2(i));  // C_q = d(g_t)/dq_t
    }
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override {
    matrix.Add(0, 0, m);
    matrix.Add(1, 1, m);
  }
  void ComputeConstraintAccelerationTerm(const SystemState& s, VectorX& h) override {
    h.resize(1);
    h(0) = 2. * s.ode2_t.squaredNorm();
  }
  std::string DescribeUnknown(Index row) const override { return row < 2 ? "pendulum coordinate" : "rod constraint"; }
};

// theta_tt = -(g/L) sin(theta) with the classical RK4 at a small step: an independent reference.
inline double PendulumAngle(double theta0, double gravity, double L, double endTime) {
  const Index n = 20000;
  const double h = endTime / n;
  Eigen::Vector2d x(theta0, 0.);
  auto f = [&](const Eigen::Vector2d& s) { return Eigen::Vector2d(s(1), -gravity / L * std::sin(s(0))); };
  for (Index i = 0; i < n; ++i) {
    const Eigen::Vector2d k1 = f(x), k2 = f(x + 0.5 * h * k1), k3 = f(x + 0.5 * h * k2), k4 = f(x + h * k3);
    x += h / 6. * (k1 + 2. * k2 + 2. * k3 + k4);
  }
  return x(0);
}

}  // namespace multidyn
