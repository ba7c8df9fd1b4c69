#include "objects/TestInstances.h"

#include "core/items/ItemRegistry.h"

namespace multidyn {
namespace testInstances {

Index Add(SystemBuilder& system, ItemCategory category, const Json& dict) {
  return system.AddItem(CreateItemFromJson(category, dict, "test instance"));
}

Index Ground(SystemBuilder& system) {
  return Add(system, ItemCategory::Object, {{"objectType", "Ground"}, {"referencePosition", {0.1, -0.2, 0.05}}});
}

Index RigidBody(SystemBuilder& system, const std::string& nodeType, const Vector3& position) {
  Json reference = {position.x(), position.y(), position.z()};
  if (nodeType == "RigidBodyEP")
    for (double value : {1., 0., 0., 0.}) reference.push_back(value);
  else
    for (double value : {0.1, -0.2, 0.3}) reference.push_back(value);
  const Index node = Add(system, ItemCategory::Node, {{"nodeType", nodeType}, {"referenceCoordinates", reference}});
  return Add(system, ItemCategory::Object,
             {{"objectType", "RigidBody"},
              {"nodeNumber", node},
              {"mass", 2.},
              {"inertia", {1., 2., 3., 0.1, -0.2, 0.3}},
              {"centerOfMass", {0.1, -0.2, 0.3}}});
}

Index MassPoint(SystemBuilder& system, const Vector3& position) {
  const Index node = Add(system, ItemCategory::Node,
                         {{"nodeType", "Point"}, {"referenceCoordinates", {position.x(), position.y(), position.z()}}});
  return Add(system, ItemCategory::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node}, {"physicsMass", 1.5}});
}

Index MassPoint2D(SystemBuilder& system, const Vector3& position) {
  const Index node = Add(system, ItemCategory::Node,
                         {{"nodeType", "Point2D"},
                          {"referenceCoordinates", {position.x(), position.y()}},
                          {"initialCoordinates", {0.05, -0.1}},
                          {"initialVelocities", {0.2, 0.3}}});
  return Add(system, ItemCategory::Object, {{"objectType", "MassPoint2D"}, {"nodeNumber", node}, {"physicsMass", 1.5}});
}

Index ANCFCable2D(SystemBuilder& system) {
  // a pre-curved, pre-stretched reference, half of it stress-free, with damping: every term of the LHS
  const Index node0 = Add(system, ItemCategory::Node,
                          {{"nodeType", "Point2DSlope1"},
                           {"referenceCoordinates", {0.1, -0.2, 0.98, 0.15}},
                           {"initialCoordinates", {0.01, 0.02, 0.03, -0.04}},
                           {"initialVelocities", {0.1, -0.2, 0.3, 0.2}}});
  const Index node1 = Add(system, ItemCategory::Node,
                          {{"nodeType", "Point2DSlope1"},
                           {"referenceCoordinates", {1.3, 0.05, 0.95, 0.3}},
                           {"initialCoordinates", {-0.02, 0.01, 0.05, 0.02}},
                           {"initialVelocities", {-0.1, 0.3, -0.2, 0.4}}});
  return Add(system, ItemCategory::Object,
             {{"objectType", "ANCFCable2D"},
              {"nodeNumbers", {node0, node1}},
              {"physicsLength", 1.25},
              {"physicsMassPerLength", 2.5},
              {"physicsBendingStiffness", 40.},
              {"physicsAxialStiffness", 3000.},
              {"physicsBendingDamping", 0.6},
              {"physicsAxialDamping", 5.},
              {"physicsReferenceAxialStrain", 0.01},
              {"physicsReferenceCurvature", 0.2},
              {"strainIsRelativeToReference", 0.5}});
}

Index RigidBody2D(SystemBuilder& system, const Vector3& p) {
  const Index node = Add(system, ItemCategory::Node,
                         {{"nodeType", "RigidBody2D"},
                          {"referenceCoordinates", {p.x(), p.y(), p.z()}},
                          {"initialCoordinates", {0.1, 0.2, -0.3}}});
  return Add(system, ItemCategory::Object,
             {{"objectType", "RigidBody2D"},
              {"nodeNumber", node},
              {"physicsMass", 2.5},
              {"physicsInertia", 0.8},
              {"physicsCenterOfMass", {0.3, -0.2}}});
}

Index Mass1D(SystemBuilder& system, const std::string& objectType) {
  const Index node = Add(system, ItemCategory::Node,
                         {{"nodeType", "1D"},
                          {"referenceCoordinates", {0.4}},
                          {"initialCoordinates", {0.1}},
                          {"initialVelocities", {-0.3}}});
  const Json rotation = {{0.36, 0.48, -0.8}, {-0.8, 0.6, 0.}, {0.48, 0.64, 0.6}};  // a rotation about a skew axis
  return Add(system, ItemCategory::Object,
             {{"objectType", objectType},
              {"nodeNumber", node},
              {objectType == "Mass1D" ? "physicsMass" : "physicsInertia", 1.7},
              {"referencePosition", {0.2, -0.1, 0.3}},
              {"referenceRotation", rotation}});
}

Index CoordinateMarker(SystemBuilder& system, Index node, Index coordinate) {
  return Add(system, ItemCategory::Marker,
             {{"markerType", "NodeCoordinate"}, {"nodeNumber", node}, {"coordinate", coordinate}});
}

Index RigidMarker(SystemBuilder& system, Index body, const Vector3& p) {
  return Add(system, ItemCategory::Marker,
             {{"markerType", "BodyRigid"}, {"bodyNumber", body}, {"localPosition", {p.x(), p.y(), p.z()}}});
}

Index PositionMarker(SystemBuilder& system, Index body, const Vector3& p) {
  return Add(system, ItemCategory::Marker,
             {{"markerType", "BodyPosition"}, {"bodyNumber", body}, {"localPosition", {p.x(), p.y(), p.z()}}});
}

Index NodeOf(const SystemView& system, Index body) { return system.GetObject(body).NodeNumbers().at(0).value; }

Index KinematicTreeChain(SystemBuilder& system) {
  const Json identity = {{1., 0., 0.}, {0., 1., 0.}, {0., 0., 1.}};
  const Json inertia = {{0.1, 0., 0.}, {0., 0.2, 0.}, {0., 0., 0.15}};
  const Index node = Add(system, ItemCategory::Node,
                         {{"nodeType", "GenericODE2"},
                          {"numberOfODE2Coordinates", 2},
                          {"referenceCoordinates", {0.3, 0.}},
                          {"initialCoordinates", {0.1, 0.2}},
                          {"initialCoordinates_t", {0.4, -0.2}}});
  return Add(system, ItemCategory::Object,
             {{"objectType", "KinematicTree"},
              {"nodeNumber", node},
              {"jointTypes", {"RevoluteY", "PrismaticZ"}},
              {"linkParents", {-1, 0}},
              {"jointTransformations", {identity, {{0., -1., 0.}, {1., 0., 0.}, {0., 0., 1.}}}},
              {"jointOffsets", {{0., 0., 0.}, {0.4, 0.1, 0.}}},
              {"linkInertiasCOM", {inertia, inertia}},
              {"linkCOMs", {{0.2, 0., 0.1}, {0., 0.1, 0.2}}},
              {"linkMasses", {1., 2.}}});
}

}  // namespace testInstances
}  // namespace multidyn
