// The matrices of the linearization (mbs.ComputeLinearizedSystem) against a model whose
// matrices are known by hand: two mass points in x on coordinate spring-dampers (ground - m0,
// m0 - m1), m1 tied to the ground in y by a coordinate constraint, a constant load on m1,
// accelerations and multipliers in the state that must not enter, and an unassembled system
// refused.
#include <gtest/gtest.h>

#include "core/foundation/Errors.h"
#include "objects/test/TestSystems.h"
#include "solvers/driver/LinearizedSystem.h"

using namespace multidyn;

namespace {

constexpr double m0 = 2., m1 = 3., k0 = 100., k1 = 40., d0 = 5., d1 = 0.5;

std::unique_ptr<MainSystem> MakeTwoMassChain() {
  using C = ItemCategory;
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  const Index ground = AddFromJson(s, C::Node, {{"nodeType", "PointGround"}});
  const Index node0 = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {1., 0., 0.}}});
  const Index node1 = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {2., 0., 0.}}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node0}, {"physicsMass", m0}});
  AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node1}, {"physicsMass", m1}});
  auto coordinateMarker = [&](Index node, Index coordinate) {
    return AddFromJson(s, C::Marker,
                       {{"markerType", "NodeCoordinate"}, {"nodeNumber", node}, {"coordinate", coordinate}});
  };
  const Index groundX = coordinateMarker(ground, 0);
  const Index x0 = coordinateMarker(node0, 0), x1 = coordinateMarker(node1, 0), y1 = coordinateMarker(node1, 1);
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateSpringDamper"},
               {"markerNumbers", {groundX, x0}},
               {"stiffness", k0},
               {"damping", d0}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateSpringDamper"},
               {"markerNumbers", {x0, x1}},
               {"stiffness", k1},
               {"damping", d1}});
  AddFromJson(s, C::Object, {{"objectType", "ConnectorCoordinate"}, {"markerNumbers", {groundX, y1}}});
  const Index position1 = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", node1}});
  AddFromJson(s, C::Load, {{"loadType", "ForceVector"}, {"markerNumber", position1}, {"loadVector", {7., -3., 0.}}});
  s.Assemble();
  return system;
}

TEST(LinearizedSystem, TwoMassChainMatricesByHand) {
  auto system = MakeTwoMassChain();
  SystemState state = system->InitialState();
  state.ode2.setConstant(0.01);
  state.ode2_t.setConstant(-2.);
  state.ode2_tt.setConstant(50.);  // must not enter (d(M q_tt)/dq is no part of K)
  state.ae.setConstant(10.);  // nor the multipliers
  const LinearizedSystemMatrices matrices = ComputeLinearizedSystemMatrices(*system, SimulationSettings(), state);
  ASSERT_EQ(matrices.numberOfODE2, 6);
  ASSERT_EQ(matrices.numberOfAE, 1);
  MatrixX M = MatrixX::Zero(6, 6), K = MatrixX::Zero(6, 6), D = MatrixX::Zero(6, 6);
  for (int i = 0; i < 3; ++i) {
    M(i, i) = m0;
    M(3 + i, 3 + i) = m1;
  }
  // x0 = coordinate 0, x1 = coordinate 3: springs ground-x0 and x0-x1
  K(0, 0) = k0 + k1;
  K(0, 3) = -k1;
  K(3, 0) = -k1;
  K(3, 3) = k1;
  D(0, 0) = d0 + d1;
  D(0, 3) = -d1;
  D(3, 0) = -d1;
  D(3, 3) = d1;
  EXPECT_LT((matrices.massMatrix - M).norm(), 1e-12);
  EXPECT_LT((matrices.stiffnessMatrix - K).norm(), 1e-9);
  EXPECT_LT((matrices.dampingMatrix - D).norm(), 1e-9);
  // The constraint g = y1 - y_ground: its column is +1 in y1's row (coordinate 4), 0 elsewhere.
  ASSERT_EQ(matrices.constraintColumns.rows(), 7);
  ASSERT_EQ(matrices.constraintColumns.cols(), 1);
  VectorX column = VectorX::Zero(7);
  column(4) = 1.;
  EXPECT_LT((matrices.constraintColumns.col(0) - column).norm(), 1e-12);
}

TEST(LinearizedSystem, LeavesTheSystemsStatesAlone) {
  auto system = MakeTwoMassChain();
  system->CurrentState().ode2.setConstant(0.3);
  const SystemState before = system->CurrentState();
  ComputeLinearizedSystemMatrices(*system, SimulationSettings(), system->CurrentState());
  EXPECT_EQ(system->CurrentState().ode2, before.ode2);
  EXPECT_EQ(system->CurrentState().ode2_tt, before.ode2_tt);
}

TEST(LinearizedSystem, RefusesAnUnassembledSystem) {
  auto system = MakeTwoMassChain();
  AddFromJson(*system, ItemCategory::Node, {{"nodeType", "Point"}});  // changed since Assemble()
  EXPECT_THROW(ComputeLinearizedSystemMatrices(*system, SimulationSettings(), SystemState()), NotAssembledError);
}

}  // namespace
