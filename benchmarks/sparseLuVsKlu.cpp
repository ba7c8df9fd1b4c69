// multidyn's sparse LU (Eigen's SparseLU chooses the pivots, SparseTriangularFactors refactorizes
// in that order and substitutes) against SuiteSparse's KLU (klu_factor, klu_refactor, klu_solve),
// on the Newton matrix pattern of a chain of rigid bodies with revolute joints: per body a 6x6
// block (mass, stiffness and damping terms of modified Newton), per joint 5 equations on the 6
// coordinates of both bodies, the first body jointed to the ground; the saddle-point form
// [[A, C^T], [C, 0]] needs row pivoting. Modified Newton renews the matrix with new values on
// the same pattern: timed are one factorization with pivoting, and a refactorization plus one
// solve, both through the production path (LinearSolver on a SystemMatrix that keeps its
// pattern). Both solutions are checked against each other.
//   bash benchmarks/sparseLuVsKlu.sh       (builds this with the project's libraries and libklu)
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include <klu.h>

#include "core/evaluation/SystemMatrix.h"
#include "solvers/linear/LinearSolver.h"

using namespace multidyn;

namespace {

struct Entry {
  Index row, column;
  double value;
};

// The entries of the chain's matrix; joint equations appear in both C and C^T.
std::vector<Entry> ChainMatrix(Index bodies, std::mt19937& random) {
  std::uniform_real_distribution<double> value(-1., 1.);
  const Index coordinates = 6 * bodies;
  std::vector<Entry> entries;
  for (Index b = 0; b < bodies; ++b) {
    Eigen::Matrix<double, 6, 6> root = Eigen::Matrix<double, 6, 6>::Random();
    const Eigen::Matrix<double, 6, 6> block = root * root.transpose() + 6. * Eigen::Matrix<double, 6, 6>::Identity();
    for (Index i = 0; i < 6; ++i)
      for (Index j = 0; j < 6; ++j) entries.push_back({6 * b + i, 6 * b + j, block(i, j)});
  }
  for (Index joint = 0; joint < bodies; ++joint)  // joint k: body k-1 (or ground) and body k
    for (Index e = 0; e < 5; ++e) {
      const Index row = coordinates + 5 * joint + e;
      for (Index body : {joint - 1, joint}) {
        if (body < 0) continue;
        for (Index c = 0; c < 6; ++c) {
          const double entry = (c == e ? 2. : 0.) + 0.5 * value(random);
          entries.push_back({row, 6 * body + c, entry});
          entries.push_back({6 * body + c, row, entry});
        }
      }
    }
  return entries;
}

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main() {
  std::printf("%8s %8s %10s | %14s %14s | %14s %14s | %12s\n", "bodies", "size", "nonzeros", "multidyn first",
              "KLU first", "multidyn refac+solve", "KLU refac+solve", "difference");
  for (Index bodies : {25, 100, 400, 1600}) {
    std::mt19937 random(1);
    std::vector<Entry> entries = ChainMatrix(bodies, random);
    const Index size = 11 * bodies;
    const int rounds = bodies <= 100 ? 2000 : 200;
    std::vector<std::vector<double>> scales(rounds, std::vector<double>(entries.size()));
    std::uniform_real_distribution<double> factor(0.9, 1.1), value(-1., 1.);
    for (auto& s : scales)
      for (double& f : s) f = factor(random);
    VectorX rhs(size);
    for (Index i = 0; i < size; ++i) rhs(i) = value(random);

    // multidyn: the matrix assembled into a SystemMatrix (pattern kept), as a Newton step does
    SystemMatrix matrix;
    matrix.Resize(size, SystemMatrix::Storage::Sparse);
    auto assemble = [&](const std::vector<double>* scale) {
      matrix.SetZero();
      for (size_t k = 0; k < entries.size(); ++k)
        matrix.Add(entries[k].row, entries[k].column, entries[k].value * (scale ? (*scale)[k] : 1.));
      matrix.Finalize();
    };
    assemble(nullptr);
    LinearSolver solver("EigenSparse");
    auto start = std::chrono::steady_clock::now();
    solver.Factorize(matrix);
    const double ourFactor = Seconds(start);
    VectorX ours;
    double ourRefactor = 0.;
    for (int r = 0; r < rounds; ++r) {
      assemble(&scales[r]);
      start = std::chrono::steady_clock::now();
      solver.Factorize(matrix);
      solver.Solve(rhs, ours);
      ourRefactor += Seconds(start);
    }

    // KLU on the same compressed columns (the last round's values are in matrix)
    const Eigen::SparseMatrix<double>& a = matrix.Sparse();
    std::vector<int> columnStart(a.outerIndexPtr(), a.outerIndexPtr() + size + 1);
    std::vector<int> rowIndex(a.innerIndexPtr(), a.innerIndexPtr() + a.nonZeros());
    std::vector<double> values(a.valuePtr(), a.valuePtr() + a.nonZeros());
    klu_common common;
    klu_defaults(&common);
    start = std::chrono::steady_clock::now();  // ordering and analysis included, as in multidyn's first
    klu_symbolic* symbolic = klu_analyze(int(size), columnStart.data(), rowIndex.data(), &common);
    klu_numeric* numeric = klu_factor(columnStart.data(), rowIndex.data(), values.data(), symbolic, &common);
    const double kluFactor = Seconds(start);
    if (!numeric) {
      std::printf("KLU failed (status %d)\n", common.status);
      return 1;
    }
    // KLU's values per round: the same scaled entries, summed into the same positions
    std::vector<double> kluValues(values.size());
    std::vector<double> solution(size);
    double kluRefactor = 0.;
    for (int r = 0; r < rounds; ++r) {
      assemble(&scales[r]);  // not timed: the same assembly feeds both
      std::copy(a.valuePtr(), a.valuePtr() + a.nonZeros(), kluValues.begin());
      start = std::chrono::steady_clock::now();
      klu_refactor(columnStart.data(), rowIndex.data(), kluValues.data(), symbolic, numeric, &common);
      std::copy(rhs.data(), rhs.data() + size, solution.begin());
      klu_solve(symbolic, numeric, int(size), 1, solution.data(), &common);
      kluRefactor += Seconds(start);
    }
    // the last round: both solved the same matrix
    solver.Factorize(matrix);
    solver.Solve(rhs, ours);
    double difference = 0., norm = 0.;
    for (Index i = 0; i < size; ++i) {
      difference = std::max(difference, std::abs(ours(i) - solution[i]));
      norm = std::max(norm, std::abs(solution[i]));
    }
    std::printf("%8d %8d %10d | %12.1f us %12.1f us | %12.1f us %12.1f us | %12.1e\n", int(bodies), int(size),
                int(a.nonZeros()), 1e6 * ourFactor, 1e6 * kluFactor, 1e6 * ourRefactor / rounds,
                1e6 * kluRefactor / rounds, difference / norm);
    klu_free_numeric(&numeric, &common);
    klu_free_symbolic(&symbolic, &common);
  }
  return 0;
}
