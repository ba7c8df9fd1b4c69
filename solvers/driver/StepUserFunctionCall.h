// Calls one of the system's step user functions f(mbs, t) -> bool (pre-step, post-step), with
// the user-function guard; errors name the function (UserFunctionError).
#pragma once

#include <string>

#include "core/foundation/Errors.h"
#include "core/items/UserFunctionStack.h"
#include "core/model/MainSystem.h"

namespace multidyn {

inline bool CallStepUserFunction(const MainSystem& system, const ScriptFunction& function, const char* name, double t) {
  UserFunctionStack::Scope scope(&system, nullptr, invalidIndex, name);
  try {
    return function.CallBool({&system, t});
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(std::string(name) + " (" + function.Description() + ") failed: " + e.what());
  }
}

}  // namespace multidyn
