// Conversion and validation of field values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/items/FieldTable.h"

using namespace multidyn;

namespace {
struct Sample {
  double stiffness = 0.;
  double mass = 1.;
  Vector3 position = Vector3::Zero();
  Matrix3 rotation = Matrix3::Identity();
  NodeIndex node;
  bool active = true;
  static const FieldTable& Fields() {
    static const FieldTable table = FieldTableBuilder<Sample>()
                                        .Add(&Sample::stiffness, "stiffness", "N/m", "k")
                                        .Add(&Sample::mass, "mass", "kg", "m")
                                        .Positive()
                                        .Alias("physicsMass")
                                        .Add(&Sample::position, "position", "m", "p")
                                        .Add(&Sample::rotation, "rotation", "", "A")
                                        .Add(&Sample::node, "node", "", "n")
                                        .Add(&Sample::active, "active", "", "a")
                                        .Build();
    return table;
  }
};

void Set(Sample& s, const std::string& name, const Json& value) {
  const FieldDescriptor* f = Sample::Fields().Find(name);
  ASSERT_NE(f, nullptr);
  f->set(*f, &s, value);
}
}  // namespace

TEST(FieldTable, DefaultsComeFromMemberInitializers) {
  const auto& table = Sample::Fields();
  EXPECT_EQ(table.Find("mass")->defaultValue, Json(1.));
  EXPECT_EQ(table.Find("node")->defaultValue, Json(-1));
  EXPECT_EQ(table.Find("node")->role, FieldRole::Structural);
  EXPECT_EQ(table.Find("stiffness")->role, FieldRole::RunTime);
  EXPECT_EQ(table.Find("physicsMass"), table.Find("mass"));
}

TEST(FieldTable, ValidValuesAreStored) {
  Sample s;
  Set(s, "stiffness", 2e3);
  Set(s, "position", Json::array({1, 2.5, -3}));
  Set(s, "rotation", Json::array({Json::array({0, -1, 0}), Json::array({1, 0, 0}), Json::array({0, 0, 1})}));
  Set(s, "node", 4);
  Set(s, "active", false);
  EXPECT_EQ(s.stiffness, 2e3);
  EXPECT_EQ(s.position, Vector3(1, 2.5, -3));
  EXPECT_EQ(s.rotation(0, 1), -1.);
  EXPECT_EQ(s.node.value, 4);
  EXPECT_FALSE(s.active);
  EXPECT_EQ(Sample::Fields().Find("position")->get(&s), Json::array({1., 2.5, -3.}));
}

TEST(FieldTable, BadValuesAreRejectedWithWhatWasExpected) {
  Sample s;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(Set(s, "stiffness", nan), ValueError);
  EXPECT_THROW(Set(s, "stiffness", "stiff"), TypeError);
  EXPECT_THROW(Set(s, "stiffness", true), TypeError);
  EXPECT_THROW(Set(s, "mass", 0.), ValueError);
  EXPECT_THROW(Set(s, "position", Json::array({1, 2})), ValueError);
  EXPECT_THROW(Set(s, "position", Json::array({1, 2, nan})), ValueError);
  EXPECT_THROW(Set(s, "rotation", Json::array({1, 2, 3})), ValueError);
  EXPECT_THROW(Set(s, "node", 1.5), TypeError);
  EXPECT_THROW(Set(s, "node", -2), ValueError);
  try {
    Set(s, "position", Json::array({1, 2}));
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("3 real numbers"), std::string::npos);
  }
  EXPECT_EQ(s.stiffness, 0.);  // unchanged by the failed calls
  EXPECT_EQ(s.mass, 1.);
}
