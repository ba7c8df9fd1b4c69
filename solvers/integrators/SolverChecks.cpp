#include "solvers/integrators/SolverChecks.h"

#include <cmath>
#include <sstream>

#include "core/foundation/Errors.h"

namespace multidyn {

std::string NumberText(double value) {
  std::ostringstream text;
  text.precision(6);
  text << value;
  return text.str();
}

void CheckTimeSpan(const TimeIntegrationSettings& ti) {
  if (ti.numberOfSteps <= 0)
    throw ValueError("timeIntegration.numberOfSteps: expected a positive number, got " + std::to_string(ti.numberOfSteps));
  if (!std::isfinite(ti.startTime) || !std::isfinite(ti.endTime) || ti.endTime < ti.startTime)
    throw ValueError("timeIntegration.endTime (" + NumberText(ti.endTime) + ") must be finite and >= startTime (" +
                     NumberText(ti.startTime) + ")");
}

}  // namespace multidyn
