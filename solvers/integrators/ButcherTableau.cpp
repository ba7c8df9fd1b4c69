#include "solvers/integrators/ButcherTableau.h"

#include <cmath>

#include "core/foundation/Errors.h"

namespace multidyn {

ButcherTableau ButcherTableauFor(DynamicSolverType type) {
  switch (type) {
    case DynamicSolverType::ExplicitEuler: return {"ExplicitEuler", 1, {0.}, {1.}, {{}}};
    case DynamicSolverType::ExplicitMidpoint: return {"ExplicitMidpoint", 2, {0., 0.5}, {0., 1.}, {{}, {0.5}}};
    case DynamicSolverType::RK33:
      // Heun's third-order method, as Exudyn's RK33 (not Kutta's, whose steps differ in O(h^4)).
      return {"RK33", 3, {0., 1. / 3., 2. / 3.}, {1. / 4., 0., 3. / 4.}, {{}, {1. / 3.}, {0., 2. / 3.}}};
    case DynamicSolverType::RK44:
      return {
          "RK44", 4, {0., 0.5, 0.5, 1.}, {1. / 6., 1. / 3., 1. / 3., 1. / 6.}, {{}, {0.5}, {0., 0.5}, {0., 0., 1.}}};
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
    case DynamicSolverType::ODE23:
      // Bogacki and Shampine, A 3(2) pair of Runge-Kutta formulas, Appl. Math. Lett. 2 (1989):
      // order 3 with its first-same-as-last stage (b = a[3]), embedded order 2.
      return {"ODE23",
              3,
              {0., 0.5, 0.75, 1.},
              {2. / 9., 1. / 3., 4. / 9., 0.},
              {{}, {0.5}, {0., 0.75}, {2. / 9., 1. / 3., 4. / 9.}},
              {7. / 24., 1. / 4., 1. / 3., 1. / 8.}};
    case DynamicSolverType::DOPRI5:
      // Dormand and Prince, A family of embedded Runge-Kutta formulae, J. Comp. Appl. Math. 6
      // (1980); Hairer, Norsett, Wanner, Solving ODEs I, table 5.2: order 5, embedded order 4.
      return {"DOPRI5",
              5,
              {0., 1. / 5., 3. / 10., 4. / 5., 8. / 9., 1., 1.},
              {35. / 384., 0., 500. / 1113., 125. / 192., -2187. / 6784., 11. / 84., 0.},
              {{},
               {1. / 5.},
               {3. / 40., 9. / 40.},
               {44. / 45., -56. / 15., 32. / 9.},
               {19372. / 6561., -25360. / 2187., 64448. / 6561., -212. / 729.},
               {9017. / 3168., -355. / 33., 46732. / 5247., 49. / 176., -5103. / 18656.},
               {35. / 384., 0., 500. / 1113., 125. / 192., -2187. / 6784., 11. / 84.}},
              {5179. / 57600., 0., 7571. / 16695., 393. / 640., -92097. / 339200., 187. / 2100., 1. / 40.}};
    case DynamicSolverType::DVERK6:
      // Verner's 6(5) pair as in Hull, Enright and Jackson's DVERK (User's guide for DVERK,
      // TR 100, University of Toronto, 1976): order 6, embedded order 5 (order conditions checked
      // in exact arithmetic, see docs/solvers/ExplicitSolvers.md).
      return {"DVERK6",
              6,
              {0., 1. / 6., 4. / 15., 2. / 3., 5. / 6., 1., 1. / 15., 1.},
              {3. / 40., 0., 875. / 2244., 23. / 72., 264. / 1955., 0., 125. / 11592., 43. / 616.},
              {{},
               {1. / 6.},
               {4. / 75., 16. / 75.},
               {5. / 6., -8. / 3., 5. / 2.},
               {-165. / 64., 55. / 6., -425. / 64., 85. / 96.},
               {12. / 5., -8., 4015. / 612., -11. / 36., 88. / 255.},
               {-8263. / 15000., 124. / 75., -643. / 680., -81. / 250., 2484. / 10625., 0.},
               {3501. / 1720., -300. / 43., 297275. / 52632., -319. / 2322., 24068. / 84065., 0., 3850. / 26703.}},
              {13. / 160., 0., 2375. / 5984., 5. / 16., 12. / 85., 3. / 44., 0., 0.}};
    default: throw ValueError("solverType: " + DynamicSolverTypeName(type) + " has no explicit Runge-Kutta tableau");
  }
}

}  // namespace multidyn
