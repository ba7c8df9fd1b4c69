// Symbolic expressions compiled to a tape: values against closed forms, exact derivatives (tape on
// ADScalar16) against the analytic ones and central differences for every operation, shared
// sub-expressions computed once, and a recorded user function's argument checks and derivative
// requests.
#include <gtest/gtest.h>

#include <cmath>

#include "core/foundation/Errors.h"
#include "core/foundation/ScriptDerivativeRequest.h"
#include "core/symbolic/SymbolicScriptFunction.h"

using namespace multidyn;

namespace {
using Op = SymbolicOperation;
SymbolicNodePtr C(double value) { return SymbolicNode::Constant(value); }
SymbolicNodePtr Apply(Op op, SymbolicNodePtr a, SymbolicNodePtr b = nullptr, SymbolicNodePtr c = nullptr) {
  return SymbolicNode::Operation(op, a, b, c);
}
}  // namespace

TEST(SymbolicTape, ValueAndExactDerivativeOfAnExpression) {
  auto x = std::make_shared<SymbolicVariable>("x", 0.);
  auto k = std::make_shared<SymbolicVariable>("k", 3.);  // not an input: read from its cell
  const SymbolicNodePtr X = SymbolicNode::Variable(x), K = SymbolicNode::Variable(k);
  // f = k x sin(x) + sqrt(x) - x^1.5 / 2
  const SymbolicNodePtr f =
      Apply(Op::Subtract,
            Apply(Op::Add, Apply(Op::Multiply, Apply(Op::Multiply, K, X), Apply(Op::Sin, X)), Apply(Op::Sqrt, X)),
            Apply(Op::Divide, Apply(Op::Power, X, C(1.5)), C(2.)));
  const SymbolicTape tape({x}, {f});
  const double x0 = 0.7;
  double value;
  tape.Evaluate<double>(&x0, &value);
  EXPECT_DOUBLE_EQ(value, 3. * x0 * std::sin(x0) + std::sqrt(x0) - std::pow(x0, 1.5) / 2.);
  ADScalar16 in(x0), out;
  in.derivatives()(0) = 1.;
  tape.Evaluate<ADScalar16>(&in, &out);
  EXPECT_DOUBLE_EQ(out.value(), value);
  EXPECT_NEAR(out.derivatives()(0),
              3. * std::sin(x0) + 3. * x0 * std::cos(x0) + 0.5 / std::sqrt(x0) - 0.75 * std::sqrt(x0), 1e-14);
  k->SetValue(5.);  // a named value read at each evaluation
  tape.Evaluate<double>(&x0, &value);
  EXPECT_DOUBLE_EQ(value, 5. * x0 * std::sin(x0) + std::sqrt(x0) - std::pow(x0, 1.5) / 2.);
}

TEST(SymbolicTape, EveryOperationsDerivativeEqualsCentralDifferences) {
  auto x = std::make_shared<SymbolicVariable>("x", 0.);
  auto y = std::make_shared<SymbolicVariable>("y", 0.);
  const SymbolicNodePtr X = SymbolicNode::Variable(x), Y = SymbolicNode::Variable(y);
  const double x0 = 0.43, y0 = 1.37;  // inside every domain (acosh: its argument is 1 + x)
  for (int o = int(Op::Negate); o <= int(Op::IfThenElse); ++o) {
    const Op op = Op(o);
    SymbolicNodePtr f;
    if (op == Op::Acosh)
      f = Apply(op, Apply(Op::Add, X, C(1.)));
    else if (OperandCount(op) == 1)
      f = Apply(op, X);
    else if (OperandCount(op) == 2)
      f = Apply(op, X, Y);
    else
      f = Apply(op, Apply(Op::Less, X, Y), Apply(Op::Multiply, X, Y), Y);
    const SymbolicTape tape({x, y}, {f});
    ADScalar16 in[2] = {ADScalar16(x0), ADScalar16(y0)}, out;
    in[0].derivatives()(0) = 1.;
    in[1].derivatives()(1) = 1.;
    tape.Evaluate<ADScalar16>(in, &out);
    for (int j = 0; j < 2; ++j) {
      const double h = 1e-6;
      double plus[2] = {x0, y0}, minus[2] = {x0, y0}, fPlus, fMinus;
      plus[j] += h;
      minus[j] -= h;
      tape.Evaluate<double>(plus, &fPlus);
      tape.Evaluate<double>(minus, &fMinus);
      EXPECT_NEAR(out.derivatives()(j), (fPlus - fMinus) / (2. * h), 1e-7) << SymbolicOperationName(op) << " d/d" << j;
    }
  }
}

TEST(SymbolicTape, SharedSubExpressionIsOneInstruction) {
  auto x = std::make_shared<SymbolicVariable>("x", 0.);
  const SymbolicNodePtr s = Apply(Op::Sin, SymbolicNode::Variable(x));
  const SymbolicNodePtr f = Apply(Op::Multiply, s, s);  // sin(x) once, then the product
  EXPECT_EQ(SymbolicTape({x}, {f}).NumberOfInstructions(), 2);
  EXPECT_TRUE(Apply(Op::Add, C(1.), C(2.))->IsConstant());  // folded
}

namespace {
// f(mbs, t, u, v) = [u0 * v, t * u1] with u a 2-vector
std::shared_ptr<SymbolicScriptFunction> VectorFunction() {
  using Argument = SymbolicScriptFunction::Argument;
  using Kind = SymbolicScriptFunction::ArgumentKind;
  auto t = std::make_shared<SymbolicVariable>("t", 0.);
  auto u0 = std::make_shared<SymbolicVariable>("u[0]", 0.), u1 = std::make_shared<SymbolicVariable>("u[1]", 0.);
  auto v = std::make_shared<SymbolicVariable>("v", 0.);
  std::vector<Argument> arguments = {{"mbs", Kind::System, 0, 0, {}},
                                     {"t", Kind::Scalar, 1, 1, {t}},
                                     {"u", Kind::Vector, 2, 1, {u0, u1}},
                                     {"v", Kind::Scalar, 1, 1, {v}}};
  const std::vector<SymbolicNodePtr> result = {
      Apply(Op::Multiply, SymbolicNode::Variable(u0), SymbolicNode::Variable(v)),
      Apply(Op::Multiply, SymbolicNode::Variable(t), SymbolicNode::Variable(u1))};
  return std::make_shared<SymbolicScriptFunction>("f", arguments, Kind::Vector, 2, 1, result);
}
}  // namespace

TEST(SymbolicScriptFunction, CallsAsAnItemDoesAndNamesWrongArguments) {
  const auto f = VectorFunction();
  const SystemView* system = nullptr;
  const VectorX value = f->CallVector({system, 2., VectorX(Eigen::Vector2d(3., 5.)), 7.}, 2);
  EXPECT_EQ(value, Eigen::Vector2d(21., 10.));
  try {
    f->CallVector({system, 2., Vector3(1., 2., 3.), 7.}, 2);
    FAIL();
  } catch (const UserFunctionError& e) {
    EXPECT_NE(std::string(e.what()).find("argument 'u' has 3 component(s), but it was recorded with 2"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(f->CallVector({system, 2., VectorX(Eigen::Vector2d(3., 5.))}, 2), UserFunctionError);  // too few
  EXPECT_THROW(f->CallVector({system, 2., VectorX(Eigen::Vector2d(3., 5.)), 7.}, 3), UserFunctionError);  // size
  EXPECT_THROW(f->CallReal({system, 2., VectorX(Eigen::Vector2d(3., 5.)), 7.}), UserFunctionError);  // not real
}

TEST(SymbolicScriptFunction, AnswersADerivativeRequestExactly) {
  const auto f = VectorFunction();
  const SystemView* system = nullptr;
  const Index positions[2] = {2, 3};  // d/du (2 components) and d/dv
  double partials[6];
  ScriptDerivativeRequest request(positions, 2, partials, 6);
  {
    ScriptDerivativeRequest::Scope scope(&request);
    f->CallVector({system, 2., VectorX(Eigen::Vector2d(3., 5.)), 7.}, 2);
  }
  ASSERT_TRUE(request.Answered());
  // rows: results [u0 v, t u1]; columns: u0, u1, v
  const double expected[6] = {7., 0., 3., 0., 2., 0.};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(partials[i], expected[i]) << i;
  EXPECT_EQ(ScriptDerivativeRequest::Current(), nullptr);
}
