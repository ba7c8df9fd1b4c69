// The nonzero part of a fixed-pattern sparse matrix: what it holds, when it grows, and that it
// follows new values without changing its pattern.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "solvers/linear/SparseNonzeroPart.h"

namespace multidyn {
namespace {

using SparseMatrix = Eigen::SparseMatrix<double>;

SparseMatrix FromDense(const MatrixX& values, const MatrixX& pattern) {
  SparseMatrix a(values.rows(), values.cols());
  std::vector<Eigen::Triplet<double>> t;
  for (Index j = 0; j < values.cols(); ++j)
    for (Index i = 0; i < values.rows(); ++i)
      if (pattern(i, j) != 0.) t.emplace_back(i, j, values(i, j));
  a.setFromTriplets(t.begin(), t.end());
  a.makeCompressed();
  return a;
}

// Entries stored in a, as (row, column) -> value; an explicit zero counts as stored.
std::map<std::pair<Index, Index>, double> Stored(const SparseMatrix& a) {
  std::map<std::pair<Index, Index>, double> entries;
  for (Index j = 0; j < a.outerSize(); ++j)
    for (SparseMatrix::InnerIterator it(a, j); it; ++it) entries[{Index(it.row()), j}] = it.value();
  return entries;
}

TEST(SparseNonzeroPart, HoldsTheEntriesThatWereEverNonzero) {
  const MatrixX pattern = MatrixX::Ones(4, 4);  // all 16 entries stored
  MatrixX values = MatrixX::Zero(4, 4);
  values(0, 0) = 1.;
  values(2, 1) = -2.;
  values(3, 3) = 3.;
  SparseMatrix a = FromDense(values, pattern);
  SparseNonzeroPart part;
  EXPECT_TRUE(part.Update(a));  // first call: a new part
  EXPECT_EQ(Stored(part.Matrix()),
            (std::map<std::pair<Index, Index>, double>{{{0, 0}, 1.}, {{2, 1}, -2.}, {{3, 3}, 3.}}));
  EXPECT_TRUE(part.Matrix().isCompressed());

  // New values on the same nonzeros: no growth, values followed.
  values(0, 0) = 5.;
  values(2, 1) = 0.;  // back to zero: stays in the part as an explicit zero
  a = FromDense(values, pattern);
  EXPECT_FALSE(part.Update(a));
  EXPECT_EQ(Stored(part.Matrix()),
            (std::map<std::pair<Index, Index>, double>{{{0, 0}, 5.}, {{2, 1}, 0.}, {{3, 3}, 3.}}));

  // A structural zero becomes nonzero: the part grows (and keeps the explicit zero).
  values(1, 3) = 7.;
  a = FromDense(values, pattern);
  EXPECT_TRUE(part.Update(a));
  EXPECT_EQ(Stored(part.Matrix()),
            (std::map<std::pair<Index, Index>, double>{{{0, 0}, 5.}, {{2, 1}, 0.}, {{1, 3}, 7.}, {{3, 3}, 3.}}));
  EXPECT_FALSE(part.Update(a));
  EXPECT_EQ(MatrixX(part.Matrix()), values);

  // After Reset the history is forgotten.
  part.Reset();
  EXPECT_TRUE(part.Update(a));
  EXPECT_EQ(Stored(part.Matrix()),
            (std::map<std::pair<Index, Index>, double>{{{0, 0}, 5.}, {{1, 3}, 7.}, {{3, 3}, 3.}}));
}

TEST(SparseNonzeroPart, ANewPatternSizeStartsAfresh) {
  SparseNonzeroPart part;
  const MatrixX small = (MatrixX(2, 2) << 1., 0., 0., 2.).finished();
  EXPECT_TRUE(part.Update(FromDense(small, MatrixX::Ones(2, 2))));
  const MatrixX larger = (MatrixX(3, 3) << 1., 0., 4., 0., 2., 0., 0., 0., 3.).finished();
  EXPECT_TRUE(part.Update(FromDense(larger, MatrixX::Ones(3, 3))));
  EXPECT_EQ(MatrixX(part.Matrix()), larger);
  EXPECT_EQ(part.Matrix().nonZeros(), 4);
}

TEST(SparseNonzeroPart, PutsTheColumnsInTheGivenOrder) {
  const MatrixX values = (MatrixX(3, 3) << 1., 0., 4., 0., 2., 5., 6., 0., 3.).finished();
  SparseNonzeroPart part;
  const Eigen::VectorXi columnOfPart = (Eigen::VectorXi(3) << 2, 0, 1).finished();
  part.Reset(columnOfPart);
  EXPECT_TRUE(part.Update(FromDense(values, MatrixX::Ones(3, 3))));
  const MatrixX reordered(part.Matrix());
  for (Index j = 0; j < 3; ++j) EXPECT_EQ(reordered.col(columnOfPart(j)), values.col(j)) << "column " << j;
  EXPECT_EQ(part.Matrix().nonZeros(), 6);
  // New values go to the reordered places too.
  const MatrixX doubled = 2. * values;
  EXPECT_FALSE(part.Update(FromDense(doubled, MatrixX::Ones(3, 3))));
  for (Index j = 0; j < 3; ++j) EXPECT_EQ(MatrixX(part.Matrix()).col(columnOfPart(j)), doubled.col(j));

  part.Reset(Eigen::VectorXi::LinSpaced(2, 0, 1));  // an order for another size
  EXPECT_THROW(part.Update(FromDense(values, MatrixX::Ones(3, 3))), std::invalid_argument);
}

}  // namespace
}  // namespace multidyn
