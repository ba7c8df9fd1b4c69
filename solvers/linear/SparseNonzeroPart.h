// The part of a sparse matrix with a fixed pattern that is actually nonzero: the entries of the
// pattern that have been nonzero at least once since the pattern was set, as a compressed
// matrix of their own, for the sparse LU, with its columns in a given order (the fill-reducing
// ordering of the whole pattern). The pattern of a Newton matrix is fixed at assembly and keeps
// structural zeros (entries that are zero in the current state, or in every state of this
// model, e.g. the out-of-plane terms of a planar motion); for the chain of rigid bodies two in
// three stored entries stay zero. Factorizing them costs fill-in and time, so the LU sees only
// this part. It only grows (an entry once nonzero stays in it, as an explicit zero when it
// returns to zero), so that the LU's symbolic analysis is redone only when it grows.
#pragma once

#include <vector>

#include <Eigen/Sparse>

#include "core/foundation/Types.h"

namespace multidyn {

class SparseNonzeroPart {
 public:
  // Forgets the entries seen so far (the pattern of the next matrix is a new one); column
  // columnOfPart(j) of the part will be column j of the matrix (an empty order: the same order).
  void Reset(const Eigen::VectorXi& columnOfPart = Eigen::VectorXi());
  // Takes the values of matrix (compressed, with the pattern of the previous calls since
  // Reset); true if its nonzero part grew, and then the part's pattern changed.
  bool Update(const Eigen::SparseMatrix<double>& matrix);
  // The nonzero part, its columns in the order given to Reset.
  const Eigen::SparseMatrix<double>& Matrix() const { return part_; }

 private:
  void Rebuild(const Eigen::SparseMatrix<double>& matrix);

  Index patternSize_ = -1;  // stored entries of the full pattern, -1 after Reset
  Eigen::VectorXi columnOfPart_;  // empty: the matrix's own order
  std::vector<unsigned char> used_;  // per stored entry of the full pattern: in the part
  std::vector<int> sourceOfEntry_;  // per entry of part_: its index among matrix's stored values
  Eigen::SparseMatrix<double> part_;
};

}  // namespace multidyn
