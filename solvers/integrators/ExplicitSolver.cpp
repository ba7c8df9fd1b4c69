#include "solvers/integrators/ExplicitSolver.h"

#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverChecks.h"

namespace multidyn {

ExplicitSolver::ExplicitSolver(ButcherTableau tableau, DAESystem& system, const SimulationSettings& settings,
                               SolverObserver& observer)
    : tableau_(std::move(tableau)),
      system_(system),
      settings_(settings),
      observer_(observer),
      massSolver_(settings.linearSolverType, settings.linearSolverSettings) {
  numberOfODE2_ = system.NumberOfODE2();
  numberOfODE1_ = system.NumberOfODE1();
  massMatrixIsConstant_ = system.MassMatrixIsConstant();
  const TimeIntegrationSettings& ti = settings.timeIntegration;
  CheckTimeSpan(ti);
  std::string why;
  system.CoordinatesFixedByConstraints(fixedCoordinates_, why);
  if (!why.empty()) throw ValueError("solverType " + tableau_.name + ": " + why);
  massSolver_.SetUnknownDescriber([this](Index row) { return system_.DescribeUnknown(row); });
  const Index stages = tableau_.Stages();
  kq_.assign(stages, VectorX::Zero(numberOfODE2_));
  kv_.assign(stages, VectorX::Zero(numberOfODE2_));
  ky_.assign(stages, VectorX::Zero(numberOfODE1_));
}

void ExplicitSolver::LoadStage(const SystemState& state) {
  stage_.time = state.time;
  stage_.ode2 = state.ode2;
  stage_.ode2_t = state.ode2_t;
  stage_.ode1 = state.ode1;
  stage_.data = state.data;
}

void ExplicitSolver::ComputeAccelerations(VectorX& acceleration) {
  // r(q, v, q_tt = 0) = f_internal - f_applied, so M a = -r.
  system_.ComputeODE2Residual(stage_, residual_);
  if (!massMatrixFactorized_) FactorizeMassMatrix();
  for (Index i : fixedCoordinates_) residual_(i) = 0.;
  residual_ = -residual_;
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
  rate = -residualODE1_;
}

void ExplicitSolver::EvaluateStage(Index i) {
  kq_[i] = stage_.ode2_t;
  for (Index k : fixedCoordinates_) kq_[i](k) = 0.;
  ComputeAccelerations(kv_[i]);
  ComputeODE1Rates(ky_[i]);
}

void ExplicitSolver::CheckFinite(const SystemState& state, double h) const {
  // the first non-finite value of q, then of q_t, then of y, as the system's unknown it belongs to
  auto firstNonFinite = [](const VectorX& v) {
    for (Index i = 0; i < v.size(); ++i)
      if (!std::isfinite(v(i))) return i;
    return Index(-1);
  };
  Index unknown = firstNonFinite(state.ode2);
  if (unknown < 0) unknown = firstNonFinite(state.ode2_t);
  if (unknown < 0 && firstNonFinite(state.ode1) >= 0) unknown = numberOfODE2_ + firstNonFinite(state.ode1);
  if (unknown >= 0)
    throw SolverError(tableau_.name + ": the solution became non-finite at t=" + NumberText(state.time) +
                      ", step size h=" + NumberText(h) + ", in " + system_.DescribeUnknown(unknown) +
                      "; reduce the step size");
}

SolverStatistics ExplicitSolver::Solve(SystemState& state) {
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  statistics_ = SolverStatistics();
  massMatrixFactorized_ = false;
  const double h = (ti.endTime - ti.startTime) / ti.numberOfSteps;
  const Index stages = tableau_.Stages();
  // `state` changes only by a swap with `next_` when a step is accepted, so it is the last
  // accepted state whatever throws. The stage states have q_tt = 0, y_t = 0 and lambda = 0.
  stage_ = state;
  stage_.ode2_tt.setZero(numberOfODE2_);
  stage_.ode1_t.setZero(numberOfODE1_);
  stage_.ae.setZero();
  next_ = state;
  reportClock_.Start();
  try {
    CheckFinite(state, h);
    LoadStage(state);
    ComputeAccelerations(state.ode2_tt);
    ComputeODE1Rates(state.ode1_t);
    observer_.OnStart(state);
    for (Index step = 0; step < ti.numberOfSteps; ++step) {
      if (!observer_.OnStepStart(state, state.time + h)) break;  // a pre-step user function asked to stop
      for (Index i = 0; i < stages; ++i) {
        LoadStage(state);
        stage_.time = state.time + tableau_.c[i] * h;
        for (Index j = 0; j < i; ++j) {
          const double a = tableau_.a[i][j];
          if (a == 0.) continue;
          stage_.ode2 += (h * a) * kq_[j];
          stage_.ode2_t += (h * a) * kv_[j];
          stage_.ode1 += (h * a) * ky_[j];
        }
        EvaluateStage(i);
      }
      next_.ode2 = state.ode2;
      next_.ode2_t = state.ode2_t;
      next_.ode1 = state.ode1;
      next_.ae = state.ae;
      next_.data = state.data;
      for (Index i = 0; i < stages; ++i) {
        const double b = tableau_.b[i];
        if (b == 0.) continue;
        next_.ode2 += (h * b) * kq_[i];
        next_.ode2_t += (h * b) * kv_[i];
        next_.ode1 += (h * b) * ky_[i];
      }
      // The last step ends exactly at endTime (no drift from summing h).
      next_.time = step + 1 == ti.numberOfSteps ? ti.endTime : ti.startTime + (step + 1) * h;
      CheckFinite(next_, h);
      if (settings_.timeIntegration.explicitIntegration.computeEndOfStepAccelerations) {
        LoadStage(next_);
        ComputeAccelerations(next_.ode2_tt);
        ComputeODE1Rates(next_.ode1_t);
      } else {  // the rates of the last stage
        next_.ode2_tt = kv_[stages - 1];
        next_.ode1_t = ky_[stages - 1];
      }
      if (system_.HasPostNewtonItems()) system_.PostNewtonStep(next_);
      std::swap(state, next_);
      ++statistics_.steps;
      observer_.OnStepAccepted(state, h, 0);
      if (reportClock_.Due())
        observer_.Report(tableau_.name + ": t = " + NumberText(state.time) + " of " + NumberText(ti.endTime) +
                         ", step size " + NumberText(h));
    }
    observer_.OnFinish(state);
  } catch (const SolverError& e) {
    const std::string text = e.what();
    if (text.find("at t=") != std::string::npos) throw;
    throw SolverError(tableau_.name + " at t=" + NumberText(state.time + h) + ", step size h=" + NumberText(h) + ": " + text);
  }
  return statistics_;
}

}  // namespace multidyn
