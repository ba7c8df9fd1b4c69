#include "objects/bodies/JointType.h"

namespace multidyn {

namespace {
const char* const jointTypeNames[] = {"_None",      "RevoluteX",  "RevoluteY", "RevoluteZ",
                                      "PrismaticX", "PrismaticY", "PrismaticZ"};
}

const char* JointTypeName(JointType type) { return jointTypeNames[static_cast<int>(type)]; }

void FieldConverter<JointTypeList>::FromJson(const Json& j, JointTypeList& v) {
  const std::string expected =
      "a list of exu.JointType values (RevoluteX, RevoluteY, RevoluteZ, PrismaticX, PrismaticY, PrismaticZ)";
  if (!j.is_array()) throw TypeError("expected " + expected + ", got " + JsonKindName(j));
  JointTypeList values(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    const Json& item = j[i];
    bool found = false;
    for (int t = 1; t <= 6 && !found; ++t) {
      if ((item.is_string() && item.get<std::string>() == jointTypeNames[t]) ||
          (item.is_number_integer() && !item.is_boolean() && item.get<long long>() == t)) {
        values[i] = static_cast<JointType>(t);
        found = true;
      }
    }
    if (!found)
      throw ValueError("expected " + expected + ", but item " + std::to_string(i) + " is " +
                       (item.is_string() ? "'" + item.get<std::string>() + "'" : item.dump()));
  }
  v = values;
}

}  // namespace multidyn
