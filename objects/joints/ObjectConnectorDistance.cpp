#include "objects/joints/ObjectConnectorDistance.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectConnectorDistance::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectConnectorDistance");
}

bool ObjectConnectorDistance::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                        const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const {
  switch (type) {
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    case OutputVariableType::Velocity: value = m1.velocity - m0.velocity; return true;
    // the actual distance: its deviation from 'distance' is the constraint drift
    case OutputVariableType::Distance: value = VectorX::Constant(1, (m1.position - m0.position).norm()); return true;
    case OutputVariableType::Force: value = VectorX::Constant(1, activeConnector ? lambda(0) : 0.); return true;
    default: return false;
  }
}

void ObjectConnectorDistance::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::MassPoint2D(system, Vector3(1.1, -0.4, 0.));
  const Vector3 offset(0.2, -0.1, 0.15);
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorDistance"},
                      {"distance", 0.9},
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, offset),
                        testInstances::PositionMarker(system, point, Vector3::Zero())}}});
}

const ItemTypeInfo& ObjectConnectorDistance::Info() {
  using T = ObjectConnectorDistance;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1] kept at a distance")
          .Add(&T::distance, "distance", "m", "prescribed distance d of the two marker points")
          .NonNegative()
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size of the link")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorDistance", "ObjectConnectorDistance", {"DistanceConstraint"}, "joints",
      "Keeps two points given by position or rigid markers at the distance d: |p_m1 - p_m0| = d (an index-3 "
      "constraint with one Lagrange multiplier, the force along the line of the points).",
      fields,
      {OutputVariableType::Displacement, OutputVariableType::Velocity, OutputVariableType::Distance,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
