// Calls an item's user function and names the item and the function in any error. The call is
// on the UserFunctionStack while it runs, which refuses re-entrant evaluation.
#pragma once

#include <string>
#include <vector>

#include "core/foundation/Errors.h"
#include "core/foundation/ScriptFunction.h"
#include "core/items/SystemView.h"
#include "core/items/UserFunctionStack.h"

namespace multidyn {

inline std::string UserFunctionOwner(const Item& item, Index itemNumber, const char* functionName) {
  return ItemDescription(item, itemNumber) + "." + functionName;
}

inline double CallUserFunctionReal(const ScriptFunction& function, const Item& item, Index itemNumber,
                                   const char* functionName, ScriptArguments arguments) {
  UserFunctionStack::Scope scope(&item, itemNumber, functionName);
  try {
    return function.CallReal(arguments);
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(UserFunctionOwner(item, itemNumber, functionName) + " (" + function.Description() +
                            ") failed: " + e.what());
  }
}

inline Vector3 CallUserFunctionVector3(const ScriptFunction& function, const Item& item, Index itemNumber,
                                       const char* functionName, ScriptArguments arguments) {
  UserFunctionStack::Scope scope(&item, itemNumber, functionName);
  try {
    return function.CallVector(arguments, 3);
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(UserFunctionOwner(item, itemNumber, functionName) + " (" + function.Description() +
                            ") failed: " + e.what());
  }
}

inline MatrixX CallUserFunctionMatrix(const ScriptFunction& function, const Item& item, Index itemNumber,
                                      const char* functionName, ScriptArguments arguments, Index rows, Index cols) {
  UserFunctionStack::Scope scope(&item, itemNumber, functionName);
  try {
    return function.CallMatrix(arguments, rows, cols);
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(UserFunctionOwner(item, itemNumber, functionName) + " (" + function.Description() +
                            ") failed: " + e.what());
  }
}

inline VectorX CallUserFunctionVector(const ScriptFunction& function, const Item& item, Index itemNumber,
                                      const char* functionName, ScriptArguments arguments, Index expectedSize) {
  UserFunctionStack::Scope scope(&item, itemNumber, functionName);
  try {
    return function.CallVector(arguments, expectedSize);
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(UserFunctionOwner(item, itemNumber, functionName) + " (" + function.Description() +
                            ") failed: " + e.what());
  }
}

}  // namespace multidyn
