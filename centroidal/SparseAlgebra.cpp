#include "centroidal/SparseAlgebra.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace multidyn {
namespace centroidal {

Matrix3d CrossMatrix(const Vector3d& v) {
  Matrix3d m;
  m << 0., -v.z(), v.y(), v.z(), 0., -v.x(), -v.y(), v.x(), 0.;
  return m;
}

Jacobian MultiplyBlock(const Matrix3d& block, const Jacobian& jacobian) {
  const Jacobian sparseBlock = block.sparseView();  // exact zeros (e.g. of cross matrices) dropped
  Jacobian result = sparseBlock * jacobian;
  return result;
}

Jacobian StackAngularLinear(const Jacobian& angular, const Jacobian& linear) {
  if (angular.rows() != 3 || linear.rows() != 3 || angular.cols() != linear.cols())
    throw std::invalid_argument("internal: StackAngularLinear expects two 3 x n Jacobians");
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<size_t>(angular.nonZeros() + linear.nonZeros()));
  for (int row = 0; row < 3; ++row) {
    for (Jacobian::InnerIterator it(angular, row); it; ++it) entries.emplace_back(row, it.col(), it.value());
    for (Jacobian::InnerIterator it(linear, row); it; ++it) entries.emplace_back(row + 3, it.col(), it.value());
  }
  Jacobian result(6, angular.cols());
  result.setFromTriplets(entries.begin(), entries.end());
  return result;
}

void CheckJacobian3(const Jacobian& jacobian, const std::string& what) {
  if (jacobian.rows() != 3)
    throw std::invalid_argument(what + ": expected a 3 x n Jacobian, got " + std::to_string(jacobian.rows()) + " x " +
                                std::to_string(jacobian.cols()));
  for (int k = 0; k < jacobian.outerSize(); ++k)
    for (Jacobian::InnerIterator it(jacobian, k); it; ++it)
      if (!std::isfinite(it.value()))
        throw std::invalid_argument(what + ": expected finite entries, got " + std::to_string(it.value()));
}

}  // namespace centroidal
}  // namespace multidyn
