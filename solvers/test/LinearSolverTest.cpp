#include <gtest/gtest.h>

#include "solvers/linear/LinearSolver.h"

namespace multidyn {
namespace {

Triplets ToTriplets(const MatrixX& a) {
  Triplets t;
  for (Index i = 0; i < a.rows(); ++i)
    for (Index j = 0; j < a.cols(); ++j)
      if (a(i, j) != 0.) t.emplace_back(i, j, a(i, j));
  return t;
}

// A saddle-point matrix like a constrained Newton system: [M C^T; C 0], nonsingular.
MatrixX SaddlePoint() {
  MatrixX a(4, 4);
  a << 2., 0., 0., 1.,  //
      0., 3., 0., 1.,  //
      0., 0., 4., 0.,  //
      1., 1., 0., 0.;
  return a;
}

class LinearSolverKinds : public ::testing::TestWithParam<std::string> {};

TEST_P(LinearSolverKinds, SolvesKnownSystem) {
  const MatrixX a = SaddlePoint();
  const VectorX xExact = (VectorX(4) << 1., -2., 0.5, 3.).finished();
  const VectorX b = a * xExact;
  LinearSolver solver(GetParam());
  solver.Factorize(ToTriplets(a), 4);
  VectorX x;
  solver.Solve(b, x);
  EXPECT_LT((x - xExact).norm(), 1e-12);
  EXPECT_EQ(solver.NumberOfFactorizations(), 1);
}

TEST_P(LinearSolverKinds, SumsDuplicateTriplets) {
  Triplets t{{0, 0, 1.}, {0, 0, 1.}, {1, 1, 4.}, {0, 1, 1.}};
  LinearSolver solver(GetParam());
  solver.Factorize(t, 2);
  VectorX x;
  solver.Solve((VectorX(2) << 3., 4.).finished(), x);  // [2 1; 0 4] x = [3; 4]
  EXPECT_NEAR(x(0), 1., 1e-14);
  EXPECT_NEAR(x(1), 1., 1e-14);
}

TEST_P(LinearSolverKinds, LargerRandomSystem) {
  const Index n = 60;
  std::srand(3);
  MatrixX a = MatrixX::Random(n, n) + 10. * MatrixX::Identity(n, n);
  for (Index i = 0; i < n; ++i)  // make it sparse-ish
    for (Index j = 0; j < n; ++j)
      if (std::abs(i - j) > 3 && (i + j) % 5 != 0) a(i, j) = 0.;
  const VectorX xExact = VectorX::LinSpaced(n, -1., 2.);
  LinearSolver solver(GetParam());
  solver.Factorize(ToTriplets(a), n);
  VectorX x;
  solver.Solve(a * xExact, x);
  EXPECT_LT((x - xExact).norm(), 1e-11);
}

// Up to 8 unknowns the solver keeps the inverse and solves by one product (as Exudyn's EXUdense):
// the same solution as Eigen's LU up to round-off, also where rows must be pivoted (a zero
// diagonal, as in the multiplier block of a constrained Newton matrix) and for badly scaled rows.
TEST(LinearSolver, SmallDenseSolvesAgreeWithEigensLU) {
  std::srand(11);
  for (Index n = 1; n <= 12; ++n)  // sizes up to and beyond the small-system path
    for (int trial = 0; trial < 20; ++trial) {
      MatrixX a = MatrixX::Random(n, n) + 3. * MatrixX::Identity(n, n);
      if (trial % 4 == 1 && n >= 4) {  // [M C^T; C 0]: a saddle point with two constraints
        a.bottomRightCorner(2, 2).setZero();
        a.topRightCorner(n - 2, 2) = a.bottomLeftCorner(2, n - 2).transpose();
      }
      if (trial % 4 == 2) a.row(0) *= 1e6;  // a row scaled as 1/(beta h^2) scales the mass rows
      const VectorX b = VectorX::Random(n);
      LinearSolver solver("EigenDense");
      solver.Factorize(ToTriplets(a), n);
      VectorX x;
      solver.Solve(b, x);
      const VectorX eigens = Eigen::PartialPivLU<MatrixX>(a).solve(b);
      EXPECT_LE((x - eigens).norm(), 1e-13 * eigens.norm()) << "n=" << n << " trial " << trial;
      EXPECT_LE((a * x - b).norm(), 1e-13 * (a.norm() * x.norm() + b.norm())) << "n=" << n << " trial " << trial;
    }
}

TEST_P(LinearSolverKinds, DiagonalMatrixIsSolvedByDivisionAndAZeroPivotStillReported) {
  // duplicates and a stored zero off the diagonal (a structural zero) keep it diagonal
  Triplets t{{0, 0, 2.}, {0, 0, 1.}, {1, 1, -4.}, {2, 2, 0.5}, {0, 2, 0.}};
  LinearSolver solver(GetParam());
  solver.Factorize(t, 3);
  VectorX x;
  const VectorX b = (VectorX(3) << 3., 2., 1.).finished();
  solver.Solve(b, x);
  EXPECT_EQ(x(0), 3. / 3.);  // exactly the quotients, as the LU of a diagonal matrix gives
  EXPECT_EQ(x(1), 2. / -4.);
  EXPECT_EQ(x(2), 1. / 0.5);
  // a zero pivot: not solved by division (inf) but reported by the LU
  EXPECT_THROW(solver.Factorize(Triplets{{0, 0, 2.}, {1, 1, 0.}, {2, 2, 1.}}, 3), SingularMatrixError);
}

TEST_P(LinearSolverKinds, ZeroColumnThrowsNamingTheUnknown) {
  MatrixX a = SaddlePoint();
  a.col(2).setZero();
  LinearSolver solver(GetParam());
  solver.SetUnknownDescriber([](Index row) { return "item of row " + std::to_string(row); });
  try {
    solver.Factorize(ToTriplets(a), 4);
    FAIL() << "no exception";
  } catch (const SingularMatrixError& e) {
    ASSERT_EQ(e.Unknowns().size(), 1u);
    EXPECT_EQ(e.Unknowns()[0], 2);
    EXPECT_NE(std::string(e.what()).find("item of row 2"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(solver.IsFactorized());
}

TEST_P(LinearSolverKinds, RedundantConstraintThrows) {
  // Two identical constraint rows/columns: numerically singular, not exactly zero columns.
  MatrixX a(4, 4);
  a << 2., 0., 0.3, 0.3,  //
      0., 3., 0.7, 0.7,  //
      0.3, 0.7, 0., 0.,  //
      0.3, 0.7, 0., 0.;
  LinearSolver solver(GetParam());
  try {
    solver.Factorize(ToTriplets(a), 4);
    FAIL() << "no exception";
  } catch (const SingularMatrixError& e) {
    ASSERT_FALSE(e.Unknowns().empty());
    EXPECT_GE(e.Unknowns()[0], 2);  // one of the two multipliers
    EXPECT_NE(std::string(e.what()).find("unknown"), std::string::npos);
  }
}

TEST_P(LinearSolverKinds, NearlySingularIsReported) {
  MatrixX a(2, 2);
  a << 1., 1., 1., 1. + 1e-15;
  LinearSolver solver(GetParam());
  EXPECT_THROW(solver.Factorize(ToTriplets(a), 2), SingularMatrixError);
}

TEST_P(LinearSolverKinds, BadlyScaledColumnsAreNotSingular) {
  // Column scaling (e.g. beta h^2 on the multiplier columns) must not look singular.
  MatrixX a = SaddlePoint();
  a.col(3) *= 1e-17;
  LinearSolver solver(GetParam());
  solver.Factorize(ToTriplets(a), 4);
  VectorX x;
  const VectorX xExact = (VectorX(4) << 1., 2., 3., 4e17).finished();
  solver.Solve(a * xExact, x);
  EXPECT_LT(((x - xExact).array() / xExact.array()).abs().maxCoeff(), 1e-12);
}

TEST_P(LinearSolverKinds, IgnoreSingularJacobianFallsBack) {
  MatrixX a(2, 2);
  a << 1., 0., 0., 0.;
  LinearSolverSettings settings;
  settings.ignoreSingularJacobian = true;
  LinearSolver solver(GetParam(), settings);
  solver.Factorize(ToTriplets(a), 2);
  VectorX x;
  solver.Solve((VectorX(2) << 2., 0.).finished(), x);
  EXPECT_NEAR(x(0), 2., 1e-14);
  EXPECT_TRUE(x.allFinite());
}

TEST_P(LinearSolverKinds, NonFiniteEntryThrows) {
  Triplets t{{0, 0, 1.}, {1, 1, std::nan("")}};
  LinearSolver solver(GetParam());
  EXPECT_THROW(solver.Factorize(t, 2), SolverError);
}

INSTANTIATE_TEST_SUITE_P(DenseAndSparse, LinearSolverKinds,
                         ::testing::Values("EXUdense", "EigenDense", "EigenSparse", "EigenSparseSymmetric"));

TEST(LinearSolver, KindFromName) {
  EXPECT_EQ(LinearSolver::KindFromName("EXUdense"), LinearSolverKind::Automatic);
  EXPECT_EQ(LinearSolver::KindFromName("EigenDense"), LinearSolverKind::Dense);
  EXPECT_EQ(LinearSolver::KindFromName("EigenSparse"), LinearSolverKind::Sparse);
  EXPECT_THROW(LinearSolver::KindFromName("Pardiso"), ValueError);
}

TEST(LinearSolver, AutomaticIsDenseForSmallAndSparseForLargeSystems) {
  const LinearSolver automatic("EXUdense");
  EXPECT_EQ(automatic.StorageFor(LinearSolver::automaticDenseLimit), SystemMatrix::Storage::Dense);
  EXPECT_EQ(automatic.StorageFor(LinearSolver::automaticDenseLimit + 1), SystemMatrix::Storage::Sparse);
  EXPECT_EQ(LinearSolver("EigenDense").StorageFor(1000), SystemMatrix::Storage::Dense);
  EXPECT_EQ(LinearSolver("EigenSparse").StorageFor(2), SystemMatrix::Storage::Sparse);
}

TEST(LinearSolver, EmptySystem) {
  LinearSolver solver("EigenSparse");
  solver.Factorize({}, 0);
  VectorX x;
  solver.Solve(VectorX(0), x);
  EXPECT_EQ(x.size(), 0);
}

TEST(LinearSolver, SparseReusesPattern) {
  LinearSolverSettings settings;
  settings.reuseAnalyzedPattern = true;
  LinearSolver solver("EigenSparse", settings);
  MatrixX a = SaddlePoint();
  VectorX x;
  for (int k = 1; k <= 3; ++k) {
    MatrixX scaled = a;
    scaled.topLeftCorner(3, 3) *= k;
    solver.Factorize(ToTriplets(scaled), 4);
    const VectorX xExact = VectorX::Constant(4, k);
    solver.Solve(scaled * xExact, x);
    EXPECT_LT((x - xExact).norm(), 1e-12);
  }
}

}  // namespace
}  // namespace multidyn
