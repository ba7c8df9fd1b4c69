#include "objects/bodies/ObjectRigidBody2D.h"

#include "objects/TestInstances.h"

#include "objects/bodies/BodyChecks.h"

#include "core/items/SystemView.h"

namespace multidyn {

void ObjectRigidBody2D::Check(const SystemView& system) const {
  CheckBodyNode(system, nodeNumber, {"NodeRigidBody2D"}, "ObjectRigidBody2D");
}

void ObjectRigidBody2D::ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                                          MatrixX& massMatrix) const {
  const Eigen::Vector2d G = Coupling(nodes[0]);
  massMatrix.resize(3, 3);
  massMatrix << physicsMass, 0., G(0), 0., physicsMass, G(1), G(0), G(1), physicsInertia;
}

double ObjectRigidBody2D::KineticEnergy(const NodeKinematics<double>* nodes) const {
  const NodeKinematics<double>& k = nodes[0];
  const double omega = k.angularVelocityLocal(2);
  return 0.5 * physicsMass * k.velocity.squaredNorm() + omega * Coupling(k).dot(k.velocity.head<2>()) +
         0.5 * physicsInertia * omega * omega;
}

bool ObjectRigidBody2D::GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                                      const Vector3&, VectorX& value) const {
  if (type != OutputVariableType::Rotation) return false;
  VectorX q, q_t;  // the scalar angle theta = psi_ref + psi, continuous beyond +-pi
  system.NodeTotalCoordinates(nodeNumber.value, state, q, q_t);
  value = VectorX::Constant(1, q(2));
  return true;
}

void ObjectRigidBody2D::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., -2., 0.}},
                      {"markerNumber", testInstances::PositionMarker(system, body, Vector3(0.6, 0.2, 0.))}});
}

const ItemTypeInfo& ObjectRigidBody2D::Info() {
  using T = ObjectRigidBody2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::physicsMass, "physicsMass", "kg", "mass of the rigid body")
          .NonNegative()
          .Alias("mass")
          .Add(&T::physicsInertia, "physicsInertia", "kg*m^2",
               "moment of inertia about the z-axis through the reference point (the node); equal to the inertia about "
               "the center of mass if physicsCenterOfMass = [0, 0]")
          .NonNegative()
          .Alias("inertia")
          .Add(&T::centerOfMass, "physicsCenterOfMass", "m",
               "position [b_x, b_y] of the center of mass relative to the reference point, in body axes")
          .Alias("centerOfMass")
          .Add(&T::nodeNumber, "nodeNumber", "", "the NodeRigidBody2D that carries the body")
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "RigidBody2D", "ObjectRigidBody2D", {"RigidBody2D"}, "bodies",
      "A planar rigid body on a NodeRigidBody2D: it moves in the x-y plane and rotates about the z-axis; position, "
      "velocity and rotation come from the node.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::VelocityLocal, OutputVariableType::Acceleration, OutputVariableType::AccelerationLocal,
       OutputVariableType::RotationMatrix, OutputVariableType::Rotation, OutputVariableType::AngularVelocity,
       OutputVariableType::AngularVelocityLocal, OutputVariableType::AngularAcceleration,
       OutputVariableType::AngularAccelerationLocal, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
