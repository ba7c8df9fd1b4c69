// Exudyn's exu.JointType: the joint of each link of an ObjectKinematicTree, with its axis in
// joint (link) coordinates. Values as Exudyn's (RevoluteX = 1, ... PrismaticZ = 6).
#pragma once

#include <string>
#include <vector>

#include "core/items/FieldTable.h"

namespace multidyn {

enum class JointType {
  _None = 0,
  RevoluteX = 1,
  RevoluteY = 2,
  RevoluteZ = 3,
  PrismaticX = 4,
  PrismaticY = 5,
  PrismaticZ = 6
};

using JointTypeList = std::vector<JointType>;

inline bool IsRevolute(JointType type) {
  return type == JointType::RevoluteX || type == JointType::RevoluteY || type == JointType::RevoluteZ;
}
// 0, 1, 2 for the x, y, z axis of the joint.
inline Index JointAxisIndex(JointType type) { return (static_cast<Index>(type) - 1) % 3; }

const char* JointTypeName(JointType type);

// A list of joint types is given as exu.JointType values (stored by their names, e.g.
// "RevoluteZ"), as names, or as Exudyn's integer values.
template <> struct FieldConverter<JointTypeList> {
  static constexpr FieldType type = FieldType::JointTypeList;
  static Json ToJson(const JointTypeList& v) {
    Json array = Json::array();
    for (JointType t : v) array.push_back(JointTypeName(t));
    return array;
  }
  static void FromJson(const Json& j, JointTypeList& v);
};

}  // namespace multidyn
