// Factorizes and solves the square Newton system, given as triplets, with a dense or a
// sparse LU. A singular or nearly singular matrix is reported (SingularMatrixError naming
// the unknowns involved), never turned silently into inf/nan.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include "core/SimulationSettings.h"
#include "core/SystemEquations.h"
#include "solvers/SingularMatrixError.h"

namespace multidyn {

enum class LinearSolverKind { Dense, Sparse };

class LinearSolver {
 public:
  // linearSolverType: "EXUdense"/"EigenDense" -> dense, "EigenSparse"/"EigenSparseSymmetric"
  // -> sparse; anything else throws ValueError.
  explicit LinearSolver(const std::string& linearSolverType = "EXUdense",
                        const LinearSolverSettings& settings = LinearSolverSettings());
  ~LinearSolver();

  static LinearSolverKind KindFromName(const std::string& linearSolverType);

  // Text for an unknown (e.g. SystemEquations::DescribeUnknown) used in singular-matrix messages.
  void SetUnknownDescriber(std::function<std::string(Index)> describeUnknown);

  // Duplicate triplets are summed. Throws SingularMatrixError (unless
  // linearSolverSettings.ignoreSingularJacobian, dense only: then a rank-revealing LU is used),
  // ValueError for non-finite entries or bad indices.
  void Factorize(const Triplets& matrix, Index size);
  // Requires a successful Factorize; throws SolverError if the solution is not finite.
  void Solve(const VectorX& rhs, VectorX& solution) const;

  bool IsFactorized() const { return factorized_; }
  void Invalidate() { factorized_ = false; }
  Index Size() const { return size_; }
  LinearSolverKind Kind() const { return kind_; }
  Index NumberOfFactorizations() const { return numberOfFactorizations_; }

  // A pivot |u_jj| <= relativePivotTolerance * max_i |A_ij| (column j of the input, so column
  // scaling does not matter) counts as singular.
  static double RelativePivotTolerance(Index size);

 private:
  class SparseLUWithPivots;

  void FactorizeDense(const Triplets& matrix);
  void FactorizeSparse(const Triplets& matrix);
  void SparseSingular(Index unknown, double pivot, double columnSize);  // throws or falls back
  [[noreturn]] void ThrowSingular(Index unknown, double pivot, double columnSize) const;
  std::string Describe(Index unknown) const;

  LinearSolverKind kind_;
  LinearSolverSettings settings_;
  std::function<std::string(Index)> describeUnknown_;
  Index size_ = 0;
  bool factorized_ = false;
  bool useFullPivot_ = false;
  Index numberOfFactorizations_ = 0;

  MatrixX dense_;
  Eigen::PartialPivLU<MatrixX> denseLU_;
  Eigen::FullPivLU<MatrixX> denseFullLU_;
  Eigen::SparseMatrix<double> sparse_;
  std::unique_ptr<SparseLUWithPivots> sparseLU_;
  bool sparsePatternAnalyzed_ = false;
};

}  // namespace multidyn
