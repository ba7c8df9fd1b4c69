// NodeRigidBodyEP's kinematics with fixed-size AD scalars (chain rule with closed-form partial
// derivatives) against the scalar operations of its formulas: the same bits, values and
// derivatives, at random states on and off the unit sphere of the Euler parameters, for the
// seeds the Jacobian uses (q and q_t, q only, at an offset in a wider derivative vector); and the
// values in double (ValueKinematics, the residual's) against the formulas in double.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "objects/nodes/NodeRigidBodyEP.h"

using namespace multidyn;

namespace {

template <class Derivatives> void ExpectSameScalar(const Eigen::AutoDiffScalar<Derivatives>& seeded,
                                                   const Eigen::AutoDiffScalar<Derivatives>& formula,
                                                   const std::string& what) {
  ASSERT_EQ(seeded.value(), formula.value()) << what;
  ASSERT_EQ(seeded.derivatives().size(), formula.derivatives().size()) << what;
  for (Index d = 0; d < seeded.derivatives().size(); ++d)
    ASSERT_EQ(seeded.derivatives()(d), formula.derivatives()(d)) << what << ", derivative " << d;
}

template <class Matrix> void ExpectSameBits(const Matrix& seeded, const Matrix& formula, const std::string& what) {
  ASSERT_EQ(seeded.rows(), formula.rows()) << what;
  ASSERT_EQ(seeded.cols(), formula.cols()) << what;
  for (Index i = 0; i < seeded.size(); ++i) ExpectSameScalar(seeded.data()[i], formula.data()[i], what);
}

// Every field of two node kinematics: the matrices by expectSame(a, b, name), the rest by EXPECT_EQ.
template <class S, class ExpectSame>
void ExpectSameKinematics(const NodeKinematics<S>& a, const NodeKinematics<S>& b, ExpectSame expectSame) {
  expectSame(a.position, b.position, "position");
  expectSame(a.velocity, b.velocity, "velocity");
  expectSame(a.rotation, b.rotation, "rotation");
  expectSame(a.angularVelocityLocal, b.angularVelocityLocal, "angularVelocityLocal");
  expectSame(a.G, b.G, "G");
  expectSame(a.Glocal, b.Glocal, "Glocal");
  expectSame(a.Glocal_tTheta_t, b.Glocal_tTheta_t, "Glocal_tTheta_t");
  expectSame(a.coordinates, b.coordinates, "coordinates");
  expectSame(a.coordinates_t, b.coordinates_t, "coordinates_t");
  EXPECT_EQ(a.numberOfCoordinates, b.numberOfCoordinates);
  EXPECT_EQ(a.positionCoordinates, b.positionCoordinates);
  EXPECT_EQ(a.rotationStart, b.rotationStart);
  EXPECT_EQ(a.hasOrientation, b.hasOrientation);
}

template <class Matrix> void ExpectSameDoubles(const Matrix& value, const Matrix& formula, const std::string& what) {
  ASSERT_EQ(value.rows(), formula.rows()) << what;
  ASSERT_EQ(value.cols(), formula.cols()) << what;
  EXPECT_EQ(std::memcmp(value.data(), formula.data(), sizeof(double) * value.size()), 0) << what;  // also +-0
}

template <class AD> void CompareAtRandomStates(Index offset, bool velocitySeeds) {
  std::mt19937 generator(3);
  std::uniform_real_distribution<double> random(-1., 1.);
  NodeRigidBodyEP node;
  node.referenceCoordinates << 0.1, -0.2, 0.3, 0.5, 0.5, -0.5, 0.5;
  constexpr int width = AD::DerType::RowsAtCompileTime;
  for (int trial = 0; trial < 50; ++trial) {
    VecXUnbounded<AD> q(7), q_t(7);
    Eigen::Matrix<double, 7, 1> values;
    for (Index i = 0; i < 7; ++i) values(i) = random(generator);
    if (trial % 2 == 0) values.segment<4>(3).normalize();
    for (Index i = 0; i < 7; ++i) {
      q(i) = AD(values(i), width, offset + i);
      q_t(i) = velocitySeeds ? AD(3. * random(generator), width, offset + 7 + i) : AD(3. * random(generator));
    }
    NodeKinematics<AD> seeded, formula;
    node.SeededKinematics(NodeCoordinates<AD>{q, q_t}, seeded);
    node.FormulaKinematics(NodeCoordinates<AD>{q, q_t}, formula);
    ExpectSameKinematics(seeded, formula,
                         [](const auto& a, const auto& b, const char* what) { ExpectSameBits(a, b, what); });
  }
}

TEST(NodeRigidBodyEP, SeededKinematicsAreTheFormulasBitForBit) {
  CompareAtRandomStates<ADScalar16>(0, true);  // a body on the node: [q; q_t]
  CompareAtRandomStates<ADScalar16>(0, false);  // position-level constraint: q only
  CompareAtRandomStates<ADScalar16>(7, false);  // second node of a constraint, q only
  CompareAtRandomStates<ADScalar16>(2, true);  // [q; q_t] at an offset within a chunk
}

TEST(NodeRigidBodyEP, ValueKinematicsAreTheFormulasBitForBit) {
  std::mt19937 generator(5);
  std::uniform_real_distribution<double> random(-1., 1.);
  NodeRigidBodyEP node;
  node.referenceCoordinates << 0.1, -0.2, 0.3, 0.5, 0.5, -0.5, 0.5;
  for (int trial = 0; trial < 200; ++trial) {
    VectorX q(7), q_t(7);
    for (Index i = 0; i < 7; ++i) {
      q(i) = random(generator);
      q_t(i) = 3. * random(generator);
    }
    if (trial % 2 == 0) q.segment<4>(3).normalize();
    if (trial % 5 == 0) q(4) = q(5) = q_t(4) = q_t(5) = (trial % 10 == 0 ? -0. : 0.);  // planar, with signed zeros
    NodeKinematics<double> value, formula;
    node.ValueKinematics(NodeCoordinates<double>{q, q_t}, value);
    node.FormulaKinematics(NodeCoordinates<double>{q, q_t}, formula);
    ExpectSameKinematics(value, formula,
                         [](const auto& a, const auto& b, const char* what) { ExpectSameDoubles(a, b, what); });
  }
}

}  // namespace
