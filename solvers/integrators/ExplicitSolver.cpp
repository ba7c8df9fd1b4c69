#include "solvers/integrators/ExplicitSolver.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

std::unique_ptr<ExplicitSolver> ExplicitSolver::VelocityVerlet(DAESystem& system, const SimulationSettings& settings,
                                                               SolverObserver& observer) {
  // the tableau of its ODE1 part (explicit Euler), under the method's name
  auto solver = std::make_unique<ExplicitSolver>(ButcherTableau{"VelocityVerlet", 2, {0.}, {1.}, {{}}}, system,
                                                 settings, observer);
  solver->velocityVerlet_ = true;
  return solver;
}

ExplicitSolver::ExplicitSolver(ButcherTableau tableau, DAESystem& system, const SimulationSettings& settings,
                               SolverObserver& observer)
    : tableau_(std::move(tableau)), system_(system), settings_(settings), observer_(observer),
      massSolver_(settings.linearSolverType, settings.linearSolverSettings) {
  numberOfODE2_ = system.NumberOfODE2();
  numberOfODE1_ = system.NumberOfODE1();
  massMatrixIsConstant_ = system.MassMatrixIsConstant();
  const TimeIntegrationSettings& ti = settings.timeIntegration;
  CheckTimeSpan(ti);
  std::string why;
  system.CoordinatesFixedByConstraints(fixedCoordinates_, why);
  if (!why.empty()) throw ValueError("solverType " + tableau_.name + ": " + why);
  systemSolvesMassMatrix_ = fixedCoordinates_.empty() && system.SolvesMassMatrix();
  massSolver_.SetUnknownDescriber([this](Index row) { return system_.DescribeUnknown(row); });
  const Index stages = tableau_.Stages();
  // (j, a_ij), (i, b_i) and (i, bEmbedded_i) without the zeros; the step multiplies them by h
  stageTerms_.resize(stages);
  for (Index i = 0; i < stages; ++i)
    for (Index j = 0; j < i; ++j)
      if (tableau_.a[i][j] != 0.) stageTerms_[i].push_back({j, tableau_.a[i][j]});
  for (Index i = 0; i < stages; ++i)
    if (tableau_.b[i] != 0.) stepTerms_.push_back({i, tableau_.b[i]});
  if (stepTerms_.empty()) throw ValueError("solverType " + tableau_.name + ": all weights b are zero");
  // Exudyn's automaticStepSize applies to the pairs with an error estimate; otherwise the steps
  // are fixed, (endTime - startTime) / numberOfSteps.
  automaticStepSize_ = ti.automaticStepSize && tableau_.HasErrorEstimate();
  if (automaticStepSize_) {
    CheckAutomaticStepSizeSettings(ti, tableau_.name);
    for (Index i = 0; i < stages; ++i)
      if (tableau_.bEmbedded[i] != 0.) embeddedTerms_.push_back({i, tableau_.bEmbedded[i]});
    embedded_.ode2.setZero(numberOfODE2_);
    embedded_.ode2_t.setZero(numberOfODE2_);
    embedded_.ode1.setZero(numberOfODE1_);
  }
  kq_.assign(stages, VectorX::Zero(numberOfODE2_));
  kv_.assign(stages, VectorX::Zero(numberOfODE2_));
  ky_.assign(stages, VectorX::Zero(numberOfODE1_));
}

void ExplicitSolver::LoadStage(const SystemState& state) {
  stage_.time = state.time;
  CopyValues(state.ode2, stage_.ode2);
  CopyValues(state.ode2_t, stage_.ode2_t);
  CopyValues(state.ode1, stage_.ode1);
  CopyValues(state.data, stage_.data);
}

void ExplicitSolver::ComputeAccelerations(VectorX& acceleration) {
  // r(q, v, q_tt = 0) = f_internal - f_applied, so M a = -r.
  system_.ComputeODE2ResidualAtZeroAcceleration(stage_, residual_);
  if (systemSolvesMassMatrix_) {  // e.g. kinematic trees: O(n) by the articulated-body algorithm
    double* r = residual_.data();
    for (Index i = 0; i < residual_.size(); ++i) r[i] = -r[i];
    system_.SolveMassMatrix(stage_, residual_);
    CopyValues(residual_, acceleration);
    return;
  }
  if (!massMatrixFactorized_) FactorizeMassMatrix();
  for (Index i : fixedCoordinates_) residual_(i) = 0.;
  double* r = residual_.data();
  for (Index i = 0; i < residual_.size(); ++i) r[i] = -r[i];
  massSolver_.Solve(residual_, acceleration);
  for (Index i : fixedCoordinates_) acceleration(i) = 0.;
  // With reuseConstantMassMatrix, a constant M is factorized once per solve.
  massMatrixFactorized_ = settings_.timeIntegration.reuseConstantMassMatrix && massMatrixIsConstant_;
}

void ExplicitSolver::FactorizeMassMatrix() {
  massMatrix_.Resize(numberOfODE2_, massSolver_.StorageFor(numberOfODE2_));
  massMatrix_.SetZero();
  system_.ComputeMassMatrix(stage_, massMatrix_);
  for (Index i : fixedCoordinates_) massMatrix_.Add(i, i, 1.);  // held coordinates: a = 0 from an identity row
  massMatrix_.Finalize();
  massSolver_.Factorize(massMatrix_);
  ++statistics_.factorizations;
}

void ExplicitSolver::ComputeODE1Rates(VectorX& rate) {
  if (numberOfODE1_ == 0) return;
  system_.ComputeODE1Residual(stage_, residualODE1_);  // 0 - f_FO
  if (rate.size() != numberOfODE1_) rate.resize(numberOfODE1_);
  for (Index i = 0; i < numberOfODE1_; ++i) rate(i) = -residualODE1_(i);
}

void ExplicitSolver::EvaluateStage(Index i) {
  CopyValues(stage_.ode2_t, kq_[i]);
  for (Index k : fixedCoordinates_) kq_[i](k) = 0.;
  ComputeAccelerations(kv_[i]);
  ComputeODE1Rates(ky_[i]);
}

void ExplicitSolver::CheckFinite(const SystemState& state, double h) const {
  // the common case inline; the message is built out of line
  if (!AllFinite(state.ode2) || !AllFinite(state.ode2_t) || !AllFinite(state.ode1)) ThrowNonFinite(state, h);
}

void ExplicitSolver::ThrowNonFinite(const SystemState& state, double h) const {
  // the first non-finite value of q, then of q_t, then of y, as the system's unknown it belongs to
  Index unknown = FirstNonFinite(state.ode2);
  if (unknown < 0) unknown = FirstNonFinite(state.ode2_t);
  if (unknown < 0) unknown = numberOfODE2_ + FirstNonFinite(state.ode1);
  throw SolverError(tableau_.name + ": the solution became non-finite at t=" + NumberText(state.time) +
                    ", step size h=" + NumberText(h) + ", in " + system_.DescribeUnknown(unknown) +
                    "; reduce the step size");
}

void ExplicitSolver::AcceptNext(SystemState& state) {
  // Vector by vector (std::swap of the whole state moves each vector three times through a
  // temporary); ae is equal in both and stays.
  std::swap(state.time, next_.time);
  state.ode2.swap(next_.ode2);
  state.ode2_t.swap(next_.ode2_t);
  state.ode2_tt.swap(next_.ode2_tt);
  state.ode1.swap(next_.ode1);
  state.ode1_t.swap(next_.ode1_t);
  state.data.swap(next_.data);
}

void ExplicitSolver::RungeKuttaStep(const SystemState& state, double h) {
  const Index stages = tableau_.Stages();
  for (Index i = 0; i < stages; ++i) {
    LoadStage(state);
    stage_.time = state.time + tableau_.c[i] * h;
    for (const auto& [j, a] : stageTerms_[i]) {
      const double ha = h * a;
      AddScaled(ha, kq_[j], stage_.ode2);
      AddScaled(ha, kv_[j], stage_.ode2_t);
      AddScaled(ha, ky_[j], stage_.ode1);
    }
    EvaluateStage(i);
  }
  // next_ = state + sum_i h b_i k_i, the first term with the copy. next_.ae equals state's:
  // set at the start, changed by no step (ae is not an unknown of an explicit solver).
  // nonFinite: 0 exactly when the last pass wrote finite q, q_t and y (CheckFinite)
  const auto& [first, b] = stepTerms_.front();
  const double hb = h * b;
  double nonFinite = SetSumCheckFinite(state.ode2, hb, kq_[first], next_.ode2) +
                     SetSumCheckFinite(state.ode2_t, hb, kv_[first], next_.ode2_t) +
                     SetSumCheckFinite(state.ode1, hb, ky_[first], next_.ode1);
  for (size_t t = 1; t < stepTerms_.size(); ++t) {
    const auto& [i, b_i] = stepTerms_[t];
    const double hb_i = h * b_i;
    nonFinite = AddScaledCheckFinite(hb_i, kq_[i], next_.ode2) + AddScaledCheckFinite(hb_i, kv_[i], next_.ode2_t) +
                AddScaledCheckFinite(hb_i, ky_[i], next_.ode1);
  }
  CopyValues(state.data, next_.data);
  if (!(nonFinite == 0.)) ThrowNonFinite(next_, h);
  if (settings_.timeIntegration.explicitIntegration.computeEndOfStepAccelerations) {
    LoadStage(next_);
    ComputeAccelerations(next_.ode2_tt);
    ComputeODE1Rates(next_.ode1_t);
  } else {  // the rates of the last stage, by a swap (the stage rates are recomputed before use)
    std::swap(next_.ode2_tt, kv_[stages - 1]);
    std::swap(next_.ode1_t, ky_[stages - 1]);
  }
}

void ExplicitSolver::VelocityVerletStep(const SystemState& state, double h) {
  // As Exudyn's: v_1/2 = v + h/2 a, q_1 = q + h v_1/2, a_1 = a(q_1, v_1/2, t + h), v_1 = v_1/2 + h/2 a_1;
  // ODE1 by the explicit Euler step with the rates at (q_1, v_1, y, t + h). a_1 is the next
  // step's a (state.ode2_tt holds a(t) from the start or the previous step).
  SetSum(state.ode2_t, 0.5 * h, state.ode2_tt, next_.ode2_t);
  for (Index k : fixedCoordinates_) next_.ode2_t(k) = 0.;
  SetSum(state.ode2, h, next_.ode2_t, next_.ode2);
  CopyValues(state.data, next_.data);
  LoadStage(next_);
  CopyValues(state.ode1, stage_.ode1);
  ComputeAccelerations(next_.ode2_tt);
  AddScaled(0.5 * h, next_.ode2_tt, next_.ode2_t);
  CopyValues(next_.ode2_t, stage_.ode2_t);
  ComputeODE1Rates(next_.ode1_t);
  SetSum(state.ode1, h, next_.ode1_t, next_.ode1);
  CheckFinite(next_, h);
}

double ExplicitSolver::ErrorNorm(const SystemState& start) const {
  // Exudyn's (CSolverExplicit.cpp): the root mean square over q, q_t and y of the difference of
  // the two solutions, each scaled by atol + max(embedded, start value) rtol. As there, the
  // maximum is of the signed values, so negative values get the absolute tolerance or less.
  const double atol = settings_.timeIntegration.absoluteTolerance;
  const double rtol = settings_.timeIntegration.relativeTolerance;
  double sum = 0.;
  const auto add = [&](const VectorX& embedded, const VectorX& startValue, const VectorX& solution) {
    const Index n = solution.size();
    for (Index i = 0; i < n; ++i) {
      const double scale = atol + std::max(embedded(i), startValue(i)) * rtol;
      const double e = (embedded(i) - solution(i)) / scale;
      sum += e * e;
    }
  };
  add(embedded_.ode1, start.ode1, next_.ode1);
  add(embedded_.ode2, start.ode2, next_.ode2);
  add(embedded_.ode2_t, start.ode2_t, next_.ode2_t);
  const Index count = numberOfODE1_ + 2 * numberOfODE2_;
  return count == 0 ? 0. : std::sqrt(sum / double(count));
}

void ExplicitSolver::EmbeddedSolution(const SystemState& state, double h) {
  // x + h sum_i bEmbedded_i k_i from the stage derivatives of the step just computed
  CopyValues(state.ode2, embedded_.ode2);
  CopyValues(state.ode2_t, embedded_.ode2_t);
  CopyValues(state.ode1, embedded_.ode1);
  for (const auto& [i, b] : embeddedTerms_) {
    const double hb = h * b;
    AddScaled(hb, kq_[i], embedded_.ode2);
    AddScaled(hb, kv_[i], embedded_.ode2_t);
    AddScaled(hb, ky_[i], embedded_.ode1);
  }
}

void ExplicitSolver::Accept(SystemState& state, double h) {
  double recommendedStepSize = -1.;  // explicit steps are not repeated for switching
  if (hasPostNewtonItems_) system_.PostNewtonStep(next_, state, recommendedStepSize);
  AcceptNext(state);
  ++statistics_.steps;
  observer_.OnStepAccepted(state, h, 0);
  if (settings_.timeIntegration.verboseMode >= 1 && reportClock_.Due())  // verboseMode 0: silent
    observer_.Report(tableau_.name + ": t = " + NumberText(state.time) + " of " +
                     NumberText(settings_.timeIntegration.endTime) + ", step size " + NumberText(h));
}

void ExplicitSolver::FixedSteps(SystemState& state) {
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  const double h = stepSize_;
  for (Index step = 0; step < ti.numberOfSteps; ++step) {
    if (!observer_.OnStepStart(state, state.time + h, h)) break;  // a pre-step user function asked to stop
    // The last step ends exactly at endTime (no drift from summing h).
    next_.time = step + 1 == ti.numberOfSteps ? ti.endTime : ti.startTime + (step + 1) * h;
    if (velocityVerlet_)
      VelocityVerletStep(state, h);
    else
      RungeKuttaStep(state, h);
    Accept(state, h);
  }
}

void ExplicitSolver::AutomaticSteps(SystemState& state) {
  // Exudyn's step size control (CSolverExplicit::Newton, CSolverBase::SolveSteps; Hairer,
  // Norsett, Wanner I, II.4): the first step is initialStepSize (0: the largest step); every
  // step, accepted or not, proposes h_new = min(h_max, max(h_min, safety h err^(-1/order))) with
  // h_max = min((endTime - startTime) / numberOfSteps, stepSizeMaxIncrease h); a step with
  // h err^(-1/order) < h is repeated with h_new.
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  const double hMax = (ti.endTime - ti.startTime) / ti.numberOfSteps, hMin = ti.minimumStepSize;
  stepSize_ = ti.initialStepSize != 0. ? ti.initialStepSize : hMax;
  bool minimumStepSizeWarned = false;
  while (state.time < ti.endTime - 1e-10) {  // Exudyn's end condition
    double h = stepSize_;
    if (state.time + h > ti.endTime) h = ti.endTime - state.time;
    stepSize_ = h;
    if (!observer_.OnStepStart(state, state.time + h, h)) break;  // a pre-step user function asked to stop
    next_.time = state.time + h;
    RungeKuttaStep(state, h);
    EmbeddedSolution(state, h);
    double error = ErrorNorm(state);
    if (error == 0.) error = 1e-12;  // as Exudyn: a large increase, bounded by hMax
    const double hOptimal = h * std::pow(1. / error, 1. / double(tableau_.order));
    const double hNew =
        std::min(std::min(hMax, h * ti.stepSizeMaxIncrease), std::max(hMin, ti.stepSizeSafety * hOptimal));
    stepSize_ = hNew;
    bool rejected = hOptimal < h;
    if (hNew == hMin && rejected) {
      // The tolerance needs steps below minimumStepSize: the step is repeated with hMin, and a
      // step of hMin is accepted, with a warning the first time. (Exudyn accepts the first such
      // step whatever its size, e.g. the whole interval, and repeats later ones forever.)
      rejected = hNew < h;
      if (!rejected && !minimumStepSizeWarned) {
        observer_.Warn(tableau_.name + ": t=" + NumberText(state.time) +
                       ": the automatic step size control reached "
                       "minimumStepSize=" +
                       NumberText(hMin) +
                       "; the integration continues, but the error is larger "
                       "than the tolerances; reduce timeIntegration.minimumStepSize or increase the tolerances");
        minimumStepSizeWarned = true;
      }
    }
    if (rejected) {
      ++statistics_.rejectedSteps;
      continue;  // state is unchanged; next_ and the stages are overwritten by the next try
    }
    Accept(state, h);
  }
}

SolverStatistics ExplicitSolver::Solve(SystemState& state) {
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  statistics_ = SolverStatistics();
  massMatrixFactorized_ = false;
  hasPostNewtonItems_ = system_.HasPostNewtonItems();
  stepSize_ = (ti.endTime - ti.startTime) / ti.numberOfSteps;
  // `state` changes only by a swap with `next_` when a step is accepted (AcceptNext), so it is the last
  // accepted state whatever throws. The stage states have q_tt = 0, y_t = 0 and lambda = 0.
  stage_ = state;
  stage_.ode2_tt.setZero(numberOfODE2_);
  stage_.ode1_t.setZero(numberOfODE1_);
  stage_.ae.setZero();
  next_ = state;
  reportClock_.Start();
  try {
    CheckFinite(state, stepSize_);
    LoadStage(state);
    ComputeAccelerations(state.ode2_tt);
    ComputeODE1Rates(state.ode1_t);
    observer_.OnStart(state);
    if (automaticStepSize_)
      AutomaticSteps(state);
    else
      FixedSteps(state);
    observer_.OnFinish(state);
  } catch (const SolverError& e) {
    const std::string text = e.what();
    if (text.find("at t=") != std::string::npos) throw;
    throw SolverError(tableau_.name + " at t=" + NumberText(state.time + stepSize_) +
                      ", step size h=" + NumberText(stepSize_) + ": " + text);
  }
  return statistics_;
}

}  // namespace multidyn
