#include "solvers/integrators/GeneralizedAlphaSolver.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

namespace {

// Our own errors already carry time and step size; others get them added on the way out.
class SolverErrorWithContext : public SolverError {
 public:
  using SolverError::SolverError;
};

std::string Context(double time, double h) { return "at t=" + NumberText(time) + ", step size h=" + NumberText(h); }

}  // namespace

GeneralizedAlphaSolver::GeneralizedAlphaSolver(DAESystem& equations, const SimulationSettings& settings,
                                               SolverObserver& observer)
    : equations_(equations), settings_(settings), observer_(observer),
      parameters_(ComputeGeneralizedAlphaParameters(settings.timeIntegration.generalizedAlpha)),
      linearSolver_(settings.linearSolverType, settings.linearSolverSettings) {
  numberOfODE2_ = equations.NumberOfODE2();
  numberOfODE1_ = equations.NumberOfODE1();
  numberOfAE_ = equations.NumberOfAE();
  index2_ = settings.timeIntegration.generalizedAlpha.useIndex2Constraints;
  const Index unknowns = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  if (settings.timeIntegration.newton.weightTolerancePerCoordinate && unknowns > 0)
    errorCoordinateFactor_ = std::sqrt(double(unknowns));
  linearSolver_.SetUnknownDescriber([this](Index row) { return equations_.DescribeUnknown(row); });

  const TimeIntegrationSettings& ti = settings.timeIntegration;
  CheckTimeSpan(ti);
  if (ti.adaptiveStep) CheckAdaptiveStepFactors(ti.adaptiveStepDecrease, ti.adaptiveStepIncrease, "timeIntegration");
  CheckNewtonSettings(ti.newton, "timeIntegration.newton");
}

// Solves [M C_q^T; C_q 0] [q_tt0; lambda0] = [-r(q_tt=0, lambda=0); -h]; the velocity-level
// constraint rows d(g_t)/dq_t equal C_q, and h = g_tt - C_q q_tt. The ODE1 unknowns take part
// only as an identity block with zero right-hand side (their rates come from f_FO directly).
void GeneralizedAlphaSolver::ComputeInitialAccelerations(SystemState& state) {
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  SystemState work = state;
  work.ode2_tt.setZero();
  work.ae.setZero();
  VectorX r, h;
  equations_.ComputeODE2Residual(work, r);
  equations_.ComputeConstraintAccelerationTerm(work, h);
  JacobianFactors factors;
  factors.mass = 1.;
  factors.stiffness = 0.;
  factors.damping = 0.;
  factors.multiplierColumns = 1.;
  factors.constraintRows = 1.;
  factors.velocityLevelConstraints = true;
  factors.velocityConstraintRows = 1.;  // d(dg_v/dt)/dq_tt = dg_v/dq_t; q is given here
  factors.velocityConstraintPositionRows = 0.;
  factors.includeLoads = false;
  factors.ode1Derivative = 1.;
  factors.ode1Stiffness = 0.;
  factors.ode2ODE1 = 0.;  // y is given here, not an unknown
  factors.constraintForces = false;  // lambda = 0 and no stiffness block: nothing to add
  AssembleJacobian(work, factors);
  VectorX rhs(n), solution;
  rhs << -r, VectorX::Zero(numberOfODE1_), -h;
  try {
    linearSolver_.Factorize(jacobian_);
  } catch (const SolverError& e) {
    throw SolverErrorWithContext(std::string("computing initial accelerations at t=") + NumberText(state.time) + ": " +
                                 e.what());
  }
  ++statistics_.factorizations;
  linearSolver_.Solve(rhs, solution);
  linearSolver_.Invalidate();  // not the Newton matrix
  state.ode2_tt = solution.head(numberOfODE2_);
  if (settings_.timeIntegration.generalizedAlpha.storeInitialAlgebraicCoordinates)
    state.ae = solution.tail(numberOfAE_);
}

void GeneralizedAlphaSolver::ComputeInitialODE1Velocities(SystemState& state) {
  if (numberOfODE1_ == 0) return;
  SystemState work = state;
  work.ode1_t.setZero();
  VectorX r1;
  equations_.ComputeODE1Residual(work, r1);  // r1 = 0 - f_FO(y_0, t_0)
  state.ode1_t = -r1;
}

void GeneralizedAlphaSolver::Predict(SystemState& state, const SystemState& start, const VectorX& aStart, double h) {
  const GeneralizedAlphaParameters& p = parameters_;
  // Element loops with Eigen's arithmetic in Eigen's order (the same bits as the vector
  // expressions), without the per-expression overhead that dominates a small model's step.
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  if (predictedAcceleration_.size() != n2) predictedAcceleration_.resize(n2);
  if (state.ode2_tt.size() != n2) state.ode2_tt.resize(n2);
  if (state.ode1_t.size() != n1) state.ode1_t.resize(n1);
  if (state.ae.size() != numberOfAE_) state.ae.resize(numberOfAE_);
  const double* q0 = start.ode2.data();
  const double* v0 = start.ode2_t.data();
  const double* a0 = start.ode2_tt.data();
  const double* alpha0 = aStart.data();
  double* aT = predictedAcceleration_.data();
  double* q = state.ode2.data();
  double* v = state.ode2_t.data();
  const double positionFromStart = h * h * (0.5 - p.beta), positionFromPredicted = h * h * p.beta;
  const double velocityFromStart = h * (1. - p.gamma), velocityFromPredicted = h * p.gamma;
  for (Index i = 0; i < n2; ++i) {
    // q_tt_T = 0 in (1 - alpha_m) a_T + alpha_m a_0 = (1 - alpha_f) q_tt_T + alpha_f q_tt_0
    aT[i] = (p.alphaF * a0[i] - p.alphaM * alpha0[i]) / (1. - p.alphaM);
    q[i] = q0[i] + h * v0[i] + positionFromStart * alpha0[i] + positionFromPredicted * aT[i];
    v[i] = v0[i] + velocityFromStart * alpha0[i] + velocityFromPredicted * aT[i];
  }
  state.ode2_tt.setZero();
  state.ae.setZero();  // Exudyn's start: zero multipliers, so the first error includes the constraint forces
  // ODE1: y_tT = 0 with the trapezoidal rule y_T = y_0 + (h/2)(y_t0 + y_tT), as Exudyn starts.
  const double* y0 = start.ode1.data();
  const double* y_t0 = start.ode1_t.data();
  double* y = state.ode1.data();
  for (Index i = 0; i < n1; ++i) y[i] = y0[i] + (0.5 * h) * y_t0[i];
  state.ode1_t.setZero();
  state.time = start.time + h;
}

double GeneralizedAlphaSolver::ComputeResidual(const SystemState& state) {
  equations_.ComputeResiduals(state, index2_, residualODE2_, residualODE1_, residualAE_);
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  if (residual_.size() != n2 + n1 + numberOfAE_) residual_.resize(n2 + n1 + numberOfAE_);
  double* r = residual_.data();
  for (Index i = 0; i < n2; ++i) r[i] = residualODE2_(i);
  for (Index i = 0; i < n1; ++i) r[n2 + i] = residualODE1_(i);
  for (Index i = 0; i < numberOfAE_; ++i) r[n2 + n1 + i] = residualAE_(i);
  return residual_.norm() / errorCoordinateFactor_;
}

// Newton matrix of the scaled system: ODE2 rows times beta h^2, ODE1 rows times h/2, unknowns
// [Delta q; Delta y; Delta lambda]. With y_tT = (2/h)(y_T - y_0) - y_t0, dr1/dy = (2/h) I - df/dy;
// scaled by h/2 the ODE1 block is I - (h/2) df/dy, of order one like the ODE2 block's mass
// term (Exudyn's block is df/dy - (2/h) I with the opposite sign convention for the increment).
// The multiplier columns carry beta h^2 so that the unknown is Delta lambda itself (Exudyn
// solves for beta h^2 Delta lambda; partial-pivoting LU is invariant to this column scaling,
// and this way the unit diagonal of inactive constraints stays consistent).
void GeneralizedAlphaSolver::UpdateJacobian(const SystemState& state, double h) {
  const GeneralizedAlphaParameters& p = parameters_;
  JacobianFactors factors;
  factors.mass = (1. - p.alphaM) / (1. - p.alphaF);
  factors.stiffness = p.beta * h * h;
  factors.damping = p.gamma * h;
  factors.multiplierColumns = p.beta * h * h;
  // index 3: g(q - Delta) ~ g - C_q Delta; index 2: q_t changes by gamma' Delta.
  factors.constraintRows = index2_ ? p.gamma / (h * p.beta) : 1.;
  factors.velocityLevelConstraints = index2_;
  factors.velocityConstraintRows = p.gamma / (h * p.beta);  // constraints on velocities, at either index
  factors.velocityConstraintPositionRows = 1.;
  factors.includeLoads = settings_.timeIntegration.computeLoadsJacobian != 0;
  factors.ode1Derivative = 1.;  // (h/2) * (2/h)
  factors.ode1Stiffness = 0.5 * h;
  factors.ode1Damping = 0.5 * p.gamma / p.beta;  // (h/2) * gamma', gamma' = gamma / (h beta)
  factors.ode2ODE1 = p.beta * h * h;
  // Exudyn's Newton matrix has no derivative of the constraint forces C_q^T lambda with respect to q.
  factors.constraintForces = settings_.timeIntegration.computeConstraintForcesJacobian;
  factors.systemJacobianUserFunctionSign = -1.;  // Exudyn's factors: -beta h^2, -gamma h, -beta h^2
  AssembleJacobian(state, factors);
  ++statistics_.newtonJacobians;
  linearSolver_.Factorize(jacobian_);
  ++statistics_.factorizations;
  jacobianStepSize_ = h;
}

void GeneralizedAlphaSolver::AssembleJacobian(const SystemState& state, const JacobianFactors& factors) {
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  jacobian_.Resize(n, linearSolver_.StorageFor(n));
  jacobian_.SetZero();
  equations_.ComputeJacobian(state, factors, jacobian_);
  jacobian_.Finalize();
  ++statistics_.jacobianEvaluations;
}

// Right-hand side in the scaling of the factorized matrix: ODE2 rows times beta h^2 (h of this
// step, as the residual is scaled in Exudyn), ODE1 rows times h_J/2 (h_J of the factorization,
// so that the ODE1 block acts as Exudyn's unscaled one even when h changed since).
void GeneralizedAlphaSolver::SolveForIncrement(double h) {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, n = n2 + n1 + numberOfAE_;
  if (rhs_.size() != n) rhs_.resize(n);
  const double* r = residual_.data();
  double* b = rhs_.data();
  const double ode2Scale = parameters_.beta * h * h, ode1Scale = 0.5 * jacobianStepSize_;
  for (Index i = 0; i < n2; ++i) b[i] = ode2Scale * r[i];
  for (Index i = n2; i < n2 + n1; ++i) b[i] = ode1Scale * r[i];
  for (Index i = n2 + n1; i < n; ++i) b[i] = r[i];
  linearSolver_.Solve(rhs_, increment_);
}

void GeneralizedAlphaSolver::ApplyIncrement(SystemState& state, const VectorX& increment, double h) const {
  const GeneralizedAlphaParameters& p = parameters_;
  const double gammaPrime = p.gamma / (h * p.beta);
  const double betaPrime = (1. - p.alphaM) / (h * h * p.beta * (1. - p.alphaF));
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  const double* __restrict dq = increment.data();
  double* __restrict q = state.ode2.data();
  double* __restrict v = state.ode2_t.data();
  double* __restrict a = state.ode2_tt.data();
  for (Index i = 0; i < n2; ++i) {
    q[i] -= dq[i];
    v[i] -= gammaPrime * dq[i];
    a[i] -= betaPrime * dq[i];
  }
  const double* __restrict dy = dq + n2;
  double* __restrict y = state.ode1.data();
  double* __restrict y_t = state.ode1_t.data();
  for (Index i = 0; i < n1; ++i) {
    y[i] -= dy[i];
    y_t[i] -= (2. / h) * dy[i];
  }
  // The matrix's multiplier columns carry beta h_J^2; Exudyn's unknown is beta h^2 Delta lambda with
  // h of this step: the same update when h_J = h, and Exudyn's when a factorization is reused after h changed.
  const double ratio = jacobianStepSize_ / h;
  const double lambdaScale = ratio * ratio;
  const double* __restrict dLambda = dy + n1;
  double* __restrict lambda = state.ae.data();
  for (Index i = 0; i < numberOfAE_; ++i) lambda[i] -= lambdaScale * dLambda[i];
}

// The step's nonlinear system for NewtonIteration, at step size h.
struct GeneralizedAlphaSolver::StepProblem {
  GeneralizedAlphaSolver& solver;
  double h;
  Index discontinuousIteration;
  double Residual(const SystemState& state, Index newtonIteration) {
    solver.equations_.PreNewtonResidual(state, newtonIteration, discontinuousIteration);
    return solver.ComputeResidual(state);
  }
  void RenewJacobian(const SystemState& state) { solver.UpdateJacobian(state, h); }
  bool IsFactorized() const { return solver.linearSolver_.IsFactorized(); }
  void ApplyIncrement(SystemState& state) {
    solver.SolveForIncrement(h);
    solver.ApplyIncrement(state, solver.increment_, h);
  }
  double IncrementNorm() const {
    return IncrementErrorNorm(solver.increment_, solver.numberOfODE2_, solver.numberOfODE1_,
                              solver.errorCoordinateFactor_);
  }
  std::string WorstResidualText() const { return multidyn::WorstResidualText(solver.residual_, solver.equations_); }
};

GeneralizedAlphaSolver::StepOutcome GeneralizedAlphaSolver::TryStep(SystemState& state, const SystemState& start,
                                                                    const VectorX& aStart, double h, Index& iterations,
                                                                    Index& recoveryIterations, std::string& failure) {
  const DiscontinuousSettings& ds = settings_.timeIntegration.discontinuous;
  const GeneralizedAlphaParameters& p = parameters_;
  iterations = 0;
  const Index maxDiscontinuous = std::max<Index>(ds.maxIterations, 1);
  for (Index k = 0; k < maxDiscontinuous; ++k) {
    // Data coordinates written by PostNewtonStep are kept; everything else restarts.
    Predict(state, start, aStart, h);
    StepProblem problem{*this, h, k};
    const NewtonResult newton = newton_.Run(problem, state, settings_.timeIntegration.newton, statistics_);
    iterations += newton.iterations;
    recoveryIterations = newton.iterations + k + 1;  // Exudyn counts each discontinuous iteration, also without items
    statistics_.newtonIterations += newton.iterations;
    if (!newton.converged) {
      failure = newton.failure;
      return StepOutcome::NewtonFailed;
    }
    SetSum(predictedAcceleration_, (1. - p.alphaF) / (1. - p.alphaM), state.ode2_tt, algorithmicAcceleration_);
    if (!equations_.HasPostNewtonItems()) return StepOutcome::Accepted;
    const double switchingError = equations_.PostNewtonStep(state, start, recommendedStepSize_);
    if (!ds.useRecommendedStepSize) recommendedStepSize_ = -1.;
    const SwitchingVerdict verdict = JudgeSwitching(switchingError, k, ds, statistics_, failure);
    if (verdict == SwitchingVerdict::Accept) return StepOutcome::Accepted;
    if (verdict == SwitchingVerdict::Fail) return StepOutcome::SwitchingFailed;
    // A recommendation below this step (with Exudyn's allowance for round-off) ends the iteration:
    // the step is repeated with the smaller size instead.
    if (recommendedStepSize_ >= 0. && recommendedStepSize_ < (1. + 1e-8) * h) {
      failure = "switching error " + NumberText(switchingError) + " > discontinuous.iterationTolerance " +
                NumberText(ds.iterationTolerance) + " with a recommended step size " + NumberText(recommendedStepSize_);
      return StepOutcome::SwitchingFailed;
    }
  }
  return StepOutcome::Accepted;  // not reached: the last iteration accepts or fails
}

void GeneralizedAlphaSolver::MaybeReport(const SystemState& state, double h) {
  // Exudyn's verboseMode 0: no output at all; 1 and above: a short line every two seconds.
  if (settings_.timeIntegration.verboseMode < 1 || !reportClock_.Due()) return;
  const double perStep = stepsSinceReport_ > 0 ? double(iterationsSinceReport_) / stepsSinceReport_ : 0.;
  observer_.Report("t = " + NumberText(state.time) + " of " + NumberText(settings_.timeIntegration.endTime) +
                   ", step size " + NumberText(h) + ", Newton iterations/step " + NumberText(perStep));
  iterationsSinceReport_ = 0;
  stepsSinceReport_ = 0;
}

SolverStatistics GeneralizedAlphaSolver::Solve(SystemState& state) {
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  statistics_ = SolverStatistics();
  CheckState(state, equations_);
  SystemState accepted = state;  // last accepted step, restored on any exception
  const double endTime = ti.endTime;
  const double nominalStepSize = (ti.endTime - ti.startTime) / ti.numberOfSteps;
  // Steps whose end lies within this distance of endTime end exactly there; summing many
  // steps drifts by ~n*eps*t, so the allowance is a fraction of the step, not of round-off.
  const double timeTolerance = 1e-6 * std::max(nominalStepSize, 1e-300) + 1e-14 * std::abs(endTime);
  double h = nominalStepSize;
  double stepSize = h;
  double failingTime = state.time;  // end time of the step being computed, for messages
  jacobianStepSize_ = -1.;
  recommendedStepSize_ = -1.;
  newton_.RequestJacobian();
  linearSolver_.Invalidate();
  reportClock_.Start();
  iterationsSinceReport_ = stepsSinceReport_ = 0;

  try {
    const GeneralizedAlphaSettings& ga = ti.generalizedAlpha;
    if (ga.computeInitialAccelerations && numberOfODE2_ + numberOfAE_ > 0)
      ComputeInitialAccelerations(state);
    else if (ga.resetAccelerations)
      state.ode2_tt.setZero(numberOfODE2_);
    algorithmicAcceleration_ = state.ode2_tt;
    equations_.SetTrapezoidalStepSize(h);
    trapezoidalStepSize_ = h;
    ComputeInitialODE1Velocities(state);
    accepted = state;
    observer_.OnStart(state);

    SystemState start;
    VectorX aStart;
    Index stepsSinceReduction = 0;
    while (endTime - state.time > timeTolerance) {
      const double remaining = endTime - state.time;
      stepSize = remaining <= h + timeTolerance ? remaining : h;
      if (!observer_.OnStepStart(state, state.time + stepSize, stepSize)) break;
      failingTime = state.time + stepSize;
      if (std::abs(stepSize - trapezoidalStepSize_) > 1e-12 * trapezoidalStepSize_) {
        // ODE1 rates may depend on the step (filterexact): y_t0 = f_FO(y_0) for the new one
        // (not for round-off, e.g. in the last step, to keep the step allocation-free).
        equations_.SetTrapezoidalStepSize(stepSize);
        trapezoidalStepSize_ = stepSize;
        ComputeInitialODE1Velocities(state);
      }
      CopyState(state, start);
      CopyValues(algorithmicAcceleration_, aStart);
      if (ti.newton.modifiedNewtonJacUpdatePerStep) newton_.RequestJacobian();
      // Any Newton failure is retried with a smaller step while one is allowed (as Exudyn); at the
      // smallest step a matrix singular before any increment is reported as it is (a redundant constraint).
      newton_.SetSingularStartIsStepFailure(ti.adaptiveStep && stepSize > ti.minimumStepSize);
      Index iterations = 0, recoveryIterations = 0;
      std::string failure;
      const StepOutcome outcome = TryStep(state, start, aStart, stepSize, iterations, recoveryIterations, failure);
      if (outcome != StepOutcome::Accepted) {
        // Back to the start of the step (data coordinates included) and retry smaller.
        state = start;
        algorithmicAcceleration_ = aStart;
        // As Exudyn: the factorization is kept; Newton renews it if it does not contract.
        ++statistics_.rejectedSteps;
        // Exudyn's ReduceStepSize: at least by 0.75 to a recommended size (so that the iteration
        // cannot stall), else by adaptiveStepDecrease; not below minimumStepSize, and a step
        // of minimumStepSize that fails ends the solve.
        if (ti.adaptiveStep && stepSize > ti.minimumStepSize) {
          h = recommendedStepSize_ >= 0. ? std::min(0.75 * stepSize, recommendedStepSize_)
                                         : stepSize * ti.adaptiveStepDecrease;
          h = std::max(ti.minimumStepSize, h);
          stepsSinceReduction = 0;
          continue;
        }
        const bool switching = outcome == StepOutcome::SwitchingFailed;
        throw SolverErrorWithContext(
            std::string(switching ? "the discontinuous iteration" : "Newton") +
            " did not converge at t=" + NumberText(start.time + stepSize) + ", step size h=" + NumberText(stepSize) +
            (ti.adaptiveStep ? " (minimumStepSize " + NumberText(ti.minimumStepSize) + ")" : std::string()) + ": " +
            failure);
      }
      if (endTime - state.time <= timeTolerance) state.time = endTime;  // no drift at the end
      CopyState(state, accepted);
      ++statistics_.steps;
      iterationsSinceReport_ += iterations;
      ++stepsSinceReport_;
      observer_.OnStepAccepted(state, stepSize, iterations);
      // Exudyn's rule: every accepted step counts; the step grows when enough have passed since
      // the last change and this one converged quickly.
      if (++stepsSinceReduction >= ti.adaptiveStepRecoverySteps &&
          recoveryIterations <= ti.adaptiveStepRecoveryIterations) {
        h = std::min(nominalStepSize, h * ti.adaptiveStepIncrease);
        stepsSinceReduction = 0;
      }
      MaybeReport(state, stepSize);
    }
    observer_.OnFinish(state);
  } catch (const SolverErrorWithContext&) {
    state = accepted;
    throw;
  } catch (const SolverError& e) {
    state = accepted;
    throw SolverErrorWithContext(std::string(e.what()) + " (" + Context(failingTime, stepSize) + ")");
  } catch (...) {
    state = accepted;
    throw;
  }
  return statistics_;
}

}  // namespace multidyn
