#include "objects/modules/ModulePython.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "core/items/NumericalDifferentiation.h"
#include "core/items/SystemView.h"
#include "core/items/UserFunctionCall.h"
#include "core/items/UserFunctionStack.h"
#include "objects/TestInstances.h"

namespace multidyn {

namespace {
std::vector<std::string> SplitNames(const std::string& names) {
  std::vector<std::string> list;
  std::istringstream stream(names);
  for (std::string name; stream >> name;) list.push_back(name);
  return list;
}
}  // namespace

std::vector<std::string> ModulePython::OutputNames() const { return SplitNames(outputNames); }

// The words of outputNames, counted without splitting them (it is asked for in every call).
Index ModulePython::NumberOfOutputs() const {
  Index count = 0;
  bool inName = false;
  for (const char c : outputNames) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (!space && !inName) ++count;
    inName = !space;
  }
  return count;
}

std::string ModulePython::Description() const {
  return moduleClass + (name.empty() ? std::string() : " '" + name + "'");
}

std::vector<ControlModule::JointInput> ModulePython::Inputs() const {
  const std::vector<std::string> names = SplitNames(inputNames);
  std::vector<JointInput> inputs;
  for (size_t k = 0; k < inputJoints.size(); ++k)
    inputs.push_back({k < names.size() ? names[k] : "input " + std::to_string(k), inputJoints[k],
                      k < inputIsRate.size() && inputIsRate[k] != 0});
  return inputs;
}

void ModulePython::Check(const SystemView& system) const {
  const std::string self = Description();
  const size_t n = inputJoints.size();
  if (inputIsRate.size() != n)
    throw ValueError("parameter 'inputIsRate': expected one flag per input joint (" + std::to_string(n) + "), got " +
                     std::to_string(inputIsRate.size()));
  for (Index flag : inputIsRate)
    if (flag != 0 && flag != 1)
      throw ValueError("parameter 'inputIsRate': expected 0 (the joint's angle) or 1 (its rate), got " +
                       std::to_string(flag));
  if (SplitNames(inputNames).size() != n)
    throw ValueError("parameter 'inputNames': expected one name per input joint (" + std::to_string(n) + "), got '" +
                     inputNames + "'");
  if (n > static_cast<size_t>(maxInputs))
    throw ValueError("parameter 'inputJoints': expected at most " + std::to_string(maxInputs) + " joint states for " +
                     self + ", got " + std::to_string(n));
  if (NumberOfOutputs() == 0)
    throw ValueError("parameter 'outputNames': expected at least one output name for " + self + ", got none");
  if (!updateFunction && outputValues.size() != NumberOfOutputs())
    throw ValueError("parameter 'outputValues': expected one value per output (" + std::to_string(NumberOfOutputs()) +
                     "), got " + std::to_string(outputValues.size()) +
                     " (without an updateFunction the module outputs these constants)");
  CheckInputs(system, self);
  cache_ = Evaluation();  // links or parameters may have changed
  if (!resetFunction) return;
  UserFunctionStack::Scope scope(this, nullptr, invalidIndex, "Reset");
  try {
    resetFunction->CallBool({});
  } catch (const UserFunctionError& e) {
    throw UserFunctionError(self + ".Reset failed: " + e.what());
  }
}

VectorX ModulePython::Call(const EvaluationContext& context, const InputValues& x) const {
  if (!updateFunction) return outputValues;
  return CallUserFunctionVector(*updateFunction, *this, context.itemNumber, "UpdateState", {context.time, VectorX(x)},
                                NumberOfOutputs());
}

const ModulePython::Evaluation& ModulePython::Evaluate(const EvaluationContext& context, const InputValues& x,
                                                       bool gradient) const {
  Evaluation& e = cache_;
  // The same evaluation: the same time and revision, and inputs equal up to rounding (the AD
  // kernels of a Jacobian compute the joint angles in another order than the value kernels, a
  // few ulps apart; the central-difference steps are >= 1e-9, far larger).
  bool same = e.valid && e.time == context.time && e.revision == revision && e.inputs.size() == x.size();
  for (Index i = 0; same && i < x.size(); ++i)
    same = std::abs(e.inputs(i) - x(i)) <= sameInputTolerance * std::max(1., std::abs(x(i)));
  if (!same) {
    e.valid = e.gradientValid = false;  // stays invalid if the call throws
    e.outputs = Call(context, x);
    e.time = context.time;
    e.revision = revision;
    e.inputs = x;
    e.valid = true;
  }
  if (gradient && !e.gradientValid) {
    e.gradient.resize(e.outputs.size(), x.size());
    for (Index i = 0; i < x.size(); ++i) {
      const double h = DifferentiationStep(x(i), context.numericalDifferentiation);
      InputValues plus = x, minus = x;
      plus(i) += h;
      minus(i) -= h;
      e.gradient.col(i) = (Call(context, plus) - Call(context, minus)) / (2. * h);
    }
    e.gradientValid = true;
  }
  return e;
}

void ModulePython::AddTestInstance(SystemBuilder& system) {
  // a revolute joint between two free bodies, read as angle and rate by a module of constant
  // outputs (no Python here: a Python updateFunction has no file form) that drives two motors
  const Index body0 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.1, -0.2, 0.3));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.4, -0.1, -0.6));
  const Index joint = testInstances::Add(system, ItemCategory::Object,
                                         {{"objectType", "JointRevoluteZ"},
                                          {"markerNumbers",
                                           {testInstances::RigidMarker(system, body0, Vector3(0.2, 0.1, -0.3)),
                                            testInstances::RigidMarker(system, body1, Vector3(-0.1, 0., 0.6))}}});
  const Index module = testInstances::Add(system, ItemCategory::Object,
                                          {{"objectType", "ModulePython"},
                                           {"name", "constant"},
                                           {"inputJoints", {joint, joint}},
                                           {"inputIsRate", {0, 1}},
                                           {"inputNames", "angleInMsg rateInMsg"},
                                           {"outputNames", "torqueOutMsg forceOutMsg"},
                                           {"outputValues", {0.3, -0.2}}});
  for (Index output = 0; output < 2; ++output)
    testInstances::Add(system, ItemCategory::Object,
                       {{"objectType", "Actuator"},
                        {"jointNumber", joint},
                        {"controlModule", module},
                        {"controlModuleOutput", output}});
}

const ItemTypeInfo& ModulePython::Info() {
  using T = ModulePython;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "the module's ModelTag")
          .Add(&T::inputJoints, "inputJoints", "", "links: the revolute joint objects whose states the inputs read")
          .Structural()
          .Add(&T::inputIsRate, "inputIsRate", "",
               "per input: 1 reads the joint's rate q_t [rad/s] (JointStateDotMessage), 0 its angle q [rad] "
               "(JointStateMessage)")
          .Structural()
          .Add(&T::inputNames, "inputNames", "", "the input links' names (e.g. 'angleInMsg rateInMsg'), in input order")
          .Add(&T::outputNames, "outputNames", "",
               "the output messages' names (e.g. 'torqueOutMsg'), in output order; an actuator's controlModuleOutput "
               "numbers them from 0")
          .Structural()
          .Add(&T::outputValues, "outputValues", "",
               "constant outputs (one per output) of a module without updateFunction, e.g. one loaded from a file")
          .AddUserFunction(&T::updateFunction, "updateFunction", "updateFunction(t, inputs) -> list of outputs",
                           "set by multidyn.modules.PythonModule: runs the module's UpdateState; inputs in input order")
          .AddUserFunction(&T::resetFunction, "resetFunction", "resetFunction() -> True",
                           "set by multidyn.modules.PythonModule: runs the module's Reset (at AddModule, Assemble and "
                           "whenever a parameter changes)")
          .Add(&T::revision, "revision", "",
               "bumped by multidyn.modules.PythonModule when a parameter changes; outputs are cached per (t, inputs, "
               "revision)")
          .NonNegative()
          .Add(&T::moduleClass, "moduleClass", "", "the Python class of the module, for messages")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ModulePython", "ModulePython", {}, "modules",
      "A control module written in Python (a class deriving from multidyn.modules.PythonModule, added by "
      "mbs.AddModule): its UpdateState computes the outputs from joint angles and rates once per evaluation of the "
      "equations of motion; the outputs are the controls of actuators (controlModule, controlModuleOutput), and their "
      "derivatives by central differences in the inputs enter Newton's Jacobian.",
      fields, {});
  return info;
}

}  // namespace multidyn
