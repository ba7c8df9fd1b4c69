// NodeKinematics::Reset restores every field to its default (a node's kinematics buffer is reused
// for another node, which may leave fields at their defaults); IsIdentity; the Jacobians of a
// rigid frame are the map of its velocity, also off the unit sphere of the Euler parameters.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "core/foundation/Kinematics.h"
#include "core/foundation/Rotations.h"

using namespace multidyn;

TEST(Kinematics, ResetRestoresEveryDefault) {
  NodeKinematics<double> k;
  k.position.setConstant(1.);
  k.velocity.setConstant(2.);
  k.rotation.setConstant(3.);
  k.angularVelocityLocal.setConstant(4.);
  k.G.setConstant(3, 4, 5.);
  k.Glocal.setConstant(3, 4, 6.);
  k.Glocal_tTheta_t.setConstant(7.);
  k.numberOfCoordinates = 7;
  k.positionCoordinates = 2;
  k.rotationStart = 2;
  k.hasOrientation = true;
  k.coordinates.setConstant(7, 8.);
  k.coordinates_t.setConstant(7, 9.);
  const double reference[7] = {};
  k.referenceCoordinates = reference;
  k.Reset();
  const NodeKinematics<double> defaults;
  EXPECT_EQ(k.position, defaults.position);
  EXPECT_EQ(k.velocity, defaults.velocity);
  EXPECT_EQ(k.rotation, defaults.rotation);
  EXPECT_EQ(k.angularVelocityLocal, defaults.angularVelocityLocal);
  EXPECT_EQ(k.G.cols(), defaults.G.cols());
  EXPECT_EQ(k.Glocal.cols(), defaults.Glocal.cols());
  EXPECT_EQ(k.Glocal_tTheta_t, defaults.Glocal_tTheta_t);
  EXPECT_EQ(k.numberOfCoordinates, defaults.numberOfCoordinates);
  EXPECT_EQ(k.positionCoordinates, defaults.positionCoordinates);
  EXPECT_EQ(k.rotationStart, defaults.rotationStart);
  EXPECT_EQ(k.hasOrientation, defaults.hasOrientation);
  EXPECT_EQ(k.coordinates.size(), defaults.coordinates.size());
  EXPECT_EQ(k.coordinates_t.size(), defaults.coordinates_t.size());
  EXPECT_EQ(k.referenceCoordinates, defaults.referenceCoordinates);
}

// MarkerData::Reset, for the buffers of the Jacobian evaluation reused from marker to marker.
TEST(Kinematics, MarkerDataResetRestoresEveryDefault) {
  MarkerData<double> m;
  m.position.setConstant(1.);
  m.velocity.setConstant(2.);
  m.orientation.setConstant(3.);
  m.angularVelocityLocal.setConstant(4.);
  m.positionJacobian.setConstant(3, 7, 5.);
  m.rotationJacobian.setConstant(3, 7, 6.);
  m.coordinate = 7.;
  m.coordinate_t = 8.;
  m.coordinateJacobian.setConstant(1, 7, 9.);
  m.coordinateVector.setConstant(7, 10.);
  m.coordinateVector_t.setConstant(7, 11.);
  const NodeKinematics<double> node;
  m.rigidNode = &node;
  m.rigidArmLocal.setConstant(12.);
  m.Reset();
  const MarkerData<double> defaults;
  EXPECT_EQ(m.position, defaults.position);
  EXPECT_EQ(m.velocity, defaults.velocity);
  EXPECT_EQ(m.orientation, defaults.orientation);
  EXPECT_EQ(m.angularVelocityLocal, defaults.angularVelocityLocal);
  EXPECT_EQ(m.positionJacobian.cols(), defaults.positionJacobian.cols());
  EXPECT_EQ(m.rotationJacobian.cols(), defaults.rotationJacobian.cols());
  EXPECT_EQ(m.coordinate, defaults.coordinate);
  EXPECT_EQ(m.coordinate_t, defaults.coordinate_t);
  EXPECT_EQ(m.coordinateJacobian.cols(), defaults.coordinateJacobian.cols());
  EXPECT_EQ(m.coordinateVector.size(), defaults.coordinateVector.size());
  EXPECT_EQ(m.coordinateVector_t.size(), defaults.coordinateVector_t.size());
  EXPECT_EQ(m.rigidNode, defaults.rigidNode);
  EXPECT_EQ(m.rigidArmLocal, defaults.rigidArmLocal);
}

// IsIdentity (bit patterns) decides as Eigen's R == Matrix3::Identity(): -0 counts as 0, NaN and
// entries near 0 or 1 do not.
TEST(Kinematics, IsIdentityIsEigensComparisonWithTheIdentity) {
  std::vector<Matrix3> cases;
  cases.push_back(Matrix3::Identity());
  Matrix3 negativeZeros = Matrix3::Identity();
  negativeZeros(1, 0) = negativeZeros(0, 2) = negativeZeros(2, 1) = -0.;
  cases.push_back(negativeZeros);
  cases.push_back(-Matrix3::Identity());
  cases.push_back((Matrix3() << 0., 1., 0., -1., 0., 0., 0., 0., 1.).finished());
  for (Index i = 0; i < 9; ++i)
    for (const double value : {1e-300, -1e-300, 1. + 1e-16 * 2.2, std::nan(""), 2., 0.5, -1.}) {
      Matrix3 R = Matrix3::Identity();
      R.data()[i] = value;
      cases.push_back(R);
    }
  for (const Matrix3& R : cases) EXPECT_EQ(IsIdentity(R), R == Matrix3::Identity()) << R;
}

// J_p q_t = v_M and J_r q_t = omega_M for a frame at b on an Euler-parameter node, at random
// states with |e| != 1 (index-2 constraints let |e| drift); so the generalized load J^T f of a
// force f does the power f . v_M. (-(A b)~ G, the global form, fails this off the unit sphere.)
TEST(Kinematics, RigidFrameJacobiansAreTheMapOfItsVelocityOffTheUnitSphere) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> uniform(-1., 1.);
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::Vector4d e, e_t;
    for (int i = 0; i < 4; ++i) {
      e(i) = uniform(random);
      e_t(i) = uniform(random);
    }
    e *= (trial % 2 ? 1.3 : 0.8) / e.norm();
    VectorX q_t(7);
    q_t << uniform(random), uniform(random), uniform(random), e_t;
    NodeKinematics<double> node;
    node.position = Vector3(0.1, -0.2, 0.3);
    node.velocity = q_t.head<3>();
    node.rotation = EulerParametersToRotationMatrix(e);
    node.G = EulerParametersToG(e);
    node.Glocal = EulerParametersToGLocal(e);
    node.angularVelocityLocal = node.Glocal * e_t;
    node.numberOfCoordinates = 7;
    node.hasOrientation = true;
    const Vector3 b(uniform(random), uniform(random), uniform(random));
    MarkerData<double> frame;
    RigidFrameFromNode(node, b, frame);
    EXPECT_LT((frame.positionJacobian * q_t - frame.velocity).norm(), 1e-14) << "trial " << trial;
    EXPECT_LT((frame.rotationJacobian * q_t - node.G * e_t).norm(), 1e-14) << "trial " << trial;
    const Vector3 force(uniform(random), uniform(random), uniform(random));
    EXPECT_NEAR((frame.positionJacobian.transpose() * force).dot(q_t), force.dot(frame.velocity), 1e-14);
    Matrix3 armTilde;
    const Vector3 Ab = node.rotation * b;
    armTilde << 0., -Ab(2), Ab(1), Ab(2), 0., -Ab(0), -Ab(1), Ab(0), 0.;
    const Eigen::Matrix<double, 3, 4> globalForm = -armTilde * node.G;  // the map it is not
    EXPECT_GT((globalForm * e_t + node.velocity - frame.velocity).norm(), 1e-6) << "trial " << trial;
  }
}
