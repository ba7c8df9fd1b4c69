// Registers every item type with the ItemRegistry; call once before creating items by name.
#pragma once

namespace multidyn {
void RegisterAllItems();
}  // namespace multidyn
