// Factorizes and solves the square Newton system, given as a SystemMatrix, with a dense or a
// sparse LU; the sparse LU's column ordering is computed once per pattern, and it factorizes the
// nonzero part of the pattern (SparseNonzeroPart), and later matrices of that part's pattern are
// refactorized in the pivot order found (SparseTriangularFactors::Refactor). A singular or nearly singular matrix is
// reported (SingularMatrixError naming the unknowns involved), never turned silently into inf/nan.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include "core/evaluation/SystemMatrix.h"
#include "core/model/SimulationSettings.h"
#include "solvers/linear/SingularMatrixError.h"
#include "solvers/linear/SparseNonzeroPart.h"
#include "solvers/linear/SparseTriangularFactors.h"

namespace multidyn {

template <class ColumnOrdering> class SparseLUWithPivots;
struct ColumnOrderAsGiven;

// Automatic: dense up to automaticDenseLimit unknowns, sparse beyond (Exudyn's default name
// 'EXUdense' means this; 'EigenDense' and 'EigenSparse' force one or the other).
enum class LinearSolverKind { Automatic, Dense, Sparse };

class LinearSolver {
 public:
  // linearSolverType: "EXUdense" -> automatic, "EigenDense" -> dense, "EigenSparse" /
  // "EigenSparseSymmetric" -> sparse; anything else throws ValueError.
  explicit LinearSolver(const std::string& linearSolverType = "EXUdense",
                        const LinearSolverSettings& settings = LinearSolverSettings());
  ~LinearSolver();

  static LinearSolverKind KindFromName(const std::string& linearSolverType);
  static constexpr Index automaticDenseLimit = 100;
  // The storage a system matrix of this size should have for this solver.
  SystemMatrix::Storage StorageFor(Index size) const;

  // Text for an unknown (e.g. SystemEquations::DescribeUnknown) used in singular-matrix messages.
  void SetUnknownDescriber(std::function<std::string(Index)> describeUnknown);

  // Duplicate triplets are summed. Throws SingularMatrixError (unless
  // linearSolverSettings.ignoreSingularJacobian, dense only: then a rank-revealing LU is used),
  // ValueError for non-finite entries or bad indices.
  void Factorize(const SystemMatrix& matrix);
  // For tests: a matrix given as triplets, stored as StorageFor(size) says.
  void Factorize(const Triplets& matrix, Index size);
  // Requires a successful Factorize; throws SolverError if the solution is not finite.
  // solution and rhs are distinct vectors.
  void Solve(const VectorX& rhs, VectorX& solution) const;

  bool IsFactorized() const { return factorized_; }
  void Invalidate() { factorized_ = false; }
  Index Size() const { return size_; }
  LinearSolverKind Kind() const { return kind_; }
  SystemMatrix::Storage FactorizedStorage() const { return storage_; }
  Index NumberOfFactorizations() const { return numberOfFactorizations_; }

  // A pivot |u_jj| <= relativePivotTolerance * max_i |A_ij| (column j of the input, so column
  // scaling does not matter) counts as singular.
  static double RelativePivotTolerance(Index size);

 private:
  void FactorizeDense(const MatrixX& matrix);
  static constexpr Index smallDenseSize = 8;  // up to this size SolveSmallDense (one Eigen panel)
  void InvertSmallDense();
  void SolveSmallDense(const VectorX& rhs, VectorX& solution) const;
  void FactorizeSparse(const SystemMatrix& matrix);
  // A refactorization in the last pivot order is kept while every pivot is at least this
  // fraction of the largest entry pivoting could choose in its column (UMFPACK's default).
  static constexpr double refactorPivotTolerance = 0.1;
  // The first column of the sparse factors whose pivot counts as singular, -1 if none.
  Index FirstUnacceptablePivot() const;
  // Throws, or falls back to the rank-revealing dense LU.
  void SparseSingular(const Eigen::SparseMatrix<double>& sparse, Index unknown, double pivot, double columnSize);
  [[noreturn]] void ThrowSingular(Index unknown, double pivot, double columnSize) const;
  std::string Describe(Index unknown) const;

  LinearSolverKind kind_;
  SystemMatrix::Storage storage_ = SystemMatrix::Storage::Dense;
  SystemMatrix testMatrix_;
  VectorX columnSize_;
  std::vector<Index> unknownOfColumn_;  // and its inverse: the sparse LU's column order
  Eigen::VectorXi columnOfUnknown_;
  LinearSolverSettings settings_;
  std::function<std::string(Index)> describeUnknown_;
  Index size_ = 0;
  bool factorized_ = false;
  bool useFullPivot_ = false;
  bool useDiagonal_ = false;
  VectorX diagonal_;  // the matrix when it is diagonal (useDiagonal_)
  Index numberOfFactorizations_ = 0;

  MatrixX dense_;  // only for the rank-revealing fallback
  Eigen::PartialPivLU<MatrixX> denseLU_;
  MatrixX smallInverse_;  // the inverse, for sizes up to smallDenseSize
  Eigen::FullPivLU<MatrixX> denseFullLU_;
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> ordering_;  // COLAMD of the whole pattern
  SparseNonzeroPart nonzeroPart_;  // what sparseLU_ factorizes
  std::unique_ptr<SparseLUWithPivots<ColumnOrderAsGiven>> sparseLU_;
  SparseTriangularFactors sparseFactors_;  // copied from sparseLU_ after each factorization, for Solve
  const SystemMatrix* analyzedMatrix_ = nullptr;  // the matrix (and pattern revision) analysed last
  size_t analyzedRevision_ = 0;
};

}  // namespace multidyn
