// Kinematic quantities passed between nodes, bodies, markers and connectors. Templated on
// the scalar so that the same code yields values (double) and exact Jacobians (ADScalar16).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "core/foundation/GrowingMatrix.h"
#include "core/foundation/Types.h"

namespace multidyn {

// Coordinates of one node: totals (reference + displacement) and their time derivatives, as
// views of contiguous vectors or segments. (Maps, not Eigen::Ref: a Ref to a vector of run-time
// size frees its unused temporary on destruction, a call of free per view and evaluation.)
template <class S> struct NodeCoordinates {
  template <class Q, class Q_t> NodeCoordinates(const Q& q_, const Q_t& q_t_)
      : q(q_.data(), q_.size()), q_t(q_t_.data(), q_t_.size()) {
    static_assert(Q::InnerStrideAtCompileTime == 1 && Q_t::InnerStrideAtCompileTime == 1, "contiguous coordinates");
  }
  Eigen::Map<const VecXUnbounded<S>> q;
  Eigen::Map<const VecXUnbounded<S>> q_t;
};

template <class S> struct NodeKinematics {
  Vec3<S> position = Vec3<S>::Zero();
  Vec3<S> velocity = Vec3<S>::Zero();
  Mat3<S> rotation = Mat3<S>::Identity();  // A_0N: node frame -> global frame
  Vec3<S> angularVelocityLocal = Vec3<S>::Zero();  // omega in node frame
  Mat3XRotation<S> G;  // global omega = G * theta_t
  Mat3XRotation<S> Glocal;  // local omega = Glocal * theta_t
  Vec3<S> Glocal_tTheta_t = Vec3<S>::Zero();  // d(Glocal)/dt * theta_t
  Index numberOfCoordinates = 0;
  Index positionCoordinates = 3;  // translations at the start (2: planar node, 0: ground node)
  Index rotationStart = 3;  // first rotation parameter among the node's coordinates
  bool hasOrientation = false;
  // The stored ODE2 coordinates (relative to the reference values, as Exudyn's coordinate
  // markers measure them) and their velocities. Storage of the node's size, kept (GrowingMatrix):
  // room for the largest node in each would be kilobytes per node.
  GrowingMatrix<VecX<S>> coordinates;
  GrowingMatrix<VecX<S>> coordinates_t;
  // The node's reference values (numberOfCoordinates of them; nullptr for nodes without
  // coordinates): coordinate-vector markers measure totals, coordinates + reference, as Exudyn's
  // MarkerNodeCoordinates do. A pointer, not a copy: set in every evaluation at the cost of a store.
  const double* referenceCoordinates = nullptr;

  // The defaults above, field by field: cheaper than assigning a new object, whose fixed-size
  // storage (mostly unused) would be zeroed whole. A new field goes here too (KinematicsTest).
  void Reset() {
    position.setZero();
    velocity.setZero();
    rotation.setIdentity();
    angularVelocityLocal.setZero();
    G.resize(3, 0);
    Glocal.resize(3, 0);
    Glocal_tTheta_t.setZero();
    numberOfCoordinates = 0;
    positionCoordinates = 3;
    rotationStart = 3;
    hasOrientation = false;
    coordinates.resize(0);
    coordinates_t.resize(0);
    referenceCoordinates = nullptr;
  }
};

// Fills the stored coordinates of a node's kinematics from its total coordinates.
template <class S, class Reference>
void StoreNodeCoordinates(const NodeCoordinates<S>& c, const Reference& referenceCoordinates, NodeKinematics<S>& k) {
  k.coordinates = c.q - referenceCoordinates.template cast<S>();
  k.coordinates_t = c.q_t;
  k.referenceCoordinates = referenceCoordinates.data();
}

// What a marker provides to connectors and loads. Jacobians are with respect to the
// ODE2 coordinates the marker depends on (its local coordinates, in the order of its nodes).
template <class S> struct MarkerData {
  Vec3<S> position = Vec3<S>::Zero();
  Vec3<S> velocity = Vec3<S>::Zero();
  Mat3<S> orientation = Mat3<S>::Identity();  // A_0M: marker frame -> global frame
  Vec3<S> angularVelocityLocal = Vec3<S>::Zero();  // omega in marker frame
  // Storage of the marker's size, kept (GrowingMatrix), as for the node coordinates.
  GrowingMatrix<Mat3X<S>> positionJacobian;  // d(p_0M)/dq, 3 x n
  GrowingMatrix<Mat3X<S>> rotationJacobian;  // d(omega_0)/dq_t, 3 x n
  // Coordinate markers (Marker::ProvidesCoordinate): one scalar coordinate, its velocity and
  // d(coordinate)/dq (1 x n); other markers leave coordinateJacobian empty.
  S coordinate = S(0.);
  S coordinate_t = S(0.);
  GrowingMatrix<Eigen::Matrix<S, 1, Eigen::Dynamic, Eigen::RowMajor, 1, MaxLocalCoordinates<S>::value>>
      coordinateJacobian;
  // Coordinate-vector markers (Marker::ProvidesCoordinateVector): a vector q_m of coordinates and
  // its velocities. Its Jacobian dq_m/dq is the identity on the marker's coordinates (those of its
  // nodes, in node order; none for a ground marker), so it is not stored, and a load on them
  // (MarkerLoad::coordinateVectorForce) is the generalized force itself. Other markers leave them empty.
  GrowingMatrix<VecX<S>> coordinateVector;
  GrowingMatrix<VecX<S>> coordinateVector_t;
  // Set by the caller: false when only the pose, its velocities and the generalized loads will
  // be read (constraint equations, residuals), so that markers with a compact form may skip the
  // Jacobians. Markers without one fill them anyway.
  bool withJacobians = true;
  // The compact form of a frame rigidly attached to one node (RigidFrameFromNode): J_p = [I, -A b~ Glocal]
  // and J_r = [0, G] in the node's coordinates, b = A^T (p_M - p_N) the arm in node axes; the
  // generalized load is then f on the translations and G^T tau + Glocal^T (b x A^T f) on the
  // rotation parameters (SystemEquations::AddGeneralizedLoad).
  const NodeKinematics<S>* rigidNode = nullptr;
  Vec3<S> rigidArmLocal = Vec3<S>::Zero();

  // The defaults above (but withJacobians, which the caller sets), keeping the storage: for a
  // buffer that held another marker's data.
  void Reset() {
    position.setZero();
    velocity.setZero();
    orientation.setIdentity();
    angularVelocityLocal.setZero();
    positionJacobian.resize(3, 0);
    rotationJacobian.resize(3, 0);
    coordinate = S(0.);
    coordinate_t = S(0.);
    coordinateJacobian.resize(1, 0);
    coordinateVector.resize(0);
    coordinateVector_t.resize(0);
    rigidNode = nullptr;
    rigidArmLocal.setZero();
  }
};

// Loads that a connector, constraint or load applies to its markers, in global axes:
// generalized forces are positionJacobian^T * force + rotationJacobian^T * torque
// + coordinateJacobian^T * coordinateForce + coordinateVectorForce.
template <class S> struct MarkerLoad {
  Vec3<S> force = Vec3<S>::Zero();
  Vec3<S> torque = Vec3<S>::Zero();
  S coordinateForce = S(0.);  // generalized force on a coordinate marker's coordinate
  // Generalized forces on the coordinates of a coordinate-vector marker (empty: none).
  VecX<S> coordinateVectorForce;
};

// Component i of the generalized force of `load` at a marker:
// J_p(:, i) . force + J_r(:, i) . torque + J_c(i) coordinateForce + coordinateVectorForce(i)
// (absent parts are empty).
template <class S> S GeneralizedLoadComponent(const MarkerData<S>& data, const MarkerLoad<S>& load, Index i) {
  S value = S(0.);
  if (i < data.positionJacobian.cols()) value += data.positionJacobian.col(i).dot(load.force);
  if (i < data.rotationJacobian.cols()) value += data.rotationJacobian.col(i).dot(load.torque);
  if (i < data.coordinateJacobian.cols()) value += data.coordinateJacobian(i) * load.coordinateForce;
  if (i < load.coordinateVectorForce.size()) value += load.coordinateVectorForce(i);
  return value;
}

// The coordinate vector of `count` nodes (their total coordinates, reference + stored, in node
// order) and its velocities, for coordinate-vector markers; nodes without coordinates add none.
template <class S> void CoordinateVectorOfNodes(const NodeKinematics<S>* nodes, Index count, MarkerData<S>& data) {
  Index n = 0;
  for (Index i = 0; i < count; ++i) n += Index(nodes[i].coordinates.size());
  data.coordinateVector.resize(n);
  data.coordinateVector_t.resize(n);
  for (Index i = 0, k = 0; i < count; ++i) {
    const NodeKinematics<S>& node = nodes[i];
    for (Index j = 0; j < Index(node.coordinates.size()); ++j, ++k) {
      data.coordinateVector(k) = node.coordinates(j) + node.referenceCoordinates[j];
      data.coordinateVector_t(k) = node.coordinates_t(j);
    }
  }
}

// R == Matrix3::Identity(), cheaply: the residual tests the marker and joint rotations in every
// evaluation. Most other rotations fail on R(0, 0); then the bit patterns, without branches: 1.0
// has one, 0.0 two (+-0, equal up to the sign bit).
inline bool IsIdentity(const Matrix3& R) {
  if (R(0, 0) != 1.) return false;
  std::uint64_t bits[9];
  std::memcpy(bits, R.data(), sizeof(bits));
  const std::uint64_t one = 0x3FF0000000000000u;
  const std::uint64_t offDiagonal = bits[1] | bits[2] | bits[3] | bits[5] | bits[6] | bits[7];
  return ((bits[0] ^ one) | (bits[4] ^ one) | (bits[8] ^ one) | (offDiagonal << 1)) == 0;
}

// A * R for a constant R; skips the product for the common R = I (it costs much with
// derivatives attached).
template <class S> Mat3<S> RotatedBy(const Mat3<S>& A, const Matrix3& R) {
  if (IsIdentity(R)) return A;
  return A * R.cast<S>();
}

// The Jacobians of RigidFrameFromNode: J_p = [I, -A b~ Glocal], J_r = [0, G]. J_p is the map of
// the velocity v_N + A (omega_local x b), so that the loads do the power f . v: with Euler
// parameters off the unit sphere (index-2 constraints let |e| drift) A is not orthogonal and
// -(A b)~ G would be another map (Exudyn uses this one too: docs/theory/PositionAndRigidMarkers.md).
template <class S> void RigidFrameJacobians(const NodeKinematics<S>& node, bool atNode, MarkerData<S>& frame) {
  const Index n = node.numberOfCoordinates;
  frame.positionJacobian.setZero(3, n);
  const Index translations = std::min(node.positionCoordinates, n);
  frame.positionJacobian.topLeftCorner(translations, translations).setIdentity();
  frame.rotationJacobian.setZero(3, n);
  if (!node.hasOrientation) return;
  // column by column with fixed-size vectors, much cheaper than products of dynamic-size blocks
  const Vec3<S>& b = frame.rigidArmLocal;
  for (Index j = 0; j < node.G.cols(); ++j) {
    frame.rotationJacobian.col(node.rotationStart + j) = node.G.col(j);
    if (!atNode)
      frame.positionJacobian.col(node.rotationStart + j) = node.rotation * Vec3<S>(node.Glocal.col(j)).cross(b);
  }
}

// The frame at local position b of a rigid node: p + A*b, with its Jacobians (out of line: the
// residual, in every evaluation, asks for the pose only).
template <class S>
void RigidFrameFromNode(const NodeKinematics<S>& node, const Vector3& localPosition, MarkerData<S>& frame) {
  const bool atNode = localPosition.isZero(0.);
  frame.orientation = node.rotation;
  frame.angularVelocityLocal = node.angularVelocityLocal;
  Vec3<S>& b = frame.rigidArmLocal;
  frame.rigidNode = &node;
  if (atNode) {
    b.setZero();
    frame.position = node.position;
    frame.velocity = node.velocity;
  } else {
    b = localPosition.cast<S>();
    frame.position = node.position + node.rotation * b;
    frame.velocity = node.velocity + node.rotation * node.angularVelocityLocal.cross(b);
  }
  if (frame.withJacobians) RigidFrameJacobians(node, atNode, frame);
}

}  // namespace multidyn
