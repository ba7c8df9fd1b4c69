// The state of a system: cheap to copy, separate from the model.
#pragma once

#include "core/foundation/Types.h"

namespace multidyn {

struct SystemState {
  double time = 0.;
  VectorX ode2;  // displacements relative to the reference coordinates
  VectorX ode2_t;
  VectorX ode2_tt;
  VectorX ode1;
  VectorX ode1_t;
  VectorX ae;  // algebraic variables (Lagrange multipliers)
  VectorX data;  // discrete state updated between steps (not part of the DAE)
};

}  // namespace multidyn
