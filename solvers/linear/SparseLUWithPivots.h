#pragma once

// Eigen's SparseLU with its factors readable: the one place that knows the layout of Eigen's
// supernodal store (the protected members m_Lstore, m_Ustore and m_perm_r of SparseLU, and the
// internal MappedSuperNodalMatrix). SparseTriangularFactors receives the factors as plain arrays,
// so an Eigen release that changes the store is mended here alone (docs/dev/decisions.md §30).
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include "core/foundation/Types.h"
#include "solvers/linear/SparseTriangularFactors.h"

namespace multidyn {

template <class ColumnOrdering> class SparseLUWithPivots
    : public Eigen::SparseLU<Eigen::SparseMatrix<double>, ColumnOrdering> {
 public:
  // The factors of the last successful factorize(), valid until the next one.
  SparseTriangularFactors::SupernodalFactors Factors() const {
    SparseTriangularFactors::SupernodalFactors factors;
    factors.size = int(this->m_Lstore.cols());
    factors.lastSupernode = int(this->m_Lstore.nsuper());
    factors.supernodeStart = this->m_Lstore.supToCol();
    factors.valueStart = this->m_Lstore.colIndexPtr();
    factors.rowIndexStart = this->m_Lstore.rowIndexPtr();
    factors.rowIndex = this->m_Lstore.rowIndex();
    factors.value = this->m_Lstore.valuePtr();
    factors.upperStart = this->m_Ustore.outerIndexPtr();
    factors.upperRow = this->m_Ustore.innerIndexPtr();
    factors.upperValue = this->m_Ustore.valuePtr();
    factors.rowOfEquation = this->m_perm_r.indices().data();
    return factors;
  }

  // For tests of what a matrix exercises: supernodes of several columns, and entries of U
  // outside the supernodes.
  Index SupernodesWithSeveralColumns() const {
    Index count = 0;
    const int* start = this->m_Lstore.supToCol();
    for (Index k = 0; k <= this->m_Lstore.nsuper(); ++k) count += start[k + 1] - start[k] > 1;
    return count;
  }
  Index UpperOutsideSupernodes() const { return this->m_Ustore.outerIndexPtr()[this->cols()]; }
};

// The column order for SparseLU when the columns come in the fill-reducing order already
// (COLAMD of the whole pattern): an identity of full size, not Eigen's NaturalOrdering, whose
// empty permutation makes SparseLU skip the postorder of the columns along the elimination tree.
struct ColumnOrderAsGiven {
  using PermutationType = Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int>;
  template <class MatrixType> void operator()(const MatrixType& matrix, PermutationType& permutation) const {
    permutation.setIdentity(matrix.cols());
  }
};

}  // namespace multidyn
