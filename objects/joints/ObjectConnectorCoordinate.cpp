#include "objects/joints/ObjectConnectorCoordinate.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

void ObjectConnectorCoordinate::Check(const SystemView& system) const {
  CheckMarkersProvideCoordinate(system, MarkerNumbers(), "markerNumbers", "ObjectConnectorCoordinate");
}

double ObjectConnectorCoordinate::Offset(const EvaluationContext& context) const {
  if (!offsetUserFunction) return offset;
  return CallUserFunctionReal(*offsetUserFunction, *this, context.itemNumber, "offsetUserFunction",
                              {context.system, context.time, context.itemNumber, offset});
}

double ObjectConnectorCoordinate::Offset_t(const EvaluationContext& context) const {
  if (!offsetUserFunction_t) return velocityLevel ? offset : 0.;
  return CallUserFunctionReal(*offsetUserFunction_t, *this, context.itemNumber, "offsetUserFunction_t",
                              {context.system, context.time, context.itemNumber, offset});
}

bool ObjectConnectorCoordinate::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                          const MarkerData<double>& m0, const MarkerData<double>& m1,
                                          const VectorX& lambda, VectorX& value) const {
  switch (type) {
    case OutputVariableType::Displacement: value = VectorX::Constant(1, m1.coordinate - m0.coordinate); return true;
    case OutputVariableType::Velocity: value = VectorX::Constant(1, m1.coordinate_t - m0.coordinate_t); return true;
    case OutputVariableType::ConstraintEquation: value = ConstraintEquationOutput(context, m0, m1, lambda); return true;
    case OutputVariableType::Force: value = activeConnector ? lambda : VectorX::Zero(1); return true;
    default: return false;
  }
}

void ObjectConnectorCoordinate::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index body2D = testInstances::RigidBody2D(system, Vector3(0.4, -1., 0.7));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCoordinate"},
                      {"factorValue1", 2.},
                      {"offset", 0.05},
                      {"markerNumbers",
                       {testInstances::CoordinateMarker(system, testInstances::NodeOf(system, body), 2),
                        testInstances::CoordinateMarker(system, testInstances::NodeOf(system, body2D), 2)}}});
}

const ItemTypeInfo& ObjectConnectorCoordinate::Info() {
  using T = ObjectConnectorCoordinate;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "constraint's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "list of the two coordinate markers [m0, m1] the constraint couples")
          .Add(&T::offset, "offset", "m (rad on rotations)", "offset l_off between the two values")
          .Add(&T::factorValue1, "factorValue1", "",
               "factor k_m1 multiplied with the coordinate of marker 1 in the equation")
          .Alias("factor1")
          .Add(&T::velocityLevel, "velocityLevel", "",
               "True: the constraint acts on velocities only, k_m1 v_m1 - v_m0 = offset (offset = a rate, or "
               "offsetUserFunction_t), in every solver")
          .Structural()
          .AddUserFunction(
              &T::offsetUserFunction, "offsetUserFunction", "offsetUserFunction(mbs, t, itemNumber, lOffset) -> Real",
              "a Python function which gives the time-dependent offset l_off(t), e.g. to move a coordinate on "
              "a prescribed trajectory; it must be smooth and consistent with the initial coordinates")
          .AddUserFunction(
              &T::offsetUserFunction_t, "offsetUserFunction_t",
              "offsetUserFunction_t(mbs, t, itemNumber, lOffset) -> Real",
              "time derivative of offsetUserFunction, used in the velocity-level (index 2) equation; provide both "
              "functions for index-2 solvers")
          .AddActiveConnector()
          .AddVisualization(&T::visualization, "drawing size = link size")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorCoordinate", "ObjectConnectorCoordinate", {"CoordinateConstraint"}, "joints",
      "A constraint between two (scalar) coordinates of coordinate markers: factorValue1 * q_m1 - q_m0 = offset; the "
      "coordinates do not include reference values. Its Lagrange multiplier is the constraint force.",
      fields,
      {OutputVariableType::Displacement, OutputVariableType::Velocity, OutputVariableType::ConstraintEquation,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
