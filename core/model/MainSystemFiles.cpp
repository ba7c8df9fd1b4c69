// MainSystem: the system as JSON (mbs.Save/Load) and replacing all items at once.
#include "core/model/MainSystem.h"

#include "core/foundation/Errors.h"
#include "core/items/ItemRegistry.h"
#include "core/model/ItemCategories.h"

namespace multidyn {

namespace {
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
}  // namespace

// ---- files ---------------------------------------------------------------------------

Json MainSystem::ToJson() const {
  std::string withFunctions;
  for (ItemCategory category : allItemCategories)
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
      withFunctions +=
          (withFunctions.empty() ? "" : "; ") + std::string("the system's mbs.Set") + hook + "UserFunction";
  if (!withFunctions.empty())
    throw ValueError("the system cannot be saved because it holds Python user functions, which have no file form: " +
                     withFunctions);
  Json json = Json::object();
  json["format"] = "multidyn.system";
  json["version"] = 1;
  for (ItemCategory category : allItemCategories) {
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
  for (ItemCategory category : allItemCategories) {
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
  for (ItemCategory category : allItemCategories) {
    for (const auto& item : items[static_cast<int>(category)])
      if (item->TypeInfo().category != category)
        throw TypeError(std::string("internal: a ") + item->TypeInfo().className + " in the list of " +
                        CategoryName(category) + "s");
    replacement.Items(category) = std::move(items[static_cast<int>(category)]);
  }
  for (ItemCategory category : allItemCategories)
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
    if (!text.empty() && text[0] == '[' && text.find("] ") != std::string::npos)
      text = text.substr(text.find("] ") + 2);
    throw ValueError("the file is not valid JSON: " + text);
  }
  LoadJson(json);
}

}  // namespace multidyn
