// Exudyn's system-level user functions of the Newton iteration (docs/theory/SystemUserFunctions.md):
// preNewtonResidualUserFunction before each residual, systemJacobianUserFunction's matrix added to
// each Newton matrix. Both see the state being evaluated as the Current configuration.
#pragma once

#include "core/evaluation/DAESystem.h"
#include "core/evaluation/SystemMatrix.h"
#include "core/model/MainSystem.h"

namespace multidyn {

// Calls the system's preNewtonResidualUserFunction (if any) f(mbs, t, newtonIt, discontinuousIt).
void CallPreNewtonResidualUserFunction(const MainSystem& system, const SystemState& state, Index newtonIteration,
                                       Index discontinuousIteration);

// Adds the system's systemJacobianUserFunction (if any, and if factors ask for it) to the ODE2
// rows of `matrix` (numberOfODE2 rows; columns ODE2 or ODE1 coordinates); `entries` is scratch.
void AddSystemJacobianUserFunction(const MainSystem& system, const SystemState& state, const JacobianFactors& factors,
                                   Index numberOfODE2, Index numberOfODE1, Triplets& entries, SystemMatrix& matrix);

}  // namespace multidyn
