#include "solvers/integrators/GGLEquations.h"

#include "solvers/integrators/StateVectors.h"

namespace multidyn {

GGLEquations::GGLEquations(DAESystem& system, bool constraintForcesJacobian)
    : system_(system), constraintForcesJacobian_(constraintForcesJacobian) {
  numberOfODE2_ = system.NumberOfODE2();
  numberOfODE1_ = system.NumberOfODE1();
  numberOfAE_ = system.NumberOfAE();
  system.AlgebraicEquationKinds(kinds_);
}

void GGLEquations::CopyBase(const SystemState& state) { CopyState(state, work_); }

void GGLEquations::ToState(double t, const double* y, const double* yp, SystemState& state) const {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, na = numberOfAE_;
  state.time = t;
  state.ode2 = Eigen::Map<const VectorX>(y, n2);
  state.ode2_t = Eigen::Map<const VectorX>(y + n2, n2);
  state.ode2_tt = Eigen::Map<const VectorX>(yp + n2, n2);
  state.ode1 = Eigen::Map<const VectorX>(y + 2 * n2, n1);
  state.ode1_t = Eigen::Map<const VectorX>(yp + 2 * n2, n1);
  state.ae = Eigen::Map<const VectorX>(yp + 2 * n2 + n1, na);  // lambda = Lambda'
}

void GGLEquations::FromState(const SystemState& state, double* y, double* yp) const {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, na = numberOfAE_;
  Eigen::Map<VectorX>(y, n2) = state.ode2;
  Eigen::Map<VectorX>(y + n2, n2) = state.ode2_t;
  Eigen::Map<VectorX>(y + 2 * n2, n1) = state.ode1;
  Eigen::Map<VectorX>(y + 2 * n2 + n1, 2 * na).setZero();  // Lambda, M: integrals from the (re)start
  Eigen::Map<VectorX>(yp, n2) = state.ode2_t;
  Eigen::Map<VectorX>(yp + n2, n2) = state.ode2_tt;
  Eigen::Map<VectorX>(yp + 2 * n2, n1) = state.ode1_t;
  Eigen::Map<VectorX>(yp + 2 * n2 + n1, na) = state.ae;  // lambda
  Eigen::Map<VectorX>(yp + 2 * n2 + n1 + na, na).setZero();  // mu = 0 on consistent values
}

void GGLEquations::DifferentialComponents(double* id) const {
  const Index differential = 2 * numberOfODE2_ + numberOfODE1_;
  for (Index i = 0; i < Size(); ++i) id[i] = i < differential ? 1. : 0.;
}

void GGLEquations::Residual(double t, const double* y, const double* yp, double* F) {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, na = numberOfAE_;
  ToState(t, y, yp, work_);
  system_.ComputeResiduals(work_, false, residual_, ode1Residual_, positionLevel_);
  if (na > 0) system_.ComputeAlgebraicResidual(work_, true, velocityLevel_);
  const double* v = y + n2;
  const double* mu = yp + 2 * n2 + n1 + na;  // mu = M'
  const double* integratedMu = y + 2 * n2 + n1 + na;  // M
  if (na > 0) {
    mu_ = Eigen::Map<const VectorX>(mu, na);
    system_.ComputeConstraintForces(work_, mu_, projection_);  // C_q^T mu at this q
  }
  for (Index i = 0; i < n2; ++i) F[i] = yp[i] - v[i] - (na > 0 ? projection_(i) : 0.);
  for (Index i = 0; i < n2; ++i) F[n2 + i] = residual_(i);
  for (Index i = 0; i < n1; ++i) F[2 * n2 + i] = ode1Residual_(i);
  double* F5 = F + 2 * n2 + n1;
  double* F4 = F5 + na;
  for (Index k = 0; k < na; ++k) {
    F5[k] = velocityLevel_(k);
    F4[k] = kinds_[size_t(k)] == AlgebraicEquationKind::Position ? positionLevel_(k) : integratedMu[k];
  }
}

// The q-derivatives of the DAE residuals: K, dr/dx, C^T columns, C_q rows (position level),
// dg_v/dq (velocity level), the ODE1 block cj I + dr1/dx and dr1/dq.
void GGLEquations::AssemblePositionMatrix(double cj, SystemMatrix::Storage storage) {
  JacobianFactors factors;
  factors.mass = 0.;
  factors.stiffness = 1.;
  factors.damping = 0.;
  factors.multiplierColumns = 1.;
  factors.constraintRows = 1.;
  factors.velocityLevelConstraints = false;
  factors.velocityConstraintRows = 0.;
  factors.velocityConstraintPositionRows = 1.;
  factors.ode1Derivative = cj;
  factors.ode1Stiffness = 1.;
  factors.ode1Damping = 0.;
  factors.ode2ODE1 = 1.;
  factors.constraintForces = constraintForcesJacobian_;
  const Index n = numberOfODE2_ + numberOfODE1_ + numberOfAE_;
  positionMatrix_.Resize(n, storage);
  positionMatrix_.SetZero();
  system_.ComputeJacobian(work_, factors, positionMatrix_);
  positionMatrix_.Finalize();
}

void GGLEquations::Jacobian(double t, double cj, const double* y, const double* yp, SystemMatrix& matrix,
                            SystemMatrix::Storage storage) {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, na = numberOfAE_;
  const Index n = n2 + n1 + na;
  ToState(t, y, yp, work_);
  AssemblePositionMatrix(cj, storage);
  // The v- and v'-derivatives: D + cj M, dr1/dq_t, d(g_t)/dq_t = C_q, dg_v/dq_t (in the q columns).
  JacobianFactors factors;
  factors.mass = cj;
  factors.stiffness = 0.;
  factors.damping = 1.;
  factors.multiplierColumns = 0.;
  factors.constraintRows = 1.;
  factors.velocityLevelConstraints = true;
  factors.velocityConstraintRows = 1.;
  factors.velocityConstraintPositionRows = 0.;
  factors.ode1Derivative = 0.;
  factors.ode1Stiffness = 0.;
  factors.ode1Damping = 1.;
  factors.ode2ODE1 = 0.;
  factors.constraintForces = false;
  velocityMatrix_.Resize(n, storage);
  velocityMatrix_.SetZero();
  system_.ComputeJacobian(work_, factors, velocityMatrix_);
  velocityMatrix_.Finalize();

  // Offsets of the unknowns and of the equations in the GGL system.
  const Index Q = 0, V = n2, X = 2 * n2, L = 2 * n2 + n1, MU = L + na;
  const Index E1 = 0, E2 = n2, E3 = 2 * n2, E5 = 2 * n2 + n1, E4 = E5 + na;
  const Index aeStart = n2 + n1;
  auto column = [&](Index j) { return j < n2 ? Q + j : j < aeStart ? X + (j - n2) : L + (j - aeStart); };
  // Lambda and M enter through their derivatives lambda = Lambda', mu = M', so their columns of
  // dF/dy + cj dF/dy' carry cj, and the algebraic rows F5, F4 have no cj. Assembled and factorized
  // is S = R J C with the rows F5, F4 times cj (R) and the columns Lambda, M divided by cj (C):
  // the matrix of lambda, mu themselves with its algebraic rows scaled, whose pivots in the
  // multiplier columns are O(1) against their columns (in J they fall like 1/cj against the
  // column's cj C_q^T, and the LU's singularity test would refuse them at small steps).
  // The solution of J d = b is d = C S^-1 R b: RowScaling() and ColumnScaling().
  if (rowScaling_.size() != Size()) {
    rowScaling_.setOnes(Size());
    columnScaling_.setOnes(Size());
  }
  for (Index k = E5; k < Size(); ++k) {
    rowScaling_(k) = cj;
    columnScaling_(k) = 1. / cj;
  }
  const double a = cj;
  matrix.Resize(Size(), storage);
  matrix.SetZero();
  for (Index i = 0; i < n2; ++i) {
    matrix.Add(E1 + i, Q + i, cj);
    matrix.Add(E1 + i, V + i, -1.);
  }
  positionMatrix_.ForEachEntry([&](Index i, Index j, double value) {
    if (i < n2) {
      matrix.Add(E2 + i, column(j), value);
    } else if (i < aeStart) {
      matrix.Add(E3 + (i - n2), column(j), value);
    } else {
      const Index k = i - aeStart;
      if (kinds_[size_t(k)] == AlgebraicEquationKind::Position) {
        if (j < n2) {
          matrix.Add(E4 + k, Q + j, a * value);
          matrix.Add(E1 + j, MU + k, -value);
        }
      } else {
        matrix.Add(E5 + k, column(j), a * value);  // dg_v/dq; an inactive row's lambda = Lambda': cj cj / cj
      }
    }
  });
  velocityMatrix_.ForEachEntry([&](Index i, Index j, double value) {
    if (j >= n2) return;
    if (i < n2)
      matrix.Add(E2 + i, V + j, value);
    else if (i < aeStart)
      matrix.Add(E3 + (i - n2), V + j, value);
    else if (kinds_[size_t(i - aeStart)] != AlgebraicEquationKind::Inactive)
      matrix.Add(E5 + (i - aeStart), V + j, a * value);
  });
  for (Index k = 0; k < na; ++k)
    if (kinds_[size_t(k)] != AlgebraicEquationKind::Position) matrix.Add(E4 + k, MU + k, 1.);  // M_k = 0: cj 1 / cj
  matrix.Finalize();
}

std::string GGLEquations::DescribeUnknown(Index index) const {
  const Index n2 = numberOfODE2_, n1 = numberOfODE1_, na = numberOfAE_;
  if (index < n2) return system_.DescribeUnknown(index) + " (position)";
  if (index < 2 * n2) return system_.DescribeUnknown(index - n2) + " (velocity)";
  if (index < 2 * n2 + n1) return system_.DescribeUnknown(index - n2);
  if (index < 2 * n2 + n1 + na) return system_.DescribeUnknown(index - n2);
  return system_.DescribeUnknown(index - n2 - na) + " (position-level projection)";
}

}  // namespace multidyn
