// All ODE2 coordinates of a node as one coordinate vector, as totals (reference + stored values,
// unlike MarkerNodeCoordinate: Exudyn's definition), for CoordinateVectorConstraint. On a ground
// node (NodePointGround) the vector is empty and the marker acts on nothing.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerNodeCoordinates : public MarkerKernels<MarkerNodeCoordinates> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesPosition() const override { return false; }
  bool ProvidesCoordinateVector() const override { return true; }
  NodeIndex NodeNumber() const override { return nodeNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body*, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    data.position = nodes[0].position;  // the node's position, for outputs (as Exudyn's marker position)
    data.velocity = nodes[0].velocity;
    CoordinateVectorOfNodes(nodes, 1, data);
  }

  NodeIndex nodeNumber;
  bool visualizationShow = true;
};

}  // namespace multidyn
