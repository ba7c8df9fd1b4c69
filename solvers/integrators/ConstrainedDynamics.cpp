#include "solvers/integrators/ConstrainedDynamics.h"

#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

ConstrainedDynamics::ConstrainedDynamics(DAESystem& system, const std::string& linearSolverType,
                                         const LinearSolverSettings& settings)
    : system_(system), solver_(linearSolverType, settings) {
  numberOfODE2_ = system.NumberOfODE2();
  numberOfODE1_ = system.NumberOfODE1();
  numberOfAE_ = system.NumberOfAE();
  system.AlgebraicEquationKinds(kinds_);
  solver_.SetUnknownDescriber([this](Index row) { return system_.DescribeUnknown(row); });
}

void ConstrainedDynamics::FactorizeAugmented(const SystemState& state, bool velocityLevel, const VectorX* metric) {
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  JacobianFactors factors;
  factors.mass = metric ? 0. : 1.;
  factors.stiffness = 0.;
  factors.damping = 0.;
  factors.multiplierColumns = 1.;
  factors.constraintRows = 1.;
  factors.velocityLevelConstraints = velocityLevel;
  factors.velocityConstraintRows = 1.;  // d(g_v)/dq_t: the rows of constraints on velocities
  factors.velocityConstraintPositionRows = 0.;
  factors.includeLoads = false;
  factors.ode1Derivative = 1.;
  factors.ode1Stiffness = 0.;
  factors.ode2ODE1 = 0.;
  factors.constraintForces = false;  // C_q from the constraint loads; no lambda-dependent block
  matrix_.Resize(n, solver_.StorageFor(n));
  matrix_.SetZero();
  system_.ComputeJacobian(state, factors, matrix_);
  if (metric)
    for (Index i = 0; i < numberOfODE2_; ++i) matrix_.Add(i, i, (*metric)(i));
  matrix_.Finalize();
  solver_.Factorize(matrix_);
  ++factorizations_;
}

double ConstrainedDynamics::PositionViolation(const SystemState& state) {
  if (numberOfAE_ == 0) return 0.;
  system_.ComputeAlgebraicResidual(state, false, algebraic_);
  double largest = 0.;
  for (Index k = 0; k < numberOfAE_; ++k)
    if (kinds_[size_t(k)] == AlgebraicEquationKind::Position) largest = std::max(largest, std::abs(algebraic_(k)));
  return largest;
}

double ConstrainedDynamics::VelocityViolation(const SystemState& state) {
  if (numberOfAE_ == 0) return 0.;
  system_.ComputeAlgebraicResidual(state, true, algebraic_);
  double largest = 0.;
  for (Index k = 0; k < numberOfAE_; ++k)
    if (kinds_[size_t(k)] != AlgebraicEquationKind::Inactive) largest = std::max(largest, std::abs(algebraic_(k)));
  return largest;
}

void ConstrainedDynamics::ProjectPositions(SystemState& state, double tolerance, Index maxIterations,
                                           const VectorX* metric) {
  if (numberOfAE_ == 0) return;
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  double violation = PositionViolation(state);
  for (Index iteration = 0; iteration < maxIterations && violation > tolerance; ++iteration) {
    FactorizeAugmented(state, false, metric);
    rhs_.setZero(n);
    for (Index k = 0; k < numberOfAE_; ++k)
      if (kinds_[size_t(k)] == AlgebraicEquationKind::Position)
        rhs_(numberOfODE2_ + numberOfODE1_ + k) = -algebraic_(k);
    solver_.Solve(rhs_, solution_);
    state.ode2 += solution_.head(numberOfODE2_);
    violation = PositionViolation(state);
  }
  if (!(violation <= tolerance)) {
    Index worst = 0;
    for (Index k = 0; k < numberOfAE_; ++k)
      if (kinds_[size_t(k)] == AlgebraicEquationKind::Position &&
          std::abs(algebraic_(k)) >= std::abs(algebraic_(worst)))
        worst = k;
    throw SolverError("the positions cannot be made consistent with the constraints: |g| = " + NumberText(violation) +
                      " > " + NumberText(tolerance) + " after " + std::to_string(maxIterations) +
                      " projection iterations, largest in " +
                      system_.DescribeUnknown(numberOfODE2_ + numberOfODE1_ + worst));
  }
}

void ConstrainedDynamics::ProjectVelocities(SystemState& state, const VectorX* metric) {
  if (numberOfAE_ == 0) return;
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  FactorizeAugmented(state, true, metric);
  system_.ComputeAlgebraicResidual(state, true, algebraic_);
  rhs_.setZero(n);
  for (Index k = 0; k < numberOfAE_; ++k)
    if (kinds_[size_t(k)] != AlgebraicEquationKind::Inactive) rhs_(numberOfODE2_ + numberOfODE1_ + k) = -algebraic_(k);
  solver_.Solve(rhs_, solution_);
  state.ode2_t += solution_.head(numberOfODE2_);
}

// [D C^T; C 0] [x; nu] = [D e; 0]: x = e - D^-1 C^T nu with C x = 0, the D-nearest to e.
void ConstrainedDynamics::ProjectOntoConstraintTangent(const VectorX& metric, Eigen::Ref<VectorX> vector,
                                                       const VectorX* b) {
  if (numberOfAE_ == 0) return;
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  rhs_.setZero(n);
  rhs_.head(numberOfODE2_) = metric.cwiseProduct(vector);
  if (b)
    for (Index k = 0; k < numberOfAE_; ++k)
      if (kinds_[size_t(k)] != AlgebraicEquationKind::Inactive) rhs_(numberOfODE2_ + numberOfODE1_ + k) = (*b)(k);
  solver_.Solve(rhs_, solution_);
  vector = solution_.head(numberOfODE2_);
}

void ConstrainedDynamics::VelocityConstraintChange(const SystemState& state, const Eigen::Ref<const VectorX>& dq,
                                                   VectorX& change) {
  change.setZero(numberOfAE_);
  const double size = dq.norm();
  if (numberOfAE_ == 0 || size == 0.) return;
  const double epsilon = 1e-7 * (1. + state.ode2.norm()) / size;  // a step of 1e-7 relative in q
  system_.ComputeAlgebraicResidual(state, true, algebraic_);
  CopyState(state, work_);
  work_.ode2 += epsilon * dq;
  system_.ComputeAlgebraicResidual(work_, true, shiftedAlgebraic_);
  change = (shiftedAlgebraic_ - algebraic_) / epsilon;
}

void ConstrainedDynamics::ComputeAccelerations(SystemState& state) {
  CopyState(state, work_);
  work_.ode2_tt.setZero(numberOfODE2_);
  work_.ae.setZero(numberOfAE_);
  work_.ode1_t.setZero(numberOfODE1_);
  if (numberOfODE1_ > 0) {
    system_.ComputeODE1Residual(work_, ode1Residual_);  // y_t - f_FO at y_t = 0
    state.ode1_t = -ode1Residual_;
  }
  if (numberOfODE2_ == 0) return;
  system_.ComputeODE2ResidualAtZeroAcceleration(work_, residual_);
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  if (numberOfAE_ == 0) {
    if (!constantMassFactorized_) {
      matrix_.Resize(numberOfODE2_, solver_.StorageFor(numberOfODE2_));
      matrix_.SetZero();
      system_.ComputeMassMatrix(work_, matrix_);
      matrix_.Finalize();
      solver_.Factorize(matrix_);
      ++factorizations_;
      constantMassFactorized_ = system_.MassMatrixIsConstant();
    }
    rhs_ = -residual_;
    solver_.Solve(rhs_, solution_);
    state.ode2_tt = solution_;
    return;
  }
  FactorizeAugmented(work_, true);
  system_.ComputeConstraintAccelerationTerm(work_, algebraic_);
  rhs_.resize(n);
  rhs_ << -residual_, VectorX::Zero(numberOfODE1_), -algebraic_;
  solver_.Solve(rhs_, solution_);
  state.ode2_tt = solution_.head(numberOfODE2_);
  state.ae = solution_.tail(numberOfAE_);
}

}  // namespace multidyn
