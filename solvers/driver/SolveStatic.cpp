#include "solvers/driver/SolveStatic.h"

#include <memory>

#include "solvers/driver/SolverRun.h"
#include "solvers/integrators/StaticSolver.h"

namespace multidyn {

SolverStatistics SolveStatic(MainSystem& system, const SimulationSettings& settings, SolverObserver* extraObserver) {
  const StaticSolverSettings& ss = settings.staticSolver;
  return RunSolver(system, settings, extraObserver, "mbs.SolveStatic()", ss.newton.numericalDifferentiation,
                   ss.loadStepStart, [&](DAESystem& equations, SolverObserver& observers) {
                     return std::make_unique<StaticSolver>(equations, settings, observers);
                   });
}

}  // namespace multidyn
