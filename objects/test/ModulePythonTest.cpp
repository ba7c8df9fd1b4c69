// ModulePython with a C++ stand-in for the Python UpdateState: one call per evaluation shared by
// the actuators, 2 calls per input for a Jacobian, and the Jacobian (central differences in the
// inputs chained onto the joint states' AD derivatives) equal to finite differences of the
// residual.
#include <gtest/gtest.h>

#include <cmath>

#include "core/evaluation/SystemEquations.h"
#include "objects/ItemList.h"
#include "objects/modules/ModulePython.h"
#include "objects/test/JacobianCheck.h"

using namespace multidyn;

namespace {

// outputs [-c cos^2(q) q_t + 0.2 sin(t), q^3 - 1.3 q_t] of inputs [q, q_t]; counts its calls.
class CppUpdateState : public ScriptFunction {
 public:
  double CallReal(ScriptArguments) const override { return 0.; }
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override {
    ++calls;
    const double t = std::get<double>(arguments.begin()[0]);
    const VectorX x = std::get<VectorX>(arguments.begin()[1]);
    if (expectedSize != 2 || x.size() != 2) throw UserFunctionError("wrong size");
    return Eigen::Vector2d(-0.7 * std::cos(x(0)) * std::cos(x(0)) * x(1) + 0.2 * std::sin(t),
                           x(0) * x(0) * x(0) - 1.3 * x(1));
  }
  std::string Description() const override { return "C++ UpdateState"; }
  mutable int calls = 0;
};

struct ModuleSystem {
  MainSystem system;
  std::shared_ptr<CppUpdateState> update = std::make_shared<CppUpdateState>();
  ModuleSystem() {
    RegisterAllItems();
    ModulePython::AddTestInstance(system);  // one module, two actuators reading its two outputs
    for (Index i = 0; i < system.NumberOfItems(ItemCategory::Object); ++i)
      if (system.GetObject(i).TypeInfo().className == "ModulePython")
        system.SetItemUserFunction(ItemCategory::Object, i, "updateFunction", update);
    system.Assemble();
  }
};

}  // namespace

TEST(ModulePython, OneCallPerEvaluationSharedByTheActuators) {
  ModuleSystem s;
  SystemEquations equations(s.system);
  SystemState state = s.system.CurrentState();
  test::Randomize(s.system, state, 5);
  VectorX r;
  s.update->calls = 0;
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 1);  // two actuators, one call
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 1);  // the same evaluation again: cached
  state.ode2_t(5) += 0.1;  // another joint rate (body 0 turns about its z-axis): one more call
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 2);
  state.time += 0.01;  // another time
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 3);
  JacobianFactors factors;
  equations.JacobianDense(state, factors);
  EXPECT_EQ(s.update->calls, 3 + 2 * 2);  // central differences in two inputs; the value is cached
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 7);
  // a new revision (a parameter changed) drops the cached outputs
  s.system.SetItemParameter(ItemCategory::Object, 3, "revision", 1);
  ASSERT_EQ(s.system.GetObject(3).TypeInfo().className, "ModulePython");
  equations.ComputeODE2Residual(state, r);
  EXPECT_EQ(s.update->calls, 8);
}

TEST(ModulePython, JacobianEqualsFiniteDifferencesOfTheResidual) {
  ModuleSystem s;
  SystemEquations equations(s.system);
  for (unsigned seed : {1u, 2u, 3u}) {
    SystemState state = s.system.CurrentState();
    test::Randomize(s.system, state, seed);
    test::ExpectExactJacobians(equations, state, true);
  }
}

TEST(ModulePython, BadDefinitionsNameTheParameter) {
  ModuleSystem s;
  const Index module = 3;
  auto expectRejected = [&](const std::string& parameter, const Json& value, const std::string& text) {
    try {
      s.system.SetItemParameter(ItemCategory::Object, module, parameter, value);
      ADD_FAILURE() << parameter << " accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
  };
  expectRejected("inputIsRate", Json({0, 2}), "parameter 'inputIsRate': expected 0 (the joint's angle) or 1");
  expectRejected("inputIsRate", Json({0}), "parameter 'inputIsRate': expected one flag per input joint (2), got 1");
  expectRejected("inputNames", "angleInMsg", "parameter 'inputNames': expected one name per input joint (2)");
  expectRejected("outputNames", "",
                 "parameter 'outputNames': expected at least one output name for PythonModule 'constant', got none");
  expectRejected("inputJoints", Json({0, 3}), "angleInMsg");  // object 0 is a body, not a revolute joint
  EXPECT_EQ(s.system.GetItemParameter(ItemCategory::Object, module, "inputIsRate"), Json({0, 1}));
}
