#include "solvers/driver/SolverFactory.h"

#include "core/foundation/Errors.h"
#include "solvers/integrators/ButcherTableau.h"
#include "solvers/integrators/CvodeSolver.h"
#include "solvers/integrators/ExplicitSolver.h"
#include "solvers/integrators/GeneralizedAlphaSolver.h"
#include "solvers/integrators/IdaSolver.h"

namespace multidyn {

std::string DynamicSolverTypeName(DynamicSolverType type) {
  switch (type) {
    case DynamicSolverType::GeneralizedAlpha: return "GeneralizedAlpha";
    case DynamicSolverType::TrapezoidalIndex2: return "TrapezoidalIndex2";
    case DynamicSolverType::ExplicitEuler: return "ExplicitEuler";
    case DynamicSolverType::ExplicitMidpoint: return "ExplicitMidpoint";
    case DynamicSolverType::RK33: return "RK33";
    case DynamicSolverType::RK44: return "RK44";
    case DynamicSolverType::RK67: return "RK67";
    case DynamicSolverType::ODE23: return "ODE23";
    case DynamicSolverType::DOPRI5: return "DOPRI5";
    case DynamicSolverType::DVERK6: return "DVERK6";
    case DynamicSolverType::VelocityVerlet: return "VelocityVerlet";
    case DynamicSolverType::IDA: return "IDA";
    case DynamicSolverType::CVODE: return "CVODE";
  }
  return "DynamicSolverType(" + std::to_string(int(type)) + ")";
}

std::unique_ptr<TimeIntegrator> CreateDynamicSolver(DynamicSolverType type, DAESystem& system,
                                                    const SimulationSettings& settings, SolverObserver& observer) {
  switch (type) {
    case DynamicSolverType::GeneralizedAlpha:
      return std::make_unique<GeneralizedAlphaSolver>(system, settings, observer);
    case DynamicSolverType::TrapezoidalIndex2: {
      // Exudyn's TrapezoidalIndex2 is Newmark (beta 1/4, gamma 1/2) with index-2 constraints.
      SimulationSettings trapezoidal = settings;
      trapezoidal.timeIntegration.generalizedAlpha.useNewmark = true;
      trapezoidal.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
      return std::make_unique<GeneralizedAlphaSolver>(system, trapezoidal, observer);
    }
    case DynamicSolverType::ExplicitEuler:
    case DynamicSolverType::ExplicitMidpoint:
    case DynamicSolverType::RK33:
    case DynamicSolverType::RK44:
    case DynamicSolverType::RK67:
    case DynamicSolverType::ODE23:
    case DynamicSolverType::DOPRI5:
    case DynamicSolverType::DVERK6:
      return std::make_unique<ExplicitSolver>(ButcherTableauFor(type), system, settings, observer);
    case DynamicSolverType::VelocityVerlet: return ExplicitSolver::VelocityVerlet(system, settings, observer);
    case DynamicSolverType::IDA: return std::make_unique<IdaSolver>(system, settings, observer);
    case DynamicSolverType::CVODE: return std::make_unique<CvodeSolver>(system, settings, observer);
    default:
      throw ValueError(
          "solverType: " + DynamicSolverTypeName(type) +
          " is not supported; use GeneralizedAlpha or TrapezoidalIndex2 (implicit) or ExplicitEuler, "
          "ExplicitMidpoint, RK33, RK44, RK67, VelocityVerlet (explicit, fixed step size) or ODE23, DOPRI5, "
          "DVERK6 (explicit, automatic step size) or IDA, CVODE (SUNDIALS, error-controlled)");
  }
}

}  // namespace multidyn
