#include "core/symbolic/SymbolicScriptFunction.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>

#include "core/foundation/Errors.h"
#include "core/foundation/ScriptDerivativeRequest.h"

namespace multidyn {

namespace {
using Kind = SymbolicScriptFunction::ArgumentKind;
std::atomic<std::uint64_t> nextFunctionId{1};

std::vector<std::shared_ptr<SymbolicVariable>> InputsOf(
    const std::vector<SymbolicScriptFunction::Argument>& arguments) {
  std::vector<std::shared_ptr<SymbolicVariable>> inputs;
  for (const auto& argument : arguments)
    inputs.insert(inputs.end(), argument.components.begin(), argument.components.end());
  return inputs;
}

const char* KindName(Kind kind) {
  switch (kind) {
    case Kind::System: return "the system (mbs)";
    case Kind::Scalar: return "a real number";
    case Kind::Vector: return "a vector";
    default: return "a matrix";
  }
}

std::string SizeText(Index rows, Index columns, Kind kind) {
  return kind == Kind::Matrix ? std::to_string(rows) + " x " + std::to_string(columns)
                              : std::to_string(rows) + " component(s)";
}
}  // namespace

SymbolicScriptFunction::SymbolicScriptFunction(std::string functionName, std::vector<Argument> arguments,
                                               ArgumentKind resultKind, Index resultRows, Index resultColumns,
                                               const std::vector<SymbolicNodePtr>& result)
    : functionName_(std::move(functionName)), arguments_(std::move(arguments)), resultKind_(resultKind),
      resultRows_(resultRows), resultColumns_(resultColumns), result_(result), tape_(InputsOf(arguments_), result),
      id_(nextFunctionId++) {
  Index offset = 0;
  for (const Argument& argument : arguments_) {
    const Index expected = argument.kind == Kind::System ? 0 : argument.rows * argument.columns;
    if (Index(argument.components.size()) != expected)
      throw ValueError("symbolic function " + functionName_ + ": argument '" + argument.name + "' has " +
                       std::to_string(argument.components.size()) + " variables for " +
                       SizeText(argument.rows, argument.columns, argument.kind));
    argumentOffsets_.push_back(offset);
    offset += expected;
  }
  if (Index(result.size()) != resultRows * resultColumns || result.empty())
    throw ValueError("symbolic function " + functionName_ + ": the result has " + std::to_string(result.size()) +
                     " components for " + SizeText(resultRows, resultColumns, resultKind));
}

std::string SymbolicScriptFunction::Description() const { return "symbolic function " + functionName_; }

void SymbolicScriptFunction::GatherInputs(const ScriptArgument* arguments, std::size_t count, double* inputs) const {
  if (count != arguments_.size())
    throw UserFunctionError("called with " + std::to_string(count) + " arguments, but it was recorded with " +
                            std::to_string(arguments_.size()));
  Index k = 0;
  for (const ScriptArgument* given = arguments; given != arguments + count; ++given) {
    const Argument& argument = arguments_[k];
    double* into = inputs + argumentOffsets_[k++];
    auto wrongKind = [&](const char* what) {
      return UserFunctionError("argument '" + argument.name + "' is " + what + " here, but it was recorded as " +
                               KindName(argument.kind));
    };
    auto wrongSize = [&](Index rows, Index columns) {
      return UserFunctionError("argument '" + argument.name + "' has " + SizeText(rows, columns, argument.kind) +
                               ", but it was recorded with " +
                               SizeText(argument.rows, argument.columns, argument.kind));
    };
    switch (argument.kind) {
      case Kind::System: break;  // the system is only passed through (its functions are not recorded)
      case Kind::Scalar:
        if (const double* value = std::get_if<double>(given))
          *into = *value;
        else if (const Index* number = std::get_if<Index>(given))
          *into = *number;
        else if (const bool* flag = std::get_if<bool>(given))
          *into = *flag ? 1. : 0.;
        else
          throw wrongKind("not a real number");
        break;
      case Kind::Vector:
        if (const Vector3* v = std::get_if<Vector3>(given)) {
          if (argument.rows != 3) throw wrongSize(3, 1);
          for (Index i = 0; i < 3; ++i) into[i] = (*v)(i);
        } else if (const VectorX* v = std::get_if<VectorX>(given)) {
          if (argument.rows != v->size()) throw wrongSize(Index(v->size()), 1);
          for (Index i = 0; i < argument.rows; ++i) into[i] = (*v)(i);
        } else {
          throw wrongKind("not a vector");
        }
        break;
      case Kind::Matrix:
        if (const MatrixX* m = std::get_if<MatrixX>(given)) {
          if (argument.rows != m->rows() || argument.columns != m->cols())
            throw wrongSize(Index(m->rows()), Index(m->cols()));
          for (Index i = 0; i < argument.rows; ++i)
            for (Index j = 0; j < argument.columns; ++j) into[i * argument.columns + j] = (*m)(i, j);
        } else {
          throw wrongKind("not a matrix");
        }
        break;
    }
  }
}

namespace {
// What evaluations on one thread keep: the tape's slots (values and AD) and the last inputs and
// outputs of a few functions, so that a call repeating the last call's arguments (a load of time
// only, called in every Newton iteration of a step) is not evaluated again.
struct Workspace {
  struct Memo {
    std::uint64_t function = 0;
    std::vector<double> inputs, outputs;
  };
  std::vector<double> slots;
  std::vector<ADScalar16> slotsAD;
  std::array<Memo, 8> memos;
};
thread_local Workspace workspace;
}  // namespace

void SymbolicScriptFunction::Evaluate(const ScriptArgument* arguments, std::size_t count, double* outputs) const {
  Workspace& w = workspace;
  const Index inputCount = tape_.NumberOfInputs(), outputCount = tape_.NumberOfOutputs();
  if (Index(w.slots.size()) < tape_.NumberOfSlots()) w.slots.resize(tape_.NumberOfSlots());
  GatherInputs(arguments, count, w.slots.data());

  // An item's request for exact derivatives in some of the arguments: one evaluation on ADScalar16
  // with those inputs seeded (at most 16 components; more are left to the item's forward differences).
  ScriptDerivativeRequest* request = ScriptDerivativeRequest::Current();
  std::array<Index, 16> seeded;
  Index seededCount = 0;
  bool differentiate = request && !request->Answered();
  for (Index r = 0; differentiate && r < request->Count(); ++r) {
    const Index position = request->Positions()[r];
    if (position < 0 || position >= Index(arguments_.size())) {
      differentiate = false;
      break;
    }
    const Argument& argument = arguments_[position];
    const Index size = argument.kind == Kind::Scalar || argument.kind == Kind::Vector ? argument.rows : 0;
    if (size == 0 || seededCount + size > 16) {
      differentiate = false;
      break;
    }
    for (Index i = 0; i < size; ++i) seeded[seededCount++] = argumentOffsets_[position] + i;
  }
  if (differentiate && outputCount * seededCount > request->Capacity()) differentiate = false;

  if (differentiate) {
    if (Index(w.slotsAD.size()) < tape_.NumberOfSlots()) w.slotsAD.resize(tape_.NumberOfSlots());
    ADScalar16* slots = w.slotsAD.data();
    for (Index i = 0; i < inputCount; ++i) slots[i] = ADScalar16(w.slots[i]);
    for (Index j = 0; j < seededCount; ++j) slots[seeded[j]].derivatives()(j) = 1.;
    tape_.Run<ADScalar16>(slots);
    for (Index k = 0; k < outputCount; ++k) {
      const ADScalar16& output = slots[tape_.OutputSlot(k)];
      outputs[k] = output.value();
      for (Index j = 0; j < seededCount; ++j) request->Partials()[k * seededCount + j] = output.derivatives()(j);
    }
    request->MarkAnswered(seededCount);
  } else {
    Workspace::Memo& memo = w.memos[id_ % w.memos.size()];
    const bool repeated = memo.function == id_ && !tape_.ReadsOtherVariables() &&
                          std::equal(memo.inputs.begin(), memo.inputs.end(), w.slots.begin());
    if (repeated) {
      std::copy(memo.outputs.begin(), memo.outputs.end(), outputs);
      return;  // checked when computed
    }
    tape_.Run<double>(w.slots.data());
    for (Index k = 0; k < outputCount; ++k) outputs[k] = w.slots[tape_.OutputSlot(k)];
    memo.function = id_;  // the vectors keep their storage: sizes of one function repeat
    memo.inputs.assign(w.slots.begin(), w.slots.begin() + inputCount);
    memo.outputs.assign(outputs, outputs + outputCount);
  }
  for (Index k = 0; k < outputCount; ++k)
    if (!std::isfinite(outputs[k])) {
      w.memos[id_ % w.memos.size()].function = 0;
      throw UserFunctionError("returned a value that is not finite (" + std::to_string(outputs[k]) + ") in component " +
                              std::to_string(k));
    }
}

double SymbolicScriptFunction::CallReal(ScriptArguments arguments) const {
  if (resultKind_ != Kind::Scalar)
    throw UserFunctionError("returns " + std::string(KindName(resultKind_)) + " of " +
                            SizeText(resultRows_, resultColumns_, resultKind_) + ", but a real number is expected");
  double value;
  Evaluate(arguments.begin(), arguments.size(), &value);
  return value;
}

VectorX SymbolicScriptFunction::CallVector(ScriptArguments arguments, Index expectedSize) const {
  if (resultKind_ == Kind::Matrix || (expectedSize >= 0 && resultRows_ * resultColumns_ != expectedSize))
    throw UserFunctionError("returns " + std::string(KindName(resultKind_)) + " of " +
                            SizeText(resultRows_, resultColumns_, resultKind_) + ", but a vector of " +
                            std::to_string(expectedSize) + " components is expected");
  VectorX value(resultRows_ * resultColumns_);
  Evaluate(arguments.begin(), arguments.size(), value.data());
  return value;
}

MatrixX SymbolicScriptFunction::CallMatrix(ScriptArguments arguments, Index rows, Index cols) const {
  if (resultKind_ != Kind::Matrix || resultRows_ != rows || resultColumns_ != cols)
    throw UserFunctionError("returns " + std::string(KindName(resultKind_)) + " of " +
                            SizeText(resultRows_, resultColumns_, resultKind_) + ", but a " + std::to_string(rows) +
                            " x " + std::to_string(cols) + " matrix is expected");
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> value(rows, cols);
  Evaluate(arguments.begin(), arguments.size(), value.data());
  return value;
}

std::vector<double> SymbolicScriptFunction::EvaluateList(const std::vector<ScriptArgument>& arguments) const {
  std::vector<double> value(resultRows_ * resultColumns_);
  Evaluate(arguments.data(), arguments.size(), value.data());
  return value;
}

std::string SymbolicScriptFunction::ToString() const {
  std::string text = functionName_ + "(";
  for (std::size_t k = 0; k < arguments_.size(); ++k) text += (k ? ", " : "") + arguments_[k].name;
  text += ") = ";
  if (resultKind_ == Kind::Scalar) return text + result_[0]->ToString();
  text += "[";
  for (Index i = 0; i < resultRows_; ++i) {
    if (resultKind_ == Kind::Matrix) text += (i ? ", [" : "[");
    for (Index j = 0; j < resultColumns_; ++j)
      text += (j || (resultKind_ != Kind::Matrix && i) ? ", " : "") + result_[i * resultColumns_ + j]->ToString();
    if (resultKind_ == Kind::Matrix) text += "]";
  }
  return text + "]";
}

}  // namespace multidyn
