#include "solvers/sundials/LinearSolverAdapter.h"

#include "core/foundation/Errors.h"
#include "solvers/sundials/SundialsVector.h"
#include "solvers/sundials/SystemMatrixAdapter.h"

namespace multidyn {

namespace {
SUNLinearSolver_Type DirectType(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID CustomId(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int FreeNothing(SUNLinearSolver) { return 0; }  // owned by the adapter
}  // namespace

LinearSolverAdapter::LinearSolverAdapter(LinearSolver& solver, Index size, SUNContext context)
    : linearSolver_(solver), rhs_(VectorX::Zero(size)), solution_(VectorX::Zero(size)) {
  solver_ = SUNLinSolNewEmpty(context);
  if (!solver_) throw SolverError("SUNDIALS: SUNLinSolNewEmpty failed");
  solver_->content = this;
  solver_->ops->gettype = DirectType;
  solver_->ops->getid = CustomId;
  solver_->ops->setup = Setup;
  solver_->ops->solve = Solve;
  solver_->ops->free = FreeNothing;
}

LinearSolverAdapter::~LinearSolverAdapter() {
  solver_->content = nullptr;
  SUNLinSolFreeEmpty(solver_);
}

int LinearSolverAdapter::Setup(SUNLinearSolver solver, SUNMatrix matrix) {
  LinearSolverAdapter& self = Of(solver);
  try {
    self.linearSolver_.Factorize(SystemMatrixAdapter::MatrixOf(matrix));
    ++self.factorizations_;
    return 0;
  } catch (const SolverError& e) {  // singular: SUNDIALS retries with a smaller step
    self.lastFailure_ = e.what();
    return 1;
  } catch (const std::exception& e) {
    self.lastFailure_ = e.what();
    return -1;
  }
}

int LinearSolverAdapter::Solve(SUNLinearSolver solver, SUNMatrix, N_Vector x, N_Vector b, sunrealtype) {
  LinearSolverAdapter& self = Of(solver);
  try {
    self.rhs_ = VectorOf(b);
    if (self.rowScaling_ && self.rowScaling_->size() == self.rhs_.size())
      self.rhs_.array() *= self.rowScaling_->array();
    self.linearSolver_.Solve(self.rhs_, self.solution_);
    if (self.columnScaling_ && self.columnScaling_->size() == self.solution_.size())
      self.solution_.array() *= self.columnScaling_->array();
    VectorOf(x) = self.solution_;
    return 0;
  } catch (const std::exception& e) {  // a non-finite solution: recoverable (smaller step)
    self.lastFailure_ = e.what();
    return 1;
  }
}

}  // namespace multidyn
