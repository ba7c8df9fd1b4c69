#include "core/symbolic/SymbolicTape.h"

#include <unordered_map>

#include "core/symbolic/SymbolicArithmetic.h"

namespace multidyn {

SymbolicTape::SymbolicTape(const std::vector<std::shared_ptr<SymbolicVariable>>& inputs,
                           const std::vector<SymbolicNodePtr>& outputs)
    : numberOfInputs_(Index(inputs.size())) {
  std::unordered_map<const SymbolicVariable*, Index> variableSlots;
  for (Index k = 0; k < numberOfInputs_; ++k) variableSlots.emplace(inputs[k].get(), k);
  // Constants and external variables get their slots first, instructions after them; a node's
  // slot is assigned when all its operands have one (depth-first, iterative: deep graphs are fine).
  std::unordered_map<const SymbolicNode*, Index> slots;
  std::vector<std::pair<const SymbolicNode*, Index>> pending;  // (node, slot) of instructions in order
  Index next = numberOfInputs_;
  for (const SymbolicNodePtr& output : outputs) {
    std::vector<const SymbolicNode*> stack{output.get()};
    while (!stack.empty()) {
      const SymbolicNode* node = stack.back();
      if (slots.count(node)) {
        stack.pop_back();
        continue;
      }
      if (node->Kind() == SymbolicOperation::Constant) {
        slots[node] = next;
        constants_.emplace_back(next++, node->ConstantValue());
      } else if (node->Kind() == SymbolicOperation::Variable) {
        const auto found = variableSlots.find(node->VariableCell().get());
        if (found != variableSlots.end()) {
          slots[node] = found->second;
        } else {
          slots[node] = next;
          variableSlots.emplace(node->VariableCell().get(), next);
          externalVariables_.emplace_back(next++, node->VariableCell());
        }
      } else {
        bool ready = true;
        for (int k = 0; k < OperandCount(node->Kind()); ++k)
          if (!slots.count(node->Operand(k).get())) {
            stack.push_back(node->Operand(k).get());
            ready = false;
          }
        if (!ready) continue;
        slots[node] = -1;  // instruction slots are numbered after all constants and variables
        pending.emplace_back(node, 0);
      }
      stack.pop_back();
    }
  }
  for (auto& [node, slot] : pending) slots[node] = slot = next++;
  for (const auto& [node, slot] : pending) {
    Instruction instruction{node->Kind(), slot, 0, 0, 0};
    const int count = OperandCount(node->Kind());
    instruction.a = slots[node->Operand(0).get()];
    if (count > 1) instruction.b = slots[node->Operand(1).get()];
    if (count > 2) instruction.c = slots[node->Operand(2).get()];
    instructions_.push_back(instruction);
  }
  numberOfSlots_ = next;
  for (const SymbolicNodePtr& output : outputs) outputSlots_.push_back(slots[output.get()]);
}

template <class S> void SymbolicTape::Run(S* slot) const {
  for (const auto& [index, value] : constants_) slot[index] = S(value);
  for (const auto& [index, variable] : externalVariables_) slot[index] = S(variable->Value());
  for (const Instruction& i : instructions_)
    slot[i.result] = symbolicArithmetic::Apply<S>(i.operation, slot[i.a], slot[i.b], slot[i.c]);
}

template <class S> void SymbolicTape::Evaluate(const S* inputs, S* outputs) const {
  thread_local std::vector<S> scratch;
  if (Index(scratch.size()) < numberOfSlots_) scratch.resize(numberOfSlots_);
  for (Index k = 0; k < numberOfInputs_; ++k) scratch[k] = inputs[k];
  Run(scratch.data());
  for (Index k = 0; k < Index(outputSlots_.size()); ++k) outputs[k] = scratch[outputSlots_[k]];
}

template void SymbolicTape::Run<double>(double*) const;
template void SymbolicTape::Run<ADScalar16>(ADScalar16*) const;
template void SymbolicTape::Evaluate<double>(const double*, double*) const;
template void SymbolicTape::Evaluate<ADScalar16>(const ADScalar16*, ADScalar16*) const;

}  // namespace multidyn
