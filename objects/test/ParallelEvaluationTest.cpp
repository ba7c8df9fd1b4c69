// Residuals and the Newton matrix on several threads (parallel.numberOfThreads): the same values
// as the serial evaluation up to the order of the sums, for every item kind, and the same motion.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"
#include "solvers/driver/SolveDynamic.h"

namespace multidyn {
namespace {

struct Residuals {
  VectorX ode2, ode1, algebraic, ode2Alone, ode1Alone, algebraicAlone, velocityLevel;
};

Residuals Evaluate(SystemEquations& equations, const SystemState& state) {
  Residuals r;
  equations.ComputeResiduals(state, false, r.ode2, r.ode1, r.algebraic);
  equations.ComputeODE2Residual(state, r.ode2Alone);
  equations.ComputeODE1Residual(state, r.ode1Alone);
  equations.ComputeAlgebraicResidual(state, false, r.algebraicAlone);
  equations.ComputeAlgebraicResidual(state, true, r.velocityLevel);
  return r;
}

void ExpectClose(const VectorX& parallel, const VectorX& serial, const char* what) {
  ASSERT_EQ(parallel.size(), serial.size()) << what;
  if (serial.size() == 0) return;
  EXPECT_LE((parallel - serial).cwiseAbs().maxCoeff(), 1e-13 * (1. + serial.cwiseAbs().maxCoeff())) << what;
}

Index ExpectedThreads(Index requested) {
  return std::min<Index>(requested, std::max<Index>(1, Index(std::thread::hardware_concurrency())));
}

class ParallelResiduals : public ::testing::TestWithParam<unsigned> {};

TEST_P(ParallelResiduals, EqualTheSerialOnesForEveryItemKind) {
  std::vector<std::unique_ptr<MainSystem>> systems;
  systems.push_back(MakeSystemWithEveryItem());
  systems.push_back(MakeChain(7));
  for (const auto& system : systems) {
    SystemEquations equations(*system);
    SystemState state = system->CurrentState();
    test::Randomize(*system, state, GetParam());
    const Residuals serial = Evaluate(equations, state);
    for (Index threads : {2, 3}) {
      equations.SetParallel(threads, 0);
      ASSERT_EQ(equations.NumberOfThreadsInUse(), ExpectedThreads(threads));
      for (int repeat = 0; repeat < 2; ++repeat) {  // the threads' buffers are reset between evaluations
        const Residuals parallel = Evaluate(equations, state);
        ExpectClose(parallel.ode2, serial.ode2, "ODE2");
        ExpectClose(parallel.ode1, serial.ode1, "ODE1");
        ExpectClose(parallel.algebraic, serial.algebraic, "AE");
        ExpectClose(parallel.ode2Alone, serial.ode2Alone, "ODE2 alone");
        ExpectClose(parallel.ode1Alone, serial.ode1Alone, "ODE1 alone");
        ExpectClose(parallel.algebraicAlone, serial.algebraicAlone, "AE alone");
        ExpectClose(parallel.velocityLevel, serial.velocityLevel, "AE, velocity level");
      }
    }
    // the serial results are also those of a system with too few items for threads
    equations.SetParallel(2, 1000);
    EXPECT_EQ(equations.NumberOfThreadsInUse(), 1);
  }
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ParallelResiduals, ::testing::Values(1u, 2u));

// The sparse Newton matrix (the parts' blocks computed on the threads, each into a matrix of its
// own, added in thread order) equals the serial one; a dense one is assembled serially.
MatrixX SparseJacobian(SystemEquations& equations, const SystemState& state, const JacobianFactors& factors,
                       SystemMatrix& matrix) {
  matrix.Resize(equations.NumberOfUnknowns(), SystemMatrix::Storage::Sparse);
  matrix.SetZero();
  equations.ComputeJacobian(state, factors, matrix);
  matrix.Finalize();
  return matrix.ToDense();
}

class ParallelJacobian : public ::testing::TestWithParam<unsigned> {};

TEST_P(ParallelJacobian, EqualsTheSerialOneForEveryItemKind) {
  std::vector<std::unique_ptr<MainSystem>> systems;
  systems.push_back(MakeSystemWithEveryItem());
  systems.push_back(MakeSystemWithEveryItem(false));
  systems.push_back(MakeChain(7));
  for (const auto& system : systems) {
    SystemEquations equations(*system);
    SystemState state = system->CurrentState();
    test::Randomize(*system, state, GetParam());
    for (bool exact : {false, true}) {
      JacobianFactors factors;  // time integration's weights, with and without the constraint forces' derivative
      factors.mass = 1.7;
      factors.stiffness = 0.3;
      factors.damping = 0.9;
      factors.multiplierColumns = 0.3;
      factors.constraintForces = exact;
      factors.includeLoads = true;
      equations.SetParallel(1, 0);
      SystemMatrix serialMatrix, parallelMatrix;
      const MatrixX serial = SparseJacobian(equations, state, factors, serialMatrix);
      const MatrixX dense = equations.JacobianDense(state, factors);
      for (Index threads : {2, 3}) {
        equations.SetParallel(threads, 0);
        ASSERT_EQ(equations.NumberOfThreadsInUse(), ExpectedThreads(threads));
        for (int repeat = 0; repeat < 2; ++repeat) {  // the second assembly writes into the kept patterns
          const MatrixX parallel = SparseJacobian(equations, state, factors, parallelMatrix);
          EXPECT_LE((parallel - serial).cwiseAbs().maxCoeff(), 1e-13 * (1. + serial.cwiseAbs().maxCoeff()));
        }
        EXPECT_LE((equations.JacobianDense(state, factors) - dense).cwiseAbs().maxCoeff(), 0.);  // dense: serial
      }
      EXPECT_GT(serial.cwiseAbs().maxCoeff(), 0.);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ParallelJacobian, ::testing::Values(1u, 2u));

TEST(ParallelResiduals, SameMotionOfAChain) {
  SystemState end[2];
  for (Index threads : {1, 2}) {
    auto system = MakeChain(12);
    SimulationSettings settings;
    settings.timeIntegration.endTime = 0.2;
    settings.timeIntegration.numberOfSteps = 200;
    settings.timeIntegration.verboseMode = 0;
    settings.solutionSettings.writeSolutionToFile = false;
    settings.parallel.numberOfThreads = threads;
    settings.parallel.multithreadedLLimitResiduals = 0;
    SolveDynamic(*system, settings);
    end[threads - 1] = system->CurrentState();
  }
  // the chain has fallen noticeably, and the same way
  EXPECT_GT((end[0].ode2 - MakeChain(12)->CurrentState().ode2).cwiseAbs().maxCoeff(), 0.1);
  EXPECT_LE((end[1].ode2 - end[0].ode2).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LE((end[1].ode2_t - end[0].ode2_t).cwiseAbs().maxCoeff(), 1e-9);
}

}  // namespace
}  // namespace multidyn
