// The general element contract with a test-only connector on three markers with an internal
// first-order state coupled to the ODE2 coordinates both ways: exact Jacobians against finite
// differences, and a motion known in closed form.
#include <gtest/gtest.h>

#include <cmath>

#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"
#include "solvers/driver/SolveDynamic.h"

namespace multidyn {
namespace {

using C = ItemCategory;

// Markers on an Euler-parameter body, a mass point and an Rxyz body (with offset centre of mass).
std::unique_ptr<MainSystem> ThreeBodies() {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  const Index nodeEP =
      AddFromJson(s, C::Node, {{"nodeType", "RigidBodyEP"}, {"referenceCoordinates", {0., 0.1, 0., 1., 0., 0., 0.}}});
  const Index nodePoint = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {1., 0.3, -0.2}}});
  const Index nodeRxyz = AddFromJson(
      s, C::Node, {{"nodeType", "RigidBodyRxyz"}, {"referenceCoordinates", {0.2, -0.9, 0.4, 0.1, 0.2, -0.3}}});
  const Index bodyEP = AddFromJson(
      s, C::Object,
      {{"objectType", "RigidBody"}, {"nodeNumber", nodeEP}, {"mass", 2.}, {"inertia", {1., 2., 3., 0., 0., 0.}}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", nodePoint}, {"physicsMass", 1.5}});
  const Index bodyRxyz = AddFromJson(s, C::Object,
                                     {{"objectType", "RigidBody"},
                                      {"nodeNumber", nodeRxyz},
                                      {"mass", 1.},
                                      {"inertia", {1., 1., 2., 0.1, 0., 0.}},
                                      {"centerOfMass", {0.1, 0., 0.2}}});
  const Index m0 = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", bodyEP}, {"localPosition", {0.3, 0.1, 0.}}});
  const Index m1 = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", nodePoint}});
  const Index m2 = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", bodyRxyz}, {"localPosition", {0., 0.2, -0.1}}});
  AddFromJson(s, C::Object,
              {{"objectType", "TestThreeMarkerConnector"},
               {"markerNumber0", m0},
               {"markerNumber1", m1},
               {"markerNumber2", m2}});
  s.Assemble();
  return system;
}

TEST(ElementContract, ThreeMarkersAndAnInternalStateAreNumberedAfterTheNodes) {
  auto system = ThreeBodies();
  const CompiledSystem& c = system->Compiled();
  EXPECT_EQ(c.numberOfODE2, 7 + 3 + 6);
  EXPECT_EQ(c.numberOfODE1, 1);
  EXPECT_EQ(c.objectInternalStart[3], 0);
  EXPECT_EQ(system->InitialState().ode1(0), 0.25);
  EXPECT_EQ(c.objectMarkers[3].size(), 3u);
}

class ElementContractJacobian : public ::testing::TestWithParam<unsigned> {};

TEST_P(ElementContractJacobian, ExactJacobianCouplesBothWays) {
  auto system = ThreeBodies();
  SystemEquations equations(*system);
  SystemState state = system->CurrentState();
  test::Randomize(*system, state, GetParam());
  test::ExpectExactJacobians(equations, state, true);
  // the coupling blocks are really there: dr/dy (ODE2 rows, ODE1 column) and dr1/dq, dr1/dq_t
  const MatrixX J = equations.JacobianDense(state, JacobianFactors());
  const Index n2 = equations.NumberOfODE2();
  EXPECT_GT(J.block(0, n2, n2, 1).cwiseAbs().maxCoeff(), 0.1);
  EXPECT_GT(J.block(n2, 0, 1, n2).cwiseAbs().maxCoeff(), 0.1);
  JacobianFactors velocity;
  velocity.mass = velocity.stiffness = velocity.multiplierColumns = velocity.constraintRows = velocity.ode1Stiffness =
      0.;
  velocity.ode1Damping = 1.;
  EXPECT_GT(equations.JacobianDense(state, velocity).block(n2, 0, 1, n2).cwiseAbs().maxCoeff(), 0.01);
}

INSTANTIATE_TEST_SUITE_P(RandomStates, ElementContractJacobian, ::testing::Values(1u, 2u, 3u));

// Markers 0 and 1 on the ground, marker 2 on a mass point on the x axis: s is constant, so
// a(t) = s + (a0 - s) exp(-t/tau), and the point moves along x with m x_tt = k a(t).
TEST(ElementContract, InternalStateAndTheMotionItDrivesFollowTheClosedForm) {
  MainSystem s;
  const double mass = 2., k = 3., tau = 0.1, a0 = 0.25, L1 = 1.5, restLength = 0.5;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  const Index node = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {1., 0., 0.}}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node}, {"physicsMass", mass}});
  const Index m0 = AddFromJson(s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", ground}});
  const Index m1 = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", ground}, {"localPosition", {0., L1, 0.}}});
  const Index m2 = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", node}});
  AddFromJson(s, C::Object,
              {{"objectType", "TestThreeMarkerConnector"},
               {"markerNumber0", m0},
               {"markerNumber1", m1},
               {"markerNumber2", m2},
               {"stiffness", k},
               {"springStiffness", 0.},
               {"restLength", restLength},
               {"rateGain", 0.},
               {"timeConstant", tau},
               {"initialActivation", a0}});
  s.Assemble();
  for (DynamicSolverType solver : {DynamicSolverType::GeneralizedAlpha, DynamicSolverType::RK44}) {
    SimulationSettings settings;
    settings.timeIntegration.endTime = 0.5;
    settings.timeIntegration.numberOfSteps = 2000;
    settings.timeIntegration.verboseMode = 0;
    settings.timeIntegration.newton.relativeTolerance = 1e-12;
    settings.solutionSettings.writeSolutionToFile = false;
    s.ResetCurrentToInitial();
    SolveDynamic(s, settings, nullptr, solver);
    const double t = 0.5, sTarget = L1 - restLength, e = std::exp(-t / tau);
    const double a = sTarget + (a0 - sTarget) * e;
    const double x = sTarget * t * t / 2. + (a0 - sTarget) * tau * (t - tau * (1. - e));
    EXPECT_NEAR(s.CurrentState().ode1(0), a, 1e-6) << DynamicSolverTypeName(solver);
    EXPECT_NEAR(s.CurrentState().ode2(0), k / mass * x, 1e-6) << DynamicSolverTypeName(solver);
    EXPECT_NEAR(s.CurrentState().ode2(1), 0., 1e-12);
  }
}

}  // namespace
}  // namespace multidyn
