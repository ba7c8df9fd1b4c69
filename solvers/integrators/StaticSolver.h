// Exudyn's static solver (mbs.SolveStatic, docs/solvers/StaticSolver.md): the equilibrium
//   r(q, q_t, q_tt = 0, lambda, t) = 0,   y = y_initial,   g(q) = 0
// in load steps over the pseudo-time [loadStepStart, loadStepStart + loadStepDuration], the
// applied loads without a user function scaled by the load factor (DAESystem::SetLoadFactor),
// arithmetic or geometric steps, each solved by Newton's iteration (NewtonIteration, with
// staticSolver.newton) from the last step's solution, with discontinuous iterations for data
// coordinates and adaptive reduction of the load step. The velocities stay as given (forces
// that depend on them are evaluated there, as in Exudyn); accelerations are zero. As in Exudyn,
// the multipliers the state holds are those of its static equations, r - C_q^T lambda_static = 0:
// the opposite of the dynamic solvers' (so are the joints' force outputs after SolveStatic).
#pragma once

#include <string>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/NewtonIteration.h"
#include "solvers/integrators/ReportClock.h"
#include "solvers/integrators/SolverStatistics.h"
#include "solvers/integrators/TimeIntegrator.h"
#include "solvers/linear/LinearSolver.h"

namespace multidyn {

class StaticSolver : public TimeIntegrator {
 public:
  // Throws ValueError for inconsistent settings.
  StaticSolver(DAESystem& equations, const SimulationSettings& settings, SolverObserver& observer);

  // From `state` (its time is set to loadStepStart) to loadStepStart + loadStepDuration, every
  // accepted load step reported to the observer. On any exception `state` is the last accepted
  // load step (the initial state if none was accepted), and the load factor is reset to 1.
  SolverStatistics Solve(SystemState& state) override;

  // The load factor of a load step ending at pseudo-time loadTime after loadStepStart.
  double LoadFactor(double loadTime) const;

 private:
  struct StepProblem;  // a load step's nonlinear system, for newton_

  // One load step from `start` to pseudo-time `time`; false (and why) if it failed.
  bool TryStep(SystemState& state, const SystemState& start, double time, Index& iterations, std::string& failure);
  // The state with the multipliers of the system's equations (-lambda_static), in evaluationState_.
  const SystemState& EvaluationState(const SystemState& state);
  // Fills residual_ = [r + stabilizer; y - y_initial; g] and returns its norm as used for convergence.
  double ComputeResidual(const SystemState& state);
  void UpdateJacobian(const SystemState& state);
  void ApplyIncrement(SystemState& state);
  std::string WorstResidualText() const;
  // The stiffness of the ODE2 stabilizer term in this load step: (1 - loadFactor^2) stabilizerODE2term.
  double Stabilizer() const;

  DAESystem& equations_;
  const SimulationSettings settings_;
  SolverObserver& observer_;
  LinearSolver linearSolver_;
  SolverStatistics statistics_;
  NewtonIteration newton_;

  Index numberOfODE2_ = 0, numberOfODE1_ = 0, numberOfAE_ = 0;
  Index numberOfLoadSteps_ = 1;
  double errorCoordinateFactor_ = 1.;  // sqrt(unknowns) with weightTolerancePerCoordinate, else 1
  double loadFactor_ = 1.;  // of the load step being solved
  VectorX initialODE1_;  // the ODE1 coordinates are held at these
  VectorX stepStartODE2_;  // q at the start of the load step (stabilizer term)
  VectorX residual_, residualODE2_, residualODE1_, residualAE_, increment_, stabilizerForce_;
  SystemState evaluationState_;
  SystemMatrix jacobian_, massMatrix_;
  ReportClock reportClock_;
};

}  // namespace multidyn
