// Data coordinates: discrete state kept between steps (not part of the equations).
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodeGenericData : public NodeKernels<NodeGenericData> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfDataCoordinates() const override { return numberOfDataCoordinates; }
  VectorX InitialDataCoordinates() const override { return initialCoordinates; }
  void Check(const SystemView& system) const override;

  template <class S> void Kinematics(const NodeCoordinates<S>&, NodeKinematics<S>& k) const {
    k.numberOfCoordinates = 0;
  }

  Index numberOfDataCoordinates = 0;
  VectorX initialCoordinates;
};

}  // namespace multidyn
