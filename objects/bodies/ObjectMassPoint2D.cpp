#include "objects/bodies/ObjectMassPoint2D.h"

#include "objects/TestInstances.h"

namespace multidyn {

void ObjectMassPoint2D::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::MassPoint2D(system, Vector3(0.3, -0.2, 0.));
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {1., -2., 0.}},
                      {"markerNumber", testInstances::PositionMarker(system, body, Vector3(0.1, 0.2, 0.))}});
}

const ItemTypeInfo& ObjectMassPoint2D::Info() {
  using T = ObjectMassPoint2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::mass, "physicsMass", "kg", "mass of the point")
          .NonNegative()
          .Alias("mass")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "the NodePoint2D that carries the mass (or a NodePointGround: a fixed point)")
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "MassPoint2D", "ObjectMassPoint2D", {"MassPoint2D"}, "bodies",
      "A point mass in the x-y plane: m * q_tt = f on the two coordinates of its NodePoint2D; forces along z have "
      "no effect.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Acceleration, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
