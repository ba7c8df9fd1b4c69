#include "core/evaluation/SystemUserFunctions.h"

#include <cmath>
#include <string>

#include "core/foundation/Errors.h"
#include "core/items/UserFunctionStack.h"

namespace multidyn {

namespace {

// Errors name the function as the user set it, and the script function.
[[noreturn]] void Rethrow(const char* name, const ScriptFunction& function, const UserFunctionError& e) {
  throw UserFunctionError(std::string(name) + " (" + function.Description() + ") failed: " + e.what());
}

}  // namespace

void CallPreNewtonResidualUserFunction(const MainSystem& system, const SystemState& state, Index newtonIteration,
                                       Index discontinuousIteration) {
  const ScriptFunctionPtr& function = system.PreNewtonResidualUserFunction();
  if (!function) return;
  const char* name = "preNewtonResidualUserFunction";
  const MainSystem::EvaluatedState evaluated(system, state);
  UserFunctionStack::Scope scope(&system, nullptr, invalidIndex, name);
  try {
    function->CallIgnoringResult({&system, state.time, newtonIteration, discontinuousIteration});
  } catch (const UserFunctionError& e) {
    Rethrow(name, *function, e);
  }
}

void AddSystemJacobianUserFunction(const MainSystem& system, const SystemState& state, const JacobianFactors& factors,
                                   Index numberOfODE2, Index numberOfODE1, Triplets& entries, SystemMatrix& matrix) {
  const ScriptFunctionPtr& function = system.SystemJacobianUserFunction();
  const double sign = factors.systemJacobianUserFunctionSign;
  if (!function || sign == 0.) return;
  const char* name = "systemJacobianUserFunction";
  const MainSystem::EvaluatedState evaluated(system, state);
  UserFunctionStack::Scope scope(&system, nullptr, invalidIndex, name);
  entries.clear();
  try {
    function->CallSparseMatrix(
        {&system, state.time, sign * factors.stiffness, sign * factors.damping, sign * factors.ode2ODE1}, entries);
  } catch (const UserFunctionError& e) {
    Rethrow(name, *function, e);
  }
  // Checked before anything is added, so that a refused matrix leaves the Newton matrix as it was.
  for (const auto& entry : entries)
    if (entry.row() >= numberOfODE2 || entry.col() >= numberOfODE2 + numberOfODE1)
      throw UserFunctionError(
          std::string(name) + " (" + function->Description() + ") returned the entry (" + std::to_string(entry.row()) +
          ", " + std::to_string(entry.col()) + "); expected rows of ODE2 coordinates (< " +
          std::to_string(numberOfODE2) + ") and columns of ODE2 or ODE1 coordinates (< " +
          std::to_string(numberOfODE2 + numberOfODE1) + "); entries of ODE1 or algebraic equations are not supported");
  for (const auto& entry : entries) matrix.Add(entry.row(), entry.col(), -sign * entry.value());
}

double CallPostNewtonUserFunction(const MainSystem& system, SystemState& state, double& recommendedStepSize) {
  const ScriptFunctionPtr& function = system.PostNewtonUserFunction();
  if (!function) return 0.;
  const char* name = "postNewtonUserFunction";
  const MainSystem::EvaluatedState evaluated(system, state);  // writable: it switches data coordinates
  UserFunctionStack::Scope scope(&system, nullptr, invalidIndex, name);
  VectorX result;
  try {  // two finite numbers, checked by CallVector
    result = function->CallVector({&system, state.time}, 2);
  } catch (const UserFunctionError& e) {
    Rethrow(name, *function, e);
  }
  if (result(1) >= 0.) recommendedStepSize = result(1);
  return std::abs(result(0));  // Exudyn takes the absolute value
}

}  // namespace multidyn
