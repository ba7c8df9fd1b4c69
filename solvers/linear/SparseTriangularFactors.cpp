#include "solvers/linear/SparseTriangularFactors.h"

#include <cmath>

namespace multidyn {

namespace {

template <class T> void GrowTo(std::vector<T>& buffer, size_t size) {
  if (buffer.size() < size) buffer.resize(size);
}

}  // namespace

void SparseTriangularFactors::Extract(const SupernodalLower& lower, const ColumnsUpper& upper,
                                      const Eigen::VectorXi& rowOfEquation, const Eigen::VectorXi& columnOfUnknown) {
  const int n = int(lower.cols());
  size_ = n;
  const int* supernodeStart = lower.supToCol();
  const int* valueStart = lower.colIndexPtr();
  const int* rowIndexStart = lower.rowIndexPtr();
  const int* rowIndex = lower.rowIndex();
  const double* value = lower.valuePtr();
  const int* upperStart = upper.outerIndexPtr();
  const int* upperRow = upper.innerIndexPtr();
  const double* upperValue = upper.valuePtr();

  // Every stored value is a candidate; exact zeros are written and then overwritten (no branch).
  const size_t supernodalValues = size_t(valueStart[n]);
  const size_t upperValues = size_t(upperStart[n]);  // (upper.nonZeros() counts the supernodes' too)
  GrowTo(lowerColumnStart_, size_t(n) + 1);
  GrowTo(upperColumnStart_, size_t(n) + 1);
  GrowTo(lowerRow_, supernodalValues);
  GrowTo(lowerColumnValue_, supernodalValues);
  GrowTo(upperRow_, supernodalValues + upperValues);
  GrowTo(upperColumnValue_, supernodalValues + upperValues);
  inverseDiagonal_.resize(n);
  pivotMagnitudes_.resize(n);
  int* lRow = lowerRow_.data();
  double* lValue = lowerColumnValue_.data();
  int* uRow = upperRow_.data();
  double* uValue = upperColumnValue_.data();
  int lowerCount = 0, upperCount = 0;
  lowerColumnStart_[0] = upperColumnStart_[0] = 0;
  // A supernode is a set of consecutive columns sharing one row pattern, stored as a dense
  // column-major block: its first rows are its own columns (the diagonal block, U above and
  // unit-lower L below the diagonal), then the rows of L below (rowIndex).
  for (Index supernode = 0; supernode <= lower.nsuper(); ++supernode) {
    const int first = supernodeStart[supernode];
    const int columns = supernodeStart[supernode + 1] - first;
    const int rows = rowIndexStart[first + 1] - rowIndexStart[first];
    const int* rowOfPosition = rowIndex + rowIndexStart[first];
    for (int t = 0; t < columns; ++t) {
      const int column = first + t;
      const double* v = value + valueStart[column];
      for (int p = 0; p < t; ++p) {
        uRow[upperCount] = first + p;
        uValue[upperCount] = v[p];
        upperCount += v[p] != 0.;
      }
      for (int q = upperStart[column]; q < upperStart[column + 1]; ++q) {
        uRow[upperCount] = upperRow[q];
        uValue[upperCount] = upperValue[q];
        upperCount += upperValue[q] != 0.;
      }
      upperColumnStart_[column + 1] = upperCount;
      inverseDiagonal_[column] = 1. / v[t];
      pivotMagnitudes_(column) = std::abs(v[t]);
      for (int p = t + 1; p < columns; ++p) {
        lRow[lowerCount] = first + p;
        lValue[lowerCount] = v[p];
        lowerCount += v[p] != 0.;
      }
      for (int p = columns; p < rows; ++p) {
        lRow[lowerCount] = rowOfPosition[p];
        lValue[lowerCount] = v[p];
        lowerCount += v[p] != 0.;
      }
      lowerColumnStart_[column + 1] = lowerCount;
    }
  }
  ColumnsToRows(lowerColumnStart_, lowerRow_, lowerColumnValue_, lowerStart_, lowerColumn_, lowerValue_);
  ColumnsToRows(upperColumnStart_, upperRow_, upperColumnValue_, upperStart_, upperColumn_, upperValue_);

  sourceOfRow_.resize(n);
  columnOfUnknown_.resize(n);
  for (int i = 0; i < n; ++i) {
    sourceOfRow_[rowOfEquation(i)] = i;
    columnOfUnknown_[i] = columnOfUnknown(i);
  }
  work_.resize(n);
}

void SparseTriangularFactors::ColumnsToRows(const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                                            const std::vector<double>& columnValue, std::vector<int>& rowStart,
                                            std::vector<int>& columnIndex, std::vector<double>& rowValue) const {
  const int n = int(size_);
  const int count = columnStart[n];
  rowStart.assign(size_t(n) + 1, 0);
  GrowTo(columnIndex, size_t(count));
  GrowTo(rowValue, size_t(count));
  // rowStart[i + 1] counts row i, then becomes the insertion point of row i (shifted by one).
  for (int k = 0; k < count; ++k) ++rowStart[rowIndex[k] + 1];
  for (int i = 0; i < n; ++i) rowStart[i + 1] += rowStart[i];
  for (int j = 0; j < n; ++j)
    for (int k = columnStart[j]; k < columnStart[j + 1]; ++k) {
      const int at = rowStart[rowIndex[k]]++;
      columnIndex[at] = j;
      rowValue[at] = columnValue[k];
    }
  for (int i = n; i > 0; --i) rowStart[i] = rowStart[i - 1];
  rowStart[0] = 0;
}

void SparseTriangularFactors::Solve(const VectorX& rhs, VectorX& solution) const {
  const int n = int(size_);
  double* y = work_.data();
  // L y = P_r b, by rows, taking b in the permuted order as it goes.
  const int* start = lowerStart_.data();
  const int* column = lowerColumn_.data();
  const double* entry = lowerValue_.data();
  for (int i = 0; i < n; ++i) {
    double sum = rhs(sourceOfRow_[i]);
    for (int k = start[i]; k < start[i + 1]; ++k) sum -= entry[k] * y[column[k]];
    y[i] = sum;
  }
  // U z = y, by rows from the last, in place.
  start = upperStart_.data();
  column = upperColumn_.data();
  entry = upperValue_.data();
  for (int i = n - 1; i >= 0; --i) {
    double sum = y[i];
    for (int k = start[i]; k < start[i + 1]; ++k) sum -= entry[k] * y[column[k]];
    y[i] = sum * inverseDiagonal_[i];
  }
  solution.resize(n);
  for (int k = 0; k < n; ++k) solution(k) = y[columnOfUnknown_[k]];
}

}  // namespace multidyn
