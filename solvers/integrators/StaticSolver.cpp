#include "solvers/integrators/StaticSolver.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"
#include "solvers/linear/SingularMatrixError.h"

namespace multidyn {

namespace {

// Our own errors already say where; others get it added on the way out.
class StaticSolverError : public SolverError {
 public:
  using SolverError::SolverError;
};

// Steps that end within this fraction of the duration of its end end there (Exudyn's 1e-10).
constexpr double endTolerance = 1e-10;

}  // namespace

StaticSolver::StaticSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer)
    : equations_(equations), settings_(settings), observer_(observer),
      linearSolver_(settings.linearSolverType, settings.linearSolverSettings) {
  numberOfODE2_ = equations.NumberOfODE2();
  numberOfODE1_ = equations.NumberOfODE1();
  numberOfAE_ = equations.NumberOfAE();
  const StaticSolverSettings& ss = settings.staticSolver;
  CheckNewtonSettings(ss.newton, "staticSolver.newton");
  if (!(ss.loadStepDuration > 0.) || !std::isfinite(ss.loadStepDuration) || !std::isfinite(ss.loadStepStart))
    throw ValueError("staticSolver.loadStepDuration (" + NumberText(ss.loadStepDuration) +
                     ") must be finite and > 0, and loadStepStart (" + NumberText(ss.loadStepStart) + ") finite");
  if (ss.numberOfLoadSteps < 1)
    throw ValueError("staticSolver.numberOfLoadSteps: expected at least 1, got " +
                     std::to_string(ss.numberOfLoadSteps));
  if (ss.adaptiveStep && !ss.loadStepGeometric)
    CheckAdaptiveStepFactors(ss.adaptiveStepDecrease, ss.adaptiveStepIncrease, "staticSolver");
  if (!ss.constrainODE1coordinates && numberOfODE1_ > 0)
    throw ValueError("staticSolver.constrainODE1coordinates=False is not supported: the static solver holds the " +
                     std::to_string(numberOfODE1_) + " ODE1 coordinates of the system at their initial values (True)");
  // Its unknowns are positions: an equation on velocities only would be a zero row.
  const std::string onVelocities = equations.DescribeVelocityLevelConstraints();
  if (!onVelocities.empty())
    throw ValueError("the static solver cannot solve constraints on velocities: " + onVelocities +
                     " constrains velocities only (use SolveDynamic, or deactivate it with activeConnector=False)");
  // Geometric steps grow by a factor from loadStepDuration / loadStepGeometricRange to the end:
  // at least two of them, as in Exudyn.
  numberOfLoadSteps_ = ss.loadStepGeometric ? std::max<Index>(ss.numberOfLoadSteps, 2) : ss.numberOfLoadSteps;
  const Index unknowns = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  if (ss.newton.weightTolerancePerCoordinate && unknowns > 0) errorCoordinateFactor_ = std::sqrt(double(unknowns));
  linearSolver_.SetUnknownDescriber([this](Index row) { return equations_.DescribeUnknown(row); });
}

double StaticSolver::LoadFactor(double loadTime) const {
  const StaticSolverSettings& ss = settings_.staticSolver;
  return ss.useLoadFactor ? loadTime / ss.loadStepDuration : 1.;
}

double StaticSolver::Stabilizer() const {
  return (1. - loadFactor_ * loadFactor_) * settings_.staticSolver.stabilizerODE2term;
}

// The load step's nonlinear system for NewtonIteration.
struct StaticSolver::StepProblem {
  StaticSolver& solver;
  Index discontinuousIteration;
  double Residual(const SystemState& state, Index newtonIteration) {
    solver.equations_.PreNewtonResidual(solver.EvaluationState(state), newtonIteration, discontinuousIteration);
    return solver.ComputeResidual(state);
  }
  void RenewJacobian(const SystemState& state) { solver.UpdateJacobian(state); }
  bool IsFactorized() const { return solver.linearSolver_.IsFactorized(); }
  void ApplyIncrement(SystemState& state) { solver.ApplyIncrement(state); }
  double IncrementNorm() const {
    return IncrementErrorNorm(solver.increment_, solver.numberOfODE2_, solver.numberOfODE1_,
                              solver.errorCoordinateFactor_);
  }
  std::string WorstResidualText() const { return multidyn::WorstResidualText(solver.residual_, solver.equations_); }
};

const SystemState& StaticSolver::EvaluationState(const SystemState& state) {
  CopyState(state, evaluationState_);
  for (Index i = 0; i < numberOfAE_; ++i) evaluationState_.ae(i) = -state.ae(i);
  return evaluationState_;
}

double StaticSolver::ComputeResidual(const SystemState& state) {
  equations_.ComputeResiduals(EvaluationState(state), false, residualODE2_, residualODE1_, residualAE_);
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_;
  const double stabilizer = Stabilizer();
  if (stabilizer != 0.) {
    // s M (q - q_start): a mass-proportional spring to the step's start, in all but the last step
    massMatrix_.Resize(n2, linearSolver_.StorageFor(n2));
    massMatrix_.SetZero();
    equations_.ComputeMassMatrix(state, massMatrix_);
    massMatrix_.Finalize();
    stabilizerForce_.setZero(n2);
    massMatrix_.ForEachEntry(
        [&](Index i, Index j, double value) { stabilizerForce_(i) += value * (state.ode2(j) - stepStartODE2_(j)); });
    residualODE2_ += stabilizer * stabilizerForce_;
  }
  if (residual_.size() != n2 + n1 + numberOfAE_) residual_.resize(n2 + n1 + numberOfAE_);
  double* r = residual_.data();
  for (Index i = 0; i < n2; ++i) r[i] = residualODE2_(i);
  for (Index i = 0; i < n1; ++i) r[n2 + i] = state.ode1(i) - initialODE1_(i);  // ODE1 held at the initial values
  for (Index i = 0; i < numberOfAE_; ++i) r[n2 + n1 + i] = residualAE_(i);
  return residual_.norm() / errorCoordinateFactor_;
}

void StaticSolver::UpdateJacobian(const SystemState& state) {
  JacobianFactors factors;
  factors.mass = Stabilizer();  // the stabilizer's s M; no inertia (q_tt = 0)
  factors.stiffness = 1.;
  factors.damping = 0.;  // the velocities are no unknowns
  factors.multiplierColumns = -1.;  // the unknowns are Exudyn's static multipliers, -lambda
  factors.constraintRows = 1.;
  factors.velocityLevelConstraints = false;
  factors.includeLoads = settings_.staticSolver.computeLoadsJacobian;
  factors.ode1Derivative = 1.;  // d(y - y_initial)/dy
  factors.ode1Stiffness = 0.;
  factors.ode1Damping = 0.;
  factors.ode2ODE1 = 1.;
  factors.constraintForces = false;  // Exudyn's Newton matrix, as in time integration
  factors.systemJacobianUserFunctionSign = 1.;  // Exudyn's factors 1, 0, 1 for its matrix, the negative of this one
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  jacobian_.Resize(n, linearSolver_.StorageFor(n));
  jacobian_.SetZero();
  equations_.ComputeJacobian(EvaluationState(state), factors, jacobian_);
  jacobian_.Finalize();
  ++statistics_.jacobianEvaluations;
  ++statistics_.newtonJacobians;
  linearSolver_.Factorize(jacobian_);
  ++statistics_.factorizations;
}

void StaticSolver::ApplyIncrement(SystemState& state) {
  linearSolver_.Solve(residual_, increment_);
  const double* __restrict increment = increment_.data();
  double* __restrict q = state.ode2.data();
  double* __restrict y = state.ode1.data();
  double* __restrict lambda = state.ae.data();
  for (Index i = 0; i < numberOfODE2_; ++i) q[i] -= increment[i];
  increment += numberOfODE2_;
  for (Index i = 0; i < numberOfODE1_; ++i) y[i] -= increment[i];
  increment += numberOfODE1_;
  for (Index i = 0; i < numberOfAE_; ++i) lambda[i] -= increment[i];
}

bool StaticSolver::TryStep(SystemState& state, const SystemState& start, double time, Index& iterations,
                           std::string& failure) {
  const StaticSolverSettings& ss = settings_.staticSolver;
  const DiscontinuousSettings& ds = ss.discontinuous;
  iterations = 0;
  const Index maxDiscontinuous = std::max<Index>(ds.maxIterations, 1);
  for (Index k = 0; k < maxDiscontinuous; ++k) {
    // From the last load step's solution; data coordinates written by PostNewtonStep are kept.
    // Zero multipliers, as in Exudyn: the first error then includes the constraint forces, which
    // sets the scale of the relative tolerance (same iterations and results as Exudyn).
    CopyValues(start.ode2, state.ode2);
    CopyValues(start.ode1, state.ode1);
    state.ae.setZero();
    state.time = time;
    StepProblem problem{*this, k};
    const NewtonResult newton = newton_.Run(problem, state, ss.newton, statistics_);
    iterations += newton.iterations;
    statistics_.newtonIterations += newton.iterations;
    if (!newton.converged) {
      failure = newton.failure;
      return false;
    }
    if (!equations_.HasPostNewtonItems()) return true;
    state.ae = -state.ae;  // the items see the multipliers of the equations (exact: a sign)
    double recommendedStepSize = -1.;  // the load steps do not follow recommendations
    const double switchingError = equations_.PostNewtonStep(state, start, recommendedStepSize);
    state.ae = -state.ae;
    const SwitchingVerdict verdict = JudgeSwitching(switchingError, k, ds, statistics_, failure);
    if (verdict != SwitchingVerdict::Repeat) return verdict == SwitchingVerdict::Accept;
  }
  return true;  // not reached: the last iteration accepts or fails
}

SolverStatistics StaticSolver::Solve(SystemState& state) {
  const StaticSolverSettings& ss = settings_.staticSolver;
  statistics_ = SolverStatistics();
  CheckState(state, equations_);
  const double duration = ss.loadStepDuration, startTime = ss.loadStepStart;
  const double tolerance = endTolerance * duration;
  const bool geometric = ss.loadStepGeometric;
  const bool adaptive = ss.adaptiveStep && !geometric;  // geometric steps have no step size to adapt
  const double geometricFactor =
      geometric ? std::pow(ss.loadStepGeometricRange, 1. / double(numberOfLoadSteps_ - 1)) : 1.;
  const double largestStep = duration / double(numberOfLoadSteps_);
  double h = largestStep;  // arithmetic load step in pseudo-time

  state.time = startTime;
  state.ode2_tt.setZero(numberOfODE2_);  // statics: no inertia forces
  initialODE1_ = state.ode1;
  SystemState accepted = state, start;
  linearSolver_.Invalidate();
  newton_.RequestJacobian();
  reportClock_.Start();
  double loadTime = 0.;  // pseudo-time since startTime of the last accepted step
  double stepTime = 0.;  // and of the step being solved (for messages)
  try {
    loadFactor_ = LoadFactor(0.);
    equations_.SetLoadFactor(loadFactor_);
    observer_.OnStart(state);
    Index goodSteps = 0;
    while (loadTime + tolerance < duration) {
      stepTime = geometric ? (loadTime <= tolerance ? duration / ss.loadStepGeometricRange : loadTime * geometricFactor)
                           : loadTime + h;
      if (stepTime + tolerance >= duration) stepTime = duration;
      if (!observer_.OnStepStart(state, startTime + stepTime, stepTime - loadTime))
        break;  // a pre-step user function asked to stop
      loadFactor_ = LoadFactor(stepTime);
      equations_.SetLoadFactor(loadFactor_);
      CopyState(state, start);
      stepStartODE2_ = state.ode2;
      if (ss.newton.modifiedNewtonJacUpdatePerStep) newton_.RequestJacobian();
      Index iterations = 0;
      std::string failure;
      if (!TryStep(state, start, startTime + stepTime, iterations, failure)) {
        CopyState(start, state);  // back to the last accepted load step, data coordinates included
        ++statistics_.rejectedSteps;
        if (adaptive && h > ss.minimumStepSize) {
          h = std::max(ss.minimumStepSize, h * ss.adaptiveStepDecrease);
          goodSteps = 0;
          continue;
        }
        throw StaticSolverError(
            "static solver: Newton did not converge at load factor " + NumberText(loadFactor_) +
            " (pseudo-time t=" + NumberText(startTime + stepTime) + ", load step " + NumberText(stepTime - loadTime) +
            (adaptive ? ", minimumStepSize " + NumberText(ss.minimumStepSize) : std::string()) + "): " + failure);
      }
      const double stepSize = stepTime - loadTime;
      loadTime = stepTime;
      CopyState(state, accepted);
      ++statistics_.steps;
      observer_.OnStepAccepted(state, stepSize, iterations);
      if (adaptive && ++goodSteps >= ss.adaptiveStepRecoverySteps && iterations <= ss.adaptiveStepRecoveryIterations) {
        h = std::min(largestStep, h * ss.adaptiveStepIncrease);
        goodSteps = 0;
      }
      if (ss.verboseMode >= 1 && reportClock_.Due())  // verboseMode 0: silent
        observer_.Report("static solver: load factor " + NumberText(loadFactor_) + ", load step " +
                         NumberText(stepSize));
    }
    loadFactor_ = 1.;
    equations_.SetLoadFactor(1.);
    observer_.OnFinish(state);
  } catch (const StaticSolverError&) {
    equations_.SetLoadFactor(1.);
    state = accepted;
    throw;
  } catch (const SingularMatrixError& e) {
    equations_.SetLoadFactor(1.);
    state = accepted;
    throw StaticSolverError(
        "static solver at load factor " + NumberText(loadFactor_) +
        " (pseudo-time t=" + NumberText(startTime + stepTime) + "): " + e.what() +
        "; a static solution needs every coordinate held by a stiffness or a constraint "
        "(staticSolver.stabilizerODE2term adds a mass-proportional one in the load steps before the last)");
  } catch (const SolverError& e) {
    equations_.SetLoadFactor(1.);
    state = accepted;
    throw StaticSolverError("static solver at load factor " + NumberText(loadFactor_) +
                            " (pseudo-time t=" + NumberText(startTime + stepTime) + "): " + e.what());
  } catch (...) {
    equations_.SetLoadFactor(1.);
    state = accepted;
    throw;
  }
  return statistics_;
}

}  // namespace multidyn
