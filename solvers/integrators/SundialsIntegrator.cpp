#include "solvers/integrators/SundialsIntegrator.h"

#include <cmath>

#include "solvers/integrators/SolverChecks.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

void SundialsIntegrator::ThrowFailure(const std::string& text) {
  if (callbackError_) {
    std::exception_ptr error = callbackError_;
    callbackError_ = nullptr;
    try {
      std::rethrow_exception(error);
    } catch (const SolverError& e) {
      throw SundialsError(text + "; " + e.what());
    }
  }
  throw SundialsError(text);
}

std::string SundialsIntegrator::MinimumStepSizeText(double h) const {
  const double hMin = settings_.timeIntegration.minimumStepSize;
  if (std::abs(h) > hMin * (1. + 1e-10)) return std::string();
  return " (the step size reached timeIntegration.minimumStepSize = " + NumberText(hMin) + ")";
}

void SundialsIntegrator::AddCounters(const Counters& c) {
  statistics_.steps += c.steps;
  statistics_.residualEvaluations += c.residualEvaluations;
  statistics_.jacobianEvaluations += c.jacobianEvaluations;
  statistics_.newtonJacobians += c.jacobianEvaluations;
  statistics_.errorTestFailures += c.errorTestFailures;
  statistics_.rejectedSteps += c.errorTestFailures + c.convergenceFailures;
  statistics_.convergenceFailures += c.convergenceFailures;
  statistics_.newtonIterations += c.iterations;
  statistics_.lastOrder = c.lastOrder;
}

bool SundialsIntegrator::StateChangedSinceOutput(const SystemState& state) const {
  return state.ode2 != output_.ode2 || state.ode2_t != output_.ode2_t || state.ode1 != output_.ode1 ||
         state.data != output_.data;
}

SolverStatistics SundialsIntegrator::Solve(SystemState& state) {
  const TimeIntegrationSettings& ti = settings_.timeIntegration;
  statistics_ = SolverStatistics();
  CheckState(state, equations_);
  SystemState accepted = state;
  const double startTime = state.time, endTime = ti.endTime;
  const double outputStep = (endTime - startTime) / double(ti.numberOfSteps);
  try {
    Start(state);
    CopyState(state, accepted);
    CopyState(state, output_);
    observer_.OnStart(state);
    SystemState start;
    long iterationsBefore = 0;
    for (Index k = 1; k <= ti.numberOfSteps; ++k) {
      const double tOutput = k == ti.numberOfSteps ? endTime : startTime + double(k) * outputStep;
      if (!observer_.OnStepStart(state, tOutput, tOutput - state.time)) break;
      CopyState(state, start);
      callbackError_ = nullptr;
      const int flag = Advance(tOutput, state);
      if (flag < 0) Fail(flag, state);
      bool restart = false;
      if (equations_.HasPostNewtonItems()) {
        double recommendedStepSize = -1.;
        if (equations_.PostNewtonStep(state, start, recommendedStepSize) != 0.) {
          ++statistics_.discontinuousIterations;
          restart = true;
        }
      }
      const long iterations = NonlinearIterations();
      CopyState(state, accepted);
      CopyState(state, output_);
      observer_.OnStepAccepted(state, tOutput - start.time, Index(iterations - iterationsBefore));
      iterationsBefore = iterations;
      // A restart after a switch of data coordinates or a state changed by a user function.
      if (restart || StateChangedSinceOutput(state)) {
        Start(state);
        iterationsBefore = 0;
      }
    }
    CollectStatistics();
    observer_.OnFinish(state);
  } catch (const SundialsError&) {
    if (state.time < accepted.time) state = accepted;
    throw;
  } catch (const SolverError& e) {
    state = accepted;
    throw SundialsError(name_ + " at t=" + NumberText(state.time) + ": " + e.what());
  } catch (...) {
    state = accepted;
    throw;
  }
  return statistics_;
}

}  // namespace multidyn
