// NodeKinematics::Reset restores every field to its default (a node's kinematics buffer is reused
// for another node, which may leave fields at their defaults).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/foundation/Kinematics.h"

using namespace multidyn;

TEST(Kinematics, ResetRestoresEveryDefault) {
  NodeKinematics<double> k;
  k.position.setConstant(1.);
  k.velocity.setConstant(2.);
  k.rotation.setConstant(3.);
  k.angularVelocityLocal.setConstant(4.);
  k.G.setConstant(3, 4, 5.);
  k.Glocal.setConstant(3, 4, 6.);
  k.Glocal_tTheta_t.setConstant(7.);
  k.numberOfCoordinates = 7;
  k.positionCoordinates = 2;
  k.rotationStart = 2;
  k.hasOrientation = true;
  k.coordinates.setConstant(7, 8.);
  k.coordinates_t.setConstant(7, 9.);
  k.Reset();
  const NodeKinematics<double> defaults;
  EXPECT_EQ(k.position, defaults.position);
  EXPECT_EQ(k.velocity, defaults.velocity);
  EXPECT_EQ(k.rotation, defaults.rotation);
  EXPECT_EQ(k.angularVelocityLocal, defaults.angularVelocityLocal);
  EXPECT_EQ(k.G.cols(), defaults.G.cols());
  EXPECT_EQ(k.Glocal.cols(), defaults.Glocal.cols());
  EXPECT_EQ(k.Glocal_tTheta_t, defaults.Glocal_tTheta_t);
  EXPECT_EQ(k.numberOfCoordinates, defaults.numberOfCoordinates);
  EXPECT_EQ(k.positionCoordinates, defaults.positionCoordinates);
  EXPECT_EQ(k.rotationStart, defaults.rotationStart);
  EXPECT_EQ(k.hasOrientation, defaults.hasOrientation);
  EXPECT_EQ(k.coordinates.size(), defaults.coordinates.size());
  EXPECT_EQ(k.coordinates_t.size(), defaults.coordinates_t.size());
}

// IsIdentity (bit patterns) decides as Eigen's R == Matrix3::Identity(): -0 counts as 0, NaN and
// entries near 0 or 1 do not.
TEST(Kinematics, IsIdentityIsEigensComparisonWithTheIdentity) {
  std::vector<Matrix3> cases;
  cases.push_back(Matrix3::Identity());
  Matrix3 negativeZeros = Matrix3::Identity();
  negativeZeros(1, 0) = negativeZeros(0, 2) = negativeZeros(2, 1) = -0.;
  cases.push_back(negativeZeros);
  cases.push_back(-Matrix3::Identity());
  cases.push_back((Matrix3() << 0., 1., 0., -1., 0., 0., 0., 0., 1.).finished());
  for (Index i = 0; i < 9; ++i)
    for (const double value : {1e-300, -1e-300, 1. + 1e-16 * 2.2, std::nan(""), 2., 0.5, -1.}) {
      Matrix3 R = Matrix3::Identity();
      R.data()[i] = value;
      cases.push_back(R);
    }
  for (const Matrix3& R : cases) EXPECT_EQ(IsIdentity(R), R == Matrix3::Identity()) << R;
}
