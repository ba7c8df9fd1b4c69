#include "solvers/driver/SolveDynamic.h"

#include "solvers/driver/SolverFactory.h"
#include "solvers/driver/SolverRun.h"

namespace multidyn {

SolverStatistics SolveDynamic(MainSystem& system, const SimulationSettings& settings, SolverObserver* extraObserver,
                              DynamicSolverType solverType) {
  const TimeIntegrationSettings& ti = settings.timeIntegration;
  return RunSolver(system, settings, extraObserver, "mbs.SolveDynamic()", ti.newton.numericalDifferentiation,
                   ti.startTime, [&](DAESystem& equations, SolverObserver& observers) {
                     return CreateDynamicSolver(solverType, equations, settings, observers);
                   });
}

}  // namespace multidyn
