#pragma once

// The rotation by angle about axis by Rodrigues' formula: the closed form the rotation tests
// compare the parametrisations with.
#include <cmath>

#include "core/foundation/Rotations.h"

namespace multidyn {

inline Matrix3 RodriguesFormula(const Vector3& axis, double angle) {
  const Matrix3 W = Skew<double>(axis.normalized());
  return Matrix3::Identity() + std::sin(angle) * W + (1. - std::cos(angle)) * W * W;
}

}  // namespace multidyn
