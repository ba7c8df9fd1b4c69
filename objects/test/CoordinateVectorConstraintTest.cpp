// CoordinateVectorConstraint beyond its generic test instance: user functions (C++ stand-ins for
// Python's) whose Jacobian carries the exact derivatives, more equations than the AD scalar of its
// coordinates would hold, markers too large for the fixed-size AD scalars, and time steps that
// allocate nothing with the built-in equations.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/evaluation/SystemEquations.h"
#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

// (mbs, t, itemNumber, q, q_t, velocityLevel) -> vector or matrix, as the Python functions.
using Arguments = std::function<MatrixX(const VectorX& q, const VectorX& q_t, bool velocityLevel)>;
class CppFunction : public ScriptFunction {
 public:
  explicit CppFunction(Arguments f) : f_(std::move(f)) {}
  double CallReal(ScriptArguments) const override { return 0.; }
  VectorX CallVector(ScriptArguments arguments, Index expectedSize) const override {
    const MatrixX value = Call(arguments);
    if (value.size() != expectedSize) throw UserFunctionError("wrong size");
    return Eigen::Map<const VectorX>(value.data(), value.size());
  }
  MatrixX CallMatrix(ScriptArguments arguments, Index rows, Index cols) const override {
    const MatrixX value = Call(arguments);
    if (value.rows() != rows || value.cols() != cols) throw UserFunctionError("wrong shape");
    return value;
  }
  std::string Description() const override { return "C++ test function"; }

 private:
  MatrixX Call(ScriptArguments arguments) const {
    const ScriptArgument* a = arguments.begin();
    return f_(std::get<VectorX>(a[3]), std::get<VectorX>(a[4]), std::get<bool>(a[5]));
  }
  Arguments f_;
};

// The two link lengths of a double pendulum over q = [x0, y0, x1, y1] and their Jacobian.
VectorX Lengths(const VectorX& q) {
  return (VectorX(2) << std::hypot(q(0), q(1)), std::hypot(q(2) - q(0), q(3) - q(1))).finished();
}
MatrixX LengthJacobian(const VectorX& q) {
  const VectorX d = Lengths(q);
  const double ux = (q(2) - q(0)) / d(1), uy = (q(3) - q(1)) / d(1);
  return (MatrixX(2, 4) << q(0) / d(0), q(1) / d(0), 0., 0., -ux, -uy, ux, uy).finished();
}

// Two NodePoint2D under one ObjectGenericODE2 (MarkerObjectODE2Coordinates), tied to a ground
// marker by the link lengths in user functions; velocityLevel: the function gives C q_t.
std::unique_ptr<MainSystem> UserFunctionDoublePendulum() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index n0 = AddFromJson(s, C::Node, {{"nodeType", "Point2D"}, {"referenceCoordinates", {0.8, 0.}}});
  const Index n1 = AddFromJson(s, C::Node, {{"nodeType", "Point2D"}, {"referenceCoordinates", {1.6, 0.1}}});
  const Index body =
      AddFromJson(s, C::Object,
                  {{"objectType", "GenericODE2"},
                   {"nodeNumbers", {n0, n1}},
                   {"massMatrix", {{2., 0., 0., 0.}, {0., 2., 0., 0.}, {0., 0., 3., 0.}, {0., 0., 0., 3.}}}});
  const Index groundNode = AddFromJson(s, C::Node, {{"nodeType", "PointGround"}});
  const Index ground = AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinates"}, {"nodeNumber", groundNode}});
  const Index all = AddFromJson(s, C::Marker, {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", body}});
  const Index constraint = AddFromJson(s, C::Object,
                                       {{"objectType", "ConnectorCoordinateVector"},
                                        {"markerNumbers", {ground, all}},
                                        {"scalingMarker1", {{0., 0., 0., 0.}, {0., 0., 0., 0.}}}});
  s.SetItemUserFunction(
      C::Object, constraint, "constraintUserFunction",
      std::make_shared<CppFunction>([](const VectorX& q, const VectorX& q_t, bool velocityLevel) {
        return MatrixX(velocityLevel ? VectorX(LengthJacobian(q) * q_t) : VectorX(Lengths(q).array() - 0.8));
      }));
  s.SetItemUserFunction(
      C::Object, constraint, "jacobianUserFunction",
      std::make_shared<CppFunction>([](const VectorX& q, const VectorX&, bool) { return LengthJacobian(q); }));
  s.Assemble();
  return system;
}

// The generic item checks at a random state of the assembled `system`: exact Jacobians against
// finite differences, loads = -C_q^T lambda, g_t = dg/dt.
void ExpectExactAndConsistent(MainSystem& system, unsigned seed) {
  SystemEquations equations(system);
  SystemState state = system.CurrentState();
  test::Randomize(system, state, seed);
  test::ExpectExactJacobians(equations, state, true);
  EXPECT_GT(test::ExpectConstraintLoadsAreTransposedConstraintJacobian(system, equations, state), 0);
  test::ExpectVelocityEquationsAreTimeDerivatives(system, equations, state);
}

}  // namespace

TEST(CoordinateVectorConstraint, UserFunctionJacobiansGiveTheExactDerivatives) {
  auto system = UserFunctionDoublePendulum();
  // d(C^T lambda)/dq and d(C q_t)/dq by forward differences of the user's C: within 1e-6
  for (unsigned seed : {3u, 4u}) ExpectExactAndConsistent(*system, seed);
}

// 12 equations on one marker of 3 coordinates: 3 derivatives (q only) would fit ADScalar16, whose
// kernel vectors hold 8 entries; the equations choose the AD scalar too (decision 32).
TEST(CoordinateVectorConstraint, MoreEquationsThanTheCoordinatesADScalarHolds) {
  MainSystem s;
  using C = ItemCategory;
  const Index node = AddFromJson(s, C::Node, {{"nodeType", "RigidBody2D"}, {"referenceCoordinates", {0.4, -1., 0.7}}});
  AddFromJson(s, C::Object,
              {{"objectType", "RigidBody2D"}, {"nodeNumber", node}, {"physicsMass", 2.}, {"physicsInertia", 0.5}});
  const Index ground = AddFromJson(
      s, C::Marker,
      {{"markerType", "NodeCoordinates"}, {"nodeNumber", AddFromJson(s, C::Node, {{"nodeType", "PointGround"}})}});
  const Index marker = AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinates"}, {"nodeNumber", node}});
  Json X = Json::array(), Y = Json::array();
  for (Index i = 0; i < 12; ++i) {
    X.push_back({0.1 * i, 1. - 0.05 * i, 0.3});
    Y.push_back({0.02 * i, 0.1, -0.01 * i});
  }
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateVector"},
               {"markerNumbers", {ground, marker}},
               {"scalingMarker1", X},
               {"quadraticTermMarker1", Y}});
  s.Assemble();
  ExpectExactAndConsistent(s, 5);
}

// A body of 40 coordinates (NodeGenericODE2): beyond the fixed-size AD scalars, run-time sized AD
// (and 6: ADScalar16). The initial accelerations' term has unseeded velocities, which run-time
// sized AD scalars carry without derivatives (ObjectConnectorCoordinateVector::AddTo).
class CoordinateVectorMarkerSize : public ::testing::TestWithParam<Index> {};
TEST_P(CoordinateVectorMarkerSize, LargeMarkersUseRunTimeSizedAD) {
  MainSystem s;
  using C = ItemCategory;
  const Index n = GetParam();
  Json zeros = Json::array(), reference = Json::array(), mass = Json::array(), X = Json::array(), Y = Json::array();
  for (Index i = 0; i < n; ++i) {
    zeros.push_back(0.);
    reference.push_back(0.01 * i);
    Json row = Json::array();
    for (Index j = 0; j < n; ++j) row.push_back(i == j ? 1. + 0.1 * i : 0.);
    mass.push_back(row);
  }
  for (Index k = 0; k < 3; ++k) {
    Json x = Json::array(), y = Json::array();
    for (Index j = 0; j < n; ++j) {
      x.push_back(std::sin(0.3 * j + k));
      y.push_back(0.1 * std::cos(0.2 * j - k));
    }
    X.push_back(x);
    Y.push_back(y);
  }
  const Index node = AddFromJson(s, C::Node,
                                 {{"nodeType", "GenericODE2"},
                                  {"numberOfODE2Coordinates", n},
                                  {"referenceCoordinates", reference},
                                  {"initialCoordinates", zeros},
                                  {"initialCoordinates_t", zeros}});
  const Index body =
      AddFromJson(s, C::Object, {{"objectType", "GenericODE2"}, {"nodeNumbers", {node}}, {"massMatrix", mass}});
  const Index ground = AddFromJson(s, C::Marker,
                                   {{"markerType", "ObjectODE2Coordinates"},
                                    {"objectNumber", AddFromJson(s, C::Object, {{"objectType", "Ground"}})}});
  const Index marker = AddFromJson(s, C::Marker, {{"markerType", "ObjectODE2Coordinates"}, {"objectNumber", body}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateVector"},
               {"markerNumbers", {ground, marker}},
               {"scalingMarker1", X},
               {"quadraticTermMarker1", Y},
               {"offset", {0.1, 0.2, 0.3}}});
  s.Assemble();
  ExpectExactAndConsistent(s, 6);
}

INSTANTIATE_TEST_SUITE_P(Sizes, CoordinateVectorMarkerSize, ::testing::Values(6, 40));
