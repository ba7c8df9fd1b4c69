// Typed item indices: a NodeIndex cannot be passed where a MarkerIndex is expected.
#pragma once

#include "core/foundation/Types.h"

namespace multidyn {

enum class ItemCategory { Node = 0, Object = 1, Marker = 2, Load = 3, Sensor = 4 };

constexpr Index invalidIndex = -1;

template <ItemCategory category> struct TypedIndex {
  Index value = invalidIndex;
  constexpr TypedIndex() = default;
  constexpr explicit TypedIndex(Index v) : value(v) {}
  constexpr bool IsValid() const { return value >= 0; }
  constexpr bool operator==(TypedIndex other) const { return value == other.value; }
  constexpr bool operator!=(TypedIndex other) const { return value != other.value; }
  static constexpr ItemCategory Category() { return category; }
};

using NodeIndex = TypedIndex<ItemCategory::Node>;
using ObjectIndex = TypedIndex<ItemCategory::Object>;
using MarkerIndex = TypedIndex<ItemCategory::Marker>;
using LoadIndex = TypedIndex<ItemCategory::Load>;
using SensorIndex = TypedIndex<ItemCategory::Sensor>;

const char* CategoryName(ItemCategory category);  // "node", "object", ...
const char* CategoryKeyPrefix(ItemCategory category);  // "Node", "Object", ...

}  // namespace multidyn
