// Rotation parametrisations, templated on the scalar (double or an ADScalarOf<n>).
// Conventions: A maps frame-fixed (local) components to global ones; omega = G*theta_t
// (global) and omegaLocal = Glocal*theta_t.
#pragma once

#include <cmath>

#include "core/foundation/Types.h"

namespace multidyn {

using std::atan2;
using std::cos;
using std::sin;
using std::sqrt;

// Tait-Bryan xyz angles: A = Rx(t0) * Ry(t1) * Rz(t2).
template <class S> Mat3<S> RotXYZToRotationMatrix(const S& t0, const S& t1, const S& t2) {
  const S c0 = cos(t0), s0 = sin(t0), c1 = cos(t1), s1 = sin(t1), c2 = cos(t2), s2 = sin(t2);
  Mat3<S> A;
  A << c1 * c2, -c1 * s2, s1, s0 * s1 * c2 + c0 * s2, -s0 * s1 * s2 + c0 * c2, -s0 * c1, -c0 * s1 * c2 + s0 * s2,
      c0 * s1 * s2 + s0 * c2, c0 * c1;
  return A;
}

template <class S> Mat3<S> RotXYZToG(const S& t0, const S& t1) {
  const S c0 = cos(t0), s0 = sin(t0), c1 = cos(t1), s1 = sin(t1);
  Mat3<S> G;
  G << S(1.), S(0.), s1, S(0.), c0, -c1 * s0, S(0.), s0, c0 * c1;
  return G;
}

template <class S> Mat3<S> RotXYZToGLocal(const S& t1, const S& t2) {
  const S c1 = cos(t1), s1 = sin(t1), c2 = cos(t2), s2 = sin(t2);
  Mat3<S> G;
  G << c1 * c2, s2, S(0.), -c1 * s2, c2, S(0.), s1, S(0.), S(1.);
  return G;
}

// d(Glocal)/dt * theta_t for Tait-Bryan xyz angles.
template <class S> Vec3<S> RotXYZGLocal_tTheta_t(const S& t1, const S& t2, const Vec3<S>& theta_t) {
  const S c1 = cos(t1), s1 = sin(t1), c2 = cos(t2), s2 = sin(t2);
  const S d1 = theta_t(1), d2 = theta_t(2);
  Mat3<S> G_t;
  G_t << -s1 * d1 * c2 - c1 * s2 * d2, c2 * d2, S(0.), s1 * d1 * s2 - c1 * c2 * d2, -s2 * d2, S(0.), c1 * d1, S(0.),
      S(0.);
  return G_t * theta_t;
}

// Euler parameters e = [e0, e1, e2, e3] (e0: scalar part); A into a 3 x 3 matrix of any storage.
template <class S, class Matrix> void EulerParametersToRotationMatrix(const Eigen::Matrix<S, 4, 1>& e, Matrix& A) {
  const S e0 = e(0), e1 = e(1), e2 = e(2), e3 = e(3);
  A << S(1.) - 2. * e3 * e3 - 2. * e2 * e2, -2. * e3 * e0 + 2. * e2 * e1, 2. * e3 * e1 + 2. * e2 * e0,
      2. * e3 * e0 + 2. * e2 * e1, S(1.) - 2. * e3 * e3 - 2. * e1 * e1, 2. * e3 * e2 - 2. * e1 * e0,
      -2. * e2 * e0 + 2. * e3 * e1, 2. * e3 * e2 + 2. * e1 * e0, S(1.) - 2. * e2 * e2 - 2. * e1 * e1;
}

template <class S> Mat3<S> EulerParametersToRotationMatrix(const Eigen::Matrix<S, 4, 1>& e) {
  Mat3<S> A;
  EulerParametersToRotationMatrix(e, A);
  return A;
}

// G and Glocal into a 3 x 4 matrix G (of any storage). Entries +-2 e_k: exact, whatever the order
// of doubling and sign.
template <class S, class Matrix> void EulerParametersToG(const Eigen::Matrix<S, 4, 1>& e, Matrix& G) {
  const Eigen::Matrix<S, 4, 1> t = 2. * e;
  G << -t(1), t(0), -t(3), t(2), -t(2), t(3), t(0), -t(1), -t(3), -t(2), t(1), t(0);
}

template <class S, class Matrix> void EulerParametersToGLocal(const Eigen::Matrix<S, 4, 1>& e, Matrix& G) {
  const Eigen::Matrix<S, 4, 1> t = 2. * e;
  G << -t(1), t(0), t(3), -t(2), -t(2), -t(3), t(0), t(1), -t(3), t(2), -t(1), t(0);
}

template <class S> Eigen::Matrix<S, 3, 4> EulerParametersToG(const Eigen::Matrix<S, 4, 1>& e) {
  Eigen::Matrix<S, 3, 4> G;
  EulerParametersToG(e, G);
  return G;
}

template <class S> Eigen::Matrix<S, 3, 4> EulerParametersToGLocal(const Eigen::Matrix<S, 4, 1>& e) {
  Eigen::Matrix<S, 3, 4> G;
  EulerParametersToGLocal(e, G);
  return G;
}

// Tait-Bryan xyz angles of a rotation matrix (the inverse of RotXYZToRotationMatrix).
inline Vector3 RotationMatrixToRotXYZ(const Matrix3& A) {
  Vector3 rot;
  rot(0) = std::atan2(-A(1, 2), A(2, 2));
  rot(1) = std::atan2(A(0, 2), std::sqrt(A(1, 2) * A(1, 2) + A(2, 2) * A(2, 2)));
  rot(2) = std::atan2(-A(0, 1), A(0, 0));
  return rot;
}
// The same for any scalar (with derivatives: the angles of a seeded rotation).
template <class S> Vec3<S> RotationMatrixToRotXYZ(const Mat3<S>& A) {
  Vec3<S> rot;
  rot(0) = Atan2(S(-A(1, 2)), A(2, 2));
  rot(1) = Atan2(A(0, 2), S(sqrt(A(1, 2) * A(1, 2) + A(2, 2) * A(2, 2))));
  rot(2) = Atan2(S(-A(0, 1)), A(0, 0));
  return rot;
}

}  // namespace multidyn
