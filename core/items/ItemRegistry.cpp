#include "core/items/ItemRegistry.h"

#include "core/foundation/Errors.h"

namespace multidyn {

ItemRegistry& ItemRegistry::Instance() {
  static ItemRegistry registry;
  return registry;
}

void ItemRegistry::Register(const ItemTypeInfo& info) {
  for (const auto* known : types_)
    if (known == &info) return;
  types_.push_back(&info);
}

const ItemTypeInfo* ItemRegistry::Find(ItemCategory category, const std::string& name) const {
  for (const auto* info : types_) {
    if (info->category != category) continue;
    if (info->typeName == name || info->className == name) return info;
    for (const auto& shortName : info->shortNames)
      if (shortName == name) return info;
  }
  return nullptr;
}

std::string TypeKey(ItemCategory category) {
  switch (category) {
    case ItemCategory::Node: return "nodeType";
    case ItemCategory::Object: return "objectType";
    case ItemCategory::Marker: return "markerType";
    case ItemCategory::Load: return "loadType";
    case ItemCategory::Sensor: return "sensorType";
  }
  return "type";
}

const char* CategoryName(ItemCategory category) {
  switch (category) {
    case ItemCategory::Node: return "node";
    case ItemCategory::Object: return "object";
    case ItemCategory::Marker: return "marker";
    case ItemCategory::Load: return "load";
    case ItemCategory::Sensor: return "sensor";
  }
  return "item";
}

const char* CategoryKeyPrefix(ItemCategory category) {
  switch (category) {
    case ItemCategory::Node: return "Node";
    case ItemCategory::Object: return "Object";
    case ItemCategory::Marker: return "Marker";
    case ItemCategory::Load: return "Load";
    case ItemCategory::Sensor: return "Sensor";
  }
  return "Item";
}

bool SetItemField(Item& item, const FieldDescriptor& field, const Json& value, const std::string& itemDescription) {
  // the error's prefix is built on error only (this runs for every value of every item added)
  const auto where = [&] { return itemDescription + ": parameter '" + field.name + "': "; };
  if (field.type == FieldType::UserFunction) {
    const bool none = value.is_null() || (value.is_number_integer() && value.get<long long>() == 0);
    if (!none) throw TypeError(where() + "expected a Python function or 0, got " + JsonKindName(value));
    field.setFunction(&item, nullptr);
    return false;
  }
  try {
    field.set(field, &item, value);
  } catch (const TypeError& e) {
    throw TypeError(where() + e.what());
  } catch (const std::exception& e) {
    throw ValueError(where() + e.what());
  }
  return !field.deprecation.empty() && field.get(&item) != field.defaultValue;
}

std::unique_ptr<Item> CreateItemFromJson(ItemCategory category, const Json& dict, const std::string& itemDescription,
                                         std::vector<std::string>* deprecatedFields) {
  const std::string typeKey = TypeKey(category);
  if (!dict.is_object()) throw TypeError(itemDescription + ": expected a dict, got " + JsonKindName(dict));
  if (!dict.contains(typeKey) || !dict[typeKey].is_string())
    throw ValueError(itemDescription + ": the dict has no '" + typeKey + "' naming the item type");
  const std::string typeName = dict[typeKey].get<std::string>();
  const ItemTypeInfo* info = ItemRegistry::Instance().Find(category, typeName);
  if (!info) throw ValueError(itemDescription + ": unknown " + typeKey + " '" + typeName + "'");
  std::unique_ptr<Item> item = info->create();
  const std::string description = itemDescription + " (" + info->className + ")";
  for (auto it = dict.begin(); it != dict.end(); ++it) {
    if (it.key() == typeKey) continue;
    const FieldDescriptor* field = info->fields->Find(it.key());
    if (!field || field->type == FieldType::Nested) {
      std::string known;
      for (const auto& f : info->fields->fields) known += (known.empty() ? "" : ", ") + f.key;
      throw TypeError(description + ": unknown parameter '" + it.key() + "'; the parameters are: " + known);
    }
    if (SetItemField(*item, *field, it.value(), description) && deprecatedFields)
      deprecatedFields->push_back(field->name);
  }
  return item;
}

Json ItemToDict(const Item& item) {
  const ItemTypeInfo& info = item.TypeInfo();
  Json dict = Json::object();
  dict[TypeKey(info.category)] = info.typeName;
  for (const auto& field : info.fields->fields) {
    if (field.type == FieldType::UserFunction) {
      dict[field.key] = 0;
    } else {
      dict[field.key] = field.get(&item);
    }
  }
  return dict;
}

}  // namespace multidyn
