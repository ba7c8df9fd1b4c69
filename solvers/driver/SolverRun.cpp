#include "solvers/driver/SolverRun.h"

#include "core/evaluation/SystemEquations.h"
#include "core/files/SolutionRecorder.h"
#include "solvers/driver/CompositeSolverObserver.h"
#include "solvers/driver/PostStepUserFunctionCaller.h"
#include "solvers/driver/PreStepUserFunctionCaller.h"
#include "solvers/driver/SystemStateWriter.h"

namespace multidyn {

SolverStatistics RunSolver(MainSystem& system, const SimulationSettings& settings, SolverObserver* extraObserver,
                           const std::string& call, const NumericalDifferentiationSettings& numericalDifferentiation,
                           double startTime, const SolverMaker& makeSolver) {
  // Structural changes (from user functions) are refused until the solve ends; a nested solve too.
  MainSystem::SolveInProgress solving(system, call);
  system.Compiled();  // throws NotAssembledError
  SystemEquations equations(system);
  equations.SetNumericalDifferentiation(&numericalDifferentiation);
  equations.SetParallel(settings.parallel.numberOfThreads, settings.parallel.multithreadedLLimitResiduals);

  // The writer goes first: the pre-step user function, the recorder and the extra observer then
  // see the system's states as they are at that point of the step.
  SystemStateWriter writer(system);
  SolutionRecorder recorder(system, settings);
  PreStepUserFunctionCaller preStep(system);
  PostStepUserFunctionCaller postStep(system);
  CompositeSolverObserver observers;
  observers.Add(&writer);
  // The step functions cannot be set during a solve: without them, nothing to call per step.
  if (system.PreStepUserFunction()) observers.Add(&preStep);
  if (system.PostStepUserFunction()) observers.Add(&postStep);
  observers.Add(&recorder);
  observers.Add(extraObserver);

  const std::unique_ptr<TimeIntegrator> solver = makeSolver(equations, observers);
  // A solver that puts only accepted steps in its state works on the system's current state
  // itself (no copy per step); another one on a copy the writer copies back at every step.
  SystemState copy;
  const bool inPlace = solver->StateHoldsOnlyAcceptedSteps();
  if (!inPlace) copy = system.CurrentState();
  SystemState& state = inPlace ? system.CurrentState() : copy;
  if (!inPlace) {
    preStep.SetSolverStateCopy(&copy);
    postStep.SetSolverStateCopy(&copy);
  }
  state.time = startTime;
  try {
    const SolverStatistics statistics = solver->Solve(state);
    if (!inPlace) system.CurrentState() = state;
    return statistics;
  } catch (...) {
    if (!inPlace) system.CurrentState() = state;  // the solver restored its copy to the last accepted step
    throw;
  }
}

}  // namespace multidyn
