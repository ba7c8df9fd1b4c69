// What a solver reports while it runs; the system's recorder (sensors, solution file) and the
// Python module (progress, Ctrl-C) implement it. Solvers know nothing else of their caller.
#pragma once

#include <string>

#include "core/foundation/SystemState.h"

namespace multidyn {

class SolverObserver {
 public:
  virtual ~SolverObserver() = default;
  virtual void OnStart(const SystemState& state) {}
  // At the start of every time step (state: the last accepted step; the step of size stepSize,
  // as the solver chose it, is to end at stepEndTime); false stops the solve cleanly there
  // (OnFinish follows), as Exudyn's preStepUserFunction returning False.
  virtual bool OnStepStart(const SystemState& state, double stepEndTime, double stepSize) { return true; }
  // After every accepted step (and the initial state is reported by OnStart).
  virtual void OnStepAccepted(const SystemState& state, double stepSize, Index newtonIterations) {}
  virtual void OnFinish(const SystemState& state) {}
  // Progress for long runs; text without trailing newline.
  virtual void Report(const std::string& text) {}
  // Something the user should know that does not stop the solve (a Python warning).
  virtual void Warn(const std::string& text) {}
};

}  // namespace multidyn
