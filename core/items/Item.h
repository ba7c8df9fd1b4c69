// Base of all items: nodes, objects, markers, loads and sensors.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/foundation/OutputVariableType.h"
#include "core/items/FieldTable.h"
#include "core/items/ItemIndex.h"

namespace multidyn {

class Item;
class SystemBuilder;
class SystemView;

// Everything generic code needs to know about an item type; one per type, in the item list.
struct ItemTypeInfo {
  ItemCategory category;
  std::string typeName;  // dict/JSON type, e.g. "ConnectorTorsionalSpringDamper"
  std::string className;  // Python class, e.g. "ObjectConnectorTorsionalSpringDamper"
  std::vector<std::string> shortNames;  // Python aliases, e.g. "TorsionalSpringDamper"
  std::string family;  // folder under objects/, e.g. "connectors"
  std::string description;  // one paragraph for the reference page
  const FieldTable* fields = nullptr;
  std::vector<OutputVariableType> outputs;
  std::function<std::unique_ptr<Item>()> create;
  // Adds one instance of this type to a system, with what it needs around it (nodes, bodies,
  // markers), in a state that assembles: the generic item tests (Jacobians, JSON, outputs) run
  // on it. Every item type provides `static void AddTestInstance(SystemBuilder&)`.
  std::function<void(SystemBuilder&)> addTestInstance;
};

class Item {
 public:
  virtual ~Item() = default;
  virtual const ItemTypeInfo& TypeInfo() const = 0;
  virtual std::unique_ptr<Item> Clone() const = 0;

  // The hand-written check of one item against the rest of the system (marker types, node
  // types, sizes that depend on other fields). Throws ValueError/TypeError whose text starts
  // with the parameter concerned. Index existence is checked generically beforehand.
  virtual void Check(const SystemView& system) const {}

  std::string name;
};

// Implements the per-type boilerplate once: Derived declares `static const ItemTypeInfo& Info()`.
template <class Derived, class Base> class ItemOf : public Base {
 public:
  const ItemTypeInfo& TypeInfo() const override { return Derived::Info(); }
  std::unique_ptr<Item> Clone() const override { return std::make_unique<Derived>(static_cast<const Derived&>(*this)); }
};

// Builds an item type's info; Derived must be default-constructible.
template <class Derived>
ItemTypeInfo MakeItemTypeInfo(ItemCategory category, std::string typeName, std::string className,
                              std::vector<std::string> shortNames, std::string family, std::string description,
                              const FieldTable& fields, std::vector<OutputVariableType> outputs) {
  ItemTypeInfo info;
  info.category = category;
  info.typeName = std::move(typeName);
  info.className = std::move(className);
  info.shortNames = std::move(shortNames);
  info.family = std::move(family);
  info.description = std::move(description);
  info.fields = &fields;
  info.outputs = std::move(outputs);
  info.create = [] { return std::unique_ptr<Item>(new Derived()); };
  info.addTestInstance = &Derived::AddTestInstance;
  return info;
}

}  // namespace multidyn
