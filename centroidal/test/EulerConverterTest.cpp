// EulerConverter against independent formulations: the rotation matrix against explicit
// elementary rotations, omega and omegaDot against time differences of R(t) along a quadratic
// angle path (omega_W x = dR/dt R^T), and every Jacobian against central differences.
#include "centroidal/EulerConverter.h"

#include <gtest/gtest.h>

#include <cmath>

#include "centroidal/test/CentroidalTestHelpers.h"

namespace multidyn {
namespace centroidal {
namespace {

using test::CentralDifference;
using test::ExpectJacobianNear;
using test::RandomJacobian;
using test::RandomVector;
using Eigen::MatrixXd;
using Eigen::VectorXd;

Jacobian Empty() { return Jacobian(3, 0); }

Vector3d AngularVelocityFromRotation(const Matrix3d& R, const Matrix3d& RDot) {
  const Matrix3d skew = RDot * R.transpose();
  return Vector3d(skew(2, 1), skew(0, 2), skew(1, 0));
}

TEST(EulerConverter, YawQuarterTurnMapsXToY) {
  const EulerConverter c(Vector3d(0., 0., M_PI / 2.), Vector3d::Zero(), Vector3d::Zero(), Empty(), Empty(), Empty());
  EXPECT_TRUE((c.GetRotationMatrixBaseToWorld() * Vector3d::UnitX()).isApprox(Vector3d::UnitY(), 1e-15));
}

TEST(EulerConverter, RotationIsZYXProductOfElementaryRotations) {
  const double roll = 0.3, pitch = -0.7, yaw = 1.9;
  const EulerConverter c(Vector3d(roll, pitch, yaw), Vector3d::Zero(), Vector3d::Zero(), Empty(), Empty(), Empty());
  Matrix3d rx, ry, rz;
  rx << 1, 0, 0, 0, std::cos(roll), -std::sin(roll), 0, std::sin(roll), std::cos(roll);
  ry << std::cos(pitch), 0, std::sin(pitch), 0, 1, 0, -std::sin(pitch), 0, std::cos(pitch);
  rz << std::cos(yaw), -std::sin(yaw), 0, std::sin(yaw), std::cos(yaw), 0, 0, 0, 1;
  EXPECT_LT((c.GetRotationMatrixBaseToWorld() - rz * ry * rx).cwiseAbs().maxCoeff(), 1e-15);
}

// e(t) = e0 + eDot t + eDDot t^2 / 2: omega from dR/dt R^T, omegaDot from d omega/dt, both by
// central differences in time
TEST(EulerConverter, AngularVelocityAndAccelerationMatchTimeDerivativesOfR) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const Vector3d e0 = RandomVector(rng, 1.4), eDot = RandomVector(rng, 2.), eDDot = RandomVector(rng, 3.);
    auto anglesAt = [&](double t) { return Vector3d(e0 + eDot * t + 0.5 * eDDot * t * t); };
    auto omegaAt = [&](double t) {
      const double h = 1e-5;
      const Matrix3d RDot =
          (EulerConverter::GetRotationMatrix(anglesAt(t + h)) - EulerConverter::GetRotationMatrix(anglesAt(t - h))) /
          (2. * h);
      return AngularVelocityFromRotation(EulerConverter::GetRotationMatrix(anglesAt(t)), RDot);
    };
    const EulerConverter c(e0, eDot, eDDot, Empty(), Empty(), Empty());
    EXPECT_LT((c.GetAngularVelocityInWorld() - omegaAt(0.)).norm(), 1e-8 * (1. + eDot.norm()));
    const double h = 1e-4;
    const Vector3d omegaDot = (omegaAt(h) - omegaAt(-h)) / (2. * h);
    EXPECT_LT((c.GetAngularAccelerationInWorld() - omegaDot).norm(), 1e-5 * (1. + eDot.squaredNorm() + eDDot.norm()));
  }
}

// random angles, rates and variable maps: e(u) = e0 + J_e (u - u0), and likewise for the rates
TEST(EulerConverter, JacobiansMatchCentralDifferences) {
  std::mt19937 rng(5);
  const int n = 7;
  for (int trial = 0; trial < 20; ++trial) {
    const Vector3d e0 = RandomVector(rng, 1.4), eDot0 = RandomVector(rng, 2.), eDDot0 = RandomVector(rng, 3.);
    const Jacobian jE = RandomJacobian(rng, n), jED = RandomJacobian(rng, n), jEDD = RandomJacobian(rng, n);
    const Vector3d v = RandomVector(rng, 2.);
    auto converterAt = [&](const VectorXd& u) {
      return EulerConverter(e0 + jE * u, eDot0 + jED * u, eDDot0 + jEDD * u, jE, jED, jEDD);
    };
    const VectorXd u0 = VectorXd::Zero(n);
    const EulerConverter c = converterAt(u0);
    const double h = 1e-6;
    ExpectJacobianNear(
        c.GetDerivOfAngVelWrtEulerNodes(),
        CentralDifference([&](const VectorXd& u) { return VectorXd(converterAt(u).GetAngularVelocityInWorld()); }, u0,
                          h),
        1e-6, "d omega/du");
    ExpectJacobianNear(
        c.GetDerivOfAngAccWrtEulerNodes(),
        CentralDifference([&](const VectorXd& u) { return VectorXd(converterAt(u).GetAngularAccelerationInWorld()); },
                          u0, h),
        1e-6, "d omegaDot/du");
    ExpectJacobianNear(
        c.DerivOfRotVecMult(v, false),
        CentralDifference(
            [&](const VectorXd& u) { return VectorXd(converterAt(u).GetRotationMatrixBaseToWorld() * v); }, u0, h),
        1e-6, "d(R v)/du");
    ExpectJacobianNear(
        c.DerivOfRotVecMult(v, true),
        CentralDifference(
            [&](const VectorXd& u) { return VectorXd(converterAt(u).GetRotationMatrixBaseToWorld().transpose() * v); },
            u0, h),
        1e-6, "d(R^T v)/du");
  }
}

TEST(EulerConverter, RejectsBadInput) {
  const Jacobian three(3, 4), two(2, 4), otherWidth(3, 5);
  const Vector3d zero = Vector3d::Zero();
  EXPECT_THROW(EulerConverter(Vector3d(NAN, 0., 0.), zero, zero, three, three, three), std::invalid_argument);
  EXPECT_THROW(EulerConverter(zero, zero, Vector3d(0., INFINITY, 0.), three, three, three), std::invalid_argument);
  EXPECT_THROW(EulerConverter(zero, zero, zero, two, three, three), std::invalid_argument);
  EXPECT_THROW(EulerConverter(zero, zero, zero, three, otherWidth, three), std::invalid_argument);
  const EulerConverter timed(zero, zero, zero, three, three, three, 0.5);
  EXPECT_NO_THROW(timed.CheckTime(0.5));
  EXPECT_THROW(timed.CheckTime(0.6), std::invalid_argument);
  try {
    EulerConverter(zero, zero, zero, three, three, two);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("jacEulerDDot"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace centroidal
}  // namespace multidyn
