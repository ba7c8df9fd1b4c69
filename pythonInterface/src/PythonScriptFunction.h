// A Python callable as a ScriptFunction: takes the GIL, converts arguments and result, and
// turns a Python exception into a UserFunctionError carrying its type and text; a
// SolveInProgressError raised inside (a structural change refused) keeps its type, so that it
// reaches the caller of the solve as itself, and so do KeyboardInterrupt and SystemExit.
#pragma once

#include <pybind11/pybind11.h>

#include "core/foundation/ScriptFunction.h"

namespace multidyn {

class PythonScriptFunction : public ScriptFunction {
 public:
  explicit PythonScriptFunction(pybind11::object callable);
  ~PythonScriptFunction() override;
  double CallReal(ScriptArguments arguments) const override;
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override;
  MatrixX CallMatrix(ScriptArguments arguments, Index rows, Index cols) const override;
  bool CallBool(ScriptArguments arguments) const override;
  void CallIgnoringResult(ScriptArguments arguments) const override;
  // The result must be a multidyn.MatrixContainer.
  void CallSparseMatrix(ScriptArguments arguments, std::vector<Eigen::Triplet<double>>& entries) const override;
  std::string Description() const override;
  const pybind11::object& Callable() const { return callable_; }

 private:
  static constexpr size_t maximumArguments = 16;
  pybind11::object Call(ScriptArguments arguments) const;
  pybind11::object SystemObject(const SystemView* system) const;
  pybind11::object callable_;
  // The Python wrapper of the system of the last call, weakly referenced (see SystemObject).
  mutable const SystemView* cachedSystem_ = nullptr;
  mutable pybind11::object cachedSystemObject_;
};

}  // namespace multidyn
