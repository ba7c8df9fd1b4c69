// Explicit Runge-Kutta integration with a fixed step size (Exudyn's ExplicitEuler,
// ExplicitMidpoint, RK33, RK44, RK67), with Exudyn's automatic step size control for the
// embedded pairs (ODE23, DOPRI5, DVERK6; fixed steps with automaticStepSize off), or Exudyn's
// VelocityVerlet, of the first-order form x = [q, q_t, y]:
//   q_t = v,   M(q) v_t = -r(q, v, q_tt = 0),   y_t = f_FO(y, t) = -r1(y, y_t = 0).
// Constraints are not solved: a system with algebraic equations is refused with the system's
// own reason (DAESystem::CoordinatesFixedByConstraints); coordinates fixed by constraints to
// ground are held at their values. Data coordinates are updated after every step
// (PostNewtonStep), as in Exudyn.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/ButcherTableau.h"
#include "solvers/integrators/ReportClock.h"
#include "solvers/integrators/TimeIntegrator.h"
#include "solvers/linear/LinearSolver.h"

namespace multidyn {

class ExplicitSolver : public TimeIntegrator {
 public:
  // Throws ValueError for bad settings and for systems with constraints it cannot eliminate.
  ExplicitSolver(ButcherTableau tableau, DAESystem& system, const SimulationSettings& settings,
                 SolverObserver& observer);
  // The velocity Verlet method (Exudyn's VelocityVerlet) instead of a Runge-Kutta tableau.
  static std::unique_ptr<ExplicitSolver> VelocityVerlet(DAESystem& system, const SimulationSettings& settings,
                                                        SolverObserver& observer);
  SolverStatistics Solve(SystemState& state) override;
  // `state` changes only by a swap with the completed step (and its initial rates at the start).
  bool StateHoldsOnlyAcceptedSteps() const override { return true; }

 private:
  // stage_ takes the time and coordinates of `state` (its rates and multipliers stay zero).
  void LoadStage(const SystemState& state);
  // Stage derivative at stage_: q_t (= v), v_t and y_t into the k vectors of stage i.
  void EvaluateStage(Index i);
  void ComputeAccelerations(VectorX& acceleration);  // at stage_
  void FactorizeMassMatrix();  // M at stage_, with identity rows for the held coordinates
  void ComputeODE1Rates(VectorX& rate);  // at stage_
  void CheckFinite(const SystemState& state, double h) const;
  void AcceptNext(SystemState& state);  // swaps the completed step next_ into state
  void RungeKuttaStep(const SystemState& state, double h);  // next_ from state: the tableau's step
  void VelocityVerletStep(const SystemState& state, double h);  // next_ from state, with next_.ode2_tt
  [[noreturn]] void ThrowNonFinite(const SystemState& state, double h) const;
  void EmbeddedSolution(const SystemState& state, double h);  // embedded_ from state and the stages
  double ErrorNorm(const SystemState& start) const;  // of next_ against embedded_
  void Accept(SystemState& state, double h);  // post-step update, swap, report
  void FixedSteps(SystemState& state);
  void AutomaticSteps(SystemState& state);

  ButcherTableau tableau_;
  bool velocityVerlet_ = false;
  DAESystem& system_;
  const SimulationSettings settings_;
  SolverObserver& observer_;
  LinearSolver massSolver_;
  SolverStatistics statistics_;
  Index numberOfODE2_ = 0, numberOfODE1_ = 0;
  std::vector<Index> fixedCoordinates_;
  bool systemSolvesMassMatrix_ = false;  // DAESystem::SolvesMassMatrix
  bool massMatrixIsConstant_ = false;
  bool massMatrixFactorized_ = false;  // the factorization holds for the rest of the solve
  bool hasPostNewtonItems_ = false;
  bool automaticStepSize_ = false;  // an embedded pair with timeIntegration.automaticStepSize
  double stepSize_ = 0.;  // of the step being computed (the next one when adaptive)
  // (j, a_ij) of stage i, (i, b_i) of the step and (i, bEmbedded_i), without the zero coefficients
  std::vector<std::vector<std::pair<Index, double>>> stageTerms_;
  std::vector<std::pair<Index, double>> stepTerms_, embeddedTerms_;
  // Workspace: stage derivatives and scratch, sized once.
  std::vector<VectorX> kq_, kv_, ky_;
  SystemMatrix massMatrix_;
  VectorX residual_, residualODE1_;
  SystemState stage_;  // a stage: q, q_t, y, data of the stage; q_tt, y_t, lambda zero
  SystemState next_;  // the step being completed, swapped with the state when accepted
  SystemState embedded_;  // q, q_t, y of the embedded solution (automatic step size only)
  ReportClock reportClock_;
};

}  // namespace multidyn
