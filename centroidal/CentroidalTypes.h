// Types shared by the centroidal (single-rigid-body) model of a legged robot and its
// orientation parametrisation. Jacobians are row-major sparse, as NLP solvers (Ipopt, SNOPT
// via ifopt) consume them row by row.
#pragma once

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <stdexcept>
#include <string>
#include <vector>

namespace multidyn {
namespace centroidal {

// 3 x n or 6 x n derivative of a quantity with respect to the n optimisation variables
using Jacobian = Eigen::SparseMatrix<double, Eigen::RowMajor>;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Vector6d = Eigen::Matrix<double, 6, 1>;

// one 3-vector per end-effector (foot), in world coordinates
using EndEffectorVectors = std::vector<Vector3d>;

// rows of the 6-vector violation and of the 6 x n Jacobians: angular, then linear
enum ViolationRow { AX = 0, AY = 1, AZ = 2, LX = 3, LY = 4, LZ = 5 };

// std::invalid_argument naming the argument unless all three entries are finite
inline void CheckFinite(const Vector3d& v, const std::string& what) {
  if (!v.allFinite()) throw std::invalid_argument(what + ": expected 3 finite values");
}

}  // namespace centroidal
}  // namespace multidyn
