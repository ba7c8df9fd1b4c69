// The multibody DAE in the stabilised index-2 form of Gear, Gupta and Leimkuhler (GGL) as
// F(t, y, y') = 0 for IDA, over y = [q, v, x, Lambda, M] (q: ODE2 coordinates, v = their
// velocities, x: ODE1 coordinates; the multipliers enter as the derivatives lambda = Lambda',
// mu = M' of their integrals, which are 0 at each (re)start). The integrals are IDA's unknowns
// so that their Newton corrections are of the size of those of v and q (delta Lambda = h delta
// lambda, as a momentum; delta M as a position), and the user's tolerances weigh them sensibly
// in Newton's convergence test; on q, v the solution is the same as with lambda, mu themselves.
//   F1 = q' - v - G^T mu                        ODE2 kinematics, projected onto g(q) = 0
//   F2 = r(q, v, v', x, lambda)                 ODE2 residual with q_t = v, q_tt = v'
//   F3 = x' - f_FO(x, q, v, t)                  ODE1 equations
//   F5 = g_t(q, v), g_v(q, v) or lambda          velocity level of each algebraic row
//   F4 = g(q) (position rows) or M               position level
// Both levels hold on the solution, so neither positions nor velocities drift; mu vanishes on it.
// G^T mu is C_q^T mu as the constraint loads define it (DAESystem::ComputeConstraintForces), at
// the residual's q; M (so mu) of rows without a position level is 0 by F4.
// The Jacobian dF/dy + cj dF/dy' is assembled from two Newton matrices of the DAE interface
// (the q-derivatives, and the v- and v'-derivatives); it leaves out d(G^T mu)/dq and d(g_t)/dq,
// which only slow Newton down slightly (mu ~ 0, and the second is O(h) against C_q).
#pragma once

#include <vector>

#include "core/evaluation/DAESystem.h"

namespace multidyn {

class GGLEquations {
 public:
  explicit GGLEquations(DAESystem& system, bool constraintForcesJacobian);

  Index Size() const { return 2 * numberOfODE2_ + numberOfODE1_ + 2 * numberOfAE_; }
  Index NumberOfODE2() const { return numberOfODE2_; }
  Index NumberOfAE() const { return numberOfAE_; }

  // The data coordinates and anything else the evaluations read that is not in y come from here.
  void SetBaseState(const SystemState& state) { CopyBase(state); }
  void ToState(double t, const double* y, const double* yp, SystemState& state) const;
  void FromState(const SystemState& state, double* y, double* yp) const;
  // 1 for the differential components (q, v, x), 0 for the multipliers' integrals Lambda, M.
  void DifferentialComponents(double* id) const;
  void Residual(double t, const double* y, const double* yp, double* F);
  // dF/dy + cj dF/dy' into `matrix` (resized to Size() with `storage`, pattern kept).
  void Jacobian(double t, double cj, const double* y, const double* yp, SystemMatrix& matrix,
                SystemMatrix::Storage storage);

  // The factorized matrix is S = R J C (see Jacobian): the solution of J d = b is
  // d = ColumnScaling() .* S^-1 (RowScaling() .* b). Both from the last Jacobian's cj.
  const VectorX& RowScaling() const { return rowScaling_; }
  const VectorX& ColumnScaling() const { return columnScaling_; }

  // Describes a row/unknown of the GGL system for messages.
  std::string DescribeUnknown(Index index) const;

 private:
  void CopyBase(const SystemState& state);
  void AssemblePositionMatrix(double cj, SystemMatrix::Storage storage);

  DAESystem& system_;
  bool constraintForcesJacobian_;
  Index numberOfODE2_, numberOfODE1_, numberOfAE_;
  std::vector<AlgebraicEquationKind> kinds_;
  SystemState work_;
  VectorX residual_, ode1Residual_, positionLevel_, velocityLevel_;
  SystemMatrix positionMatrix_, velocityMatrix_;  // the DAE interface's matrices over [q, x, lambda]
  VectorX mu_, projection_;  // mu, and C_q^T mu
  VectorX rowScaling_, columnScaling_;
};

}  // namespace multidyn
