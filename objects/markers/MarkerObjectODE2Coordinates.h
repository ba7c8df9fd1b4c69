// All ODE2 coordinates of a body (those of its nodes, in node order: e.g. an ObjectGenericODE2 on
// several nodes) as one coordinate vector, as totals (reference + stored values, Exudyn's
// definition), for CoordinateVectorConstraint. On the ground the vector is empty.
#pragma once

#include "core/items/Marker.h"

namespace multidyn {

class MarkerObjectODE2Coordinates : public MarkerKernels<MarkerObjectODE2Coordinates> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesPosition() const override { return false; }
  bool ProvidesCoordinateVector() const override { return true; }
  // The body's nodes are the marker's (Assemble() compiles them from BodyNumber()).
  ObjectIndex BodyNumber() const override { return objectNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body*, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    CoordinateVectorOfNodes(nodes, numberOfNodes_, data);
  }

  ObjectIndex objectNumber;
  bool visualizationShow = true;

 private:
  // The body's number of nodes, from Check() (run by AddMarker and Assemble): asking the body
  // for its node list in every evaluation would allocate it.
  mutable Index numberOfNodes_ = 0;
};

}  // namespace multidyn
