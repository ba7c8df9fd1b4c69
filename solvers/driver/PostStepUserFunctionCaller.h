// Calls the system's postStepUserFunction f(mbs, t) for the initial state and after every
// accepted step, as Exudyn does (after the state writer, before the recorder writes sensors and
// the solution file); its False stops the solve before the next step. Coordinates it sets
// (mbs.systemData.SetODE2Coordinates, ...) are those the next step starts from; a solver that
// works on a copy of the system's current state gets them copied into it.
#pragma once

#include "core/evaluation/SolverObserver.h"
#include "solvers/driver/StepUserFunctionCall.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

class PostStepUserFunctionCaller : public SolverObserver {
 public:
  explicit PostStepUserFunctionCaller(const MainSystem& system) : system_(system) {}
  void OnStart(const SystemState& state) override { Call(state.time); }
  void OnStepAccepted(const SystemState& state, double, Index) override { Call(state.time); }
  bool OnStepStart(const SystemState&, double, double) override { return proceed_; }
  // The state the solver works on when it is not the system's current state itself.
  void SetSolverStateCopy(SystemState* copy) { solverStateCopy_ = copy; }

 private:
  void Call(double t) {
    proceed_ = CallStepUserFunction(system_, *system_.PostStepUserFunction(), "postStepUserFunction", t);
    if (solverStateCopy_) CopyState(system_.CurrentState(), *solverStateCopy_);
  }

  const MainSystem& system_;
  SystemState* solverStateCopy_ = nullptr;
  bool proceed_ = true;
};

}  // namespace multidyn
