// Exudyn's implicit second-order solver: generalized-alpha (Arnold–Brüls, with algorithmic
// accelerations) or Newmark, Newton on the ODE2 displacements, discontinuous iterations for
// data coordinates and adaptive step reduction. ODE1 coordinates use the trapezoidal rule
// y_T = y_0 + h/2 (y_t0 + y_tT), as in Exudyn. Sees the model only through DAESystem.
#pragma once

#include <string>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/GeneralizedAlphaParameters.h"
#include "solvers/integrators/NewtonIteration.h"
#include "solvers/integrators/ReportClock.h"
#include "solvers/integrators/SolverStatistics.h"
#include "solvers/integrators/TimeIntegrator.h"
#include "solvers/linear/LinearSolver.h"

namespace multidyn {

class GeneralizedAlphaSolver : public TimeIntegrator {
 public:
  // Throws ValueError for inconsistent settings (e.g. useIndex2Constraints without useNewmark).
  GeneralizedAlphaSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer);

  // Integrates from state.time (the caller sets timeIntegration.startTime) to endTime. On any
  // exception `state` is the last accepted step (the initial state if none was accepted).
  SolverStatistics Solve(SystemState& state) override;

  const GeneralizedAlphaParameters& Parameters() const { return parameters_; }
  const SolverStatistics& Statistics() const { return statistics_; }

 private:
  struct StepProblem;  // the step's nonlinear system, for newton_

  void ComputeInitialAccelerations(SystemState& state);
  // y_t0 = f_FO(y_0, t_0): the trapezoidal rule needs the rate at the start of the first step.
  void ComputeInitialODE1Velocities(SystemState& state);
  // What ended a step: accepted, or which iteration failed (failure says how).
  enum class StepOutcome { Accepted, NewtonFailed, SwitchingFailed };
  // One step of size h from `start` (with algorithmic accelerations aStart).
  // iterations: all Newton iterations of the step; recoveryIterations: Exudyn's measure for
  // increasing the step again (those of the last Newton solve plus the discontinuous iterations).
  StepOutcome TryStep(SystemState& state, const SystemState& start, const VectorX& aStart, double h, Index& iterations,
                      Index& recoveryIterations, std::string& failure);
  void Predict(SystemState& state, const SystemState& start, const VectorX& aStart, double h);
  // Fills residual_ = [r_ODE2; r_ODE1; g] (unscaled) and returns its norm as used for convergence.
  double ComputeResidual(const SystemState& state);
  void UpdateJacobian(const SystemState& state, double h);
  // Fills jacobian_ (storage chosen by the linear solver for the size; pattern kept between calls).
  void AssembleJacobian(const SystemState& state, const JacobianFactors& factors);
  // increment_ = Newton matrix^-1 * (scaled residual_).
  void SolveForIncrement(double h);
  void ApplyIncrement(SystemState& state, const VectorX& increment, double h) const;
  void MaybeReport(const SystemState& state, double h);

  DAESystem& equations_;
  const SimulationSettings settings_;
  SolverObserver& observer_;
  GeneralizedAlphaParameters parameters_;
  LinearSolver linearSolver_;
  SolverStatistics statistics_;

  Index numberOfODE2_ = 0;
  Index numberOfODE1_ = 0;
  Index numberOfAE_ = 0;
  bool index2_ = false;
  VectorX algorithmicAcceleration_;  // a of the current state
  VectorX predictedAcceleration_;  // a_T of the predictor, for the update after convergence
  VectorX residual_, residualODE2_, residualODE1_, residualAE_, rhs_, increment_, constraintTerm_;
  SystemMatrix jacobian_;
  double jacobianStepSize_ = -1.;  // step size the current factorization was made for
  NewtonIteration newton_;  // its modified-Newton state is kept across steps (as Exudyn's)
  double errorCoordinateFactor_ = 1.;  // sqrt(unknowns) with weightTolerancePerCoordinate, else 1
  double trapezoidalStepSize_ = 0.;  // step size the ODE1 rates y_t were last computed for
  // The last post-Newton recommendation [s] (-1: none), kept until the next PostNewtonStep as
  // Exudyn's it.recommendedStepSize is, so that a step reduction after a Newton failure uses it too.
  double recommendedStepSize_ = -1.;

  ReportClock reportClock_;
  Index iterationsSinceReport_ = 0, stepsSinceReport_ = 0;
};

}  // namespace multidyn
