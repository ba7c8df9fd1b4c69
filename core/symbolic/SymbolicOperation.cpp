#include "core/symbolic/SymbolicOperation.h"

#include <array>
#include <utility>

#include "core/foundation/Errors.h"

namespace multidyn {

namespace {
constexpr std::array<std::pair<SymbolicOperation, const char*>, 41> names = {{
    {SymbolicOperation::Constant, "constant"},
    {SymbolicOperation::Variable, "variable"},
    {SymbolicOperation::Negate, "-"},
    {SymbolicOperation::Abs, "abs"},
    {SymbolicOperation::Sign, "sign"},
    {SymbolicOperation::Not, "Not"},
    {SymbolicOperation::IsFinite, "isfinite"},
    {SymbolicOperation::Round, "round"},
    {SymbolicOperation::Ceil, "ceil"},
    {SymbolicOperation::Floor, "floor"},
    {SymbolicOperation::Exp, "exp"},
    {SymbolicOperation::Sqrt, "sqrt"},
    {SymbolicOperation::Log, "log"},
    {SymbolicOperation::Sin, "sin"},
    {SymbolicOperation::Cos, "cos"},
    {SymbolicOperation::Tan, "tan"},
    {SymbolicOperation::Asin, "asin"},
    {SymbolicOperation::Acos, "acos"},
    {SymbolicOperation::Atan, "atan"},
    {SymbolicOperation::Sinh, "sinh"},
    {SymbolicOperation::Cosh, "cosh"},
    {SymbolicOperation::Tanh, "tanh"},
    {SymbolicOperation::Asinh, "asinh"},
    {SymbolicOperation::Acosh, "acosh"},
    {SymbolicOperation::Atanh, "atanh"},
    {SymbolicOperation::Add, "+"},
    {SymbolicOperation::Subtract, "-"},
    {SymbolicOperation::Multiply, "*"},
    {SymbolicOperation::Divide, "/"},
    {SymbolicOperation::Power, "pow"},
    {SymbolicOperation::Atan2, "atan2"},
    {SymbolicOperation::Mod, "mod"},
    {SymbolicOperation::Min, "min"},
    {SymbolicOperation::Max, "max"},
    {SymbolicOperation::Less, "<"},
    {SymbolicOperation::LessEqual, "<="},
    {SymbolicOperation::Greater, ">"},
    {SymbolicOperation::GreaterEqual, ">="},
    {SymbolicOperation::Equal, "=="},
    {SymbolicOperation::NotEqual, "!="},
    {SymbolicOperation::IfThenElse, "IfThenElse"},
}};
}  // namespace

int OperandCount(SymbolicOperation operation) {
  if (operation <= SymbolicOperation::Variable) return 0;
  if (operation < SymbolicOperation::Add) return 1;
  if (operation < SymbolicOperation::IfThenElse) return 2;
  return 3;
}

const char* SymbolicOperationName(SymbolicOperation operation) {
  for (const auto& [o, name] : names)
    if (o == operation) return name;
  return "?";
}

SymbolicOperation SymbolicOperationFromName(const std::string& name) {
  // "-" names both Negate and Subtract: the caller gives the operand count by the name "neg" for Negate.
  if (name == "neg") return SymbolicOperation::Negate;
  for (const auto& [o, n] : names)
    if (name == n && o != SymbolicOperation::Negate) return o;
  throw ValueError("symbolic: unknown operation '" + name + "'");
}

}  // namespace multidyn
