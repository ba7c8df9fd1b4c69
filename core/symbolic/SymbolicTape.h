// A symbolic expression compiled once into a flat list of instructions (a tape), in an order in
// which every operand comes before its use; evaluated by a small interpreter on double or on the
// items' AD scalar (ADScalar16), so that a symbolic user function has exact derivatives.
// Slots: [inputs | constants | other variables | results of instructions].
#pragma once

#include <memory>
#include <vector>

#include "core/foundation/Types.h"
#include "core/symbolic/SymbolicNode.h"

namespace multidyn {

class SymbolicTape {
 public:
  // inputs: the variables whose values each evaluation gives (a function's arguments, component
  // by component); other variables met in the outputs are read from their cells at each evaluation.
  SymbolicTape(const std::vector<std::shared_ptr<SymbolicVariable>>& inputs,
               const std::vector<SymbolicNodePtr>& outputs);

  Index NumberOfInputs() const { return numberOfInputs_; }
  Index NumberOfOutputs() const { return Index(outputSlots_.size()); }
  Index NumberOfInstructions() const { return Index(instructions_.size()); }
  Index NumberOfSlots() const { return numberOfSlots_; }
  Index OutputSlot(Index k) const { return outputSlots_[k]; }
  // Whether it reads variables other than its inputs (their values may change between calls).
  bool ReadsOtherVariables() const { return !externalVariables_.empty(); }

  // Runs the tape in place on slots[0 .. NumberOfSlots()), whose first NumberOfInputs() entries the
  // caller has set; output k is then slots[OutputSlot(k)]. S = double or ADScalar16.
  template <class S> void Run(S* slots) const;
  // outputs[k] for inputs[0 .. NumberOfInputs()), with a scratch of the calling thread that grows
  // to the largest tape once: no allocation after the first call.
  template <class S> void Evaluate(const S* inputs, S* outputs) const;

 private:
  struct Instruction {
    SymbolicOperation operation;
    Index result, a, b, c;
  };
  Index numberOfInputs_ = 0;
  Index numberOfSlots_ = 0;
  std::vector<std::pair<Index, double>> constants_;
  std::vector<std::pair<Index, std::shared_ptr<SymbolicVariable>>> externalVariables_;
  std::vector<Instruction> instructions_;
  std::vector<Index> outputSlots_;
};

}  // namespace multidyn
