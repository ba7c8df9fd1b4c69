#include "objects/loads/LoadTorqueVector.h"

namespace multidyn {

const ItemTypeInfo& LoadTorqueVector::Info() {
  static const FieldTable fields = Fields("torque", "N*m").Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<LoadTorqueVector>(
      ItemCategory::Load, "TorqueVector", "LoadTorqueVector", {"Torque"}, "loads",
      "A torque vector applied at a marker that provides orientation; its generalized force is J_rot^T tau.", fields,
      {});
  return info;
}

}  // namespace multidyn
