// Calls the system's preStepUserFunction f(mbs, t) at the start of every time step, with t the
// time the step is to reach, as Exudyn does; its False stops the solve cleanly. Errors name the
// function (UserFunctionError). Coordinates it sets (mbs.systemData.SetODE2Coordinates, ...) are
// those the step starts from, as in Exudyn; a solver that works on a copy of the system's
// current state gets them copied into it.
#pragma once

#include "core/evaluation/SolverObserver.h"
#include "solvers/driver/StepUserFunctionCall.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

class PreStepUserFunctionCaller : public SolverObserver {
 public:
  explicit PreStepUserFunctionCaller(const MainSystem& system) : system_(system) {}
  bool OnStepStart(const SystemState&, double stepEndTime, double) override {
    const ScriptFunctionPtr& function = system_.PreStepUserFunction();
    if (!function) return true;
    const bool proceed = CallStepUserFunction(system_, *function, "preStepUserFunction", stepEndTime);
    // Until here the copy equals the current state (the state writer keeps them equal).
    if (solverStateCopy_) CopyState(system_.CurrentState(), *solverStateCopy_);
    return proceed;
  }
  // The state the solver works on when it is not the system's current state itself.
  void SetSolverStateCopy(SystemState* copy) { solverStateCopy_ = copy; }

 private:
  const MainSystem& system_;
  SystemState* solverStateCopy_ = nullptr;
};

}  // namespace multidyn
