// The state of a DAE system's sizes with every coordinate zero, for the solver tests on
// analytic systems.
#pragma once

#include "core/evaluation/DAESystem.h"

namespace multidyn {

inline SystemState ZeroState(const DAESystem& system) {
  SystemState s;
  s.ode2.setZero(system.NumberOfODE2());
  s.ode2_t.setZero(system.NumberOfODE2());
  s.ode2_tt.setZero(system.NumberOfODE2());
  s.ode1.setZero(system.NumberOfODE1());
  s.ode1_t.setZero(system.NumberOfODE1());
  s.ae.setZero(system.NumberOfAE());
  return s;
}

}  // namespace multidyn
