// One node of an immutable symbolic expression graph (exu.symbolic): a constant, a variable or an
// operation on other nodes. Nodes are shared (a sub-expression used twice is one node) and never
// change after creation, so a compiled function may keep them without copying. Vectors and
// matrices are lists of scalar nodes (the Python side builds their operations componentwise).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/symbolic/SymbolicOperation.h"
#include "core/symbolic/SymbolicVariable.h"

namespace multidyn {

class SymbolicNode;
using SymbolicNodePtr = std::shared_ptr<const SymbolicNode>;

class SymbolicNode {
 public:
  static SymbolicNodePtr Constant(double value);
  static SymbolicNodePtr Variable(std::shared_ptr<SymbolicVariable> variable);
  // An operation on 1 to 3 operands (as OperandCount(operation) says); operations on constants
  // only are folded into a constant (the same arithmetic as the compiled tape).
  static SymbolicNodePtr Operation(SymbolicOperation operation, SymbolicNodePtr a, SymbolicNodePtr b = nullptr,
                                   SymbolicNodePtr c = nullptr);

  SymbolicOperation Kind() const { return operation_; }
  bool IsConstant() const { return operation_ == SymbolicOperation::Constant; }
  double ConstantValue() const { return value_; }
  const std::shared_ptr<SymbolicVariable>& VariableCell() const { return variable_; }
  const SymbolicNodePtr& Operand(int k) const { return operands_[k]; }
  // The value now (variables at their current values).
  double Evaluate() const;
  // Readable form, e.g. "(k*sin(x))".
  std::string ToString() const;

 private:
  SymbolicOperation operation_ = SymbolicOperation::Constant;
  double value_ = 0.;
  std::shared_ptr<SymbolicVariable> variable_;
  std::array<SymbolicNodePtr, 3> operands_;
};

}  // namespace multidyn
