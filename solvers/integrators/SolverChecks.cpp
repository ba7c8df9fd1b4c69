#include "solvers/integrators/SolverChecks.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/foundation/Errors.h"
#include "solvers/integrators/SolverStatistics.h"

namespace multidyn {

std::string NumberText(double value) {
  std::ostringstream text;
  text.precision(6);
  text << value;
  return text.str();
}

void CheckTimeSpan(const TimeIntegrationSettings& ti) {
  if (ti.numberOfSteps <= 0)
    throw ValueError("timeIntegration.numberOfSteps: expected a positive number, got " +
                     std::to_string(ti.numberOfSteps));
  if (!std::isfinite(ti.startTime) || !std::isfinite(ti.endTime) || ti.endTime < ti.startTime)
    throw ValueError("timeIntegration.endTime (" + NumberText(ti.endTime) + ") must be finite and >= startTime (" +
                     NumberText(ti.startTime) + ")");
}

void CheckNewtonSettings(const NewtonSettings& newton, const std::string& path) {
  if (newton.maxIterations < 1)
    throw ValueError(path + ".maxIterations: expected at least 1, got " + std::to_string(newton.maxIterations));
  if (newton.newtonResidualMode != 0 && newton.newtonResidualMode != 1)
    throw ValueError(path + ".newtonResidualMode: expected 0 (residual) or 1 (increment), got " +
                     std::to_string(newton.newtonResidualMode));
}

void CheckAdaptiveStepFactors(double decrease, double increase, const std::string& path) {
  if (!(decrease > 0. && decrease < 1.))
    throw ValueError(path + ".adaptiveStepDecrease: expected a value in (0, 1), got " + NumberText(decrease));
  if (!(increase >= 1.))
    throw ValueError(path + ".adaptiveStepIncrease: expected a value >= 1, got " + NumberText(increase));
}

void CheckAutomaticStepSizeSettings(const TimeIntegrationSettings& ti, const std::string& solver) {
  const std::string where = "solverType " + solver + " (automaticStepSize): timeIntegration.";
  if (!(ti.absoluteTolerance > 0. && std::isfinite(ti.absoluteTolerance)))
    throw ValueError(where + "absoluteTolerance: expected a finite value > 0, got " + NumberText(ti.absoluteTolerance));
  if (!(ti.relativeTolerance >= 0. && std::isfinite(ti.relativeTolerance)))
    throw ValueError(where + "relativeTolerance: expected a finite value >= 0, got " +
                     NumberText(ti.relativeTolerance));
  if (!(ti.minimumStepSize > 0. && std::isfinite(ti.minimumStepSize)))
    throw ValueError(where + "minimumStepSize: expected a finite value > 0, got " + NumberText(ti.minimumStepSize));
  if (!(ti.initialStepSize >= 0. && std::isfinite(ti.initialStepSize)))
    throw ValueError(where + "initialStepSize: expected a finite value >= 0 (0: the largest step), got " +
                     NumberText(ti.initialStepSize));
  if (!(ti.stepSizeSafety > 0. && ti.stepSizeSafety <= 1.))
    throw ValueError(where + "stepSizeSafety: expected a value in (0, 1], got " + NumberText(ti.stepSizeSafety));
  if (!(ti.stepSizeMaxIncrease >= 1. && std::isfinite(ti.stepSizeMaxIncrease)))
    throw ValueError(where + "stepSizeMaxIncrease: expected a finite value >= 1, got " +
                     NumberText(ti.stepSizeMaxIncrease));
}

void CheckState(const SystemState& state, const DAESystem& system) {
  const Index n2 = system.NumberOfODE2(), n1 = system.NumberOfODE1(), nAE = system.NumberOfAE();
  if (state.ode2.size() != n2 || state.ode2_t.size() != n2 || state.ode2_tt.size() != n2 || state.ode1.size() != n1 ||
      state.ode1_t.size() != n1 || state.ae.size() != nAE)
    throw ValueError("the state does not match the assembled system (" + std::to_string(n2) + " ODE2 coordinates, " +
                     std::to_string(n1) + " ODE1 coordinates, " + std::to_string(nAE) +
                     " algebraic variables); call Assemble()");
  if (!state.ode2.allFinite() || !state.ode2_t.allFinite() || !state.ode1.allFinite() || !state.ae.allFinite())
    throw ValueError("the initial state contains non-finite coordinates");
}

SwitchingVerdict JudgeSwitching(double switchingError, Index k, const DiscontinuousSettings& settings,
                                SolverStatistics& statistics, std::string& failure) {
  if (!(switchingError > settings.iterationTolerance)) return SwitchingVerdict::Accept;
  const Index maxIterations = std::max<Index>(settings.maxIterations, 1);
  if (k + 1 < maxIterations) {
    ++statistics.discontinuousIterations;
    return SwitchingVerdict::Repeat;
  }
  if (settings.ignoreMaxIterations) return SwitchingVerdict::Accept;  // after maxIterations
  failure = "discontinuous iteration did not converge: switching error " + NumberText(switchingError) +
            " > iterationTolerance " + NumberText(settings.iterationTolerance) + " after " +
            std::to_string(maxIterations) + " iterations";
  return SwitchingVerdict::Fail;
}

std::string WorstResidualText(const VectorX& residual, const DAESystem& system) {
  if (residual.size() == 0) return "no unknowns";
  Index row = 0;
  double worst = -1.;
  for (Index i = 0; i < residual.size(); ++i) {
    const double value = std::abs(residual(i));
    if (!std::isfinite(value)) {
      row = i;
      worst = value;
      break;
    }
    if (value > worst) {
      worst = value;
      row = i;
    }
  }
  return "worst residual " + NumberText(worst) + " in " + system.DescribeUnknown(row);
}

}  // namespace multidyn

namespace multidyn {

void CheckSundialsSettings(const SundialsSettings& sundials, const std::string& solver, Index maximumOrderLimit,
                           bool allowFixedPoint) {
  const std::string path = "timeIntegration.sundials.";
  auto positive = [&](double value, const char* name) {
    if (!(value > 0.) || !std::isfinite(value))
      throw ValueError(solver + ": " + path + name + " must be a positive number, got " + NumberText(value));
  };
  auto nonNegative = [&](double value, const char* name) {
    if (!(value >= 0.) || !std::isfinite(value))
      throw ValueError(solver + ": " + path + name + " must be >= 0 (0: " +
                       (std::string(name) == "maximumStepSize" ? "no limit" : "SUNDIALS' estimate") + "), got " +
                       NumberText(value));
  };
  positive(sundials.relativeTolerance, "relativeTolerance");
  positive(sundials.absoluteTolerance, "absoluteTolerance");
  nonNegative(sundials.maximumStepSize, "maximumStepSize");
  nonNegative(sundials.initialStepSize, "initialStepSize");
  if (sundials.maximumOrder < 1 || sundials.maximumOrder > maximumOrderLimit)
    throw ValueError(solver + ": " + path + "maximumOrder must be in 1.." + std::to_string(maximumOrderLimit) +
                     ", got " + std::to_string(sundials.maximumOrder));
  const std::string& ls = sundials.linearSolver;
  if (ls != "automatic" && ls != "dense" && ls != "sparse" && !(allowFixedPoint && ls == "fixedPoint"))
    throw ValueError(solver + ": " + path + "linearSolver must be 'automatic', 'dense', 'sparse'" +
                     (allowFixedPoint ? " or 'fixedPoint'" : "") + ", got '" + ls + "'");
}

std::string SundialsLinearSolverType(const SundialsSettings& sundials) {
  if (sundials.linearSolver == "dense") return "EigenDense";
  if (sundials.linearSolver == "sparse") return "EigenSparse";
  return "EXUdense";
}

}  // namespace multidyn
