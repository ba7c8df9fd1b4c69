// The position of a node.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerNodePosition : public MarkerKernels<MarkerNodePosition> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  NodeIndex NodeNumber() const override { return nodeNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body*, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    RigidFrameFromNode(nodes[0], Vector3::Zero(), data);
  }

  NodeIndex nodeNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
