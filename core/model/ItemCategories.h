// The item categories in the order of their lists (ItemCategory's numbers), for loops over all items.
#pragma once

#include "core/items/Item.h"

namespace multidyn {

inline constexpr ItemCategory allItemCategories[] = {ItemCategory::Node, ItemCategory::Object, ItemCategory::Marker,
                                                     ItemCategory::Load, ItemCategory::Sensor};

}  // namespace multidyn
