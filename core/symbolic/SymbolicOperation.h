// The operations of a symbolic expression (exu.symbolic): the node kinds of the expression graph
// and the instructions of its compiled tape. Names are Exudyn's Python names (esym.sin, ...).
#pragma once

#include <string>

namespace multidyn {

enum class SymbolicOperation {
  Constant,
  Variable,  // a named value (esym.Real('x', 1.)) or an argument of a recorded function
  // unary
  Negate,
  Abs,
  Sign,
  Not,
  IsFinite,
  Round,
  Ceil,
  Floor,
  Exp,
  Sqrt,
  Log,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  // binary
  Add,
  Subtract,
  Multiply,
  Divide,
  Power,
  Atan2,
  Mod,
  Min,
  Max,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  // ternary
  IfThenElse,
};

// Number of operands: 0 (constant, variable), 1, 2 or 3.
int OperandCount(SymbolicOperation operation);
// The Python name ("sin", "+", "IfThenElse"); operators are given as their symbols.
const char* SymbolicOperationName(SymbolicOperation operation);
// The operation of a name as SymbolicOperationName gives it; throws ValueError naming the unknown
// name otherwise.
SymbolicOperation SymbolicOperationFromName(const std::string& name);

}  // namespace multidyn
