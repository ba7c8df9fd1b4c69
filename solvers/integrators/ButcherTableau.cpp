#include "solvers/integrators/ButcherTableau.h"

#include <cmath>

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
    case DynamicSolverType::RK67: {
      // Butcher's seven-stage method of order six with the nodes 1/2 -+ sqrt(5)/10 (J. C. Butcher,
      // On Runge-Kutta processes of high order, J. Austral. Math. Soc. 4, 1964): Exudyn's RK67.
      const double r5 = std::sqrt(5.);
      const double lower = 0.5 - r5 / 10., upper = 0.5 + r5 / 10.;
      return {"RK67",
              6,
              {0., lower, upper, lower, upper, lower, 1.},
              {1. / 12., 0., 0., 0., 5. / 12., 5. / 12., 1. / 12.},
              {{},
               {lower},
               {-r5 / 10., 0.5 + r5 / 5.},
               {7. / 20. * r5 - 0.75, 0.25 * r5 - 0.25, 1.5 - 7. / 10. * r5},
               {1. / 12. - r5 / 60., 0., 1. / 6., 7. / 60. * r5 + 0.25},
               {r5 / 60. + 1. / 12., 0., 0.75 - 5. / 12. * r5, 1. / 6., -0.5 + 0.3 * r5},
               {1. / 6., 0., -55. / 12. + 25. / 12. * r5, -7. / 12. * r5 - 25. / 12., 5. - 2. * r5, 2.5 + 0.5 * r5}}};
    }
    default:
      throw ValueError("solverType: " + DynamicSolverTypeName(type) + " has no fixed-step explicit tableau here");
  }
}

}  // namespace multidyn
