// MainSystem's item store, parameters by name and solve guard; assembly, outputs and files are in
// MainSystemAssembly.cpp, MainSystemOutputs.cpp and MainSystemFiles.cpp.
#include "core/model/MainSystem.h"

#include <cctype>
#include <sstream>
#include <unordered_map>

#include "core/foundation/Errors.h"
#include "core/items/ItemRegistry.h"
#include "core/items/UserFunctionStack.h"
#include "core/model/ItemCategories.h"

namespace multidyn {

namespace {
std::string TimeText(double time) {
  std::ostringstream text;
  text << time;
  return text.str();
}

// "mbs.SetObjectParameter", as the Python API spells a method of a category.
std::string MethodName(const char* verb, ItemCategory category, const char* suffix = "") {
  std::string name = CategoryName(category);
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return std::string("mbs.") + verb + name + suffix;
}
}  // namespace

// ---- items ---------------------------------------------------------------------------

std::vector<std::unique_ptr<Item>>& MainSystem::Items(ItemCategory category) {
  return const_cast<std::vector<std::unique_ptr<Item>>&>(static_cast<const MainSystem*>(this)->Items(category));
}

const std::vector<std::unique_ptr<Item>>& MainSystem::Items(ItemCategory category) const {
  switch (category) {
    case ItemCategory::Node: return nodes_;
    case ItemCategory::Object: return objects_;
    case ItemCategory::Marker: return markers_;
    case ItemCategory::Load: return loads_;
    case ItemCategory::Sensor: return sensors_;
  }
  return nodes_;
}

Index MainSystem::NumberOfItems(ItemCategory category) const { return static_cast<Index>(Items(category).size()); }

void MainSystem::ThrowNoSuchItem(ItemCategory category, Index index, size_t numberOfItems) {
  throw IndexError(std::string(CategoryName(category)) + " number " + std::to_string(index) +
                   " does not exist; the system has " + std::to_string(numberOfItems) + " " + CategoryName(category) +
                   "s");
}

const Item& MainSystem::GetItem(ItemCategory category, Index index) const {
  return ItemAt(Items(category), category, index);
}

std::string MainSystem::ItemDescription(const Item& item, Index index) {
  return multidyn::ItemDescription(item, index);
}

std::string MainSystem::ItemDescription(ItemCategory category, Index index) const {
  return ItemDescription(GetItem(category, index), index);
}

namespace {
// The numbers in an index field's value: one index or a list of them.
std::vector<Index> IndicesOf(const Json& value) {
  std::vector<Index> indices;
  if (value.is_array()) {
    for (const auto& v : value) indices.push_back(v.get<Index>());
  } else {
    indices.push_back(value.get<Index>());
  }
  return indices;
}
}  // namespace

namespace {
// The index fields of an item type with the category each refers to, found once per type and
// thread (CheckReferences runs for every item added, and twice per item in Assemble).
const std::vector<std::pair<const FieldDescriptor*, ItemCategory>>& ReferenceFields(const ItemTypeInfo& info) {
  thread_local std::unordered_map<const ItemTypeInfo*, std::vector<std::pair<const FieldDescriptor*, ItemCategory>>>
      known;
  auto found = known.find(&info);
  if (found != known.end()) return found->second;
  std::vector<std::pair<const FieldDescriptor*, ItemCategory>>& fields = known[&info];
  for (const auto& field : info.fields->fields)
    if (const std::optional<ItemCategory> target = ReferencedCategory(field.type)) fields.emplace_back(&field, *target);
  return fields;
}
}  // namespace

void MainSystem::CheckReferences(const Item& item) const {
  for (const auto& [fieldPointer, target] : ReferenceFields(item.TypeInfo())) {
    const FieldDescriptor& field = *fieldPointer;
    // In a list of any length no entry is optional; -1 there is a reference to a deleted item.
    const bool listOfAnyLength = field.rows < 0;
    const std::vector<Index> indices = IndicesOf(field.get(&item));
    for (size_t k = 0; k < indices.size(); ++k) {
      const Index index = indices[k];
      if (index == invalidIndex && listOfAnyLength)
        throw ValueError("parameter '" + field.name + "': expected a list of " + CategoryName(target) +
                         " indices >= 0, but item " + std::to_string(k) + " is -1 (none, e.g. a deleted " +
                         CategoryName(target) + ")");
      if (index == invalidIndex) continue;  // optional references; items check required ones
      if (index >= NumberOfItems(target))
        throw IndexError("parameter '" + field.name + "': " + CategoryName(target) + " number " +
                         std::to_string(index) + " does not exist (the system has " +
                         std::to_string(NumberOfItems(target)) + " " + CategoryName(target) + "s)");
    }
  }
}

namespace {
// Runs check(); its errors are re-thrown, of the same type, starting with the item's description
// (built on error only: this runs for every item added and assembled).
template <class Check> void NamingTheItem(const Item& item, Index index, Check check) {
  try {
    check();
  } catch (const IndexError& e) {
    throw IndexError(ItemDescription(item, index) + ": " + e.what());
  } catch (const TypeError& e) {
    throw TypeError(ItemDescription(item, index) + ": " + e.what());
  } catch (const ValueError& e) {
    throw ValueError(ItemDescription(item, index) + ": " + e.what());
  }
}
}  // namespace

void MainSystem::CheckItem(const Item& item, ItemCategory category, Index index) const {
  NamingTheItem(item, index, [&] {
    CheckReferences(item);
    item.Check(*this);
  });
}

void MainSystem::CheckReferencesResolved() const {
  // Only the generic checks: items' own Check() may ask for reference outputs, which compile the
  // structure (Assemble() runs them all before).
  for (ItemCategory category : allItemCategories)
    for (Index i = 0; i < NumberOfItems(category); ++i) {
      const Item& item = GetItem(category, i);
      NamingTheItem(item, i, [&] {
        const auto broken = [](const std::string& what) {
          return ValueError("refers to " + what + " -1 (none, e.g. a deleted one); a valid " + what + " is required");
        };
        CheckReferences(item);
        if (category == ItemCategory::Object) {
          for (NodeIndex node : GetObject(i).NodeNumbers())
            if (!node.IsValid()) throw broken("node");
          for (MarkerIndex marker : GetObject(i).MarkerNumbers())
            if (!marker.IsValid()) throw broken("marker");
        }
        if (category == ItemCategory::Marker && !GetMarker(i).BodyNumber().IsValid() &&
            !GetMarker(i).NodeNumber().IsValid())
          throw broken("body or node");
      });
    }
}

Index MainSystem::AddItem(std::unique_ptr<Item> item) {
  const ItemCategory category = item->TypeInfo().category;
  if (solving_) CheckNotSolving(MethodName("Add", category) + "()");  // the name is built only when needed
  auto& items = Items(category);
  const Index index = static_cast<Index>(items.size());
  CheckItem(*item, category, index);
  items.push_back(std::move(item));
  if (category == ItemCategory::Sensor) sensorRecords_.emplace_back();
  ++revision_;
  return index;
}

std::vector<std::string> MainSystem::DeleteItem(ItemCategory category, Index index, bool deleteDependents) {
  const std::string call = MethodName("Delete", category) + "(" + std::to_string(index) + ")";
  CheckNotSolving(call);
  const Item& item = GetItem(category, index);  // IndexError naming the number and how many there are
  // The items the deleted one uses (Exudyn's dependent items): an object's nodes and markers, a
  // load's marker, found through its index fields. Collected before any number changes; deleting
  // the item itself renumbers neither markers nor nodes, and deleting from the highest number down
  // keeps the lower collected numbers right.
  std::vector<Index> dependentMarkers, dependentNodes;
  if (deleteDependents && (category == ItemCategory::Object || category == ItemCategory::Load)) {
    for (const auto& field : item.TypeInfo().fields->fields) {
      const std::optional<ItemCategory> target = ReferencedCategory(field.type);
      std::vector<Index>* dependents = target == ItemCategory::Marker ? &dependentMarkers
                                       : target == ItemCategory::Node && category == ItemCategory::Object
                                           ? &dependentNodes
                                           : nullptr;
      if (!dependents) continue;
      for (Index i : IndicesOf(field.get(&item)))
        if (i != invalidIndex) dependents->push_back(i);
    }
  }
  std::vector<std::string> warnings;
  RemoveAndRenumber(category, index, call, warnings);
  for (std::vector<Index>* dependents : {&dependentMarkers, &dependentNodes}) {
    // a marker used twice (both markers of a connector) is deleted once
    std::sort(dependents->begin(), dependents->end());
    dependents->erase(std::unique(dependents->begin(), dependents->end()), dependents->end());
    const ItemCategory dependentCategory = dependents == &dependentMarkers ? ItemCategory::Marker : ItemCategory::Node;
    for (auto i = dependents->rbegin(); i != dependents->rend(); ++i)
      RemoveAndRenumber(dependentCategory, *i, call, warnings);
  }
  return warnings;
}

void MainSystem::RemoveAndRenumber(ItemCategory category, Index index, const std::string& call,
                                   std::vector<std::string>& warnings) {
  const std::string deleted = std::string(CategoryName(category)) + " " + std::to_string(index);
  auto& items = Items(category);
  items.erase(items.begin() + index);
  if (category == ItemCategory::Sensor && index < static_cast<Index>(sensorRecords_.size()))
    sensorRecords_.erase(sensorRecords_.begin() + index);
  // Every index field of every item that refers to this category: the later items move down by
  // one; a reference to the deleted one becomes -1, which Assemble() refuses where it is required.
  for (ItemCategory other : allItemCategories) {
    auto& others = Items(other);
    for (Index i = 0; i < static_cast<Index>(others.size()); ++i) {
      Item& referring = *others[i];
      for (const auto& field : referring.TypeInfo().fields->fields) {
        if (ReferencedCategory(field.type) != category) continue;
        Json value = field.get(&referring);
        bool changed = false;
        auto renumber = [&](Json& number) {
          const Index k = number.get<Index>();
          if (k == index) {
            number = invalidIndex;
            warnings.push_back(call + ": " + ItemDescription(referring, i) + " referred to the deleted " + deleted +
                               " in parameter '" + field.name + "'; it is now -1 (none), which mbs.Assemble() " +
                               "refuses where one is required");
            changed = true;
          } else if (k > index) {
            number = k - 1;
            changed = true;
          }
        };
        if (value.is_array()) {
          for (Json& number : value) renumber(number);
        } else {
          renumber(value);
        }
        if (changed) SetItemField(referring, field, value, ItemDescription(referring, i));
      }
    }
  }
  ++revision_;
}

void MainSystem::RemoveItemsFrom(ItemCategory category, Index count) {
  auto& items = Items(category);
  if (count < 0 || count >= static_cast<Index>(items.size())) return;  // nothing to remove (also during a solve)
  CheckNotSolving(MethodName("Remove", category) + "()");
  items.resize(count);
  if (category == ItemCategory::Sensor) sensorRecords_.resize(count);
  ++revision_;
}

void MainSystem::ModifyItem(ItemCategory category, Index index, std::unique_ptr<Item> item) {
  CheckNotSolving(MethodName("Modify", category) + "()");
  GetItem(category, index);  // throws IndexError
  if (item->TypeInfo().category != category)
    throw TypeError(ItemDescription(category, index) + ": cannot be replaced by a " + item->TypeInfo().className);
  CheckItem(*item, category, index);
  Items(category)[index] = std::move(item);
  ++revision_;
}

// ---- parameters ----------------------------------------------------------------------

namespace {
const FieldDescriptor& FindField(const Item& item, const std::string& name, const std::string& description) {
  const FieldDescriptor* field = item.TypeInfo().fields->Find(name);
  if (!field) {
    std::string known;
    for (const auto& f : item.TypeInfo().fields->fields) known += (known.empty() ? "" : ", ") + f.name;
    throw TypeError(description + ": has no parameter '" + name + "'; the parameters are: " + known);
  }
  return *field;
}
}  // namespace

Json MainSystem::GetItemParameter(ItemCategory category, Index index, const std::string& name) const {
  const Item& item = GetItem(category, index);
  const FieldDescriptor& field = FindField(item, name, ItemDescription(item, index));
  if (field.type == FieldType::UserFunction) return field.getFunction(&item) ? Json("<user function>") : Json(0);
  return field.get(&item);
}

bool MainSystem::SetItemParameter(ItemCategory category, Index index, const std::string& name, const Json& value) {
  const Item& item = GetItem(category, index);
  const std::string description = ItemDescription(item, index);
  const FieldDescriptor& field = FindField(item, name, description);
  if (field.role == FieldRole::Structural || field.type == FieldType::UserFunction)
    CheckNotSolving(
        MethodName("Set", category, "Parameter") + "(" + std::to_string(index) + ", '" + field.name + "', ...)",
        field.type == FieldType::UserFunction ? "replacing a user function" : "a structural parameter");
  std::unique_ptr<Item> changed = item.Clone();
  const bool deprecated = SetItemField(*changed, field, value, description);
  CheckItem(*changed, category, index);
  // The value is valid: set it in the item itself, which a running solve may hold references to.
  SetItemField(*Items(category)[index], field, value, description);
  if (field.role == FieldRole::Structural) ++revision_;
  return deprecated;
}

ScriptFunctionPtr MainSystem::GetItemUserFunction(ItemCategory category, Index index, const std::string& name) const {
  const Item& item = GetItem(category, index);
  const FieldDescriptor& field = FindField(item, name, ItemDescription(item, index));
  if (field.type != FieldType::UserFunction)
    throw TypeError(ItemDescription(item, index) + ": parameter '" + name + "' is not a user function");
  return field.getFunction(&item);
}

void MainSystem::SetItemUserFunction(ItemCategory category, Index index, const std::string& name,
                                     ScriptFunctionPtr function) {
  GetItem(category, index);  // throws IndexError
  Item& item = *Items(category)[index];
  const FieldDescriptor& field = FindField(item, name, ItemDescription(item, index));
  if (field.type != FieldType::UserFunction)
    throw TypeError(ItemDescription(item, index) + ": parameter '" + name + "' is not a user function");
  CheckNotSolving(
      MethodName("Set", category, "Parameter") + "(" + std::to_string(index) + ", '" + field.name + "', ...)",
      "replacing a user function");
  field.setFunction(&item, std::move(function));
}

Json MainSystem::ItemToJson(ItemCategory category, Index index) const { return ItemToDict(GetItem(category, index)); }

// ---- solving -------------------------------------------------------------------------

MainSystem::SolveInProgress::SolveInProgress(MainSystem& system, const std::string& call) : system_(system) {
  system.CheckNotSolving(call);
  system.solving_ = true;
}

void MainSystem::CheckNotSolving(const std::string& call, const std::string& reason) const {
  if (!solving_) return;
  const std::string caller = UserFunctionStack::Innermost();
  std::string details = reason;
  if (!caller.empty()) details += (details.empty() ? "" : "; ") + std::string("called from ") + caller;
  throw SolveInProgressError(call + " is not allowed while the system is being solved" +
                             (details.empty() ? std::string() : " (" + details + ")") +
                             "; during a solve, user functions may read outputs and set run-time parameters only. "
                             "The solve stops with the last accepted step (t = " +
                             TimeText(current_.time) + ") kept");
}

void MainSystem::SetPreNewtonResidualUserFunction(ScriptFunctionPtr function) {
  CheckNotSolving("mbs.SetPreNewtonResidualUserFunction()");
  preNewtonResidualUserFunction_ = std::move(function);
}

void MainSystem::SetSystemJacobianUserFunction(ScriptFunctionPtr function) {
  CheckNotSolving("mbs.SetSystemJacobianUserFunction()");
  systemJacobianUserFunction_ = std::move(function);
}

void MainSystem::SetPostNewtonUserFunction(ScriptFunctionPtr function) {
  CheckNotSolving("mbs.SetPostNewtonUserFunction()");
  postNewtonUserFunction_ = std::move(function);
}

void MainSystem::SetPreStepUserFunction(ScriptFunctionPtr function) {
  CheckNotSolving("mbs.SetPreStepUserFunction()");
  preStepUserFunction_ = std::move(function);
}

void MainSystem::SetPostStepUserFunction(ScriptFunctionPtr function) {
  CheckNotSolving("mbs.SetPostStepUserFunction()");
  postStepUserFunction_ = std::move(function);
}

void MainSystem::Reset() {
  CheckNotSolving("mbs.Reset()");
  preNewtonResidualUserFunction_.reset();
  systemJacobianUserFunction_.reset();
  postNewtonUserFunction_.reset();
  preStepUserFunction_.reset();
  postStepUserFunction_.reset();
  nodes_.clear();
  objects_.clear();
  markers_.clear();
  loads_.clear();
  sensors_.clear();
  sensorRecords_.clear();
  compiled_.reset();
  solverStep_ = SolverStep();
  ++revision_;
}

}  // namespace multidyn
