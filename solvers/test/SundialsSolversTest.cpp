// SUNDIALS IDA and CVODE on analytic systems written directly on the DAESystem interface: the
// error against closed forms and an independent reference follows the tolerance, the stabilised
// index-2 form keeps both constraint levels, and bad settings or systems are refused before the
// first step.
#include <gtest/gtest.h>

#include <cmath>

#include "core/foundation/Errors.h"
#include "solvers/driver/SolverFactory.h"
#include "solvers/test/CartesianPendulum.h"
#include "solvers/test/OscillatorAndDecay.h"
#include "solvers/test/ZeroState.h"

namespace multidyn {
namespace {

// Counts the observer calls (the outputs are the numberOfSteps points, and the initial state).
class CountingObserver : public SolverObserver {
 public:
  Index accepted = 0;
  double lastTime = -1.;
  void OnStepAccepted(const SystemState& state, double, Index) override {
    ++accepted;
    lastTime = state.time;
  }
};

SimulationSettings SundialsSettingsFor(double tolerance, double endTime = 1., Index outputs = 10) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = outputs;
  settings.timeIntegration.sundials.relativeTolerance = tolerance;
  settings.timeIntegration.sundials.absoluteTolerance = tolerance;
  return settings;
}

class SundialsTolerance : public ::testing::TestWithParam<DynamicSolverType> {};

// m q_tt + k q = 0 and y_t = -rate y against q0 cos(w t) and y0 exp(-rate t): the global error at
// t = 1 (about a third of a period) falls with the tolerance and stays within a small multiple of
// it (measured: IDA below 10 x tolerance down to 1e-8 and 14 x at 1e-10; CVODE 10.3 x at 1e-8,
// 24 x at 1e-10: global errors of a local error control).
TEST_P(SundialsTolerance, OscillatorErrorFollowsTheTolerance) {
  OscillatorAndDecay system;
  SolverObserver observer;
  const double omega = std::sqrt(system.k / system.m);
  double previousError = 1.;
  for (double tolerance : {1e-4, 1e-6, 1e-8, 1e-10}) {
    SystemState state = ZeroState(system);
    state.ode2(0) = 1.;
    state.ode1(0) = 1.;
    const SolverStatistics statistics =
        CreateDynamicSolver(GetParam(), system, SundialsSettingsFor(tolerance), observer)->Solve(state);
    const double error =
        std::max(std::abs(state.ode2(0) - std::cos(omega)), std::abs(state.ode1(0) - std::exp(-system.rate)));
    EXPECT_LT(error, (tolerance > 1e-9 && GetParam() == DynamicSolverType::IDA ? 10. : 30.) * tolerance)
        << "tolerance " << tolerance;
    EXPECT_LT(error, previousError) << "tolerance " << tolerance;
    EXPECT_DOUBLE_EQ(state.time, 1.);
    EXPECT_GT(statistics.steps, 0);
    EXPECT_GT(statistics.residualEvaluations, statistics.steps);
    EXPECT_GE(statistics.lastOrder, 1);
    previousError = error;
  }
}

// The pendulum in Cartesian coordinates against the minimal-coordinate equation (RK4, 20000
// steps): the error stays within 10 x the tolerance with IDA, 100 x with CVODE (measured 47 x at
// 1e-6: its error estimate projected onto the constraints, docs/solvers/Sundials.md); IDA keeps both constraint levels
// to its Newton tolerance (GGL; measured 0.015..0.03 x tolerance on g), CVODE to its projection tolerance (0.01
// absoluteTolerance on g).
TEST_P(SundialsTolerance, PendulumErrorFollowsTheToleranceAndTheConstraintsHold) {
  CartesianPendulum system;
  SolverObserver observer;
  const double theta0 = 0.7;
  const double reference = PendulumAngle(theta0, system.gravity, system.L, 1.);
  for (double tolerance : {1e-4, 1e-6, 1e-8, 1e-10}) {
    SystemState state = ZeroState(system);
    state.ode2 << system.L * std::sin(theta0), -system.L * std::cos(theta0);
    CreateDynamicSolver(GetParam(), system, SundialsSettingsFor(tolerance), observer)->Solve(state);
    const double theta = std::atan2(state.ode2(0), -state.ode2(1));
    const bool ida = GetParam() == DynamicSolverType::IDA;
    EXPECT_LT(std::abs(theta - reference), (ida ? 10. : 100.) * tolerance) << "tolerance " << tolerance;
    EXPECT_LT(std::abs(state.ode2.norm() - system.L), (ida ? 1e-1 : 1e-2) * tolerance)
        << "position drift at tolerance " << tolerance;
    EXPECT_LT(std::abs(state.ode2.dot(state.ode2_t)), 10. * tolerance) << "velocity drift at tolerance " << tolerance;
    // The multiplier is the rod force / (2 L): tension = m (g cos(theta) + L theta_t^2).
    const double theta_t =
        (state.ode2(0) * state.ode2_t(1) - state.ode2(1) * state.ode2_t(0)) / state.ode2.squaredNorm();
    const double tension = system.m * (system.gravity * std::cos(theta) + system.L * theta_t * theta_t);
    EXPECT_NEAR(2. * state.ae(0) * system.L, tension, 1e-3 * tension + 100. * tolerance);
  }
}

INSTANTIATE_TEST_SUITE_P(Sundials, SundialsTolerance,
                         ::testing::Values(DynamicSolverType::IDA, DynamicSolverType::CVODE));

TEST(SundialsSolvers, OutputsAreTheStepPointsByInterpolation) {
  OscillatorAndDecay system;
  CountingObserver observer;
  SystemState state = ZeroState(system);
  state.ode2(0) = 1.;
  const SolverStatistics statistics =
      CreateDynamicSolver(DynamicSolverType::IDA, system, SundialsSettingsFor(1e-8, 1., 100), observer)->Solve(state);
  EXPECT_EQ(observer.accepted, 100);
  EXPECT_DOUBLE_EQ(observer.lastTime, 1.);
  EXPECT_LT(statistics.steps, 100) << "IDA's own steps are not shortened to the outputs";
}

TEST(SundialsSolvers, BadTolerancesAreRefusedBeforeTheFirstStep) {
  OscillatorAndDecay system;
  SolverObserver observer;
  for (DynamicSolverType type : {DynamicSolverType::IDA, DynamicSolverType::CVODE}) {
    SimulationSettings settings = SundialsSettingsFor(1e-6);
    settings.timeIntegration.sundials.relativeTolerance = -1e-6;
    try {
      CreateDynamicSolver(type, system, settings, observer);
      FAIL() << "expected ValueError";
    } catch (const ValueError& e) {
      EXPECT_NE(std::string(e.what()).find("timeIntegration.sundials.relativeTolerance"), std::string::npos)
          << e.what();
    }
    settings = SundialsSettingsFor(1e-6);
    settings.timeIntegration.sundials.maximumOrder = 13;
    EXPECT_THROW(CreateDynamicSolver(type, system, settings, observer), ValueError);
    settings = SundialsSettingsFor(1e-6);
    settings.timeIntegration.sundials.linearSolver = "banded";
    EXPECT_THROW(CreateDynamicSolver(type, system, settings, observer), ValueError);
  }
}

TEST(SundialsSolvers, CvodeRefusesConstraintsWithoutProjection) {
  CartesianPendulum system;
  SolverObserver observer;
  SimulationSettings settings = SundialsSettingsFor(1e-6);
  settings.timeIntegration.sundials.linearSolver = "fixedPoint";  // Adams: no projection in CVODE
  try {
    CreateDynamicSolver(DynamicSolverType::CVODE, system, settings, observer);
    FAIL() << "expected ValueError";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("algebraic equations"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("rod constraint"), std::string::npos) << e.what();
  }
}

TEST(SundialsSolvers, AdamsSolvesANonStiffOscillator) {
  OscillatorAndDecay system;
  SolverObserver observer;
  SimulationSettings settings = SundialsSettingsFor(1e-9);
  settings.timeIntegration.sundials.linearSolver = "fixedPoint";
  settings.timeIntegration.sundials.maximumOrder = 12;
  SystemState state = ZeroState(system);
  state.ode2(0) = 1.;
  CreateDynamicSolver(DynamicSolverType::CVODE, system, settings, observer)->Solve(state);
  EXPECT_NEAR(state.ode2(0), std::cos(std::sqrt(system.k / system.m)), 2e-8);  // measured 1.1e-8
}

// Positions off the circle and velocities off the velocity constraint are projected onto them
// before the first step, and IDA keeps them there; positions that cannot be projected (the
// origin, where C_q = 0) are an error before the first step.
TEST(SundialsSolvers, InconsistentInitialValuesAreProjectedOrRefused) {
  CartesianPendulum system;
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode2 << 1.1 * system.L * std::sin(0.7), -1.1 * system.L * std::cos(0.7);  // 10 % off the circle
  state.ode2_t << 1., 1.;  // a radial component
  CreateDynamicSolver(DynamicSolverType::IDA, system, SundialsSettingsFor(1e-8, 1.), observer)->Solve(state);
  EXPECT_NEAR(state.ode2.norm(), system.L, 1e-9);
  EXPECT_NEAR(state.ode2.dot(state.ode2_t), 0., 1e-8);
  SystemState bad = ZeroState(system);  // q = 0: C_q = 0, singular
  try {
    CreateDynamicSolver(DynamicSolverType::IDA, system, SundialsSettingsFor(1e-8, 0.1), observer)->Solve(bad);
    FAIL() << "expected SolverError";
  } catch (const SolverError& e) {
    EXPECT_NE(std::string(e.what()).find("consistent initial values"), std::string::npos) << e.what();
    EXPECT_EQ(bad.time, 0.);
  }
}

// A residual that becomes non-finite beyond t = 0.5 makes IDA fail: the message has time, step size
// and the flag in words, and the state is IDA's last accepted step before the failure.
class BreaksAfterHalfTime : public OscillatorAndDecay {
 public:
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    OscillatorAndDecay::ComputeODE2Residual(s, r);
    if (s.time > 0.5) r(0) = std::nan("");
  }
};

TEST(SundialsSolvers, FailureKeepsTheLastAcceptedStepAndSaysWhy) {
  BreaksAfterHalfTime system;
  SolverObserver observer;
  SystemState state = ZeroState(system);
  state.ode2(0) = 1.;
  try {
    CreateDynamicSolver(DynamicSolverType::IDA, system, SundialsSettingsFor(1e-8), observer)->Solve(state);
    FAIL() << "expected SolverError";
  } catch (const SolverError& e) {
    const std::string text = e.what();
    EXPECT_NE(text.find("IDA failed at t="), std::string::npos) << text;
    EXPECT_NE(text.find("step size h="), std::string::npos) << text;
    EXPECT_NE(text.find("IDA_"), std::string::npos) << text;
  }
  EXPECT_GT(state.time, 0.49);
  EXPECT_LE(state.time, 0.5);
  EXPECT_NEAR(state.ode2(0), std::cos(std::sqrt(system.k / system.m) * state.time), 1e-5);
}

}  // namespace
}  // namespace multidyn
