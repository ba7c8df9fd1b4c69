// ObjectRigidBody's own d(lhs)/d[q, q_t] on Euler parameters (BodyLHSJacobian: AD seeded in e and
// e_t only) against the generic differentiation (ADScalar16 seeded in all of [q; q_t], as
// SeededNodes does): the same bits, at random states on and off the unit sphere of the Euler
// parameters, with and without a center of mass away from the node.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "core/model/MainSystem.h"
#include "objects/ItemList.h"
#include "objects/TestInstances.h"
#include "objects/bodies/ObjectRigidBody.h"
#include "objects/nodes/NodeRigidBodyEP.h"

using namespace multidyn;

namespace {

// d(lhs)/dq and d(lhs)/dq_t by the generic seeding.
void GenericJacobian(const ObjectRigidBody& body, const Node& node, const VectorX& q, const VectorX& q_t,
                     const VectorX& q_tt, MatrixX& lhs_q, MatrixX& lhs_q_t) {
  VecXUnbounded<ADScalar16> qAD(7), q_tAD(7);
  for (Index i = 0; i < 7; ++i) {
    qAD(i) = ADScalar16(q(i), 16, i);
    q_tAD(i) = ADScalar16(q_t(i), 16, 7 + i);
  }
  NodeKinematics<ADScalar16> kinematics;
  node.ComputeKinematics(NodeCoordinates<ADScalar16>{qAD, q_tAD}, kinematics);
  VecX<ADScalar16> lhs;
  body.ComputeODE2LHS(EvaluationContext(), &kinematics, q_tt, lhs);
  lhs_q.resize(7, 7);
  lhs_q_t.resize(7, 7);
  for (Index r = 0; r < 7; ++r)
    for (Index c = 0; c < 7; ++c) {
      lhs_q(r, c) = lhs(r).derivatives()(c);
      lhs_q_t(r, c) = lhs(r).derivatives()(7 + c);
    }
}

TEST(ObjectRigidBodyLHSJacobian, SameBitsAsTheGenericDifferentiation) {
  RegisterAllItems();
  MainSystem system;
  const Index nodeNumber = system.AddItem(std::make_unique<NodeRigidBodyEP>());
  const Node& node = system.GetNode(nodeNumber);
  EvaluationContext context;
  context.system = &system;
  std::mt19937 generator(11);
  std::uniform_real_distribution<double> random(-1., 1.);
  for (const bool centerOfMassAtNode : {false, true}) {
    ObjectRigidBody body;
    body.nodeNumber.value = nodeNumber;
    body.mass = 2.7;
    body.inertia << 1.3, 2.1, 2.9, 0.15, -0.25, 0.35;  // [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]
    body.centerOfMass = centerOfMassAtNode ? Vector3::Zero() : Vector3(0.2, -0.4, 0.3);
    ASSERT_TRUE(body.ProvidesLHSJacobian(system));
    for (int trial = 0; trial < 50; ++trial) {
      VectorX q(7), q_t(7), q_tt(7);
      for (Index i = 0; i < 7; ++i) {
        q(i) = random(generator);
        q_t(i) = 3. * random(generator);
        q_tt(i) = 5. * random(generator);
      }
      if (trial % 2 == 0) q.segment<4>(3).normalize();  // on the unit sphere, and (odd trials) off it
      NodeKinematics<double> kinematics;
      node.ComputeKinematics(NodeCoordinates<double>{q, q_t}, kinematics);
      MatrixX own_q, own_q_t, generic_q, generic_q_t;
      body.ComputeLHSJacobian(context, &kinematics, q, q_t, q_tt, own_q, own_q_t);
      GenericJacobian(body, node, q, q_t, q_tt, generic_q, generic_q_t);
      const std::string where = "trial " + std::to_string(trial) + (centerOfMassAtNode ? ", b = 0" : ", b != 0");
      ASSERT_TRUE(own_q == generic_q) << "d(lhs)/dq, " << where << "\nown\n" << own_q << "\ngeneric\n" << generic_q;
      ASSERT_TRUE(own_q_t == generic_q_t) << "d(lhs)/dq_t, " << where << "\nown\n"
                                          << own_q_t << "\ngeneric\n"
                                          << generic_q_t;
      EXPECT_GT(own_q.cwiseAbs().maxCoeff(), 0.);  // the comparison is not one of zeros
      EXPECT_GT(own_q_t.cwiseAbs().maxCoeff(), 0.);
    }
  }
}

// Only on Euler-parameter nodes; bodies on Rxyz nodes keep the generic differentiation.
TEST(ObjectRigidBodyLHSJacobian, OnlyOnEulerParameterNodes) {
  RegisterAllItems();
  MainSystem system;
  const Index onEP = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.1, 0.2, 0.3));
  const Index onRxyz = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.4, 0.2, 0.3));
  auto lhsJacobian = [&](Index body) { return dynamic_cast<const BodyLHSJacobian*>(&system.GetObject(body)); };
  ASSERT_NE(lhsJacobian(onEP), nullptr);
  EXPECT_TRUE(lhsJacobian(onEP)->ProvidesLHSJacobian(system));
  EXPECT_FALSE(lhsJacobian(onRxyz)->ProvidesLHSJacobian(system));
}

}  // namespace
