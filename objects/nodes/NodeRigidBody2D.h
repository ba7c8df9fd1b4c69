// A planar rigid-body node: displacements [u_x, u_y] and the rotation angle psi about the
// global z-axis (3 ODE2 coordinates); A_0N = Rz(theta) with theta = psi_ref + psi.
#pragma once

#include <cmath>

#include "core/items/Node.h"

namespace multidyn {

class NodeRigidBody2D : public NodeKernels<NodeRigidBody2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 3; }
  bool ProvidesPosition() const override { return true; }
  bool ProvidesOrientation() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }
  // [0, 0, theta] with the total angle, continuous beyond +-pi (as Exudyn).
  Vector3 RotationOutput(const NodeCoordinates<double>& c) const override { return Vector3(0., 0., c.q(2)); }

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    using std::cos;
    using std::sin;
    const S theta = c.q(2);
    const S cosTheta = cos(theta), sinTheta = sin(theta);
    k.position << c.q(0), c.q(1), S(0.);
    k.velocity << c.q_t(0), c.q_t(1), S(0.);
    k.rotation << cosTheta, -sinTheta, S(0.), sinTheta, cosTheta, S(0.), S(0.), S(0.), S(1.);
    k.G.setZero(3, 1);  // omega = e_z * theta_t, in global and in node axes
    k.G(2, 0) = S(1.);
    k.Glocal = k.G;
    k.angularVelocityLocal << S(0.), S(0.), c.q_t(2);
    k.Glocal_tTheta_t.setZero();
    k.numberOfCoordinates = 3;
    k.positionCoordinates = 2;
    k.rotationStart = 2;
    k.hasOrientation = true;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector3 referenceCoordinates = Vector3::Zero();
  Vector3 initialCoordinates = Vector3::Zero();
  Vector3 initialVelocities = Vector3::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
