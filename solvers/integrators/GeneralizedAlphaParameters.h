// Constants of the Arnold–Brüls generalized-alpha method (or plain Newmark).
#pragma once

#include "core/model/SimulationSettings.h"

namespace multidyn {

struct GeneralizedAlphaParameters {
  double alphaM = 0.;
  double alphaF = 0.;
  double gamma = 0.5;
  double beta = 0.25;
};

// Generalized-alpha from spectralRadius rho in [0, 1]: alpha_m = (2 rho - 1)/(rho + 1),
// alpha_f = rho/(rho + 1), gamma = 1/2 + alpha_f - alpha_m, beta = (gamma + 1/2)^2 / 4.
// useNewmark: alpha_m = alpha_f = 0 with newmarkBeta/newmarkGamma. Throws ValueError for
// out-of-range values and for useIndex2Constraints without useNewmark.
GeneralizedAlphaParameters ComputeGeneralizedAlphaParameters(const GeneralizedAlphaSettings& settings);

}  // namespace multidyn
