// What every solve of a MainSystem shares (mbs.SolveDynamic, mbs.SolveStatic): the structure is
// locked, the system's equations are set up (numerical differentiation, threads), the states
// are kept as Exudyn has them (SystemStateWriter), sensors and the solution file are recorded,
// the pre-step user function is called, and the solver runs on the system's current state
// (or on a copy when its state holds iterates).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/SolverStatistics.h"
#include "solvers/integrators/TimeIntegrator.h"

namespace multidyn {

using SolverMaker = std::function<std::unique_ptr<TimeIntegrator>(DAESystem& equations, SolverObserver& observers)>;

// call: the user's call, for errors of structural changes during the solve ("mbs.SolveStatic()");
// the solve starts from system.CurrentState() at startTime. Throws NotAssembledError if the
// system changed since Assemble(); keeps CurrentState() at the last accepted step, also when it
// throws; extraObserver (may be null) gets every observer call after the recorder.
SolverStatistics RunSolver(MainSystem& system, const SimulationSettings& settings, SolverObserver* extraObserver,
                           const std::string& call, const NumericalDifferentiationSettings& numericalDifferentiation,
                           double startTime, const SolverMaker& makeSolver);

}  // namespace multidyn
