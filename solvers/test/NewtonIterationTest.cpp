// Newton's error measure, termination and modified-Newton Jacobian policy (Exudyn's rules,
// docs/solvers/GeneralizedAlpha.md) on linear systems whose Newton matrix is deliberately
// scaled by a factor s: then every iteration multiplies the whole residual by rho = 1 - 1/s
// exactly (r_(k+1) = (I - J (sJ)^-1) r_k), so iteration and Jacobian counts follow from the
// rules by hand, independently of the step, the mass or the load.
#include <gtest/gtest.h>

#include <cmath>

#include "core/evaluation/DAESystem.h"
#include "core/foundation/Errors.h"
#include "solvers/driver/SolverFactory.h"

namespace multidyn {
namespace {

// m q_tt + k q - F = 0 (one ODE2 coordinate); Newton matrix times jacobianScale.
class ScaledOscillator : public DAESystem {
 public:
  double m = 2., k = 50., load = 3., jacobianScale = 1.;
  Index NumberOfODE2() const override { return 1; }
  Index NumberOfODE1() const override { return 0; }
  Index NumberOfAE() const override { return 0; }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = m * s.ode2_tt(0) + k * s.ode2(0) - load;
  }
  void ComputeODE1Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState&, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, jacobianScale * (f.mass * m + f.stiffness * k));
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override { matrix.Add(0, 0, m); }
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

// A mass held at q = 0 by the constraint g = q against a load F: r = m q_tt + lambda - F.
// Records the multiplier the Newton matrix was computed with.
class HeldMass : public DAESystem {
 public:
  double m = 1.5, load = 100., jacobianScale = 1., lambdaSeenByJacobian = -1.;
  Index NumberOfODE2() const override { return 1; }
  Index NumberOfODE1() const override { return 0; }
  Index NumberOfAE() const override { return 1; }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = m * s.ode2_tt(0) + s.ae(0) - load;
  }
  void ComputeODE1Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeAlgebraicResidual(const SystemState& s, bool velocityLevel, VectorX& g) override {
    g.resize(1);
    g(0) = velocityLevel ? s.ode2_t(0) : s.ode2(0);
  }
  void ComputeJacobian(const SystemState& s, const JacobianFactors& f, SystemMatrix& matrix) override {
    lambdaSeenByJacobian = f.constraintForces ? s.ae(0) : 0.;  // lambda enters only through d(C_q^T lambda)/dq
    matrix.Add(0, 0, jacobianScale * f.mass * m);
    matrix.Add(0, 1, jacobianScale * f.multiplierColumns);
    matrix.Add(1, 0, jacobianScale * f.constraintRows);
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override { matrix.Add(0, 0, m); }
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.setZero(1); }
};

SystemState RestState(const DAESystem& system) {
  SystemState s;
  s.ode2.setZero(system.NumberOfODE2());
  s.ode2_t.setZero(system.NumberOfODE2());
  s.ode2_tt.setZero(system.NumberOfODE2());
  s.ode1.setZero(0);
  s.ode1_t.setZero(0);
  s.ae.setZero(system.NumberOfAE());
  return s;
}

const Index steps = 5;

// Modified Newton; no initial accelerations, so that every Jacobian counted is a Newton matrix.
SimulationSettings NewtonToleranceSettings(double relativeTolerance, double absoluteTolerance) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = 0.05;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.verboseMode = 0;
  settings.timeIntegration.adaptiveStep = false;
  settings.timeIntegration.generalizedAlpha.computeInitialAccelerations = false;
  settings.timeIntegration.newton.useModifiedNewton = true;
  settings.timeIntegration.newton.relativeTolerance = relativeTolerance;
  settings.timeIntegration.newton.absoluteTolerance = absoluteTolerance;
  return settings;
}

SolverStatistics Solve(DAESystem& system, const SimulationSettings& settings) {
  SolverObserver observer;
  SystemState state = RestState(system);
  return CreateDynamicSolver(DynamicSolverType::GeneralizedAlpha, system, settings, observer)->Solve(state);
}

// Smallest k with rho^k <= tolerance.
Index IterationsFor(double rho, double tolerance) { return Index(std::ceil(std::log(tolerance) / std::log(rho))); }

TEST(NewtonIteration, RelativeToleranceStopsAtTheFirstIterateBelowIt) {
  ScaledOscillator system;
  system.jacobianScale = 4. / 3.;  // rho = 0.25
  const double relativeTolerance = 1e-8;
  const Index k = IterationsFor(0.25, relativeTolerance);
  ASSERT_EQ(k, 14);  // log(1e-8)/log(0.25) = 13.3: far from an integer, so round-off cannot move it
  const SolverStatistics statistics = Solve(system, NewtonToleranceSettings(relativeTolerance, 1e-30));
  EXPECT_EQ(statistics.steps, steps);
  EXPECT_EQ(statistics.newtonIterations, k * steps);
  // Contraction 0.25 < modifiedNewtonContractivity keeps the matrix, but after
  // maxModifiedNewtonIterations (8) every unconverged iteration requests a new one: iterations
  // 10..14 of each step; plus the first matrix of the solve.
  EXPECT_EQ(statistics.jacobianEvaluations, 1 + (k - 9) * steps);
  EXPECT_EQ(statistics.modifiedNewtonRejections, 0);
}

TEST(NewtonIteration, FullNewtonComputesTheMatrixEveryIteration) {
  ScaledOscillator system;
  system.jacobianScale = 4. / 3.;
  SimulationSettings settings = NewtonToleranceSettings(1e-8, 1e-30);
  settings.timeIntegration.newton.useModifiedNewton = false;
  const SolverStatistics statistics = Solve(system, settings);
  EXPECT_EQ(statistics.newtonIterations, 14 * steps);
  EXPECT_EQ(statistics.jacobianEvaluations, 14 * steps);
}

TEST(NewtonIteration, SlowContractionRenewsTheMatrixFromTheThirdIteration) {
  ScaledOscillator system;
  system.jacobianScale = 2.5;  // rho = 0.6 > modifiedNewtonContractivity 0.5, < 2: no restart
  const double relativeTolerance = 1e-3;
  const Index k = IterationsFor(0.6, relativeTolerance);
  ASSERT_EQ(k, 14);  // 13.5
  const SolverStatistics statistics = Solve(system, NewtonToleranceSettings(relativeTolerance, 1e-30));
  EXPECT_EQ(statistics.newtonIterations, k * steps);
  // requested after iterations 3..13, computed in iterations 4..14 of every step
  EXPECT_EQ(statistics.jacobianEvaluations, 1 + (k - 3) * steps);
  EXPECT_EQ(statistics.modifiedNewtonRejections, 0);
}

TEST(NewtonIteration, JacobianUpdatePerStepSwitchesToFullNewtonAfterMaxModifiedNewtonIterations) {
  ScaledOscillator system;
  system.jacobianScale = 4. / 3.;
  SimulationSettings settings = NewtonToleranceSettings(1e-8, 1e-30);
  settings.timeIntegration.newton.modifiedNewtonJacUpdatePerStep = true;
  const SolverStatistics statistics = Solve(system, settings);
  EXPECT_EQ(statistics.newtonIterations, 14 * steps);
  // a new matrix at iteration 1 of every step; after iteration 9 (> 8 + 0 restart iterations)
  // full Newton for iterations 10..14
  EXPECT_EQ(statistics.jacobianEvaluations, (1 + 5) * steps);
  EXPECT_EQ(statistics.modifiedNewtonRejections, steps);
}

TEST(NewtonIteration, IncrementModeMeasuresTheIncrementAgainstTheFirstOne) {
  ScaledOscillator system;
  system.jacobianScale = 4. / 3.;
  SimulationSettings settings = NewtonToleranceSettings(1e-8, 1e-30);
  settings.timeIntegration.newton.useModifiedNewton = false;
  settings.timeIntegration.newton.newtonResidualMode = 1;
  const SolverStatistics statistics = Solve(system, settings);
  // e_0 = 2 relTol is raised to |Delta_1| (adaptInitialResidual); |Delta_k| = rho^(k-1) |Delta_1|
  EXPECT_EQ(statistics.newtonIterations, (1 + 14) * steps);
  settings.timeIntegration.newton.newtonResidualMode = 2;
  EXPECT_THROW(Solve(system, settings), ValueError);
}

TEST(NewtonIteration, EveryStepStartsFromZeroMultipliers) {
  // At rest the step's solution is lambda = F; from zero multipliers the first error is |F|
  // and the absolute tolerance needs k iterations with F rho^k <= absoluteTolerance, in every
  // step (starting from the last step's multiplier, the first error would be 0).
  HeldMass system;
  system.jacobianScale = 4. / 3.;
  const double absoluteTolerance = 1e-6;
  const Index k = IterationsFor(0.25, absoluteTolerance / system.load);
  ASSERT_EQ(k, 14);
  const SolverStatistics statistics = Solve(system, NewtonToleranceSettings(1e-30, absoluteTolerance));
  EXPECT_EQ(statistics.newtonIterations, k * steps);
}

TEST(NewtonIteration, NewtonMatrixLeavesOutConstraintForceDerivativesUnlessAsked) {
  HeldMass system;
  system.jacobianScale = 4. / 3.;  // 14 iterations: the last matrix is computed at lambda ~ F
  SimulationSettings settings = NewtonToleranceSettings(1e-8, 1e-30);
  settings.timeIntegration.newton.useModifiedNewton = false;
  settings.timeIntegration.numberOfSteps = 1;
  SolverObserver observer;
  SystemState state = RestState(system);
  CreateDynamicSolver(DynamicSolverType::GeneralizedAlpha, system, settings, observer)->Solve(state);
  EXPECT_NEAR(state.ae(0), system.load, 1e-5);
  EXPECT_EQ(system.lambdaSeenByJacobian, 0.);  // as Exudyn: no d(C_q^T lambda)/dq, the matrix at lambda = 0

  settings.timeIntegration.computeConstraintForcesJacobian = true;
  state = RestState(system);
  CreateDynamicSolver(DynamicSolverType::GeneralizedAlpha, system, settings, observer)->Solve(state);
  EXPECT_NEAR(system.lambdaSeenByJacobian, system.load, 1e-4);  // F (1 - 0.25^13)
}

TEST(NewtonIteration, DivergenceRestartsOnceThenFailsWithFullNewton) {
  ScaledOscillator system;
  system.jacobianScale = -0.5;  // rho = 3: the iteration diverges, also with full Newton
  SimulationSettings settings = NewtonToleranceSettings(1e-8, 1e-30);
  SolverObserver observer;
  SystemState state = RestState(system);
  auto solver = CreateDynamicSolver(DynamicSolverType::GeneralizedAlpha, system, settings, observer);
  try {
    solver->Solve(state);
    FAIL() << "expected a SolverError";
  } catch (const SolverError& e) {
    // contraction 3 after iteration 3: restart with a new matrix; again after the forced
    // iteration: full Newton from the predictor, up to maxIterations
    EXPECT_NE(std::string(e.what()).find("after 25 Newton iterations"), std::string::npos) << e.what();
  }
  EXPECT_EQ(state.time, 0.);
}

}  // namespace
}  // namespace multidyn
