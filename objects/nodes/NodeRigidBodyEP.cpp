#include "objects/nodes/NodeRigidBodyEP.h"

#include "objects/TestInstances.h"

#include "objects/nodes/RigidNodeOutputs.h"

#include <cmath>

#include "core/foundation/Errors.h"

namespace multidyn {

Vector3 NodeRigidBodyEP::RotationOutput(const NodeCoordinates<double>& c) const {
  const Eigen::Vector4d e = c.q.segment<4>(3);
  return RotationMatrixToRotXYZ(EulerParametersToRotationMatrix<double>(e));
}

void NodeRigidBodyEP::Check(const SystemView&) const {
  const Eigen::Vector4d e = referenceCoordinates.segment<4>(3) + initialCoordinates.segment<4>(3);
  if (std::abs(e.norm() - 1.) > 1e-6)
    throw ValueError(
        "parameter 'referenceCoordinates': the Euler parameters of reference + initial coordinates must "
        "have unit length, got length " +
        std::to_string(e.norm()));
}

void NodeRigidBodyEP::AddTestInstance(SystemBuilder& system) {
  testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
}

const ItemTypeInfo& NodeRigidBodyEP::Info() {
  using T = NodeRigidBodyEP;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m, -",
               "reference coordinates [x, y, z, e0, e1, e2, e3]: position and unit Euler parameters (e0 scalar part)")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m, -",
               "initial displacements and Euler-parameter increments relative to the reference coordinates")
          .TestValue(R"([0.01, 0.02, 0.03, 0, 0, 0, 0])")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s, 1/s",
               "initial velocities and Euler-parameter rates (see AngularVelocity2EulerParameters_t)")
          .Structural()
          .Add(&T::addConstraintEquation, "addConstraintEquation", "",
               "add the algebraic equation e^T e = 1; False only if another item constrains the parameters")
          .Structural()
          .AddVisualization(&T::visualization, "size of the drawn node frame")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "RigidBodyEP", "NodeRigidBodyEP", {"RigidEP"}, "nodes",
      "A rigid-body node with position and four Euler parameters (unit quaternion), free of singularities; "
      "adds one algebraic equation that keeps the parameters of unit length.",
      fields, RigidNodeOutputs());
  return info;
}

}  // namespace multidyn
