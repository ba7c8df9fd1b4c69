// A point fixed to ground: no coordinates. Coordinate markers on it read 0 ('blind' coordinates
// for CoordinateSpringDamper and CoordinateConstraint); position markers read its reference position.
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodePointGround : public NodeKernels<NodePointGround> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesPosition() const override { return true; }
  bool ProvidesOrientation() const override { return true; }  // the identity, as Exudyn's ground node

  template <class S> void Kinematics(const NodeCoordinates<S>&, NodeKinematics<S>& k) const {
    k.position = referenceCoordinates.cast<S>();
    k.velocity.setZero();
    k.rotation.setIdentity();
    k.angularVelocityLocal.setZero();
    k.numberOfCoordinates = 0;
    k.positionCoordinates = 0;
    k.rotationStart = 0;
    k.hasOrientation = false;  // nothing to differentiate: the frame is fixed
    k.coordinates.resize(0);
    k.coordinates_t.resize(0);
  }

  Vector3 referenceCoordinates = Vector3::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
