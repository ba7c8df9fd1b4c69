#include "objects/connectors/ObjectConnectorGravity.h"

#include "objects/TestInstances.h"

#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectConnectorGravity::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectConnectorGravity");
}

bool ObjectConnectorGravity::GetOutput(OutputVariableType type, const EvaluationContext&, const MarkerData<double>& m0,
                                       const MarkerData<double>& m1, const VectorX&, VectorX& value) const {
  switch (type) {
    case OutputVariableType::Distance: value = VectorX::Constant(1, (m1.position - m0.position).norm()); return true;
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    // f_G v_f: the force on marker 0's body, pointing from marker 0 to marker 1 (as Exudyn's)
    case OutputVariableType::Force: value = activeConnector ? ForceOnMarker0(m0, m1) : Vector3::Zero(); return true;
    default: return false;
  }
}

void ObjectConnectorGravity::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::MassPoint(system, Vector3(1.2, 0.4, 0.3));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorGravity"},
                      {"gravitationalConstant", 2.},
                      {"mass0", 3.},
                      {"mass1", 1.5},
                      {"minDistanceRegularization", 1.5},  // beyond the distance: the regularized branch
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, Vector3(0.2, 0.3, 0.4)),
                        testInstances::PositionMarker(system, point, Vector3::Zero())}}});
}

const ItemTypeInfo& ObjectConnectorGravity::Info() {
  using T = ObjectConnectorGravity;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1] at the two masses")
          .Add(&T::gravitationalConstant, "gravitationalConstant", "m^3/(kg*s^2)",
               "gravitational constant G; a negative value gives repulsion")
          .Add(&T::mass0, "mass0", "kg", "mass m_0 at marker m0")
          .NonNegative()
          .Add(&T::mass1, "mass1", "kg", "mass m_1 at marker m1")
          .NonNegative()
          .Add(&T::minDistanceRegularization, "minDistanceRegularization", "m",
               "distance d_min below which the force is regularized: G m_0 m_1 / (L^2 + (L - d_min)^2)")
          .NonNegative()
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorGravity", "ObjectConnectorGravity", {}, "connectors",
      "Newton's gravitational attraction between two point masses m_0, m_1 at two position markers: the force "
      "G m_0 m_1 / L^2 along the line of the points, regularized below the distance minDistanceRegularization.",
      fields, {OutputVariableType::Distance, OutputVariableType::Displacement, OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
