// The algorithms of KinematicTreeDynamics checked against independent computations at random
// states of a branching tree with every joint type, rotated joint frames, offset centers of mass,
// gravity and link loads: the mass matrix against the columns d(tau)/d(q_tt) of Newton-Euler
// (tau is linear in q_tt), the articulated-body solve against M, and the analytic derivatives of
// Newton-Euler against central finite differences. A 300-link tree (beyond the kernels' 64
// coordinates) is assembled and its system Newton matrix compared with finite differences.
#include <gtest/gtest.h>

#include <random>
#include <tuple>

#include "core/evaluation/SystemEquations.h"
#include "objects/bodies/KinematicTreeDynamics.h"
#include "objects/bodies/ObjectKinematicTree.h"
#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

// A random branching tree of n links: joint types cycle through all six, parents drawn among the
// earlier links (several roots), random joint rotations, offsets, centers of mass and inertias.
Index AddRandomTree(MainSystem& system, Index n, unsigned seed, bool linkLoads) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> uniform(-1., 1.);
  const char* types[] = {"RevoluteZ", "PrismaticX", "RevoluteX", "PrismaticY", "RevoluteY", "PrismaticZ"};
  Json jointTypes = Json::array(), parents = Json::array(), transformations = Json::array(), offsets = Json::array(),
       inertias = Json::array(), coms = Json::array(), masses = Json::array(), forces = Json::array(),
       torques = Json::array();
  for (Index i = 0; i < n; ++i) {
    jointTypes.push_back(types[(i + seed) % 6]);
    parents.push_back(i == 0 || random() % 7 == 0 ? -1 : Index(random() % i));
    const Matrix3 rotation =
        Eigen::AngleAxisd(3. * uniform(random), Vector3(uniform(random), uniform(random), uniform(random)).normalized())
            .toRotationMatrix();
    transformations.push_back({{rotation(0, 0), rotation(0, 1), rotation(0, 2)},
                               {rotation(1, 0), rotation(1, 1), rotation(1, 2)},
                               {rotation(2, 0), rotation(2, 1), rotation(2, 2)}});
    offsets.push_back({0.5 * uniform(random), 0.5 * uniform(random), 0.5 * uniform(random)});
    Matrix3 B = Matrix3::Random();
    const Matrix3 J = 0.1 * B * B.transpose() + 0.05 * Matrix3::Identity();
    inertias.push_back({{J(0, 0), J(0, 1), J(0, 2)}, {J(1, 0), J(1, 1), J(1, 2)}, {J(2, 0), J(2, 1), J(2, 2)}});
    coms.push_back({0.3 * uniform(random), 0.3 * uniform(random), 0.3 * uniform(random)});
    masses.push_back(1. + 0.5 * uniform(random));
    forces.push_back({uniform(random), uniform(random), uniform(random)});
    torques.push_back({uniform(random), uniform(random), uniform(random)});
  }
  Json parameters =
      KinematicTreeOnNewNode(system, n, jointTypes, parents, transformations, offsets, inertias, coms, masses);
  parameters["gravity"] = {0.3, -9.81, 0.5};
  parameters["baseOffset"] = {0.1, 0.2, -0.3};
  if (linkLoads) {
    parameters["linkForces"] = forces;
    parameters["linkTorques"] = torques;
  }
  return AddFromJson(system, ItemCategory::Object, parameters);
}

VectorX RandomVector(Index n, std::mt19937& random, double scale) {
  std::uniform_real_distribution<double> uniform(-scale, scale);
  VectorX v(n);
  for (Index i = 0; i < n; ++i) v(i) = uniform(random);
  return v;
}

class KinematicTreeDynamicsTest : public ::testing::TestWithParam<std::tuple<Index, bool>> {};

TEST_P(KinematicTreeDynamicsTest, MassMatrixSolveAndDerivativesAgreeWithNewtonEuler) {
  const auto [n, linkLoads] = GetParam();
  MainSystem system;
  const Index treeIndex = AddRandomTree(system, n, unsigned(n) + 3, linkLoads);
  system.Assemble();
  const auto& tree = static_cast<const ObjectKinematicTree&>(system.GetObject(treeIndex));
  KinematicTreeDynamics dynamics;
  dynamics.Resize(tree);
  std::mt19937 random(11);
  for (int trial = 0; trial < 3; ++trial) {
    const VectorX q = RandomVector(n, random, 1.5), q_t = RandomVector(n, random, 2.),
                  q_tt = RandomVector(n, random, 3.);
    VectorX tau(n), tau0(n), tauUnit(n);
    dynamics.InverseDynamics(tree, q.data(), q_t.data(), q_tt.data(), tau.data());
    const VectorX zero = VectorX::Zero(n);
    dynamics.InverseDynamics(tree, q.data(), q_t.data(), zero.data(), tau0.data());
    // M: the columns of tau(q_tt) - tau(0), which is linear in q_tt
    MatrixX M, Mnewton(n, n);
    dynamics.MassMatrix(tree, q.data(), M);
    for (Index j = 0; j < n; ++j) {
      const VectorX unit = VectorX::Unit(n, j);
      dynamics.InverseDynamics(tree, q.data(), q_t.data(), unit.data(), tauUnit.data());
      Mnewton.col(j) = tauUnit - tau0;
    }
    const double scale = M.cwiseAbs().maxCoeff();
    EXPECT_LT((M - Mnewton).cwiseAbs().maxCoeff(), 1e-12 * scale) << "mass matrix";
    EXPECT_LT((M - M.transpose()).cwiseAbs().maxCoeff(), 1e-13 * scale);
    EXPECT_LT((M * q_tt + tau0 - tau).cwiseAbs().maxCoeff(), 1e-11 * (1. + tau.cwiseAbs().maxCoeff()));
    // the articulated-body solve: M (M^-1 b) = b
    const VectorX b = RandomVector(n, random, 1.);
    VectorX x = b;
    dynamics.FactorizeMassMatrix(tree, q.data());
    dynamics.SolveMassMatrix(x.data());
    EXPECT_LT((M * x - b).cwiseAbs().maxCoeff(), 1e-10 * b.cwiseAbs().maxCoeff()) << "articulated-body solve";
    EXPECT_LT((x - M.ldlt().solve(b)).norm(), 1e-8 * x.norm());
    // d(tau)/dq and d(tau)/dq_t against central differences
    dynamics.InverseDynamicsDerivatives(tree, q.data(), q_t.data(), q_tt.data());
    const MatrixX tau_q = dynamics.Tau_q(), tau_q_t = dynamics.Tau_q_t();
    MatrixX fd_q(n, n), fd_q_t(n, n);
    const double h = 1e-6;
    VectorX plus(n), minus(n);
    for (Index j = 0; j < n; ++j) {
      for (int which = 0; which < 2; ++which) {
        VectorX qp = q, qm = q, vp = q_t, vm = q_t;
        (which == 0 ? qp : vp)(j) += h;
        (which == 0 ? qm : vm)(j) -= h;
        dynamics.InverseDynamics(tree, qp.data(), vp.data(), q_tt.data(), plus.data());
        dynamics.InverseDynamics(tree, qm.data(), vm.data(), q_tt.data(), minus.data());
        (which == 0 ? fd_q : fd_q_t).col(j) = (plus - minus) / (2. * h);
      }
    }
    const double derivativeScale = 1. + std::max(fd_q.cwiseAbs().maxCoeff(), fd_q_t.cwiseAbs().maxCoeff());
    EXPECT_LT((tau_q - fd_q).cwiseAbs().maxCoeff(), 1e-7 * derivativeScale) << "d(tau)/dq, n = " << n;
    EXPECT_LT((tau_q_t - fd_q_t).cwiseAbs().maxCoeff(), 1e-7 * derivativeScale) << "d(tau)/dq_t, n = " << n;
    // the Newton block in one directional derivative per column equals the three matrices combined
    MatrixX block;
    dynamics.NewtonBlockByTangents(tree, q.data(), q_t.data(), q_tt.data(), 0.7, 0.3, 0.2, block);
    const MatrixX combined = 0.7 * M + 0.3 * tau_q + 0.2 * tau_q_t;
    EXPECT_LT((block - combined).cwiseAbs().maxCoeff(), 1e-12 * (1. + combined.cwiseAbs().maxCoeff()));
    // the world-frame formulas (composites, two dot products per entry) give the same block
    MatrixX world;
    dynamics.NewtonBlock(tree, q.data(), q_t.data(), q_tt.data(), 0.7, 0.3, 0.2, world);
    EXPECT_LT((world - combined).cwiseAbs().maxCoeff(), 1e-10 * (1. + combined.cwiseAbs().maxCoeff()));
    const std::tuple<double, double, double> factorCases[] = {{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}};
    for (const auto& [mass, stiffness, damping] : factorCases) {
      dynamics.NewtonBlock(tree, q.data(), q_t.data(), q_tt.data(), mass, stiffness, damping, world);
      const MatrixX expected = mass * M + stiffness * tau_q + damping * tau_q_t;
      EXPECT_LT((world - expected).cwiseAbs().maxCoeff(), 1e-10 * (1. + expected.cwiseAbs().maxCoeff()))
          << "factors " << mass << " " << stiffness << " " << damping;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Trees, KinematicTreeDynamicsTest,
                         ::testing::Combine(::testing::Values(1, 6, 23), ::testing::Bool()));

// A tree larger than the kernels' vectors: assembled, and its system Newton matrix (the tree's
// analytic block) equals finite differences of the residuals.
TEST(KinematicTreeDynamics, LargeTreeAssemblesWithExactJacobian) {
  MainSystem system;
  AddRandomTree(system, 90, 5, true);
  system.Assemble();
  SystemEquations equations(system);
  SystemState state = system.CurrentState();
  test::Randomize(system, state, 3);
  test::ExpectExactJacobians(equations, state, true);
}

// A marker on a large tree serves loads and sensors; a connector on it, whose kernels are
// differentiated automatically, is refused by name.
TEST(KinematicTreeDynamics, ConnectorOnLargeTreeIsRefused) {
  MainSystem system;
  const Index tree = AddRandomTree(system, 70, 2, false);
  const Index link = AddFromJson(system, ItemCategory::Marker,
                                 {{"markerType", "KinematicTreeRigid"}, {"objectNumber", tree}, {"linkNumber", 3}});
  AddFromJson(system, ItemCategory::Load,
              {{"loadType", "ForceVector"}, {"markerNumber", link}, {"loadVector", {1., 0., 0.}}});
  EXPECT_NO_THROW(system.Assemble());
  const Index ground = AddFromJson(system, ItemCategory::Object, {{"objectType", "Ground"}});
  const Index anchor =
      AddFromJson(system, ItemCategory::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", ground}});
  AddFromJson(system, ItemCategory::Object,
              {{"objectType", "ConnectorCartesianSpringDamper"},
               {"markerNumbers", {anchor, link}},
               {"stiffness", {1., 1., 1.}},
               {"damping", {0., 0., 0.}}});
  try {
    system.Assemble();
    FAIL() << "expected a ValueError";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("ConnectorCartesianSpringDamper"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("70 coordinates"), std::string::npos) << e.what();
  }
}

}  // namespace
