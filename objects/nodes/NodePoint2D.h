// A point in the x-y plane with two displacement coordinates (ODE2); its position is
// p = [q_0, q_1, 0] + [r_0, r_1, 0] (reference [r_0, r_1]).
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodePoint2D : public NodeKernels<NodePoint2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 2; }
  bool ProvidesPosition() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    k.position << c.q(0), c.q(1), S(0.);
    k.velocity << c.q_t(0), c.q_t(1), S(0.);
    k.numberOfCoordinates = 2;
    k.positionCoordinates = 2;
    k.rotationStart = 2;
    k.hasOrientation = false;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector2 referenceCoordinates = Vector2::Zero();
  Vector2 initialCoordinates = Vector2::Zero();
  Vector2 initialVelocities = Vector2::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
