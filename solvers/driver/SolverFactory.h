// The dynamic solver for an exu.DynamicSolverType: generalized-alpha (and its Newmark /
// trapezoidal index-2 variant) or an explicit Runge-Kutta method. Throws ValueError naming the
// solver type for one that is not supported, and for a system the solver cannot handle.
#pragma once

#include <memory>

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SolverObserver.h"
#include "core/model/SimulationSettings.h"
#include "solvers/integrators/DynamicSolverType.h"
#include "solvers/integrators/TimeIntegrator.h"

namespace multidyn {

std::unique_ptr<TimeIntegrator> CreateDynamicSolver(DynamicSolverType type, DAESystem& system,
                                                    const SimulationSettings& settings, SolverObserver& observer);

}  // namespace multidyn
