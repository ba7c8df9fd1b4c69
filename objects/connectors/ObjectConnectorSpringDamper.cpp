#include "objects/connectors/ObjectConnectorSpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

double ObjectConnectorSpringDamper::CallSpringForce(const EvaluationContext& context, double deltaL,
                                                    double deltaL_t) const {
  return CallUserFunctionReal(
      *springForceUserFunction, *this, context.itemNumber, "springForceUserFunction",
      {context.system, context.time, context.itemNumber, deltaL, deltaL_t, stiffness, damping, force});
}

void ObjectConnectorSpringDamper::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectConnectorSpringDamper");
}

bool ObjectConnectorSpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                            const MarkerData<double>& m0, const MarkerData<double>& m1, const VectorX&,
                                            VectorX& value) const {
  double length;
  Vector3 direction;
  LengthAndDirection(m0, m1, length, direction);
  auto springForce = [&] { return activeConnector ? SpringForce(context, m0, m1, length, direction) : 0.; };
  switch (type) {
    case OutputVariableType::Distance: value = VectorX::Constant(1, length); return true;
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    case OutputVariableType::Velocity: value = m1.velocity - m0.velocity; return true;
    case OutputVariableType::Force: value = springForce() * direction; return true;
    case OutputVariableType::ForceLocal: value = VectorX::Constant(1, springForce()); return true;
    default: return false;
  }
}

void ObjectConnectorSpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::RigidBody2D(system, Vector3(1.2, 0.4, 0.3));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorSpringDamper"},
                      {"referenceLength", 0.4},
                      {"stiffness", 30.},
                      {"damping", 2.},
                      {"force", 1.5},
                      {"velocityOffset", 0.1},
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, Vector3(0.2, 0.3, 0.4)),
                        testInstances::PositionMarker(system, point, Vector3(0.6, 0.2, 0.1))}}});
}

const ItemTypeInfo& ObjectConnectorSpringDamper::Info() {
  using T = ObjectConnectorSpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1] the spring connects")
          .Add(&T::referenceLength, "referenceLength", "m", "reference length L_0 of the spring")
          .NonNegative()
          .Add(&T::stiffness, "stiffness", "N/m", "stiffness k of the spring; the force acts against L - L_0")
          .NonNegative()
          .Add(&T::damping, "damping", "N*s/m", "damping d of the damper; the force acts against d/dt(L)")
          .NonNegative()
          .Add(&T::force, "force", "N",
               "added constant force f_a of the spring; f_a > 0: tension, f_a < 0: compression; f_a = 1 is equivalent "
               "to reducing referenceLength by 1/stiffness; can be used to model an actuator force")
          .Add(&T::velocityOffset, "velocityOffset", "m/s",
               "velocity offset L_0t of the damper, equivalent to the time derivative of the reference length")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springForceUserFunction, "springForceUserFunction",
              "springForceUserFunction(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) -> Real",
              "a Python function which computes the scalar spring force f_SD from the elongation deltaL = L - L_0 "
              "and its rate deltaL_t = L_t - L_0t; replaces the linear law")
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorSpringDamper", "ObjectConnectorSpringDamper", {"SpringDamper"}, "connectors",
      "A spring-damper with an additional constant force, acting along the line between two position markers.", fields,
      {OutputVariableType::Distance, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::Force, OutputVariableType::ForceLocal});
  return info;
}

}  // namespace multidyn
