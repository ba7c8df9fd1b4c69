// The multibody DAE in the stabilised index-2 form of Gear, Gupta and Leimkuhler (GGL) as
// F(t, y, y') = 0 for IDA, over y = [q, v, x, lambda, mu] (q: ODE2 coordinates, v = their
// velocities, x: ODE1 coordinates, lambda: multipliers, mu: the projection's multipliers):
//   F1 = q' - v - G^T mu                        ODE2 kinematics, projected onto g(q) = 0
//   F2 = r(q, v, v', x, lambda)                 ODE2 residual with q_t = v, q_tt = v'
//   F3 = x' - f_FO(x, q, v, t)                  ODE1 equations
//   F5 = g_t(q, v), g_v(q, v) or lambda          velocity level of each algebraic row
//   F4 = g(q) (position rows) or mu              position level
// Both levels hold on the solution, so neither positions nor velocities drift; mu vanishes on it.
// G^T mu is C_q^T mu as the constraint loads define it (DAESystem::ComputeConstraintForces), at
// the residual's q; mu of rows without a position level is 0 by F4.
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
  // 1 for the differential components (q, v, x), 0 for the algebraic ones (lambda, mu).
  void DifferentialComponents(double* id) const;
  void Residual(double t, const double* y, const double* yp, double* F);
  // dF/dy + cj dF/dy' into `matrix` (resized to Size() with `storage`, pattern kept).
  void Jacobian(double t, double cj, const double* y, const double* yp, SystemMatrix& matrix,
                SystemMatrix::Storage storage);

  // The factors the last Jacobian's rows carry (1, and cj for the algebraic rows F5, F4): a right-
  // hand side of the Newton system is to be multiplied by them.
  const VectorX& RowScaling() const { return rowScaling_; }

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
  VectorX mu_, projection_;                        // mu, and C_q^T mu
  VectorX rowScaling_;
};

}  // namespace multidyn
