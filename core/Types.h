// Basic numeric types shared by the whole engine.
#pragma once

#include <Eigen/Dense>
#include <unsupported/Eigen/AutoDiff>

namespace multidyn {

using Real = double;
using Index = int;

using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;
using VectorX = Eigen::VectorXd;
using MatrixX = Eigen::MatrixXd;

// Exact item Jacobians come from forward-mode automatic differentiation of each item's own
// kernel (one formula for the value and its derivatives), with respect to the item's local
// [q; q_t]. Fixed-size derivative vectors keep that fast: 16 covers items on one rigid node
// (2*7 = 14 for Euler parameters), 32 items on two (2*2*7 = 28). Items that depend on more
// coordinates provide their Jacobian themselves.
template <int size> using ADScalarOf = Eigen::AutoDiffScalar<Eigen::Matrix<double, size, 1>>;
using ADScalar16 = ADScalarOf<16>;
using ADScalar32 = ADScalarOf<32>;
constexpr int maxLocalDerivatives = 32;

template <class S> using Vec3 = Eigen::Matrix<S, 3, 1>;
template <class S> using Mat3 = Eigen::Matrix<S, 3, 3>;
template <class S> using VecX = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <class S> using Mat3X = Eigen::Matrix<S, 3, Eigen::Dynamic>;
template <class S> using MatX = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;

// Value of a scalar regardless of whether it carries derivatives.
inline double ValueOf(double x) { return x; }
template <class Derivatives> double ValueOf(const Eigen::AutoDiffScalar<Derivatives>& x) { return x.value(); }

template <class S> Mat3<S> Skew(const Vec3<S>& v) {
  Mat3<S> m;
  m << S(0.), -v(2), v(1), v(2), S(0.), -v(0), -v(1), v(0), S(0.);
  return m;
}

}  // namespace multidyn
