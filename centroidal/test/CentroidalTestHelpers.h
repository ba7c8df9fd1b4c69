// Random states, random variable maps and central finite differences for the centroidal tests.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "centroidal/CentroidalTypes.h"

namespace multidyn {
namespace centroidal {
namespace test {

using Eigen::MatrixXd;
using Eigen::VectorXd;

inline Vector3d RandomVector(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> uniform(-scale, scale);
  return Vector3d(uniform(rng), uniform(rng), uniform(rng));
}

// a 3 x n map with about half of its entries zero, so that sparsity patterns are exercised
inline Jacobian RandomJacobian(std::mt19937& rng, int n) {
  std::uniform_real_distribution<double> uniform(-1., 1.);
  MatrixXd dense = MatrixXd::Zero(3, n);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < n; ++j)
      if (uniform(rng) > 0.) dense(i, j) = uniform(rng);
  return dense.sparseView();
}

// d f/du by central differences with step h
inline MatrixXd CentralDifference(const std::function<VectorXd(const VectorXd&)>& f, const VectorXd& u, double h) {
  const VectorXd f0 = f(u);
  MatrixXd result(f0.size(), u.size());
  for (int j = 0; j < u.size(); ++j) {
    VectorXd plus = u, minus = u;
    plus(j) += h;
    minus(j) -= h;
    result.col(j) = (f(plus) - f(minus)) / (2. * h);
  }
  return result;
}

// analytic and numerical Jacobians agree to `relative` times the largest entry (at least 1)
inline void ExpectJacobianNear(const Jacobian& analytic, const MatrixXd& numerical, double relative, const char* what) {
  ASSERT_EQ(analytic.rows(), numerical.rows()) << what;
  ASSERT_EQ(analytic.cols(), numerical.cols()) << what;
  const MatrixXd dense = MatrixXd(analytic);
  const double scale = std::max(1., numerical.cwiseAbs().maxCoeff());
  const double error = (dense - numerical).cwiseAbs().maxCoeff();
  EXPECT_LE(error, relative * scale) << what << ": max |analytic - finite difference| = " << error << " (scale "
                                     << scale << ")\nanalytic\n"
                                     << dense << "\nnumerical\n"
                                     << numerical;
}

}  // namespace test
}  // namespace centroidal
}  // namespace multidyn
