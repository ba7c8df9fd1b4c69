// The factors of a sparse LU, P_r A P_c^T = L U, copied out of Eigen's SparseLU once per
// factorization into plain compressed rows, for substitutions that cost a few operations per
// nonzero. Eigen's own solve walks its supernodes, calling a dense triangular solve and a
// matrix-vector product per supernode; for the many small supernodes of a multibody Newton
// matrix that overhead, and the explicit zeros the supernodes are padded with, cost several
// times the arithmetic. Exact zeros are left out here (they change no result).
#pragma once

#include <vector>

#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include "core/foundation/Types.h"

namespace multidyn {

class SparseTriangularFactors {
 public:
  using SupernodalLower = Eigen::internal::MappedSuperNodalMatrix<double, int>;
  using ColumnsUpper = Eigen::Map<Eigen::SparseMatrix<double, Eigen::ColMajor, int>>;

  // lower: Eigen's supernodal store (L below the supernode diagonals, the supernodes' diagonal
  // blocks of U above, U's diagonal on it); upper: U outside the supernodes, by columns; both
  // in permuted rows and columns. rowOfEquation(i): the row of the factors that equation i
  // became (SparseLU's rowsPermutation().indices()); columnOfUnknown(k): the column of the
  // factors that unknown k became (colsPermutation().indices() when SparseLU was given A itself).
  // Buffers grow to the largest factors seen and are reused.
  void Extract(const SupernodalLower& lower, const ColumnsUpper& upper, const Eigen::VectorXi& rowOfEquation,
               const Eigen::VectorXi& columnOfUnknown);

  // |u_jj| for the permuted column j, as stored by the factorization.
  const VectorX& PivotMagnitudes() const { return pivotMagnitudes_; }
  Index Size() const { return size_; }
  Index NonZerosLower() const { return lowerStart_.empty() ? 0 : lowerStart_[size_]; }  // strictly lower
  Index NonZerosUpper() const { return upperStart_.empty() ? 0 : upperStart_[size_]; }  // strictly upper

  // x = A^{-1} b; solution is resized (no allocation when it has the size already) and may be rhs.
  void Solve(const VectorX& rhs, VectorX& solution) const;

 private:
  // Rows from columns (a transpose of the pattern and values), into preallocated storage.
  void ColumnsToRows(const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                     const std::vector<double>& columnValue, std::vector<int>& rowStart, std::vector<int>& columnIndex,
                     std::vector<double>& rowValue) const;

  Index size_ = 0;
  // L (unit diagonal not stored) and U (diagonal not stored), strictly triangular, by rows.
  std::vector<int> lowerStart_, lowerColumn_, upperStart_, upperColumn_;
  std::vector<double> lowerValue_, upperValue_;
  std::vector<double> inverseDiagonal_;  // 1 / u_jj
  VectorX pivotMagnitudes_;
  std::vector<int> sourceOfRow_;      // permuted row i holds equation sourceOfRow_[i]
  std::vector<int> columnOfUnknown_;  // unknown k is permuted column columnOfUnknown_[k]
  // The same factors by columns, as read from Eigen's store (extraction only).
  std::vector<int> lowerColumnStart_, lowerRow_, upperColumnStart_, upperRow_;
  std::vector<double> lowerColumnValue_, upperColumnValue_;
  mutable std::vector<double> work_;  // the permuted solution during Solve
};

}  // namespace multidyn
