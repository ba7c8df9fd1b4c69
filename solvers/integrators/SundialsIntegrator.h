// What IDA and CVODE share: the output loop (the output points startTime + k (endTime -
// startTime)/numberOfSteps reached by SUNDIALS' interpolation, the observers called there, data
// coordinates switched there and a restart after a switch or a state changed by a user function),
// the statistics, and exceptions of callbacks carried across SUNDIALS' C code.
#pragma once

#include <exception>
#include <string>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/foundation/Errors.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/TimeIntegrator.h"

namespace multidyn {

// A failure that already names time, step size and the SUNDIALS flag.
class SundialsError : public SolverError {
 public:
  using SolverError::SolverError;
};

class SundialsIntegrator : public TimeIntegrator {
 public:
  // name: "IDA" or "CVODE", for messages.
  SundialsIntegrator(const std::string& name, DAESystem& equations, const SimulationSettings& settings,
                     SolverObserver& observer)
      : name_(name), equations_(equations), settings_(settings), observer_(observer) {}

  SolverStatistics Solve(SystemState& state) override;
  bool StateHoldsOnlyAcceptedSteps() const override { return true; }

 protected:
  // Consistent values from `state` (written back into it), and the integrator (re)started there.
  virtual void Start(SystemState& state) = 0;
  // Integrates to tOutput and writes the state there into `state`; returns SUNDIALS' flag.
  virtual int Advance(double tOutput, SystemState& state) = 0;
  // Throws SundialsError (or a callback's exception) naming time, step size and the flag; `state`
  // becomes the last step SUNDIALS accepted, reported to the observers.
  [[noreturn]] virtual void Fail(int flag, SystemState& state) = 0;
  virtual long NonlinearIterations() const = 0;
  // The integrator's counters since its last (re)start, added to statistics_.
  virtual void CollectStatistics() = 0;
  // SUNDIALS' counters of one run (since a (re)start), added to statistics_.
  struct Counters {
    long steps, residualEvaluations, jacobianEvaluations, errorTestFailures, convergenceFailures, iterations;
    int lastOrder;
  };
  void AddCounters(const Counters& counters);
  // Throws the exception a callback stored (a SolverError with `text` prepended), else SundialsError(text).
  [[noreturn]] void ThrowFailure(const std::string& text);
  // " (the step size reached timeIntegration.minimumStepSize = ...)" when |h| is at it, else empty.
  std::string MinimumStepSizeText(double h) const;
  // For callbacks: keeps the exception being handled for ThrowFailure.
  void KeepCallbackError() { callbackError_ = std::current_exception(); }

  const std::string name_;
  DAESystem& equations_;
  const SimulationSettings settings_;
  SolverObserver& observer_;
  SolverStatistics statistics_;
  SystemState output_;  // the state last given to the observers

 private:
  bool StateChangedSinceOutput(const SystemState& state) const;
  std::exception_ptr callbackError_;
};

}  // namespace multidyn
