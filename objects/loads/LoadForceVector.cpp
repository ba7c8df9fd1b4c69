#include "objects/loads/LoadForceVector.h"

namespace multidyn {

const ItemTypeInfo& LoadForceVector::Info() {
  static const FieldTable fields = Fields("force", "N").Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<LoadForceVector>(
      ItemCategory::Load, "ForceVector", "LoadForceVector", {"Force"}, "loads",
      "A force vector applied at a marker that provides a position; its generalized force is J_pos^T f.", fields,
      {});
  return info;
}

}  // namespace multidyn
