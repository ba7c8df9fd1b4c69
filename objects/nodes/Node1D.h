// One ODE2 coordinate c (a translation or a rotation, e.g. of ObjectMass1D or
// ObjectRotationalMass1D). As in Exudyn, its kinematics carry the total coordinate
// p_0 = c_ref + c as the internal position [p_0, 0, 0] (velocity [c_t, 0, 0]) for the objects
// on it; it provides no position to markers (MarkerNodeCoordinate reaches the coordinate).
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class Node1D : public NodeKernels<Node1D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 1; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }
  void Check(const SystemView& system) const override;

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    k.position << c.q(0), S(0.), S(0.);
    k.velocity << c.q_t(0), S(0.), S(0.);
    k.numberOfCoordinates = 1;
    k.positionCoordinates = 0;
    k.rotationStart = 0;
    k.hasOrientation = false;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  VectorX referenceCoordinates = VectorX::Zero(1);
  VectorX initialCoordinates = VectorX::Zero(1);
  VectorX initialVelocities = VectorX::Zero(1);
  bool visualizationShow = false;
};

}  // namespace multidyn
