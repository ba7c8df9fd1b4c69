// The exact Jacobians of every item against central finite differences of the residuals,
// at random states of a system that holds every item type.
#include <gtest/gtest.h>

#include <random>

#include "core/evaluation/SystemEquations.h"
#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;
using namespace multidyn::test;

namespace {

class ItemJacobianTest : public ::testing::TestWithParam<std::tuple<unsigned, bool>> {};

TEST_P(ItemJacobianTest, ExactJacobiansEqualFiniteDifferences) {
  const auto [seed, activeJoint] = GetParam();
  auto system = MakeSystemWithEveryItem(activeJoint);
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  Randomize(*system, state, seed);
  state.data(0) = 6.1;  // rotation counter one turn ahead: the continuous angle is used
  ASSERT_EQ(equations.NumberOfODE1(), 3);
  ExpectExactJacobians(equations, state, activeJoint);
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ItemJacobianTest,
                         ::testing::Combine(::testing::Values(1u, 2u, 3u), ::testing::Bool()));

// The constraint loads of the joints equal -C_q^T lambda with C_q from differentiating g.
TEST(ItemJacobian, ConstraintLoadsAreTheTransposedConstraintJacobian) {
  auto system = MakeSystemWithEveryItem(true);
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  Randomize(*system, state, 7);
  // the motions of the Rxyz, Euler-parameter, point and planar nodes: 6 + 6 + 3 + 3
  EXPECT_EQ(ExpectConstraintLoadsAreTransposedConstraintJacobian(*system, equations, state), 18);
}

// Exudyn's Newton matrix (JacobianFactors::constraintForces = false): the exact one at zero
// multipliers in the ODE2 rows, constraint rows C_q as the loads define them (the transposed
// multiplier columns, which ConstraintLoadsAreTheTransposedConstraintJacobian checks against dg/dq),
// and a sparse pattern without the blocks of d(C_q^T lambda)/dq.
TEST(ItemJacobian, WithoutConstraintForcesTheJacobianIsTheOneAtZeroMultipliers) {
  auto system = MakeSystemWithEveryItem(true);
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  Randomize(*system, state, 5);
  ASSERT_GT(state.ae.cwiseAbs().minCoeff(), 0.);
  SystemState withoutLambda = state;
  withoutLambda.ae.setZero();
  JacobianFactors exudyn;
  exudyn.constraintForces = false;
  const MatrixX J = equations.JacobianDense(state, exudyn);
  const MatrixX J0 = equations.JacobianDense(withoutLambda, JacobianFactors());
  const Index n = equations.NumberOfODE2() + equations.NumberOfODE1(), nAE = equations.NumberOfAE();
  EXPECT_EQ(J.topRows(n), J0.topRows(n));
  EXPECT_EQ(J.bottomLeftCorner(nAE, n), J.topRightCorner(n, nAE).transpose());
  EXPECT_GT((equations.JacobianDense(state, JacobianFactors()) - J).topRows(n).cwiseAbs().maxCoeff(), 1e-3);

  auto patternSize = [&](const JacobianFactors& factors) {
    SystemMatrix matrix;
    matrix.Resize(equations.NumberOfUnknowns(), SystemMatrix::Storage::Sparse);
    matrix.SetZero();
    equations.ComputeJacobian(state, factors, matrix);
    matrix.Finalize();
    return matrix.Sparse().nonZeros();
  };
  EXPECT_LT(patternSize(exudyn), patternSize(JacobianFactors()));
}

}  // namespace
