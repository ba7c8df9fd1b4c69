#include "solvers/integrators/GeneralizedAlphaParameters.h"

#include <cmath>
#include <string>

#include "core/foundation/Errors.h"

namespace multidyn {

GeneralizedAlphaParameters ComputeGeneralizedAlphaParameters(const GeneralizedAlphaSettings& settings) {
  if (settings.useIndex2Constraints && !settings.useNewmark)
    throw ValueError(
        "timeIntegration.generalizedAlpha.useIndex2Constraints = True requires useNewmark = True (index-2 "
        "constraints are only available with the Newmark/trapezoidal method)");
  GeneralizedAlphaParameters p;
  if (settings.useNewmark) {
    if (!(settings.newmarkBeta > 0. && settings.newmarkBeta <= 0.5 && std::isfinite(settings.newmarkBeta)))
      throw ValueError("timeIntegration.generalizedAlpha.newmarkBeta: expected a value in (0, 0.5], got " +
                       std::to_string(settings.newmarkBeta));
    if (!(settings.newmarkGamma > 0. && settings.newmarkGamma <= 1. && std::isfinite(settings.newmarkGamma)))
      throw ValueError("timeIntegration.generalizedAlpha.newmarkGamma: expected a value in (0, 1], got " +
                       std::to_string(settings.newmarkGamma));
    p.beta = settings.newmarkBeta;
    p.gamma = settings.newmarkGamma;
    return p;
  }
  const double rho = settings.spectralRadius;
  if (!(rho >= 0. && rho <= 1.))
    throw ValueError("timeIntegration.generalizedAlpha.spectralRadius: expected a value in [0, 1], got " +
                     std::to_string(rho));
  p.alphaM = (2. * rho - 1.) / (rho + 1.);
  p.alphaF = rho / (rho + 1.);
  p.gamma = 0.5 + p.alphaF - p.alphaM;
  p.beta = 0.25 * (p.gamma + 0.5) * (p.gamma + 0.5);
  return p;
}

}  // namespace multidyn
