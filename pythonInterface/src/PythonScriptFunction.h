// A Python callable as a ScriptFunction: takes the GIL, converts arguments and result, and
// turns a Python exception into a UserFunctionError carrying its type and text; a
// SolveInProgressError raised inside (a structural change refused) keeps its type, so that it
// reaches the caller of the solve as itself.
#pragma once

#include <pybind11/pybind11.h>

#include "core/foundation/ScriptFunction.h"

namespace multidyn {

class PythonScriptFunction : public ScriptFunction {
 public:
  explicit PythonScriptFunction(pybind11::object callable);
  ~PythonScriptFunction() override;
  double CallReal(const std::vector<ScriptArgument>& arguments) const override;
  VectorX CallVector(const std::vector<ScriptArgument>& arguments, Index expectedSize) const override;
  bool CallBool(const std::vector<ScriptArgument>& arguments) const override;
  std::string Description() const override;
  const pybind11::object& Callable() const { return callable_; }

 private:
  pybind11::object Call(const std::vector<ScriptArgument>& arguments) const;
  pybind11::object callable_;
};

}  // namespace multidyn
