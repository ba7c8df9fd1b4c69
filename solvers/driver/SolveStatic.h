// mbs.SolveStatic(settings): the static equilibrium of an assembled system in the load steps of
// settings.staticSolver (StaticSolver).
#pragma once

#include "core/evaluation/SolverObserver.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/SolverStatistics.h"

namespace multidyn {

// Starts from system.CurrentState() (the caller resets it to the initial state first, as
// Exudyn's solvers start), records sensors and the solution file at every load step, and keeps
// CurrentState() at the last accepted load step, also when it throws. Throws NotAssembledError if
// the system changed since Assemble(); extraObserver (may be null) gets every observer call
// after the recorder.
SolverStatistics SolveStatic(MainSystem& system, const SimulationSettings& settings,
                             SolverObserver* extraObserver = nullptr);

}  // namespace multidyn
