// A user function recorded from Python once with symbolic arguments (exu.symbolic,
// CreateSymbolicUserFunction) and compiled to a tape: items call it as any ScriptFunction, without
// Python. It answers an item's ScriptDerivativeRequest with exact partial derivatives (the tape on
// ADScalar16), so an item keeps an exact Jacobian with it. Immutable once made: items and Python
// may share it freely.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/foundation/ScriptFunction.h"
#include "core/symbolic/SymbolicTape.h"

namespace multidyn {

class SymbolicScriptFunction : public ScriptFunction {
 public:
  enum class ArgumentKind { System, Scalar, Vector, Matrix };
  struct Argument {
    std::string name;
    ArgumentKind kind = ArgumentKind::Scalar;
    Index rows = 1, columns = 1;  // a vector has rows components
    // the variables the function was recorded with, row by row (none for the system)
    std::vector<std::shared_ptr<SymbolicVariable>> components;
  };
  // result: rows x columns nodes row by row; resultKind Scalar (1 x 1), Vector or Matrix.
  SymbolicScriptFunction(std::string functionName, std::vector<Argument> arguments, ArgumentKind resultKind,
                         Index resultRows, Index resultColumns, const std::vector<SymbolicNodePtr>& result);

  double CallReal(ScriptArguments arguments) const override;
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override;
  MatrixX CallMatrix(ScriptArguments arguments, Index rows, Index cols) const override;
  std::string Description() const override;

  const std::string& FunctionName() const { return functionName_; }
  const std::vector<Argument>& Arguments() const { return arguments_; }
  ArgumentKind ResultKind() const { return resultKind_; }
  Index ResultRows() const { return resultRows_; }
  Index ResultColumns() const { return resultColumns_; }
  // "f(mbs, t, x) = (2*x)" with the recorded expression.
  std::string ToString() const;
  // The result's components (row by row) for arguments given as a list (Evaluate from Python).
  std::vector<double> EvaluateList(const std::vector<ScriptArgument>& arguments) const;

 private:
  // Evaluates into outputs (NumberOfOutputs values), answering the thread's derivative request if
  // there is one it can answer.
  void Evaluate(const ScriptArgument* arguments, std::size_t count, double* outputs) const;
  void GatherInputs(const ScriptArgument* arguments, std::size_t count, double* inputs) const;

  std::string functionName_;
  std::vector<Argument> arguments_;
  std::vector<Index> argumentOffsets_;  // first input of each argument
  ArgumentKind resultKind_;
  Index resultRows_, resultColumns_;
  std::vector<SymbolicNodePtr> result_;
  SymbolicTape tape_;
  std::uint64_t id_;  // unique for the process: keys the per-thread memo of the last call
};

}  // namespace multidyn
