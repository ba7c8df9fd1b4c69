// Base of markers: a point and/or frame on a body or node, with its Jacobians.
#pragma once

#include "core/foundation/Kinematics.h"
#include "core/items/Body.h"
#include "core/items/Item.h"

namespace multidyn {

class Marker : public Item {
 public:
  virtual bool ProvidesPosition() const { return true; }
  virtual bool ProvidesOrientation() const { return false; }
  // Coordinate markers give MarkerData::coordinate (and no position): Exudyn's 'Coordinate' type.
  virtual bool ProvidesCoordinate() const { return false; }
  // Coordinate-vector markers give MarkerData::coordinateVector (all coordinates of a node or an
  // object, any number) and take MarkerLoad::coordinateVectorForce: Exudyn's 'Coordinates' type.
  virtual bool ProvidesCoordinateVector() const { return false; }
  virtual ObjectIndex BodyNumber() const { return ObjectIndex(); }  // valid for body markers
  virtual NodeIndex NodeNumber() const { return NodeIndex(); }  // valid for node markers
  // `body` is the body it sits on (nullptr for node markers); `nodes` the kinematics of the
  // body's nodes, or of the marker's node.
#define MULTIDYN_MARKER_KERNELS(S) \
  virtual void ComputeMarkerData(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const = 0;
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_MARKER_KERNELS)
#undef MULTIDYN_MARKER_KERNELS
};

template <class Derived> class MarkerKernels : public ItemOf<Derived, Marker> {
 public:
#define MULTIDYN_MARKER_KERNELS(S)                                                                               \
  void ComputeMarkerData(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const override { \
    static_cast<const Derived&>(*this).MarkerDataOf(body, nodes, data);                                          \
  }
  MULTIDYN_FOR_EACH_SCALAR(MULTIDYN_MARKER_KERNELS)
#undef MULTIDYN_MARKER_KERNELS
};

}  // namespace multidyn
