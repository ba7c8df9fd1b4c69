#include "solvers/linear/SparseNonzeroPart.h"

#include <stdexcept>
#include <string>

namespace multidyn {

void SparseNonzeroPart::Reset(const Eigen::VectorXi& columnOfPart) {
  patternSize_ = -1;
  columnOfPart_ = columnOfPart;
}

bool SparseNonzeroPart::Update(const Eigen::SparseMatrix<double>& matrix) {
  const Index stored = matrix.outerIndexPtr()[matrix.cols()];
  bool grew = false;
  if (patternSize_ != stored || part_.rows() != matrix.rows()) {
    patternSize_ = stored;
    used_.assign(size_t(stored), 0);
    grew = true;
  }
  const double* value = matrix.valuePtr();
  unsigned char* used = used_.data();
  // One pass over all stored values, without a branch per entry (most are zero or already used).
  unsigned char unseen = 0;
  for (Index k = 0; k < stored; ++k) unseen |= (value[k] != 0.) & !used[k];
  if (unseen || grew) {
    for (Index k = 0; k < stored; ++k) used[k] |= value[k] != 0.;
    Rebuild(matrix);
    return true;
  }
  double* partValue = part_.valuePtr();
  const int* source = sourceOfEntry_.data();
  const Index entries = Index(sourceOfEntry_.size());
  for (Index k = 0; k < entries; ++k) partValue[k] = value[source[k]];
  return false;
}

void SparseNonzeroPart::Rebuild(const Eigen::SparseMatrix<double>& matrix) {
  const Index columns = matrix.cols();
  const int* start = matrix.outerIndexPtr();
  const int* row = matrix.innerIndexPtr();
  const double* value = matrix.valuePtr();
  Index entries = 0;
  for (Index k = 0; k < patternSize_; ++k) entries += used_[size_t(k)];
  part_.resize(matrix.rows(), columns);
  part_.resizeNonZeros(entries);
  sourceOfEntry_.resize(size_t(entries));
  int* partStart = part_.outerIndexPtr();
  int* partRow = part_.innerIndexPtr();
  double* partValue = part_.valuePtr();
  const bool reordered = columnOfPart_.size() > 0;
  if (reordered && columnOfPart_.size() != columns)
    throw std::invalid_argument("SparseNonzeroPart: a column order of size " + std::to_string(columnOfPart_.size()) +
                                " for a matrix of " + std::to_string(columns) + " columns");
  std::vector<int> matrixColumn(static_cast<size_t>(columns));  // (allocates: only when the part grows)
  for (Index j = 0; j < columns; ++j) matrixColumn[size_t(reordered ? columnOfPart_(j) : j)] = int(j);
  int at = 0;
  partStart[0] = 0;
  for (Index c = 0; c < columns; ++c) {
    const int j = matrixColumn[size_t(c)];
    for (int k = start[j]; k < start[j + 1]; ++k)
      if (used_[size_t(k)]) {
        partRow[at] = row[k];
        partValue[at] = value[k];
        sourceOfEntry_[size_t(at)] = k;
        ++at;
      }
    partStart[c + 1] = at;
  }
}

}  // namespace multidyn
