// Exudyn's exu.DynamicSolverType, with the same values, and multidyn's SUNDIALS integrators after them.
#pragma once

#include <string>

namespace multidyn {

enum class DynamicSolverType {
  GeneralizedAlpha = 1,
  TrapezoidalIndex2 = 2,
  ExplicitEuler = 3,
  ExplicitMidpoint = 4,
  RK33 = 5,
  RK44 = 6,
  RK67 = 7,
  ODE23 = 8,
  DOPRI5 = 9,
  DVERK6 = 10,
  VelocityVerlet = 11,
  // multidyn's, after Exudyn's: SUNDIALS' error-controlled integrators
  IDA = 12,
  CVODE = 13,
};

std::string DynamicSolverTypeName(DynamicSolverType type);

}  // namespace multidyn
