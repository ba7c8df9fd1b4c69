#include "core/symbolic/SymbolicNode.h"

#include <sstream>
#include <unordered_map>
#include <vector>

#include "core/foundation/Errors.h"
#include "core/symbolic/SymbolicArithmetic.h"

namespace multidyn {

SymbolicNodePtr SymbolicNode::Constant(double value) {
  auto node = std::make_shared<SymbolicNode>();
  node->value_ = value;
  return node;
}

SymbolicNodePtr SymbolicNode::Variable(std::shared_ptr<SymbolicVariable> variable) {
  if (!variable) throw ValueError("symbolic: a variable node needs a variable");
  auto node = std::make_shared<SymbolicNode>();
  node->operation_ = SymbolicOperation::Variable;
  node->variable_ = std::move(variable);
  return node;
}

SymbolicNodePtr SymbolicNode::Operation(SymbolicOperation operation, SymbolicNodePtr a, SymbolicNodePtr b,
                                        SymbolicNodePtr c) {
  const int count = OperandCount(operation);
  const std::array<SymbolicNodePtr*, 3> operands = {&a, &b, &c};
  if (count == 0) throw ValueError(std::string("symbolic: '") + SymbolicOperationName(operation) + "' is no operation");
  bool allConstant = true;
  for (int k = 0; k < 3; ++k) {
    if ((k < count) != bool(*operands[k]))
      throw ValueError(std::string("symbolic: '") + SymbolicOperationName(operation) + "' takes " +
                       std::to_string(count) + " operand(s)");
    if (k < count) allConstant = allConstant && (*operands[k])->IsConstant();
  }
  if (allConstant) {
    auto value = [&](int k) { return k < count ? (*operands[k])->value_ : 0.; };
    return Constant(symbolicArithmetic::Apply<double>(operation, value(0), value(1), value(2)));
  }
  auto node = std::make_shared<SymbolicNode>();
  node->operation_ = operation;
  node->operands_ = {std::move(a), std::move(b), std::move(c)};
  return node;
}

double SymbolicNode::Evaluate() const {
  // iteratively with a memo: a graph with shared sub-expressions is evaluated once per node
  std::unordered_map<const SymbolicNode*, double> values;
  std::vector<const SymbolicNode*> stack{this};
  while (!stack.empty()) {
    const SymbolicNode* node = stack.back();
    if (values.count(node)) {
      stack.pop_back();
      continue;
    }
    if (node->operation_ == SymbolicOperation::Constant) {
      values[node] = node->value_;
    } else if (node->operation_ == SymbolicOperation::Variable) {
      values[node] = node->variable_->Value();
    } else {
      const int count = OperandCount(node->operation_);
      bool ready = true;
      for (int k = 0; k < count; ++k)
        if (!values.count(node->operands_[k].get())) {
          stack.push_back(node->operands_[k].get());
          ready = false;
        }
      if (!ready) continue;
      auto value = [&](int k) { return k < count ? values[node->operands_[k].get()] : 0.; };
      values[node] = symbolicArithmetic::Apply<double>(node->operation_, value(0), value(1), value(2));
    }
    stack.pop_back();
  }
  return values[this];
}

std::string SymbolicNode::ToString() const {
  std::ostringstream text;
  text.precision(16);
  switch (OperandCount(operation_)) {
    case 0:
      if (operation_ == SymbolicOperation::Variable)
        text << variable_->Name();
      else
        text << value_;
      break;
    case 1:
      if (operation_ == SymbolicOperation::Negate)
        text << "(-" << operands_[0]->ToString() << ")";
      else
        text << SymbolicOperationName(operation_) << "(" << operands_[0]->ToString() << ")";
      break;
    case 2: {
      const std::string name = SymbolicOperationName(operation_);
      if (std::isalpha(static_cast<unsigned char>(name[0])))
        text << name << "(" << operands_[0]->ToString() << "," << operands_[1]->ToString() << ")";
      else
        text << "(" << operands_[0]->ToString() << name << operands_[1]->ToString() << ")";
      break;
    }
    default:
      text << "IfThenElse(" << operands_[0]->ToString() << "," << operands_[1]->ToString() << ","
           << operands_[2]->ToString() << ")";
  }
  return text.str();
}

}  // namespace multidyn
