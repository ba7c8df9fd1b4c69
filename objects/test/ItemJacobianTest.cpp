// The exact Jacobians of every item against central finite differences of the residuals,
// at random states of a system that holds every item type.
#include <gtest/gtest.h>

#include <random>

#include "core/SystemEquations.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

MatrixX Dense(const Triplets& triplets, Index n) {
  Eigen::SparseMatrix<double> sparse(n, n);
  sparse.setFromTriplets(triplets.begin(), triplets.end());
  return MatrixX(sparse);
}

// Random coordinates, velocities, accelerations and multipliers; the Euler parameters stay of
// unit length, where G maps their rates to angular velocity and the constraint loads equal
// -C_q^T lambda (the equations keep them there).
void Randomize(const MainSystem& system, SystemState& state, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> random(-0.3, 0.3);
  for (VectorX* v : {&state.ode2, &state.ode2_t, &state.ode2_tt, &state.ode1, &state.ode1_t, &state.ae})
    for (Index i = 0; i < v->size(); ++i) (*v)(i) = random(generator);
  const CompiledSystem& c = system.Compiled();
  for (Index node : c.nodesWithAE) {
    const Index start = c.nodeODE2Start[node] + 3;
    const Eigen::Vector4d reference = c.ode2Reference.segment<4>(start);
    state.ode2.segment<4>(start) = (reference + state.ode2.segment<4>(start)).normalized() - reference;
  }
  state.time = 0.4;
}

// [r; r1; g] as a function of the state, in the order of the unknowns [ODE2 | ODE1 | AE].
VectorX Residual(SystemEquations& equations, const SystemState& state, bool velocityLevel) {
  VectorX r, r1, g;
  equations.ComputeODE2Residual(state, r);
  equations.ComputeODE1Residual(state, r1);
  equations.ComputeAlgebraicResidual(state, velocityLevel, g);
  VectorX all(r.size() + r1.size() + g.size());
  all << r, r1, g;
  return all;
}

// Central differences of [r; r1; g] with respect to one kind of unknown.
MatrixX FiniteDifferences(SystemEquations& equations, const SystemState& state, VectorX SystemState::*unknown,
                          bool velocityLevel, Index columnOffset) {
  const Index n = equations.NumberOfUnknowns();
  MatrixX J = MatrixX::Zero(n, n);
  const double h = 1e-6;
  for (Index j = 0; j < (state.*unknown).size(); ++j) {
    SystemState plus = state, minus = state;
    (plus.*unknown)(j) += h;
    (minus.*unknown)(j) -= h;
    J.col(columnOffset + j) = (Residual(equations, plus, velocityLevel) - Residual(equations, minus, velocityLevel)) / (2 * h);
  }
  return J;
}

void ExpectClose(const MatrixX& exact, const MatrixX& numerical, const std::string& what) {
  const double scale = std::max(1., numerical.cwiseAbs().maxCoeff());
  const double error = (exact - numerical).cwiseAbs().maxCoeff();
  Index row, col;
  (exact - numerical).cwiseAbs().maxCoeff(&row, &col);
  EXPECT_LT(error, 1e-6 * scale) << what << ": max difference " << error << " at row " << row << ", column " << col;
}

class ItemJacobianTest : public ::testing::TestWithParam<std::tuple<unsigned, bool>> {};

TEST_P(ItemJacobianTest, ExactJacobiansEqualFiniteDifferences) {
  const auto [seed, activeJoint] = GetParam();
  auto system = MakeSystemWithEveryItem(activeJoint);
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  Randomize(*system, state, seed);
  state.data(0) = 6.1;  // rotation counter one turn ahead: the continuous angle is used
  const Index n2 = equations.NumberOfODE2();
  const Index n1 = equations.NumberOfODE1();
  const Index nAE = equations.NumberOfAE();
  const Index n = equations.NumberOfUnknowns();
  ASSERT_EQ(n, n2 + n1 + nAE);
  ASSERT_EQ(n1, 3);
  Triplets triplets;

  JacobianFactors position;  // d[r; r1; g]/d[q; y; lambda]: C_q^T, C_q, -df/dy
  position.mass = 0.;
  position.damping = 0.;
  position.ode1Derivative = 0.;
  position.includeLoads = true;
  equations.ComputeJacobian(state, position, triplets);
  MatrixX exact = Dense(triplets, n);
  MatrixX numerical = FiniteDifferences(equations, state, &SystemState::ode2, false, 0) +
                      FiniteDifferences(equations, state, &SystemState::ode1, false, n2) +
                      FiniteDifferences(equations, state, &SystemState::ae, false, n2 + n1);
  ExpectClose(exact, numerical, "d/dq, d/dy and d/dlambda");

  JacobianFactors velocity;  // dr/dq_t and dr1/dy_t = I
  velocity.mass = 0.;
  velocity.stiffness = 0.;
  velocity.multiplierColumns = 0.;
  velocity.constraintRows = 0.;
  velocity.ode1Stiffness = 0.;
  equations.ComputeJacobian(state, velocity, triplets);
  exact = Dense(triplets, n);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_t, false, 0) +
              FiniteDifferences(equations, state, &SystemState::ode1_t, false, n2);
  ExpectClose(exact.topRows(n2 + n1), numerical.topRows(n2 + n1), "dr/dq_t and dr1/dy_t");

  JacobianFactors mass;  // dr/dq_tt = M
  mass.stiffness = 0.;
  mass.damping = 0.;
  mass.multiplierColumns = 0.;
  mass.constraintRows = 0.;
  equations.ComputeJacobian(state, mass, triplets);
  exact = Dense(triplets, n);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_tt, false, 0);
  ExpectClose(exact.topLeftCorner(n2, n2), numerical.topLeftCorner(n2, n2), "M = dr/dq_tt");
  EXPECT_TRUE(exact.topLeftCorner(n2, n2).isApprox(exact.topLeftCorner(n2, n2).transpose(), 1e-12)) << "M symmetric";

  JacobianFactors velocityLevel;  // velocity-level constraint rows: dg_t/dq_t = C_q
  velocityLevel.mass = velocityLevel.stiffness = velocityLevel.damping = velocityLevel.multiplierColumns = 0.;
  velocityLevel.velocityLevelConstraints = true;
  equations.ComputeJacobian(state, velocityLevel, triplets);
  exact = Dense(triplets, n);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_t, true, 0);
  if (activeJoint) ExpectClose(exact.bottomLeftCorner(nAE, n2), numerical.bottomLeftCorner(nAE, n2), "dg_t/dq_t");

  // g_tt = C_q q_tt + h: h = d(g_t)/dq * q_t
  VectorX h;
  equations.ComputeConstraintAccelerationTerm(state, h);
  const MatrixX dg_tdq = FiniteDifferences(equations, state, &SystemState::ode2, true, 0).bottomLeftCorner(nAE, n2);
  const VectorX expected = dg_tdq * state.ode2_t;
  if (activeJoint) {
    EXPECT_LT((h - expected).cwiseAbs().maxCoeff(), 1e-6 * std::max(1., expected.cwiseAbs().maxCoeff()));
  } else {
    // the Euler-parameter equation and the (active) planar joint and coordinate constraint
    EXPECT_LT((h.head(1) - expected.head(1)).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT((h.tail(3) - expected.tail(3)).cwiseAbs().maxCoeff(), 1e-6 * std::max(1., expected.tail(3).cwiseAbs().maxCoeff()));
  }
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

}  // namespace
