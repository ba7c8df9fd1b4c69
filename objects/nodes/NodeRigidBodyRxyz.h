// A rigid-body node: displacements and Tait-Bryan xyz angles (6 ODE2 coordinates).
#pragma once

#include "core/foundation/Rotations.h"
#include "core/items/Node.h"

namespace multidyn {

class NodeRigidBodyRxyz : public NodeKernels<NodeRigidBodyRxyz> {
 public:
  using Vector6 = Eigen::Matrix<double, 6, 1>;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 6; }
  bool ProvidesPosition() const override { return true; }
  bool ProvidesOrientation() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }
  // The angles themselves, so that the output stays continuous beyond +-pi.
  Vector3 RotationOutput(const NodeCoordinates<double>& c) const override { return c.q.segment<3>(3); }

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    const S t0 = c.q(3), t1 = c.q(4), t2 = c.q(5);
    const Vec3<S> theta_t = c.q_t.template segment<3>(3);
    k.position = c.q.template head<3>();
    k.velocity = c.q_t.template head<3>();
    k.rotation = RotXYZToRotationMatrix(t0, t1, t2);
    k.G = RotXYZToG(t0, t1);
    k.Glocal = RotXYZToGLocal(t1, t2);
    k.angularVelocityLocal = k.Glocal * theta_t;
    k.Glocal_tTheta_t = RotXYZGLocal_tTheta_t(t1, t2, theta_t);
    k.numberOfCoordinates = 6;
    k.rotationStart = 3;
    k.hasOrientation = true;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector6 referenceCoordinates = Vector6::Zero();
  Vector6 initialCoordinates = Vector6::Zero();
  Vector6 initialVelocities = Vector6::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
