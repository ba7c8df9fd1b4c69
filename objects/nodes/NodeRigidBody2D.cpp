#include "objects/nodes/NodeRigidBody2D.h"

#include "objects/TestInstances.h"

#include "objects/nodes/RigidNodeOutputs.h"

namespace multidyn {

void NodeRigidBody2D::AddTestInstance(SystemBuilder& system) {
  testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
}

const ItemTypeInfo& NodeRigidBody2D::Info() {
  using T = NodeRigidBody2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m, rad",
               "reference coordinates [x, y, psi]: position in the x-y plane and rotation about the z-axis")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m, rad",
               "initial displacements and angle relative to the reference coordinates")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s, rad/s", "initial velocities [v_x, v_y, omega_z]")
          .Structural()
          .AddVisualization(&T::visualization, "drawing size of the node")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "RigidBody2D", "NodeRigidBody2D", {"Rigid2D"}, "nodes",
      "A planar rigid-body node with two displacement coordinates and one rotation coordinate (about the z-axis), "
      "all ODE2; used by ObjectRigidBody2D.",
      fields, RigidNodeOutputs());
  return info;
}

}  // namespace multidyn
