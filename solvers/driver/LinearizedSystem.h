// The matrices of the ODE2 equations linearized at a state, for mbs.ComputeLinearizedSystem,
// mbs.ComputeODE2Eigenvalues and mbs.ComputeSystemDegreeOfFreedom (docs/solvers/LinearAnalysis.md).
// They are those of Exudyn's linear analysis: the Jacobians of the objects' forces (bodies,
// connectors) and the constraints' Jacobian, without the Jacobians of applied loads and without
// d(C_q^T lambda)/dq, as Exudyn's static solver computes them for it.
#pragma once

#include "core/foundation/SystemState.h"
#include "core/model/MainSystem.h"
#include "core/model/SimulationSettings.h"

namespace multidyn {

struct LinearizedSystemMatrices {
  Index numberOfODE2 = 0, numberOfODE1 = 0, numberOfAE = 0;
  MatrixX massMatrix;       // M(q), nODE2 x nODE2
  // With r = M q_tt + f_internal(q, q_t) - f_applied (the ODE2 residual without loads and
  // multipliers): K = dr/dq and D = dr/dq_t, nODE2 x nODE2. Exudyn writes M q_tt = RHS and
  // defines K = -dRHS/dq, D = -dRHS/dq_t: the same matrices.
  MatrixX stiffnessMatrix;
  MatrixX dampingMatrix;
  // The columns of the multipliers in the Newton matrix of [ODE2 | ODE1 | AE] unknowns:
  // (nODE2 + nODE1 + nAE) x nAE; its first nODE2 rows are C_q^T (the generalized constraint
  // forces are -C_q^T lambda), its last nAE rows the multipliers' own equations (1 on the
  // diagonal of an inactive constraint, whose equation is lambda = 0). Exudyn's jacobian[:, nODE2+nODE1:].
  MatrixX constraintColumns;
};

// At `state` (its q, q_t and time; q_tt and the multipliers are taken as zero, so that neither
// d(M q_tt)/dq nor d(C_q^T lambda)/dq enters, as in Exudyn). Numerical derivatives of user
// functions with settings.staticSolver.newton.numericalDifferentiation, as Exudyn's static
// solver. Throws NotAssembledError if the system changed since Assemble(). Changes nothing in
// the system.
LinearizedSystemMatrices ComputeLinearizedSystemMatrices(const MainSystem& system, const SimulationSettings& settings,
                                                         const SystemState& state);

}  // namespace multidyn
