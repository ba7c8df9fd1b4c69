#include "core/evaluation/SystemMatrix.h"

namespace multidyn {

void SystemMatrix::Resize(Index size, Storage storage) {
  if (size == size_ && storage == storage_ && (storage == Storage::Sparse || dense_.rows() == size)) return;
  size_ = size;
  storage_ = storage;
  outsidePattern_.clear();
  if (storage == Storage::Dense) {
    dense_.setZero(size, size);
    sparse_.resize(0, 0);
  } else {
    dense_.resize(0, 0);
    sparse_.resize(size, size);
    sparse_.makeCompressed();
  }
  ++patternRevision_;
}

void SystemMatrix::AddSearching(Index row, Index column, double value) {
  const int* begin = sparse_.innerIndexPtr() + sparse_.outerIndexPtr()[column];
  const int* end = sparse_.innerIndexPtr() + sparse_.outerIndexPtr()[column + 1];
  const int* found = std::lower_bound(begin, end, row);
  int position = -1;
  if (found != end && *found == row) {
    position = int(found - sparse_.innerIndexPtr());
    sparse_.valuePtr()[position] += value;
  } else {
    outsidePattern_.emplace_back(row, column, value);
  }
  // Record for the next assembly; the bound keeps a caller that never calls SetZero() from
  // growing the record without end (it then always searches).
  if (step_ < positions_.size())
    positions_[step_] = position;
  else if (positions_.size() < 8 * size_t(sparse_.nonZeros() + size_) + 1024)
    positions_.push_back(position);
  else
    return;
  ++step_;
}

void SystemMatrix::SetZero() {
  step_ = 0;
  outsidePattern_.clear();
  if (storage_ == Storage::Dense)
    dense_.setZero();
  else
    std::fill(sparse_.valuePtr(), sparse_.valuePtr() + sparse_.nonZeros(), 0.);
}

bool SystemMatrix::Finalize() {
  if (outsidePattern_.empty()) return false;
  // The old pattern with its values plus the new entries; setFromTriplets keeps explicit zeros.
  mergeBuffer_.clear();
  mergeBuffer_.reserve(sparse_.nonZeros() + outsidePattern_.size());
  for (Index j = 0; j < size_; ++j)
    for (Eigen::SparseMatrix<double>::InnerIterator it(sparse_, j); it; ++it)
      mergeBuffer_.emplace_back(Index(it.row()), j, it.value());
  mergeBuffer_.insert(mergeBuffer_.end(), outsidePattern_.begin(), outsidePattern_.end());
  sparse_.setFromTriplets(mergeBuffer_.begin(), mergeBuffer_.end());
  sparse_.makeCompressed();
  outsidePattern_.clear();
  ++patternRevision_;
  return true;
}

void SystemMatrix::SetFromTriplets(const Triplets& triplets, Index size, Storage storage) {
  Resize(size, storage);
  SetZero();
  for (const auto& t : triplets) Add(t.row(), t.col(), t.value());
  Finalize();
}

MatrixX SystemMatrix::ToDense() const {
  if (storage_ == Storage::Dense) return dense_;
  return MatrixX(sparse_);
}

}  // namespace multidyn
