// Base of markers: a point and/or frame on a body or node, with its Jacobians.
#pragma once

#include "core/Body.h"
#include "core/Item.h"
#include "core/Kinematics.h"

namespace multidyn {

class Marker : public Item {
 public:
  virtual bool ProvidesPosition() const { return true; }
  virtual bool ProvidesOrientation() const { return false; }
  // Coordinate markers give MarkerData::coordinate (and no position): Exudyn's 'Coordinate' type.
  virtual bool ProvidesCoordinate() const { return false; }
  virtual ObjectIndex BodyNumber() const { return ObjectIndex(); }  // valid for body markers
  virtual NodeIndex NodeNumber() const { return NodeIndex(); }      // valid for node markers
  // `body` is the body it sits on (nullptr for node markers); `nodes` the kinematics of the
  // body's nodes, or of the marker's node.
  virtual void ComputeMarkerData(const Body* body, const NodeKinematics<double>* nodes, MarkerData<double>& data) const = 0;
  virtual void ComputeMarkerData(const Body* body, const NodeKinematics<ADScalar32>* nodes,
                                 MarkerData<ADScalar32>& data) const = 0;
  virtual void ComputeMarkerData(const Body* body, const NodeKinematics<ADScalar16>* nodes,
                                 MarkerData<ADScalar16>& data) const = 0;
};

template <class Derived> class MarkerKernels : public ItemOf<Derived, Marker> {
 public:
  void ComputeMarkerData(const Body* body, const NodeKinematics<double>* nodes, MarkerData<double>& data) const override {
    static_cast<const Derived&>(*this).MarkerDataOf(body, nodes, data);
  }
  void ComputeMarkerData(const Body* body, const NodeKinematics<ADScalar32>* nodes,
                         MarkerData<ADScalar32>& data) const override {
    static_cast<const Derived&>(*this).MarkerDataOf(body, nodes, data);
  }
  void ComputeMarkerData(const Body* body, const NodeKinematics<ADScalar16>* nodes,
                         MarkerData<ADScalar16>& data) const override {
    static_cast<const Derived&>(*this).MarkerDataOf(body, nodes, data);
  }
};

}  // namespace multidyn
