#include "objects/connectors/ObjectConnectorCartesianSpringDamper.h"

#include "objects/TestInstances.h"

#include "core/items/UserFunctionCall.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

Vector3 ObjectConnectorCartesianSpringDamper::CallSpringForce(const EvaluationContext& context,
                                                              const Vector3& displacement,
                                                              const Vector3& velocity) const {
  return CallUserFunctionVector3(
      *springForceUserFunction, *this, context.itemNumber, "springForceUserFunction",
      {context.system, context.time, context.itemNumber, displacement, velocity, stiffness, damping, offset});
}

void ObjectConnectorCartesianSpringDamper::Check(const SystemView& system) const {
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, "ObjectConnectorCartesianSpringDamper");
}

bool ObjectConnectorCartesianSpringDamper::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                     const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                     const VectorX&, VectorX& value) const {
  switch (type) {
    // as Exudyn's: relative to the offset
    case OutputVariableType::Displacement: value = m1.position - m0.position - offset; return true;
    case OutputVariableType::Distance:
      value = VectorX::Constant(1, (m1.position - m0.position - offset).norm());
      return true;
    case OutputVariableType::Velocity: value = m1.velocity - m0.velocity; return true;
    // f_SD in global axes: the force on marker 0's body (marker 1's body gets -f_SD)
    case OutputVariableType::Force:
      value = activeConnector ? SpringForce(context, m0, m1) : Vector3::Zero();
      return true;
    default: return false;
  }
}

void ObjectConnectorCartesianSpringDamper::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::MassPoint(system, Vector3(1.2, 0.4, 0.3));
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorCartesianSpringDamper"},
                      {"stiffness", {30., 50., 20.}},
                      {"damping", {2., 1., 3.}},
                      {"offset", {0.1, -0.2, 0.3}},
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, Vector3(0.2, 0.3, 0.4)),
                        testInstances::PositionMarker(system, point, Vector3::Zero())}}});
}

const ItemTypeInfo& ObjectConnectorCartesianSpringDamper::Info() {
  using T = ObjectConnectorCartesianSpringDamper;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "", "list of the two position markers [m0, m1] the springs connect")
          .Add(&T::stiffness, "stiffness", "N/m", "stiffnesses [k_x, k_y, k_z] of the springs along the global axes")
          .Add(&T::damping, "damping", "N*s/m",
               "damping coefficients [d_x, d_y, d_z] of the dampers along the global axes")
          .Add(&T::offset, "offset", "m", "the relative displacement p_m1 - p_m0 at which the springs are relaxed")
          .AddActiveConnector()
          .AddUserFunction(
              &T::springForceUserFunction, "springForceUserFunction",
              "springForceUserFunction(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) "
              "-> 3-vector",
              "a Python function which computes the force vector f_SD from the relative displacement "
              "p_m1 - p_m0 - offset and the relative velocity (global 3-vectors, as Exudyn's); replaces the linear law")
          .AddVisualization(&T::visualization, "drawing size = diameter of spring")
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorCartesianSpringDamper", "ObjectConnectorCartesianSpringDamper",
      {"CartesianSpringDamper"}, "connectors",
      "Three springs and dampers along the global x, y and z axes between two position markers: "
      "f_SD = diag(k) (p_m1 - p_m0 - offset) + diag(d) (v_m1 - v_m0), acting on marker 0 (and -f_SD on marker 1).",
      fields,
      {OutputVariableType::Displacement, OutputVariableType::Distance, OutputVariableType::Velocity,
       OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
