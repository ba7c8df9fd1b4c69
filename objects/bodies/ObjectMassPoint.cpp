#include "objects/bodies/ObjectMassPoint.h"

#include "objects/TestInstances.h"

#include "core/model/MainSystem.h"

namespace multidyn {

void ObjectMassPoint::Check(const MainSystem& system) const {
  if (!nodeNumber.IsValid()) throw ValueError("parameter 'nodeNumber': a NodePoint is required, got none (-1)");
  const Node& node = system.GetNode(nodeNumber.value);
  if (node.TypeInfo().className != "NodePoint")
    throw TypeError("parameter 'nodeNumber': node " + std::to_string(nodeNumber.value) + " is a " +
                    node.TypeInfo().className + "; ObjectMassPoint needs a NodePoint");
}

void ObjectMassPoint::AddTestInstance(MainSystem& system) {
  testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
}

const ItemTypeInfo& ObjectMassPoint::Info() {
  using T = ObjectMassPoint;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "object's unique name")
          .Add(&T::mass, "physicsMass", "kg", "mass of the point").NonNegative().Alias("mass")
          .Add(&T::nodeNumber, "nodeNumber", "", "the NodePoint that carries the mass")
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "MassPoint", "ObjectMassPoint", {"MassPoint"}, "bodies",
      "A point mass: m * q_tt = f on the three coordinates of its NodePoint.", fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Acceleration, OutputVariableType::KineticEnergy});
  return info;
}

}  // namespace multidyn
