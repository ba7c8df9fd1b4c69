// The solvers against small analytic systems written directly on the DAESystem interface,
// with no items: convergence orders against closed forms, a constrained pendulum in Cartesian
// coordinates against the minimal-coordinate equation, and refusals.
#include <gtest/gtest.h>

#include <cmath>

#include "core/evaluation/DAESystem.h"
#include "core/foundation/Errors.h"
#include "solvers/driver/SolverFactory.h"
#include "solvers/test/CartesianPendulum.h"
#include "solvers/test/OscillatorAndDecay.h"
#include "solvers/test/ZeroState.h"

namespace multidyn {
namespace {

SimulationSettings AccurateSettings(double endTime, Index steps) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.verboseMode = 0;
  settings.timeIntegration.newton.relativeTolerance = 1e-12;
  settings.timeIntegration.newton.absoluteTolerance = 1e-14;
  settings.timeIntegration.sundials.relativeTolerance = 1e-10;  // IDA, CVODE
  settings.timeIntegration.sundials.absoluteTolerance = 1e-10;
  return settings;
}

// Errors of q(T) and y(T) against q0 cos(w T), y0 exp(-rate T).
std::pair<double, double> OscillatorErrors(DynamicSolverType type, Index steps, double spectralRadius = 1.) {
  OscillatorAndDecay system;
  SimulationSettings settings = AccurateSettings(1., steps);
  settings.timeIntegration.generalizedAlpha.spectralRadius = spectralRadius;
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode2(0) = 0.3;
  state.ode1(0) = 2.;
  CreateDynamicSolver(type, system, settings, observer)->Solve(state);
  const double omega = std::sqrt(system.k / system.m);
  EXPECT_DOUBLE_EQ(state.time, 1.);
  return {std::abs(state.ode2(0) - 0.3 * std::cos(omega)), std::abs(state.ode1(0) - 2. * std::exp(-system.rate))};
}

// y_t = -y / tau_h with tau_h = h / (2 tanh(h / (2 tau))) for the solver's trapezoidal step h:
// exact steps y_T = y_0 e^{-h/tau}. Steps longer than hMaximum after tReject have a non-finite
// residual, so that the solver rejects them and changes its step size mid-solve.
class StepExactDecay : public DAESystem {
 public:
  double tau = 0.3, tReject = 0.45, hMaximum = 0.15, stepSize = 0.;
  Index NumberOfODE2() const override { return 0; }
  Index NumberOfODE1() const override { return 1; }
  Index NumberOfAE() const override { return 0; }
  void SetTrapezoidalStepSize(double h) override { stepSize = h; }
  double Rate() const { return 2. * std::tanh(stepSize / (2. * tau)) / stepSize; }
  void ComputeODE2Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeODE1Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.time > tReject && stepSize > hMaximum ? std::nan("") : s.ode1_t(0) + Rate() * s.ode1(0);
  }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState&, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, f.ode1Derivative + f.ode1Stiffness * Rate());
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix&) override {}
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

TEST(GeneralizedAlphaSolver, StepSizeDependentRatesStayExactWhenTheStepChanges) {
  StepExactDecay system;
  SimulationSettings settings = AccurateSettings(1., 5);  // h = 0.2, rejected after t = 0.45
  settings.timeIntegration.adaptiveStepRecoverySteps = 2;
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode1(0) = 2.;
  const SolverStatistics statistics =
      CreateDynamicSolver(DynamicSolverType::GeneralizedAlpha, system, settings, observer)->Solve(state);
  EXPECT_GE(statistics.rejectedSteps, 2);  // the step grows back to 0.2 and is rejected again
  EXPECT_DOUBLE_EQ(state.time, 1.);
  EXPECT_NEAR(state.ode1(0), 2. * std::exp(-1. / system.tau), 1e-12);
}

struct OrderCase {
  DynamicSolverType type;
  double order;
};

class ConvergenceOrder : public ::testing::TestWithParam<OrderCase> {};

TEST_P(ConvergenceOrder, HalvingTheStepDividesTheErrorByTwoToTheOrder) {
  const OrderCase c = GetParam();
  const auto coarse = OscillatorErrors(c.type, 200);
  const auto fine = OscillatorErrors(c.type, 400);
  const double expected = std::pow(2., c.order);
  EXPECT_NEAR(coarse.first / fine.first, expected, 0.1 * expected) << DynamicSolverTypeName(c.type) << " ODE2";
  EXPECT_NEAR(coarse.second / fine.second, expected, 0.1 * expected) << DynamicSolverTypeName(c.type) << " ODE1";
}

INSTANTIATE_TEST_SUITE_P(Solvers, ConvergenceOrder,
                         ::testing::Values(OrderCase{DynamicSolverType::GeneralizedAlpha, 2.},
                                           OrderCase{DynamicSolverType::TrapezoidalIndex2, 2.},
                                           OrderCase{DynamicSolverType::ExplicitEuler, 1.},
                                           OrderCase{DynamicSolverType::ExplicitMidpoint, 2.},
                                           OrderCase{DynamicSolverType::RK33, 3.},
                                           OrderCase{DynamicSolverType::RK44, 4.}));

TEST(ExplicitSolvers, RK67IsOfOrderSix) {
  // at 200 steps its error is round-off: 10 and 20 steps (errors ~1e-7 and ~2e-9)
  const auto coarse = OscillatorErrors(DynamicSolverType::RK67, 10);
  const auto fine = OscillatorErrors(DynamicSolverType::RK67, 20);
  EXPECT_NEAR(coarse.first / fine.first, 64., 0.15 * 64.);
  EXPECT_NEAR(coarse.second / fine.second, 64., 0.15 * 64.);
}

TEST(ExplicitSolvers, ExplicitEulerStepIsExudyns) {
  // One step of x' = f(x) from x0: q1 = q0 + h v0, v1 = v0 + h a0, y1 = y0 - h rate y0.
  OscillatorAndDecay system;
  SimulationSettings settings = AccurateSettings(0.1, 1);
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode2(0) = 0.3;
  state.ode2_t(0) = -0.2;
  state.ode1(0) = 2.;
  CreateDynamicSolver(DynamicSolverType::ExplicitEuler, system, settings, observer)->Solve(state);
  EXPECT_DOUBLE_EQ(state.ode2(0), 0.3 + 0.1 * -0.2);
  EXPECT_DOUBLE_EQ(state.ode2_t(0), -0.2 + 0.1 * (-system.k * 0.3 / system.m));
  EXPECT_DOUBLE_EQ(state.ode1(0), 2. - 0.1 * system.rate * 2.);
  // computeEndOfStepAccelerations (default): a at the end of the step
  EXPECT_DOUBLE_EQ(state.ode2_tt(0), -system.k * state.ode2(0) / system.m);
}

// q_tt = 2 q^3 (ODE2) and y_t = -y^2 + forcing cos(t) (ODE1), uncoupled: with q(0) = q_t(0) = 1
// the closed form is q = 1/(1 - t), and with forcing = 0, y = y0/(1 + y0 t).
class CubicAndQuadratic : public DAESystem {
 public:
  double forcing = 0.;
  Index NumberOfODE2() const override { return 1; }
  Index NumberOfODE1() const override { return 1; }
  Index NumberOfAE() const override { return 0; }
  static double Acceleration(double q) { return 2. * q * q * q; }
  double Rate(double t, double y) const { return -y * y + forcing * std::cos(t); }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.ode2_tt(0) - Acceleration(s.ode2(0));
  }
  void ComputeODE1Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.ode1_t(0) - Rate(s.time, s.ode1(0));
  }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState& s, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, f.mass - f.stiffness * 6. * s.ode2(0) * s.ode2(0));
    matrix.Add(1, 1, f.ode1Derivative + f.ode1Stiffness * 2. * s.ode1(0));
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override { matrix.Add(0, 0, 1.); }
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

SystemState SolveCubicAndQuadratic(DynamicSolverType type, double endTime, Index steps, double forcing) {
  CubicAndQuadratic system;
  system.forcing = forcing;
  SimulationSettings settings = AccurateSettings(endTime, steps);
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode2(0) = 1.;
  state.ode2_t(0) = 1.;
  state.ode1(0) = 2.;
  CreateDynamicSolver(type, system, settings, observer)->Solve(state);
  return state;
}

TEST(ExplicitSolvers, RK33IsOfOrderThreeOnANonlinearProblem) {
  double errorODE2[2], errorODE1[2];
  for (int refined = 0; refined < 2; ++refined) {
    const SystemState s = SolveCubicAndQuadratic(DynamicSolverType::RK33, 0.5, 50 << refined, 0.);
    errorODE2[refined] = std::abs(s.ode2(0) - 1. / (1. - 0.5));
    errorODE1[refined] = std::abs(s.ode1(0) - 2. / (1. + 2. * 0.5));
  }
  EXPECT_NEAR(errorODE2[0] / errorODE2[1], 8., 0.8);
  EXPECT_NEAR(errorODE1[0] / errorODE1[1], 8., 0.8);
}

TEST(ExplicitSolvers, RK33StepIsHeunsThirdOrderMethod) {
  // Exudyn's RK33: c = (0, 1/3, 2/3), a21 = 1/3, a32 = 2/3, b = (1/4, 0, 3/4), written out here
  // for y_t = -y^2 + cos t and for q_tt = 2 q^3 as the first-order system (q, v)_t = (v, 2 q^3).
  const double h = 0.1, t0 = 0., y0 = 2., q0 = 1., v0 = 1.;
  CubicAndQuadratic f;
  f.forcing = 1.;
  const double k1 = f.Rate(t0, y0);
  const double k2 = f.Rate(t0 + h / 3., y0 + h / 3. * k1);
  const double k3 = f.Rate(t0 + 2. * h / 3., y0 + 2. * h / 3. * k2);
  const double y1 = y0 + h / 4. * k1 + 3. * h / 4. * k3;
  const double kq1 = v0, kv1 = f.Acceleration(q0);
  const double kq2 = v0 + h / 3. * kv1, kv2 = f.Acceleration(q0 + h / 3. * kq1);
  const double kq3 = v0 + 2. * h / 3. * kv2, kv3 = f.Acceleration(q0 + 2. * h / 3. * kq2);
  const double q1 = q0 + h / 4. * kq1 + 3. * h / 4. * kq3, v1 = v0 + h / 4. * kv1 + 3. * h / 4. * kv3;
  const SystemState s = SolveCubicAndQuadratic(DynamicSolverType::RK33, h, 1, 1.);
  EXPECT_NEAR(s.ode1(0), y1, 1e-15);
  EXPECT_NEAR(s.ode2(0), q1, 1e-15);
  EXPECT_NEAR(s.ode2_t(0), v1, 1e-15);
  // Kutta's third-order method (RK33 until 2026-12) differs from it by O(h^4): the comparison above can fail
  const double kutta2 = f.Rate(t0 + h / 2., y0 + h / 2. * k1);
  const double kutta3 = f.Rate(t0 + h, y0 - h * k1 + 2. * h * kutta2);
  EXPECT_GT(std::abs(y1 - (y0 + h / 6. * (k1 + 4. * kutta2 + kutta3))), 1e-6);
}

// The oscillator with M declared constant: explicit solvers factorize it once per solve when
// reuseConstantMassMatrix is set, with the same result as factorizing it at every stage.
class ConstantMassOscillator : public OscillatorAndDecay {
 public:
  bool MassMatrixIsConstant() const override { return true; }
};

TEST(ExplicitSolvers, ConstantMassMatrixIsFactorizedOnce) {
  SolverObserver observer;
  SystemState results[2];
  Index factorizations[2];
  for (int reuse = 0; reuse < 2; ++reuse) {
    ConstantMassOscillator system;
    SimulationSettings settings = AccurateSettings(1., 50);
    settings.timeIntegration.reuseConstantMassMatrix = reuse == 1;
    results[reuse] = ZeroState(system);
    results[reuse].ode2(0) = 0.3;
    results[reuse].ode1(0) = 2.;
    factorizations[reuse] =
        CreateDynamicSolver(DynamicSolverType::RK44, system, settings, observer)->Solve(results[reuse]).factorizations;
  }
  EXPECT_EQ(factorizations[1], 1);
  EXPECT_GE(factorizations[0], 4 * 50);  // four stages per step
  EXPECT_EQ(results[0].ode2(0), results[1].ode2(0));
  EXPECT_EQ(results[0].ode2_t(0), results[1].ode2_t(0));
  // a mass matrix not declared constant is factorized at every stage whatever the setting
  OscillatorAndDecay varying;
  SimulationSettings settings = AccurateSettings(1., 50);
  SystemState state = ZeroState(varying);
  EXPECT_GE(CreateDynamicSolver(DynamicSolverType::RK44, varying, settings, observer)->Solve(state).factorizations,
            200);
}

TEST(ExplicitSolvers, RefuseConstraintsWithTheSystemsReason) {
  CartesianPendulum system;
  SolverObserver observer;
  try {
    CreateDynamicSolver(DynamicSolverType::RK44, system, AccurateSettings(1., 10), observer);
    FAIL() << "expected ValueError";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("RK44"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("algebraic equations"), std::string::npos) << e.what();
  }
}

TEST(SolverFactory, UnsupportedTypesAreNamed) {
  OscillatorAndDecay system;
  SolverObserver observer;
  try {
    CreateDynamicSolver(DynamicSolverType(99), system, AccurateSettings(1., 10), observer);
    FAIL() << "expected ValueError";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("DynamicSolverType(99) is not supported"), std::string::npos) << e.what();
  }
}

class PendulumSolvers : public ::testing::TestWithParam<DynamicSolverType> {};

TEST_P(PendulumSolvers, FollowsTheMinimalCoordinateSolutionAndKeepsTheConstraint) {
  CartesianPendulum system;
  const double theta0 = 0.7;
  SolverObserver observer;
  for (const char* linearSolver : {"EigenDense", "EigenSparse"}) {
    SimulationSettings settings = AccurateSettings(1., 2000);
    settings.linearSolverType = linearSolver;
    SystemState state = ZeroState(system);
    state.ode2 << system.L * std::sin(theta0), -system.L * std::cos(theta0);
    CreateDynamicSolver(GetParam(), system, settings, observer)->Solve(state);
    const double theta = std::atan2(state.ode2(0), -state.ode2(1));
    EXPECT_NEAR(theta, PendulumAngle(theta0, system.gravity, system.L, 1.), 2e-5) << linearSolver;
    if (GetParam() == DynamicSolverType::GeneralizedAlpha)  // index 3: the constraint itself holds
      EXPECT_NEAR(state.ode2.norm(), system.L, 1e-10) << linearSolver;
    // The multiplier is the rod force / (2 L): tension = m (g cos(theta) + L theta_t^2).
    const double theta_t =
        (state.ode2(0) * state.ode2_t(1) - state.ode2(1) * state.ode2_t(0)) / state.ode2.squaredNorm();
    const double tension = system.m * (system.gravity * std::cos(theta) + system.L * theta_t * theta_t);
    EXPECT_NEAR(2. * state.ae(0) * system.L, tension, 1e-3 * tension) << linearSolver;
  }
}

INSTANTIATE_TEST_SUITE_P(Implicit, PendulumSolvers,
                         ::testing::Values(DynamicSolverType::GeneralizedAlpha, DynamicSolverType::TrapezoidalIndex2,
                                           DynamicSolverType::IDA, DynamicSolverType::CVODE));

}  // namespace
}  // namespace multidyn
