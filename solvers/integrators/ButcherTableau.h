// Coefficients of an explicit Runge-Kutta method: stage i evaluates at t + c_i h with
// x + h sum_j a_ij k_j (j < i); the step is x + h sum_i b_i k_i.
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
  Index Stages() const { return Index(b.size()); }
};

// ExplicitEuler, ExplicitMidpoint, RK33 (Kutta's third order), RK44 (the classical method) or
// RK67 (Butcher's seven stages of order six); throws ValueError for others.
ButcherTableau ButcherTableauFor(DynamicSolverType type);

}  // namespace multidyn
