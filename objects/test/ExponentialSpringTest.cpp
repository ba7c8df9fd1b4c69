// The exponential spring's force law (objects/contact) against values computed by hand from the
// equations in docs/theory/ExponentialSpring.md, its potential against the force it must be the
// negative gradient of, the parameter checks, and the post-step update of p0 and K.
#include <gtest/gtest.h>

#include <cmath>

#include "core/evaluation/SystemEquations.h"
#include "core/foundation/Errors.h"
#include "objects/ItemList.h"
#include "objects/contact/ObjectContactExponentialSpring.h"
#include "objects/test/JacobianCheck.h"

using namespace multidyn;

namespace {

ExponentialSpringForces<double> ForcesAt(const ObjectContactExponentialSpring& contact, const Vector3& p_P,
                                         const Vector3& v_P, double p0x, double p0y, double sliding) {
  const double data[4] = {p0x, p0y, sliding, 0.};
  return contact.Forces<double>(p_P, v_P, data);
}

TEST(ExponentialSpring, NormalForceIsTheExponentialTimesTheDampingFactor) {
  ObjectContactExponentialSpring contact;
  const auto atD0 = ForcesAt(contact, Vector3(0., 0., 0.0065905), Vector3::Zero(), 0., 0., 1.);
  EXPECT_DOUBLE_EQ(atD0.fz, 0.5336);  // fz(d0) = d1
  const auto atZero = ForcesAt(contact, Vector3(0., 0., 0.), Vector3(0., 0., -0.4), 0., 0., 1.);
  const double elastic = 0.5336 * std::exp(1150. * 0.0065905);
  EXPECT_NEAR(atZero.fzElastic, 1044.16, 0.01);  // the note's number
  EXPECT_DOUBLE_EQ(atZero.fzDamping, -0.5 * -0.4 * elastic);
  EXPECT_DOUBLE_EQ(atZero.fz, elastic * (1. + 0.5 * 0.4));
}

TEST(ExponentialSpring, FrictionBlendsSpringAndDampingWithinTheLimit) {
  ObjectContactExponentialSpring contact;
  // Below the limit: model 2 is the plain damped spring; model 1 the plain damper.
  const Vector3 p(1e-5, -2e-5, 0.004), v(1e-3, 2e-3, 0.);
  const double K = 0.3;
  const auto f = ForcesAt(contact, p, v, 0., 0., K);
  const double cxy = 2. * std::sqrt(20000.), kxy = 20000.;
  const Vector3 fe2(-kxy * p.x(), -kxy * p.y(), 0.), fd(-cxy * v.x(), -cxy * v.y(), 0.);
  ASSERT_LT((fe2 + fd).norm(), f.frictionLimit);
  EXPECT_LT((f.frictionElastic - (1. - K) * fe2).norm(), 1e-12);
  EXPECT_LT((f.frictionDamping - fd).norm(), 1e-12);  // fd2 + K (fd1 - fd2) with fd1 = fd2
  EXPECT_DOUBLE_EQ(f.mu, 0.7 - K * 0.2);
  EXPECT_DOUBLE_EQ(f.frictionLimit, f.mu * f.fz);
  // The anchor the commit would store: pxy + frictionElastic / kxy.
  EXPECT_NEAR(f.anchorNew.x(), p.x() + f.frictionElastic.x() / kxy, 1e-18);
  EXPECT_EQ(f.anchorNew.z(), 0.);
}

TEST(ExponentialSpring, SaturatedFrictionKeepsItsDirectionAtTheLimit) {
  ObjectContactExponentialSpring contact;
  const Vector3 p(0.01, 0.02, 0.004), v(0.3, -0.4, 0.);
  for (double K : {0., 0.5, 1.}) {
    const auto f = ForcesAt(contact, p, v, 0., 0., K);
    const double friction = (f.frictionElastic + f.frictionDamping).norm();
    // both models are at the limit; their blend (directions differ) is within it
    if (K == 0. || K == 1.)
      EXPECT_NEAR(friction, f.frictionLimit, 1e-9 * f.frictionLimit) << "K = " << K;
    else
      EXPECT_LT(friction, f.frictionLimit) << "K = " << K;
  }
  // K = 1: pure damping against the velocity, of magnitude mu_k fz; the anchor follows the station.
  const auto sliding = ForcesAt(contact, p, v, 0., 0., 1.);
  const Vector3 direction = -Vector3(v.x(), v.y(), 0.).normalized();
  EXPECT_LT((sliding.frictionDamping / sliding.frictionDamping.norm() - direction).norm(), 1e-12);
  EXPECT_DOUBLE_EQ(sliding.frictionLimit, 0.5 * sliding.fz);
  EXPECT_LT((sliding.anchorNew - Vector3(p.x(), p.y(), 0.)).norm(), 1e-15);
}

TEST(ExponentialSpring, NoFrictionFarAboveThePlaneOrWithoutMu) {
  ObjectContactExponentialSpring contact;
  const auto far = ForcesAt(contact, Vector3(0.1, 0.2, 0.05), Vector3(1., 1., 0.), 0., 0., 0.);
  EXPECT_EQ((far.frictionElastic + far.frictionDamping).norm(), 0.);
  EXPECT_EQ(far.anchorNew, Vector3(0.1, 0.2, 0.));
  contact.muStatic = 0.;
  contact.muKinetic = 0.;
  const auto frictionless = ForcesAt(contact, Vector3(0.1, 0.2, 0.), Vector3(1., 1., 0.), 0., 0., 0.);
  EXPECT_EQ((frictionless.frictionElastic + frictionless.frictionDamping).norm(), 0.);
}

TEST(ExponentialSpring, ThePotentialIsTheNegativeIntegralOfTheElasticForces) {
  ObjectContactExponentialSpring contact;
  contact.parameters.setNormalViscosity(0.);
  contact.parameters.setFrictionViscosity(0.);
  const double p0x = 0.001, p0y = -0.002;
  // PE(pz) = fzElastic/d2 + kxy/2 |pxy - p0|^2; dPE/dp = -(friction elastic, fz) below the limit
  auto potential = [&](const Vector3& p) {
    const double stretch = (Vector3(p.x() - p0x, p.y() - p0y, 0.)).squaredNorm();
    return 0.5336 * std::exp(-1150. * (p.z() - 0.0065905)) / 1150. + 0.5 * 20000. * stretch;
  };
  const Vector3 p(p0x + 1e-5, p0y - 2e-5, 0.003);
  const auto f = ForcesAt(contact, p, Vector3::Zero(), p0x, p0y, 0.);
  const double h = 1e-8;
  for (int i = 0; i < 3; ++i) {
    Vector3 plus = p, minus = p;
    plus(i) += h;
    minus(i) -= h;
    const double gradient = (potential(plus) - potential(minus)) / (2. * h);
    EXPECT_NEAR(-gradient, f.Total()(i), 1e-6 * std::max(1., std::abs(f.Total()(i)))) << "component " << i;
  }
}

TEST(ExponentialSpring, ParametersValidateAndCouple) {
  ExponentialSpringParameters p;
  EXPECT_THROW(p.setShapeParameters(0., -1.), ValueError);
  EXPECT_THROW(p.setMaxNormalForce(0.), ValueError);
  EXPECT_EQ(p, ExponentialSpringParameters());
  p.setInitialMuKinetic(0.8);
  EXPECT_EQ(p.getInitialMuStatic(), 0.8);
  EXPECT_EQ(ExponentialSpringParameters::FromJson(p.ToJson()), p);
  Json inverted = p.ToJson();
  inverted["initialMuKinetic"] = 0.9;
  inverted["initialMuStatic"] = 0.1;
  EXPECT_THROW(ExponentialSpringParameters::FromJson(inverted), ValueError);
}

TEST(ExponentialSpring, PostStepCommitsAnchorAndSlidingStateOncePerStep) {
  ObjectContactExponentialSpring contact;
  MarkerData<double> plane, station;
  station.position = Vector3(0.01, 0., 0.004);
  station.velocity = Vector3(1e-4, 0., 0.);
  double data[4] = {0.01 - 1e-6, 0., 1., 0.};  // the anchor 1 um behind
  EvaluationContext context;
  context.time = 0.001;
  double recommendedStepSize = -1.;
  contact.PostNewtonStep(context, plane, station, data, recommendedStepSize);
  // K = 1: the anchor jumps to the station; it moved 1 um in 1 ms = 1 mm/s < vSettle = 10 mm/s
  EXPECT_DOUBLE_EQ(data[0], 0.01);
  EXPECT_EQ(recommendedStepSize, -1.);  // no recommendation
  const double x = 0.1;  // speed / vSettle
  EXPECT_NEAR(data[2], 10. * x * x * x - 15. * x * x * x * x + 6. * std::pow(x, 5), 1e-9);
  EXPECT_EQ(data[3], 0.001);
  const double committed[4] = {data[0], data[1], data[2], data[3]};
  station.position.x() += 1.;  // a repeated iteration at the same time commits nothing
  contact.PostNewtonStep(context, plane, station, data, recommendedStepSize);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(data[i], committed[i]);
}

// The generic tests see K = 1 and the anchor at the initial projection; here the blend of both
// friction models with a stretched spring, sticking (unsaturated) and at the limit.
TEST(ExponentialSpring, ExactJacobiansWithABlendedSlidingStateAndAStretchedSpring) {
  RegisterAllItems();
  for (double sliding : {0., 0.35, 1.}) {
    for (double stretch : {0.02, 0.4}) {
      SCOPED_TRACE("K = " + std::to_string(sliding) + ", stretch " + std::to_string(stretch));
      MainSystem system;
      ObjectContactExponentialSpring::AddTestInstance(system);
      system.Assemble();
      SystemEquations equations(system);
      SystemState state = system.CurrentState();
      test::Randomize(system, state, 5);
      if (stretch < 0.1) state.ode2_t.setZero();  // at rest: the spring alone, below the limit
      ASSERT_EQ(state.data.size(), 4);
      const Index contactIndex = system.NumberOfItems(ItemCategory::Object) - 1;
      const auto& contact = static_cast<const ObjectContactExponentialSpring&>(system.GetObject(contactIndex));
      const auto markers = contact.MarkerNumbers();
      Vector3 p_P, v_P;
      contact.StationInPlane(system.MarkerDataOf(markers[0].value, state), system.MarkerDataOf(markers[1].value, state),
                             p_P, v_P);
      state.data(0) = p_P.x() - stretch;  // the anchor behind the station
      state.data(1) = p_P.y() + 0.5 * stretch;
      state.data(2) = sliding;
      // the regime this state is in: a normal force, and friction below or at the limit
      const auto f = contact.Forces<double>(p_P, v_P, state.data.data());
      const double friction = (f.frictionElastic + f.frictionDamping).norm();
      EXPECT_GT(f.fz, 0.1);
      if (sliding == 0. && stretch < 0.1) EXPECT_LT(friction, 0.99 * f.frictionLimit);
      if (sliding != 0.35 && stretch > 0.1) EXPECT_NEAR(friction, f.frictionLimit, 1e-9 * f.frictionLimit);
      test::ExpectExactJacobians(equations, state, true);
    }
  }
}

}  // namespace
