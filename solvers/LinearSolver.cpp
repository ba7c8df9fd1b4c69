#include "solvers/LinearSolver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/Errors.h"

namespace multidyn {

// Eigen's SparseLU keeps U's diagonal inside its supernodal L store (protected); we read it to
// catch nearly singular matrices, which SparseLU itself only rejects for exactly zero pivots.
class LinearSolver::SparseLUWithPivots : public Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> {
 public:
  // |u_jj| in the column-permuted order (0 where no diagonal entry is stored).
  VectorX PivotMagnitudes() const {
    VectorX pivots = VectorX::Zero(this->cols());
    for (Eigen::Index j = 0; j < this->cols(); ++j)
      for (SCMatrix::InnerIterator it(m_Lstore, j); it; ++it)
        if (it.index() == j) {
          pivots(j) = std::abs(it.value());
          break;
        }
    return pivots;
  }
};

namespace {

std::string FormatNumber(double value) {
  std::ostringstream text;
  text.precision(4);
  text << value;
  return text.str();
}

// Largest |A_ij| per column; the reference size against which pivots count as (nearly) zero.
VectorX ColumnMaxima(const Triplets& matrix, Index size) {
  VectorX maxima = VectorX::Zero(size);
  for (const auto& t : matrix) maxima(t.col()) = std::max(maxima(t.col()), std::abs(t.value()));
  return maxima;
}

}  // namespace

LinearSolver::LinearSolver(const std::string& linearSolverType, const LinearSolverSettings& settings)
    : kind_(KindFromName(linearSolverType)), settings_(settings), sparseLU_(std::make_unique<SparseLUWithPivots>()) {}

LinearSolver::~LinearSolver() = default;

LinearSolverKind LinearSolver::KindFromName(const std::string& name) {
  if (name == "EXUdense" || name == "EigenDense") return LinearSolverKind::Dense;
  if (name == "EigenSparse" || name == "EigenSparseSymmetric") return LinearSolverKind::Sparse;
  throw ValueError("linearSolverType: expected 'EXUdense', 'EigenDense', 'EigenSparse' or 'EigenSparseSymmetric', got '" +
                   name + "'");
}

void LinearSolver::SetUnknownDescriber(std::function<std::string(Index)> describeUnknown) {
  describeUnknown_ = std::move(describeUnknown);
}

double LinearSolver::RelativePivotTolerance(Index size) {
  // Rounding in an LU of a singular matrix leaves pivots of a few n*eps relative to the column.
  return std::max(1e-13, 16. * std::max<Index>(size, 1) * std::numeric_limits<double>::epsilon());
}

std::string LinearSolver::Describe(Index unknown) const {
  std::string text = "unknown " + std::to_string(unknown);
  if (describeUnknown_) text += " (" + describeUnknown_(unknown) + ")";
  return text;
}

void LinearSolver::ThrowSingular(Index unknown, double pivot, double columnSize) const {
  std::string message = "linear solver failed: the system matrix (size " + std::to_string(size_) + ") is ";
  if (columnSize == 0.)
    message += "singular: its column for " + Describe(unknown) + " is zero";
  else
    message += (pivot == 0. ? "singular" : "nearly singular") + std::string(" (pivot ") + FormatNumber(pivot) +
               " relative to column size " + FormatNumber(columnSize) + "): " + Describe(unknown) +
               " depends linearly on other unknowns; check for redundant constraints, missing mass or stiffness, "
               "or unconstrained coordinates";
  throw SingularMatrixError(message, {unknown});
}

void LinearSolver::Factorize(const Triplets& matrix, Index size) {
  factorized_ = false;
  useFullPivot_ = false;
  if (size < 0) throw ValueError("LinearSolver::Factorize: negative size");
  size_ = size;
  for (const auto& t : matrix) {
    if (t.row() < 0 || t.row() >= size || t.col() < 0 || t.col() >= size)
      throw ValueError("LinearSolver::Factorize: entry (" + std::to_string(t.row()) + ", " + std::to_string(t.col()) +
                       ") outside a matrix of size " + std::to_string(size));
    if (!std::isfinite(t.value()))
      throw SolverError("linear solver failed: the system matrix has a non-finite entry in the equation of " +
                        Describe(t.row()) + " for " + Describe(t.col()));
  }
  if (kind_ == LinearSolverKind::Dense)
    FactorizeDense(matrix);
  else
    FactorizeSparse(matrix);
  ++numberOfFactorizations_;
  factorized_ = true;
}

void LinearSolver::FactorizeDense(const Triplets& matrix) {
  dense_.setZero(size_, size_);
  for (const auto& t : matrix) dense_(t.row(), t.col()) += t.value();
  if (size_ == 0) return;
  const VectorX columnSize = dense_.cwiseAbs().colwise().maxCoeff().transpose();
  const double tolerance = RelativePivotTolerance(size_);
  Index singularColumn = -1;
  double singularPivot = 0.;
  for (Index j = 0; j < size_ && singularColumn < 0; ++j)
    if (columnSize(j) == 0.) singularColumn = j;
  if (singularColumn < 0) {
    denseLU_.compute(dense_);
    // Partial pivoting permutes rows only: column j of U belongs to unknown j.
    const MatrixX& lu = denseLU_.matrixLU();
    for (Index j = 0; j < size_; ++j) {
      const double pivot = std::abs(lu(j, j));
      if (!(pivot > settings_.pivotThreshold) || !(pivot > tolerance * columnSize(j))) {
        singularColumn = j;
        singularPivot = pivot;
        break;
      }
    }
  }
  if (singularColumn < 0) return;
  if (settings_.ignoreSingularJacobian) {
    // Exudyn's fallback: a rank-revealing LU that solves the consistent part.
    denseFullLU_.compute(dense_);
    useFullPivot_ = true;
    return;
  }
  ThrowSingular(singularColumn, singularPivot, columnSize(singularColumn));
}

void LinearSolver::FactorizeSparse(const Triplets& matrix) {
  Eigen::SparseMatrix<double> next(size_, size_);
  next.setFromTriplets(matrix.begin(), matrix.end());
  next.makeCompressed();
  if (size_ == 0) {
    sparse_ = next;
    return;
  }
  // The ordering depends on the pattern only; re-analyse when it changed or reuse is off.
  const bool samePattern = sparsePatternAnalyzed_ && sparse_.rows() == size_ && sparse_.nonZeros() == next.nonZeros() &&
                           std::equal(next.outerIndexPtr(), next.outerIndexPtr() + size_ + 1, sparse_.outerIndexPtr()) &&
                           std::equal(next.innerIndexPtr(), next.innerIndexPtr() + next.nonZeros(), sparse_.innerIndexPtr());
  sparse_ = std::move(next);
  const VectorX columnSize = ColumnMaxima(matrix, size_);
  for (Index j = 0; j < size_; ++j)
    if (columnSize(j) == 0.) {
      SparseSingular(j, 0., 0.);
      return;
    }
  if (!(settings_.reuseAnalyzedPattern && samePattern)) {
    sparseLU_->analyzePattern(sparse_);
    sparsePatternAnalyzed_ = true;
  }
  sparseLU_->factorize(sparse_);

  // Map a column of the permuted factorization back to the unknown it belongs to.
  const auto& permutation = sparseLU_->colsPermutation().indices();
  std::vector<Index> unknownOfColumn(size_);
  for (Index i = 0; i < size_; ++i) unknownOfColumn[permutation(i)] = i;

  if (sparseLU_->info() != Eigen::Success) {
    sparsePatternAnalyzed_ = false;  // start afresh next time
    // Eigen reports "... ZERO COLUMN AT k" with k 1-based in the permuted order.
    const std::string error = sparseLU_->lastErrorMessage();
    const size_t at = error.rfind("AT ");
    Index unknown = 0;
    if (at != std::string::npos) {
      const Index column = std::atoi(error.c_str() + at + 3) - 1;
      if (column >= 0 && column < size_) unknown = unknownOfColumn[column];
    }
    SparseSingular(unknown, 0., columnSize(unknown));
    return;
  }
  const VectorX pivots = sparseLU_->PivotMagnitudes();
  const double tolerance = RelativePivotTolerance(size_);
  for (Index j = 0; j < size_; ++j) {
    const Index unknown = unknownOfColumn[j];
    if (!(pivots(j) > settings_.pivotThreshold) || !(pivots(j) > tolerance * columnSize(unknown))) {
      SparseSingular(unknown, pivots(j), columnSize(unknown));
      return;
    }
  }
}

void LinearSolver::SparseSingular(Index unknown, double pivot, double columnSize) {
  if (!settings_.ignoreSingularJacobian) ThrowSingular(unknown, pivot, columnSize);
  dense_ = MatrixX(sparse_);  // same fallback as the dense solver
  denseFullLU_.compute(dense_);
  useFullPivot_ = true;
}

void LinearSolver::Solve(const VectorX& rhs, VectorX& solution) const {
  if (!factorized_) throw SolverError("LinearSolver::Solve called without a successful factorization");
  if (rhs.size() != size_)
    throw ValueError("LinearSolver::Solve: right-hand side of size " + std::to_string(rhs.size()) +
                     " for a matrix of size " + std::to_string(size_));
  if (size_ == 0) {
    solution.resize(0);
    return;
  }
  if (useFullPivot_)
    solution = denseFullLU_.solve(rhs);
  else if (kind_ == LinearSolverKind::Sparse)
    solution = sparseLU_->solve(rhs);
  else
    solution = denseLU_.solve(rhs);
  if (!solution.allFinite()) {
    Index row = 0;
    for (Index i = 0; i < size_; ++i)
      if (!std::isfinite(solution(i))) {
        row = i;
        break;
      }
    throw SolverError("linear solver failed: the solution is not finite in " + Describe(row) +
                      (rhs.allFinite() ? "" : " (the right-hand side is not finite)"));
  }
}

}  // namespace multidyn
