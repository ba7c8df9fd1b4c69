// Coefficients of an explicit Runge-Kutta method: stage i evaluates at t + c_i h with
// x + h sum_j a_ij k_j (j < i); the step is x + h sum_i b_i k_i. An embedded pair also has the
// weights bEmbedded of a second solution of another order, x + h sum_i bEmbedded_i k_i, whose
// difference to the step is the error estimate of the automatic step size control.
#pragma once

#include <string>
#include <vector>

#include "core/foundation/Types.h"
#include "solvers/integrators/DynamicSolverType.h"

namespace multidyn {

struct ButcherTableau {
  std::string name;
  Index order = 1;
  std::vector<double> c, b;
  std::vector<std::vector<double>> a;  // a[i][j], j < i
  std::vector<double> bEmbedded;  // empty: no error estimate (fixed step size only)
  Index Stages() const { return Index(b.size()); }
  bool HasErrorEstimate() const { return !bEmbedded.empty(); }
};

// ExplicitEuler, ExplicitMidpoint, RK33 (Heun's third order), RK44 (the classical method),
// RK67 (Butcher's seven stages of order six), or the embedded pairs ODE23 (Bogacki-Shampine
// 3(2)), DOPRI5 (Dormand-Prince 5(4)) and DVERK6 (Verner's 6(5) of DVERK); `order` is the order
// of the solution the step continues with (the higher one of a pair, as in Exudyn). Throws
// ValueError for others.
ButcherTableau ButcherTableauFor(DynamicSolverType type);

}  // namespace multidyn
