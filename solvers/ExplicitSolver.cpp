#include "solvers/ExplicitSolver.h"

#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/SolverChecks.h"

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

void ExplicitSolver::ComputeAccelerations(const SystemState& state, VectorX& acceleration) {
  // r(q, v, q_tt = 0) = f_internal - f_applied, so M a = -r.
  stage_ = state;
  stage_.ode2_tt.setZero(numberOfODE2_);
  stage_.ae.setZero();
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

void ExplicitSolver::ComputeODE1Rates(const SystemState& state, VectorX& rate) {
  if (numberOfODE1_ == 0) return;
  stage_ = state;
  stage_.ode1_t.setZero(numberOfODE1_);
  system_.ComputeODE1Residual(stage_, residualODE1_);  // 0 - f_FO
  rate = -residualODE1_;
}

void ExplicitSolver::EvaluateStage(const SystemState& stage, Index i) {
  kq_[i] = stage.ode2_t;
  for (Index k : fixedCoordinates_) kq_[i](k) = 0.;
  ComputeAccelerations(stage, kv_[i]);
  ComputeODE1Rates(stage, ky_[i]);
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
  SystemState accepted = state, start = state, stage = state;
  const double h = (ti.endTime - ti.startTime) / ti.numberOfSteps;
  const Index stages = tableau_.Stages();
  auto lastReport = std::chrono::steady_clock::now();
  try {
    CheckFinite(state, h);
    ComputeAccelerations(state, state.ode2_tt);
    ComputeODE1Rates(state, state.ode1_t);
    accepted = state;
    observer_.OnStart(state);
    for (Index step = 0; step < ti.numberOfSteps; ++step) {
      if (!observer_.OnStepStart(state, state.time + h)) break;  // a pre-step user function asked to stop
      start = state;
      for (Index i = 0; i < stages; ++i) {
        stage = start;
        stage.time = start.time + tableau_.c[i] * h;
        for (Index j = 0; j < i; ++j) {
          const double a = tableau_.a[i][j];
          if (a == 0.) continue;
          stage.ode2 += (h * a) * kq_[j];
          stage.ode2_t += (h * a) * kv_[j];
          stage.ode1 += (h * a) * ky_[j];
        }
        EvaluateStage(stage, i);
      }
      for (Index i = 0; i < stages; ++i) {
        const double b = tableau_.b[i];
        if (b == 0.) continue;
        state.ode2 += (h * b) * kq_[i];
        state.ode2_t += (h * b) * kv_[i];
        state.ode1 += (h * b) * ky_[i];
      }
      // The last step ends exactly at endTime (no drift from summing h).
      state.time = step + 1 == ti.numberOfSteps ? ti.endTime : ti.startTime + (step + 1) * h;
      CheckFinite(state, h);
      if (settings_.timeIntegration.explicitIntegration.computeEndOfStepAccelerations) {
        ComputeAccelerations(state, state.ode2_tt);
        ComputeODE1Rates(state, state.ode1_t);
      } else {  // the rates of the last stage
        state.ode2_tt = kv_[stages - 1];
        state.ode1_t = ky_[stages - 1];
      }
      if (system_.HasPostNewtonItems()) system_.PostNewtonStep(state);
      accepted = state;
      ++statistics_.steps;
      observer_.OnStepAccepted(state, h, 0);
      const auto now = std::chrono::steady_clock::now();
      if (now - lastReport >= std::chrono::seconds(2)) {
        observer_.Report(tableau_.name + ": t = " + NumberText(state.time) + " of " + NumberText(ti.endTime) + ", step size " +
                         NumberText(h));
        lastReport = now;
      }
    }
    observer_.OnFinish(state);
  } catch (const SolverError& e) {
    state = accepted;
    const std::string text = e.what();
    if (text.find("at t=") != std::string::npos) throw;
    throw SolverError(tableau_.name + " at t=" + NumberText(start.time + h) + ", step size h=" + NumberText(h) + ": " + text);
  } catch (...) {
    state = accepted;
    throw;
  }
  return statistics_;
}

}  // namespace multidyn
