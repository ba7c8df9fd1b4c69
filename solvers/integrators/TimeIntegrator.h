// What every dynamic solver offers its caller: integrate a DAESystem from state.time to the
// end time of the settings, reporting to an observer. On any exception `state` is the last
// accepted step (the initial state if none was accepted).
#pragma once

#include "core/foundation/SystemState.h"
#include "solvers/integrators/SolverStatistics.h"

namespace multidyn {

class TimeIntegrator {
 public:
  virtual ~TimeIntegrator() = default;
  virtual SolverStatistics Solve(SystemState& state) = 0;
  // True if Solve changes `state` only by putting a completed, accepted step in it (never an
  // iterate or a stage), so that `state` may be the very state the caller shows to readers.
  virtual bool StateHoldsOnlyAcceptedSteps() const { return false; }
};

}  // namespace multidyn
