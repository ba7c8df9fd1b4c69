#include "objects/loads/LoadTorqueVector.h"

#include "objects/TestInstances.h"

namespace multidyn {

void LoadTorqueVector::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "TorqueVector"},
                      {"loadVector", {0.5, -1., 2.}},
                      {"bodyFixed", true},
                      {"markerNumber", testInstances::RigidMarker(system, body, Vector3(0.2, -0.1, 0.3))}});
}

const ItemTypeInfo& LoadTorqueVector::Info() {
  static const FieldTable fields = Fields("torque", "N*m").Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<LoadTorqueVector>(
      ItemCategory::Load, "TorqueVector", "LoadTorqueVector", {"Torque"}, "loads",
      "A torque vector applied at a marker that provides orientation; its generalized force is J_rot^T tau.", fields,
      {});
  return info;
}

}  // namespace multidyn
