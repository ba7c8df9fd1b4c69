// Keeps a MainSystem's states as Exudyn has them, so that whoever reads them (a pre-step or
// other user function, a sensor, the caller after the solve, also after a failure) sees:
//   current:     the last accepted state;
//   startOfStep: the state the latest step started from (during a step: the last accepted
//                state, as current; after the solve: the state before the last step);
//   the step:    its end time and size (MainSystem::CurrentSolverStep).
// The copies skip Eigen's per-assignment overhead (StateVectors.h): they are the fixed cost of
// every step of a small model. A solver that keeps only accepted steps in its state works on
// the system's current state itself (SolveDynamic), which then needs no copy.
#pragma once

#include "core/evaluation/SolverObserver.h"
#include "core/model/MainSystem.h"
#include "solvers/integrators/StateVectors.h"

namespace multidyn {

class SystemStateWriter : public SolverObserver {
 public:
  explicit SystemStateWriter(MainSystem& system) : system_(system) {}
  void OnStart(const SystemState& state) override {
    CopyState(state, system_.StartOfStepState());
    SetCurrent(state);
  }
  // Goes before the pre-step user function (the writer is the first observer).
  bool OnStepStart(const SystemState&, double stepEndTime, double stepSize) override {
    CopyState(system_.CurrentState(), system_.StartOfStepState());
    system_.SetCurrentSolverStep(stepEndTime, stepSize);  // of this attempt: a retried step is smaller
    return true;
  }
  void OnStepAccepted(const SystemState& state, double, Index) override { SetCurrent(state); }
  void OnFinish(const SystemState& state) override { SetCurrent(state); }

 private:
  void SetCurrent(const SystemState& state) {
    if (&state != &system_.CurrentState()) CopyState(state, system_.CurrentState());
  }

  MainSystem& system_;
};

}  // namespace multidyn
