// Any number of second-order (ODE2) coordinates without a position or orientation, e.g. the
// joint coordinates of an ObjectKinematicTree. Coordinate markers (MarkerNodeCoordinate) reach
// each of them.
#pragma once

#include <type_traits>

#include "core/items/Node.h"

namespace multidyn {

class NodeGenericODE2 : public NodeKernels<NodeGenericODE2> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return numberOfODE2Coordinates; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialCoordinates_t; }
  void Check(const SystemView& system) const override;

  // No translations or rotations: only the stored coordinates and their rates.
  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    k.numberOfCoordinates = numberOfODE2Coordinates;
    // the first coordinate as a Node1D's (total value, rate): what ObjectMass1D/RotationalMass1D read
    if (numberOfODE2Coordinates > 0) {
      k.position << c.q(0), S(0.), S(0.);
      k.velocity << c.q_t(0), S(0.), S(0.);
    }
    k.positionCoordinates = 0;
    k.rotationStart = 0;
    k.hasOrientation = false;
    // More coordinates than kernel vectors hold: only a body that evaluates directly
    // (DirectBody: ObjectKinematicTree) uses such a node. Its markers read the coordinates in
    // double (the heap storage of NodeKinematics grows to any size); the kernels of automatic
    // differentiation never see such a node (Assemble() refuses connectors on it).
    if (!std::is_same<S, double>::value && numberOfODE2Coordinates > MaxLocalCoordinates<S>::value) {
      k.coordinates.resize(0);
      k.coordinates_t.resize(0);
      k.referenceCoordinates = referenceCoordinates.data();
      return;
    }
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  VectorX referenceCoordinates;
  VectorX initialCoordinates;
  VectorX initialCoordinates_t;
  Index numberOfODE2Coordinates = 0;
  bool visualizationShow = false;
};

}  // namespace multidyn
