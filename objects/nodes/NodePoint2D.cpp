#include "objects/nodes/NodePoint2D.h"

#include "objects/TestInstances.h"

namespace multidyn {

void NodePoint2D::AddTestInstance(SystemBuilder& system) { testInstances::MassPoint2D(system, Vector3(0.3, -0.2, 0.)); }

const ItemTypeInfo& NodePoint2D::Info() {
  using T = NodePoint2D;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(&T::referenceCoordinates, "referenceCoordinates", "m", "reference position [x, y] in the x-y plane")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m",
               "initial displacement [u_x, u_y] relative to the reference position")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s", "initial velocity [v_x, v_y]")
          .Structural()
          .AddVisualization(&T::visualization, "drawing size of the node")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "Point2D", "NodePoint2D", {"Point2D"}, "nodes",
      "A point in the x-y plane with two displacement coordinates (ODE2); used by ObjectMassPoint2D. Position, "
      "velocity and acceleration are 3D vectors with z = 0.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Acceleration, OutputVariableType::Coordinates, OutputVariableType::Coordinates_t,
       OutputVariableType::Coordinates_tt, OutputVariableType::CoordinatesTotal});
  return info;
}

}  // namespace multidyn
