// A torque vector at an orientation marker: generalized force J_rot^T tau.
#pragma once

#include "objects/loads/VectorLoadBase.h"

namespace multidyn {

class LoadTorqueVector : public VectorLoadBase<LoadTorqueVector, true> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
};

}  // namespace multidyn
