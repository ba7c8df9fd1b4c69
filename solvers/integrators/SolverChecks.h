// Shared by the time integrators: numbers in messages, and the checks of the time span.
#pragma once

#include <string>

#include "core/model/SimulationSettings.h"

namespace multidyn {

// A number as solver messages show it (6 significant digits).
std::string NumberText(double value);

// Throws ValueError unless numberOfSteps > 0 and startTime <= endTime, both finite.
void CheckTimeSpan(const TimeIntegrationSettings& timeIntegration);

}  // namespace multidyn
