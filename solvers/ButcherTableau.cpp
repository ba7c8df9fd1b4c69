#include "solvers/ButcherTableau.h"

#include "core/foundation/Errors.h"

namespace multidyn {

ButcherTableau ButcherTableauFor(DynamicSolverType type) {
  switch (type) {
    case DynamicSolverType::ExplicitEuler: return {"ExplicitEuler", 1, {0.}, {1.}, {{}}};
    case DynamicSolverType::ExplicitMidpoint: return {"ExplicitMidpoint", 2, {0., 0.5}, {0., 1.}, {{}, {0.5}}};
    case DynamicSolverType::RK33:
      return {"RK33", 3, {0., 0.5, 1.}, {1. / 6., 2. / 3., 1. / 6.}, {{}, {0.5}, {-1., 2.}}};
    case DynamicSolverType::RK44:
      return {"RK44", 4, {0., 0.5, 0.5, 1.}, {1. / 6., 1. / 3., 1. / 3., 1. / 6.}, {{}, {0.5}, {0., 0.5}, {0., 0., 1.}}};
    default:
      throw ValueError("solverType: " + DynamicSolverTypeName(type) + " has no fixed-step explicit tableau here");
  }
}

}  // namespace multidyn
