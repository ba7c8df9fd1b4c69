// Keeps a MainSystem's current (and start-of-step) state equal to the solver's last accepted
// state, so that a failed solve leaves the results up to the failure in the system.
#pragma once

#include <utility>

#include "core/model/MainSystem.h"
#include "core/evaluation/SolverObserver.h"

namespace multidyn {

class SystemStateWriter : public SolverObserver {
 public:
  explicit SystemStateWriter(MainSystem& system) : system_(system) {}
  void OnStart(const SystemState& state) override {
    system_.StartOfStepState() = state;
    system_.CurrentState() = state;
  }
  void OnStepAccepted(const SystemState& state, double, Index) override {
    std::swap(system_.StartOfStepState(), system_.CurrentState());  // the old current state, without a copy
    system_.CurrentState() = state;
  }
  void OnFinish(const SystemState& state) override { system_.CurrentState() = state; }

 private:
  MainSystem& system_;
};

}  // namespace multidyn
