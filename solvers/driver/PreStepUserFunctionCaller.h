// Calls the system's preStepUserFunction f(mbs, t) at the start of every time step, with t the
// time the step is to reach, as Exudyn does; its False stops the solve cleanly. Errors name the
// function (UserFunctionError).
#pragma once

#include "core/foundation/Errors.h"
#include "core/model/MainSystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/UserFunctionStack.h"

namespace multidyn {

class PreStepUserFunctionCaller : public SolverObserver {
 public:
  explicit PreStepUserFunctionCaller(const MainSystem& system) : system_(system) {}
  bool OnStepStart(const SystemState&, double stepEndTime) override {
    const ScriptFunctionPtr& function = system_.PreStepUserFunction();
    if (!function) return true;
    UserFunctionStack::Scope scope(&system_, nullptr, invalidIndex, "preStepUserFunction");
    try {
      return function->CallBool({&system_, stepEndTime});
    } catch (const UserFunctionError& e) {
      throw UserFunctionError("preStepUserFunction (" + function->Description() + ") failed: " + e.what());
    }
  }

 private:
  const MainSystem& system_;
};

}  // namespace multidyn
