// MainSystem::DeleteItem (Exudyn's mbs.Delete...): a system after a deletion equals one built without
// the deleted items, item for item; references to later items are renumbered through the field
// tables, references to deleted items become -1 with a warning and are refused by Assemble(), the
// dependents of objects and loads go with them, and bad calls leave the system as it was.
#include <gtest/gtest.h>

#include "objects/test/TestSystems.h"

using namespace multidyn;

namespace {

using C = ItemCategory;

// Ground and two mass points in a chain of distance constraints, each mass under a mass-proportional
// load, with sensors on the second mass, its load and its marker. Items can be left out to build
// what a deletion must give.
struct TwoMassesOptions {
  bool firstLoad = true;  // load 0 and its MarkerBodyMass on mass 0
  bool secondConstraint = true;  // the distance constraint between the masses
};

std::unique_ptr<MainSystem> TwoMasses(TwoMassesOptions options = {}) {
  auto system = std::make_unique<MainSystem>();
  MainSystem& s = *system;
  const Index ground = AddFromJson(s, C::Object, {{"objectType", "Ground"}});
  const Index node0 = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {1., 0., 0.}}});
  const Index node1 = AddFromJson(s, C::Node, {{"nodeType", "Point"}, {"referenceCoordinates", {2., 0., 0.}}});
  const Index mass0 =
      AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node0}, {"physicsMass", 1.}});
  const Index mass1 =
      AddFromJson(s, C::Object, {{"objectType", "MassPoint"}, {"nodeNumber", node1}, {"physicsMass", 2.}});
  Index massMarker0 = -1;
  if (options.firstLoad) massMarker0 = AddFromJson(s, C::Marker, {{"markerType", "BodyMass"}, {"bodyNumber", mass0}});
  const Index massMarker1 = AddFromJson(s, C::Marker, {{"markerType", "BodyMass"}, {"bodyNumber", mass1}});
  if (options.firstLoad)
    AddFromJson(s, C::Load,
                {{"loadType", "MassProportional"}, {"markerNumber", massMarker0}, {"loadVector", {0., -9.81, 0.}}});
  const Index load1 = AddFromJson(
      s, C::Load, {{"loadType", "MassProportional"}, {"markerNumber", massMarker1}, {"loadVector", {0., -9.81, 0.}}});
  const Index groundMarker = AddFromJson(s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", ground}});
  const Index position0 = AddFromJson(s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", mass0}});
  const Index position1 = AddFromJson(s, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", mass1}});
  AddFromJson(s, C::Object,
              {{"objectType", "ConnectorDistance"}, {"markerNumbers", {groundMarker, position0}}, {"distance", 1.}});
  if (options.secondConstraint)
    AddFromJson(s, C::Object,
                {{"objectType", "ConnectorDistance"}, {"markerNumbers", {position0, position1}}, {"distance", 1.}});
  AddFromJson(s, C::Sensor, {{"sensorType", "Load"}, {"loadNumber", load1}, {"writeToFile", false}});
  AddFromJson(s, C::Sensor, {{"sensorType", "Marker"}, {"markerNumber", position1}, {"writeToFile", false}});
  AddFromJson(s, C::Sensor, {{"sensorType", "Body"}, {"bodyNumber", mass1}, {"writeToFile", false}});
  return system;
}

TwoMassesOptions Without(bool TwoMassesOptions::*item) {
  TwoMassesOptions options;
  options.*item = false;
  return options;
}

bool Contains(const std::vector<std::string>& texts, const std::string& part) {
  for (const auto& text : texts)
    if (text.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(DeleteItem, LoadWithItsMarkerGivesTheSystemBuiltWithoutThem) {
  auto system = TwoMasses();
  const std::vector<std::string> warnings = system->DeleteItem(C::Load, 0, true);
  EXPECT_TRUE(warnings.empty());
  // later markers, the remaining load's marker, the constraints' markers and the sensors' load renumbered
  EXPECT_EQ(system->ToJson(), TwoMasses(Without(&TwoMassesOptions::firstLoad))->ToJson());
  system->Assemble();
}

TEST(DeleteItem, LoadWithoutItsMarkerKeepsTheMarker) {
  auto system = TwoMasses();
  system->DeleteItem(C::Load, 0, false);
  EXPECT_EQ(system->NumberOfItems(C::Marker), 5);
  EXPECT_EQ(system->GetItemParameter(C::Sensor, 0, "loadNumber"), Json(0));
  system->Assemble();  // a marker no load uses is valid
}

TEST(DeleteItem, ConnectorWithoutDependentsGivesTheSystemBuiltWithoutIt) {
  auto system = TwoMasses();
  EXPECT_TRUE(system->DeleteItem(C::Object, 4, false).empty());
  EXPECT_EQ(system->ToJson(), TwoMasses(Without(&TwoMassesOptions::secondConstraint))->ToJson());
}

TEST(DeleteItem, ConnectorDeletesItsMarkersAndInvalidatesOtherUsersOfThem) {
  // As Exudyn: the constraint's markers go with it even where other items use them.
  auto system = TwoMasses();
  const std::vector<std::string> warnings = system->DeleteItem(C::Object, 4, true);
  EXPECT_EQ(system->NumberOfItems(C::Object), 4);
  EXPECT_EQ(system->NumberOfItems(C::Marker), 3);  // position0 and position1 (markers 3 and 4) deleted
  // the first constraint used position0, the marker sensor position1
  EXPECT_EQ(system->GetItemParameter(C::Object, 3, "markerNumbers"), Json::array({2, -1}));
  EXPECT_EQ(system->GetItemParameter(C::Sensor, 1, "markerNumber"), Json(-1));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_TRUE(Contains(warnings,
                       "mbs.DeleteObject(4): object 3 (ObjectConnectorDistance) referred to the deleted marker 3 "
                       "in parameter 'markerNumbers'; it is now -1"));
  EXPECT_TRUE(
      Contains(warnings, "sensor 1 (SensorMarker) referred to the deleted marker 4 in parameter 'markerNumber'"));
  // refused until they are given valid markers, with the item and the parameter named
  try {
    system->Assemble();
    FAIL() << "Assemble() accepted a reference to a deleted marker";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("object 3 (ObjectConnectorDistance)"), std::string::npos) << e.what();
  }
  // reference outputs compile the structure: a clear error, not an access with index -1
  EXPECT_THROW(system->GetObjectOutput(1, OutputVariableType::Position, ConfigurationType::Reference), ValueError);
  const Index position0 = AddFromJson(*system, C::Marker, {{"markerType", "BodyPosition"}, {"bodyNumber", 1}});
  system->SetItemParameter(C::Object, 3, "markerNumbers", Json::array({2, position0}));
  system->DeleteItem(C::Sensor, 1, false);
  system->Assemble();
}

TEST(DeleteItem, BodyDeletesItsNodeAndInvalidatesItsMarkers) {
  auto system = TwoMasses();
  const std::vector<std::string> warnings = system->DeleteItem(C::Object, 1, true);
  EXPECT_EQ(system->NumberOfItems(C::Node), 1);
  EXPECT_EQ(system->GetItemParameter(C::Object, 1, "nodeNumber"), Json(0));  // mass 1 on node 1, now 0
  EXPECT_EQ(system->GetItemParameter(C::Marker, 0, "bodyNumber"), Json(-1));  // on mass 0
  EXPECT_EQ(system->GetItemParameter(C::Marker, 1, "bodyNumber"), Json(1));  // on mass 1, now object 1
  EXPECT_EQ(system->GetItemParameter(C::Marker, 3, "bodyNumber"), Json(-1));  // position0
  EXPECT_EQ(system->GetItemParameter(C::Marker, 4, "bodyNumber"), Json(1));
  EXPECT_EQ(system->GetItemParameter(C::Sensor, 2, "bodyNumber"), Json(1));
  EXPECT_EQ(warnings.size(), 2u);
  EXPECT_TRUE(
      Contains(warnings, "marker 0 (MarkerBodyMass) referred to the deleted object 1 in parameter 'bodyNumber'"));
  EXPECT_THROW(system->Assemble(), ValueError);
  EXPECT_THROW(system->GetMarkerOutput(0, OutputVariableType::Position, ConfigurationType::Reference), ValueError);
}

TEST(DeleteItem, NodeInAListOfNodesBecomesMinusOneAndIsRefused) {
  MainSystem s;
  const Index n0 = AddFromJson(s, C::Node,
                               {{"nodeType", "GenericODE1"},
                                {"numberOfODE1Coordinates", 1},
                                {"referenceCoordinates", {0.}},
                                {"initialCoordinates", {1.}}});
  const Index n1 = AddFromJson(s, C::Node,
                               {{"nodeType", "GenericODE1"},
                                {"numberOfODE1Coordinates", 1},
                                {"referenceCoordinates", {0.}},
                                {"initialCoordinates", {2.}}});
  AddFromJson(s, C::Object,
              {{"objectType", "GenericODE1"},
               {"nodeNumbers", {n1, n0}},
               {"systemMatrix", {{-1., 0.}, {0., -2.}}},
               {"rhsVector", {0., 0.}}});
  const std::vector<std::string> warnings = s.DeleteItem(C::Node, n0, false);
  EXPECT_EQ(s.GetItemParameter(C::Object, 0, "nodeNumbers"), Json::array({0, -1}));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(Contains(warnings,
                       "mbs.DeleteNode(0): object 0 (ObjectGenericODE1) referred to the deleted node 0 in parameter "
                       "'nodeNumbers'"));
  try {
    s.Assemble();
    FAIL() << "Assemble() accepted -1 in a list of nodes";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("object 0 (ObjectGenericODE1): parameter 'nodeNumbers'"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(s.GetNodeOutput(0, OutputVariableType::Coordinates, ConfigurationType::Reference), ValueError);
}

TEST(DeleteItem, SensorsReadByAUserFunctionSensorAreRenumbered) {
  auto system = TwoMasses();
  MainSystem& s = *system;
  const Index user =
      AddFromJson(s, C::Sensor, {{"sensorType", "UserFunction"}, {"sensorNumbers", {0, 2}}, {"writeToFile", false}});
  EXPECT_TRUE(s.DeleteItem(C::Sensor, 1, false).empty());
  EXPECT_EQ(s.GetItemParameter(C::Sensor, user - 1, "sensorNumbers"), Json::array({0, 1}));
  EXPECT_EQ(s.SensorRecords().size(), 3u);
  const std::vector<std::string> warnings = s.DeleteItem(C::Sensor, 0, false);
  EXPECT_EQ(s.GetItemParameter(C::Sensor, user - 2, "sensorNumbers"), Json::array({-1, 0}));
  EXPECT_EQ(warnings.size(), 1u);
  EXPECT_THROW(s.Assemble(), ValueError);
}

TEST(DeleteItem, BadNumbersLeaveTheSystemUnchanged) {
  auto system = TwoMasses();
  system->Assemble();
  const Json before = system->ToJson();
  const size_t revision = system->StructuralRevision();
  for (C category : {C::Node, C::Object, C::Marker, C::Load, C::Sensor}) {
    EXPECT_THROW(system->DeleteItem(category, system->NumberOfItems(category), true), IndexError);
    EXPECT_THROW(system->DeleteItem(category, -1, true), IndexError);
  }
  EXPECT_EQ(system->ToJson(), before);
  EXPECT_EQ(system->StructuralRevision(), revision);
  EXPECT_TRUE(system->IsAssembled());
}

TEST(DeleteItem, TheSystemNeedsAssembleAgain) {
  auto system = TwoMasses();
  system->Assemble();
  system->DeleteItem(C::Sensor, 2, false);
  EXPECT_FALSE(system->IsAssembled());
  EXPECT_THROW(system->GetObjectOutput(1, OutputVariableType::Position, ConfigurationType::Current), NotAssembledError);
  system->Assemble();
  EXPECT_EQ(system->SensorRecords().size(), 2u);
}
