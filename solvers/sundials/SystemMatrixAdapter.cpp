#include "solvers/sundials/SystemMatrixAdapter.h"

#include "core/foundation/Errors.h"

namespace multidyn {

namespace {
SUNMatrix_ID CustomId(SUNMatrix) { return SUNMATRIX_CUSTOM; }
int ZeroByAssembly(SUNMatrix) { return 0; }
void DestroyNothing(SUNMatrix) {}  // owned by the adapter
}  // namespace

SystemMatrixAdapter::SystemMatrixAdapter(SystemMatrix& matrix, SUNContext context) {
  matrix_ = SUNMatNewEmpty(context);
  if (!matrix_) throw SolverError("SUNDIALS: SUNMatNewEmpty failed");
  matrix_->content = &matrix;
  matrix_->ops->getid = CustomId;
  matrix_->ops->zero = ZeroByAssembly;
  matrix_->ops->destroy = DestroyNothing;
}

SystemMatrixAdapter::~SystemMatrixAdapter() {
  matrix_->content = nullptr;
  SUNMatFreeEmpty(matrix_);
}

}  // namespace multidyn
