// A point mass on a NodePoint2D: m q_tt = f on its two coordinates (x and y).
#pragma once

#include "objects/bodies/MassPointBody.h"

namespace multidyn {

class ObjectMassPoint2D : public MassPointBody<ObjectMassPoint2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);
  void Check(const MainSystem& system) const override {
    CheckMassPointNode(system, nodeNumber, "NodePoint2D", "ObjectMassPoint2D");
  }
};

}  // namespace multidyn
