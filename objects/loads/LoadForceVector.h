// A force vector at a position marker: generalized force J_pos^T f.
#pragma once

#include "objects/loads/VectorLoadBase.h"

namespace multidyn {

class LoadForceVector : public VectorLoadBase<LoadForceVector, false> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);
};

}  // namespace multidyn
