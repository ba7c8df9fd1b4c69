// mbs.SolveDynamic(settings, solverType): time integration of an assembled system with the
// solver the factory makes for solverType (generalized-alpha by default).
#pragma once

#include "core/evaluation/SolverObserver.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/DynamicSolverType.h"
#include "solvers/integrators/SolverStatistics.h"

namespace multidyn {

// Starts from system.CurrentState() at timeIntegration.startTime (so a second call continues
// where the first ended), records sensors and the solution file, and keeps CurrentState() at
// the last accepted step, also when it throws. Throws NotAssembledError if the system changed
// since Assemble(); extraObserver (may be null) gets every observer call after the recorder.
SolverStatistics SolveDynamic(MainSystem& system, const SimulationSettings& settings,
                              SolverObserver* extraObserver = nullptr,
                              DynamicSolverType solverType = DynamicSolverType::GeneralizedAlpha);

}  // namespace multidyn
