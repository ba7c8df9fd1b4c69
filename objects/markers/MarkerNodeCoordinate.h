// One ODE2 coordinate of a node, as stored (without its reference value, as in Exudyn); on a
// node without coordinates (NodePointGround) the coordinate is 0 and acts on nothing.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerNodeCoordinate : public MarkerKernels<MarkerNodeCoordinate> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesPosition() const override { return false; }
  bool ProvidesCoordinate() const override { return true; }
  NodeIndex NodeNumber() const override { return nodeNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body*, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    const NodeKinematics<S>& node = nodes[0];
    data.position = node.position;  // the node's position, for outputs (as Exudyn's marker position)
    data.velocity = node.velocity;
    data.coordinateJacobian.setZero(1, node.numberOfCoordinates);
    if (node.numberOfCoordinates == 0) {
      data.coordinate = S(0.);
      data.coordinate_t = S(0.);
      return;
    }
    data.coordinate = node.coordinates(coordinate);
    data.coordinate_t = node.coordinates_t(coordinate);
    data.coordinateJacobian(0, coordinate) = S(1.);
  }

  NodeIndex nodeNumber;
  Index coordinate = invalidIndex;
  bool visualizationShow = true;
};

}  // namespace multidyn
