// Small helpers for products of 3 x 3 dense blocks with 3 x n sparse Jacobians.
#pragma once

#include <string>

#include "centroidal/CentroidalTypes.h"

namespace multidyn {
namespace centroidal {

// [v]x, the matrix with [v]x * w = v x w
Matrix3d CrossMatrix(const Vector3d& v);

// dense 3 x 3 block times a 3 x n sparse Jacobian, kept sparse
Jacobian MultiplyBlock(const Matrix3d& block, const Jacobian& jacobian);

// the 6 x n Jacobian whose rows 0..2 are `angular` and 3..5 are `linear` (both 3 x n)
Jacobian StackAngularLinear(const Jacobian& angular, const Jacobian& linear);

// throws std::invalid_argument naming `what` unless the Jacobian has 3 rows and is finite
void CheckJacobian3(const Jacobian& jacobian, const std::string& what);

}  // namespace centroidal
}  // namespace multidyn
