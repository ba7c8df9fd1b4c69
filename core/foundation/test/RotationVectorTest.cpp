// The rotation vector's exponential, logarithm and inverse left Jacobian against Rodrigues' formula,
// the 4 x 4 matrix exponential of a twist summed as a power series, and finite differences.
#include <gtest/gtest.h>

#include <cmath>

#include "core/foundation/RotationVector.h"
#include "core/foundation/test/RodriguesFormula.h"

using namespace multidyn;

namespace {
// exp of the twist [Omega~ rho; 0 0] by its power series (|Omega| <= 3: 60 terms are exact to 1e-16).
Eigen::Matrix4d TwistExponential(const Vector3& rotation, const Vector3& rho) {
  Eigen::Matrix4d M = Eigen::Matrix4d::Zero();
  M.topLeftCorner<3, 3>() = Skew<double>(rotation);
  M.topRightCorner<3, 1>() = rho;
  Eigen::Matrix4d term = Eigen::Matrix4d::Identity(), sum = Eigen::Matrix4d::Identity();
  for (int k = 1; k < 60; ++k) {
    term = term * M / double(k);
    sum += term;
  }
  return sum;
}

// Angles on both sides of the series threshold (phi^2 = 1e-4), large ones and one near pi.
const double angles[] = {0., 1e-7, 1e-3, 0.0099, 0.0101, 0.3, 1.7, 3.1};
const Vector3 axes[] = {Vector3(0.3, -0.5, 0.8), Vector3::UnitX(), Vector3::UnitY(), Vector3::UnitZ(),
                        Vector3(-1., 0.2, 0.1)};
}  // namespace

TEST(RotationVector, ExponentialIsRodrigues) {
  for (const Vector3& axis : axes)
    for (const double angle : angles) {
      const Vector3 rotation = angle * axis.normalized();
      EXPECT_TRUE(RotationVectorToRotationMatrix(rotation).isApprox(RodriguesFormula(axis, angle), 1e-15))
          << "angle " << angle;
    }
}

TEST(RotationVector, LogarithmInvertsTheExponentialOnEveryBranchOfShepperd) {
  // angles near pi about each axis take Shepperd's branches 1..3; small ones the trace branch
  for (const Vector3& axis : axes)
    for (const double angle : angles) {
      const Vector3 rotation = angle * axis.normalized();
      const Vector3 back = RotationMatrixToRotationVector(RodriguesFormula(axis, angle));
      EXPECT_LT((back - rotation).norm(), 1e-14 * (1. + angle)) << "angle " << angle << " axis " << axis.transpose();
    }
  // a rotation by more than pi is returned as the equivalent one by less than pi, about the opposite axis
  const Vector3 axis = axes[0].normalized();
  const Vector3 back = RotationMatrixToRotationVector(RodriguesFormula(axis, 4.));
  EXPECT_LT((back - (4. - 2. * M_PI) * axis).norm(), 1e-13);
}

TEST(RotationVector, InverseLeftJacobianIsTheTranslationOfTheTwistLogarithm) {
  // exp([Omega~ rho; 0 0]) translates by J_l(Omega) rho, so J_l^-1 of that translation is rho
  const Vector3 rho(0.7, -0.2, 0.4);
  for (const Vector3& axis : axes)
    for (const double angle : angles) {
      const Vector3 rotation = angle * axis.normalized();
      const Eigen::Matrix4d H = TwistExponential(rotation, rho);
      const Matrix3 A = H.topLeftCorner<3, 3>();
      EXPECT_TRUE(A.isApprox(RotationVectorToRotationMatrix(rotation), 1e-14));
      const Vector3 recovered = InverseLeftJacobianSO3(rotation) * Vector3(H.topRightCorner<3, 1>());
      EXPECT_LT((recovered - rho).norm(), 1e-14) << "angle " << angle;
    }
}

TEST(RotationVector, DerivativesAreContinuousThroughTheSeriesAndExistAtZero) {
  using AD = ADScalarOf<3>;
  const Vector3 direction = axes[0].normalized();
  for (const double angle : {0., 0.0099, 0.0101, 0.8}) {
    // d log(exp(Omega)) / d Omega = I everywhere, including the identity rotation
    Vec3<AD> rotation;
    for (int i = 0; i < 3; ++i) rotation(i) = AD(angle * direction(i), 3, i);
    const Vec3<AD> back = RotationMatrixToRotationVector(RotationVectorToRotationMatrix(rotation));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_NEAR(back(i).derivatives()(j), i == j ? 1. : 0., 1e-12) << "angle " << angle;
    // the derivative of J_l^-1 p against central differences
    const Vector3 p(0.4, 0.9, -0.3);
    const Vec3<AD> q = InverseLeftJacobianSO3(rotation) * p.cast<AD>();
    const double h = 1e-6;
    for (int j = 0; j < 3; ++j) {
      Vector3 plus = angle * direction, minus = angle * direction;
      plus(j) += h;
      minus(j) -= h;
      const Vector3 difference = (InverseLeftJacobianSO3(plus) * p - InverseLeftJacobianSO3(minus) * p) / (2. * h);
      for (int i = 0; i < 3; ++i) EXPECT_NEAR(q(i).derivatives()(j), difference(i), 1e-8) << "angle " << angle;
    }
  }
}
