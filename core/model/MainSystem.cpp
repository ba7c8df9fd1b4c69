#include "core/model/MainSystem.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>
#include <unordered_map>

#include "core/foundation/Errors.h"
#include "core/items/DirectBody.h"
#include "core/items/ItemRegistry.h"
#include "core/foundation/Rotations.h"
#include "core/items/UserFunctionStack.h"

namespace multidyn {

namespace {
const ItemCategory allCategories[] = {ItemCategory::Node, ItemCategory::Object, ItemCategory::Marker,
                                      ItemCategory::Load, ItemCategory::Sensor};

const char* JsonArrayName(ItemCategory category) {
  switch (category) {
    case ItemCategory::Node: return "nodes";
    case ItemCategory::Object: return "objects";
    case ItemCategory::Marker: return "markers";
    case ItemCategory::Load: return "loads";
    case ItemCategory::Sensor: return "sensors";
  }
  return "items";
}

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

VectorX ToVector(const Vector3& v) { return VectorX(v); }
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
                   " does not exist; the system has " + std::to_string(numberOfItems) + " " +
                   CategoryName(category) + "s");
}

const Item& MainSystem::GetItem(ItemCategory category, Index index) const {
  return ItemAt(Items(category), category, index);
}

std::string MainSystem::ItemDescription(const Item& item, Index index) { return multidyn::ItemDescription(item, index); }

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
  thread_local std::unordered_map<const ItemTypeInfo*, std::vector<std::pair<const FieldDescriptor*, ItemCategory>>> known;
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
                                       : target == ItemCategory::Node && category == ItemCategory::Object ? &dependentNodes
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
  for (ItemCategory other : allCategories) {
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
    CheckNotSolving(MethodName("Set", category, "Parameter") + "(" + std::to_string(index) + ", '" + field.name + "', ...)",
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
  CheckNotSolving(MethodName("Set", category, "Parameter") + "(" + std::to_string(index) + ", '" + field.name + "', ...)",
                  "replacing a user function");
  field.setFunction(&item, std::move(function));
}

Json MainSystem::ItemToJson(ItemCategory category, Index index) const { return ItemToDict(GetItem(category, index)); }

// ---- assembly ------------------------------------------------------------------------

void MainSystem::CheckAllItems() const {
  for (ItemCategory category : allCategories)
    for (Index i = 0; i < NumberOfItems(category); ++i) CheckItem(GetItem(category, i), category, i);
}

std::unique_ptr<CompiledSystem> MainSystem::CompileStructure() const {
  // Items are checked when added, but a deletion can leave references at -1 or, in principle,
  // out of range; the index maps below use the numbers unchecked, so the references are checked
  // first. Only the generic checks: items' own Check() may ask for reference outputs, which
  // compile the structure (Assemble() runs them all before).
  for (ItemCategory category : allCategories)
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
        if (category == ItemCategory::Marker && !GetMarker(i).BodyNumber().IsValid() && !GetMarker(i).NodeNumber().IsValid())
          throw broken("body or node");
      });
    }
  auto compiled = std::make_unique<CompiledSystem>();
  CompiledSystem& c = *compiled;
  const Index nNodes = NumberOfItems(ItemCategory::Node);
  c.nodeODE2Start.assign(nNodes, -1);
  c.nodeODE1Start.assign(nNodes, -1);
  c.nodeAEStart.assign(nNodes, -1);
  c.nodeDataStart.assign(nNodes, -1);
  for (Index i = 0; i < nNodes; ++i) {
    const Node& node = GetNode(i);
    if (node.NumberOfODE2Coordinates() > 0) {
      c.nodeODE2Start[i] = c.numberOfODE2;
      c.numberOfODE2 += node.NumberOfODE2Coordinates();
      c.ode2Nodes.push_back(i);
    }
    // ODE1 indices in node order too; the unknowns are [ODE2 | ODE1 | AE] as in Exudyn.
    if (node.NumberOfODE1Coordinates() > 0) {
      c.nodeODE1Start[i] = c.numberOfODE1;
      c.numberOfODE1 += node.NumberOfODE1Coordinates();
      c.ode1Nodes.push_back(i);
    }
    if (node.NumberOfAlgebraicEquations() > 0) {
      c.nodeAEStart[i] = c.numberOfAE;
      c.numberOfAE += node.NumberOfAlgebraicEquations();
      c.nodesWithAE.push_back(i);
    }
    if (node.NumberOfDataCoordinates() > 0) {
      c.nodeDataStart[i] = c.numberOfData;
      c.numberOfData += node.NumberOfDataCoordinates();
    }
  }

  auto nodeIndices = [&](Index node, std::vector<Index>& out) {
    for (Index k = 0; k < GetNode(node).NumberOfODE2Coordinates(); ++k) out.push_back(c.nodeODE2Start[node] + k);
  };

  const Index nObjects = NumberOfItems(ItemCategory::Object);
  c.objectAEStart.assign(nObjects, -1);
  c.objectODE2Indices.assign(nObjects, {});
  c.objectODE1Indices.assign(nObjects, {});
  c.objectNodes.assign(nObjects, {});
  c.objectMarkers.assign(nObjects, {});
  c.objectDataStart.assign(nObjects, -1);
  for (Index i = 0; i < nObjects; ++i) {
    const Object& object = GetObject(i);
    for (NodeIndex node : object.NodeNumbers()) {
      c.objectNodes[i].push_back(node.value);
      if (c.nodeDataStart[node.value] >= 0) c.objectDataStart[i] = c.nodeDataStart[node.value];
    }
    for (MarkerIndex marker : object.MarkerNumbers()) c.objectMarkers[i].push_back(marker.value);
    c.maxObjectMarkers = std::max<Index>(c.maxObjectMarkers, Index(c.objectMarkers[i].size()));
    if (object.Kind() == ObjectKind::Body) {
      c.bodies.push_back(i);
      for (NodeIndex node : object.NodeNumbers()) nodeIndices(node.value, c.objectODE2Indices[i]);
    }
    if (object.Kind() == ObjectKind::Connector) c.connectors.push_back(i);
    if (object.Kind() == ObjectKind::Constraint) {
      c.constraints.push_back(i);
      c.objectAEStart[i] = c.numberOfAE;
      c.numberOfAE += object.NumberOfAlgebraicEquations();
    }
    if (object.NumberOfDataCoordinates() > 0) {  // the object's own, after those of the nodes
      if (c.objectDataStart[i] >= 0)
        throw ValueError(ItemDescription(ItemCategory::Object, i) + ": has data coordinates of its own and a data node");
      c.objectDataStart[i] = c.numberOfData;
      c.numberOfData += object.NumberOfDataCoordinates();
    }
    if (object.HasPostNewtonStep()) c.postNewtonObjects.push_back(i);
    if (object.HasODE1Equations()) {
      c.ode1Objects.push_back(i);
      for (NodeIndex node : object.NodeNumbers())
        for (Index k = 0; k < GetNode(node.value).NumberOfODE1Coordinates(); ++k)
          c.objectODE1Indices[i].push_back(c.nodeODE1Start[node.value] + k);
    }
  }

  const Index nMarkers = NumberOfItems(ItemCategory::Marker);
  c.markerODE2Indices.assign(nMarkers, {});
  c.markerNodes.assign(nMarkers, {});
  for (Index i = 0; i < nMarkers; ++i) {
    const Marker& marker = GetMarker(i);
    if (marker.BodyNumber().IsValid()) {
      for (NodeIndex node : GetObject(marker.BodyNumber().value).NodeNumbers()) c.markerNodes[i].push_back(node.value);
    } else if (marker.NodeNumber().IsValid()) {
      c.markerNodes[i].push_back(marker.NodeNumber().value);
    }
    for (Index node : c.markerNodes[i]) nodeIndices(node, c.markerODE2Indices[i]);
    // Marker data (Jacobians) have at most maxItemCoordinates columns; only bodies that evaluate
    // directly (DirectBody) may have more coordinates, and then carry no markers.
    if (Index(c.markerODE2Indices[i].size()) > maxItemCoordinates)
      throw ValueError(ItemDescription(ItemCategory::Marker, i) + " depends on " +
                       std::to_string(c.markerODE2Indices[i].size()) + " coordinates; a marker may depend on at most " +
                       std::to_string(maxItemCoordinates) + " (markers on a kinematic tree need at most " +
                       std::to_string(maxItemCoordinates) + " links)");
  }
  for (Index i : c.connectors)
    for (MarkerIndex m : GetObject(i).MarkerNumbers())
      for (Index k : c.markerODE2Indices[m.value]) c.objectODE2Indices[i].push_back(k);
  for (Index i : c.constraints)
    for (MarkerIndex m : GetObject(i).MarkerNumbers())
      for (Index k : c.markerODE2Indices[m.value]) c.objectODE2Indices[i].push_back(k);
  for (Index i = 0; i < NumberOfItems(ItemCategory::Load); ++i) c.loads.push_back(i);

  // Internal first-order states of objects: ODE1 unknowns after those of all nodes, or the ODE1
  // coordinates of the node the object names for them (one object per node: each connector
  // writes the rates of its own states, also when connectors are evaluated in parallel).
  c.objectInternalStart.assign(nObjects, -1);
  std::vector<Index> internalStatesOwner(nNodes, -1);
  for (Index i = 0; i < nObjects; ++i) {
    const Index n = GetObject(i).NumberOfInternalStates();
    if (n == 0) continue;
    if (GetObject(i).Kind() != ObjectKind::Connector)
      throw ValueError(ItemDescription(ItemCategory::Object, i) + ": internal states are supported for connectors only");
    const NodeIndex node = GetObject(i).InternalStatesNode();
    if (node.IsValid()) {
      if (GetNode(node.value).NumberOfODE1Coordinates() != n)
        throw ValueError(ItemDescription(ItemCategory::Object, i) + ": its " + std::to_string(n) +
                         " first-order states are the ODE1 coordinates of " +
                         ItemDescription(ItemCategory::Node, node.value) + ", which has " +
                         std::to_string(GetNode(node.value).NumberOfODE1Coordinates()));
      if (internalStatesOwner[node.value] >= 0)
        throw ValueError(ItemDescription(ItemCategory::Object, i) + ": the ODE1 coordinates of " +
                         ItemDescription(ItemCategory::Node, node.value) + " are already the states of " +
                         ItemDescription(ItemCategory::Object, internalStatesOwner[node.value]) +
                         "; give each its own node");
      internalStatesOwner[node.value] = i;
      c.objectInternalStart[i] = c.nodeODE1Start[node.value];
    } else {
      c.objectInternalStart[i] = c.numberOfODE1;
      c.numberOfODE1 += n;
    }
    c.internalStateObjects.push_back(i);
  }
  // Kernels see at most maxItemCoordinates coordinates (their vectors are sized at compile time).
  c.objectMarkerNodes.assign(nObjects, {});
  for (Index i = 0; i < nObjects; ++i) {
    auto& nodes = c.objectMarkerNodes[i];
    for (Index marker : c.objectMarkers[i])
      for (Index node : c.markerNodes[marker])
        if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) nodes.push_back(node);
    Index coordinates = 0;
    if (GetObject(i).Kind() == ObjectKind::Body) {
      coordinates = Index(c.objectODE2Indices[i].size());
    } else {
      for (Index node : nodes) coordinates += GetNode(node).NumberOfODE2Coordinates();
    }
    // bodies that evaluate directly on their coordinate vectors have no such bound
    const bool direct = dynamic_cast<const DirectBody*>(&GetObject(i)) != nullptr;
    if (coordinates > maxItemCoordinates && !direct)
      throw ValueError(ItemDescription(ItemCategory::Object, i) + " depends on " + std::to_string(coordinates) +
                       " coordinates; an item may depend on at most " + std::to_string(maxItemCoordinates));
  }

  c.ode2Reference.setZero(c.numberOfODE2);
  c.ode1Reference.setZero(c.numberOfODE1);
  for (Index i = 0; i < nNodes; ++i) {
    const Node& node = GetNode(i);
    if (node.NumberOfODE2Coordinates() > 0)
      c.ode2Reference.segment(c.nodeODE2Start[i], node.NumberOfODE2Coordinates()) = node.ReferenceCoordinates();
    if (node.NumberOfODE1Coordinates() > 0)
      c.ode1Reference.segment(c.nodeODE1Start[i], node.NumberOfODE1Coordinates()) = node.ReferenceODE1Coordinates();
  }
  c.assembledRevision = revision_;
  return compiled;
}

namespace {
// The reference configuration: every stored coordinate zero (the positions are the reference ones).
SystemState ReferenceState(const CompiledSystem& c) {
  SystemState state;
  state.ode2.setZero(c.numberOfODE2);
  state.ode2_t.setZero(c.numberOfODE2);
  state.ode2_tt.setZero(c.numberOfODE2);
  state.ode1.setZero(c.numberOfODE1);
  state.ode1_t.setZero(c.numberOfODE1);
  state.ae.setZero(c.numberOfAE);
  state.data.setZero(c.numberOfData);
  return state;
}
}  // namespace

void MainSystem::Assemble() {
  CheckNotSolving("mbs.Assemble()");
  CheckAllItems();

  std::unique_ptr<CompiledSystem> compiled = CompileStructure();
  const CompiledSystem& c = *compiled;
  SystemState initial = ReferenceState(c);
  for (Index i = 0; i < NumberOfItems(ItemCategory::Node); ++i) {
    const Node& node = GetNode(i);
    const Index n = node.NumberOfODE2Coordinates();
    if (n > 0) {
      initial.ode2.segment(c.nodeODE2Start[i], n) = node.InitialCoordinates();
      initial.ode2_t.segment(c.nodeODE2Start[i], n) = node.InitialVelocities();
    }
    if (node.NumberOfODE1Coordinates() > 0)
      initial.ode1.segment(c.nodeODE1Start[i], node.NumberOfODE1Coordinates()) = node.InitialODE1Coordinates();
    if (node.NumberOfDataCoordinates() > 0)
      initial.data.segment(c.nodeDataStart[i], node.NumberOfDataCoordinates()) = node.InitialDataCoordinates();
  }
  for (Index i : c.internalStateObjects)
    if (!GetObject(i).InternalStatesNode().IsValid())  // else the node's initial values
      initial.ode1.segment(c.objectInternalStart[i], GetObject(i).NumberOfInternalStates()) =
          GetObject(i).InitialInternalStates();

  compiled_ = std::move(compiled);
  reference_ = ReferenceState(*compiled_);
  initial_ = initial;
  // Objects' own data coordinates start from the initial configuration (e.g. a contact's anchor
  // at the station's projection); this needs the compiled maps, hence after them.
  for (Index i = 0; i < NumberOfItems(ItemCategory::Object); ++i) {
    const Object& object = GetObject(i);
    if (object.NumberOfDataCoordinates() == 0) continue;
    initial_.data.segment(compiled_->objectDataStart[i], object.NumberOfDataCoordinates()) = object.InitialDataCoordinates();
    InitializeDataCoordinates(i, initial_);
  }
  current_ = initial_;
  startOfStep_ = initial_;
  sensorRecords_.assign(NumberOfItems(ItemCategory::Sensor), SensorRecord());
}

const CompiledSystem& MainSystem::Compiled() const {
  if (referenceOutput_) return referenceOutput_->compiled;
  if (!compiled_)
    throw NotAssembledError("the system has not been assembled: call mbs.Assemble() before solving or reading outputs");
  if (compiled_->assembledRevision != revision_)
    throw NotAssembledError("the system changed (items added or structural parameters set) since the last "
                            "mbs.Assemble(); call mbs.Assemble() again");
  return *compiled_;
}

const SystemState& MainSystem::State(ConfigurationType configuration) const {
  if (referenceOutput_) {  // a reference output of a system that is not assembled
    if (configuration == ConfigurationType::Reference) return referenceOutput_->state;
    throw NotAssembledError(std::string("the system has not been assembled: call mbs.Assemble() before reading "
                                        "outputs in the ") + ConfigurationTypeName(configuration) + " configuration");
  }
  Compiled();
  switch (configuration) {
    case ConfigurationType::Reference: return reference_;
    case ConfigurationType::Initial: return initial_;
    case ConfigurationType::Current: return evaluated_ ? *evaluated_ : current_;
    case ConfigurationType::StartOfStep: return startOfStep_;
  }
  return current_;
}

// ---- evaluation helpers --------------------------------------------------------------

void MainSystem::NodeTotalCoordinates(Index node, const SystemState& state, VectorX& q, VectorX& q_t) const {
  const CompiledSystem& c = Compiled();
  const Index n = GetNode(node).NumberOfODE2Coordinates();
  const Index start = c.nodeODE2Start[node];
  if (n == 0) {
    q.resize(0);
    q_t.resize(0);
    return;
  }
  q = c.ode2Reference.segment(start, n) + state.ode2.segment(start, n);
  q_t = state.ode2_t.segment(start, n);
}

NodeKinematics<double> MainSystem::NodeKinematicsOf(Index node, const SystemState& state) const {
  VectorX q, q_t;
  NodeTotalCoordinates(node, state, q, q_t);
  NodeKinematics<double> kinematics;
  GetNode(node).ComputeKinematics(NodeCoordinates<double>{q, q_t}, kinematics);
  return kinematics;
}

MarkerData<double> MainSystem::MarkerDataOf(Index marker, const SystemState& state) const {
  const CompiledSystem& c = Compiled();
  const Marker& m = GetMarker(marker);
  std::vector<NodeKinematics<double>> nodes;
  for (Index node : c.markerNodes[marker]) nodes.push_back(NodeKinematicsOf(node, state));
  const Body* body = m.BodyNumber().IsValid() ? static_cast<const Body*>(&GetObject(m.BodyNumber().value)) : nullptr;
  MarkerData<double> data;
  m.ComputeMarkerData(body, nodes.data(), data);
  return data;
}

Index MainSystem::ObjectIndexOf(const Object& object) const { return ItemNumberOf(ItemCategory::Object, object); }

Index MainSystem::ItemNumberOf(ItemCategory category, const Item& item) const {
  for (Index i = 0; i < NumberOfItems(category); ++i)
    if (&GetItem(category, i) == &item) return i;
  throw ValueError(ItemDescription(item, invalidIndex) + " is not an item of this system");
}

EvaluationContext MainSystem::ContextOf(Index object, const SystemState& state) const {
  const CompiledSystem& c = Compiled();
  EvaluationContext context;
  context.time = state.time;
  context.system = this;
  context.itemNumber = object;
  if (c.objectDataStart[object] >= 0) context.data = state.data.data() + c.objectDataStart[object];
  if (c.objectInternalStart[object] >= 0) context.internal = state.ode1.data() + c.objectInternalStart[object];
  context.state = &state;
  return context;
}

void MainSystem::ResetDataCoordinates(Index objectIndex, const std::string& call) {
  CheckNotSolving(call, "the solver owns the state during a solve");
  InitializeDataCoordinates(objectIndex, initial_);
  InitializeDataCoordinates(objectIndex, current_);
}

void MainSystem::InitializeDataCoordinates(Index objectIndex, SystemState& state) const {
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  const auto markers = object.MarkerNumbers();
  if (object.NumberOfDataCoordinates() == 0 || markers.size() != 2)
    throw TypeError(ItemDescription(ItemCategory::Object, objectIndex) + ": has no data coordinates of its own to reset");
  const EvaluationContext context = ContextOf(objectIndex, state);
  object.InitializeDataCoordinates(context, MarkerDataOf(markers[0].value, state), MarkerDataOf(markers[1].value, state),
                                   state.data.data() + c.objectDataStart[objectIndex]);
}

// ---- outputs -------------------------------------------------------------------------

MainSystem::ReferenceOutputScope::ReferenceOutputScope(const MainSystem& system, ConfigurationType configuration)
    : system_(system) {
  if (configuration != ConfigurationType::Reference || system.IsAssembled() || system.referenceOutput_) return;
  auto& cache = system.referenceOutputCache_;
  if (!cache || cache->compiled.assembledRevision != system.revision_) {
    std::unique_ptr<CompiledSystem> compiled = system.CompileStructure();
    SystemState state = ReferenceState(*compiled);
    cache.reset(new ReferenceOutputCache{std::move(*compiled), std::move(state)});
  }
  system.referenceOutput_ = cache.get();
  active_ = true;
}

MainSystem::ReferenceOutputScope::~ReferenceOutputScope() {
  if (active_) system_.referenceOutput_ = nullptr;
}

namespace {
// Coordinates outputs are the stored values, relative to the reference coordinates.
// CoordinatesTotal adds the reference coordinates, and so do Coordinates in the reference
// configuration, whose stored values are zero (Exudyn's).
bool AddsReferenceCoordinates(OutputVariableType type, ConfigurationType configuration) {
  return type == OutputVariableType::CoordinatesTotal ||
         (type == OutputVariableType::Coordinates && configuration == ConfigurationType::Reference);
}

// The outputs an item type declares (its reference page lists them), for error messages.
std::string DeclaredOutputs(const ItemTypeInfo& info) {
  std::string available;
  for (OutputVariableType t : info.outputs) available += (available.empty() ? "" : ", ") + std::string(OutputVariableTypeName(t));
  return available.empty() ? "none" : available;
}

[[noreturn]] void NotAvailable(const std::string& item, OutputVariableType type, const std::string& available) {
  throw ValueError(item + ": OutputVariableType." + OutputVariableTypeName(type) + " is not available; available: " +
                   available);
}
}  // namespace

VectorX MainSystem::GetNodeOutput(Index nodeIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Node& node = GetNode(nodeIndex);
  const SystemState& state = State(configuration);
  const std::string description = ItemDescription(ItemCategory::Node, nodeIndex);
  const Index n = node.NumberOfODE2Coordinates();
  const Index start = c.nodeODE2Start[nodeIndex];
  const Index n1 = node.NumberOfODE1Coordinates();
  if (n1 > 0 && n == 0) {
    const Index start1 = c.nodeODE1Start[nodeIndex];
    if (type == OutputVariableType::Coordinates || type == OutputVariableType::CoordinatesTotal) {
      const auto stored = state.ode1.segment(start1, n1);
      return AddsReferenceCoordinates(type, configuration) ? VectorX(c.ode1Reference.segment(start1, n1) + stored)
                                                          : VectorX(stored);
    }
    if (type == OutputVariableType::Coordinates_t) return state.ode1_t.segment(start1, n1);
    NotAvailable(description, type, "Coordinates, Coordinates_t, CoordinatesTotal");
  }
  if (node.NumberOfDataCoordinates() > 0 && n == 0) {
    if (type == OutputVariableType::Coordinates)
      return state.data.segment(c.nodeDataStart[nodeIndex], node.NumberOfDataCoordinates());
    NotAvailable(description, type, "Coordinates");
  }
  VectorX q, q_t;
  NodeTotalCoordinates(nodeIndex, state, q, q_t);
  NodeKinematics<double> k;
  node.ComputeKinematics(NodeCoordinates<double>{q, q_t}, k);
  // Nodes without coordinates (NodePointGround) have empty coordinate vectors.
  const VectorX stored = n > 0 ? VectorX(state.ode2.segment(start, n)) : VectorX();  // zero in the reference
  const VectorX q_tt = n > 0 ? VectorX(state.ode2_tt.segment(start, n)) : VectorX();
  // The translational coordinates padded to 3D (planar nodes have two, ground nodes none).
  auto translation = [&](const VectorX& coordinates) {
    Vector3 value = Vector3::Zero();
    value.head(k.positionCoordinates) = coordinates.head(k.positionCoordinates);
    return value;
  };
  const bool hasPosition = node.ProvidesPosition();
  const bool hasOrientation = node.ProvidesOrientation();
  switch (type) {
    case OutputVariableType::Coordinates:
    case OutputVariableType::CoordinatesTotal: return AddsReferenceCoordinates(type, configuration) ? q : stored;
    case OutputVariableType::Coordinates_t: return n > 0 ? VectorX(state.ode2_t.segment(start, n)) : VectorX();
    case OutputVariableType::Coordinates_tt: return q_tt;
    case OutputVariableType::Position:
      if (hasPosition) return ToVector(k.position);
      break;
    case OutputVariableType::Displacement:
      if (hasPosition) return ToVector(translation(stored));
      break;
    case OutputVariableType::Velocity:
      if (hasPosition) return ToVector(k.velocity);
      break;
    case OutputVariableType::Acceleration:
      if (hasPosition) return ToVector(translation(q_tt));
      break;
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(k.rotation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(node.RotationOutput(NodeCoordinates<double>{q, q_t}));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(k.rotation * k.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(k.angularVelocityLocal);
      break;
    case OutputVariableType::AngularAcceleration:
      if (hasOrientation) {
        if (k.Glocal.cols() == 0) return VectorX(VectorX::Zero(3));  // a node that cannot rotate
        const Vector3 alphaLocal = k.Glocal * q_tt.segment(k.rotationStart, k.Glocal.cols()) + k.Glocal_tTheta_t;
        return ToVector(Vector3(k.rotation * alphaLocal));
      }
      break;
    default: break;
  }
  NotAvailable(description, type,
               std::string("Coordinates, Coordinates_t, Coordinates_tt, CoordinatesTotal") +
                   (hasPosition ? ", Position, Displacement, Velocity, Acceleration" : "") +
                   (hasOrientation ? ", RotationMatrix, Rotation, AngularVelocity, AngularVelocityLocal, "
                                     "AngularAcceleration"
                                   : ""));
}

VectorX MainSystem::GetObjectOutputBody(Index objectIndex, OutputVariableType type, const Vector3& localPosition,
                                        ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  const std::string description = ItemDescription(ItemCategory::Object, objectIndex);
  if (object.Kind() != ObjectKind::Body && object.Kind() != ObjectKind::Ground)
    throw TypeError(description + ": is not a body; use GetObjectOutput");
  const Body& body = static_cast<const Body&>(object);
  const SystemState& state = State(configuration);
  VectorX bodyValue;
  if (body.GetBodyOutput(type, *this, state, localPosition, bodyValue)) return bodyValue;
  std::vector<NodeKinematics<double>> nodes;
  for (NodeIndex node : body.NodeNumbers()) nodes.push_back(NodeKinematicsOf(node.value, state));
  MarkerData<double> frame;
  body.ComputeFrame(nodes.data(), localPosition, frame);
  const bool hasOrientation = body.ProvidesOrientation();
  switch (type) {
    case OutputVariableType::Position: return ToVector(frame.position);
    case OutputVariableType::Displacement: {
      std::vector<NodeKinematics<double>> referenceNodes;
      const SystemState& reference = State(ConfigurationType::Reference);
      for (NodeIndex node : body.NodeNumbers()) referenceNodes.push_back(NodeKinematicsOf(node.value, reference));
      MarkerData<double> referenceFrame;
      body.ComputeFrame(referenceNodes.data(), localPosition, referenceFrame);
      return ToVector(Vector3(frame.position - referenceFrame.position));
    }
    case OutputVariableType::Velocity: return ToVector(frame.velocity);
    case OutputVariableType::VelocityLocal:
      if (hasOrientation) return ToVector(Vector3(frame.orientation.transpose() * frame.velocity));
      break;
    case OutputVariableType::Acceleration:
    case OutputVariableType::AccelerationLocal:
    case OutputVariableType::AngularAcceleration:
    case OutputVariableType::AngularAccelerationLocal: {
      // from the node's accelerations: only for bodies that declare them (a Mass1D's node has none)
      const auto& declared = body.TypeInfo().outputs;
      const bool isDeclared = std::find(declared.begin(), declared.end(), type) != declared.end();
      if (isDeclared && nodes.size() == 1 && (hasOrientation || type == OutputVariableType::Acceleration)) {
        const NodeKinematics<double>& k = nodes[0];
        const Index start = c.nodeODE2Start[body.NodeNumbers()[0].value];
        const VectorX q_tt = state.ode2_tt.segment(start, k.numberOfCoordinates);
        Vector3 acceleration = Vector3::Zero();
        acceleration.head(k.positionCoordinates) = q_tt.head(k.positionCoordinates);
        Vector3 alphaLocal = Vector3::Zero();
        if (k.hasOrientation) {
          alphaLocal = k.Glocal * q_tt.segment(k.rotationStart, k.Glocal.cols()) + k.Glocal_tTheta_t;
          const Vector3& w = k.angularVelocityLocal;
          acceleration += k.rotation * (alphaLocal.cross(localPosition) + w.cross(w.cross(localPosition)));
        }
        if (type == OutputVariableType::Acceleration) return ToVector(acceleration);
        if (type == OutputVariableType::AccelerationLocal) return ToVector(Vector3(k.rotation.transpose() * acceleration));
        if (type == OutputVariableType::AngularAcceleration) return ToVector(Vector3(k.rotation * alphaLocal));
        return ToVector(alphaLocal);
      }
      break;
    }
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(frame.orientation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(RotationMatrixToRotXYZ(frame.orientation));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(frame.orientation * frame.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(frame.angularVelocityLocal);
      break;
    case OutputVariableType::KineticEnergy: {
      VectorX value(1);
      value(0) = body.KineticEnergy(nodes.data());
      return value;
    }
    default: break;
  }
  NotAvailable(description, type, DeclaredOutputs(body.TypeInfo()));
}

VectorX MainSystem::GetObjectOutput(Index objectIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const CompiledSystem& c = Compiled();
  const Object& object = GetObject(objectIndex);
  if (object.Kind() == ObjectKind::Body || object.Kind() == ObjectKind::Ground)
    return GetObjectOutputBody(objectIndex, type, Vector3::Zero(), configuration);
  const SystemState& state = State(configuration);
  if (object.HasODE1Equations()) {
    // The ODE1 coordinates of the object's nodes, in node order (as node outputs).
    const auto& indices = c.objectODE1Indices[objectIndex];
    const bool addReference = AddsReferenceCoordinates(type, configuration);
    if (type == OutputVariableType::Coordinates || type == OutputVariableType::Coordinates_t || addReference) {
      const VectorX& source = type == OutputVariableType::Coordinates_t ? state.ode1_t : state.ode1;
      VectorX value(indices.size());
      for (size_t i = 0; i < indices.size(); ++i)
        value(i) = source(indices[i]) + (addReference ? c.ode1Reference(indices[i]) : 0.);
      return value;
    }
    NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type, "Coordinates, Coordinates_t, CoordinatesTotal");
  }
  const auto markers = object.MarkerNumbers();
  if (markers.size() < 2) NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type, "none");
  const MarkerData<double> m0 = MarkerDataOf(markers[0].value, state);
  const MarkerData<double> m1 = MarkerDataOf(markers[1].value, state);
  VectorX lambda;
  if (c.objectAEStart[objectIndex] >= 0)
    lambda = state.ae.segment(c.objectAEStart[objectIndex], object.NumberOfAlgebraicEquations());
  VectorX value;
  if (object.GetOutput(type, ContextOf(objectIndex, state), m0, m1, lambda, value)) return value;
  NotAvailable(ItemDescription(ItemCategory::Object, objectIndex), type, DeclaredOutputs(object.TypeInfo()));
}

VectorX MainSystem::GetMarkerOutput(Index markerIndex, OutputVariableType type, ConfigurationType configuration) const {
  const ReferenceOutputScope referenceOutput(*this, configuration);
  const Marker& marker = GetMarker(markerIndex);
  const MarkerData<double> data = MarkerDataOf(markerIndex, State(configuration));
  const bool hasOrientation = marker.ProvidesOrientation();
  const bool hasCoordinateVector = marker.ProvidesCoordinateVector();
  const bool hasCoordinate = marker.ProvidesCoordinate() || hasCoordinateVector;
  switch (type) {
    case OutputVariableType::Coordinates:
      if (hasCoordinateVector) return data.coordinateVector;
      if (hasCoordinate) return VectorX::Constant(1, data.coordinate);
      break;
    case OutputVariableType::Coordinates_t:
      if (hasCoordinateVector) return data.coordinateVector_t;
      if (hasCoordinate) return VectorX::Constant(1, data.coordinate_t);
      break;
    case OutputVariableType::Position: return ToVector(data.position);
    case OutputVariableType::Velocity: return ToVector(data.velocity);
    case OutputVariableType::RotationMatrix:
      if (hasOrientation) return RowMajorEntries(data.orientation);
      break;
    case OutputVariableType::Rotation:
      if (hasOrientation) return ToVector(RotationMatrixToRotXYZ(data.orientation));
      break;
    case OutputVariableType::AngularVelocity:
      if (hasOrientation) return ToVector(Vector3(data.orientation * data.angularVelocityLocal));
      break;
    case OutputVariableType::AngularVelocityLocal:
      if (hasOrientation) return ToVector(data.angularVelocityLocal);
      break;
    default: break;
  }
  NotAvailable(ItemDescription(ItemCategory::Marker, markerIndex), type,
               std::string(hasCoordinate ? "Coordinates, Coordinates_t, " : "") + "Position, Velocity" +
                   (hasOrientation ? ", RotationMatrix, Rotation, AngularVelocity, AngularVelocityLocal" : ""));
}

VectorX MainSystem::GetLoadValues(Index loadIndex) const {
  const Load& load = GetLoad(loadIndex);
  EvaluationContext context;
  context.time = current_.time;
  context.system = this;
  context.itemNumber = loadIndex;
  return load.CurrentLoadVector(context).head(load.NumberOfLoadValues());
}

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
                             "The solve stops with the last accepted step (t = " + TimeText(current_.time) + ") kept");
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

// ---- files ---------------------------------------------------------------------------

Json MainSystem::ToJson() const {
  std::string withFunctions;
  for (ItemCategory category : allCategories)
    for (Index i = 0; i < NumberOfItems(category); ++i) {
      const Item& item = GetItem(category, i);
      for (const auto& field : item.TypeInfo().fields->fields)
        if (field.type == FieldType::UserFunction && field.getFunction(&item))
          withFunctions += (withFunctions.empty() ? "" : "; ") + ItemDescription(item, i) + "." + field.name;
    }
  // the system's own hooks too: a file without them would simulate another system
  const std::pair<const ScriptFunctionPtr*, const char*> hooks[] = {
      {&preStepUserFunction_, "PreStep"},
      {&postStepUserFunction_, "PostStep"},
      {&postNewtonUserFunction_, "PostNewton"},
      {&preNewtonResidualUserFunction_, "PreNewtonResidual"},
      {&systemJacobianUserFunction_, "SystemJacobian"}};
  for (const auto& [function, hook] : hooks)
    if (*function)
      withFunctions += (withFunctions.empty() ? "" : "; ") + std::string("the system's mbs.Set") + hook + "UserFunction";
  if (!withFunctions.empty())
    throw ValueError("the system cannot be saved because it holds Python user functions, which have no file form: " +
                     withFunctions);
  Json json = Json::object();
  json["format"] = "multidyn.system";
  json["version"] = 1;
  for (ItemCategory category : allCategories) {
    Json list = Json::array();
    for (Index i = 0; i < NumberOfItems(category); ++i) list.push_back(ItemToDict(GetItem(category, i)));
    json[JsonArrayName(category)] = list;
  }
  return json;
}

void MainSystem::LoadJson(const Json& json) {
  CheckNotSolving("mbs.Load()");
  if (!json.is_object() || !json.contains("format") || json["format"] != "multidyn.system")
    throw ValueError("not a Multidyn system file: expected a JSON object with \"format\": \"multidyn.system\"");
  ItemLists items;
  for (ItemCategory category : allCategories) {
    const char* arrayName = JsonArrayName(category);
    if (!json.contains(arrayName)) continue;
    if (!json[arrayName].is_array()) throw ValueError(std::string("'") + arrayName + "' must be a list of item dicts");
    Index i = 0;
    for (const auto& dict : json[arrayName]) {
      items[static_cast<int>(category)].push_back(
          CreateItemFromJson(category, dict, std::string(CategoryName(category)) + " " + std::to_string(i)));
      ++i;
    }
  }
  ReplaceItems(std::move(items), "mbs.Load()");
}

void MainSystem::ReplaceItems(ItemLists items, const std::string& call) {
  CheckNotSolving(call);
  MainSystem replacement;  // checked there, so that references see all the new items and none of ours
  for (ItemCategory category : allCategories) {
    for (const auto& item : items[static_cast<int>(category)])
      if (item->TypeInfo().category != category)
        throw TypeError(std::string("internal: a ") + item->TypeInfo().className + " in the list of " +
                        CategoryName(category) + "s");
    replacement.Items(category) = std::move(items[static_cast<int>(category)]);
  }
  for (ItemCategory category : allCategories)
    for (Index i = 0; i < replacement.NumberOfItems(category); ++i)
      replacement.CheckItem(replacement.GetItem(category, i), category, i);
  nodes_ = std::move(replacement.nodes_);
  objects_ = std::move(replacement.objects_);
  markers_ = std::move(replacement.markers_);
  loads_ = std::move(replacement.loads_);
  sensors_ = std::move(replacement.sensors_);
  sensorRecords_.assign(sensors_.size(), SensorRecord());
  compiled_.reset();
  ++revision_;
}

void MainSystem::LoadJsonText(const std::string& text) {
  CheckNotSolving("mbs.Load()");
  constexpr int maximumDepth = 64;  // item dicts need 4; deeper text is no system file
  Json json;
  try {
    json = Json::parse(text, [](int depth, Json::parse_event_t, Json&) {
      if (depth > maximumDepth)
        throw ValueError("the file is nested more than " + std::to_string(maximumDepth) + " levels deep");
      return true;
    });
  } catch (const ValueError& e) {
    throw ValueError(std::string("not a Multidyn system file: ") + e.what());
  } catch (const std::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, ...": the library's tag is no help
    std::string text = e.what();
    if (!text.empty() && text[0] == '[' && text.find("] ") != std::string::npos) text = text.substr(text.find("] ") + 2);
    throw ValueError("the file is not valid JSON: " + text);
  }
  LoadJson(json);
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
