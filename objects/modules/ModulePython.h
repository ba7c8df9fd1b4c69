// A control module written in Python (multidyn.modules.PythonModule; see
// docs/theory/ModulePython.md). Its outputs are a black box f(t, inputs), the module's
// UpdateState, called through updateFunction:
// - once per evaluation: the outputs are cached, keyed by (t, the input values to rounding, revision), so
//   the actuators that read different outputs of one module in the same evaluation share one call
//   (a memoryless module gives the same outputs for the same key; revision is bumped by the
//   Python side whenever a parameter changes);
// - its Jacobian enters Newton: df/dinputs by central differences (2 calls per input, steps by
//   newton.numericalDifferentiation, core/evaluation/NumericalDifferentiation.h), chained onto the exact
//   AD derivatives of the joint states the inputs read.
#pragma once

#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/foundation/ScriptFunction.h"
#include "objects/modules/ControlModule.h"

namespace multidyn {

class ModulePython : public ControlModuleKernels<ModulePython> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<JointInput> Inputs() const override;
  Index NumberOfOutputs() const override;
  std::string OutputName(Index output) const override { return OutputNames()[output]; }
  void Check(const SystemView& system) const override;

  template <class S> S ModuleOutput(const EvaluationContext& context, Index output, const S* inputs) const {
    InputValues x(static_cast<Index>(inputJoints.size()));
    for (Index i = 0; i < x.size(); ++i) x(i) = ValueOf(inputs[i]);
    if constexpr (std::is_same_v<S, double>) {
      return Evaluate(context, x, false).outputs(output);
    } else {
      const Evaluation& e = Evaluate(context, x, true);
      S result(e.outputs(output));
      if (x.size() == 0) return result;  // a function of time only: no derivatives
      Index size = 0;  // run-time sized AD: a constant input may carry no derivative vector
      for (Index i = 0; i < x.size(); ++i) size = std::max(size, static_cast<Index>(inputs[i].derivatives().size()));
      result.derivatives().setZero(size);
      for (Index i = 0; i < x.size(); ++i)
        if (inputs[i].derivatives().size() == size)
          result.derivatives() += e.gradient(output, i) * inputs[i].derivatives();
      return result;
    }
  }

  ObjectIndexList inputJoints;  // revolute joint objects the inputs read
  IntegerList inputIsRate;  // per input: 1 = the joint's rate q_t, 0 = its angle q
  std::string inputNames;  // the links' names, separated by spaces (for messages)
  std::string outputNames;  // the outputs' names, separated by spaces; their number is the number of outputs
  VectorX outputValues;  // constant outputs when no updateFunction is given
  ScriptFunctionPtr updateFunction;
  ScriptFunctionPtr resetFunction;
  Index revision = 0;
  // The class name of the Python module, for messages.
  std::string moduleClass = "PythonModule";

  // Inputs this close (relative, at least 1) count as the same evaluation's: 64 ulps.
  static constexpr double sameInputTolerance = 64. * std::numeric_limits<double>::epsilon();
  using InputValues = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, maxInputs, 1>;
  struct Evaluation {
    bool valid = false, gradientValid = false;
    double time = 0.;
    Index revision = 0;
    InputValues inputs;
    VectorX outputs;
    MatrixX gradient;  // d outputs / d inputs
  };
  // The outputs (and with `gradient` their derivatives) at (context.time, x), from the cache of
  // the last evaluation or by calling updateFunction.
  const Evaluation& Evaluate(const EvaluationContext& context, const InputValues& x, bool gradient) const;

 private:
  std::vector<std::string> OutputNames() const;
  VectorX Call(const EvaluationContext& context, const InputValues& x) const;
  std::string Description() const;
  mutable Evaluation cache_;
};

}  // namespace multidyn
