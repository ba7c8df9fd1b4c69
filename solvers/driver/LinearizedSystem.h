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
  MatrixX massMatrix;  // M(q), nODE2 x nODE2
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

// The inertia m_eff = 1 / (J^T q_tt) along a direction J of the ODE2 coordinates at the reference
// configuration: q_tt the response to the generalized force J with every joint of the system acting
// (constrained dynamics [M C_q^T; C_q 0], zero velocities), MuJoCo's 1 / (J M^-1 J^T) at qpos0 for a
// transmission (objects/actuators/TransmissionInertia.h gives its J). Throws ValueError if it has no
// finite positive inertia (massless or locked).
double InertiaAlong(const MainSystem& system, const VectorX& J);

}  // namespace multidyn
