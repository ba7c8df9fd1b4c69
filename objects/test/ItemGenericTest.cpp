// Generic checks over every registered item type: default construction, dict/JSON round
// trip, rejection of values that violate a field's type or constraint.
#include <gtest/gtest.h>

#include "core/ItemRegistry.h"
#include "objects/ItemList.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

TEST(ItemGeneric, EveryTypeIsRegisteredOnceWithItsNames) {
  RegisterAllItems();
  const auto& all = ItemRegistry::Instance().All();
  EXPECT_EQ(all.size(), 30u);
  for (const ItemTypeInfo* info : all) {
    EXPECT_EQ(ItemRegistry::Instance().Find(info->category, info->typeName), info);
    EXPECT_EQ(ItemRegistry::Instance().Find(info->category, info->className), info);
    for (const auto& shortName : info->shortNames) EXPECT_EQ(ItemRegistry::Instance().Find(info->category, shortName), info);
    EXPECT_FALSE(info->description.empty()) << info->className;
    for (const auto& field : info->fields->fields) EXPECT_FALSE(field.description.empty()) << info->className << "." << field.name;
  }
}

TEST(ItemGeneric, DefaultItemsRoundTripThroughTheirDict) {
  RegisterAllItems();
  for (const ItemTypeInfo* info : ItemRegistry::Instance().All()) {
    const auto item = info->create();
    const Json dict = ItemToDict(*item);
    EXPECT_EQ(dict.begin().key(), TypeKey(info->category));
    const auto copy = CreateItemFromJson(info->category, Json::parse(dict.dump()), "copy");
    EXPECT_EQ(ItemToDict(*copy), dict) << info->className;
  }
}

TEST(ItemGeneric, FieldsRejectWrongKindsAndConstraintViolations) {
  RegisterAllItems();
  for (const ItemTypeInfo* info : ItemRegistry::Instance().All()) {
    for (const auto& field : info->fields->fields) {
      if (field.type == FieldType::UserFunction || field.type == FieldType::String) continue;
      const auto item = info->create();
      EXPECT_THROW(SetItemField(*item, field, Json("text"), info->className), std::runtime_error)
          << info->className << "." << field.name;
      if (field.constraint != FieldConstraint::None)
        EXPECT_THROW(SetItemField(*item, field, field.type == FieldType::Integer ? Json(-1) : Json(-1.), info->className),
                     ValueError)
            << info->className << "." << field.name;
      EXPECT_EQ(field.get(item.get()), field.defaultValue) << "unchanged after a rejected value";
    }
    Json unknown = Json::object();
    unknown[TypeKey(info->category)] = info->typeName;
    unknown["noSuchParameter"] = 1;
    EXPECT_THROW(CreateItemFromJson(info->category, unknown, "item"), TypeError);
  }
}

TEST(ItemGeneric, SystemWithEveryItemRoundTripsThroughJson) {
  auto system = MakeSystemWithEveryItem();
  const Json saved = system->ToJson();
  MainSystem loaded;
  loaded.LoadJson(Json::parse(saved.dump()));
  EXPECT_EQ(loaded.ToJson(), saved);
  loaded.Assemble();
  EXPECT_EQ(loaded.Compiled().numberOfODE2, system->Compiled().numberOfODE2);
  // Euler parameters 1 + revolute joint 5 + planar revolute joint 2 + coordinate constraint 1
  EXPECT_EQ(loaded.Compiled().numberOfAE, 9);
}

TEST(ItemGeneric, BadReferenceLeavesTheSystemUnchanged) {
  auto system = MakeSystemWithEveryItem();
  const Json before = system->ToJson();
  Json spring = {{"objectType", "ConnectorTorsionalSpringDamper"}, {"markerNumbers", {0, 99}}};
  EXPECT_THROW(AddFromJson(*system, ItemCategory::Object, spring), IndexError);
  Json positionMarker = {{"objectType", "ConnectorTorsionalSpringDamper"}, {"markerNumbers", {0, 3}}};
  EXPECT_THROW(AddFromJson(*system, ItemCategory::Object, positionMarker), TypeError);
  EXPECT_EQ(system->ToJson(), before);
  EXPECT_TRUE(system->IsAssembled());
}
