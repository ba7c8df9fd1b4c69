// Forwards every observer call to a list of observers, in the order they were added.
#pragma once

#include <vector>

#include "core/evaluation/SolverObserver.h"

namespace multidyn {

class CompositeSolverObserver : public SolverObserver {
 public:
  void Add(SolverObserver* observer) {
    if (observer) observers_.push_back(observer);
  }
  void OnStart(const SystemState& state) override {
    for (SolverObserver* o : observers_) o->OnStart(state);
  }
  // Stops at the first observer that asks to stop.
  bool OnStepStart(const SystemState& state, double stepEndTime, double stepSize) override {
    for (SolverObserver* o : observers_)
      if (!o->OnStepStart(state, stepEndTime, stepSize)) return false;
    return true;
  }
  void OnStepAccepted(const SystemState& state, double stepSize, Index newtonIterations) override {
    for (SolverObserver* o : observers_) o->OnStepAccepted(state, stepSize, newtonIterations);
  }
  void OnFinish(const SystemState& state) override {
    for (SolverObserver* o : observers_) o->OnFinish(state);
  }
  void Report(const std::string& text) override {
    for (SolverObserver* o : observers_) o->Report(text);
  }
  void Warn(const std::string& text) override {
    for (SolverObserver* o : observers_) o->Warn(text);
  }

 private:
  std::vector<SolverObserver*> observers_;
};

}  // namespace multidyn
