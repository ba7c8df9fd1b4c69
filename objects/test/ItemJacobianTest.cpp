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

// The constraint loads of the joint equal -C_q^T lambda with C_q from differentiating g, for
// variations tangent to the unit sphere of the Euler parameters (the rigid body's motions).
TEST(ItemJacobian, ConstraintLoadsAreTheTransposedConstraintJacobian) {
  auto system = MakeSystemWithEveryItem(true);
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  Randomize(*system, state, 7);
  const Index n2 = equations.NumberOfODE2();
  VectorX r0, r1;
  SystemState withoutLambda = state;
  withoutLambda.ae.setZero();
  equations.ComputeODE2Residual(withoutLambda, r0);
  equations.ComputeODE2Residual(state, r1);
  const MatrixX C_q = FiniteDifferences(equations, state, &SystemState::ode2, false, 0).bottomLeftCorner(equations.NumberOfAE(), n2);
  // rigid motions of the bodies: unit angular velocities about x, y, z of each body, and translations
  const CompiledSystem& c = system->Compiled();
  for (Index body : c.bodies) {
    const Index node = system->GetObject(body).NodeNumbers()[0].value;
    const NodeKinematics<double> k = system->NodeKinematicsOf(node, state);
    if (!k.hasOrientation) continue;
    if (k.G.cols() < 3) {  // planar body: every coordinate is a rigid motion in the plane
      for (Index i = 0; i < k.numberOfCoordinates; ++i) {
        VectorX motion = VectorX::Zero(n2);
        motion(c.nodeODE2Start[node] + i) = 1.;
        EXPECT_NEAR((r1 - r0).dot(motion), (C_q * motion).dot(state.ae), 1e-7) << "body " << body << ", coordinate " << i;
      }
      continue;
    }
    const MatrixX G = k.G;
    // theta_t that produces omega: the minimum-norm solution, tangent to the unit sphere for Euler parameters
    const MatrixX rotationalRates = G.transpose() * (G * G.transpose()).inverse();
    for (Index axis = 0; axis < 6; ++axis) {
      VectorX motion = VectorX::Zero(n2);
      if (axis < 3) {
        motion(c.nodeODE2Start[node] + axis) = 1.;
      } else {
        motion.segment(c.nodeODE2Start[node] + 3, G.cols()) = rotationalRates.col(axis - 3);
      }
      const double virtualWorkOfLoads = (r1 - r0).dot(motion);
      const double fromConstraintJacobian = (C_q * motion).dot(state.ae);
      EXPECT_NEAR(virtualWorkOfLoads, fromConstraintJacobian, 1e-7) << "body " << body << ", motion " << axis;
    }
  }
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
