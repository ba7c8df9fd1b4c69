// The solve guard protects C++ callers as Python ones: during SolveDynamic a user function may
// set run-time parameters (in place) but structural changes throw SolveInProgressError naming
// the call and the function; the solve keeps its last accepted step; a user function that
// needs its own value again is refused instead of recursing; the pre-step hook stops a solve.
#include <gtest/gtest.h>

#include <functional>

#include "core/evaluation/SystemEquations.h"
#include "core/items/UserFunctionStack.h"
#include "objects/test/TestSystems.h"
#include "solvers/driver/SolveDynamic.h"

using namespace multidyn;

namespace {

// A C++ stand-in for a Python user function: gets the system (as a script does) and the time.
class CppFunction : public ScriptFunction {
 public:
  using Body = std::function<double(MainSystem&, double)>;
  explicit CppFunction(Body body) : body_(std::move(body)) {}
  double CallReal(ScriptArguments arguments) const override {
    return body_(
        *const_cast<MainSystem*>(dynamic_cast<const MainSystem*>(std::get<const SystemView*>(arguments.begin()[0]))),
        std::get<double>(arguments.begin()[1]));
  }
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override {
    return VectorX::Constant(expectedSize, CallReal(arguments));
  }
  bool CallBool(ScriptArguments arguments) const override { return CallReal(arguments) != 0.; }
  std::string Description() const override { return "C++ test function"; }

 private:
  Body body_;
};

// Unit-inertia body on a revolute joint about z with a torque 1 about z and a torsional spring
// whose user function reads an output, calls `misbehave(system, t)` and returns no torque.
struct Rotor {
  std::unique_ptr<MainSystem> system = std::make_unique<MainSystem>();
  Index spring = -1;
  Index node = -1;
  std::function<void(MainSystem&, double)> misbehave = [](MainSystem&, double) {};

  Rotor() {
    using C = ItemCategory;
    MainSystem& s = *system;
    const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
    node = AddFromJson(s, C::Node, {{"nodeType", "RigidBodyRxyz"}});
    AddFromJson(
        s, C::Object,
        {{"objectType", "RigidBody"}, {"nodeNumber", node}, {"mass", 1.}, {"inertia", {1., 1., 1., 0., 0., 0.}}});
    const Index mBody = AddFromJson(s, C::Marker, {{"markerType", "NodeRigid"}, {"nodeNumber", node}});
    const Index mGround = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", ground}});
    AddFromJson(s, C::Object, {{"objectType", "JointRevoluteZ"}, {"markerNumbers", {mGround, mBody}}});
    spring = AddFromJson(s, C::Object,
                         {{"objectType", "ConnectorTorsionalSpringDamper"},
                          {"markerNumbers", {mGround, mBody}},
                          {"stiffness", 2e3},
                          {"damping", 20.}});
    AddFromJson(s, C::Load, {{"loadType", "TorqueVector"}, {"markerNumber", mBody}, {"loadVector", {0., 0., 1.}}});
    s.SetItemUserFunction(C::Object, spring, "springTorqueUserFunction",
                          std::make_shared<CppFunction>([this](MainSystem& system, double t) {
                            misbehave(system, t);
                            return 0. * system.GetNodeOutput(node, OutputVariableType::Rotation,
                                                             ConfigurationType::Current)(2);
                          }));
    s.Assemble();
  }
};

SimulationSettings ShortRunSettings(double endTime = 0.2, Index steps = 20) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.solutionSettings.writeSolutionToFile = false;
  settings.solutionSettings.sensorsStoreAndWriteFiles = false;
  return settings;
}

void ExpectRefused(Rotor& rotor, const std::string& call) {
  try {
    SolveDynamic(*rotor.system, ShortRunSettings());
    FAIL() << "no SolveInProgressError for " << call;
  } catch (const SolveInProgressError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find(call + " is not allowed while the system is being solved"), std::string::npos) << text;
    EXPECT_NE(text.find("called from springTorqueUserFunction of object 3 (ObjectConnectorTorsionalSpringDamper)"),
              std::string::npos)
        << text;
  }
  EXPECT_NEAR(rotor.system->CurrentState().time, 0.05, 1e-12);  // last accepted step kept
  EXPECT_FALSE(rotor.system->IsBeingSolved());
  EXPECT_EQ(UserFunctionStack::Depth(), 0);
  // still valid: solves to the end
  rotor.misbehave = [](MainSystem&, double) {};
  rotor.system->Assemble();
  SolveDynamic(*rotor.system, ShortRunSettings());
  EXPECT_NEAR(rotor.system->CurrentState().time, 0.2, 1e-12);
}

}  // namespace

TEST(SolveGuard, StructuralChangesFromAUserFunctionAreRefused) {
  const std::vector<std::pair<std::string, std::function<void(MainSystem&)>>> cases = {
      {"mbs.Assemble()", [](MainSystem& s) { s.Assemble(); }},
      {"mbs.Reset()", [](MainSystem& s) { s.Reset(); }},
      {"mbs.AddNode()",
       [](MainSystem& s) {
         AddFromJson(s, ItemCategory::Node, {{"nodeType", "Point"}});
       }},
      {"mbs.SetObjectParameter(3, 'markerNumbers', ...)",
       [](MainSystem& s) {
         s.SetItemParameter(ItemCategory::Object, 3, "markerNumbers", Json::array({1, 0}));
       }},
      {"mbs.SetObjectParameter(3, 'springTorqueUserFunction', ...)",
       [](MainSystem& s) { s.SetItemParameter(ItemCategory::Object, 3, "springTorqueUserFunction", 0); }},
      {"mbs.Load()", [](MainSystem& s) { s.LoadJsonText(R"({"format": "multidyn.system"})"); }},
      {"mbs.DeleteObject(3)", [](MainSystem& s) { s.DeleteItem(ItemCategory::Object, 3, true); }},
      {"mbs.DeleteNode(0)", [](MainSystem& s) { s.DeleteItem(ItemCategory::Node, 0, false); }},
      {"mbs.SolveDynamic()", [](MainSystem& s) { SolveDynamic(s, ShortRunSettings()); }},
  };
  for (const auto& [call, action] : cases) {
    SCOPED_TRACE(call);
    Rotor rotor;
    rotor.misbehave = [&action = action](MainSystem& s, double t) {
      if (t > 0.055) action(s);
    };
    ExpectRefused(rotor, call);
  }
}

TEST(SolveGuard, RunTimeParametersAreSetInPlace) {
  Rotor rotor;
  const Item* before = &rotor.system->GetObject(rotor.spring);
  rotor.misbehave = [&](MainSystem& s, double t) {
    if (t > 0.055) s.SetItemParameter(ItemCategory::Object, rotor.spring, "offset", 0.01);
  };
  SolveDynamic(*rotor.system, ShortRunSettings());
  EXPECT_EQ(&rotor.system->GetObject(rotor.spring), before);  // the running item was not replaced
  EXPECT_EQ(rotor.system->GetItemParameter(ItemCategory::Object, rotor.spring, "offset"), Json(0.01));
  EXPECT_TRUE(rotor.system->IsAssembled());  // a run-time parameter needs no Assemble()
}

TEST(SolveGuard, AUserFunctionAskingForItsOwnOutputIsRefusedNotRecursed) {
  Rotor rotor;
  rotor.misbehave = [&](MainSystem& s, double t) {
    if (t > 0.055) s.GetObjectOutput(rotor.spring, OutputVariableType::TorqueLocal, ConfigurationType::Current);
  };
  try {
    SolveDynamic(*rotor.system, ShortRunSettings());
    FAIL() << "no error";
  } catch (const UserFunctionError& e) {
    EXPECT_NE(std::string(e.what()).find("re-entrant evaluation is refused"), std::string::npos) << e.what();
  }
  EXPECT_EQ(UserFunctionStack::Depth(), 0);
  EXPECT_NEAR(rotor.system->CurrentState().time, 0.05, 1e-12);
}

TEST(SolveGuard, PreStepFunctionStopsTheSolve) {
  Rotor rotor;
  std::vector<double> times;
  rotor.system->SetPreStepUserFunction(std::make_shared<CppFunction>([&](MainSystem&, double t) {
    times.push_back(t);
    return t < 0.1 + 1e-9 ? 1. : 0.;  // t: the time the step is to reach; the step to 0.11 is refused
  }));
  const SolverStatistics statistics = SolveDynamic(*rotor.system, ShortRunSettings(1., 100));
  EXPECT_EQ(statistics.steps, 10);
  EXPECT_NEAR(rotor.system->CurrentState().time, 0.1, 1e-12);
  ASSERT_EQ(times.size(), 11u);
  EXPECT_NEAR(times[3], 0.04, 1e-12);
  // refused while solving, allowed after
  rotor.system->SetPreStepUserFunction(std::make_shared<CppFunction>([](MainSystem& s, double) {
    s.SetPreStepUserFunction(nullptr);
    return 1.;
  }));
  EXPECT_THROW(SolveDynamic(*rotor.system, ShortRunSettings()), SolveInProgressError);
  rotor.system->SetPreStepUserFunction(nullptr);
  EXPECT_FALSE(rotor.system->PreStepUserFunction());
}
