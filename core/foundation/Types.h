// Basic numeric types shared by the whole engine.
#pragma once

#include <cmath>

#include <Eigen/Dense>
#include <unsupported/Eigen/AutoDiff>

namespace multidyn {

using Real = double;
using Index = int;

using Vector2 = Eigen::Vector2d;
using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;
using VectorX = Eigen::VectorXd;
using MatrixX = Eigen::MatrixXd;

// Exact item Jacobians come from forward-mode automatic differentiation of each item's own
// kernel (one formula for the value and its derivatives), with respect to the item's local
// [q; q_t]. One fixed-size derivative vector of 16 keeps that fast and allocation-free: it covers
// items on one rigid node (2*7 = 14 for Euler parameters) and position-level terms on two. Items
// with more derivatives are differentiated in chunks of 16 (core/evaluation/ItemDifferentiation.h):
// the kernel runs once per chunk, seeded in that chunk's derivatives only. No second AD width and
// no run-time sized AD type: each scalar type in the list below is one more instantiation of every
// item kernel, the largest part of the build time (docs/dev/decisions.md, section 4).
template <int size> using ADScalarOf = Eigen::AutoDiffScalar<Eigen::Matrix<double, size, 1>>;
using ADScalar16 = ADScalarOf<16>;

// The scalar types every item kernel is compiled for: the one list from which the virtual
// overloads of the item base classes are generated (values, then the AD width).
#define MULTIDYN_FOR_EACH_SCALAR(X) X(double) X(ADScalar16)

// The most coordinates one item's kernels see (its nodes together). Kernel vectors and
// matrices have this as their compile-time maximum size, so that they and the temporaries
// of their expressions live on the stack: evaluation allocates nothing. Assemble() refuses
// larger items. Only the used part is touched, so a small item pays nothing for the room.
constexpr int maxItemCoordinates = 64;
template <class S> struct MaxLocalCoordinates { static constexpr int value = maxItemCoordinates; };

// The most rotation parameters of one node (Euler parameters: 4): the columns of a node's G.
constexpr int maxRotationParameters = 4;

template <class S> using Vec2 = Eigen::Matrix<S, 2, 1>;
template <class S> using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S> using Mat3 = Eigen::Matrix<S, 3, 3>;
template <class S> using VecX = Eigen::Matrix<S, Eigen::Dynamic, 1, Eigen::ColMajor, MaxLocalCoordinates<S>::value, 1>;
template <class S> using Mat3X = Eigen::Matrix<S, 3, Eigen::Dynamic, Eigen::ColMajor, 3, MaxLocalCoordinates<S>::value>;
// omega = G * theta_t of one node: 3 x (its rotation parameters).
template <class S> using Mat3XRotation = Eigen::Matrix<S, 3, Eigen::Dynamic, Eigen::ColMajor, 3, maxRotationParameters>;
// Unbounded: for sizes that are not an item's (node coordinate views, whole-system vectors).
template <class S> using VecXUnbounded = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <class S> using MatX = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

// A rotation matrix as Exudyn's outputs give it: 9 entries, row by row.
inline VectorX RowMajorEntries(const Matrix3& m) {
  VectorX v(9);
  for (Index i = 0; i < 9; ++i) v(i) = m(i / 3, i % 3);
  return v;
}

// Value of a scalar regardless of whether it carries derivatives.
inline double ValueOf(double x) { return x; }
template <class Derivatives> double ValueOf(const Eigen::AutoDiffScalar<Derivatives>& x) { return x.value(); }

// atan2 keeping the derivative type: Eigen's AutoDiff atan2 returns a run-time sized
// derivative vector (a heap allocation per call).
inline double Atan2(double y, double x) { return std::atan2(y, x); }
template <class Derivatives> Eigen::AutoDiffScalar<Derivatives> Atan2(const Eigen::AutoDiffScalar<Derivatives>& y,
                                                                      const Eigen::AutoDiffScalar<Derivatives>& x) {
  const double yv = y.value(), xv = x.value(), squared = xv * xv + yv * yv;
  Eigen::AutoDiffScalar<Derivatives> result(std::atan2(yv, xv));
  result.derivatives() = (xv / squared) * y.derivatives() - (yv / squared) * x.derivatives();
  return result;
}

template <class S> Mat3<S> Skew(const Vec3<S>& v) {
  Mat3<S> m;
  m << S(0.), -v(2), v(1), v(2), S(0.), -v(0), -v(1), v(0), S(0.);
  return m;
}

}  // namespace multidyn
