// Generic checks over every registered item type: default construction, dict/JSON round
// trip, rejection of values that violate a field's type or constraint.
#include <gtest/gtest.h>

#include "core/items/ItemRegistry.h"
#include "objects/ItemList.h"
#include "objects/test/JacobianCheck.h"
#include "objects/test/TestSystems.h"

using namespace multidyn;

TEST(ItemGeneric, EveryTypeIsRegisteredOnceWithItsNames) {
  RegisterAllItems();
  const auto& all = ItemRegistry::Instance().All();
  for (const ItemTypeInfo* info : all) {
    EXPECT_EQ(ItemRegistry::Instance().Find(info->category, info->typeName), info);
    EXPECT_EQ(ItemRegistry::Instance().Find(info->category, info->className), info);
    for (const auto& shortName : info->shortNames)
      EXPECT_EQ(ItemRegistry::Instance().Find(info->category, shortName), info);
    EXPECT_FALSE(info->description.empty()) << info->className;
    for (const auto& field : info->fields->fields)
      EXPECT_FALSE(field.description.empty()) << info->className << "." << field.name;
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
      if (field.constraint != FieldConstraint::None) {
        // the violating value: -1, or a zero vector of the field's size
        const Json violating = field.constraint == FieldConstraint::NonZero ? Json(std::vector<double>(field.rows, 0.))
                               : field.type == FieldType::Integer           ? Json(-1)
                                                                            : Json(-1.);
        EXPECT_THROW(SetItemField(*item, field, violating, info->className), ValueError)
            << info->className << "." << field.name;
      }
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

// The items of another system replace ours at once (mbs.SetDictionary, mbs.Load); references
// may point forward in the new lists, and a bad item anywhere leaves the old system whole.
MainSystem::ItemLists ItemListsOf(const MainSystem& system) {
  MainSystem::ItemLists items;
  for (int category = 0; category < 5; ++category)
    for (Index i = 0; i < system.NumberOfItems(static_cast<ItemCategory>(category)); ++i)
      items[category].push_back(system.GetItem(static_cast<ItemCategory>(category), i).Clone());
  return items;
}

TEST(ItemGeneric, ReplaceItemsTakesAllOrNothing) {
  auto source = MakeSystemWithEveryItem();
  MainSystem target;
  target.AddItem(CreateItemFromJson(ItemCategory::Node, {{"nodeType", "PointGround"}}, "node 0"));
  target.ReplaceItems(ItemListsOf(*source), "mbs.SetDictionary()");
  EXPECT_EQ(target.ToJson(), source->ToJson());
  EXPECT_FALSE(target.IsAssembled());
  target.Assemble();
  EXPECT_EQ(target.Compiled().numberOfODE2, source->Compiled().numberOfODE2);

  const Json before = target.ToJson();
  MainSystem::ItemLists bad = ItemListsOf(*source);
  bad[static_cast<int>(ItemCategory::Object)].push_back(CreateItemFromJson(
      ItemCategory::Object, {{"objectType", "ConnectorTorsionalSpringDamper"}, {"markerNumbers", {0, 99}}}, "object"));
  EXPECT_THROW(target.ReplaceItems(std::move(bad), "mbs.SetDictionary()"), IndexError);
  EXPECT_EQ(target.ToJson(), before);
  EXPECT_TRUE(target.IsAssembled());
}

// Every registered type, from its own test instance: the instance holds the type, assembles,
// its exact Jacobians equal finite differences at random states, the loads of its multipliers
// are -C_q^T lambda and its velocity-level equations the time derivative of its position-level
// ones (constraints), its ODE2 residual at q_tt = 0 is the explicit solvers' (which skips the
// bodies whose LHS is M q_tt), and it round-trips through JSON. No list of types or systems to keep here.
class EveryItemType : public ::testing::TestWithParam<unsigned> {};

TEST_P(EveryItemType, TestInstanceAssemblesWithExactJacobiansAndRoundTrips) {
  RegisterAllItems();
  RegisterTestItems();
  for (const ItemTypeInfo* info : ItemRegistry::Instance().All()) {
    SCOPED_TRACE(info->className);
    ASSERT_TRUE(info->addTestInstance);
    MainSystem system;
    info->addTestInstance(system);
    bool found = false;
    for (Index i = 0; i < system.NumberOfItems(info->category); ++i)
      found = found || &system.GetItem(info->category, i).TypeInfo() == info;
    EXPECT_TRUE(found) << "the test instance holds no " << info->className;
    system.Assemble();
    SystemEquations equations(system);
    SystemState state = system.CurrentState();
    test::Randomize(system, state, GetParam());
    test::ExpectExactJacobians(equations, state, true);
    {  // the explicit stages' residual at q_tt = 0 skips bodies whose LHS is M q_tt: bitwise the whole one
      SystemState atZeroAcceleration = state;
      atZeroAcceleration.ode2_tt.setZero();
      VectorX whole, skipping;
      equations.ComputeODE2Residual(atZeroAcceleration, whole);
      equations.ComputeODE2ResidualAtZeroAcceleration(atZeroAcceleration, skipping);
      EXPECT_TRUE(skipping == whole)
          << "a body claims ODE2LHSIsMassTimesAcceleration, but its LHS at q_tt = 0 is not zero";
    }
    if (equations.NumberOfAE() > 0) {
      test::ExpectConstraintLoadsAreTransposedConstraintJacobian(system, equations, state);
      test::ExpectVelocityEquationsAreTimeDerivatives(system, equations, state);
    }
    const Json saved = system.ToJson();
    MainSystem loaded;
    loaded.LoadJson(Json::parse(saved.dump()));
    EXPECT_EQ(loaded.ToJson(), saved);
  }
}

INSTANTIATE_TEST_SUITE_P(RandomStates, EveryItemType, ::testing::Values(11u, 12u));

// Every output a type declares (its reference page lists them) can be read from its test
// instance, in the current and in the reference configuration, and has a finite value.
TEST(ItemGeneric, EveryDeclaredOutputIsReadable) {
  RegisterAllItems();
  RegisterTestItems();
  Index checked = 0;
  for (const ItemTypeInfo* info : ItemRegistry::Instance().All()) {
    if (info->outputs.empty()) continue;
    MainSystem system;
    info->addTestInstance(system);
    system.Assemble();
    for (Index i = 0; i < system.NumberOfItems(info->category); ++i) {
      if (&system.GetItem(info->category, i).TypeInfo() != info) continue;
      for (OutputVariableType type : info->outputs) {
        for (ConfigurationType configuration : {ConfigurationType::Current, ConfigurationType::Reference}) {
          SCOPED_TRACE(info->className + " " + OutputVariableTypeName(type) + " " +
                       ConfigurationTypeName(configuration));
          VectorX value;
          if (info->category == ItemCategory::Node) {
            EXPECT_NO_THROW(value = system.GetNodeOutput(i, type, configuration));
          } else if (info->category == ItemCategory::Object) {
            EXPECT_NO_THROW(value = system.GetObjectOutput(i, type, configuration));
          } else if (info->category == ItemCategory::Marker) {
            EXPECT_NO_THROW(value = system.GetMarkerOutput(i, type, configuration));
          } else {
            continue;
          }
          EXPECT_TRUE(value.allFinite());
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 200);  // every node, object and marker type declares outputs
}
