#include "objects/bodies/ObjectMassPoint.h"

#include "objects/TestInstances.h"

namespace multidyn {

void ObjectMassPoint::AddTestInstance(SystemBuilder& system) {
  testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
}

const ItemTypeInfo& ObjectMassPoint::Info() {
  using T = ObjectMassPoint;
  static const FieldTable fields = FieldTableBuilder<T>()
                                       .Add(&T::name, "name", "", "object's unique name")
                                       .Add(&T::mass, "physicsMass", "kg", "mass of the point")
                                       .NonNegative()
                                       .Alias("mass")
                                       .Add(&T::nodeNumber, "nodeNumber", "",
                                            "the NodePoint that carries the mass (or a NodePointGround: a fixed point)")
                                       .AddVisualization(&T::visualization, "drawing size")
                                       .Build();
  static const ItemTypeInfo info =
      MakeItemTypeInfo<T>(ItemCategory::Object, "MassPoint", "ObjectMassPoint", {"MassPoint"}, "bodies",
                          "A point mass: m * q_tt = f on the three coordinates of its NodePoint.", fields,
                          {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
                           OutputVariableType::Acceleration, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
