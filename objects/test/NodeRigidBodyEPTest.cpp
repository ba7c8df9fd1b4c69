// NodeRigidBodyEP's kinematics with fixed-size AD scalars (chain rule with closed-form partial
// derivatives) against the scalar operations of its formulas: the same bits, values and
// derivatives, at random states on and off the unit sphere of the Euler parameters, for the
// seeds the Jacobian uses (q and q_t, q only, at an offset in a wider derivative vector).
#include <gtest/gtest.h>

#include <random>

#include "objects/nodes/NodeRigidBodyEP.h"

using namespace multidyn;

namespace {

template <class Derivatives>
void ExpectSameScalar(const Eigen::AutoDiffScalar<Derivatives>& seeded, const Eigen::AutoDiffScalar<Derivatives>& formula,
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
    ExpectSameBits(seeded.position, formula.position, "position");
    ExpectSameBits(seeded.velocity, formula.velocity, "velocity");
    ExpectSameBits(seeded.rotation, formula.rotation, "rotation");
    ExpectSameBits(seeded.angularVelocityLocal, formula.angularVelocityLocal, "angularVelocityLocal");
    ExpectSameBits(seeded.G, formula.G, "G");
    ExpectSameBits(seeded.Glocal, formula.Glocal, "Glocal");
    ExpectSameBits(seeded.Glocal_tTheta_t, formula.Glocal_tTheta_t, "Glocal_tTheta_t");
    ExpectSameBits(seeded.coordinates, formula.coordinates, "coordinates");
    ExpectSameBits(seeded.coordinates_t, formula.coordinates_t, "coordinates_t");
    EXPECT_EQ(seeded.numberOfCoordinates, formula.numberOfCoordinates);
    EXPECT_EQ(seeded.positionCoordinates, formula.positionCoordinates);
    EXPECT_EQ(seeded.rotationStart, formula.rotationStart);
    EXPECT_EQ(seeded.hasOrientation, formula.hasOrientation);
  }
}

TEST(NodeRigidBodyEP, SeededKinematicsAreTheFormulasBitForBit) {
  CompareAtRandomStates<ADScalar16>(0, true);    // a body on the node: [q; q_t]
  CompareAtRandomStates<ADScalar16>(0, false);   // position-level constraint: q only
  CompareAtRandomStates<ADScalar32>(7, true);    // second node of a connector
  CompareAtRandomStates<ADScalar32>(14, false);  // third node, q only
}

}  // namespace
