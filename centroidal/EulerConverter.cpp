#include "centroidal/EulerConverter.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "centroidal/SparseAlgebra.h"

namespace multidyn {
namespace centroidal {

namespace {

// derivative of a rotation matrix about one axis: d/da R(a) = R(a + pi/2) with the axis entry removed
Matrix3d RotationDerivativeX(double a) {
  Matrix3d d;
  d << 0., 0., 0., 0., -std::sin(a), -std::cos(a), 0., std::cos(a), -std::sin(a);
  return d;
}
Matrix3d RotationDerivativeY(double a) {
  Matrix3d d;
  d << -std::sin(a), 0., std::cos(a), 0., 0., 0., -std::cos(a), 0., -std::sin(a);
  return d;
}
Matrix3d RotationDerivativeZ(double a) {
  Matrix3d d;
  d << -std::sin(a), -std::cos(a), 0., std::cos(a), -std::sin(a), 0., 0., 0., 0.;
  return d;
}

}  // namespace

EulerConverter::EulerConverter(const Vector3d& euler, const Vector3d& eulerDot, const Vector3d& eulerDDot,
                               const Jacobian& jacEuler, const Jacobian& jacEulerDot, const Jacobian& jacEulerDDot,
                               double time)
    : euler_(euler), eulerDot_(eulerDot), eulerDDot_(eulerDDot), jacEuler_(jacEuler), jacEulerDot_(jacEulerDot),
      jacEulerDDot_(jacEulerDDot), time_(time) {
  CheckFinite(euler, "euler");
  CheckFinite(eulerDot, "eulerDot");
  CheckFinite(eulerDDot, "eulerDDot");
  CheckJacobian3(jacEuler, "jacEuler");
  CheckJacobian3(jacEulerDot, "jacEulerDot");
  CheckJacobian3(jacEulerDDot, "jacEulerDDot");
  if (jacEulerDot.cols() != jacEuler.cols() || jacEulerDDot.cols() != jacEuler.cols())
    throw std::invalid_argument("jacEulerDot, jacEulerDDot: expected the same number of columns as jacEuler (" +
                                std::to_string(jacEuler.cols()) + "), got " + std::to_string(jacEulerDot.cols()) +
                                " and " + std::to_string(jacEulerDDot.cols()));
  if (std::isinf(time)) throw std::invalid_argument("time: expected a finite time or none");
}

void EulerConverter::CheckTime(double t) const {
  if (!std::isfinite(t)) throw std::invalid_argument("t: expected a finite time, got " + std::to_string(t));
  if (std::isnan(time_)) return;
  if (std::abs(t - time_) > 1e-12 * std::max(1., std::abs(time_)))
    throw std::invalid_argument("t: this EulerConverter holds time " + std::to_string(time_) + ", got " +
                                std::to_string(t));
}

Matrix3d EulerConverter::RotationX(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitX()).toRotationMatrix(); }
Matrix3d EulerConverter::RotationY(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitY()).toRotationMatrix(); }
Matrix3d EulerConverter::RotationZ(double a) { return Eigen::AngleAxisd(a, Vector3d::UnitZ()).toRotationMatrix(); }

Matrix3d EulerConverter::GetRotationMatrix(const Vector3d& e) {
  return RotationZ(e.z()) * RotationY(e.y()) * RotationX(e.x());
}

Matrix3d EulerConverter::GetRotationMatrixDerivative(const Vector3d& e, int k) {
  switch (k) {
    case 0: return RotationZ(e.z()) * RotationY(e.y()) * RotationDerivativeX(e.x());
    case 1: return RotationZ(e.z()) * RotationDerivativeY(e.y()) * RotationX(e.x());
    case 2: return RotationDerivativeZ(e.z()) * RotationY(e.y()) * RotationX(e.x());
    default: throw std::out_of_range("internal: Euler angle index must be 0, 1 or 2");
  }
}

// Columns: the world-frame axes about which the roll, pitch and yaw rates turn the base:
// roll about Rz*Ry*x, pitch about Rz*y, yaw about z.
Matrix3d EulerConverter::GetRateMatrix(const Vector3d& e) {
  const double cy = std::cos(e.y()), sy = std::sin(e.y()), cz = std::cos(e.z()), sz = std::sin(e.z());
  Matrix3d m;
  m << cy * cz, -sz, 0., cy * sz, cz, 0., -sy, 0., 1.;
  return m;
}

Matrix3d EulerConverter::GetRateMatrixDerivative(const Vector3d& e, int k) {
  const double cy = std::cos(e.y()), sy = std::sin(e.y()), cz = std::cos(e.z()), sz = std::sin(e.z());
  Matrix3d d = Matrix3d::Zero();
  if (k == 1) {
    d.col(0) << -sy * cz, -sy * sz, -cy;
  } else if (k == 2) {
    d.col(0) << -cy * sz, cy * cz, 0.;
    d.col(1) << -cz, -sz, 0.;
  } else if (k != 0) {
    throw std::out_of_range("internal: Euler angle index must be 0, 1 or 2");
  }
  return d;
}

Matrix3d EulerConverter::GetRateMatrixSecondDerivative(const Vector3d& e, int k, int m) {
  if (k < 0 || k > 2 || m < 0 || m > 2) throw std::out_of_range("internal: Euler angle index must be 0, 1 or 2");
  const double cy = std::cos(e.y()), sy = std::sin(e.y()), cz = std::cos(e.z()), sz = std::sin(e.z());
  Matrix3d d = Matrix3d::Zero();
  if (k == 0 || m == 0) return d;  // M does not depend on roll
  if (k == 1 && m == 1) {
    d.col(0) << -cy * cz, -cy * sz, sy;
  } else if (k == 2 && m == 2) {
    d.col(0) << -cy * cz, -cy * sz, 0.;
    d.col(1) << sz, -cz, 0.;
  } else {  // mixed pitch-yaw
    d.col(0) << sy * sz, -sy * cz, 0.;
  }
  return d;
}

Matrix3d EulerConverter::GetRateMatrixTimeDerivative() const {
  Matrix3d mDot = Matrix3d::Zero();
  for (int k = 0; k < 3; ++k) mDot += GetRateMatrixDerivative(euler_, k) * eulerDot_(k);
  return mDot;
}

Matrix3d EulerConverter::GetRotationMatrixBaseToWorld() const { return GetRotationMatrix(euler_); }

Vector3d EulerConverter::GetAngularVelocityInWorld() const { return GetRateMatrix(euler_) * eulerDot_; }

Vector3d EulerConverter::GetAngularAccelerationInWorld() const {
  return GetRateMatrixTimeDerivative() * eulerDot_ + GetRateMatrix(euler_) * eulerDDot_;
}

// omega = M(e) eDot: d omega/du = [dM/de_k eDot]_k * J_e + M * J_eDot
Jacobian EulerConverter::GetDerivOfAngVelWrtEulerNodes() const {
  Matrix3d wrtEuler;
  for (int k = 0; k < 3; ++k) wrtEuler.col(k) = GetRateMatrixDerivative(euler_, k) * eulerDot_;
  Jacobian result = MultiplyBlock(wrtEuler, jacEuler_) + MultiplyBlock(GetRateMatrix(euler_), jacEulerDot_);
  return result;
}

// omegaDot = N(e, eDot) + M(e) eDDot with N = sum_m eDot_m dM/de_m eDot.
//   dN/de_k     = sum_m eDot_m d2M/(de_m de_k) eDot,  d(M eDDot)/de_k = dM/de_k eDDot
//   dN/deDot_j  = dM/de_j eDot + MDot(:, j)
Jacobian EulerConverter::GetDerivOfAngAccWrtEulerNodes() const {
  const Matrix3d mDot = GetRateMatrixTimeDerivative();
  Matrix3d wrtEuler, wrtEulerDot;
  for (int k = 0; k < 3; ++k) {
    Vector3d column = GetRateMatrixDerivative(euler_, k) * eulerDDot_;
    for (int m = 0; m < 3; ++m) column += eulerDot_(m) * (GetRateMatrixSecondDerivative(euler_, m, k) * eulerDot_);
    wrtEuler.col(k) = column;
    wrtEulerDot.col(k) = GetRateMatrixDerivative(euler_, k) * eulerDot_ + mDot.col(k);
  }
  Jacobian result = MultiplyBlock(wrtEuler, jacEuler_) + MultiplyBlock(wrtEulerDot, jacEulerDot_) +
                    MultiplyBlock(GetRateMatrix(euler_), jacEulerDDot_);
  return result;
}

Jacobian EulerConverter::DerivOfRotVecMult(const Vector3d& v, bool inverse) const {
  if (!v.allFinite()) throw std::invalid_argument("v: expected 3 finite values");
  Matrix3d wrtEuler;
  for (int k = 0; k < 3; ++k) {
    const Matrix3d dR = GetRotationMatrixDerivative(euler_, k);
    wrtEuler.col(k) = inverse ? Vector3d(dR.transpose() * v) : Vector3d(dR * v);
  }
  return MultiplyBlock(wrtEuler, jacEuler_);
}

}  // namespace centroidal
}  // namespace multidyn
