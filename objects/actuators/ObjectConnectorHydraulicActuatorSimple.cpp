#include "objects/actuators/ObjectConnectorHydraulicActuatorSimple.h"

#include "core/items/SystemView.h"
#include "objects/TestInstances.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

namespace {
std::string Described(const EvaluationContext& context) {
  return context.system ? context.system->ItemDescription(ItemCategory::Object, context.itemNumber)
                        : std::string("ObjectConnectorHydraulicActuatorSimple");
}
}  // namespace

void ObjectConnectorHydraulicActuatorSimple::ThrowZeroLength(const EvaluationContext& context) {
  throw SolverError(Described(context) + ": the two markers coincide (actuator length 0), so the actuator has no axis");
}

void ObjectConnectorHydraulicActuatorSimple::ThrowVanishedVolume(const EvaluationContext& context) {
  throw SolverError(Described(context) +
                    ": a chamber volume V_h + A s vanished (stroke far outside [0, strokeLength]); "
                    "the pressure build-up equations divide by it");
}

void ObjectConnectorHydraulicActuatorSimple::Check(const SystemView& system) const {
  const std::string self = "ObjectConnectorHydraulicActuatorSimple";
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, false, self);
  const std::string expectedNode = "a NodeGenericODE1 with 2 coordinates (the pressures p0, p1)";
  if (nodeNumbers.size() != 1)
    throw ValueError("parameter 'nodeNumbers': expected one node, " + expectedNode + ", got " +
                     std::to_string(nodeNumbers.size()) + " node numbers");
  const Index nodeNumber = nodeNumbers[0].value;
  if (!nodeNumbers[0].IsValid())
    throw ValueError("parameter 'nodeNumbers': expected " + expectedNode + ", got -1 (none)");
  const Node& node = system.GetNode(nodeNumber);
  const std::string what = "node " + std::to_string(nodeNumber) + " is a " + node.TypeInfo().className;
  if (node.TypeInfo().className != "NodeGenericODE1")
    throw TypeError("parameter 'nodeNumbers': " + what + "; " + self + " needs " + expectedNode);
  if (node.NumberOfODE1Coordinates() != 2)
    throw ValueError("parameter 'nodeNumbers': " + what + " with " + std::to_string(node.NumberOfODE1Coordinates()) +
                     " coordinates; " + self + " needs " + expectedNode);
  // The kernels get the stored coordinates, which are the pressures only for a zero reference (as in Exudyn).
  if (!node.ReferenceODE1Coordinates().isZero(0.))
    throw ValueError("parameter 'nodeNumbers': node " + std::to_string(nodeNumber) +
                     " has referenceCoordinates other than [0, 0]; the pressures are its coordinates, so its reference "
                     "values must be zero (give the initial pressures as initialCoordinates)");
  // Exudyn's positive parameters whose default 0 is only a placeholder (the table allows 0 so that a default item
  // exists).
  const struct {
    const char* name;
    double value;
    const char* unit;
  } positive[] = {{"strokeLength", strokeLength, "m"},
                  {"chamberCrossSection0", chamberCrossSection0, "m^2"},
                  {"chamberCrossSection1", chamberCrossSection1, "m^2"},
                  {"hoseVolume0", hoseVolume0, "m^3"},
                  {"hoseVolume1", hoseVolume1, "m^3"},
                  {"oilBulkModulus", oilBulkModulus, "Pa"},
                  {"nominalFlow", nominalFlow, "m^3/(s*sqrt(Pa))"}};
  for (const auto& parameter : positive)
    if (!(parameter.value > 0.))
      throw ValueError(std::string("parameter '") + parameter.name + "': expected a value > 0 [" + parameter.unit +
                       "], got " + JsonNumberText(parameter.value) +
                       (parameter.value == 0. ? " (the default 0 is only a placeholder)" : ""));
}

bool ObjectConnectorHydraulicActuatorSimple::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                                       const MarkerData<double>& m0, const MarkerData<double>& m1,
                                                       const VectorX&, VectorX& value) const {
  double length, lengthRate;
  Vector3 direction;
  Axis(context, m0, m1, length, direction, lengthRate);
  switch (type) {
    case OutputVariableType::Distance: value = VectorX::Constant(1, length); return true;
    case OutputVariableType::Displacement: value = m1.position - m0.position; return true;
    case OutputVariableType::Velocity: value = m1.velocity - m0.velocity; return true;
    case OutputVariableType::VelocityLocal: value = VectorX::Constant(1, lengthRate); return true;
    case OutputVariableType::Force:  // zero when inactive, as Exudyn
      value = activeConnector && context.internal
                  ? Vector3(direction * ActuatorForce(context.internal[0], context.internal[1], lengthRate))
                  : Vector3::Zero();
      return true;
    default: return false;
  }
}

void ObjectConnectorHydraulicActuatorSimple::AddTestInstance(SystemBuilder& system) {
  const Index body = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.3, 0.2, -0.1));
  const Index point = testInstances::RigidBody2D(system, Vector3(1.2, 0.4, 0.3));
  const Index pressures = testInstances::Add(system, ItemCategory::Node,
                                             {{"nodeType", "GenericODE1"},
                                              {"numberOfODE1Coordinates", 2},
                                              {"referenceCoordinates", {0., 0.}},
                                              {"initialCoordinates", {0.1, -0.2}}});
  // every term: chamber volumes and effective bulk moduli that change with the stroke, one valve
  // towards the pump and one towards the tank, damping
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ConnectorHydraulicActuatorSimple"},
                      {"markerNumbers",
                       {testInstances::PositionMarker(system, body, Vector3(0.2, 0.3, 0.4)),
                        testInstances::PositionMarker(system, point, Vector3(0.6, 0.2, 0.1))}},
                      {"nodeNumbers", {pressures}},
                      {"offsetLength", 0.3},
                      {"strokeLength", 1.6},
                      {"chamberCrossSection0", 0.02},
                      {"chamberCrossSection1", 0.015},
                      {"hoseVolume0", 0.01},
                      {"hoseVolume1", 0.012},
                      {"valveOpening0", 0.6},
                      {"valveOpening1", -0.4},
                      {"actuatorDamping", 3.},
                      {"oilBulkModulus", 2.},
                      {"cylinderBulkModulus", 5.},
                      {"hoseBulkModulus", 7.},
                      {"nominalFlow", 0.5},
                      {"systemPressure", 2.},
                      {"tankPressure", -1.},
                      {"useChamberVolumeChange", true}});
}

const ItemTypeInfo& ObjectConnectorHydraulicActuatorSimple::Info() {
  using T = ObjectConnectorHydraulicActuatorSimple;
  static const FieldTable fields =
      FieldTableBuilder<T>()
          .Add(&T::name, "name", "", "connector's unique name")
          .Add(&T::markerNumbers, "markerNumbers", "",
               "the two position markers [m0, m1] at the cylinder's mounts (bushings): m0 at the cylinder, m1 at the "
               "rod")
          .Add(&T::nodeNumbers, "nodeNumbers", "",
               "one NodeGenericODE1 with 2 coordinates, the pressures [p0, p1] (Pa) of the two chambers; its reference "
               "coordinates must be zero, its initialCoordinates are the initial pressures")
          .Add(&T::offsetLength, "offsetLength", "m",
               "offset length L_o of the cylinder: the distance between the markers at stroke s = 0")
          .NonNegative()
          .Add(
              &T::strokeLength, "strokeLength", "m",
              "stroke length L_s, the largest extension relative to L_o (required > 0; used for the rod side's chamber "
              "volume)")
          .NonNegative()
          .Add(&T::chamberCrossSection0, "chamberCrossSection0", "m^2",
               "cross section A_0 of the chamber at the piston head side (0) (required > 0)")
          .NonNegative()
          .Add(&T::chamberCrossSection1, "chamberCrossSection1", "m^2",
               "cross section A_1 of the chamber at the piston rod side (1), usually smaller than A_0 (required > 0)")
          .NonNegative()
          .Add(&T::hoseVolume0, "hoseVolume0", "m^3",
               "hose volume V_h0 at the piston head side (0) (required > 0: the chamber volume must not vanish at s = "
               "0)")
          .NonNegative()
          .Add(&T::hoseVolume1, "hoseVolume1", "m^3",
               "hose volume V_h1 at the piston rod side (1) (required > 0: the chamber volume must not vanish at s = "
               "L_s)")
          .NonNegative()
          .Add(&T::valveOpening0, "valveOpening0", "",
               "relative opening A_v0 in [-1, 1] of the valve at the head side (0): > 0 open towards system pressure, "
               "< 0 open towards tank pressure, 0 closed; run-time, e.g. set from a pre-step user function")
          .Add(&T::valveOpening1, "valveOpening1", "",
               "relative opening A_v1 in [-1, 1] of the valve at the rod side (1), as valveOpening0")
          .Add(&T::actuatorDamping, "actuatorDamping", "N*s/m",
               "viscous damping d_HA against the actuator's axial velocity")
          .NonNegative()
          .Add(&T::oilBulkModulus, "oilBulkModulus", "Pa", "bulk modulus K_oil of the oil (required > 0)")
          .NonNegative()
          .Add(&T::cylinderBulkModulus, "cylinderBulkModulus", "Pa",
               "bulk modulus K_cyl representing the cylinder's compliance in the effective bulk modulus; 0: rigid "
               "(only with useChamberVolumeChange)")
          .NonNegative()
          .Add(&T::hoseBulkModulus, "hoseBulkModulus", "Pa",
               "bulk modulus K_hose representing the hoses' compliance in the effective bulk modulus; 0: rigid (only "
               "with useChamberVolumeChange)")
          .NonNegative()
          .Add(&T::nominalFlow, "nominalFlow", "m^3/(s*sqrt(Pa))",
               "nominal flow Q_n of the valves: the flow is A_v Q_n sqrts(pressure drop) (Exudyn gives the unit as "
               "m^3/s) (required > 0)")
          .NonNegative()
          .Add(&T::systemPressure, "systemPressure", "Pa", "system (pump) pressure p_s")
          .Add(&T::tankPressure, "tankPressure", "Pa", "tank pressure p_t")
          .Add(&T::useChamberVolumeChange, "useChamberVolumeChange", "",
               "if True, the chamber volumes V_0 = V_h0 + A_0 s, V_1 = V_h1 + A_1 (L_s - s) and the effective bulk "
               "moduli change with the stroke; if False, V_k = V_hk and K_k = K_oil")
          .AddActiveConnector()
          .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
          .Visualization()
          .Add(&T::visualizationCylinderRadius, "cylinderRadius", "m", "radius of the drawn cylinder")
          .Visualization()
          .Add(&T::visualizationRodRadius, "rodRadius", "m", "radius of the drawn rod")
          .Visualization()
          .Add(&T::visualizationPistonRadius, "pistonRadius", "m", "radius of the drawn piston")
          .Visualization()
          .Add(&T::visualizationPistonLength, "pistonLength", "m", "length of the drawn piston")
          .Visualization()
          .Add(&T::visualizationRodMountRadius, "rodMountRadius", "m", "radius of the drawn rod mount sphere")
          .Visualization()
          .Add(&T::visualizationBaseMountRadius, "baseMountRadius", "m", "radius of the drawn base mount sphere")
          .Visualization()
          .Add(&T::visualizationBaseMountLength, "baseMountLength", "m", "length of the drawn base mount")
          .Visualization()
          .Add(&T::visualizationColorCylinder, "colorCylinder", "",
               "RGBA cylinder color; R = -1: default connector color")
          .Visualization()
          .Add(&T::visualizationColorPiston, "colorPiston", "", "RGBA piston color")
          .Visualization()
          .Build();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ConnectorHydraulicActuatorSimple", "ObjectConnectorHydraulicActuatorSimple",
      {"HydraulicActuatorSimple"}, "actuators",
      "Exudyn's simple double-acting hydraulic cylinder between two position markers: the chamber pressures p0, p1 "
      "(the ODE1 coordinates of a NodeGenericODE1) follow pressure build-up equations driven by the stroke rate and "
      "by laminar-flow valves towards system or tank pressure, and push the markers apart with p0 A0 - p1 A1.",
      fields,
      {OutputVariableType::Distance, OutputVariableType::Displacement, OutputVariableType::Velocity,
       OutputVariableType::VelocityLocal, OutputVariableType::Force});
  return info;
}

}  // namespace multidyn
