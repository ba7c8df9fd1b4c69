#include "solvers/integrators/ButcherTableau.h"

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
    case DynamicSolverType::RK67:
      // Butcher's seven-stage method of order six (J. C. Butcher, On Runge-Kutta processes of
      // high order, J. Austral. Math. Soc. 4, 1964), as Exudyn's RK67.
      return {"RK67",
              6,
              {0., 1. / 3., 2. / 3., 1. / 3., 1. / 2., 1. / 2., 1.},
              {11. / 120., 0., 27. / 40., 27. / 40., -4. / 15., -4. / 15., 11. / 120.},
              {{},
               {1. / 3.},
               {0., 2. / 3.},
               {1. / 12., 1. / 3., -1. / 12.},
               {-1. / 16., 9. / 8., -3. / 16., -3. / 8.},
               {0., 9. / 8., -3. / 8., -3. / 4., 1. / 2.},
               {9. / 44., -9. / 11., 63. / 44., 18. / 11., 0., -16. / 11.}}};
    default:
      throw ValueError("solverType: " + DynamicSolverTypeName(type) + " has no fixed-step explicit tableau here");
  }
}

}  // namespace multidyn
