// A square matrix assembled by adding entries, stored dense or as compressed sparse columns.
// The sparse pattern is fixed by the first assembly (structural zeros kept) and later
// assemblies write their values in place, so that a time step allocates nothing and the
// symbolic analysis of a sparse LU is done once per pattern. An entry outside the pattern
// (an item that starts to couple new unknowns) is merged in at Finalize(), which then
// increments PatternRevision().
#pragma once

#include <algorithm>
#include <vector>

#include <Eigen/Sparse>

#include "core/foundation/Types.h"

namespace multidyn {

using Triplets = std::vector<Eigen::Triplet<double>>;

class SystemMatrix {
 public:
  enum class Storage { Dense, Sparse };

  // Sets size and storage; keeps the pattern if neither changed.
  void Resize(Index size, Storage storage);
  // Starts an assembly: all stored values (pattern entries included) become zero.
  void SetZero();
  // Adds value at (row, column); duplicates are summed. No bounds check in release builds.
  // Sparse: assemblies add the same entries in the same order, so the position the k-th Add
  // of the previous assembly found is tried first; it is taken only if it holds (row, column)
  // (a position identifies its entry), so any other sequence is merely slower (it searches).
  void Add(Index row, Index column, double value) {
    if (storage_ == Storage::Dense) {
      dense_(row, column) += value;
      return;
    }
    if (step_ < positions_.size()) {
      const int position = positions_[step_];
      const int* outer = sparse_.outerIndexPtr();
      if (position >= outer[column] && position < outer[column + 1] && sparse_.innerIndexPtr()[position] == row) {
        sparse_.valuePtr()[position] += value;
        ++step_;
        return;
      }
    }
    AddSearching(row, column, value);
  }
  // Ends an assembly: merges entries outside the pattern; true if the pattern grew.
  bool Finalize();

  // For tests and small helpers: the matrix from triplets (duplicates summed).
  void SetFromTriplets(const Triplets& triplets, Index size, Storage storage);

  Index Size() const { return size_; }
  Storage GetStorage() const { return storage_; }
  const MatrixX& Dense() const { return dense_; }
  const Eigen::SparseMatrix<double>& Sparse() const { return sparse_; }
  size_t PatternRevision() const { return patternRevision_; }
  MatrixX ToDense() const;
  // Calls function(row, column, value) for every stored entry.
  template <class Function> void ForEachEntry(Function&& function) const {
    if (storage_ == Storage::Dense) {
      for (Index j = 0; j < size_; ++j)
        for (Index i = 0; i < size_; ++i) function(i, j, dense_(i, j));
      return;
    }
    for (Index j = 0; j < size_; ++j)
      for (Eigen::SparseMatrix<double>::InnerIterator it(sparse_, j); it; ++it)
        function(Index(it.row()), j, it.value());
  }

 private:
  // Add by binary search in the column, recording the position for the next assembly.
  void AddSearching(Index row, Index column, double value);

  Index size_ = 0;
  Storage storage_ = Storage::Dense;
  // Positions (into the values) found by the Adds of the last sparse assembly, in their order
  // (-1: outside the pattern), and the number of Adds of this assembly so far.
  std::vector<int> positions_;
  size_t step_ = 0;
  MatrixX dense_;
  Eigen::SparseMatrix<double> sparse_;
  Triplets outsidePattern_;
  Triplets mergeBuffer_;
  size_t patternRevision_ = 0;
};

}  // namespace multidyn
