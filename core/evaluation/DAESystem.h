// The one interface every solver sees: an abstract differential-algebraic system in Exudyn's
// unknowns [ODE2 | ODE1 | AE], with no knowledge of items or of MainSystem. The multibody
// system (SystemEquations) implements it; solver unit tests implement it with small analytic
// systems. It fits implicit integrators (residuals and a weighted Newton matrix), explicit ones
// (mass matrix and forces) and, through the same functions, SUNDIALS' F(t, y, y') = 0 (IDA) and
// y' = f(t, y) (CVODE).
//
//   ODE2 residual   r = M(q) q_tt + f_internal(q, q_t) + C_q^T lambda - f_applied(q, q_t, t)
//   ODE1 residual   r1 = y_t - f_FO(y, q, q_t, t)
//   AE residual     g(q) (position level) or g_t(q, q_t) (velocity level)
#pragma once

#include <string>
#include <vector>

#include "core/evaluation/SystemMatrix.h"
#include "core/foundation/SystemState.h"

namespace multidyn {

// How the blocks of the Newton matrix are weighted:
//   ODE2 rows: mass*M + stiffness*dr/dq + damping*dr/dq_t  | ode2ODE1*dr/dy | multiplierColumns*C_q^T
//   ODE1 rows: ode1Stiffness*dr1/dq + ode1Damping*dr1/dq_t | ode1Derivative*I + ode1Stiffness*dr1/dy
//   AE rows:   constraintRows*C_q (position level) or constraintRows*d(g_t)/dq_t (velocity level)
struct JacobianFactors {
  double mass = 1.;
  double stiffness = 1.;
  double damping = 1.;
  double multiplierColumns = 1.;
  double constraintRows = 1.;
  double ode1Derivative = 1.;
  double ode1Stiffness = 1.;
  double ode2ODE1 = 1.;  // dr/dy: ODE2 forces depending on ODE1 coordinates
  double ode1Damping = 0.;  // dr1/dq_t weight (ODE1 equations depending on velocities)
  bool velocityLevelConstraints = false;
  // Rows of constraints on velocities (Constraint::IsVelocityLevel), g_v(q, q_t): the weights of
  // dg_v/dq_t (the unknown's change of q_t) and of dg_v/dq (its change of q; Exudyn's matrix
  // has no such block, nor has the matrix built from the constraint loads).
  double velocityConstraintRows = 1.;
  double velocityConstraintPositionRows = 1.;
  bool includeLoads = false;  // load Jacobians (follower loads); off by default in time integration
  // Exudyn's systemJacobianUserFunction is called for Newton matrices only (0: not called): with
  // (factorODE2, factorODE2_t, factorODE1) = sign * (stiffness, damping, ode2ODE1) and its
  // matrix added times -sign (-1 in time integration, whose matrix has Exudyn's sign; +1 in the
  // static solver, whose matrix is the negative of Exudyn's there).
  double systemJacobianUserFunctionSign = 0.;
  // d(C_q^T lambda)/dq, the only place the multipliers enter. Without it (Exudyn's Newton matrix)
  // those blocks are not computed and not in the sparsity pattern, which also spares fill-in.
  bool constraintForces = true;
};

// What an algebraic equation constrains: positions g(q) = 0 (its velocity form g_t = C_q q_t
// follows), velocities only g_v(q, q_t) = 0, or nothing (an inactive constraint: lambda = 0).
enum class AlgebraicEquationKind : char { Position, Velocity, Inactive };

class DAESystem {
 public:
  virtual ~DAESystem() = default;

  virtual Index NumberOfODE2() const = 0;
  virtual Index NumberOfODE1() const = 0;
  virtual Index NumberOfAE() const = 0;
  Index NumberOfUnknowns() const { return NumberOfODE2() + NumberOfODE1() + NumberOfAE(); }

  virtual void ComputeODE2Residual(const SystemState& state, VectorX& residual) = 0;
  virtual void ComputeODE1Residual(const SystemState& state, VectorX& residual) = 0;
  // The ODE2 residual of a state whose q_tt is zero (the explicit solvers' stages: M a = -r);
  // a system may skip the terms that vanish there.
  virtual void ComputeODE2ResidualAtZeroAcceleration(const SystemState& state, VectorX& residual) {
    ComputeODE2Residual(state, residual);
  }
  // The solver integrates the ODE1 coordinates by the trapezoidal rule with step size h (0: not
  // trapezoidal); items see it in EvaluationContext::trapezoidalStepSize.
  virtual void SetTrapezoidalStepSize(double h) {}
  // Static load steps: applied loads without a user function are scaled by factor (1 outside
  // the static solver; a load with a user function gives its value unscaled, as in Exudyn).
  virtual void SetLoadFactor(double factor) {}
  virtual void ComputeAlgebraicResidual(const SystemState& state, bool velocityLevel, VectorX& residual) = 0;
  // All three at one state (a system may share work between them).
  virtual void ComputeResiduals(const SystemState& state, bool velocityLevel, VectorX& ode2Residual,
                                VectorX& ode1Residual, VectorX& algebraicResidual) {
    ComputeODE2Residual(state, ode2Residual);
    ComputeODE1Residual(state, ode1Residual);
    ComputeAlgebraicResidual(state, velocityLevel, algebraicResidual);
  }
  // Newton matrix of [r; r1; g] with respect to [q; y; lambda] (q_t, q_tt and y_t enter through
  // the factors), written into `matrix` (already sized NumberOfUnknowns(); SetZero/Finalize are
  // the caller's).
  virtual void ComputeJacobian(const SystemState& state, const JacobianFactors& factors, SystemMatrix& matrix) = 0;
  // M(q) into the ODE2 block of `matrix` (sized NumberOfODE2() or more).
  virtual void ComputeMassMatrix(const SystemState& state, SystemMatrix& matrix) = 0;
  // True if M does not depend on the state (then it may be factorized once).
  virtual bool MassMatrixIsConstant() const { return false; }
  // True if the system solves M(q) a = b itself (SolveMassMatrix), e.g. in O(n) for kinematic
  // trees; explicit solvers then neither assemble nor factorize M.
  virtual bool SolvesMassMatrix() const { return false; }
  // rhsToSolution := M(q)^-1 rhsToSolution at the state's coordinates.
  virtual void SolveMassMatrix(const SystemState& state, VectorX& rhsToSolution) {}
  // forces = C_q^T mu: the ODE2 residual's multiplier terms for the multipliers mu instead of
  // lambda (IDA's stabilised index-2 form projects with it). The default takes the difference of
  // two residuals; a system may evaluate the constraint loads alone.
  virtual void ComputeConstraintForces(const SystemState& state, const VectorX& mu, VectorX& forces) {
    SystemState work = state;
    VectorX zero;
    work.ode2_tt.setZero();
    work.ae.setZero();
    ComputeODE2Residual(work, zero);
    work.ae = mu;
    ComputeODE2Residual(work, forces);
    forces -= zero;
  }
  // The part of g_tt that does not depend on q_tt: g_tt = C_q q_tt + h(q, q_t).
  virtual void ComputeConstraintAccelerationTerm(const SystemState& state, VectorX& h) = 0;

  // Exudyn's preNewtonResidualUserFunction: Newton solvers call this before each residual of
  // their iteration (newtonIteration: iterations done so far; 0 at the start), not for Jacobians.
  virtual void PreNewtonResidual(const SystemState& state, Index newtonIteration, Index discontinuousIteration) {}

  // Discrete state between steps: called after each converged Newton solve; returns the
  // switching error (0: nothing switched) and sets recommendedStepSize [s] (-1: none; >= 0: a
  // step size that would meet the switching point, as Exudyn's PostNewton gives it).
  virtual bool HasPostNewtonItems() const { return false; }
  // startOfStep: the accepted state the step started from (items compare their data with it).
  virtual double PostNewtonStep(SystemState& state, const SystemState& startOfStep, double& recommendedStepSize) {
    recommendedStepSize = -1.;
    return 0.;
  }

  // Explicit integrators cannot solve constraints; a system says which of its algebraic
  // equations fix single ODE2 coordinates to given values (eliminated there) and names the
  // others in `why` (empty: all can be eliminated).
  virtual void CoordinatesFixedByConstraints(std::vector<Index>& ode2Coordinates, std::string& why) const {
    ode2Coordinates.clear();
    why = NumberOfAE() > 0 ? "the system has algebraic equations" : "";
  }

  // The kind of each algebraic equation (size NumberOfAE()), for solvers that treat position and
  // velocity levels separately (IDA's stabilised index-2 form); the default: all position level.
  virtual void AlgebraicEquationKinds(std::vector<AlgebraicEquationKind>& kinds) const {
    kinds.assign(size_t(NumberOfAE()), AlgebraicEquationKind::Position);
  }

  // The constraints on velocities only (Constraint::IsVelocityLevel), named for the messages of
  // solvers without velocities (static); empty: none.
  virtual std::string DescribeVelocityLevelConstraints() const { return ""; }

  // Which item an unknown (row of the Newton system) belongs to, for messages.
  virtual std::string DescribeUnknown(Index row) const { return "unknown " + std::to_string(row); }
};

}  // namespace multidyn
