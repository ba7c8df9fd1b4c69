// The one rule for forward-difference steps of black-box functions (Python user functions and
// their arguments), from newton.numericalDifferentiation as in Exudyn:
// step = relativeEpsilon * max(minimumCoordinateSize, |x|).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/items/FieldTable.h"

namespace multidyn {

// newton.numericalDifferentiation (core/model/SimulationSettings.h holds it; its field table is there).
struct NumericalDifferentiationSettings {
  double relativeEpsilon = 1e-7;
  double minimumCoordinateSize = 1e-2;
  bool addReferenceCoordinatesToEpsilon = false;
  bool doSystemWideDifferentiation = false;
  bool forAE = false;
  bool forODE2 = false;
  bool forODE2connectors = false;
  bool jacobianConnectorDerivative = true;
  static const FieldTable& Fields();
};

// settings == nullptr: the defaults (relativeEpsilon 1e-7, minimumCoordinateSize 1e-2).
inline double DifferentiationStep(double x, const NumericalDifferentiationSettings* settings) {
  static const NumericalDifferentiationSettings defaults;
  const NumericalDifferentiationSettings& s = settings ? *settings : defaults;
  return s.relativeEpsilon * std::max(s.minimumCoordinateSize, std::abs(x));
}

}  // namespace multidyn
