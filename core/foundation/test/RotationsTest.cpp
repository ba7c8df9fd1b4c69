// Rotation parametrisations against closed forms and finite differences.
#include <gtest/gtest.h>

#include <cmath>

#include "core/foundation/Rotations.h"
#include "core/foundation/test/RodriguesFormula.h"

using namespace multidyn;

namespace {
Vector3 Unskew(const Matrix3& m) { return Vector3(m(2, 1), m(0, 2), m(1, 0)); }
}  // namespace

TEST(Rotations, RotXYZSingleAxesAreElementaryRotations) {
  const double a = 0.7;
  EXPECT_TRUE(RotXYZToRotationMatrix(0., 0., a).isApprox(RodriguesFormula(Vector3::UnitZ(), a), 1e-14));
  EXPECT_TRUE(RotXYZToRotationMatrix(a, 0., 0.).isApprox(RodriguesFormula(Vector3::UnitX(), a), 1e-14));
  EXPECT_TRUE(RotXYZToRotationMatrix(0., a, 0.).isApprox(RodriguesFormula(Vector3::UnitY(), a), 1e-14));
  // Rz(pi/2) maps x to y
  EXPECT_TRUE((RotXYZToRotationMatrix(0., 0., M_PI / 2) * Vector3::UnitX()).isApprox(Vector3::UnitY(), 1e-14));
}

TEST(Rotations, RotXYZIsProductAndInvertible) {
  const double t0 = 0.3, t1 = -0.4, t2 = 1.1;
  const Matrix3 A = RotXYZToRotationMatrix(t0, t1, t2);
  const Matrix3 product = RodriguesFormula(Vector3::UnitX(), t0) * RodriguesFormula(Vector3::UnitY(), t1) *
                          RodriguesFormula(Vector3::UnitZ(), t2);
  EXPECT_TRUE(A.isApprox(product, 1e-14));
  EXPECT_NEAR(A.determinant(), 1., 1e-14);
  EXPECT_TRUE((A * A.transpose()).isApprox(Matrix3::Identity(), 1e-14));
  EXPECT_TRUE(RotationMatrixToRotXYZ(A).isApprox(Vector3(t0, t1, t2), 1e-13));
}

TEST(Rotations, RotXYZGMatricesGiveAngularVelocity) {
  const Vector3 theta(0.3, -0.4, 1.1), theta_t(0.5, -1.2, 2.0);
  const double h = 1e-6;
  const Matrix3 A = RotXYZToRotationMatrix(theta(0), theta(1), theta(2));
  const Vector3 tp = theta + h * theta_t, tm = theta - h * theta_t;
  const Matrix3 A_t =
      (RotXYZToRotationMatrix(tp(0), tp(1), tp(2)) - RotXYZToRotationMatrix(tm(0), tm(1), tm(2))) / (2 * h);
  const Vector3 omegaGlobal = Unskew(A_t * A.transpose());
  const Vector3 omegaLocal = Unskew(A.transpose() * A_t);
  EXPECT_TRUE((RotXYZToG(theta(0), theta(1)) * theta_t).isApprox(omegaGlobal, 1e-8));
  EXPECT_TRUE((RotXYZToGLocal(theta(1), theta(2)) * theta_t).isApprox(omegaLocal, 1e-8));
  // d(Glocal)/dt * theta_t by finite differences along the motion
  const Matrix3 Gl_t = (RotXYZToGLocal(tp(1), tp(2)) - RotXYZToGLocal(tm(1), tm(2))) / (2 * h);
  EXPECT_TRUE(RotXYZGLocal_tTheta_t(theta(1), theta(2), Vector3(theta_t)).isApprox(Gl_t * theta_t, 1e-8));
}

TEST(Rotations, EulerParametersMatchAxisAngle) {
  const Vector3 axis = Vector3(1., -2., 0.5).normalized();
  const double angle = 2.3;
  Eigen::Vector4d e;
  e << std::cos(angle / 2), axis * std::sin(angle / 2);
  EXPECT_TRUE(EulerParametersToRotationMatrix<double>(e).isApprox(RodriguesFormula(axis, angle), 1e-14));
}

TEST(Rotations, EulerParameterGMatricesGiveAngularVelocity) {
  Eigen::Vector4d e(0.8, 0.1, -0.3, 0.5);
  e.normalize();
  Eigen::Vector4d e_t(0.2, -0.7, 0.4, 0.9);
  e_t -= e.dot(e_t) * e;  // tangent to the unit sphere
  const double h = 1e-6;
  const Matrix3 A = EulerParametersToRotationMatrix<double>(e);
  const Eigen::Vector4d ep = e + h * e_t, em = e - h * e_t;
  const Matrix3 A_t =
      (EulerParametersToRotationMatrix<double>(ep) - EulerParametersToRotationMatrix<double>(em)) / (2 * h);
  EXPECT_TRUE((EulerParametersToG<double>(e) * e_t).isApprox(Unskew(A_t * A.transpose()), 1e-8));
  EXPECT_TRUE((EulerParametersToGLocal<double>(e) * e_t).isApprox(Unskew(A.transpose() * A_t), 1e-8));
  // Glocal(e_t) * e_t = 0, which the node uses for d(Glocal)/dt * e_t
  EXPECT_NEAR((EulerParametersToGLocal<double>(e_t) * e_t).norm(), 0., 1e-15);
}
