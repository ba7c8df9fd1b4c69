#include "objects/contact/ObjectContactSphereSphere.h"

#include <cmath>
#include <string>

#include "objects/TestInstances.h"

#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

// Exudyn's rules (penaltyContact::SwitchContactState); the plastic overlap only grows within a contact.
double ObjectContactSphereSphere::PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                                 const MarkerData<double>& m1, double* data,
                                                 double& recommendedStepSize) const {
  const double* startOfStep = context.startOfStepData ? context.startOfStepData : data;
  const Geometry<double> g = GeometryOf(m0, m1);
  const bool inContact = g.gap < 0.;
  const Vector3 relativeVelocity = RelativeVelocity(m0, m1, g, inContact && dynamicFriction != 0.);
  const double normalVelocity = g.n0.dot(relativeVelocity);
  // the normal force at the current state, with the data of the last iteration
  const double normalForce = inContact && activeConnector ? NormalForce(g.gap, normalVelocity, data) : 0.;
  double plasticOverlap = 0.;
  if (inContact && contactPlasticityRatio != 0.) {
    plasticOverlap = std::pow(contactPlasticityRatio, 1. / contactStiffnessExponent) * (-g.gap);
    plasticOverlap = std::max(plasticOverlap, startOfStep[dataPlasticOverlap]);
  }
  data[dataPlasticOverlap] = plasticOverlap;
  return penaltyContact::SwitchContactState(*this, g.gap, (relativeVelocity - normalVelocity * g.n0).norm(),
                                            normalVelocity, normalForce, startOfStep, data, recommendedStepSize);
}

void ObjectContactSphereSphere::Check(const SystemView& system) const {
  // orientation only for friction (its torques and the velocities at the contact point)
  CheckMarkersProvide(system, MarkerNumbers(), "markerNumbers", true, dynamicFriction != 0.,
                      "ObjectContactSphereSphere");
  CheckDataNode(system, nodeNumber, numberOfDataCoordinates);
  if (!(spheresRadii(0) >= 0. && spheresRadii(1) >= 0.))
    throw ValueError("parameter 'spheresRadii': expected the two radii [r0, r1] >= 0 [m], got [" +
                     std::to_string(spheresRadii(0)) + ", " + std::to_string(spheresRadii(1)) + "]");
  if (!(contactPlasticityRatio < 1.))
    throw ValueError(
        "parameter 'contactPlasticityRatio': expected a ratio in [0, 1) (the unloading stiffness is "
        "contactStiffness/(1 - contactPlasticityRatio)), got " +
        std::to_string(contactPlasticityRatio));
  CheckImpactModel();
}

bool ObjectContactSphereSphere::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                          const MarkerData<double>& m0, const MarkerData<double>& m1, const VectorX&,
                                          VectorX& value) const {
  const Geometry<double> g = GeometryOf(m0, m1);
  switch (type) {
    case OutputVariableType::Position: value = m0.position + Arm0(g); return true;  // the contact point
    case OutputVariableType::Displacement: value = g.p_m0m1; return true;
    case OutputVariableType::DisplacementLocal: value = VectorX::Constant(1, g.gap); return true;
    case OutputVariableType::Velocity: value = m1.velocity - m0.velocity; return true;
    case OutputVariableType::Director1: value = g.n0; return true;
    case OutputVariableType::Force:
    case OutputVariableType::Torque: {
      // on marker 0, as the last evaluation computed them (the contact state of the data)
      MarkerLoad<double> loads[2];
      if (activeConnector) MarkerLoads(context, m0, m1, loads);
      value = type == OutputVariableType::Force ? loads[0].force : loads[0].torque;
      return true;
    }
    default: return false;
  }
}

void ObjectContactSphereSphere::AddTestInstance(SystemBuilder& system) {
  // two turning, overlapping spheres with friction in the proportional zone and the Carvalho-Martins law
  const Index body0 = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.1, 0.2, -0.3));
  const Index body1 = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(0.5, -0.1, 0.2));
  const Index node = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 4}, {"initialCoordinates", {-0.01, 1e-4, 0.8, 0.}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ContactSphereSphere"},
                      {"nodeNumber", node},
                      {"spheresRadii", {0.3, 0.25}},
                      {"contactStiffness", 1e4},
                      {"contactDamping", 20.},
                      {"contactStiffnessExponent", 1.5},
                      {"dynamicFriction", 0.3},
                      {"frictionProportionalZone", 0.5},
                      {"impactModel", 2},
                      {"restitutionCoefficient", 0.6},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body0, Vector3(0.1, 0., 0.05)),
                        testInstances::RigidMarker(system, body1, Vector3(-0.05, 0.1, 0.))}}});
  // sphere 0 inside the hollow sphere 1, slipping, on the adhesive elasto-plastic law (unloading)
  const Index slipping = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 4}, {"initialCoordinates", {-0.01, 2., 0., 0.04}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ContactSphereSphere"},
                      {"nodeNumber", slipping},
                      {"spheresRadii", {0.1, 0.9}},
                      {"isHollowSphere1", true},
                      {"contactStiffness", 2e4},
                      {"contactDamping", 10.},
                      {"contactPlasticityRatio", 0.5},
                      {"constantPullOffForce", 0.2},
                      {"adhesionCoefficient", 300.},
                      {"dynamicFriction", 0.4},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, body1, Vector3(0.05, -0.1, 0.1)),
                        testInstances::RigidMarker(system, body0, Vector3(0., 0.2, 0.))}}});
}

const ItemTypeInfo& ObjectContactSphereSphere::Info() {
  using T = ObjectContactSphereSphere;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> b;
    b.Add(&T::name, "name", "", "connector's unique name")
        .Add(&T::markerNumbers, "markerNumbers", "",
             "list of the two markers [m0, m1] at the centres of the spheres (position; orientation too with "
             "dynamicFriction != 0)")
        .Add(&T::nodeNumber, "nodeNumber", "",
             "a NodeGenericData with 4 data coordinates, the contact state of the last discontinuous iteration: "
             "[gap, norm of the tangential velocity (stick or slip), impact velocity, plastic overlap of the "
             "adhesive elasto-plastic model]; usually initialized with a positive gap and zeros")
        .Structural()
        .Add(&T::spheresRadii, "spheresRadii", "m", "radii [r0, r1] of the spheres at marker 0 and marker 1")
        .Add(&T::isHollowSphere1, "isHollowSphere1", "",
             "True: sphere 1 is hollow, sphere 0 moves inside it (contact with its inner surface)");
    AddFrictionAndStiffnessFields(b)
        .Add(&T::constantPullOffForce, "constantPullOffForce", "N",
             "constant adhesion force f_adh of the adhesive elasto-plastic model (impactModel 0)")
        .NonNegative()
        .Add(&T::contactPlasticityRatio, "contactPlasticityRatio", "",
             "lambda_P = 1 - k_c/k_2 of the adhesive elasto-plastic model: k_2 = k_c/(1 - lambda_P) is the "
             "unloading and reloading stiffness; 0 switches the model off")
        .NonNegative()
        .Add(&T::adhesionCoefficient, "adhesionCoefficient", "N/m^n_adh",
             "adhesion coefficient k_adh of the adhesive elasto-plastic model; 0: no adhesion")
        .NonNegative()
        .Add(&T::adhesionExponent, "adhesionExponent", "",
             "exponent n_adh of the overlap in the adhesion force of the adhesive elasto-plastic model")
        .NonNegative();
    AddImpactFields(b)
        .Add(&T::impactModel, "impactModel", "",
             "0: linear spring-damper (with contactPlasticityRatio != 0 the adhesive elasto-plastic model); 1: "
             "Hunt-Crossley; 2: Gonthier (e < 1/3) and Carvalho-Martins (e > 1/3), accurate in the whole range of e")
        .TestValue(R"(2)")
        .AddActiveConnector()
        .Add(&T::visualizationShow, "show", "", "set true, if the spheres are drawn with their radii")
        .Visualization()
        .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
        .Visualization();
    return b.Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ContactSphereSphere", "ObjectContactSphereSphere", {}, "contact",
      "Penalty contact of two spheres (or of sphere 0 inside the hollow sphere 1) at marker 0 and marker 1: a normal "
      "force from the overlap (linear, Hertz-type exponent, adhesive elasto-plastic, or with Hunt-Crossley or "
      "Gonthier / Carvalho-Martins impact damping), linear contact damping and regularized Coulomb friction with its "
      "torques. The contact state of the last discontinuous iteration is kept in a NodeGenericData of 4 coordinates.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::DisplacementLocal,
       OutputVariableType::Velocity, OutputVariableType::Director1, OutputVariableType::Force,
       OutputVariableType::Torque});
  return info;
}

}  // namespace multidyn
