#include "core/items/SystemView.h"

#include <cstdio>

namespace multidyn {

std::string ItemDescription(const Item& item, Index index) {
  const ItemTypeInfo& info = item.TypeInfo();
  std::string text = std::string(CategoryName(info.category)) + " " + std::to_string(index) + " (" + info.className;
  if (!item.name.empty()) {
    // control characters escaped: a NUL would cut the message short on its way to Python
    std::string name;
    for (char c : item.name) {
      if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
        name += escaped;
      } else {
        name += c;
      }
    }
    text += " '" + name + "'";
  }
  return text + ")";
}

}  // namespace multidyn
