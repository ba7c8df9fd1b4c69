#include "objects/bodies/ObjectMass1D.h"

#include "objects/TestInstances.h"

namespace multidyn {

void ObjectMass1D::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::Mass1D(system, "Mass1D");
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., -2., 0.5}},
                      {"markerNumber", testInstances::PositionMarker(system, body, Vector3(0.1, 0.2, 0.))}});
}

const ItemTypeInfo& ObjectMass1D::Info() {
  using T = ObjectMass1D;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> builder;
    builder.Add(&T::name, "name", "", "object's unique name")
        .Add(&T::mass, "physicsMass", "kg", "mass m")
        .NonNegative()
        .Alias("mass");
    AddCommonFields(
        builder,
        "the Node1D (or NodeGenericODE2 with one coordinate) whose coordinate is the mass's position along its "
        "x-axis",
        "p_ref: where the coordinate 0 lies, in global axes",
        "constant rotation A_0 from body to global axes; the mass moves along its first column (the body x-axis)");
    return builder.Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "Mass1D", "ObjectMass1D", {"Mass1D"}, "bodies",
      "A mass on the coordinate c of a Node1D (or a NodeGenericODE2 with one coordinate), moving along the x-axis "
      "of a constant frame (referencePosition, referenceRotation): m c_tt = f, f the x-component in body axes of the "
      "forces at its markers; torques and "
      "the other force components have no effect.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::RotationMatrix, OutputVariableType::Rotation, OutputVariableType::AngularVelocity,
       OutputVariableType::AngularVelocityLocal, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
