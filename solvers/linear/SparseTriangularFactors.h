// The factors of a sparse LU, P_r A P_c^T = L U, copied out of Eigen's SparseLU once per
// factorization into plain compressed rows, for substitutions that cost a few operations per
// nonzero. Eigen's own solve walks its supernodes, calling a dense triangular solve and a
// matrix-vector product per supernode; for the many small supernodes of a multibody Newton
// matrix that overhead, and the explicit zeros the supernodes are padded with, cost several
// times the arithmetic. Exact zeros are left out here (they change no result).
//
// A matrix of the same pattern is then refactorized in the same pivot order (as KLU's refactor
// does): the structure of L and U of the permuted matrix without pivoting is computed once
// (AnalyzeStructure), and Refactor computes new values on it, a left-looking LU without
// searches or supernodes, several times cheaper than a factorization with pivoting. It refuses
// (false) when a pivot is small against its column, where the old order would lose accuracy;
// the caller then factorizes afresh.
#pragma once

#include <vector>

#include <Eigen/SparseCore>

#include "core/foundation/Types.h"

namespace multidyn {

class SparseTriangularFactors {
 public:
  // A sparse LU's factors as Eigen's SparseLU stores them, read out by SparseLUWithPivots: L in
  // supernodes (below the supernode diagonals, with the supernodes' diagonal blocks of U above
  // and U's diagonal on it) and U outside the supernodes by columns, both in permuted rows and
  // columns. A supernode is a set of consecutive columns sharing one row pattern, stored as a
  // dense column-major block: its first rows are its own columns, then the rows below (rowIndex).
  struct SupernodalFactors {
    int size = 0;
    int lastSupernode = -1;  // supernodes 0 ... lastSupernode
    const int* supernodeStart = nullptr;  // first column of each supernode, and one past the last
    const int* valueStart = nullptr;  // of each column in value
    const int* rowIndexStart = nullptr;  // of each column in rowIndex
    const int* rowIndex = nullptr;
    const double* value = nullptr;
    const int* upperStart = nullptr;  // U outside the supernodes: column starts, rows, values
    const int* upperRow = nullptr;
    const double* upperValue = nullptr;
    const int* rowOfEquation = nullptr;  // the row of the factors that equation i became
  };

  // columnOfUnknown(k): the column of the factors that unknown k became (SparseLU's
  // colsPermutation().indices() when SparseLU was given A itself). Buffers grow to the largest
  // factors seen and are reused.
  void Extract(const SupernodalFactors& factors, const Eigen::VectorXi& columnOfUnknown);

  using SparseMatrix = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;
  // After Extract: the structure of the factors of matrix (the matrix Eigen factorized, with
  // the pattern of the coming ones) in Extract's pivot order, and the factors of matrix computed
  // in it, which replace Eigen's (so that all factors come from one computation);
  // factorColumnOfColumn(j): the column of the factors that column j of matrix became
  // (SparseLU's colsPermutation().indices()). Without success (HasStructure() false) the
  // factors may be neither: Extract again.
  void AnalyzeStructure(const SparseMatrix& matrix, const Eigen::VectorXi& factorColumnOfColumn);
  bool HasStructure() const { return hasStructure_; }
  void ForgetStructure() { hasStructure_ = false; }
  // New factors of matrix (the pattern given to AnalyzeStructure, new values) in the same order;
  // false, and the factors unusable until the next Extract, if a pivot |u_jj| is below
  // pivotTolerance times the largest |entry| of its column of L U that pivoting could choose.
  bool Refactor(const SparseMatrix& matrix, double pivotTolerance);

  // |u_jj| for the permuted column j, as stored by the factorization.
  const VectorX& PivotMagnitudes() const { return pivotMagnitudes_; }
  Index Size() const { return size_; }
  Index NonZerosLower() const { return lowerStart_.empty() ? 0 : lowerStart_[size_]; }  // strictly lower
  Index NonZerosUpper() const { return upperStart_.empty() ? 0 : upperStart_[size_]; }  // strictly upper

  // x = A^{-1} b; solution is resized (no allocation when it has the size already) and may be rhs.
  void Solve(const VectorX& rhs, VectorX& solution) const;

 private:
  // Rows from columns (a transpose of the pattern and values), into preallocated storage; with
  // rowPositionOfEntry (sized by the caller), where each column entry went.
  void ColumnsToRows(const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                     const std::vector<double>& columnValue, std::vector<int>& rowStart, std::vector<int>& columnIndex,
                     std::vector<double>& rowValue, std::vector<int>* rowPositionOfEntry = nullptr) const;

  Index size_ = 0;
  // L (unit diagonal not stored) and U (diagonal not stored), strictly triangular, by rows.
  std::vector<int> lowerStart_, lowerColumn_, upperStart_, upperColumn_;
  std::vector<double> lowerValue_, upperValue_;
  std::vector<double> inverseDiagonal_;  // 1 / u_jj
  VectorX pivotMagnitudes_;
  std::vector<int> sourceOfRow_;  // permuted row i holds equation sourceOfRow_[i]
  std::vector<int> columnOfUnknown_;  // unknown k is permuted column columnOfUnknown_[k]
  // The same factors by columns, as read from Eigen's store (extraction only).
  std::vector<int> lowerColumnStart_, lowerRow_, upperColumnStart_, upperRow_;
  std::vector<double> lowerColumnValue_, upperColumnValue_;
  mutable std::vector<double> work_;  // the permuted solution during Solve

  // Refactorization. The structure by columns of the factors: U's rows ascending (the order
  // of the left-looking updates), L's rows; the permuted row of each stored entry of the matrix,
  // the matrix column of each factor column.
  bool hasStructure_ = false;
  std::vector<int> rowOfEquation_;
  std::vector<int> structureUpperStart_, structureUpperRow_, structureLowerStart_, structureLowerRow_;
  std::vector<double> structureLowerValue_;
  std::vector<int> rowPositionOfLower_, rowPositionOfUpper_;  // of each structure entry in the rows
  std::vector<int> factorRowOfEntry_, matrixColumnOfFactorColumn_;
  std::vector<double> refactorWork_;  // the column being factorized, zero between columns
};

}  // namespace multidyn
