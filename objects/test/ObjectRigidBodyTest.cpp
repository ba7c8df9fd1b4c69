// ObjectRigidBody's LHS in double on Euler parameters with the center of mass at the node
// (ValueODE2LHSOnEulerParameters, the residual's) against the generic formula in double: the same
// bits, at random states on and off the unit sphere, also planar ones with signed zeros.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "objects/bodies/ObjectRigidBody.h"
#include "objects/nodes/NodeRigidBodyEP.h"

using namespace multidyn;

namespace {

TEST(ObjectRigidBody, ValueLHSOnEulerParametersIsTheFormulaBitForBit) {
  std::mt19937 generator(7);
  std::uniform_real_distribution<double> random(-1., 1.);
  NodeRigidBodyEP node;
  for (int trial = 0; trial < 200; ++trial) {
    ObjectRigidBody body;
    body.mass = 2. + random(generator);
    body.inertia << 1.3 + random(generator), 2.1, 2.9, 0.15 * random(generator), -0.25, 0.35 * random(generator);
    VectorX q(7), q_t(7), q_tt(7);
    for (Index i = 0; i < 7; ++i) {
      q(i) = random(generator);
      q_t(i) = 3. * random(generator);
      q_tt(i) = 5. * random(generator);
    }
    if (trial % 2 == 0) q.segment<4>(3).normalize();
    if (trial % 5 == 0) q(4) = q(5) = q_t(4) = q_t(5) = q_tt(4) = (trial % 10 == 0 ? -0. : 0.);
    NodeKinematics<double> kinematics;
    node.ComputeKinematics(NodeCoordinates<double>{q, q_t}, kinematics);
    VecX<double> value, formula;
    body.ODE2LHS(&kinematics, q_tt, value);
    body.FormulaODE2LHS(&kinematics, q_tt, formula);
    ASSERT_EQ(value.size(), 7);
    ASSERT_EQ(formula.size(), 7);
    EXPECT_EQ(std::memcmp(value.data(), formula.data(), 7 * sizeof(double)), 0)
        << "trial " << trial << "\nvalue   " << value.transpose() << "\nformula " << formula.transpose();
  }
}

}  // namespace
