// ODE1 coordinates: numbering [ODE2 | ODE1 | AE] in node order, reference + stored values, the
// residual y_t - f(y, t), the ODE1 Jacobian block (also for a user function, by finite
// differences) and the checks of the generic items.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/evaluation/SystemEquations.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

// A C++ stand-in for a Python rhsUserFunction(mbs, t, itemNumber, coordinates).
class CppRightHandSide : public ScriptFunction {
 public:
  explicit CppRightHandSide(std::function<VectorX(double, const VectorX&)> f) : f_(std::move(f)) {}
  double CallReal(ScriptArguments) const override { return 0.; }
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override {
    const VectorX value = f_(std::get<double>(arguments.begin()[1]), std::get<VectorX>(arguments.begin()[3]));
    if (value.size() != expectedSize) throw UserFunctionError("wrong size");
    return value;
  }
  std::string Description() const override { return "C++ test function"; }

 private:
  std::function<VectorX(double, const VectorX&)> f_;
};

}  // namespace

TEST(ODE1, NumberingFollowsNodeOrderAfterAllODE2Unknowns) {
  auto system = MakeSystemWithEveryItem();
  const CompiledSystem& c = system->Compiled();
  // nodes: Rxyz (6), EP (7 + 1 AE), ODE1 (2), Point (3), ODE1 (1), data, ground, planar rigid (3)
  EXPECT_EQ(c.numberOfODE2, 19);
  EXPECT_EQ(c.numberOfODE1, 3);
  EXPECT_EQ(c.nodeODE1Start, (std::vector<Index>{-1, -1, 0, -1, 2, -1, -1, -1}));
  EXPECT_EQ(c.nodeODE2Start, (std::vector<Index>{0, 6, -1, 13, -1, -1, -1, 16}));
  EXPECT_EQ(c.ode1Nodes, (std::vector<Index>{2, 4}));
  ASSERT_EQ(c.ode1Objects.size(), 1u);
  // the object lists its nodes as [node 4, node 2]: its local y is [y_4; y_2]
  EXPECT_EQ(c.objectODE1Indices[c.ode1Objects[0]], (std::vector<Index>{2, 0, 1}));
  EXPECT_TRUE(c.ode1Reference.isApprox(Eigen::Vector3d(0.5, -1., 2.)));
  EXPECT_TRUE(system->InitialState().ode1.isApprox(Eigen::Vector3d(0.1, 0.2, -0.3)));
  EXPECT_TRUE(system->State(ConfigurationType::Reference).ode1.isZero());

  SystemEquations equations(*system);
  EXPECT_EQ(equations.NumberOfUnknowns(), 19 + 3 + 9);
  EXPECT_NE(equations.DescribeUnknown(19).find("ODE1 coordinate 0 of node 2"), std::string::npos)
      << equations.DescribeUnknown(19);
  EXPECT_NE(equations.DescribeUnknown(21).find("ODE1 coordinate 0 of node 4"), std::string::npos);
  EXPECT_NE(equations.DescribeUnknown(22).find("algebraic equation of node 1"), std::string::npos)
      << equations.DescribeUnknown(22);

  const VectorX y = system->GetNodeOutput(2, OutputVariableType::Coordinates, ConfigurationType::Initial);
  EXPECT_TRUE(y.isApprox(Eigen::Vector2d(0.1, 0.2)));  // stored values, as ODE2 Coordinates
}

TEST(ODE1, ResidualIsRateMinusRightHandSideOfStoredCoordinates) {
  auto system = MakeSystemWithEveryItem();
  SystemEquations equations(*system);
  SystemState state = system->InitialState();
  state.ode1_t << 1., 2., 3.;
  VectorX r1;
  equations.ComputeODE1Residual(state, r1);
  const Eigen::Vector3d yObject(-0.3, 0.1, 0.2);  // [y_4; y_2], stored (Exudyn's: without reference values)
  Eigen::Matrix3d A;
  A << -1., 2., 0.5, 0., -3., 1., 4., -0.2, -0.7;
  const Eigen::Vector3d f = A * yObject + Eigen::Vector3d(1., 0., -2.);
  const Eigen::Vector3d expected(1. - f(1), 2. - f(2), 3. - f(0));  // back to global order [y_2; y_4]
  EXPECT_LT((r1 - expected).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(ODE1, UserFunctionJacobianByFiniteDifferencesMatchesTheDerivative) {
  MainSystem system;
  using C = ItemCategory;
  const Index node = AddFromJson(system, C::Node,
                                 {{"nodeType", "GenericODE1"},
                                  {"numberOfODE1Coordinates", 2},
                                  {"referenceCoordinates", {0.3, -0.4}},
                                  {"initialCoordinates", {0., 0.}}});
  const Index object =
      AddFromJson(system, C::Object,
                  {{"objectType", "GenericODE1"}, {"nodeNumbers", {node}}, {"systemMatrix", {{0., 1.}, {-4., 0.}}}});
  // f_user = [sin(y0) y1; t y0^2]
  auto function = std::make_shared<CppRightHandSide>([](double t, const VectorX& y) {
    VectorX f(2);
    f << std::sin(y(0)) * y(1), t * y(0) * y(0);
    return f;
  });
  system.SetItemUserFunction(C::Object, object, "rhsUserFunction", function);
  system.Assemble();
  SystemEquations equations(system);
  SystemState state = system.InitialState();
  state.time = 0.7;
  state.ode1 << 0.2, 0.5;
  const double y0 = 0.2, y1 = 0.5;  // stored values (the reference values do not enter)
  Eigen::Matrix2d dfdy;
  dfdy << std::cos(y0) * y1, 1. + std::sin(y0), -4. + 2. * 0.7 * y0, 0.;

  JacobianFactors factors;
  factors.ode1Derivative = 0.;
  const MatrixX exact = equations.JacobianDense(state, factors);
  EXPECT_LT((exact + dfdy).cwiseAbs().maxCoeff(), 1e-6) << exact;  // dr1/dy = -df/dy

  factors.ode1Derivative = 2. / 0.01;
  factors.ode1Stiffness = 1.;
  const MatrixX newton = equations.JacobianDense(state, factors);
  EXPECT_LT((newton - (200. * Eigen::Matrix2d::Identity() - dfdy)).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(ODE1, ChecksNameTheItemAndTheParameter) {
  MainSystem system;
  using C = ItemCategory;
  EXPECT_THROW(AddFromJson(system, C::Node,
                           {{"nodeType", "GenericODE1"},
                            {"numberOfODE1Coordinates", 2},
                            {"referenceCoordinates", {0.}},
                            {"initialCoordinates", {0., 0.}}}),
               ValueError);
  const Index node = AddFromJson(system, C::Node,
                                 {{"nodeType", "GenericODE1"},
                                  {"numberOfODE1Coordinates", 2},
                                  {"referenceCoordinates", {0., 0.}},
                                  {"initialCoordinates", {0., 0.}}});
  const Index point = AddFromJson(system, C::Node, {{"nodeType", "Point"}});
  try {
    AddFromJson(system, C::Object,
                {{"objectType", "GenericODE1"},
                 {"nodeNumbers", {node}},
                 {"systemMatrix", {{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}}}});
    FAIL() << "a 3x3 matrix for 2 coordinates was accepted";
  } catch (const ValueError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("ObjectGenericODE1"), std::string::npos) << text;
    EXPECT_NE(text.find("systemMatrix"), std::string::npos) << text;
    EXPECT_NE(text.find("2x2"), std::string::npos) << text;
  }
  EXPECT_THROW(
      AddFromJson(system, C::Object, {{"objectType", "GenericODE1"}, {"nodeNumbers", {node}}, {"rhsVector", {1.}}}),
      ValueError);
  EXPECT_THROW(AddFromJson(system, C::Object, {{"objectType", "GenericODE1"}, {"nodeNumbers", {point}}}), TypeError);
  EXPECT_THROW(AddFromJson(system, C::Object, {{"objectType", "GenericODE1"}, {"nodeNumbers", {node, 7}}}), IndexError);
  EXPECT_THROW(AddFromJson(system, C::Object, {{"objectType", "GenericODE1"}, {"nodeNumbers", Json::array()}}),
               ValueError);
  EXPECT_EQ(system.NumberOfItems(C::Object), 0);
}
