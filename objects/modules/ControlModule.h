// Base of control modules (in the manner of Basilisk's SysModel): parameters, input links that
// read joint states, and outputs that actuators take as their control. A module is memoryless:
// its outputs are functions of its inputs, evaluated with every evaluation of the equations of
// motion inside the actuators that use them, so its exact Jacobian enters Newton through theirs.
// A module is an object without loads of its own; its Check is the module's Reset (validating
// links and parameters), run when it is added and by Assemble().
#pragma once

#include <string>
#include <vector>

#include "core/items/Connector.h"

namespace multidyn {

class ControlModule : public Connector {
 public:
  // One input link: a revolute joint object, read as its angle q or its rate q_t.
  struct JointInput {
    std::string link;  // the link's name, e.g. "thetaInMsg"
    ObjectIndex joint;
    bool rate = false;
  };
  // An actuator reads the joints of its module's inputs with its own markers: a bounded number.
  static constexpr int maxInputs = 8;
  virtual std::vector<JointInput> Inputs() const = 0;
  virtual Index NumberOfOutputs() const = 0;
  virtual std::string OutputName(Index output) const = 0;
  // Output `output` from the inputs' values (in the order of Inputs()); context.itemNumber is the
  // module's object number.
#define MULTIDYN_MODULE_KERNELS(S) \
  virtual S Output(const EvaluationContext& context, Index output, const S* inputs) const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_MODULE_KERNELS)
#undef MULTIDYN_MODULE_KERNELS

  // No loads and no states of its own.
#define MULTIDYN_MODULE_CONNECTOR(S)                                                                           \
  void ComputeConnector(const EvaluationContext&, const MarkerData<S>* const*, const VecX<S>&, MarkerLoad<S>*, \
                        VecX<S>& internalRate) const override {                                                \
    internalRate.resize(0);                                                                                    \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_MODULE_CONNECTOR)
#undef MULTIDYN_MODULE_CONNECTOR

 protected:
  // Every link set and each a revolute joint; errors read "<Module>.<link> is not linked".
  void CheckInputs(const SystemView& system, const std::string& moduleName) const;
};

// Routes the scalar types to Derived's `template <class S> S ModuleOutput(context, output, inputs)`.
template <class Derived> class ControlModuleKernels : public ItemOf<Derived, ControlModule> {
 public:
#define MULTIDYN_MODULE_KERNELS(S)                                                               \
  S Output(const EvaluationContext& context, Index output, const S* inputs) const override {     \
    return static_cast<const Derived&>(*this).template ModuleOutput<S>(context, output, inputs); \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_MODULE_KERNELS)
#undef MULTIDYN_MODULE_KERNELS
};

}  // namespace multidyn
