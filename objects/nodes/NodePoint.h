// A point with three displacement coordinates (ODE2).
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodePoint : public NodeKernels<NodePoint> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 3; }
  bool ProvidesPosition() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    k.position = c.q.template head<3>();
    k.velocity = c.q_t.template head<3>();
    k.numberOfCoordinates = 3;
    k.hasOrientation = false;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector3 referenceCoordinates = Vector3::Zero();
  Vector3 initialCoordinates = Vector3::Zero();
  Vector3 initialVelocities = Vector3::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
