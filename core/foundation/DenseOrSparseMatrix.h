// A matrix parameter stored dense or sparse, as given (Exudyn's MatrixContainer, e.g.
// ObjectGenericODE2's massMatrix): sparse, products and the entries of a Newton block cost the
// nonzeros; dense stays dense. Its size is 0 x 0 when empty.
#pragma once

#include <vector>

#include <Eigen/SparseCore>

#include "core/foundation/Types.h"

namespace multidyn {

class DenseOrSparseMatrix {
 public:
  using Sparse = Eigen::SparseMatrix<double>;

  DenseOrSparseMatrix() = default;
  DenseOrSparseMatrix(const MatrixX& dense) : dense_(dense) {}  // NOLINT: a dense matrix converts

  // rows x cols from (row, column, value) entries, repeated ones summed; all entries are kept in
  // the pattern, zero or not.
  void SetSparse(Index rows, Index cols, const std::vector<Eigen::Triplet<double>>& entries) {
    dense_.resize(0, 0);
    sparse_.resize(rows, cols);
    sparse_.setFromTriplets(entries.begin(), entries.end());
    sparse_.makeCompressed();
    isSparse_ = true;
  }

  bool IsSparse() const { return isSparse_; }
  Index rows() const { return isSparse_ ? Index(sparse_.rows()) : Index(dense_.rows()); }
  Index cols() const { return isSparse_ ? Index(sparse_.cols()) : Index(dense_.cols()); }
  Index size() const { return rows() * cols(); }
  const MatrixX& Dense() const { return dense_; }
  const Sparse& SparseMatrix() const { return sparse_; }

  // The matrix as a dense one (in place: no allocation once `to` has the size).
  void ToDense(MatrixX& to) const {
    if (!isSparse_) {
      to = dense_;
      return;
    }
    to.setZero(sparse_.rows(), sparse_.cols());
    ForEachEntry([&](Index i, Index j, double value) { to(i, j) += value; });
  }
  MatrixX ToDense() const {
    MatrixX to;
    ToDense(to);
    return to;
  }

  // y += A x, in place (y is not x).
  template <class X, class Y> void AddProductTo(const X& x, Y& y) const {
    if (isSparse_)
      y.noalias() += sparse_ * x;
    else
      y.noalias() += dense_ * x;
  }

  // function(row, column, value) for each stored entry (sparse: the pattern; dense: all, column by column).
  template <class Function> void ForEachEntry(Function&& function) const {
    if (isSparse_) {
      for (Index j = 0; j < sparse_.outerSize(); ++j)
        for (Sparse::InnerIterator it(sparse_, j); it; ++it) function(Index(it.row()), j, it.value());
      return;
    }
    for (Index j = 0; j < dense_.cols(); ++j)
      for (Index i = 0; i < dense_.rows(); ++i) function(i, j, dense_(i, j));
  }

 private:
  MatrixX dense_;
  Sparse sparse_;
  bool isSparse_ = false;
};

}  // namespace multidyn
