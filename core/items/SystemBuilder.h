// What an item type's test instance may do to a system: add items, as a user would from dicts,
// and read the view (Item.h: ItemTypeInfo::addTestInstance). The generic item tests hand it a
// MainSystem; items get no other way to change a system.
#pragma once

#include <memory>

#include "core/items/SystemView.h"

namespace multidyn {

class SystemBuilder : public SystemView {
 public:
  // Adds an item whose fields are set; checks its references and the item's own check. Throws
  // (naming the item and parameter) and leaves the system unchanged on error.
  virtual Index AddItem(std::unique_ptr<Item> item) = 0;
};

}  // namespace multidyn
