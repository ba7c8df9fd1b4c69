#include "objects/markers/MarkerNodeRotationCoordinate.h"

#include "objects/TestInstances.h"

#include "core/items/SystemView.h"
#include "objects/markers/MarkerChecks.h"

namespace multidyn {

void MarkerNodeRotationCoordinate::Check(const SystemView& system) const {
  CheckMarkerNode(system, nodeNumber, true);
  if (rotationCoordinate < 0 || rotationCoordinate > 2)
    throw ValueError("parameter 'rotationCoordinate': expected 0, 1 or 2 (the angle about x, y or z), got " +
                     std::to_string(rotationCoordinate));
}

void MarkerNodeRotationCoordinate::AddTestInstance(SystemBuilder& system) {
  // a coordinate spring from a rotated Rxyz body's angle about y to an EP body's angle about z,
  // and a load on the 2D body's angle: every node kind and every term of the Jacobians
  using testInstances::Add;
  const Index rxyz =
      testInstances::NodeOf(system, testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, -0.2, 0.5)));
  const Index ep =
      testInstances::NodeOf(system, testInstances::RigidBody(system, "RigidBodyEP", Vector3(-0.4, 0.6, 0.1)));
  const Index planar = testInstances::NodeOf(system, testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7)));
  const Index m0 = Add(system, ItemCategory::Marker,
                       {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", rxyz}, {"rotationCoordinate", 1}});
  const Index m1 = Add(system, ItemCategory::Marker,
                       {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", ep}, {"rotationCoordinate", 2}});
  const Index m2 = Add(system, ItemCategory::Marker,
                       {{"markerType", "NodeRotationCoordinate"}, {"nodeNumber", planar}, {"rotationCoordinate", 2}});
  Add(system, ItemCategory::Object,
      {{"objectType", "ConnectorCoordinateSpringDamper"},
       {"markerNumbers", {m0, m1}},
       {"stiffness", 35.},
       {"damping", 1.5},
       {"offset", 0.2}});
  Add(system, ItemCategory::Load, {{"loadType", "Coordinate"}, {"load", 0.7}, {"markerNumber", m2}});
}

const ItemTypeInfo& MarkerNodeRotationCoordinate::Info() {
  using T = MarkerNodeRotationCoordinate;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "marker's unique name")
          .Add(&T::nodeNumber, "nodeNumber", "",
               "node number to which the marker is attached (a node with orientation)")
          .Add(&T::rotationCoordinate, "rotationCoordinate", "",
               "rotation coordinate: 0=x, 1=y, 2=z (Tait-Bryan xyz angle of the node's rotation; global angular "
               "velocity)")
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Marker, "NodeRotationCoordinate", "MarkerNodeRotationCoordinate", {}, "markers",
      "A marker on one rotation coordinate of a node with orientation, for coordinate-based connectors, constraints "
      "and loads (CoordinateSpringDamper, CoordinateConstraint, LoadCoordinate), as Exudyn's: it measures the "
      "Tait-Bryan xyz angle rotationCoordinate of the node's rotation, its velocity is the global angular velocity "
      "component, and its loads act through the global angular velocity Jacobian (a torque about the global axis).",
      fields,
      {OutputVariableType::Coordinates, OutputVariableType::Coordinates_t, OutputVariableType::Position,
       OutputVariableType::Velocity});
  return info;
}

}  // namespace multidyn
