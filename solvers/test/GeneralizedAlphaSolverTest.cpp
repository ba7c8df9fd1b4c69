// Time integration of small models whose motion is known in closed form (or by an
// independent integration of the minimal-coordinate equation).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/foundation/Errors.h"
#include "core/model/MainSystem.h"
#include "objects/ItemList.h"
#include "objects/bodies/ObjectGround.h"
#include "objects/bodies/ObjectMassPoint.h"
#include "objects/bodies/ObjectRigidBody.h"
#include "objects/joints/ObjectJointRevoluteZ.h"
#include "objects/loads/LoadForceVector.h"
#include "objects/markers/MarkerBodyPosition.h"
#include "objects/markers/MarkerBodyRigid.h"
#include "objects/markers/MarkerNodePosition.h"
#include "objects/nodes/NodePoint.h"
#include "objects/nodes/NodeRigidBodyRxyz.h"
#include "objects/sensors/SensorNode.h"
#include "solvers/driver/SolveDynamic.h"

namespace multidyn {
namespace {

const double mass = 2.;
const Vector3 force(3., -4., 0.5);
const Vector3 reference(0.5, 0., 0.);
const Vector3 x0(1., 0., 0.);
const Vector3 v0(0.1, 0.2, -0.3);

Vector3 ExactPosition(double t) { return reference + x0 + v0 * t + force * (t * t / (2. * mass)); }

// A free mass point under a constant force, with a position sensor stored in memory.
void BuildMassPoint(MainSystem& system) {
  auto node = std::make_unique<NodePoint>();
  node->referenceCoordinates = reference;
  node->initialCoordinates = x0;
  node->initialVelocities = v0;
  const Index n = system.AddItem(std::move(node));
  auto body = std::make_unique<ObjectMassPoint>();
  body->mass = mass;
  body->nodeNumber = NodeIndex(n);
  system.AddItem(std::move(body));
  auto marker = std::make_unique<MarkerNodePosition>();
  marker->nodeNumber = NodeIndex(n);
  const Index m = system.AddItem(std::move(marker));
  auto load = std::make_unique<LoadForceVector>();
  load->markerNumber = MarkerIndex(m);
  load->loadVector = force;
  system.AddItem(std::move(load));
  auto sensor = std::make_unique<SensorNode>();
  sensor->nodeNumber = NodeIndex(n);
  sensor->outputVariableType = OutputVariableType::Position;
  sensor->storeInternal = true;
  sensor->writeToFile = false;
  system.AddItem(std::move(sensor));
  system.Assemble();
}

SimulationSettings QuietSettings() {
  SimulationSettings settings;
  settings.solutionSettings.writeSolutionToFile = false;
  return settings;
}

class ConstantForce : public ::testing::TestWithParam<std::tuple<std::string, bool>> {};

TEST_P(ConstantForce, MatchesClosedForm) {
  MainSystem system;
  BuildMassPoint(system);
  SimulationSettings settings = QuietSettings();
  settings.linearSolverType = std::get<0>(GetParam());
  settings.timeIntegration.generalizedAlpha.useNewmark = std::get<1>(GetParam());
  const SolverStatistics statistics = SolveDynamic(system, settings);

  EXPECT_EQ(statistics.steps, 100);
  EXPECT_EQ(statistics.rejectedSteps, 0);
  EXPECT_EQ(system.CurrentState().time, 1.);
  const SensorRecord& record = system.SensorRecords()[0];
  ASSERT_EQ(record.NumberOfRows(), 101);
  for (Index k = 0; k < record.NumberOfRows(); ++k) {
    const double t = record.Row(k)[0];
    EXPECT_NEAR(t, 0.01 * k, 1e-12);
    const Vector3 exact = ExactPosition(t);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(record.Row(k)[1 + i], exact(i), 1e-10) << "t=" << t;
  }
  const SystemState& end = system.CurrentState();
  EXPECT_LT((end.ode2_t - (v0 + force / mass)).norm(), 1e-10);
  EXPECT_LT((end.ode2_tt - force / mass).norm(), 1e-10);
}

INSTANTIATE_TEST_SUITE_P(SolversAndMethods, ConstantForce,
                         ::testing::Combine(::testing::Values("EXUdense", "EigenSparse"), ::testing::Bool()));

TEST(GeneralizedAlphaSolver, SecondSolveContinues) {
  MainSystem system;
  BuildMassPoint(system);
  SimulationSettings settings = QuietSettings();
  settings.timeIntegration.endTime = 0.4;
  settings.timeIntegration.numberOfSteps = 40;
  SolveDynamic(system, settings);
  settings.timeIntegration.startTime = 0.4;
  settings.timeIntegration.endTime = 1.;
  settings.timeIntegration.numberOfSteps = 60;
  SolveDynamic(system, settings);
  EXPECT_EQ(system.CurrentState().time, 1.);
  EXPECT_LT((reference + system.CurrentState().ode2 - ExactPosition(1.)).norm(), 1e-10);
  // records are cleared at the start of each solve
  EXPECT_EQ(system.SensorRecords()[0].NumberOfRows(), 61);
  EXPECT_NEAR(system.SensorRecords()[0].Row(0)[0], 0.4, 1e-14);
}

TEST(GeneralizedAlphaSolver, LastStepHitsEndTime) {
  MainSystem system;
  BuildMassPoint(system);
  SimulationSettings settings = QuietSettings();
  settings.timeIntegration.endTime = 0.35;
  settings.timeIntegration.numberOfSteps = 7;  // h = 0.05: accumulated time must not drift
  settings.solutionSettings.sensorsWritePeriod = 0.1;
  const SolverStatistics statistics = SolveDynamic(system, settings);
  EXPECT_EQ(statistics.steps, 7);
  EXPECT_EQ(system.CurrentState().time, 0.35);
  const SensorRecord& record = system.SensorRecords()[0];
  ASSERT_EQ(record.NumberOfRows(), 5);  // 0, 0.1, 0.2, 0.3 and the final time
  EXPECT_NEAR(record.Row(3)[0], 0.3, 1e-12);
  EXPECT_EQ(record.Row(4)[0], 0.35);
}

TEST(GeneralizedAlphaSolver, ModifiedNewton) {
  MainSystem system;
  BuildMassPoint(system);
  SimulationSettings settings = QuietSettings();
  settings.timeIntegration.newton.useModifiedNewton = true;
  const SolverStatistics statistics = SolveDynamic(system, settings);
  EXPECT_LT((reference + system.CurrentState().ode2 - ExactPosition(1.)).norm(), 1e-10);
  EXPECT_LE(statistics.factorizations, 3);  // reused across steps (constant Jacobian)
}

TEST(GeneralizedAlphaSolver, NotAssembled) {
  MainSystem system;
  BuildMassPoint(system);
  system.AddItem(std::make_unique<NodePoint>());
  EXPECT_THROW(SolveDynamic(system, QuietSettings()), NotAssembledError);
}

TEST(GeneralizedAlphaSolver, Index2RequiresNewmark) {
  MainSystem system;
  BuildMassPoint(system);
  SimulationSettings settings = QuietSettings();
  settings.timeIntegration.generalizedAlpha.useIndex2Constraints = true;
  EXPECT_THROW(SolveDynamic(system, settings), ValueError);
}

TEST(GeneralizedAlphaSolver, ZeroMassIsSingularAndNamed) {
  MainSystem system;
  auto node = std::make_unique<NodePoint>();
  const Index n = system.AddItem(std::move(node));
  auto body = std::make_unique<ObjectMassPoint>();
  body->mass = 0.;
  body->nodeNumber = NodeIndex(n);
  system.AddItem(std::move(body));
  system.Assemble();
  try {
    SolveDynamic(system, QuietSettings());
    FAIL() << "no exception";
  } catch (const SolverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("singular"), std::string::npos) << message;
    EXPECT_NE(message.find("node 0"), std::string::npos) << message;
  }
}

TEST(GeneralizedAlphaSolver, WritesSolutionAndSensorFiles) {
  const std::filesystem::path directory = std::filesystem::temp_directory_path() / "multidynSolverTest";
  std::filesystem::remove_all(directory);
  MainSystem system;
  BuildMassPoint(system);
  auto sensor = std::make_unique<SensorNode>();
  sensor->nodeNumber = NodeIndex(0);
  sensor->outputVariableType = OutputVariableType::Position;
  sensor->fileName = (directory / "sub" / "position.txt").string();
  system.AddItem(std::move(sensor));
  system.Assemble();
  SimulationSettings settings;
  settings.solutionSettings.coordinatesSolutionFileName = (directory / "solution").string();
  settings.solutionSettings.solutionWritePeriod = 0.1;
  SolveDynamic(system, settings);

  auto readRows = [](const std::filesystem::path& path, std::vector<std::string>& rows) {
    std::ifstream file(path);
    Index comments = 0;
    for (std::string line; std::getline(file, line);)
      if (!line.empty() && line[0] == '#')
        ++comments;
      else if (!line.empty())
        rows.push_back(line);
    return comments;
  };
  std::vector<std::string> solutionRows, sensorRows;
  EXPECT_GT(readRows(directory / "solution.txt", solutionRows), 0);
  EXPECT_EQ(solutionRows.size(), 11u);  // t = 0, 0.1, ..., 1
  // time, 3 coordinates, 3 velocities, 3 accelerations (no AE, no data)
  EXPECT_EQ(std::count(solutionRows.back().begin(), solutionRows.back().end(), ','), 9);
  EXPECT_EQ(solutionRows.back().substr(0, 2), "1,");
  EXPECT_GT(readRows(directory / "sub" / "position.txt", sensorRows), 0);
  EXPECT_EQ(sensorRows.size(), 101u);
  std::filesystem::remove_all(directory);
}

// A rigid bar (Rxyz node) on a revolute joint to ground, released horizontally under gravity.
const double pendulumMass = 3., pendulumLength = 0.8, gravityAcceleration = 9.81;
const double pendulumInertia = pendulumMass * pendulumLength * pendulumLength / 12.;

void BuildPendulum(MainSystem& system) {
  const double m = pendulumMass, L = pendulumLength, Jc = pendulumInertia;
  const Index ground = system.AddItem(std::make_unique<ObjectGround>());
  auto node = std::make_unique<NodeRigidBodyRxyz>();
  node->referenceCoordinates << L, 0., 0., 0., 0., 0.;
  const Index n = system.AddItem(std::move(node));
  auto body = std::make_unique<ObjectRigidBody>();
  body->mass = m;
  body->inertia << Jc, Jc, Jc, 0., 0., 0.;
  body->nodeNumber = NodeIndex(n);
  const Index b = system.AddItem(std::move(body));
  auto groundMarker = std::make_unique<MarkerBodyRigid>();
  groundMarker->bodyNumber = ObjectIndex(ground);
  const Index m0 = system.AddItem(std::move(groundMarker));
  auto bodyMarker = std::make_unique<MarkerBodyRigid>();
  bodyMarker->bodyNumber = ObjectIndex(b);
  bodyMarker->localPosition = Vector3(-L, 0., 0.);
  const Index m1 = system.AddItem(std::move(bodyMarker));
  auto joint = std::make_unique<ObjectJointRevoluteZ>();
  joint->markerNumbers = {MarkerIndex(m0), MarkerIndex(m1)};
  system.AddItem(std::move(joint));
  auto center = std::make_unique<MarkerBodyPosition>();
  center->bodyNumber = ObjectIndex(b);
  const Index mc = system.AddItem(std::move(center));
  auto gravity = std::make_unique<LoadForceVector>();
  gravity->markerNumber = MarkerIndex(mc);
  gravity->loadVector = Vector3(0., -m * gravityAcceleration, 0.);
  system.AddItem(std::move(gravity));
  system.Assemble();
}

// Angle and angular velocity at t by RK4 on I_O phi'' = -m g L cos(phi) with a fine step.
Eigen::Vector2d PendulumReference(double endTime) {
  const double m = pendulumMass, L = pendulumLength;
  const double IO = pendulumInertia + m * L * L;
  auto rhs = [&](const Eigen::Vector2d& y) {
    return Eigen::Vector2d(y(1), -m * gravityAcceleration * L * std::cos(y(0)) / IO);
  };
  Eigen::Vector2d y(0., 0.);
  const Index steps = 20000;
  const double dt = endTime / steps;
  for (Index k = 0; k < steps; ++k) {
    const Eigen::Vector2d k1 = rhs(y), k2 = rhs(y + 0.5 * dt * k1), k3 = rhs(y + 0.5 * dt * k2), k4 = rhs(y + dt * k3);
    y += dt / 6. * (k1 + 2. * k2 + 2. * k3 + k4);
  }
  return y;
}

struct PendulumCase {
  std::string linearSolverType;
  bool useNewmark;
  bool useIndex2Constraints;
  bool useModifiedNewton;
};

class Pendulum : public ::testing::TestWithParam<PendulumCase> {};

TEST_P(Pendulum, MatchesMinimalCoordinateReference) {
  const PendulumCase c = GetParam();
  MainSystem system;
  BuildPendulum(system);
  SimulationSettings settings = QuietSettings();
  settings.linearSolverType = c.linearSolverType;
  settings.timeIntegration.generalizedAlpha.useNewmark = c.useNewmark;
  settings.timeIntegration.generalizedAlpha.useIndex2Constraints = c.useIndex2Constraints;
  settings.timeIntegration.newton.useModifiedNewton = c.useModifiedNewton;
  settings.timeIntegration.endTime = 0.5;
  settings.timeIntegration.numberOfSteps = 1000;
  const SolverStatistics statistics = SolveDynamic(system, settings);
  EXPECT_EQ(statistics.rejectedSteps, 0);
  // Newton starts from zero multipliers (as Exudyn): modified Newton needs about 6 iterations here.
  EXPECT_LT(double(statistics.newtonIterations) / statistics.steps, c.useModifiedNewton ? 7. : 4.);

  const Eigen::Vector2d y = PendulumReference(0.5);
  const SystemState& end = system.CurrentState();
  const double L = pendulumLength;
  const Vector3 position = Vector3(L, 0., 0.) + end.ode2.head<3>();
  EXPECT_NEAR(position(0), L * std::cos(y(0)), 2e-5);
  EXPECT_NEAR(position(1), L * std::sin(y(0)), 2e-5);
  EXPECT_NEAR(end.ode2(5), y(0), 2e-5);  // rotation about z
  EXPECT_NEAR(end.ode2_t(5), y(1), 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Methods, Pendulum,
                         ::testing::Values(PendulumCase{"EXUdense", false, false, false},
                                           PendulumCase{"EigenSparse", false, false, false},
                                           PendulumCase{"EXUdense", true, false, false},
                                           PendulumCase{"EXUdense", true, true, false},
                                           PendulumCase{"EXUdense", false, false, true}));

TEST(GeneralizedAlphaSolver, NewtonFailureKeepsLastAcceptedState) {
  MainSystem system;
  BuildPendulum(system);
  SimulationSettings settings = QuietSettings();
  settings.timeIntegration.newton.maxIterations = 1;  // cannot converge on a nonlinear model
  settings.timeIntegration.minimumStepSize = 0.004;  // 0.01 -> 0.005 -> 0.004 (not below), then it fails
  try {
    SolveDynamic(system, settings);
    FAIL() << "no exception";
  } catch (const SolverError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("Newton did not converge at t="), std::string::npos) << message;
    EXPECT_NE(message.find("step size h=0.004"), std::string::npos) << message;
    EXPECT_NE(message.find("worst residual"), std::string::npos) << message;
    EXPECT_NE(message.find(" of "), std::string::npos) << message;  // names an item
  }
  const SystemState& state = system.CurrentState();
  EXPECT_LT(state.time, 1.);
  EXPECT_TRUE(state.ode2.allFinite());
}

}  // namespace
}  // namespace multidyn
