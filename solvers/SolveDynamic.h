// mbs.SolveDynamic(settings): generalized-alpha time integration of an assembled system.
#pragma once

#include "core/MainSystem.h"
#include "core/SimulationSettings.h"
#include "core/SolverObserver.h"
#include "solvers/SolverStatistics.h"

namespace multidyn {

// Starts from system.CurrentState() at timeIntegration.startTime (so a second call continues
// where the first ended), records sensors and the solution file, and keeps CurrentState() at
// the last accepted step, also when it throws. Throws NotAssembledError if the system changed
// since Assemble(); extraObserver (may be null) gets every observer call after the recorder.
SolverStatistics SolveDynamic(MainSystem& system, const SimulationSettings& settings,
                              SolverObserver* extraObserver = nullptr);

}  // namespace multidyn
