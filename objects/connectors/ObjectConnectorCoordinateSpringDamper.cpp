#include "objects/connectors/ObjectConnectorCoordinateSpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

double ObjectConnectorCoordinateSpringDamper::CallSpringForce(const EvaluationContext& context, double displacement,
                                                              double velocity) const {
  return CallUserFunctionReal(
      *springForceUserFunction, *this, context.itemNumber, "springForceUserFunction",
      {context.system, context.time, context.itemNumber, displacement, velocity, stiffness, damping, offset});
}

void ObjectConnectorCoordinateSpringDamper::Check(const SystemView& system) const {
  CheckMarkersProvideCoordinate(system, MarkerNumbers(), "markerNumbers", "ObjectConnectorCoordinateSpringDamper");
}

bool ObjectConnectorCoordinateSpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                      const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                      const VectorX&, VectorX& value) const {
  const double displacement = m1.coordinate - m0.coordinate;
  const double velocity = m1.coordinate_t - m0.coordinate_t;
  switch (type) {
    case OutputVariableType::Displacement: value = VectorX::Constant(1, displacement); return true;
    case OutputVariableType::Velocity: value = VectorX::Constant(1, velocity); return true;
    case OutputVariableType::Force:
      value = VectorX::Constant(1, activeConnector ? SpringForce(context, displacement, velocity) : 0.);
      return true;
    default: return false;
  }
}

void ObjectConnectorCoordinateSpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  const Index point = testInstances::MassPoint(system, Vector3(0.3, 0.2, -0.1));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinateSpringDamper"},
                      {"stiffness", 7.},
                      {"damping", 0.3},
                      {"offset", 0.2},
                      {"markerNumbers",
                       {testInstances::CoordinateMarker(system, testInstances::NodeOf(system, body), 2),
                        testInstances::CoordinateMarker(system, testInstances::NodeOf(system, point), 1)}}});
}

const ItemTypeInfo& ObjectConnectorCoordinateSpringDamper::Info() {
  using T = ObjectConnectorCoordinateSpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two coordinate markers [m0, m1] the connector acts on")
          .Add(&T::stiffness, "stiffness", "N/m (N*m/rad on rotations)",
               "stiffness k of the spring; acts against the relative coordinate q_m1 - q_m0 - offset")
          .Add(&T::damping, "damping", "N*s/m (N*m*s/rad on rotations)",
               "damping d of the damper; acts against the relative velocity v_m1 - v_m0")
          .Add(&T::offset, "offset", "m (rad on rotations)",
               "offset l_off between the two coordinates (spring's reference length)")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springForceUserFunction, "springForceUserFunction",
              "springForceUserFunction(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> Real",
              "a Python function which computes the scalar force f_SD from the relative coordinate and velocity; "
              "replaces the linear law")
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorCoordinateSpringDamper", "ObjectConnectorCoordinateSpringDamper",
      {"CoordinateSpringDamper"}, "connectors",
      "A 1D (scalar) spring-damper acting on two ODE2 coordinates given by coordinate markers; the coordinates do not "
      "include reference values. It may act on translational and rotational coordinates.",
      fields, {OutputVariableType::Displacement, OutputVariableType::Velocity, OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
