// ObjectKinematicTree beyond its generic test instance: exact Jacobians of trees whose
// derivatives do not fit the 16-wide AD scalar (the 32-wide and the run-time sized one), and of
// a tree with a forceUserFunction (forward differences chained onto the AD derivatives), of
// trees whose joint limits are active, and of a connector and a constraint on a tree.
#include <gtest/gtest.h>

#include <cmath>

#include "core/evaluation/SystemEquations.h"
#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

// A C++ stand-in for a Python forceUserFunction(mbs, t, itemNumber, q, q_t): nonlinear in both.
class CppJointForce : public ScriptFunction {
 public:
  double CallReal(ScriptArguments) const override { return 0.; }
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override {
    const double t = std::get<double>(arguments.begin()[1]);
    const VectorX& q = std::get<VectorX>(arguments.begin()[3]);
    const VectorX& q_t = std::get<VectorX>(arguments.begin()[4]);
    VectorX f(expectedSize);
    for (Index i = 0; i < expectedSize; ++i)
      f(i) = -3. * std::sin(q(i)) - 0.5 * q_t(i) * std::abs(q_t(i)) + 0.2 * t + 0.1 * q((i + 1) % expectedSize);
    return f;
  }
  std::string Description() const override { return "C++ test joint force"; }
};

// A tree of n links: a branched structure cycling through all joint types and joint rotations.
// With joint limits: ranges [-0.1, 0.1], [-1e30, 0.05], [-0.05, 1e30] in turn, which random states
// in [-0.3, 0.3] violate on either side.
Index AddTree(MainSystem& system, Index n, bool withUserFunction, bool withLimits = false) {
  const Json identity = {{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}};
  const Json rotated = {{0.36, -0.48, 0.8}, {0.8, 0.6, 0.}, {-0.48, 0.64, 0.6}};
  const char* types[] = {"RevoluteZ", "RevoluteX", "PrismaticY", "RevoluteY", "PrismaticZ", "PrismaticX"};
  Json jointTypes = Json::array(), parents = Json::array(), transformations = Json::array(), offsets = Json::array(),
       inertias = Json::array(), coms = Json::array(), masses = Json::array(), lower = Json::array(),
       upper = Json::array();
  for (Index i = 0; i < n; ++i) {
    jointTypes.push_back(types[i % 6]);
    parents.push_back(i == 0 ? -1 : (i % 3 == 0 ? i - 2 : i - 1));
    transformations.push_back(i % 2 ? rotated : identity);
    offsets.push_back({0.3 + 0.01 * i, 0.1, -0.05 * (i % 2)});
    inertias.push_back({{0.2, 0.01, 0.}, {0.01, 0.3, 0.02}, {0., 0.02, 0.25}});
    coms.push_back({0.1, -0.05, 0.02 * i});
    masses.push_back(1. + 0.1 * i);
    lower.push_back(i % 3 == 0 ? -0.1 : (i % 3 == 1 ? -1e30 : -0.05));
    upper.push_back(i % 3 == 0 ? 0.1 : (i % 3 == 1 ? 0.05 : 1e30));
  }
  Json parameters =
      KinematicTreeOnNewNode(system, n, jointTypes, parents, transformations, offsets, inertias, coms, masses);
  parameters["gravity"] = {0., -9.81, 0.};
  if (withLimits) {
    parameters["jointRangeLower"] = lower;
    parameters["jointRangeUpper"] = upper;
    parameters["jointLimitDampingRatio"] = 0.6;
  }
  const Index tree = AddFromJson(system, ItemCategory::Object, parameters);
  if (withUserFunction)
    system.SetItemUserFunction(ItemCategory::Object, tree, "forceUserFunction", std::make_shared<CppJointForce>());
  return tree;
}

class KinematicTreeJacobian : public ::testing::TestWithParam<Index> {};

TEST_P(KinematicTreeJacobian, ExactForEveryDerivativeWidth) {
  MainSystem system;
  AddTree(system, GetParam(), false);
  system.Assemble();
  SystemEquations equations(system);
  SystemState state = system.CurrentState();
  test::Randomize(system, state, 5);
  test::ExpectExactJacobians(equations, state, true);
}

class KinematicTreeLimitJacobian : public ::testing::TestWithParam<Index> {};

TEST_P(KinematicTreeLimitJacobian, ExactWithActiveJointLimits) {
  MainSystem limited, free;
  AddTree(limited, GetParam(), false, true);
  AddTree(free, GetParam(), false, false);
  limited.Assemble();
  free.Assemble();
  SystemEquations equations(limited), freeEquations(free);
  SystemState state = limited.CurrentState();
  test::Randomize(limited, state, 5);
  // the limits act in this state: the residuals differ
  VectorX r, rFree;
  equations.ComputeODE2Residual(state, r);
  freeEquations.ComputeODE2Residual(state, rFree);
  Index active = 0;
  for (Index i = 0; i < r.size(); ++i) active += std::abs(r(i) - rFree(i)) > 1e-9;
  EXPECT_GE(active, GetParam() / 3);
  test::ExpectExactJacobians(equations, state, true);
}

// A spring-damper from the ground to the last link and a coordinate constraint on the tree's
// node: items whose derivatives seeded in q only (the constraint; the spring-damper where no q_t
// column is weighted) fit a narrower AD scalar than their node's coordinates do. 12 coordinates
// fit 16 derivatives but not the kernel vectors of the 16-wide AD scalar (at most 8 entries).
class KinematicTreeItemsJacobian : public ::testing::TestWithParam<Index> {};

TEST_P(KinematicTreeItemsJacobian, ExactForItemsOnTheTreesMarkers) {
  MainSystem system;
  const Index n = GetParam();
  const Index tree = AddTree(system, n, false);
  const Index node = 0;  // the tree's node, added first
  const Index ground = AddFromJson(system, ItemCategory::Object, {{"objectType", "Ground"}});
  const Index anchor =
      AddFromJson(system, ItemCategory::Marker,
                  {{"markerType", "BodyPosition"}, {"bodyNumber", ground}, {"localPosition", {1., 0.5, 0.}}});
  const Index tip = AddFromJson(system, ItemCategory::Marker,
                                {{"markerType", "KinematicTreeRigid"},
                                 {"objectNumber", tree},
                                 {"linkNumber", n - 1},
                                 {"localPosition", {0.2, 0., 0.1}}});
  AddFromJson(system, ItemCategory::Object,
              {{"objectType", "ConnectorSpringDamper"},
               {"markerNumbers", {anchor, tip}},
               {"referenceLength", 0.3},
               {"stiffness", 50.},
               {"damping", 2.}});
  const Index groundNode = AddFromJson(system, ItemCategory::Node, {{"nodeType", "PointGround"}});
  const Index groundCoordinate = AddFromJson(
      system, ItemCategory::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", groundNode}, {"coordinate", 0}});
  const Index joint = AddFromJson(system, ItemCategory::Marker,
                                  {{"markerType", "NodeCoordinate"}, {"nodeNumber", node}, {"coordinate", n / 2}});
  AddFromJson(system, ItemCategory::Object,
              {{"objectType", "ConnectorCoordinate"}, {"markerNumbers", {groundCoordinate, joint}}, {"offset", 0.05}});
  system.Assemble();
  SystemEquations equations(system);
  SystemState state = system.CurrentState();
  test::Randomize(system, state, 7);
  test::ExpectExactJacobians(equations, state, true);
}

// 5 links: one chunk of 16 derivatives (10 seeded); 12: two chunks (24); 20: three chunks (40).
INSTANTIATE_TEST_SUITE_P(Sizes, KinematicTreeJacobian, ::testing::Values(5, 12, 20));
INSTANTIATE_TEST_SUITE_P(Sizes, KinematicTreeLimitJacobian, ::testing::Values(5, 12, 20));
INSTANTIATE_TEST_SUITE_P(Sizes, KinematicTreeItemsJacobian, ::testing::Values(5, 12, 20));

TEST(KinematicTree, UserFunctionForceEntersTheJacobian) {
  MainSystem system;
  AddTree(system, 4, true);
  system.Assemble();
  SystemEquations equations(system);
  SystemState state = system.CurrentState();
  test::Randomize(system, state, 9);
  test::ExpectExactJacobians(equations, state, true);
}

}  // namespace
