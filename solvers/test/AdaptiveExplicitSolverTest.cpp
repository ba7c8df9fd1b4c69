// The embedded Runge-Kutta pairs ODE23, DOPRI5 and DVERK6 with Exudyn's automatic step size
// control, on analytic systems written on the DAESystem interface: the orders of both weights of
// each pair against closed forms, the global error against the tolerance, the step-size rule
// recomputed here from the scalar linear test equation, rejections, statistics and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/evaluation/DAESystem.h"
#include "core/foundation/Errors.h"
#include "solvers/driver/SolverFactory.h"
#include "solvers/integrators/ButcherTableau.h"
#include "solvers/integrators/ExplicitSolver.h"
#include "solvers/test/OscillatorAndDecay.h"
#include "solvers/test/ZeroState.h"

namespace multidyn {
namespace {

// y_t = lambda y only (ODE1): the scalar test equation of the step-size rule.
class LinearDecay : public DAESystem {
 public:
  double lambda = -3.;
  Index NumberOfODE2() const override { return 0; }
  Index NumberOfODE1() const override { return 1; }
  Index NumberOfAE() const override { return 0; }
  void ComputeODE2Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeODE1Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.ode1_t(0) - lambda * s.ode1(0);
  }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState&, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, f.ode1Derivative - f.ode1Stiffness * lambda);
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix&) override {}
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

// A point on a rod: one algebraic equation.
class Constrained : public OscillatorAndDecay {
 public:
  Index NumberOfAE() const override { return 1; }
  void ComputeAlgebraicResidual(const SystemState& s, bool, VectorX& g) override {
    g.resize(1);
    g(0) = s.ae(0);
  }
};

// Records accepted steps (start time, size) and warnings.
class StepRecorder : public SolverObserver {
 public:
  std::vector<double> times, sizes;
  std::vector<std::string> warnings;
  void OnStart(const SystemState& state) override { times.push_back(state.time); }
  void OnStepAccepted(const SystemState& state, double h, Index) override {
    times.push_back(state.time);
    sizes.push_back(h);
  }
  void Warn(const std::string& text) override { warnings.push_back(text); }
};

// y(0) = 1 solved by `type`, the steps recorded
SolverStatistics SolveDecay(DynamicSolverType type, LinearDecay& system, const SimulationSettings& settings,
                            StepRecorder& recorder, SystemState& state) {
  auto solver = CreateDynamicSolver(type, system, settings, recorder);
  state = ZeroState(system);
  state.ode1(0) = 1.;
  return solver->Solve(state);
}

SimulationSettings ToleranceSettings(double endTime, Index steps, double tolerance) {
  SimulationSettings settings;
  settings.timeIntegration.endTime = endTime;
  settings.timeIntegration.numberOfSteps = steps;
  settings.timeIntegration.absoluteTolerance = tolerance;
  settings.timeIntegration.relativeTolerance = tolerance;
  return settings;
}

struct Errors {
  double ode2, ode1;
  SolverStatistics statistics;
};

Errors OscillatorErrors(ExplicitSolver& solver, OscillatorAndDecay& system, double endTime) {
  SystemState state = ZeroState(system);
  state.ode2(0) = 0.3;
  state.ode1(0) = 2.;
  const SolverStatistics statistics = solver.Solve(state);
  EXPECT_DOUBLE_EQ(state.time, endTime);
  // ODE2: the error of (q, q_t / w), which does not pass through zero as the phase error grows
  const double w = std::sqrt(system.k / system.m);
  const double eq = state.ode2(0) - 0.3 * std::cos(w * endTime), ev = state.ode2_t(0) / w + 0.3 * std::sin(w * endTime);
  return {std::hypot(eq, ev), std::abs(state.ode1(0) - 2. * std::exp(-system.rate * endTime)), statistics};
}

// Fixed steps with the tableau's weights b, or with its embedded weights as the step's.
Errors FixedStepErrors(DynamicSolverType type, bool embedded, Index steps) {
  ButcherTableau tableau = ButcherTableauFor(type);
  if (embedded) tableau.b = tableau.bEmbedded;
  tableau.bEmbedded.clear();
  OscillatorAndDecay system;
  SimulationSettings settings = ToleranceSettings(1., steps, 1e-8);
  SolverObserver observer;
  ExplicitSolver solver(tableau, system, settings, observer);
  return OscillatorErrors(solver, system, 1.);
}

struct PairCase {
  DynamicSolverType type;
  double order, embeddedOrder;
  Index steps;  // coarse number of steps, errors well above round-off at twice as many
};

class EmbeddedPairs : public ::testing::TestWithParam<PairCase> {};

TEST_P(EmbeddedPairs, BothWeightsConvergeWithTheirOrder) {
  const PairCase c = GetParam();
  for (bool embedded : {false, true}) {
    const double order = embedded ? c.embeddedOrder : c.order;
    const Errors coarse = FixedStepErrors(c.type, embedded, c.steps);
    const Errors fine = FixedStepErrors(c.type, embedded, 2 * c.steps);
    const double expected = std::pow(2., order);
    const std::string what = DynamicSolverTypeName(c.type) + (embedded ? " embedded" : "");
    EXPECT_NEAR(coarse.ode2 / fine.ode2, expected, 0.15 * expected) << what << " ODE2";
    EXPECT_NEAR(coarse.ode1 / fine.ode1, expected, 0.15 * expected) << what << " ODE1";
  }
}

TEST_P(EmbeddedPairs, TheGlobalErrorFollowsTheTolerance) {
  // over one period of the oscillator the global error stays below 20 times the tolerance,
  // and a 1e3 times smaller tolerance gives a clearly smaller error and more steps
  const PairCase c = GetParam();
  const double endTime = 2. * M_PI / std::sqrt(4.);
  double lastError = 1.;
  Index lastSteps = 0;
  for (double tolerance : {1e-4, 1e-7, 1e-10}) {
    OscillatorAndDecay system;
    SimulationSettings settings = ToleranceSettings(endTime, 1, tolerance);
    settings.timeIntegration.minimumStepSize = 1e-12;
    SolverObserver observer;
    auto solver = CreateDynamicSolver(c.type, system, settings, observer);
    const Errors e = OscillatorErrors(static_cast<ExplicitSolver&>(*solver), system, endTime);
    const double error = std::max(e.ode2, e.ode1);
    EXPECT_LT(error, 20. * tolerance) << DynamicSolverTypeName(c.type) << " tolerance " << tolerance;
    EXPECT_LT(error, 0.2 * lastError) << DynamicSolverTypeName(c.type) << " tolerance " << tolerance;
    EXPECT_GT(e.statistics.steps, lastSteps) << DynamicSolverTypeName(c.type);
    lastError = error;
    lastSteps = e.statistics.steps;
  }
}

INSTANTIATE_TEST_SUITE_P(Solvers, EmbeddedPairs,
                         ::testing::Values(PairCase{DynamicSolverType::ODE23, 3., 2., 100},
                                           PairCase{DynamicSolverType::DOPRI5, 5., 4., 20},
                                           PairCase{DynamicSolverType::DVERK6, 6., 5., 10}),
                         [](const ::testing::TestParamInfo<PairCase>& info) {
                           return DynamicSolverTypeName(info.param.type);
                         });

// One step of the tableau on y_t = lambda y from y: the solution and the embedded one, from the
// stage values k_i = lambda (y + h sum_j a_ij k_j), written here independently of the solver.
std::pair<double, double> LinearStep(const ButcherTableau& t, double lambda, double y, double h) {
  std::vector<double> k(t.Stages());
  double solution = y, embedded = y;
  for (Index i = 0; i < t.Stages(); ++i) {
    double stage = y;
    for (Index j = 0; j < i; ++j) stage += h * t.a[i][j] * k[j];
    k[i] = lambda * stage;
    solution += h * t.b[i] * k[i];
    embedded += h * t.bEmbedded[i] * k[i];
  }
  return {solution, embedded};
}

TEST(AutomaticStepSize, FollowsExudynsRuleStepByStep) {
  // DOPRI5 on y_t = -3 y from the default initial step (the largest, 0.5), against the rule
  // run here on the scalar steps: err = |y^ - y| / (atol + max(y^, y0) rtol),
  // h_opt = h err^(-1/5), h_new = min(hMax, 2 h, max(hMin, 0.9 h_opt)), rejected if h_opt < h,
  // the step clipped to end at endTime.
  LinearDecay system;
  const double atol = 1e-6, rtol = 1e-3, hMax = 0.5, endTime = 2.;
  SimulationSettings settings = ToleranceSettings(endTime, 4, atol);
  settings.timeIntegration.relativeTolerance = rtol;
  StepRecorder recorder;
  SystemState state;
  const SolverStatistics statistics = SolveDecay(DynamicSolverType::DOPRI5, system, settings, recorder, state);

  const ButcherTableau tableau = ButcherTableauFor(DynamicSolverType::DOPRI5);
  std::vector<double> sizes;
  Index rejected = 0;
  double y = 1., t = 0., h = hMax;
  while (t < endTime - 1e-10) {
    h = std::min(h, endTime - t);
    const auto [next, embedded] = LinearStep(tableau, system.lambda, y, h);
    const double err = std::abs(embedded - next) / (atol + std::max(embedded, y) * rtol);
    const double hOptimal = h * std::pow(1. / err, 1. / 5.);
    const double hNew = std::min(std::min(hMax, 2. * h), std::max(1e-8, 0.9 * hOptimal));
    if (hOptimal < h) {
      ++rejected;
    } else {
      sizes.push_back(h);
      y = next;
      t += h;
    }
    h = hNew;
  }
  EXPECT_GE(rejected, 1);  // the first try
  EXPECT_EQ(statistics.rejectedSteps, rejected);
  ASSERT_EQ(recorder.sizes.size(), sizes.size());
  EXPECT_EQ(statistics.steps, Index(sizes.size()));
  for (size_t s = 0; s < sizes.size(); ++s) EXPECT_NEAR(recorder.sizes[s], sizes[s], 1e-13 * sizes[s]) << "step " << s;
  EXPECT_DOUBLE_EQ(state.time, endTime);
  EXPECT_NEAR(state.ode1(0), y, 1e-14);
  EXPECT_NEAR(state.ode1(0), std::exp(system.lambda * endTime), 1e-5);
}

TEST(AutomaticStepSize, InitialStepSizeAndTheLargestStep) {
  // a loose tolerance: the first step is initialStepSize, then the steps double up to
  // (endTime - startTime) / numberOfSteps, and the last step ends at endTime
  LinearDecay system;
  SimulationSettings settings = ToleranceSettings(1., 10, 1e-2);
  settings.timeIntegration.initialStepSize = 0.01;
  StepRecorder recorder;
  SystemState state;
  const SolverStatistics statistics = SolveDecay(DynamicSolverType::DVERK6, system, settings, recorder, state);
  EXPECT_EQ(statistics.rejectedSteps, 0);
  ASSERT_GE(recorder.sizes.size(), 5u);
  EXPECT_DOUBLE_EQ(recorder.sizes[0], 0.01);
  EXPECT_DOUBLE_EQ(recorder.sizes[1], 0.02);
  EXPECT_DOUBLE_EQ(recorder.sizes[2], 0.04);
  for (double h : recorder.sizes) EXPECT_LE(h, 0.1 * (1. + 1e-15));
  EXPECT_DOUBLE_EQ(state.time, 1.);
  EXPECT_DOUBLE_EQ(recorder.times.back(), 1.);
}

TEST(AutomaticStepSize, OffGivesFixedSteps) {
  LinearDecay system;
  SimulationSettings settings = ToleranceSettings(1., 25, 1e-12);
  settings.timeIntegration.automaticStepSize = false;
  StepRecorder recorder;
  SystemState state;
  const SolverStatistics statistics = SolveDecay(DynamicSolverType::ODE23, system, settings, recorder, state);
  EXPECT_EQ(statistics.steps, 25);
  EXPECT_EQ(statistics.rejectedSteps, 0);
  for (double h : recorder.sizes) EXPECT_DOUBLE_EQ(h, 0.04);
}

TEST(AutomaticStepSize, TheMinimumStepSizeIsWarnedOnceAndTheSolveEnds) {
  // a tolerance no step of at least minimumStepSize meets (a growing solution, so that the
  // relative error stays large)
  LinearDecay system;
  system.lambda = 5.;
  SimulationSettings settings = ToleranceSettings(1., 1, 1e-14);
  settings.timeIntegration.minimumStepSize = 0.01;
  StepRecorder recorder;
  SystemState state;
  const SolverStatistics statistics = SolveDecay(DynamicSolverType::ODE23, system, settings, recorder, state);
  ASSERT_EQ(recorder.warnings.size(), 1u);
  EXPECT_NE(recorder.warnings[0].find("minimumStepSize"), std::string::npos) << recorder.warnings[0];
  EXPECT_DOUBLE_EQ(state.time, 1.);
  // the first try (the whole interval) is repeated with minimumStepSize, then every step is one
  EXPECT_GE(statistics.rejectedSteps, 1);
  EXPECT_GE(statistics.steps, 100);
  EXPECT_LE(statistics.steps, 101);
  for (size_t s = 0; s + 1 < recorder.sizes.size(); ++s) EXPECT_DOUBLE_EQ(recorder.sizes[s], 0.01);
}

TEST(AutomaticStepSize, ConstraintsAreRefusedAsByTheFixedStepSolvers) {
  Constrained system;
  SolverObserver observer;
  for (DynamicSolverType type : {DynamicSolverType::ODE23, DynamicSolverType::DOPRI5, DynamicSolverType::DVERK6}) {
    try {
      CreateDynamicSolver(type, system, ToleranceSettings(1., 10, 1e-6), observer);
      ADD_FAILURE() << "expected ValueError";
    } catch (const ValueError& e) {
      EXPECT_NE(std::string(e.what()).find(DynamicSolverTypeName(type)), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("algebraic equations"), std::string::npos) << e.what();
    }
  }
}

TEST(AutomaticStepSize, BadSettingsAreNamed) {
  struct Bad {
    const char* name;
    void (*set)(TimeIntegrationSettings&);
  };
  const Bad bad[] = {
      {"absoluteTolerance", [](TimeIntegrationSettings& t) { t.absoluteTolerance = 0.; }},
      {"relativeTolerance", [](TimeIntegrationSettings& t) { t.relativeTolerance = -1.; }},
      {"minimumStepSize", [](TimeIntegrationSettings& t) { t.minimumStepSize = 0.; }},
      {"initialStepSize", [](TimeIntegrationSettings& t) { t.initialStepSize = -0.1; }},
      {"stepSizeSafety", [](TimeIntegrationSettings& t) { t.stepSizeSafety = 1.5; }},
      {"stepSizeMaxIncrease", [](TimeIntegrationSettings& t) { t.stepSizeMaxIncrease = 0.5; }},
  };
  LinearDecay system;
  SolverObserver observer;
  for (const Bad& b : bad) {
    SimulationSettings settings = ToleranceSettings(1., 10, 1e-6);
    b.set(settings.timeIntegration);
    try {
      CreateDynamicSolver(DynamicSolverType::DOPRI5, system, settings, observer);
      ADD_FAILURE() << "expected ValueError for " << b.name;
    } catch (const ValueError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("timeIntegration.") + b.name), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("DOPRI5"), std::string::npos) << e.what();
    }
    // without automatic step size the settings are not used, so not checked
    settings.timeIntegration.automaticStepSize = false;
    EXPECT_NO_THROW(CreateDynamicSolver(DynamicSolverType::DOPRI5, system, settings, observer));
  }
}

}  // namespace
}  // namespace multidyn
