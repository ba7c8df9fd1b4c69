// Exudyn's system-level user functions of the Newton iteration (docs/theory/SystemUserFunctions.md):
// preNewtonResidualUserFunction before each residual, systemJacobianUserFunction's matrix added to
// each Newton matrix, postNewtonUserFunction after each converged Newton solve. They see the state
// being evaluated as the Current configuration (the post-Newton function may also write it).
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

// Calls the system's postNewtonUserFunction (if any) f(mbs, t) -> [discontinuousError,
// recommendedStepSize] on `state`, which it may change; returns |discontinuousError| (0 without a
// function) and sets recommendedStepSize if the function's is >= 0 (Exudyn's rule).
double CallPostNewtonUserFunction(const MainSystem& system, SystemState& state, double& recommendedStepSize);

}  // namespace multidyn
