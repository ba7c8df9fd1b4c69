#include "objects/bodies/ObjectRotationalMass1D.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"

namespace multidyn {

bool ObjectRotationalMass1D::GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                                           const Vector3&, VectorX& value) const {
  if (type != OutputVariableType::Rotation) return false;
  VectorX q, q_t;  // the scalar angle theta = c_ref + c, continuous beyond +-pi (as Exudyn)
  system.NodeTotalCoordinates(nodeNumber.value, state, q, q_t);
  value = VectorX::Constant(1, q(0));
  return true;
}

void ObjectRotationalMass1D::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::Mass1D(system, "RotationalMass1D");
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "TorqueVector"},
                      {"loadVector", {0.3, -0.2, 1.5}},
                      {"markerNumber", testInstances::RigidMarker(system, body, Vector3::Zero())}});
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., -2., 0.5}},
                      {"markerNumber", testInstances::PositionMarker(system, body, Vector3(0.4, 0.2, 0.1))}});
}

const ItemTypeInfo& ObjectRotationalMass1D::Info() {
  using T = ObjectRotationalMass1D;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "object's unique name")
        .Add(&T::inertia, "physicsInertia", "kg*m^2", "moment of inertia J about the rotation axis")
        .NonNegative()
        .Alias("inertia");
    AddCommonFields(builder,
                    "the Node1D (or NodeGenericODE2 with one coordinate) whose coordinate is the rotation angle psi",
                    "p_ref: the fixed point on the axis, in global axes",
                    "constant rotation A_0 of the intermediate frame; the rotor turns about its third column (z-axis)");
    return builder.Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "RotationalMass1D", "ObjectRotationalMass1D", {"Rotor1D"}, "bodies",
      "A rotor on the coordinate psi of a Node1D (or a NodeGenericODE2 with one coordinate), turning about the "
      "z-axis of a constant frame (referencePosition, referenceRotation): J psi_tt = tau, tau the moment about that "
      "axis of the loads at its markers (torques, and forces away from the axis); its point referencePosition does "
      "not move.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::RotationMatrix, OutputVariableType::Rotation, OutputVariableType::AngularVelocity,
       OutputVariableType::AngularVelocityLocal, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
