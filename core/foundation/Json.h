#pragma once
#include <nlohmann/json.hpp>

namespace multidyn {
// Ordered, so that saved files list parameters in the order the field tables declare them.
using Json = nlohmann::ordered_json;
}  // namespace multidyn
