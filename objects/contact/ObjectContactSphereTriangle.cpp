#include "objects/contact/ObjectContactSphereTriangle.h"

#include <string>

#include "objects/TestInstances.h"

#include "objects/common/DataNodeCheck.h"
#include "objects/common/MarkerRequirements.h"

namespace multidyn {

// Exudyn's rules (penaltyContact::SwitchContactState). An edge left out of includeEdges reports
// the gap |d| instead of |d| - r (and n0 = d/(|d| + r)), so that it never makes contact.
double ObjectContactSphereTriangle::PostNewtonStep(const EvaluationContext& context, const MarkerData<double>& m0,
                                                   const MarkerData<double>& m1, double* data,
                                                   double& recommendedStepSize) const {
  const double* startOfStep = context.startOfStepData ? context.startOfStepData : data;
  Geometry<double> g = GeometryOf(m0, m1);
  if (g.edge != 0 && !(g.edge & includeEdges)) {
    const double distance = g.d.norm() + sphereRadius;
    g.gap = distance - sphereRadius;
    g.n0 = g.d / distance;
  }
  const Vector3 relativeVelocity = RelativeVelocity(m0, m1, g);
  const double normalVelocity = g.n0.dot(relativeVelocity);
  const double normalForce = g.gap < 0. && activeConnector ? NormalForce(g.gap, normalVelocity, data) : 0.;
  data[3] = 0.;  // unused
  return penaltyContact::SwitchContactState(*this, g.gap, (relativeVelocity - normalVelocity * g.n0).norm(),
                                            normalVelocity, normalForce, startOfStep, data, recommendedStepSize);
}

void ObjectContactSphereTriangle::Check(const SystemView& system) const {
  // the sphere: orientation only for friction; the triangle: always (its corners turn with marker 1)
  CheckMarkersProvide(system, {markerNumbers[0]}, "markerNumbers", true, dynamicFriction != 0.,
                      "ObjectContactSphereTriangle");
  CheckMarkersProvide(system, {markerNumbers[1]}, "markerNumbers", true, true, "ObjectContactSphereTriangle");
  CheckDataNode(system, nodeNumber, numberOfDataCoordinates);
  if (trianglePoints.size() != 3)
    throw ValueError(
        "parameter 'trianglePoints': expected the 3 corners of the triangle in marker 1 coordinates, got " +
        std::to_string(trianglePoints.size()) + " points");
  if (!(sphereRadius > 0.))
    throw ValueError("parameter 'sphereRadius': expected a radius > 0 [m], got " + std::to_string(sphereRadius));
  if (includeEdges < 0 || includeEdges > 7)
    throw ValueError(
        "parameter 'includeEdges': expected binary flags 0 to 7 (1: edge of corners 0-1, 2: 1-2, 4: 2-0), "
        "got " +
        std::to_string(includeEdges));
  CheckImpactModel();
}

bool ObjectContactSphereTriangle::GetOutput(OutputVariableType type, const EvaluationContext& context,
                                            const MarkerData<double>& m0, const MarkerData<double>& m1, const VectorX&,
                                            VectorX& value) const {
  const Geometry<double> g = GeometryOf(m0, m1);
  switch (type) {
    case OutputVariableType::Position: value = m0.position + (sphereRadius + 0.5 * g.gap) * g.n0; return true;
    case OutputVariableType::Displacement: value = g.d; return true;
    case OutputVariableType::DisplacementLocal: value = VectorX::Constant(1, g.gap); return true;
    case OutputVariableType::Velocity: value = RelativeVelocity(m0, m1, g); return true;
    case OutputVariableType::Director1: value = g.n0; return true;
    case OutputVariableType::Force:
    case OutputVariableType::Torque: {
      // on the sphere (marker 0), as the last evaluation computed them (the contact state of the data)
      MarkerLoad<double> loads[2];
      if (activeConnector) MarkerLoads(context, m0, m1, loads);
      value = type == OutputVariableType::Force ? loads[0].force : loads[0].torque;
      return true;
    }
    default: return false;
  }
}

void ObjectContactSphereTriangle::AddTestInstance(SystemBuilder& system) {
  // a spinning sphere pressed into a turning triangle near its edge 1-2, slipping, Hunt-Crossley damped
  const Index sphere = testInstances::RigidBody(system, "RigidBodyEP", Vector3(0.2, 0.1, 0.35));
  const Index plate = testInstances::RigidBody(system, "RigidBodyRxyz", Vector3(-0.1, 0.2, 0.));
  const Index node = testInstances::Add(
      system, ItemCategory::Node,
      {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 4}, {"initialCoordinates", {-0.01, 2., 0.7, 0.}}});
  testInstances::Add(system, ItemCategory::Object,
                     {{"objectType", "ContactSphereTriangle"},
                      {"nodeNumber", node},
                      {"sphereRadius", 0.4},
                      {"trianglePoints", {{0., 0., 0.}, {0.8, 0.1, 0.05}, {0.1, 0.7, -0.05}}},
                      {"contactStiffness", 1e4},
                      {"contactDamping", 15.},
                      {"contactStiffnessExponent", 1.5},
                      {"dynamicFriction", 0.3},
                      {"impactModel", 1},
                      {"restitutionCoefficient", 0.8},
                      {"markerNumbers",
                       {testInstances::RigidMarker(system, sphere, Vector3(0.05, 0., 0.)),
                        testInstances::RigidMarker(system, plate, Vector3(0.1, -0.05, 0.1))}}});
}

const ItemTypeInfo& ObjectContactSphereTriangle::Info() {
  using T = ObjectContactSphereTriangle;
  static const FieldTable fields = [] {
    FieldTableBuilder<T> b;
    b.Add(&T::name, "name", "", "connector's unique name")
        .Add(&T::markerNumbers, "markerNumbers", "",
             "the markers [m0, m1]: m0 at the centre of the sphere (position; orientation too with dynamicFriction "
             "!= 0), m1 a rigid marker whose axes hold the triangle's corners")
        .Add(&T::nodeNumber, "nodeNumber", "",
             "a NodeGenericData with 4 data coordinates, the contact state of the last discontinuous iteration: "
             "[gap, norm of the tangential velocity (stick or slip), impact velocity, unused]; usually initialized "
             "with a positive gap and zeros")
        .Structural()
        .Add(&T::sphereRadius, "sphereRadius", "m", "radius r of the sphere (> 0); radiusSphere is Exudyn 1.11's name")
        .Alias("radiusSphere")
        .Add(&T::trianglePoints, "trianglePoints", "m", "the 3 corners of the triangle in marker 1 coordinates")
        .Add(&T::includeEdges, "includeEdges", "",
             "binary flags of the edges that make contact: 1 the edge of corners 0-1, 2 of 1-2, 4 of 2-0; 7 all, 0 "
             "the face only (e.g. for a mesh, whose edges the neighbouring triangles share)");
    AddFrictionAndStiffnessFields(b);
    AddImpactFields(b)
        .Add(&T::impactModel, "impactModel", "",
             "0: linear spring-damper; 1: Hunt-Crossley; 2: Gonthier (e < 1/3) and Carvalho-Martins (e > 1/3)")
        .AddActiveConnector()
        .Add(&T::visualizationShow, "show", "", "set true, if the sphere and the triangle are drawn")
        .Visualization()
        .Add(&T::visualizationColor, "color", "", "RGBA color; R = -1: default color")
        .Visualization();
    return b.Build();
  }();
  static const ItemTypeInfo info = MakeItemTypeInfo<T>(
      ItemCategory::Object, "ContactSphereTriangle", "ObjectContactSphereTriangle", {}, "contact",
      "Penalty contact of a sphere (centre at marker 0) with a triangle fixed to the rigid marker 1, on its face and "
      "the edges chosen by includeEdges: the normal force from the overlap with linear contact damping and the "
      "Hunt-Crossley or Gonthier / Carvalho-Martins impact damping, regularized Coulomb friction, and the moments of "
      "both about the markers. The contact state of the last discontinuous iteration is kept in a NodeGenericData "
      "of 4 coordinates.",
      fields,
      {OutputVariableType::Position, OutputVariableType::Displacement, OutputVariableType::DisplacementLocal,
       OutputVariableType::Velocity, OutputVariableType::Director1, OutputVariableType::Force,
       OutputVariableType::Torque});
  return info;
}

}  // namespace multidyn
