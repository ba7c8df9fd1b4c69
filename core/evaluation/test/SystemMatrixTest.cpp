// SystemMatrix assembly: the sparse Add replays the positions of the previous assembly; whatever
// the order of the Adds, the sums must be those of a dense matrix.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/evaluation/SystemMatrix.h"

using namespace multidyn;

namespace {

struct Entry {
  Index row, column;
};

// Assembles `entries` with values value(k) into both storages and compares.
void ExpectSameAsDense(SystemMatrix& sparse, const std::vector<Entry>& entries, double offset) {
  const Index n = sparse.Size();
  MatrixX dense = MatrixX::Zero(n, n);
  sparse.SetZero();
  for (size_t k = 0; k < entries.size(); ++k) {
    const double value = offset + 0.25 * double(k);
    sparse.Add(entries[k].row, entries[k].column, value);
    dense(entries[k].row, entries[k].column) += value;
  }
  sparse.Finalize();
  EXPECT_EQ((sparse.ToDense() - dense).cwiseAbs().maxCoeff(), 0.);
}

TEST(SystemMatrix, SparseAssembliesInAnyOrderGiveTheDenseSums) {
  const Index n = 9;
  std::vector<Entry> entries;
  for (Index i = 0; i < n; ++i) entries.push_back({i, i});
  for (Index i = 0; i + 2 < n; ++i) entries.push_back({i, i + 2});
  entries.push_back({3, 3});  // a duplicate
  SystemMatrix matrix;
  matrix.Resize(n, SystemMatrix::Storage::Sparse);
  ExpectSameAsDense(matrix, entries, 1.);  // builds the pattern
  const size_t revision = matrix.PatternRevision();
  ExpectSameAsDense(matrix, entries, 2.);  // same sequence: replayed
  std::mt19937 generator(5);
  std::vector<Entry> shuffled = entries;
  std::shuffle(shuffled.begin(), shuffled.end(), generator);
  ExpectSameAsDense(matrix, shuffled, 3.);  // another order: searched, then replayed
  ExpectSameAsDense(matrix, shuffled, 4.);
  std::vector<Entry> shorter(entries.begin() + 2, entries.end());
  ExpectSameAsDense(matrix, shorter, 5.);  // a sequence shifted against the recorded one
  EXPECT_EQ(matrix.PatternRevision(), revision);
  std::vector<Entry> grown = entries;
  grown.insert(grown.begin() + 4, Entry{8, 0});  // outside the pattern: merged by Finalize
  ExpectSameAsDense(matrix, grown, 6.);
  EXPECT_EQ(matrix.PatternRevision(), revision + 1);
  ExpectSameAsDense(matrix, grown, 7.);
  ExpectSameAsDense(matrix, entries, 8.);
}

}  // namespace
