#include "objects/nodes/NodePoint2DSlope1.h"

#include "objects/TestInstances.h"

namespace multidyn {

void NodePoint2DSlope1::AddTestInstance(SystemBuilder& system) {
  const Index cable = testInstances::ANCFCable2D(system);
  const Index node = testInstances::NodeOf(system, cable);
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "ForceVector"},
                      {"loadVector", {0.5, -1.5, 0.}},
                      {"markerNumber", testInstances::Add(system, ItemCategory::Marker,
                                                          {{"markerType", "NodePosition"}, {"nodeNumber", node}})}});
  // the node's frame turns with its slope: a torque acts on the slope coordinates (G^T tau)
  testInstances::Add(system, ItemCategory::Load,
                     {{"loadType", "TorqueVector"},
                      {"loadVector", {0., 0., 0.7}},
                      {"markerNumber", testInstances::Add(system, ItemCategory::Marker,
                                                          {{"markerType", "NodeRigid"}, {"nodeNumber", node}})}});
}

const ItemTypeInfo& NodePoint2DSlope1::Info() {
  using T = NodePoint2DSlope1;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "node's unique name")
          .Add(
              &T::referenceCoordinates, "referenceCoordinates", "m, 1",
              "reference coordinates [r_x, r_y, r'_x, r'_y]: the position and the slope vector (dr/dx along the cable; "
              "[1, 0] for a straight cable along x without strain)")
          .Structural()
          .Add(&T::initialCoordinates, "initialCoordinates", "m, 1",
               "initial displacements [u_x, u_y, u'_x, u'_y] of position and slope relative to the reference")
          .Structural()
          .Add(&T::initialVelocities, "initialVelocities", "m/s, 1/s", "initial velocities of position and slope")
          .Structural()
          .AddVisualization(&T::visualization, "drawing size of the node")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Node, "Point2DSlope1", "NodePoint2DSlope1", {"Point2DS1"}, "nodes",
      "A point in the x-y plane with its slope vector r' (four ODE2 coordinates), the node of planar ANCF cable "
      "elements (ObjectANCFCable2D). Position, velocity and acceleration are 3D vectors with z = 0. Its frame turns "
      "with the slope (x-axis s/|s|, rotation theta = atan2(s_y, s_x) about z; as Exudyn's), so MarkerNodeRigid "
      "can act on it (a torque tau_z gives the slope forces tau_z (-s_y, s_x)/|s|^2).",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Acceleration, OutputVariableType::Coordinates, OutputVariableType::Coordinates_t,
       OutputVariableType::Coordinates_tt, OutputVariableType::CoordinatesTotal, OutputVariableType::RotationMatrix,
       OutputVariableType::Rotation, OutputVariableType::AngularVelocity, OutputVariableType::AngularVelocityLocal});
  return info;
}

}  // namespace multidyn
