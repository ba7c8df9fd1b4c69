// The item types known to the engine. objects/ItemList.cpp registers every type once.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/foundation/Json.h"
#include "core/items/Item.h"

namespace multidyn {

class ItemRegistry {
 public:
  static ItemRegistry& Instance();
  void Register(const ItemTypeInfo& info);
  // By dict type ("RigidBody"), class name ("ObjectRigidBody") or short name; nullptr if none.
  const ItemTypeInfo* Find(ItemCategory category, const std::string& name) const;
  const std::vector<const ItemTypeInfo*>& All() const { return types_; }

 private:
  std::vector<const ItemTypeInfo*> types_;
};

// The dict key naming the type: "nodeType", "objectType", "markerType", "loadType", "sensorType".
std::string TypeKey(ItemCategory category);

// Sets one field of an item from JSON; errors name the item and the parameter.
// Returns true if the field is deprecated and the value differs from its default.
bool SetItemField(Item& item, const FieldDescriptor& field, const Json& value, const std::string& itemDescription);

// A new item from its dict form (type key + fields; user-function fields must be absent or
// 0). Unknown keys, a missing or unknown type and bad values throw, naming item and key.
// Names of deprecated fields set to non-default values are appended to `deprecatedFields`.
std::unique_ptr<Item> CreateItemFromJson(ItemCategory category, const Json& dict, const std::string& itemDescription,
                                         std::vector<std::string>* deprecatedFields = nullptr);

// The dict form of an item: type key, then every field (user functions as 0, or the text of
// `userFunctionPlaceholder` if the function is set).
Json ItemToDict(const Item& item);

}  // namespace multidyn
