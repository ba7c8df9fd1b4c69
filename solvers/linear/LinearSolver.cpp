#include "solvers/linear/LinearSolver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include <Eigen/OrderingMethods>

#include "core/foundation/Errors.h"
#include "solvers/linear/SparseLUWithPivots.h"

namespace multidyn {

namespace {

std::string FormatNumber(double value) {
  std::ostringstream text;
  text.precision(4);
  text << value;
  return text.str();
}

}  // namespace

LinearSolver::LinearSolver(const std::string& linearSolverType, const LinearSolverSettings& settings)
    : kind_(KindFromName(linearSolverType)), settings_(settings),
      sparseLU_(std::make_unique<SparseLUWithPivots<ColumnOrderAsGiven>>()) {}

LinearSolver::~LinearSolver() = default;

LinearSolverKind LinearSolver::KindFromName(const std::string& name) {
  if (name == "EXUdense") return LinearSolverKind::Automatic;
  if (name == "EigenDense") return LinearSolverKind::Dense;
  if (name == "EigenSparse" || name == "EigenSparseSymmetric") return LinearSolverKind::Sparse;
  throw ValueError(
      "linearSolverType: expected 'EXUdense', 'EigenDense', 'EigenSparse' or 'EigenSparseSymmetric', got '" + name +
      "'");
}

SystemMatrix::Storage LinearSolver::StorageFor(Index size) const {
  if (kind_ == LinearSolverKind::Dense) return SystemMatrix::Storage::Dense;
  if (kind_ == LinearSolverKind::Sparse) return SystemMatrix::Storage::Sparse;
  return size <= automaticDenseLimit ? SystemMatrix::Storage::Dense : SystemMatrix::Storage::Sparse;
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
  if (size < 0) throw ValueError("LinearSolver::Factorize: negative size");
  for (const auto& t : matrix)
    if (t.row() < 0 || t.row() >= size || t.col() < 0 || t.col() >= size)
      throw ValueError("LinearSolver::Factorize: entry (" + std::to_string(t.row()) + ", " + std::to_string(t.col()) +
                       ") outside a matrix of size " + std::to_string(size));
  testMatrix_.SetFromTriplets(matrix, size, StorageFor(size));
  Factorize(testMatrix_);
}

void LinearSolver::Factorize(const SystemMatrix& matrix) {
  factorized_ = false;
  useFullPivot_ = false;
  size_ = matrix.Size();
  storage_ = matrix.GetStorage();
  // Column sizes (largest |A_ij|) are the reference for (nearly) zero pivots; non-finite
  // entries are reported with the equation and unknown they belong to.
  columnSize_.setZero(size_);
  bool diagonal = true;
  auto checkFinite = [&](Index row, Index column, double value) {
    if (!std::isfinite(value))
      throw SolverError("linear solver failed: the system matrix has a non-finite entry in the equation of " +
                        Describe(row) + " for " + Describe(column));
  };
  if (storage_ == SystemMatrix::Storage::Sparse) {
    // Column by column on the compressed arrays, the column's size in a register and no branch
    // per entry (tens of thousands per factorization).
    const Eigen::SparseMatrix<double>& sparse = matrix.Sparse();
    const int* start = sparse.outerIndexPtr();
    const int* row = sparse.innerIndexPtr();
    const double* value = sparse.valuePtr();
    bool finite = true;
    for (Index j = 0; j < size_; ++j) {
      double largest = 0.;
      for (int k = start[j]; k < start[j + 1]; ++k) {
        const double size = std::abs(value[k]);
        finite &= size <= std::numeric_limits<double>::max();
        largest = std::max(largest, size);
      }
      columnSize_(j) = largest;
      if (diagonal)  // (false after the first columns of a Newton matrix)
        for (int k = start[j]; k < start[j + 1]; ++k) diagonal &= (row[k] == j) | (value[k] == 0.);
    }
    if (!finite) matrix.ForEachEntry(checkFinite);  // throws, naming the entry
  } else
    matrix.ForEachEntry([&](Index row, Index column, double value) {
      checkFinite(row, column, value);
      columnSize_(column) = std::max(columnSize_(column), std::abs(value));
      if (row != column && value != 0.) diagonal = false;
    });
  // A diagonal matrix without zero pivots (e.g. the mass matrix of point masses in the explicit
  // solvers) is solved by division, as its LU would, without the LU's overhead.
  useDiagonal_ = diagonal && size_ > 0 && (columnSize_.array() > 0.).all();
  if (useDiagonal_) {
    diagonal_.resize(size_);
    matrix.ForEachEntry([&](Index row, Index column, double value) {
      if (row == column) diagonal_(row) = value;
    });
  } else if (storage_ == SystemMatrix::Storage::Dense)
    FactorizeDense(matrix.Dense());
  else
    FactorizeSparse(matrix);
  ++numberOfFactorizations_;
  factorized_ = true;
}

void LinearSolver::FactorizeDense(const MatrixX& matrix) {
  if (size_ == 0) return;
  const double tolerance = RelativePivotTolerance(size_);
  Index singularColumn = -1;
  double singularPivot = 0.;
  for (Index j = 0; j < size_ && singularColumn < 0; ++j)
    if (columnSize_(j) == 0.) singularColumn = j;
  if (singularColumn < 0) {
    denseLU_.compute(matrix);
    // Partial pivoting permutes rows only: column j of U belongs to unknown j.
    const MatrixX& lu = denseLU_.matrixLU();
    for (Index j = 0; j < size_; ++j) {
      const double pivot = std::abs(lu(j, j));
      if (!(pivot > settings_.pivotThreshold) || !(pivot > tolerance * columnSize_(j))) {
        singularColumn = j;
        singularPivot = pivot;
        break;
      }
    }
  }
  if (singularColumn < 0) {
    if (size_ <= smallDenseSize) InvertSmallDense();
    return;
  }
  if (settings_.ignoreSingularJacobian) {
    // Exudyn's fallback: a rank-revealing LU that solves the consistent part.
    denseFullLU_.compute(matrix);
    useFullPivot_ = true;
    return;
  }
  ThrowSingular(singularColumn, singularPivot, columnSize_(singularColumn));
}

void LinearSolver::FactorizeSparse(const SystemMatrix& matrix) {
  if (size_ == 0) return;
  const Eigen::SparseMatrix<double>& sparse = matrix.Sparse();
  for (Index j = 0; j < size_; ++j)
    if (columnSize_(j) == 0.) {
      SparseSingular(sparse, j, 0., 0.);
      return;
    }
  // The column ordering is computed on the whole pattern, which is fixed between assemblies, so
  // that it depends neither on values nor on when an entry became nonzero. The LU sees the
  // nonzero part, in that order; its symbolic analysis is redone when the part grows.
  if (analyzedMatrix_ != &matrix || analyzedRevision_ != matrix.PatternRevision()) {
    Eigen::COLAMDOrdering<int>()(sparse, ordering_);
    nonzeroPart_.Reset(ordering_.indices());
    analyzedMatrix_ = &matrix;
    analyzedRevision_ = matrix.PatternRevision();
  }
  const bool grew = nonzeroPart_.Update(sparse);
  // Same pattern: new values in the last pivot order, unless a pivot has become too small for
  // it (against its column, or as the singularity test below has it): then pivot afresh.
  if (!grew && sparseFactors_.HasStructure() &&
      sparseFactors_.Refactor(nonzeroPart_.Matrix(), refactorPivotTolerance) && FirstUnacceptablePivot() < 0)
    return;
  sparseFactors_.ForgetStructure();  // until this factorization has succeeded
  if (grew) sparseLU_->analyzePattern(nonzeroPart_.Matrix());
  sparseLU_->factorize(nonzeroPart_.Matrix());

  // Unknown k is column ordering(k) of the part, which became column c of the factors.
  const auto& columnOfPartColumn = sparseLU_->colsPermutation().indices();
  columnOfUnknown_.resize(size_);
  unknownOfColumn_.resize(size_);
  for (Index k = 0; k < size_; ++k) {
    columnOfUnknown_(k) = columnOfPartColumn(ordering_.indices()(k));
    unknownOfColumn_[columnOfUnknown_(k)] = k;
  }

  if (sparseLU_->info() != Eigen::Success) {
    analyzedMatrix_ = nullptr;  // start afresh next time
    // Eigen reports "... ZERO COLUMN AT k" with k 1-based in the permuted order.
    const std::string error = sparseLU_->lastErrorMessage();
    const size_t at = error.rfind("AT ");
    Index unknown = 0;
    if (at != std::string::npos) {
      const Index column = std::atoi(error.c_str() + at + 3) - 1;
      if (column >= 0 && column < size_) unknown = unknownOfColumn_[column];
    }
    SparseSingular(sparse, unknown, 0., columnSize_(unknown));
    return;
  }
  sparseFactors_.Extract(sparseLU_->Factors(), columnOfUnknown_);
  const Index singular = FirstUnacceptablePivot();
  if (singular >= 0) {
    const Index unknown = unknownOfColumn_[singular];
    SparseSingular(sparse, unknown, sparseFactors_.PivotMagnitudes()(singular), columnSize_(unknown));
    return;
  }
  sparseFactors_.AnalyzeStructure(nonzeroPart_.Matrix(), sparseLU_->colsPermutation().indices());
  if (!sparseFactors_.HasStructure()) sparseFactors_.Extract(sparseLU_->Factors(), columnOfUnknown_);  // Eigen's, then
}

Index LinearSolver::FirstUnacceptablePivot() const {
  const VectorX& pivots = sparseFactors_.PivotMagnitudes();
  // The rounding a pivot of a sparse LU collects grows with the updates it receives, bounded by
  // the entries of its column, not with the size: a tolerance of 16 n eps refused the well-posed
  // initial accelerations of a 10,000-body chain (n = 130,000: 4.6e-10; its smallest pivot 3e-13).
  const Eigen::SparseMatrix<double>& part = nonzeroPart_.Matrix();
  Index mostEntries = 1;
  for (Index j = 0; j < part.outerSize(); ++j)
    mostEntries = std::max<Index>(mostEntries, Index(part.outerIndexPtr()[j + 1] - part.outerIndexPtr()[j]));
  const double tolerance = RelativePivotTolerance(std::min(size_, mostEntries));
  for (Index j = 0; j < size_; ++j) {
    const double pivot = pivots(j);
    if (!(pivot > settings_.pivotThreshold) || !(pivot > tolerance * columnSize_(unknownOfColumn_[j]))) return j;
  }
  return -1;
}

void LinearSolver::SparseSingular(const Eigen::SparseMatrix<double>& sparse, Index unknown, double pivot,
                                  double columnSize) {
  if (!settings_.ignoreSingularJacobian) ThrowSingular(unknown, pivot, columnSize);
  dense_ = MatrixX(sparse);  // same fallback as the dense solver
  denseFullLU_.compute(dense_);
  useFullPivot_ = true;
}

// Small systems (one Eigen panel) keep the inverse of the matrix, computed from the LU at the
// factorization (as Exudyn's EXUdense inverts its matrix): a solve is then one matrix-vector
// product, n^2 independent multiply-adds, instead of two substitutions whose divisions and
// dependent updates dominate a Newton iteration of a small model.
void LinearSolver::InvertSmallDense() {
  const MatrixX& matrixLU = denseLU_.matrixLU();
  const auto& rowOf = denseLU_.permutationP().indices();
  smallInverse_.resize(size_, size_);
  // Raw column-major loops: element access through Eigen's blocks cost more than the arithmetic at
  // these sizes (the same operations in the same order).
  const Index n = size_;
  const double* lu = matrixLU.data();
  for (Index column = 0; column < n; ++column) {  // A^-1 e_column by P A = L U
    double* x = smallInverse_.data() + column * n;
    for (Index i = 0; i < n; ++i) x[i] = 0.;
    x[rowOf(column)] = 1.;
    for (Index k = 0; k < n; ++k)  // L y = P e, L unit lower
      for (Index i = k + 1; i < n; ++i) x[i] -= x[k] * lu[k * n + i];
    for (Index k = n - 1; k >= 0; --k) {  // U x = y
      x[k] /= lu[k * n + k];
      for (Index i = 0; i < k; ++i) x[i] -= x[k] * lu[k * n + i];
    }
  }
}

namespace {

// x = A^-1 b for a column-major n x n inverse, column by column (each x_i summed over j in
// order); with N known at compile time the loops unroll completely.
template <int N>
void MultiplyByInverse(const double* __restrict inverse, const double* __restrict b, double* __restrict x) {
  double sum[N] = {};
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) sum[i] += inverse[j * N + i] * b[j];
  for (int i = 0; i < N; ++i) x[i] = sum[i];
}

}  // namespace

void LinearSolver::SolveSmallDense(const VectorX& rhs, VectorX& solution) const {
  if (solution.size() != size_) solution.resize(size_);
  const double* inverse = smallInverse_.data();
  static_assert(smallDenseSize == 8, "one kernel per size up to smallDenseSize");
  switch (size_) {
    case 1: return MultiplyByInverse<1>(inverse, rhs.data(), solution.data());
    case 2: return MultiplyByInverse<2>(inverse, rhs.data(), solution.data());
    case 3: return MultiplyByInverse<3>(inverse, rhs.data(), solution.data());
    case 4: return MultiplyByInverse<4>(inverse, rhs.data(), solution.data());
    case 5: return MultiplyByInverse<5>(inverse, rhs.data(), solution.data());
    case 6: return MultiplyByInverse<6>(inverse, rhs.data(), solution.data());
    case 7: return MultiplyByInverse<7>(inverse, rhs.data(), solution.data());
    default: return MultiplyByInverse<8>(inverse, rhs.data(), solution.data());
  }
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
  if (useDiagonal_) {
    // an element loop: on the few unknowns of a small explicit model, Eigen's set-up of the
    // quotient and of allFinite costs more than the divisions
    if (solution.size() != size_) solution.resize(size_);
    const double* b = rhs.data();
    const double* d = diagonal_.data();
    double* x = solution.data();
    double nonFinite = 0.;  // x - x: 0 for finite x, NaN otherwise
    for (Index i = 0; i < size_; ++i) {
      x[i] = b[i] / d[i];
      nonFinite += x[i] - x[i];
    }
    if (nonFinite == 0.) return;
  } else if (useFullPivot_)
    solution = denseFullLU_.solve(rhs);
  else if (storage_ == SystemMatrix::Storage::Sparse)
    sparseFactors_.Solve(rhs, solution);
  else if (size_ <= smallDenseSize)
    SolveSmallDense(rhs, solution);
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
