// The factors copied out of Eigen's SparseLU solve as Eigen's own solve does (to round-off), on
// matrices that need row pivoting, on saddle-point matrices with a zero block, with explicit
// zeros in the pattern, and through LinearSolver after re-factorizations and pattern changes;
// refactorized in the same pivot order with new values, they solve as a fresh factorization does,
// and they refuse a pivot order that has become unstable.
#include <gtest/gtest.h>

#include <random>

#include <Eigen/OrderingMethods>

#include "solvers/linear/LinearSolver.h"
#include "solvers/linear/SparseLUWithPivots.h"
#include "solvers/linear/SparseTriangularFactors.h"

namespace multidyn {
namespace {

using SparseMatrix = Eigen::SparseMatrix<double>;

// Eigen's SparseLU with its factors readable (as LinearSolver uses it, with Eigen's COLAMD here).
class InspectableSparseLU : public SparseLUWithPivots<Eigen::COLAMDOrdering<int>> {
 public:
  void ExtractFactors(SparseTriangularFactors& factors) const { factors.Extract(Factors(), FactorColumnOfColumn()); }
  const Eigen::VectorXi& FactorColumnOfColumn() const { return colsPermutation().indices(); }
  bool RowsPermuted() const {
    for (Index i = 0; i < rows(); ++i)
      if (rowsPermutation().indices()(i) != i) return true;
    return false;
  }
};

// Random nonsymmetric sparse matrix whose diagonal is small against its off-diagonal entries
// (so that partial pivoting must swap rows), with dense blocks that form supernodes of several
// columns, and explicit zeros in the pattern. Nonsingular with probability one.
Triplets RandomPivotingMatrix(Index n, std::mt19937& random) {
  std::uniform_real_distribution<double> value(-1., 1.);
  std::uniform_int_distribution<Index> index(0, n - 1);
  Triplets t;
  for (Index i = 0; i < n; ++i) {
    t.emplace_back(i, i, 1e-3 * value(random));
    t.emplace_back((i + 1) % n, i, value(random));  // a cyclic shift: the pivots are off the diagonal
    t.emplace_back(index(random), i, value(random));
    t.emplace_back(index(random), i, 0.);  // structural zero
  }
  for (Index block = 0; block + 6 <= n; block += 17)  // dense 6x6 blocks
    for (Index i = block; i < block + 6; ++i)
      for (Index j = block; j < block + 6; ++j) t.emplace_back(i, j, value(random));
  return t;
}

// [M C^T; C 0] with M block diagonal (3x3 blocks, symmetric positive definite, plus explicit
// zeros) and C a sparse constraint Jacobian of full row rank: the zero block needs pivoting.
Triplets SaddlePointMatrix(Index bodies, std::mt19937& random) {
  std::uniform_real_distribution<double> value(-1., 1.);
  const Index n = 3 * bodies, constraints = 2 * (bodies - 1) + 1;
  Triplets t;
  for (Index b = 0; b < bodies; ++b) {
    Eigen::Matrix3d root = Eigen::Matrix3d::Random();
    const Eigen::Matrix3d mass = root * root.transpose() + 3. * Eigen::Matrix3d::Identity();
    for (Index i = 0; i < 3; ++i)
      for (Index j = 0; j < 3; ++j) t.emplace_back(3 * b + i, 3 * b + j, mass(i, j));
    if (b + 1 < bodies) t.emplace_back(3 * b, 3 * b + 3, 0.);  // structural zero coupling bodies
  }
  auto addConstraint = [&](Index row, Index column, double entry) {
    t.emplace_back(n + row, column, entry);
    t.emplace_back(column, n + row, entry);
  };
  addConstraint(0, 0, 1. + value(random));  // the first body is held in its first coordinate
  for (Index b = 0; b + 1 < bodies; ++b)  // two constraints between neighbours
    for (Index c = 0; c < 2; ++c) {
      const Index row = 1 + 2 * b + c;
      addConstraint(row, 3 * b + c, 2. + value(random));
      addConstraint(row, 3 * (b + 1) + c, -2. + value(random));
      addConstraint(row, 3 * b + 2, value(random));
    }
  for (Index i = n; i < n + constraints; ++i) t.emplace_back(i, i, 0.);  // the zero block, stored
  return t;
}

SparseMatrix ToSparse(const Triplets& t, Index n) {
  SparseMatrix a(n, n);
  a.setFromTriplets(t.begin(), t.end());
  a.makeCompressed();
  return a;
}

// Solves with the copied factors for random right-hand sides and unit vectors, against Eigen.
void ExpectSolvesLikeEigen(const SparseMatrix& a, const char* what) {
  InspectableSparseLU lu;
  lu.analyzePattern(a);
  lu.factorize(a);
  ASSERT_EQ(lu.info(), Eigen::Success) << what;
  SparseTriangularFactors factors;
  lu.ExtractFactors(factors);
  const Index n = a.rows();
  std::mt19937 random(5);
  std::uniform_real_distribution<double> value(-1., 1.);
  for (Index k = 0; k < n + 5; ++k) {
    VectorX b = VectorX::Zero(n);
    if (k < n)
      b(k) = 1.;  // all of A^{-1}, column by column
    else
      for (Index i = 0; i < n; ++i) b(i) = value(random);
    const VectorX eigens = lu.solve(b);
    VectorX x;
    factors.Solve(b, x);
    ASSERT_EQ(x.size(), n);
    EXPECT_LE((x - eigens).norm(), 1e-12 * eigens.norm()) << what << ", right-hand side " << k;
    EXPECT_LE((a * x - b).norm(), 1e-11 * (a.cwiseAbs() * x.cwiseAbs()).norm()) << what << ", right-hand side " << k;
  }
  // The copy holds no more than the nonzeros of Eigen's factors (which include U's diagonal).
  EXPECT_LE(factors.NonZerosLower() + factors.NonZerosUpper() + n, lu.nnzL() + lu.nnzU()) << what;
}

TEST(SparseTriangularFactors, RandomMatricesWithRowPivotingSolveLikeEigen) {
  std::mt19937 random(1);
  for (Index n : {1, 2, 7, 40, 300}) {
    const SparseMatrix a = ToSparse(RandomPivotingMatrix(n, random), n);
    ExpectSolvesLikeEigen(a, ("random n = " + std::to_string(n)).c_str());
  }
  // What the larger case covers: rows swapped, supernodes of several columns, U outside them.
  const SparseMatrix a = ToSparse(RandomPivotingMatrix(300, random), 300);
  InspectableSparseLU lu;
  lu.compute(a);
  EXPECT_TRUE(lu.RowsPermuted());
  EXPECT_GT(lu.SupernodesWithSeveralColumns(), 0);
  EXPECT_GT(lu.UpperOutsideSupernodes(), 0);
}

TEST(SparseTriangularFactors, SaddlePointMatrixWithZeroBlockSolvesLikeEigen) {
  std::mt19937 random(2);
  for (Index bodies : {2, 10, 120}) {
    const Triplets t = SaddlePointMatrix(bodies, random);
    const Index n = 3 * bodies + 2 * (bodies - 1) + 1;
    ExpectSolvesLikeEigen(ToSparse(t, n), ("saddle point, bodies = " + std::to_string(bodies)).c_str());
  }
}

TEST(SparseTriangularFactors, PivotMagnitudesAreThoseOfEigensU) {
  std::mt19937 random(3);
  const SparseMatrix a = ToSparse(RandomPivotingMatrix(80, random), 80);
  InspectableSparseLU lu;
  lu.compute(a);
  SparseTriangularFactors factors;
  lu.ExtractFactors(factors);
  // The product of the pivots is |det A| (Eigen's own product of U's diagonal).
  EXPECT_NEAR(factors.PivotMagnitudes().array().log().sum(), lu.logAbsDeterminant(), 1e-10);
}

// Through LinearSolver: new values on the same pattern, then a pattern that grows, then a new size.
TEST(SparseTriangularFactors, LinearSolverSolvesAfterRefactorizationAndPatternChange) {
  std::mt19937 random(4);
  std::uniform_real_distribution<double> value(-1., 1.);
  LinearSolver solver("EigenSparse");
  const Index bodies = 30, n = 3 * bodies + 2 * (bodies - 1) + 1;
  Triplets t = SaddlePointMatrix(bodies, random);
  auto expectSolves = [&](const Triplets& matrix, Index size, const std::string& what) {
    solver.Factorize(matrix, size);
    const SparseMatrix a = ToSparse(matrix, size);
    Eigen::SparseLU<SparseMatrix, Eigen::COLAMDOrdering<int>> eigens(a);
    for (int k = 0; k < 3; ++k) {  // several solves with one factorization
      VectorX b(size);
      for (Index i = 0; i < size; ++i) b(i) = value(random);
      VectorX x;
      solver.Solve(b, x);
      const VectorX expected = eigens.solve(b);
      EXPECT_LE((x - expected).norm(), 1e-12 * expected.norm()) << what;
      EXPECT_LE((a * x - b).norm(), 1e-11 * (a.cwiseAbs() * x.cwiseAbs()).norm()) << what;
    }
  };
  expectSolves(t, n, "first factorization");
  for (int round = 0; round < 3; ++round) {
    for (auto& entry : t)
      if (entry.value() != 0.)
        entry = Eigen::Triplet<double>(entry.row(), entry.col(), entry.value() * (1.5 + value(random)));
    expectSolves(t, n, "new values, round " + std::to_string(round));
  }
  // The structural zeros become nonzero (same pattern, other factors' structure).
  for (auto& entry : t)
    if (entry.value() == 0. && entry.row() < 3 * bodies) entry = Eigen::Triplet<double>(entry.row(), entry.col(), 0.5);
  expectSolves(t, n, "structural zeros filled");
  t.emplace_back(0, n - 1, 0.25);  // outside the pattern: re-analysis
  t.emplace_back(n - 1, 0, 0.25);
  expectSolves(t, n, "grown pattern");
  std::mt19937 other(6);
  expectSolves(RandomPivotingMatrix(200, other), 200, "other size");
  EXPECT_EQ(solver.NumberOfFactorizations(), 7);
}

// New values on the pattern of a: every stored entry (structural zeros included) scaled by a
// random factor in [0.5, 1.5] or, for structural zeros, given a small random value.
SparseMatrix NewValues(const SparseMatrix& a, std::mt19937& random, double zeroFill) {
  std::uniform_real_distribution<double> factor(0.5, 1.5), value(-1., 1.);
  SparseMatrix b = a;
  for (Index k = 0; k < b.nonZeros(); ++k) {
    double& entry = b.valuePtr()[k];
    entry = entry != 0. ? entry * factor(random) : zeroFill * value(random);
  }
  return b;
}

void ExpectRefactorSolvesLikeFreshFactorization(const SparseMatrix& a, const char* what) {
  InspectableSparseLU lu;
  lu.compute(a);
  ASSERT_EQ(lu.info(), Eigen::Success) << what;
  SparseTriangularFactors factors;
  lu.ExtractFactors(factors);
  factors.AnalyzeStructure(a, lu.FactorColumnOfColumn());
  ASSERT_TRUE(factors.HasStructure()) << what;
  std::mt19937 random(7);
  std::uniform_real_distribution<double> value(-1., 1.);
  for (int round = 0; round < 4; ++round) {
    // Mild changes, as between Newton matrices: the old pivots stay acceptable. The last round
    // fills the structural zeros too, which the structure must have room for.
    const SparseMatrix b = NewValues(a, random, round == 3 ? 1e-3 : 0.);
    ASSERT_TRUE(factors.Refactor(b, 1e-3)) << what << ", round " << round;
    Eigen::SparseLU<SparseMatrix, Eigen::COLAMDOrdering<int>> fresh(b);
    ASSERT_EQ(fresh.info(), Eigen::Success);
    for (int k = 0; k < 3; ++k) {
      VectorX rhs(b.rows());
      for (Index i = 0; i < rhs.size(); ++i) rhs(i) = value(random);
      VectorX x;
      factors.Solve(rhs, x);
      const VectorX expected = fresh.solve(rhs);
      EXPECT_LE((x - expected).norm(), 1e-10 * expected.norm()) << what << ", round " << round;
      EXPECT_LE((b * x - rhs).norm(), 1e-11 * (b.cwiseAbs() * x.cwiseAbs()).norm()) << what << ", round " << round;
    }
    // The product of the pivots is still |det|.
    EXPECT_NEAR(factors.PivotMagnitudes().array().log().sum(), fresh.logAbsDeterminant(), 1e-8) << what;
  }
}

TEST(SparseTriangularFactors, RefactorizationInTheSamePivotOrderSolvesLikeAFreshOne) {
  std::mt19937 random(8);
  for (Index n : {1, 7, 40, 300})
    ExpectRefactorSolvesLikeFreshFactorization(ToSparse(RandomPivotingMatrix(n, random), n),
                                               ("random n = " + std::to_string(n)).c_str());
  for (Index bodies : {2, 10, 120}) {
    const Index n = 3 * bodies + 2 * (bodies - 1) + 1;
    ExpectRefactorSolvesLikeFreshFactorization(ToSparse(SaddlePointMatrix(bodies, random), n),
                                               ("saddle point, bodies = " + std::to_string(bodies)).c_str());
  }
}

TEST(SparseTriangularFactors, RefactorizationRefusesAPivotThatBecameSmall) {
  // Column 0: partial pivoting takes the 2 of row 0; with 1e-6 there, row 1's 1 is far larger.
  Triplets t{{0, 0, 2.}, {1, 0, 1.}, {0, 1, 1.}, {1, 1, 3.}};
  const SparseMatrix a = ToSparse(t, 2);
  InspectableSparseLU lu;
  lu.compute(a);
  SparseTriangularFactors factors;
  lu.ExtractFactors(factors);
  factors.AnalyzeStructure(a, lu.FactorColumnOfColumn());
  SparseMatrix b = a;
  b.coeffRef(0, 0) = 1.5;
  EXPECT_TRUE(factors.Refactor(b, 0.1));
  b.coeffRef(0, 0) = 1e-6;
  EXPECT_FALSE(factors.Refactor(b, 0.1));
  EXPECT_FALSE(factors.HasStructure());  // until the next factorization with pivoting
  EXPECT_FALSE(factors.Refactor(b, 0.));
}

// Through LinearSolver: a matrix whose old pivots become unstable is factorized afresh, so the
// solution stays accurate; the solver counts one factorization per call either way.
TEST(SparseTriangularFactors, LinearSolverPivotsAfreshWhenTheOldOrderIsUnstable) {
  LinearSolver solver("EigenSparse");
  const Index n = 120;
  std::mt19937 random(9);
  Triplets t = RandomPivotingMatrix(n, random);
  for (int round = 0; round < 4; ++round) {
    // Odd rounds swap the roles of the diagonal and the cyclic shift: the old pivots become tiny.
    Triplets current = t;
    if (round % 2 == 1)
      for (auto& entry : current)
        if (entry.row() == entry.col()) entry = Eigen::Triplet<double>(entry.row(), entry.col(), 1e3 * entry.value());
    solver.Factorize(current, n);
    const SparseMatrix a = ToSparse(current, n);
    VectorX b = VectorX::LinSpaced(n, -1., 2.), x;
    solver.Solve(b, x);
    EXPECT_LE((a * x - b).norm(), 1e-11 * (a.cwiseAbs() * x.cwiseAbs()).norm()) << "round " << round;
  }
  EXPECT_EQ(solver.NumberOfFactorizations(), 4);
}

}  // namespace
}  // namespace multidyn
