// Checks of exact Jacobians against central finite differences of the residuals, shared by
// the item tests.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/evaluation/SystemEquations.h"
#include "core/items/Constraint.h"
#include "core/model/MainSystem.h"

namespace multidyn {
namespace test {

// Random coordinates, velocities, accelerations and multipliers; the Euler parameters stay of
// unit length, where G maps their rates to angular velocity and the constraint loads equal
// -C_q^T lambda (the equations keep them there).
inline void Randomize(const MainSystem& system, SystemState& state, unsigned seed) {
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

// Which algebraic equations belong to constraints on velocities (Constraint::IsVelocityLevel).
inline std::vector<bool> VelocityLevelRows(const MainSystem& system) {
  const CompiledSystem& c = system.Compiled();
  std::vector<bool> rows(c.numberOfAE, false);
  for (Index object : c.constraints) {
    const auto& constraint = static_cast<const Constraint&>(system.GetObject(object));
    if (!constraint.IsVelocityLevel()) continue;
    for (Index k = 0; k < constraint.NumberOfAlgebraicEquations(); ++k) rows[c.objectAEStart[object] + k] = true;
  }
  return rows;
}

// [r; r1; g] as a function of the state, in the order of the unknowns [ODE2 | ODE1 | AE].
inline VectorX Residual(SystemEquations& equations, const SystemState& state, bool velocityLevel) {
  VectorX r, r1, g;
  equations.ComputeODE2Residual(state, r);
  equations.ComputeODE1Residual(state, r1);
  equations.ComputeAlgebraicResidual(state, velocityLevel, g);
  VectorX all(r.size() + r1.size() + g.size());
  all << r, r1, g;
  return all;
}

// Central differences of [r; r1; g] with respect to one kind of unknown.
inline MatrixX FiniteDifferences(SystemEquations& equations, const SystemState& state, VectorX SystemState::*unknown,
                                 bool velocityLevel, Index columnOffset) {
  const Index n = equations.NumberOfUnknowns();
  MatrixX J = MatrixX::Zero(n, n);
  const double h = 1e-6;
  for (Index j = 0; j < (state.*unknown).size(); ++j) {
    SystemState plus = state, minus = state;
    (plus.*unknown)(j) += h;
    (minus.*unknown)(j) -= h;
    J.col(columnOffset + j) =
        (Residual(equations, plus, velocityLevel) - Residual(equations, minus, velocityLevel)) / (2 * h);
  }
  return J;
}

inline void ExpectClose(const MatrixX& exact, const MatrixX& numerical, const std::string& what) {
  if (exact.size() == 0 && numerical.size() == 0) return;  // e.g. no algebraic equations
  const double scale = std::max(1., numerical.cwiseAbs().maxCoeff());
  const double error = (exact - numerical).cwiseAbs().maxCoeff();
  Index row, col;
  (exact - numerical).cwiseAbs().maxCoeff(&row, &col);
  EXPECT_LT(error, 1e-6 * scale) << what << ": max difference " << error << " at row " << row << ", column " << col;
}

// All blocks of the Newton matrix at `state`: d/dq, d/dy, d/dlambda, d/dq_t, M, the
// velocity-level constraint rows and the constraint acceleration term (the constraint rows and
// h only if checkConstraintRows: all constraints active).
inline void ExpectExactJacobians(SystemEquations& equations, const SystemState& state, bool checkConstraintRows) {
  const Index n2 = equations.NumberOfODE2();
  const Index n1 = equations.NumberOfODE1();
  const Index nAE = equations.NumberOfAE();
  const Index n = equations.NumberOfUnknowns();
  ASSERT_EQ(n, n2 + n1 + nAE);

  JacobianFactors position;  // d[r; r1; g]/d[q; y; lambda]: C_q^T, C_q, -df/dy (dg_v/dq on velocities)
  position.mass = 0.;
  position.damping = 0.;
  position.velocityConstraintRows = 0.;
  position.ode1Derivative = 0.;
  position.includeLoads = true;
  MatrixX exact = equations.JacobianDense(state, position);
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
  velocity.ode1Damping = 1.;  // dr1/dq_t of first-order states that depend on velocities
  velocity.ode2ODE1 = 0.;  // dr/dy belongs to the first check
  exact = equations.JacobianDense(state, velocity);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_t, false, 0) +
              FiniteDifferences(equations, state, &SystemState::ode1_t, false, n2);
  ExpectClose(exact.topRows(n2 + n1), numerical.topRows(n2 + n1), "dr/dq_t and dr1/dy_t");

  JacobianFactors mass;  // dr/dq_tt = M
  mass.stiffness = 0.;
  mass.damping = 0.;
  mass.multiplierColumns = 0.;
  mass.constraintRows = 0.;
  exact = equations.JacobianDense(state, mass);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_tt, false, 0);
  ExpectClose(exact.topLeftCorner(n2, n2), numerical.topLeftCorner(n2, n2), "M = dr/dq_tt");
  EXPECT_TRUE(exact.topLeftCorner(n2, n2).isApprox(exact.topLeftCorner(n2, n2).transpose(), 1e-12)) << "M symmetric";

  JacobianFactors velocityLevel;  // velocity-level constraint rows: dg_t/dq_t = C_q (dg_v/dq_t on velocities)
  velocityLevel.mass = velocityLevel.stiffness = velocityLevel.damping = velocityLevel.multiplierColumns = 0.;
  velocityLevel.velocityLevelConstraints = true;
  velocityLevel.velocityConstraintPositionRows = 0.;
  exact = equations.JacobianDense(state, velocityLevel);
  numerical = FiniteDifferences(equations, state, &SystemState::ode2_t, true, 0);
  if (checkConstraintRows)
    ExpectClose(exact.bottomLeftCorner(nAE, n2), numerical.bottomLeftCorner(nAE, n2), "dg_t/dq_t");

  // g_tt = C_q q_tt + h: h = d(g_t)/dq * q_t
  VectorX h;
  equations.ComputeConstraintAccelerationTerm(state, h);
  const MatrixX dg_tdq = FiniteDifferences(equations, state, &SystemState::ode2, true, 0).bottomLeftCorner(nAE, n2);
  const VectorX expected = dg_tdq * state.ode2_t;
  if (nAE == 0) return;
  if (checkConstraintRows) {
    EXPECT_LT((h - expected).cwiseAbs().maxCoeff(), 1e-6 * std::max(1., expected.cwiseAbs().maxCoeff()));
  } else if (nAE > 0) {
    EXPECT_LT((h.head(1) - expected.head(1)).cwiseAbs().maxCoeff(), 1e-6);  // the first (a node's) equation
  }
}

// The loads of the multipliers equal -C_q^T lambda, C_q from differentiating g (dg_v/dq_t for
// constraints on velocities): their virtual work in every admissible motion of every node (each
// coordinate; for Euler parameters, the translations and the rates of unit angular velocities,
// tangent to the unit sphere) is (C_q * motion) . lambda. Returns the number of motions checked.
inline Index ExpectConstraintLoadsAreTransposedConstraintJacobian(MainSystem& system, SystemEquations& equations,
                                                                  const SystemState& state) {
  const Index n2 = equations.NumberOfODE2();
  VectorX r0, r1;
  SystemState withoutLambda = state;
  withoutLambda.ae.setZero();
  equations.ComputeODE2Residual(withoutLambda, r0);
  equations.ComputeODE2Residual(state, r1);
  const Index nAE = equations.NumberOfAE();
  MatrixX C_q = FiniteDifferences(equations, state, &SystemState::ode2, false, 0).bottomLeftCorner(nAE, n2);
  const MatrixX C_q_t = FiniteDifferences(equations, state, &SystemState::ode2_t, true, 0).bottomLeftCorner(nAE, n2);
  const std::vector<bool> onVelocities = VelocityLevelRows(system);
  for (Index row = 0; row < nAE; ++row)
    if (onVelocities[row]) C_q.row(row) = C_q_t.row(row);
  const CompiledSystem& c = system.Compiled();
  Index checked = 0;
  for (Index node = 0; node < system.NumberOfItems(ItemCategory::Node); ++node) {
    const Index start = c.nodeODE2Start[node];
    const Index size = system.GetNode(node).NumberOfODE2Coordinates();
    if (size == 0) continue;
    const NodeKinematics<double> k = system.NodeKinematicsOf(node, state);
    std::vector<VectorX> motions;
    if (k.hasOrientation && k.G.cols() > 3) {  // redundant rotation parameters (Euler parameters)
      const MatrixX rotationalRates = k.G.transpose() * (k.G * k.G.transpose()).inverse();  // minimum norm
      for (Index axis = 0; axis < 6; ++axis) {
        VectorX motion = VectorX::Zero(n2);
        if (axis < 3)
          motion(start + axis) = 1.;
        else
          motion.segment(start + k.rotationStart, k.G.cols()) = rotationalRates.col(axis - 3);
        motions.push_back(motion);
      }
    } else {
      for (Index i = 0; i < size; ++i) motions.push_back(VectorX::Unit(n2, start + i));
    }
    for (std::size_t m = 0; m < motions.size(); ++m) {
      EXPECT_NEAR((r1 - r0).dot(motions[m]), (C_q * motions[m]).dot(state.ae), 1e-7)
          << "node " << node << ", motion " << m;
      ++checked;
    }
  }
  return checked;
}

// The velocity-level equations are the time derivative of the position-level ones along the
// motion q(t) = q + t q_t (Euler parameter rates tangent to the unit sphere, where their
// kinematics hold): g_t = (g(q + h q_t, t + h) - g(q - h q_t, t - h)) / 2h. Constraints on
// velocities have no position level: their rows are the same equation at both levels.
inline void ExpectVelocityEquationsAreTimeDerivatives(const MainSystem& system, SystemEquations& equations,
                                                      SystemState state) {
  const CompiledSystem& c = system.Compiled();
  for (Index node : c.nodesWithAE) {
    const Index start = c.nodeODE2Start[node] + 3;
    const Eigen::Vector4d e = c.ode2Reference.segment<4>(start) + state.ode2.segment<4>(start);
    state.ode2_t.segment<4>(start) -= e.dot(state.ode2_t.segment<4>(start)) * e;
  }
  VectorX g_t, gPlus, gMinus;
  equations.ComputeAlgebraicResidual(state, true, g_t);
  const double h = 1e-6;
  SystemState moved = state;
  moved.ode2 = state.ode2 + h * state.ode2_t;
  moved.time = state.time + h;
  equations.ComputeAlgebraicResidual(moved, false, gPlus);
  moved.ode2 = state.ode2 - h * state.ode2_t;
  moved.time = state.time - h;
  equations.ComputeAlgebraicResidual(moved, false, gMinus);
  const VectorX derivative = (gPlus - gMinus) / (2. * h);
  ASSERT_EQ(g_t.size(), derivative.size());
  VectorX g;
  equations.ComputeAlgebraicResidual(state, false, g);
  const std::vector<bool> onVelocities = VelocityLevelRows(system);
  for (Index i = 0; i < g_t.size(); ++i) {
    if (onVelocities[i])
      EXPECT_EQ(g(i), g_t(i)) << "equation " << i << " (on velocities) differs between the levels";
    else
      EXPECT_NEAR(g_t(i), derivative(i), 1e-6) << "equation " << i;
  }
}

}  // namespace test
}  // namespace multidyn
