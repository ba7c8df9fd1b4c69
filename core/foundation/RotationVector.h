// The rotation vector Omega (axis times angle phi = |Omega|) of SO(3): its exponential and
// logarithm and the inverse of the left Jacobian (the SE(3) logarithm's translation), templated on
// the scalar. Near phi = 0 the coefficients are series in phi^2, so that derivatives exist there
// too (the rotation of a spring at rest is the identity; see docs/theory/RigidBodySpringDamper.md).
#pragma once

#include <cmath>

#include "core/foundation/Types.h"

namespace multidyn {

namespace rotationVector {
constexpr double smallAngleSquared = 1e-4;  // phi^2 below which the series are used (error < 1e-20)
}

// exp(Omega~) = I + sin(phi)/phi Omega~ + (1 - cos(phi))/phi^2 Omega~^2.
template <class S> Mat3<S> RotationVectorToRotationMatrix(const Vec3<S>& rotation) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  const S x = rotation.squaredNorm();
  S a, b;
  if (x < rotationVector::smallAngleSquared) {
    a = 1. - x / 6. + x * x / 120. - x * x * x / 5040.;
    b = 0.5 - x / 24. + x * x / 720. - x * x * x / 40320.;
  } else {
    const S phi = sqrt(x);
    a = sin(phi) / phi;
    b = (1. - cos(phi)) / x;
  }
  const Mat3<S> W = Skew(rotation);
  return Mat3<S>::Identity() + a * W + b * (W * W);
}

// Euler parameters [e0, e1, e2, e3], e0 >= 0, of a rotation matrix (Shepperd's method: the largest
// of e0^2, e1^2, e2^2, e3^2 from the diagonal, the others from the off-diagonal sums).
template <class S> Eigen::Matrix<S, 4, 1> RotationMatrixToEulerParameters(const Mat3<S>& A) {
  using std::sqrt;
  const S trace = A(0, 0) + A(1, 1) + A(2, 2);
  Eigen::Matrix<S, 4, 1> e;
  const double t = ValueOf(trace), d0 = ValueOf(A(0, 0)), d1 = ValueOf(A(1, 1)), d2 = ValueOf(A(2, 2));
  if (t >= d0 && t >= d1 && t >= d2) {
    e(0) = 0.5 * sqrt(1. + trace);
    const S f = 0.25 / e(0);
    e(1) = f * (A(2, 1) - A(1, 2));
    e(2) = f * (A(0, 2) - A(2, 0));
    e(3) = f * (A(1, 0) - A(0, 1));
  } else if (d0 >= d1 && d0 >= d2) {
    e(1) = 0.5 * sqrt(1. + 2. * A(0, 0) - trace);
    const S f = 0.25 / e(1);
    e(0) = f * (A(2, 1) - A(1, 2));
    e(2) = f * (A(0, 1) + A(1, 0));
    e(3) = f * (A(0, 2) + A(2, 0));
  } else if (d1 >= d2) {
    e(2) = 0.5 * sqrt(1. + 2. * A(1, 1) - trace);
    const S f = 0.25 / e(2);
    e(0) = f * (A(0, 2) - A(2, 0));
    e(1) = f * (A(0, 1) + A(1, 0));
    e(3) = f * (A(1, 2) + A(2, 1));
  } else {
    e(3) = 0.5 * sqrt(1. + 2. * A(2, 2) - trace);
    const S f = 0.25 / e(3);
    e(0) = f * (A(1, 0) - A(0, 1));
    e(1) = f * (A(0, 2) + A(2, 0));
    e(2) = f * (A(1, 2) + A(2, 1));
  }
  if (ValueOf(e(0)) < 0.) e = -e;
  return e;
}

// log(A): Omega = 2 atan2(s, e0) / s * [e1, e2, e3], s = |[e1, e2, e3]|, phi in [0, pi].
template <class S> Vec3<S> RotationMatrixToRotationVector(const Mat3<S>& A) {
  using std::sqrt;
  const Eigen::Matrix<S, 4, 1> e = RotationMatrixToEulerParameters(A);
  const Vec3<S> n = e.template tail<3>();
  const S s2 = n.squaredNorm();
  S factor;
  if (s2 < rotationVector::smallAngleSquared) {  // 2 atan(y)/y / e0 with y^2 = s^2/e0^2, e0 near 1
    const S y2 = s2 / (e(0) * e(0));
    factor = (2. / e(0)) * (1. - y2 / 3. + y2 * y2 / 5. - y2 * y2 * y2 / 7. + y2 * y2 * y2 * y2 / 9.);
  } else {
    const S s = sqrt(s2);
    factor = 2. * Atan2(s, e(0)) / s;
  }
  return factor * n;
}

// The inverse of the left Jacobian of SO(3), J^-1 = I - Omega~/2 + (1 - (phi/2) cot(phi/2))/phi^2 Omega~^2:
// the translation of log(SE(3)) is J^-1 p for a frame at p turned by exp(Omega~).
template <class S> Mat3<S> InverseLeftJacobianSO3(const Vec3<S>& rotation) {
  using std::sqrt;
  using std::tan;
  const S x = rotation.squaredNorm();
  S c;
  if (x < rotationVector::smallAngleSquared) {
    c = 1. / 12. + x / 720. + x * x / 30240. + x * x * x / 1209600.;
  } else {
    const S halfPhi = 0.5 * sqrt(x);
    c = (1. - halfPhi / tan(halfPhi)) / x;
  }
  const Mat3<S> W = Skew(rotation);
  return Mat3<S>::Identity() - 0.5 * W + c * (W * W);
}

}  // namespace multidyn
