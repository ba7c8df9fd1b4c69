#include "objects/nodes/NodeRigidBodyRxyz.h"

#include "objects/TestInstances.h"

#include "objects/nodes/RigidNodeOutputs.h"

namespace multidyn {

void NodeRigidBodyRxyz::AddTestInstance(SystemBuilder& system) {
  testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
}

const ItemTypeInfo& NodeRigidBodyRxyz::Info() {
  using T = NodeRigidBodyRxyz;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m, rad",
               "reference coordinates [x, y, z, psi_x, psi_y, psi_z]: position and Tait-Bryan xyz angles")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m, rad",
               "initial displacements and angle increments relative to the reference coordinates")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s, rad/s",
               "initial velocities and angle rates (not angular velocities)")
          .Structural()
          .AddVisualization(&T::visualization, "size of the drawn node frame")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "RigidBodyRxyz", "NodeRigidBodyRxyz", {"RigidRxyz"}, "nodes",
      "A rigid-body node with position and Tait-Bryan xyz angles (rotation A = Rx(psi_x) Ry(psi_y) Rz(psi_z)). "
      "Singular at psi_y = +-pi/2; suitable for rotations mainly about one axis.",
      fields, RigidNodeOutputs());
  return info;
}

}  // namespace multidyn
