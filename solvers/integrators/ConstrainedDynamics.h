// Consistent values of a constrained multibody system from the DAE interface, shared by IDA
// (initial values) and CVODE (right-hand side and projection):
//   positions:     q += dq with [M C_q^T; C_q 0] [dq; .] = [0; -g(q)], repeated until |g| is small
//                  (mass-weighted smallest correction, Gauss-Newton);
//   velocities:    q_t += dv with [M C^T; C 0] [dv; .] = [0; -g_t(q, q_t)] (C: d(g_t)/dq_t, also the
//                  rows of constraints on velocities);
//   accelerations: [M C^T; C 0] [q_tt; lambda] = [-r(q_tt = 0, lambda = 0); -h(q, q_t)], and the
//                  ODE1 rates y_t = f_FO.
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
  void ProjectPositions(SystemState& state, double tolerance, Index maxIterations = 10);
  void ProjectVelocities(SystemState& state);
  void ComputeAccelerations(SystemState& state);
  // The largest |g| of the position constraints and |g_t| / |g_v| of all active constraints.
  double PositionViolation(const SystemState& state);
  double VelocityViolation(const SystemState& state);

  Index Factorizations() const { return factorizations_; }

 private:
  // [M C^T; C 0] with position-level rows (velocityLevel false) or velocity-level rows.
  void FactorizeAugmented(const SystemState& state, bool velocityLevel);

  DAESystem& system_;
  Index numberOfODE2_, numberOfODE1_, numberOfAE_;
  std::vector<AlgebraicEquationKind> kinds_;
  LinearSolver solver_;
  SystemMatrix matrix_;
  SystemState work_;
  VectorX residual_, ode1Residual_, algebraic_, rhs_, solution_;
  bool constantMassFactorized_ = false;  // without constraints: M factorized once if it is constant
  Index factorizations_ = 0;
};

}  // namespace multidyn
