#include "solvers/linear/SparseTriangularFactors.h"

#include <algorithm>
#include <cmath>

namespace multidyn {

namespace {

template <class T> void GrowTo(std::vector<T>& buffer, size_t size) {
  if (buffer.size() < size) buffer.resize(size);
}

}  // namespace

void SparseTriangularFactors::Extract(const SupernodalFactors& factors, const Eigen::VectorXi& columnOfUnknown) {
  const int n = factors.size;
  size_ = n;
  const int* supernodeStart = factors.supernodeStart;
  const int* valueStart = factors.valueStart;
  const int* rowIndexStart = factors.rowIndexStart;
  const int* rowIndex = factors.rowIndex;
  const double* value = factors.value;
  const int* upperStart = factors.upperStart;
  const int* upperRow = factors.upperRow;
  const double* upperValue = factors.upperValue;

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
  // A supernode's diagonal block holds U above and unit-lower L below the diagonal.
  for (Index supernode = 0; supernode <= factors.lastSupernode; ++supernode) {
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
  rowOfEquation_.resize(n);
  columnOfUnknown_.resize(n);
  for (int i = 0; i < n; ++i) {
    sourceOfRow_[factors.rowOfEquation[i]] = i;
    rowOfEquation_[i] = factors.rowOfEquation[i];
    columnOfUnknown_[i] = columnOfUnknown(i);
  }
  work_.resize(n);
  hasStructure_ = false;  // a new pivot order
}

void SparseTriangularFactors::AnalyzeStructure(const SparseMatrix& matrix,
                                               const Eigen::VectorXi& factorColumnOfColumn) {
  const int n = int(size_);
  hasStructure_ = false;
  if (matrix.rows() != n || matrix.cols() != n || factorColumnOfColumn.size() != n) return;
  const int* start = matrix.outerIndexPtr();
  const int* row = matrix.innerIndexPtr();
  const int entries = start[n];
  factorRowOfEntry_.resize(size_t(entries));
  for (int k = 0; k < entries; ++k) factorRowOfEntry_[size_t(k)] = rowOfEquation_[size_t(row[k])];
  matrixColumnOfFactorColumn_.resize(size_t(n));
  for (int j = 0; j < n; ++j) matrixColumnOfFactorColumn_[size_t(factorColumnOfColumn(j))] = j;

  // Column c of L + U holds the rows reachable from the rows of the permuted column c through
  // the columns of L before it (Gilbert and Peierls); a depth-first search with its own stack.
  structureUpperStart_.assign(size_t(n) + 1, 0);
  structureLowerStart_.assign(size_t(n) + 1, 0);
  structureUpperRow_.clear();
  structureLowerRow_.clear();
  std::vector<int> visitedIn(size_t(n), -1), stackNode, stackNext;  // (allocates: once per pivot order)
  for (int c = 0; c < n; ++c) {
    bool pivotReached = false;
    const int column = matrixColumnOfFactorColumn_[size_t(c)];
    for (int k = start[column]; k < start[column + 1]; ++k) {
      const int root = factorRowOfEntry_[size_t(k)];
      if (visitedIn[size_t(root)] == c) continue;
      visitedIn[size_t(root)] = c;
      stackNode.assign(1, root);
      stackNext.assign(1, 0);
      while (!stackNode.empty()) {
        const int node = stackNode.back();
        // Only columns of L already computed (node < c) lead further.
        const int first = node < c ? structureLowerStart_[size_t(node)] : 0;
        const int last = node < c ? structureLowerStart_[size_t(node) + 1] : 0;
        int& next = stackNext.back();
        while (first + next < last && visitedIn[size_t(structureLowerRow_[size_t(first + next)])] == c) ++next;
        if (first + next < last) {
          const int child = structureLowerRow_[size_t(first + next)];
          ++next;
          visitedIn[size_t(child)] = c;
          stackNode.push_back(child);
          stackNext.push_back(0);
          continue;
        }
        stackNode.pop_back();
        stackNext.pop_back();
        if (node < c)
          structureUpperRow_.push_back(node);
        else if (node > c)
          structureLowerRow_.push_back(node);
        else
          pivotReached = true;
      }
    }
    if (!pivotReached) return;  // structurally singular in this order (then Extract's factors stay)
    std::sort(structureUpperRow_.begin() + structureUpperStart_[size_t(c)], structureUpperRow_.end());
    std::sort(structureLowerRow_.begin() + structureLowerStart_[size_t(c)], structureLowerRow_.end());
    structureUpperStart_[size_t(c) + 1] = int(structureUpperRow_.size());
    structureLowerStart_[size_t(c) + 1] = int(structureLowerRow_.size());
  }
  // The factors by rows for Solve get the structure's pattern now; Refactor writes their values
  // in place (L also by columns, which its updates read).
  structureLowerValue_.assign(structureLowerRow_.size(), 0.);
  rowPositionOfLower_.resize(structureLowerRow_.size());
  rowPositionOfUpper_.resize(structureUpperRow_.size());
  ColumnsToRows(structureLowerStart_, structureLowerRow_, structureLowerValue_, lowerStart_, lowerColumn_, lowerValue_,
                &rowPositionOfLower_);
  const std::vector<double> zeros(structureUpperRow_.size(), 0.);
  ColumnsToRows(structureUpperStart_, structureUpperRow_, zeros, upperStart_, upperColumn_, upperValue_,
                &rowPositionOfUpper_);
  refactorWork_.assign(size_t(n), 0.);
  hasStructure_ = true;
  Refactor(matrix, 0.);  // the pivots Eigen chose (false, and no structure, only for a zero pivot)
}

bool SparseTriangularFactors::Refactor(const SparseMatrix& matrix, double pivotTolerance) {
  const int n = int(size_);
  if (!hasStructure_ || matrix.rows() != n || matrix.cols() != n ||
      matrix.outerIndexPtr()[n] != int(factorRowOfEntry_.size()))
    return false;
  const int* start = matrix.outerIndexPtr();
  const double* value = matrix.valuePtr();
  const int* factorRow = factorRowOfEntry_.data();
  const int* upperStart = structureUpperStart_.data();
  const int* upperRow = structureUpperRow_.data();
  const int* upperPosition = rowPositionOfUpper_.data();
  double* upperValue = upperValue_.data();  // by rows
  const int* lowerPosition = rowPositionOfLower_.data();
  double* lowerRowValue = lowerValue_.data();
  const int* lowerStart = structureLowerStart_.data();
  const int* lowerRow = structureLowerRow_.data();
  double* lowerValue = structureLowerValue_.data();
  double* x = refactorWork_.data();
  for (int c = 0; c < n; ++c) {
    const int column = matrixColumnOfFactorColumn_[size_t(c)];
    for (int k = start[column]; k < start[column + 1]; ++k) x[factorRow[k]] = value[k];
    // Left-looking: U(k, c) is final once the columns of L before k have been applied.
    for (int t = upperStart[c]; t < upperStart[c + 1]; ++t) {
      const int k = upperRow[t];
      const double u = x[k];
      x[k] = 0.;
      upperValue[upperPosition[t]] = u;
      for (int s = lowerStart[k]; s < lowerStart[k + 1]; ++s) x[lowerRow[s]] -= lowerValue[s] * u;
    }
    const double pivot = x[c];
    x[c] = 0.;
    double largest = std::abs(pivot);
    for (int s = lowerStart[c]; s < lowerStart[c + 1]; ++s) largest = std::max(largest, std::abs(x[lowerRow[s]]));
    if (!(std::abs(pivot) > 0.) || !(std::abs(pivot) >= pivotTolerance * largest)) {
      for (int s = lowerStart[c]; s < lowerStart[c + 1]; ++s) x[lowerRow[s]] = 0.;
      hasStructure_ = false;
      return false;
    }
    const double inverse = 1. / pivot;
    for (int s = lowerStart[c]; s < lowerStart[c + 1]; ++s) {
      lowerValue[s] = x[lowerRow[s]] * inverse;
      lowerRowValue[lowerPosition[s]] = lowerValue[s];
      x[lowerRow[s]] = 0.;
    }
    inverseDiagonal_[size_t(c)] = inverse;
    pivotMagnitudes_(c) = std::abs(pivot);
  }
  return true;
}

void SparseTriangularFactors::ColumnsToRows(const std::vector<int>& columnStart, const std::vector<int>& rowIndex,
                                            const std::vector<double>& columnValue, std::vector<int>& rowStart,
                                            std::vector<int>& columnIndex, std::vector<double>& rowValue,
                                            std::vector<int>* rowPositionOfEntry) const {
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
      if (rowPositionOfEntry) (*rowPositionOfEntry)[size_t(k)] = at;
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
