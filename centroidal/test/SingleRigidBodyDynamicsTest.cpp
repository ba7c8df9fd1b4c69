// SingleRigidBodyDynamics against closed forms (statics, free fall, offset foot, gyroscopic
// term, inertia rotation) and its Jacobians against central differences at random states.
#include "centroidal/SingleRigidBodyDynamics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "centroidal/test/CentroidalTestHelpers.h"

namespace multidyn {
namespace centroidal {
namespace {

using test::CentralDifference;
using test::ExpectJacobianNear;
using test::RandomJacobian;
using test::RandomVector;
using Eigen::MatrixXd;
using Eigen::VectorXd;

// HyQ's constants (mass [kg] and the six inertia scalars [kg*m^2])
constexpr double kHyqMass = 83.;
SingleRigidBodyDynamics Hyq(int eeCount) {
  return SingleRigidBodyDynamics(kHyqMass, 4.26, 8.97, 9.88, -0.0063, 0.193, 0.0126, eeCount);
}

const Vector3d kZero = Vector3d::Zero();
const Matrix3d kIdentity = Matrix3d::Identity();

TEST(SingleRigidBodyDynamics, GravityAndSixScalarInertia) {
  const SingleRigidBodyDynamics model = Hyq(4);
  EXPECT_EQ(model.g(), 9.80665);
  EXPECT_EQ(model.m(), kHyqMass);
  EXPECT_EQ(model.GetEECount(), 4);
  Matrix3d expected;
  expected << 4.26, 0.0063, -0.193, 0.0063, 8.97, -0.0126, -0.193, -0.0126, 9.88;
  EXPECT_EQ(model.GetInertiaInBase(), expected);
}

TEST(SingleRigidBodyDynamics, StandingStillOnFourFeetHasZeroViolation) {
  SingleRigidBodyDynamics model = Hyq(4);
  const Vector3d com(0.2, -0.1, 0.58);
  const double weight = kHyqMass * model.g();
  EndEffectorVectors forces, positions;
  for (double x : {0.31, -0.31})
    for (double y : {0.29, -0.29}) {
      positions.push_back(com + Vector3d(x, y, -0.58));
      forces.push_back(Vector3d(0., 0., weight / 4.));
    }
  model.SetCurrent(com, kZero, kIdentity, kZero, kZero, forces, positions);
  EXPECT_LT(model.GetDynamicViolation().cwiseAbs().maxCoeff(), 1e-12 * weight);
}

TEST(SingleRigidBodyDynamics, SingleFootUnderTheComAndFreeFall) {
  SingleRigidBodyDynamics model = Hyq(1);
  const Vector3d com(0., 0., 0.6);
  model.SetCurrent(com, kZero, kIdentity, kZero, kZero, {Vector3d(0., 0., kHyqMass * model.g())},
                   {com - Vector3d(0., 0., 0.6)});
  EXPECT_LT(model.GetDynamicViolation().cwiseAbs().maxCoeff(), 1e-12);
  model.SetCurrent(com, Vector3d(0., 0., -model.g()), kIdentity, kZero, kZero, {kZero}, {Vector3d(1., 2., 3.)});
  EXPECT_LT(model.GetDynamicViolation().cwiseAbs().maxCoeff(), 1e-12);
}

// foot at c + (0.1, 0, -0.5) carrying the weight: moment about the CoM (p - c) x f =
// (0, -0.1 m g, 0), so the angular residual is +0.1 m g about y
TEST(SingleRigidBodyDynamics, OffsetFootGivesMomentResidual) {
  SingleRigidBodyDynamics model = Hyq(1);
  const Vector3d com(0.3, 0.4, 0.5);
  const double weight = kHyqMass * model.g();
  model.SetCurrent(com, kZero, kIdentity, kZero, kZero, {Vector3d(0., 0., weight)}, {com + Vector3d(0.1, 0., -0.5)});
  const Vector6d violation = model.GetDynamicViolation();
  EXPECT_NEAR(violation(AY), 81.395195, 1e-9);
  EXPECT_NEAR(violation(AY), 0.1 * weight, 1e-12 * weight);
  EXPECT_NEAR(violation(AX), 0., 1e-12);
  EXPECT_NEAR(violation(AZ), 0., 1e-12);
  EXPECT_LT(violation.tail<3>().cwiseAbs().maxCoeff(), 1e-12 * weight);
}

TEST(SingleRigidBodyDynamics, GyroscopicTerm) {
  SingleRigidBodyDynamics model(1., Vector3d(1., 2., 3.).asDiagonal(), 0);
  model.SetCurrent(kZero, Vector3d(0., 0., -model.g()), kIdentity, Vector3d(1., 1., 0.), kZero, {}, {});
  const Vector6d violation = model.GetDynamicViolation();
  // omega x I omega = (1, 1, 0) x (1, 2, 0) = (0, 0, 1)
  EXPECT_LT((violation.head<3>() - Vector3d(0., 0., 1.)).norm(), 1e-14);
  EXPECT_LT(violation.tail<3>().norm(), 1e-14);
  model.SetCurrent(kZero, Vector3d(0., 0., -model.g()), kIdentity, Vector3d(0., 5., 0.), kZero, {}, {});
  EXPECT_LT(model.GetDynamicViolation().norm(), 1e-13);  // principal axis: no gyroscopic moment
}

TEST(SingleRigidBodyDynamics, InertiaIsRotatedIntoTheWorld) {
  SingleRigidBodyDynamics model(1., Vector3d(1., 2., 3.).asDiagonal(), 0);
  const Matrix3d yawQuarter = EulerConverter::RotationZ(M_PI / 2.);
  model.SetCurrent(kZero, Vector3d(0., 0., -model.g()), yawQuarter, kZero, Vector3d(1., 0., 0.), {}, {});
  EXPECT_LT((model.GetInertiaInWorld() - Matrix3d(Vector3d(2., 1., 3.).asDiagonal())).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((model.GetDynamicViolation().head<3>() - Vector3d(2., 0., 0.)).norm(), 1e-14);
}

// One random state: base linear and angular variables, per-foot force and position variables,
// every quantity an affine function of u. The violation as a function of u is evaluated with a
// fresh SetCurrent, so the finite differences see the whole model.
class RandomState {
 public:
  static constexpr int kFeet = 3;
  static constexpr int n = 9;

  explicit RandomState(unsigned seed) : rng_(seed) {
    com0 = RandomVector(rng_, 1.);
    comAcc0 = RandomVector(rng_, 5.);
    euler0 = RandomVector(rng_, 1.4);
    eulerDot0 = RandomVector(rng_, 2.);
    eulerDDot0 = RandomVector(rng_, 4.);
    jPos = RandomJacobian(rng_, n);
    jAcc = RandomJacobian(rng_, n);
    jEuler = RandomJacobian(rng_, n);
    jEulerDot = RandomJacobian(rng_, n);
    jEulerDDot = RandomJacobian(rng_, n);
    for (int e = 0; e < kFeet; ++e) {
      force0.push_back(RandomVector(rng_, 300.));
      pos0.push_back(com0 + RandomVector(rng_, 0.6));
      jForce.push_back(100. * RandomJacobian(rng_, n));
      jFootPos.push_back(RandomJacobian(rng_, n));
    }
    Vector3d principal = RandomVector(rng_, 1.) + Vector3d(3., 3., 3.);
    const Matrix3d axes = EulerConverter::GetRotationMatrix(RandomVector(rng_, 3.));
    inertia = axes * principal.asDiagonal() * axes.transpose();
    inertia = 0.5 * (inertia + inertia.transpose()).eval();
  }

  // which variable groups depend on u
  struct Active {
    bool base = false, angular = false;
    int force = -1, position = -1;
  };

  EulerConverter Converter(const VectorXd& u, const Active& a) const {
    const VectorXd du = a.angular ? u : VectorXd::Zero(n);
    return EulerConverter(euler0 + jEuler * du, eulerDot0 + jEulerDot * du, eulerDDot0 + jEulerDDot * du, jEuler,
                          jEulerDot, jEulerDDot, 0.25);
  }

  SingleRigidBodyDynamics Model(const VectorXd& u, const Active& a) const {
    SingleRigidBodyDynamics model(29.5, inertia, kFeet);
    const EulerConverter c = Converter(u, a);
    EndEffectorVectors forces = force0, positions = pos0;
    if (a.force >= 0) forces[a.force] += jForce[a.force] * u;
    if (a.position >= 0) positions[a.position] += jFootPos[a.position] * u;
    const VectorXd duBase = a.base ? u : VectorXd::Zero(n);
    model.SetCurrent(com0 + jPos * duBase, comAcc0 + jAcc * duBase, c.GetRotationMatrixBaseToWorld(),
                     c.GetAngularVelocityInWorld(), c.GetAngularAccelerationInWorld(), forces, positions);
    return model;
  }

  MatrixXd Numerical(const Active& a) const {
    return CentralDifference([&](const VectorXd& u) { return VectorXd(Model(u, a).GetDynamicViolation()); },
                             VectorXd::Zero(n), 1e-6);
  }

  Vector3d com0, comAcc0, euler0, eulerDot0, eulerDDot0;
  Jacobian jPos, jAcc, jEuler, jEulerDot, jEulerDDot;
  EndEffectorVectors force0, pos0;
  std::vector<Jacobian> jForce, jFootPos;
  Matrix3d inertia;

 private:
  std::mt19937 rng_;
};

TEST(SingleRigidBodyDynamics, JacobiansMatchCentralDifferences) {
  const VectorXd u0 = VectorXd::Zero(RandomState::n);
  for (unsigned seed = 1; seed <= 15; ++seed) {
    const RandomState s(seed);
    RandomState::Active none;
    const SingleRigidBodyDynamics model = s.Model(u0, none);

    RandomState::Active base;
    base.base = true;
    ExpectJacobianNear(model.GetJacobianWrtBaseLin(s.jPos, s.jAcc), s.Numerical(base), 1e-6, "base linear");

    RandomState::Active angular;
    angular.angular = true;
    ExpectJacobianNear(model.GetJacobianWrtBaseAng(s.Converter(u0, angular), 0.25), s.Numerical(angular), 1e-6,
                       "base angular");

    for (int e = 0; e < RandomState::kFeet; ++e) {
      RandomState::Active force, position;
      force.force = e;
      position.position = e;
      ExpectJacobianNear(model.GetJacobianWrtForce(s.jForce[e], e), s.Numerical(force), 1e-6, "force");
      ExpectJacobianNear(model.GetJacobianWrtEEPos(s.jFootPos[e], e), s.Numerical(position), 1e-6, "foot position");
    }
  }
}

TEST(SingleRigidBodyDynamics, JacobiansAreSixByNAndSparse) {
  const RandomState s(3);
  const SingleRigidBodyDynamics model = s.Model(VectorXd::Zero(RandomState::n), RandomState::Active());
  Jacobian onlyColumnTwo(3, RandomState::n);
  onlyColumnTwo.insert(0, 2) = 1.;
  const Jacobian byForce = model.GetJacobianWrtForce(onlyColumnTwo, 1);
  EXPECT_EQ(byForce.rows(), 6);
  EXPECT_EQ(byForce.cols(), RandomState::n);
  for (int row = 0; row < 6; ++row)
    for (Jacobian::InnerIterator it(byForce, row); it; ++it) EXPECT_EQ(it.col(), 2);
  const Jacobian byPosition = model.GetJacobianWrtEEPos(onlyColumnTwo, 0);
  for (int row = 3; row < 6; ++row) EXPECT_FALSE(static_cast<bool>(Jacobian::InnerIterator(byPosition, row)));
}

TEST(SingleRigidBodyDynamics, RejectsBadInput) {
  SingleRigidBodyDynamics model = Hyq(2);
  const EndEffectorVectors two(2, kZero), three(3, kZero);
  EXPECT_THROW(model.SetCurrent(kZero, kZero, kIdentity, kZero, kZero, three, two), std::invalid_argument);
  EXPECT_THROW(model.SetCurrent(kZero, kZero, kIdentity, kZero, kZero, two, three), std::invalid_argument);
  EXPECT_THROW(model.SetCurrent(Vector3d(NAN, 0., 0.), kZero, kIdentity, kZero, kZero, two, two),
               std::invalid_argument);
  EXPECT_THROW(model.SetCurrent(kZero, kZero, kIdentity, kZero, kZero, {kZero, Vector3d(0., INFINITY, 0.)}, two),
               std::invalid_argument);
  EXPECT_THROW(model.SetCurrent(kZero, kZero, 1.01 * kIdentity, kZero, kZero, two, two), std::invalid_argument);
  EXPECT_THROW(model.SetCurrent(kZero, kZero, -kIdentity, kZero, kZero, two, two), std::invalid_argument);  // det -1
  EXPECT_THROW(model.GetJacobianWrtForce(Jacobian(3, 4), 2), std::out_of_range);
  EXPECT_THROW(model.GetJacobianWrtEEPos(Jacobian(3, 4), -1), std::out_of_range);
  EXPECT_THROW(model.GetJacobianWrtForce(Jacobian(2, 4), 0), std::invalid_argument);
  EXPECT_THROW(model.GetJacobianWrtBaseLin(Jacobian(3, 4), Jacobian(3, 5)), std::invalid_argument);
  EXPECT_THROW(SingleRigidBodyDynamics(-1., kIdentity, 2), std::invalid_argument);
  Matrix3d asymmetric = kIdentity;
  asymmetric(0, 1) = 0.5;
  EXPECT_THROW(SingleRigidBodyDynamics(1., asymmetric, 2), std::invalid_argument);
  // an orientation that is not the one given to SetCurrent
  const EulerConverter turned(Vector3d(0.1, 0., 0.), kZero, kZero, Jacobian(3, 4), Jacobian(3, 4), Jacobian(3, 4));
  model.SetCurrent(kZero, kZero, kIdentity, kZero, kZero, two, two);
  EXPECT_THROW(model.GetJacobianWrtBaseAng(turned, 0.), std::invalid_argument);
  // a valid call leaves the state usable: the last good state is kept after a rejected one
  EXPECT_THROW(model.SetCurrent(kZero, kZero, kIdentity, kZero, kZero, three, three), std::invalid_argument);
  EXPECT_LT((model.GetDynamicViolation().tail<3>() - Vector3d(0., 0., kHyqMass * model.g())).norm(), 1e-12);
}

}  // namespace
}  // namespace centroidal
}  // namespace multidyn
