// Consistent values of a constrained multibody system from the DAE interface, shared by IDA
// (initial values) and CVODE (right-hand side and projection):
//   positions:     q += dq with [M C_q^T; C_q 0] [dq; .] = [0; -g(q)], repeated until |g| is small
//                  (mass-weighted smallest correction, Gauss-Newton);
//   velocities:    q_t += dv with [M C^T; C 0] [dv; .] = [0; -g_t(q, q_t)] (C: d(g_t)/dq_t, also the
//                  rows of constraints on velocities);
//   accelerations: [M C^T; C 0] [q_tt; lambda] = [-r(q_tt = 0, lambda = 0); -h(q, q_t)], and the
//                  ODE1 rates y_t = f_FO.
// The projections take an optional diagonal metric D (one value per ODE2 coordinate) in place of
// M: the correction then is the smallest in sum_i D_i dq_i^2 (CVODE: D = I, CvodeSolver::Project).
// The matrices are factorized by a LinearSolver of the caller's kind; nothing is allocated after
// the first call.
#pragma once

#include <vector>

#include "core/evaluation/DAESystem.h"
#include "solvers/linear/LinearSolver.h"

namespace multidyn {

class ConstrainedDynamics {
 public:
  ConstrainedDynamics(DAESystem& system, const std::string& linearSolverType, const LinearSolverSettings& settings);

  // Throws SolverError naming the constraints if the positions cannot be brought within
  // tolerance of the position constraints in maxIterations.
  void ProjectPositions(SystemState& state, double tolerance, Index maxIterations = 10,
                        const VectorX* metric = nullptr);
  void ProjectVelocities(SystemState& state, const VectorX* metric = nullptr);
  // vector (ODE2 size) replaced by the D-nearest x with C x = b (b null: 0), C = d(g_t)/dq_t (C_q
  // for position constraints), with the factorization of the last ProjectVelocities(state,
  // &metric): at that state and metric.
  void ProjectOntoConstraintTangent(const VectorX& metric, Eigen::Ref<VectorX> vector, const VectorX* b = nullptr);
  // d(g_t)/dq (q_t fixed) times dq at `state`, by a difference quotient (the DAE interface has no
  // such block): how an error dq of the positions moves the velocity constraints.
  void VelocityConstraintChange(const SystemState& state, const Eigen::Ref<const VectorX>& dq, VectorX& change);
  void ComputeAccelerations(SystemState& state);
  // The largest |g| of the position constraints and |g_t| / |g_v| of all active constraints.
  double PositionViolation(const SystemState& state);
  double VelocityViolation(const SystemState& state);

  Index Factorizations() const { return factorizations_; }

 private:
  // [M C^T; C 0] with position-level rows (velocityLevel false) or velocity-level rows.
  // metric: D in place of M (null: M).
  void FactorizeAugmented(const SystemState& state, bool velocityLevel, const VectorX* metric = nullptr);

  DAESystem& system_;
  Index numberOfODE2_, numberOfODE1_, numberOfAE_;
  std::vector<AlgebraicEquationKind> kinds_;
  LinearSolver solver_;
  SystemMatrix matrix_;
  SystemState work_;
  VectorX residual_, ode1Residual_, algebraic_, rhs_, solution_, shiftedAlgebraic_;
  bool constantMassFactorized_ = false;  // without constraints: M factorized once if it is constant
  Index factorizations_ = 0;
};

}  // namespace multidyn
