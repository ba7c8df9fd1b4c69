// Small systems holding every item type, for the generic item tests.
#pragma once

#include <memory>

#include "core/items/ItemRegistry.h"
#include "core/model/MainSystem.h"
#include "objects/ItemList.h"
#include "objects/test/TestThreeMarkerConnector.h"

namespace multidyn {

inline Index AddFromJson(MainSystem& system, ItemCategory category, const Json& dict) {
  RegisterAllItems();
  RegisterTestItems();
  return system.AddItem(CreateItemFromJson(category, dict, "test item"));
}

// A chain of n Euler-parameter bodies of length 1 on revolute joints about z, under gravity (a
// force on each body).
// A NodeGenericODE2 of n coordinates (zero reference, initial values and rates) and the parameters
// of an ObjectKinematicTree on it; the caller adds more parameters and then the object.
inline Json KinematicTreeOnNewNode(MainSystem& system, Index n, const Json& jointTypes, const Json& parents,
                                   const Json& transformations, const Json& offsets, const Json& inertias,
                                   const Json& coms, const Json& masses) {
  const Json zeros(std::vector<double>(n, 0.));
  const Index node = AddFromJson(system, ItemCategory::Node,
                                 {{"nodeType", "GenericODE2"},
                                  {"numberOfODE2Coordinates", n},
                                  {"referenceCoordinates", zeros},
                                  {"initialCoordinates", zeros},
                                  {"initialCoordinates_t", zeros}});
  return {{"objectType", "KinematicTree"},
          {"nodeNumber", node},
          {"jointTypes", jointTypes},
          {"linkParents", parents},
          {"jointTransformations", transformations},
          {"jointOffsets", offsets},
          {"linkInertiasCOM", inertias},
          {"linkCOMs", coms},
          {"linkMasses", masses}};
}

inline std::unique_ptr<MainSystem> MakeChain(Index n) {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  Index previous = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", ground}});
  for (Index i = 0; i < n; ++i) {
    const Index node = AddFromJson(
        s, C::Node, {{"nodeType", "RigidBodyEP"}, {"referenceCoordinates", {i + 0.5, 0., 0., 1., 0., 0., 0.}}});
    const Index body = AddFromJson(
        s, C::Object,
        {{"objectType", "RigidBody"}, {"nodeNumber", node}, {"mass", 1.}, {"inertia", {0.01, 0.1, 0.1, 0., 0., 0.}}});
    const Index left = AddFromJson(
        s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", body}, {"localPosition", {-0.5, 0., 0.}}});
    AddFromJson(s, C::Object, {{"objectType", "JointRevoluteZ"}, {"markerNumbers", {previous, left}}});
    const Index center = AddFromJson(s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", body}});
    AddFromJson(s, C::Load, {{"loadType", "ForceVector"}, {"markerNumber", center}, {"loadVector", {0., -9.81, 0.}}});
    previous = AddFromJson(s, C::Marker,
                           {{"markerType", "BodyRigid"}, {"bodyNumber", body}, {"localPosition", {0.5, 0., 0.}}});
  }
  s.Assemble();
  return system;
}

// Ground, an Rxyz body with offset center of mass, an Euler-parameter body, a mass point; a
// revolute joint and a torsional spring-damper (with rotation counter) between the rigid
// bodies, markers of every type, follower and global loads; ODE1 nodes (one between the ODE2
// nodes, so that the numbering is in node order) with a generic first-order system on them; a
// planar rigid body (offset center of mass) on a revolute joint to a ground node, a spring-damper
// between it and the Euler-parameter body, coordinate markers (also on the ground node) with
// coordinate spring-dampers, a coordinate constraint and a coordinate load.
inline std::unique_ptr<MainSystem> MakeSystemWithEveryItem(bool activeJoint = true) {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  using C = ItemCategory;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}, {"referencePosition", {0.1, 0.2, 0.3}}});
  const Index nodeRxyz =
      AddFromJson(s, C::Node, {{"nodeType", "RigidBodyRxyz"}, {"referenceCoordinates", {0.5, 0., 0., 0.1, -0.2, 0.3}}});
  const Index nodeEP =
      AddFromJson(s, C::Node, {{"nodeType", "RigidBodyEP"}, {"referenceCoordinates", {1., 0.2, 0., 1., 0., 0., 0.}}});
  const Index nodeODE1a = AddFromJson(s, C::Node,
                                      {{"nodeType", "GenericODE1"},
                                       {"numberOfODE1Coordinates", 2},
                                       {"referenceCoordinates", {0.5, -1.}},
                                       {"initialCoordinates", {0.1, 0.2}}});
  const Index nodePoint = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {0., 1., 0.}}});
  const Index nodeODE1b = AddFromJson(s, C::Node,
                                      {{"nodeType", "GenericODE1"},
                                       {"numberOfODE1Coordinates", 1},
                                       {"referenceCoordinates", {2.}},
                                       {"initialCoordinates", {-0.3}}});
  const Index nodeData = AddFromJson(
      s, C::Node, {{"nodeType", "GenericData"}, {"numberOfDataCoordinates", 1}, {"initialCoordinates", {0.}}});
  const Index bodyRxyz = AddFromJson(s, C::Object,
                                     {{"objectType", "RigidBody"},
                                      {"nodeNumber", nodeRxyz},
                                      {"mass", 2.},
                                      {"inertia", {1., 2., 3., 0.1, -0.2, 0.3}},
                                      {"centerOfMass", {0.1, -0.2, 0.3}}});
  const Index bodyEP = AddFromJson(s, C::Object,
                                   {{"objectType", "RigidBody"},
                                    {"nodeNumber", nodeEP},
                                    {"mass", 3.},
                                    {"inertia", {2., 3., 4., 0., 0.2, -0.1}},
                                    {"centerOfMass", {-0.2, 0.1, 0.}}});
  const Index massPoint =
      AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", nodePoint}, {"physicsMass", 1.5}});
  const Json rotation = {{0., -1., 0.}, {1., 0., 0.}, {0., 0., 1.}};
  const Index m0 = AddFromJson(s, C::Marker,
                               {{"markerType", "BodyRigid"},
                                {"bodyNumber", bodyRxyz},
                                {"localPosition", {0.3, 0.1, -0.2}},
                                {"localRotationMatrix", rotation}});
  const Index m1 = AddFromJson(s, C::Marker, {{"markerType", "NodeRigid"}, {"nodeNumber", nodeEP}});
  const Index mGround = AddFromJson(s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", ground}});
  const Index mPosition = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", bodyEP}, {"localPosition", {0.2, 0.3, 0.4}}});
  const Index mNodePosition = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", nodePoint}});
  AddFromJson(s, C::Object,
              {{"objectType", "JointRevoluteZ"},
               {"markerNumbers", {m0, m1}},
               {"activeConnector", activeJoint},
               {"rotationMarker1", {{1., 0., 0.}, {0., 0., -1.}, {0., 1., 0.}}}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorTorsionalSpringDamper"},
               {"markerNumbers", {m0, m1}},
               {"nodeNumber", nodeData},
               {"stiffness", 50.},
               {"damping", 3.},
               {"offset", 0.1},
               {"velocityOffset", 0.2},
               {"torque", 0.5}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorTorsionalSpringDamper"},
               {"markerNumbers", {mGround, m0}},
               {"stiffness", 20.},
               {"damping", 1.}});
  AddFromJson(s, C::Object,
              {{"objectType", "GenericODE1"},
               {"nodeNumbers", {nodeODE1b, nodeODE1a}},
               {"systemMatrix", {{-1., 2., 0.5}, {0., -3., 1.}, {4., -0.2, -0.7}}},
               {"rhsVector", {1., 0., -2.}}});
  const Index nodeGround =
      AddFromJson(s, C::Node, {{"nodeType", "PointGround"}, {"referenceCoordinates", {0.4, -0.5, 0.1}}});
  const Index node2D = AddFromJson(s, C::Node,
                                   {{"nodeType", "RigidBody2D"},
                                    {"referenceCoordinates", {0.4, -1., 0.7}},
                                    {"initialCoordinates", {0.1, 0.2, -0.3}}});
  const Index body2D = AddFromJson(s, C::Object,
                                   {{"objectType", "RigidBody2D"},
                                    {"nodeNumber", node2D},
                                    {"physicsMass", 2.5},
                                    {"physicsInertia", 0.8},
                                    {"physicsCenterOfMass", {0.3, -0.2}}});
  const Index m2DJoint = AddFromJson(
      s, C::Marker, {{"markerType", "BodyRigid"}, {"bodyNumber", body2D}, {"localPosition", {-0.5, 0.1, 0.}}});
  const Index m2DPoint = AddFromJson(
      s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", body2D}, {"localPosition", {0.6, 0.2, 0.1}}});
  const Index mGroundNode = AddFromJson(s, C::Marker, {{"markerType", "NodePosition"}, {"nodeNumber", nodeGround}});
  const Index mGroundCoordinate =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", nodeGround}, {"coordinate", 0}});
  const Index mPointY =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", nodePoint}, {"coordinate", 1}});
  const Index mAngle2D =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", node2D}, {"coordinate", 2}});
  const Index mRxyzZ =
      AddFromJson(s, C::Marker, {{"markerType", "NodeCoordinate"}, {"nodeNumber", nodeRxyz}, {"coordinate", 2}});
  AddFromJson(s, C::Object, {{"objectType", "JointRevolute2D"}, {"markerNumbers", {mGroundNode, m2DJoint}}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorSpringDamper"},
               {"markerNumbers", {m2DPoint, mPosition}},
               {"referenceLength", 0.4},
               {"stiffness", 30.},
               {"damping", 2.},
               {"force", 1.5},
               {"velocityOffset", 0.1}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateSpringDamper"},
               {"markerNumbers", {mGroundCoordinate, mPointY}},
               {"stiffness", 40.},
               {"damping", 0.5},
               {"offset", 0.2}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinateSpringDamper"},
               {"markerNumbers", {mAngle2D, mPointY}},
               {"stiffness", 7.},
               {"damping", 0.3}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorCoordinate"},
               {"markerNumbers", {mRxyzZ, mAngle2D}},
               {"factorValue1", 2.},
               {"offset", 0.05}});
  AddFromJson(s, C::Load, {{"loadType", "Coordinate"}, {"markerNumber", mAngle2D}, {"load", 0.7}});
  AddFromJson(s, C::Load,
              {{"loadType", "ForceVector"}, {"markerNumber", m1}, {"loadVector", {1., 2., 3.}}, {"bodyFixed", true}});
  AddFromJson(s, C::Load, {{"loadType", "ForceVector"}, {"markerNumber", mPosition}, {"loadVector", {-1., 0.5, 2.}}});
  AddFromJson(
      s, C::Load,
      {{"loadType", "TorqueVector"}, {"markerNumber", m0}, {"loadVector", {0.5, -1., 2.}}, {"bodyFixed", true}});
  AddFromJson(s, C::Load,
              {{"loadType", "ForceVector"}, {"markerNumber", mNodePosition}, {"loadVector", {0., -9.81, 0.}}});
  AddFromJson(
      s, C::Sensor,
      {{"sensorType", "Node"}, {"nodeNumber", nodeRxyz}, {"outputVariableType", "Position"}, {"writeToFile", false}});
  AddFromJson(
      s, C::Sensor,
      {{"sensorType", "Body"}, {"bodyNumber", bodyEP}, {"outputVariableType", "Velocity"}, {"writeToFile", false}});
  AddFromJson(s, C::Sensor,
              {{"sensorType", "Object"},
               {"objectNumber", massPoint},
               {"outputVariableType", "Position"},
               {"writeToFile", false}});
  AddFromJson(s, C::Sensor, {{"sensorType", "Load"}, {"loadNumber", 0}, {"writeToFile", false}});
  s.Assemble();
  return system;
}

}  // namespace multidyn
