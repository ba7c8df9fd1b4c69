// MarkerNodeRotationCoordinate against finite differences of the node's rotation matrix: its
// Jacobian row is the rotation increment about the global axis, its velocity the global angular
// velocity component, its value the Tait-Bryan angle (the node's own angle for RigidRxyz).
#include <gtest/gtest.h>

#include "objects/markers/MarkerNodeRotationCoordinate.h"
#include "objects/nodes/NodeRigidBody2D.h"
#include "objects/nodes/NodeRigidBodyRxyz.h"

namespace multidyn {
namespace {

// The axial vector of the skew-symmetric part of M.
Vector3 Axial(const Matrix3& M) { return 0.5 * Vector3(M(2, 1) - M(1, 2), M(0, 2) - M(2, 0), M(1, 0) - M(0, 1)); }

MarkerData<double> RotationMarkerData(const NodeKinematics<double>& node, Index rotationCoordinate) {
  MarkerNodeRotationCoordinate marker;
  marker.rotationCoordinate = rotationCoordinate;
  MarkerData<double> data;
  marker.MarkerDataOf(nullptr, &node, data);
  return data;
}

template <class Node> Matrix3 RotationAt(const Node& node, const VectorX& q) {
  NodeKinematics<double> k;
  const VectorX q_t = VectorX::Zero(q.size());
  node.Kinematics(NodeCoordinates<double>(q, q_t), k);
  return k.rotation;
}

template <class Node> void CheckAgainstFiniteDifferences(const Node& node, const VectorX& q, const VectorX& q_t) {
  NodeKinematics<double> k;
  node.Kinematics(NodeCoordinates<double>(q, q_t), k);
  const double eps = 1e-6;
  const Matrix3 A = RotationAt(node, q);
  // the global angular velocity from the rotation along q + t q_t: A_t A^T = omega~
  const Vector3 omega =
      Axial((RotationAt(node, q + eps * q_t) - RotationAt(node, q - eps * q_t)) / (2. * eps) * A.transpose());
  for (Index i = 0; i < 3; ++i) {
    const MarkerData<double> data = RotationMarkerData(k, i);
    EXPECT_NEAR(data.coordinate_t, omega(i), 1e-8) << "axis " << i;
    ASSERT_EQ(data.coordinateJacobian.cols(), q.size());
    for (Index j = 0; j < q.size(); ++j) {
      VectorX plus = q, minus = q;
      plus(j) += eps;
      minus(j) -= eps;
      // the small rotation of the global frame caused by dq_j: (dA/dq_j) A^T = delta~
      const Vector3 delta = Axial((RotationAt(node, plus) - RotationAt(node, minus)) / (2. * eps) * A.transpose());
      EXPECT_NEAR(data.coordinateJacobian(j), delta(i), 1e-8) << "axis " << i << ", coordinate " << j;
    }
  }
}

TEST(MarkerNodeRotationCoordinate, RigidRxyzAgainstFiniteDifferencesOfTheRotation) {
  NodeRigidBodyRxyz node;
  node.referenceCoordinates << 0.1, -0.2, 0.3, 0.7, -0.4, 1.1;
  VectorX q = node.referenceCoordinates;
  q(5) += 0.2;  // a displacement of the angle: the marker measures the total rotation
  VectorX q_t(6);
  q_t << 0.5, 0.1, -0.3, 1.3, -0.7, 2.1;
  CheckAgainstFiniteDifferences(node, q, q_t);
  // the value: the node's Tait-Bryan angles themselves (in (-pi, pi), |theta_1| < pi/2)
  NodeKinematics<double> k;
  node.Kinematics(NodeCoordinates<double>(q, q_t), k);
  for (Index i = 0; i < 3; ++i) {
    const MarkerData<double> data = RotationMarkerData(k, i);
    EXPECT_NEAR(data.coordinate, q(3 + i), 1e-14);
  }
}

TEST(MarkerNodeRotationCoordinate, TheJacobianIsTheAngleDerivativeOnlyForSmallAngles) {
  // Exudyn's linearisation: G row i against d(theta_i)/dq = e_i
  NodeRigidBodyRxyz node;
  for (double scale : {1e-5, 1.}) {
    VectorX q(6), q_t = VectorX::Zero(6);
    q << 0., 0., 0., 0.7 * scale, -0.4 * scale, 1.1 * scale;
    NodeKinematics<double> k;
    node.Kinematics(NodeCoordinates<double>(q, q_t), k);
    const MarkerData<double> data = RotationMarkerData(k, 2);
    const double deviation = (data.coordinateJacobian.tail<3>() - Eigen::RowVector3d(0., 0., 1.)).norm();
    if (scale < 1.)
      EXPECT_LT(deviation, 1e-4);
    else
      EXPECT_GT(deviation, 0.3);
  }
}

TEST(MarkerNodeRotationCoordinate, RigidBody2D) {
  NodeRigidBody2D node;
  node.referenceCoordinates << 0.3, -0.1, 2.5;
  VectorX q = node.referenceCoordinates, q_t(3);
  q_t << 0.2, -0.4, 1.7;
  CheckAgainstFiniteDifferences(node, q, q_t);
  NodeKinematics<double> k;
  node.Kinematics(NodeCoordinates<double>(q, q_t), k);
  const MarkerData<double> data = RotationMarkerData(k, 2);
  EXPECT_NEAR(data.coordinate, 2.5, 1e-14);
  EXPECT_NEAR(data.coordinate_t, 1.7, 1e-14);
}

}  // namespace
}  // namespace multidyn
