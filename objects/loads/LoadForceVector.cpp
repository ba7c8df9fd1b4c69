#include "objects/loads/LoadForceVector.h"

#include "objects/TestInstances.h"

namespace multidyn {

void LoadForceVector::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., 2., 3.}},
                      {"bodyFixed", true},
                      {"markerNumber", testInstances::RigidMarker(system, body, Vector3(0.2, -0.1, 0.3))}});
}

const ItemTypeInfo& LoadForceVector::Info() {
  static const FieldTable fields = Fields("force", "N").Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<LoadForceVector>(
      ItemCategory::Load, "ForceVector", "LoadForceVector", {"Force"}, "loads",
      "A force vector applied at a marker that provides a position; its generalized force is J_pos^T f.", fields, {});
  return info;
}

}  // namespace multidyn
