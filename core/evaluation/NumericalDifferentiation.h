// The one rule for forward-difference steps of black-box functions (Python user functions and
// their arguments), from newton.numericalDifferentiation as in Exudyn:
// step = relativeEpsilon * max(minimumCoordinateSize, |x|).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/model/SimulationSettings.h"

namespace multidyn {

// settings == nullptr: the defaults (relativeEpsilon 1e-7, minimumCoordinateSize 1e-2).
inline double DifferentiationStep(double x, const NumericalDifferentiationSettings* settings) {
  static const NumericalDifferentiationSettings defaults;
  const NumericalDifferentiationSettings& s = settings ? *settings : defaults;
  return s.relativeEpsilon * std::max(s.minimumCoordinateSize, std::abs(x));
}

}  // namespace multidyn
