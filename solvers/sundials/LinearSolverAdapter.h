// A SUNLinearSolver (direct, matrix-based) that factorizes the SystemMatrix inside a
// SystemMatrixAdapter with multidyn's LinearSolver (dense or sparse LU, fixed pattern, pivot
// order reused) and solves with it. A singular matrix is a recoverable failure for SUNDIALS (it
// reduces the step); its message is kept for the error SUNDIALS' final failure becomes.
#pragma once

#include <string>

#include <sundials/sundials_linearsolver.h>

#include "core/foundation/Types.h"
#include "solvers/linear/LinearSolver.h"

namespace multidyn {

class LinearSolverAdapter {
 public:
  LinearSolverAdapter(LinearSolver& solver, Index size, SUNContext context);
  ~LinearSolverAdapter();
  LinearSolverAdapter(const LinearSolverAdapter&) = delete;
  LinearSolverAdapter& operator=(const LinearSolverAdapter&) = delete;

  SUNLinearSolver Get() const { return solver_; }
  // The factorized matrix is S = R J C with R, C diagonal (null: identity): J x = b is solved as
  // x = C S^-1 (R b).
  void SetScaling(const VectorX* rowScaling, const VectorX* columnScaling) {
    rowScaling_ = rowScaling;
    columnScaling_ = columnScaling;
  }
  Index Factorizations() const { return factorizations_; }
  const std::string& LastFailure() const { return lastFailure_; }

 private:
  static int Setup(SUNLinearSolver solver, SUNMatrix matrix);
  static int Solve(SUNLinearSolver solver, SUNMatrix matrix, N_Vector x, N_Vector b, sunrealtype tolerance);
  static LinearSolverAdapter& Of(SUNLinearSolver solver) { return *static_cast<LinearSolverAdapter*>(solver->content); }

  SUNLinearSolver solver_ = nullptr;
  LinearSolver& linearSolver_;
  VectorX rhs_, solution_;
  const VectorX* rowScaling_ = nullptr;
  const VectorX* columnScaling_ = nullptr;
  Index factorizations_ = 0;
  std::string lastFailure_;
};

}  // namespace multidyn
