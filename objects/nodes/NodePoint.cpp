#include "objects/nodes/NodePoint.h"

#include "objects/TestInstances.h"

namespace multidyn {

void NodePoint::AddTestInstance(SystemBuilder& system) { testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1)); }

const ItemTypeInfo& NodePoint::Info() {
  using T = NodePoint;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m", "reference position [x, y, z]")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m",
               "initial displacement relative to the reference position")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s", "initial velocity")
          .Structural()
          .AddVisualization(&T::visualization, "drawing size of the node")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "Point", "NodePoint", {"Point"}, "nodes",
      "A point in 3D with three displacement coordinates; used by ObjectMassPoint.", fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Acceleration, OutputVariableType::Coordinates, OutputVariableType::Coordinates_t,
       OutputVariableType::Coordinates_tt, OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
