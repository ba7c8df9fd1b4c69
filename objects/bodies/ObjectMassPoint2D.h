// A point mass on a NodePoint2D: m q_tt = f on its two coordinates (x and y).
#pragma once

#include "objects/bodies/BodyChecks.h"
#include "objects/bodies/MassPointBody.h"

namespace multidyn {

class ObjectMassPoint2D : public MassPointBody<ObjectMassPoint2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
  void Check(const SystemView& system) const override {
    // on a NodePointGround: a point fixed in space
    CheckBodyNode(system, nodeNumber, {"NodePoint2D", "NodePointGround"}, "ObjectMassPoint2D");
  }
};

}  // namespace multidyn
