// The static solver against small analytic systems written directly on the DAESystem
// interface: equilibria in closed form (a cubic spring by Cardano's formula, a linear
// constrained pair, the stabilizer's recurrence), the load factors of arithmetic and geometric
// load steps, the adaptive reduction of a load step that Newton cannot take, and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/evaluation/DAESystem.h"
#include "core/foundation/Errors.h"
#include "solvers/integrators/StaticSolver.h"
#include "solvers/test/ZeroState.h"

namespace multidyn {
namespace {

// A one-coordinate system r(q, lambda_F) = f(q) - loadFactor F (plus a mass m for the stabilizer
// and a damper d whose force the static solver evaluates at the given velocity); records the
// load factors it is given.
class OneCoordinate : public DAESystem {
 public:
  enum class Law { Cubic, ArctanOffset };  // f = k q + c q^3, or r = atan(q - loadFactor F)
  Law law = Law::Cubic;
  double k = 100., c = 1e4, F = 50., m = 2., d = 3.;
  double loadFactor = 1.;
  std::vector<double> loadFactors;
  Index NumberOfODE2() const override { return 1; }
  Index NumberOfODE1() const override { return 0; }
  Index NumberOfAE() const override { return 0; }
  void SetLoadFactor(double factor) override {
    loadFactor = factor;
    loadFactors.push_back(factor);
  }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    const double q = s.ode2(0);
    r.resize(1);
    if (law == Law::Cubic)
      r(0) = m * s.ode2_tt(0) + d * s.ode2_t(0) + k * q + c * q * q * q - loadFactor * F;
    else
      r(0) = std::atan(q - loadFactor * F);
  }
  void ComputeODE1Residual(const SystemState&, VectorX& r) override { r.resize(0); }
  void ComputeAlgebraicResidual(const SystemState&, bool, VectorX& r) override { r.resize(0); }
  void ComputeJacobian(const SystemState& s, const JacobianFactors& f, SystemMatrix& matrix) override {
    const double q = s.ode2(0);
    const double stiffness = law == Law::Cubic ? k + 3. * c * q * q : 1. / (1. + std::pow(q - loadFactor * F, 2));
    matrix.Add(0, 0, f.mass * m + f.stiffness * stiffness + f.damping * d);
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix& matrix) override { matrix.Add(0, 0, m); }
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.resize(0); }
};

// Two coordinates on springs k0, k1 under loads F0, F1 and tied by g = q1 - q0 - gap, plus an
// ODE1 coordinate y_t = -y that the static solver holds at its initial value:
//   r0 = k0 q0 - lambda - lf F0,  r1 = k1 q1 + lambda - lf F1,  r_y = y_t + y.
class TiedPair : public DAESystem {
 public:
  double k0 = 300., k1 = 500., F0 = 20., F1 = -7., gap = 0.1, loadFactor = 1.;
  std::vector<double> firstMultipliers;  // the multiplier of the first residual after each new load factor
  bool newLoadFactor = false;
  Index NumberOfODE2() const override { return 2; }
  Index NumberOfODE1() const override { return 1; }
  Index NumberOfAE() const override { return 1; }
  void SetLoadFactor(double factor) override {
    loadFactor = factor;
    newLoadFactor = true;
  }
  void ComputeODE2Residual(const SystemState& s, VectorX& r) override {
    if (newLoadFactor) firstMultipliers.push_back(s.ae(0));
    newLoadFactor = false;
    r.resize(2);
    r(0) = k0 * s.ode2(0) - s.ae(0) - loadFactor * F0;
    r(1) = k1 * s.ode2(1) + s.ae(0) - loadFactor * F1;
  }
  void ComputeODE1Residual(const SystemState& s, VectorX& r) override {
    r.resize(1);
    r(0) = s.ode1_t(0) + s.ode1(0);
  }
  void ComputeAlgebraicResidual(const SystemState& s, bool, VectorX& g) override {
    g.resize(1);
    g(0) = s.ode2(1) - s.ode2(0) - gap;
  }
  void ComputeJacobian(const SystemState&, const JacobianFactors& f, SystemMatrix& matrix) override {
    matrix.Add(0, 0, f.stiffness * k0);
    matrix.Add(1, 1, f.stiffness * k1);
    matrix.Add(2, 2, f.ode1Derivative + f.ode1Stiffness);
    matrix.Add(0, 3, -f.multiplierColumns);
    matrix.Add(1, 3, f.multiplierColumns);
    matrix.Add(3, 0, -f.constraintRows);
    matrix.Add(3, 1, f.constraintRows);
  }
  void ComputeMassMatrix(const SystemState&, SystemMatrix&) override {}
  void ComputeConstraintAccelerationTerm(const SystemState&, VectorX& h) override { h.setZero(1); }
  // The equilibrium at a load factor: k0 q0 - lambda = lf F0, k1 (q0 + gap) + lambda = lf F1.
  double EquilibriumQ0(double factor) const { return (factor * (F0 + F1) - k1 * gap) / (k0 + k1); }
  double EquilibriumLambda(double factor) const { return k0 * EquilibriumQ0(factor) - factor * F0; }
};

// Records the accepted states and the pre-step times.
class Recorder : public SolverObserver {
 public:
  std::vector<SystemState> accepted;
  std::vector<double> stepEndTimes;
  void OnStart(const SystemState& state) override { accepted.push_back(state); }
  bool OnStepStart(const SystemState&, double stepEndTime, double) override {
    stepEndTimes.push_back(stepEndTime);
    return true;
  }
  void OnStepAccepted(const SystemState& state, double, Index) override { accepted.push_back(state); }
};

// The real root of k q + c q^3 = load (Cardano: one real root for k, c > 0).
double CubicRoot(double k, double c, double load) {
  const double p = k / c, halfQ = -load / (2. * c);
  const double root = std::sqrt(halfQ * halfQ + p * p * p / 27.);
  return std::cbrt(-halfQ + root) + std::cbrt(-halfQ - root);
}

// Newton tolerances far below the default (1e-8 relative), so that the comparisons see the
// equilibrium, not where Newton stopped.
SimulationSettings StaticSettings(Index loadSteps) {
  SimulationSettings settings;
  settings.staticSolver.numberOfLoadSteps = loadSteps;
  settings.staticSolver.verboseMode = 0;
  settings.staticSolver.newton.relativeTolerance = 1e-14;
  settings.staticSolver.newton.absoluteTolerance = 1e-13;
  return settings;
}

TEST(StaticSolver, CubicSpringInArithmeticLoadStepsReachesCardanosRootAtEveryStep) {
  OneCoordinate system;
  system.d = 0.;
  Recorder recorder;
  StaticSolver solver(system, StaticSettings(5), recorder);
  SystemState state = ZeroState(system);
  const SolverStatistics statistics = solver.Solve(state);
  EXPECT_EQ(statistics.steps, 5);
  EXPECT_EQ(statistics.rejectedSteps, 0);
  ASSERT_EQ(recorder.accepted.size(), 6u);  // the start and every load step
  for (int i = 1; i <= 5; ++i) {
    EXPECT_NEAR(recorder.stepEndTimes[i - 1], 0.2 * i, 1e-15);
    EXPECT_NEAR(recorder.accepted[i].time, 0.2 * i, 1e-15);
    EXPECT_NEAR(recorder.accepted[i].ode2(0), CubicRoot(system.k, system.c, 0.2 * i * system.F), 1e-13);
  }
  EXPECT_NEAR(state.ode2(0), CubicRoot(system.k, system.c, system.F), 1e-13);
  // load factors: 0 at the start, then each step's; 1 again after the solve
  const std::vector<double> expected = {0., 0.2, 0.4, 0.6, 0.8, 1., 1.};
  ASSERT_EQ(system.loadFactors.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(system.loadFactors[i], expected[i], 1e-15);
}

TEST(StaticSolver, VelocitiesStayAsGivenAndAccelerationsAreZero) {
  // The damper's force d v at the given velocity is part of the equilibrium, as in Exudyn.
  OneCoordinate system;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(1);
  settings.staticSolver.loadStepStart = 2.;
  settings.staticSolver.loadStepDuration = 0.5;
  StaticSolver solver(system, settings, recorder);
  SystemState state = ZeroState(system);
  state.ode2_t(0) = 4.;
  state.ode2_tt(0) = 9.;
  state.time = -1.;
  solver.Solve(state);
  EXPECT_EQ(state.ode2_t(0), 4.);
  EXPECT_EQ(state.ode2_tt(0), 0.);
  EXPECT_NEAR(state.time, 2.5, 1e-15);
  EXPECT_NEAR(recorder.accepted.front().time, 2., 0.);
  EXPECT_NEAR(state.ode2(0), CubicRoot(system.k, system.c, system.F - system.d * 4.), 1e-13);
}

TEST(StaticSolver, GeometricLoadStepsGrowByAConstantFactorFromOneOverTheRange) {
  OneCoordinate system;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(4);
  settings.staticSolver.loadStepGeometric = true;
  settings.staticSolver.loadStepGeometricRange = 1000.;
  StaticSolver solver(system, settings, recorder);
  SystemState state = ZeroState(system);
  EXPECT_EQ(solver.Solve(state).steps, 4);
  const std::vector<double> expected = {0., 1e-3, 1e-2, 1e-1, 1., 1.};
  ASSERT_EQ(system.loadFactors.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(system.loadFactors[i], expected[i], 1e-14);
  EXPECT_NEAR(state.ode2(0), CubicRoot(system.k, system.c, system.F), 1e-13);

  // one geometric step is taken as two (Exudyn's rule)
  OneCoordinate single;
  StaticSolver twoSteps(
      single,
      [] {
        SimulationSettings s = StaticSettings(1);
        s.staticSolver.loadStepGeometric = true;
        return s;
      }(),
      recorder);
  SystemState other = ZeroState(single);
  EXPECT_EQ(twoSteps.Solve(other).steps, 2);
  EXPECT_NEAR(single.loadFactors[1], 1e-3, 1e-15);
}

TEST(StaticSolver, WithoutLoadFactorEveryStepHasTheFullLoad) {
  OneCoordinate system;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(3);
  settings.staticSolver.useLoadFactor = false;
  StaticSolver solver(system, settings, recorder);
  SystemState state = ZeroState(system);
  solver.Solve(state);
  for (double factor : system.loadFactors) EXPECT_EQ(factor, 1.);
  for (size_t i = 1; i < recorder.accepted.size(); ++i)
    EXPECT_NEAR(recorder.accepted[i].ode2(0), CubicRoot(system.k, system.c, system.F), 1e-13);
}

TEST(StaticSolver, ALoadStepNewtonCannotTakeIsReducedAndTheSolveReachesTheEnd) {
  // Newton on atan(q - q*) diverges from farther than about 1.39 from q*: one step of the whole
  // load (q* = 10 from 0) fails; quarters of it (2.5) too; sixteenths (0.625) converge, and the
  // step grows again after adaptiveStepRecoverySteps good steps.
  OneCoordinate system;
  system.law = OneCoordinate::Law::ArctanOffset;
  system.F = 10.;
  Recorder recorder;
  StaticSolver solver(system, StaticSettings(1), recorder);
  SystemState state = ZeroState(system);
  const SolverStatistics statistics = solver.Solve(state);
  EXPECT_GE(statistics.rejectedSteps, 2);
  EXPECT_NEAR(state.ode2(0), 10., 1e-12);
  EXPECT_NEAR(state.time, 1., 1e-15);
  EXPECT_NEAR(recorder.accepted[1].time, 1. / 16., 1e-15);
  // the step grew: fewer steps than sixteenths all the way
  EXPECT_LT(statistics.steps, 16);
  for (size_t i = 1; i < recorder.accepted.size(); ++i)
    EXPECT_NEAR(recorder.accepted[i].ode2(0), 10. * recorder.accepted[i].time, 1e-12);
}

TEST(StaticSolver, WithoutAdaptiveStepsAFailedLoadStepStopsTheSolveWithTheLastAcceptedStepKept) {
  OneCoordinate system;
  system.law = OneCoordinate::Law::ArctanOffset;
  system.F = 10.;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(2);  // q* = 5 from 0: fails
  settings.staticSolver.adaptiveStep = false;
  StaticSolver solver(system, settings, recorder);
  SystemState state = ZeroState(system);
  try {
    solver.Solve(state);
    FAIL() << "expected a SolverError";
  } catch (const SolverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("static solver: Newton did not converge at load factor 0.5"), std::string::npos) << message;
    EXPECT_NE(message.find("pseudo-time t=0.5"), std::string::npos) << message;
  }
  EXPECT_EQ(state.ode2(0), 0.);
  EXPECT_EQ(state.time, 0.);
  EXPECT_EQ(system.loadFactor, 1.);  // reset for whatever solves next
}

TEST(StaticSolver, ConstrainedPairAndHeldODE1CoordinateSolveTheLinearEquilibrium) {
  TiedPair system;
  Recorder recorder;
  StaticSolver solver(system, StaticSettings(2), recorder);
  SystemState state = ZeroState(system);
  state.ode1(0) = 0.7;
  state.ode1_t(0) = 0.25;
  solver.Solve(state);
  const double q0 = system.EquilibriumQ0(1.), lambda = system.EquilibriumLambda(1.);
  EXPECT_NEAR(state.ode2(0), q0, 1e-14);
  EXPECT_NEAR(state.ode2(1), q0 + system.gap, 1e-14);
  EXPECT_NEAR(state.ae(0), -lambda, 1e-12);  // Exudyn's static multiplier: the opposite of the equations'
  EXPECT_GT(std::abs(lambda), 1.);
  EXPECT_EQ(state.ode1(0), 0.7);
  EXPECT_EQ(state.ode1_t(0), 0.25);
}

TEST(StaticSolver, EveryLoadStepStartsNewtonFromZeroMultipliersAsExudynDoes) {
  // The first error of a load step then contains the constraint forces; it is the scale of the
  // relative tolerance, as in Exudyn (same iteration counts).
  TiedPair system;
  Recorder recorder;
  StaticSolver solver(system, StaticSettings(3), recorder);
  SystemState state = ZeroState(system);
  const SolverStatistics statistics = solver.Solve(state);
  ASSERT_EQ(system.firstMultipliers.size(), 3u);
  for (double multiplier : system.firstMultipliers) EXPECT_EQ(multiplier, 0.);
  // every accepted step keeps the multiplier of its load factor (Exudyn's sign: -lambda)
  ASSERT_EQ(recorder.accepted.size(), 4u);
  for (int i = 1; i <= 3; ++i) {
    EXPECT_NEAR(recorder.accepted[i].ode2(0), system.EquilibriumQ0(i / 3.), 1e-14) << "load step " << i;
    EXPECT_NEAR(recorder.accepted[i].ae(0), -system.EquilibriumLambda(i / 3.), 1e-11) << "load step " << i;
  }
  EXPECT_EQ(statistics.newtonIterations, 3);  // linear: one full-Newton iteration per load step
}

TEST(StaticSolver, StabilizerIsAMassProportionalSpringToTheStepStartThatVanishesInTheLastStep) {
  // Linear spring k q = lf F with the stabilizer s: step i solves
  //   k q_i + (1 - lf_i^2) s m (q_i - q_(i-1)) = lf_i F.
  OneCoordinate system;
  system.c = 0.;
  system.d = 0.;
  const double s = 500.;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(4);
  settings.staticSolver.stabilizerODE2term = s;
  StaticSolver solver(system, settings, recorder);
  SystemState state = ZeroState(system);
  solver.Solve(state);
  double previous = 0.;
  for (int i = 1; i <= 4; ++i) {
    const double lf = 0.25 * i, stabilizer = (1. - lf * lf) * s * system.m;
    const double expected = (lf * system.F + stabilizer * previous) / (system.k + stabilizer);
    EXPECT_NEAR(recorder.accepted[i].ode2(0), expected, 1e-14) << "load step " << i;
    previous = expected;
  }
  EXPECT_NEAR(state.ode2(0), system.F / system.k, 1e-15);
}

TEST(StaticSolver, RefusesSettingsItCannotUse) {
  TiedPair system;
  Recorder recorder;
  SimulationSettings settings = StaticSettings(1);
  settings.staticSolver.constrainODE1coordinates = false;
  EXPECT_THROW(StaticSolver(system, settings, recorder), ValueError);
  settings = StaticSettings(1);
  settings.staticSolver.adaptiveStepDecrease = 1.5;
  EXPECT_THROW(StaticSolver(system, settings, recorder), ValueError);
  settings = StaticSettings(1);
  settings.staticSolver.newton.newtonResidualMode = 2;
  EXPECT_THROW(StaticSolver(system, settings, recorder), ValueError);
  settings = StaticSettings(0);
  EXPECT_THROW(StaticSolver(system, settings, recorder), ValueError);
}

}  // namespace
}  // namespace multidyn
