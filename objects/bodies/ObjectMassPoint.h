// A point mass on a NodePoint: m q_tt = f on its three coordinates.
#pragma once

#include "objects/bodies/BodyChecks.h"
#include "objects/bodies/MassPointBody.h"

namespace multidyn {

class ObjectMassPoint : public MassPointBody<ObjectMassPoint> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  void Check(const SystemView& system) const override {
    // on a NodePointGround: a point fixed in space
    CheckBodyNode(system, nodeNumber, {"NodePoint", "NodePointGround"}, "ObjectMassPoint");
  }
};

}  // namespace multidyn
