#include "objects/connectors/ObjectConnectorLinearSpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

double ObjectConnectorLinearSpringDamper::CallSpringForce(const EvaluationContext& context, double displacement,
                                                          double velocity) const {
  return CallUserFunctionReal(
      *springForceUserFunction, *this, context.itemNumber, "springForceUserFunction",
      {context.system, context.time, context.itemNumber, displacement, velocity, stiffness, damping, offset});
}

void ObjectConnectorLinearSpringDamper::Check(const SystemView& system) const {
  // the axis turns with marker 0: it needs an orientation; marker 1 a position
  CheckMarkersProvide(system, {markerNumbers[0]}, "markerNumbers", true, true, "ObjectConnectorLinearSpringDamper");
  CheckMarkersProvide(system, {markerNumbers[1]}, "markerNumbers", true, false, "ObjectConnectorLinearSpringDamper");
}

bool ObjectConnectorLinearSpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                  const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                  const VectorX&, VectorX& value) const {
  const Vector3 axis = Axis(m0);
  const double displacement = axis.dot(m1.position - m0.position);
  const double velocity = axis.dot(m1.velocity - m0.velocity);
  switch (type) {
    case OutputVariableType::DisplacementLocal: value = VectorX::Constant(1, displacement); return true;
    case OutputVariableType::VelocityLocal: value = VectorX::Constant(1, velocity); return true;
    case OutputVariableType::ForceLocal:
      value = VectorX::Constant(1, activeConnector ? SpringForce(context, displacement, velocity) : 0.);
      return true;
    default: return false;
  }
}

void ObjectConnectorLinearSpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::MassPoint(system, Vector3(1.2, 0.4, 0.3));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorLinearSpringDamper"},
                      {"stiffness", 30.},
                      {"damping", 2.},
                      {"axisMarker0", {0.6, 0., 0.8}},
                      {"offset", 0.2},
                      {"velocityOffset", 0.1},
                      {"force", 1.5},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body, Vector3(0.2, 0.3, 0.4)),
                        testInstances::PositionMarker(system, point, Vector3(0., 0., 0.))}}});
}

const ItemTypeInfo& ObjectConnectorLinearSpringDamper::Info() {
  using T = ObjectConnectorLinearSpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the markers [m0, m1]: m0 with orientation (the axis turns with it), m1 with a position")
          .Add(&T::stiffness, "stiffness", "N/m", "stiffness k against the displacement along the axis")
          .NonNegative()
          .Add(&T::damping, "damping", "N*s/m", "damping d against the velocity along the axis")
          .NonNegative()
          .Add(&T::axisMarker0, "axisMarker0", "",
               "axis of the spring-damper in marker 0 axes, a unit vector (used as given, as in Exudyn: a length other "
               "than 1 scales displacement and force)")
          .NonZero()
          .Add(&T::offset, "offset", "m", "displacement offset x_off of the spring (e.g. a position control input)")
          .Add(&T::velocityOffset, "velocityOffset", "m/s", "velocity offset v_off of the damper")
          .Add(&T::force, "force", "N", "additional constant force f_c (e.g. for actuation)")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springForceUserFunction, "springForceUserFunction",
              "springForceUserFunction(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) "
              "-> Real",
              "a Python function which computes the scalar force f_SD from the displacement dx and velocity "
              "dv along the axis; replaces the linear law")
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Add(&T::visualizationDrawAsCylinder, "drawAsCylinder", "", "True: drawn as a cylinder (e.g. an actuator)")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorLinearSpringDamper", "ObjectConnectorLinearSpringDamper", {"LinearSpringDamper"},
      "connectors",
      "A linear spring-damper along an axis fixed to marker 0 (e.g. along a prismatic joint), with offsets and an "
      "additional force; forces along the axis only.",
      fields,
      {OutputVariableType::DisplacementLocal, OutputVariableType::VelocityLocal, OutputVariableType::ForceLocal});
  return info;
}

}  // namespace multidyn
