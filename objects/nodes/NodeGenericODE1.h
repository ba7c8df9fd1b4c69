// Any number of first-order (ODE1) coordinates; their equations come from objects such as
// ObjectGenericODE1.
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodeGenericODE1 : public NodeKernels<NodeGenericODE1> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE1Coordinates() const override { return numberOfODE1Coordinates; }
  VectorX ReferenceODE1Coordinates() const override { return referenceCoordinates; }
  VectorX InitialODE1Coordinates() const override { return initialCoordinates; }
  void Check(const SystemView& system) const override;

  template <class S> void Kinematics(const NodeCoordinates<S>&, NodeKinematics<S>& k) const {
    k.numberOfCoordinates = 0;  // no ODE2 coordinates, hence no kinematics
  }

  VectorX referenceCoordinates;
  VectorX initialCoordinates;
  Index numberOfODE1Coordinates = 0;
};

}  // namespace multidyn
