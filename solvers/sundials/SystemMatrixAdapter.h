// A SUNMatrix whose content is a multidyn SystemMatrix (dense or sparse, pattern kept), so that a
// SUNDIALS Jacobian callback writes the Newton matrix in multidyn's storage and the
// LinearSolverAdapter factorizes it with multidyn's LU. SUNDIALS only passes it around: its zero
// operation does nothing (the callback's assembly sets the matrix to zero itself).
#pragma once

#include <sundials/sundials_matrix.h>

#include "core/evaluation/SystemMatrix.h"

namespace multidyn {

class SystemMatrixAdapter {
 public:
  SystemMatrixAdapter(SystemMatrix& matrix, SUNContext context);
  ~SystemMatrixAdapter();
  SystemMatrixAdapter(const SystemMatrixAdapter&) = delete;
  SystemMatrixAdapter& operator=(const SystemMatrixAdapter&) = delete;

  SUNMatrix Get() const { return matrix_; }
  static SystemMatrix& MatrixOf(SUNMatrix matrix) { return *static_cast<SystemMatrix*>(matrix->content); }

 private:
  SUNMatrix matrix_ = nullptr;
};

}  // namespace multidyn
