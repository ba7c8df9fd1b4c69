#include "core/items/GraphicsData.h"

#include <cmath>
#include <string>
#include <vector>

#include "core/foundation/Errors.h"
#include "core/items/FieldTable.h"

namespace multidyn {

namespace {

enum class Kind { Reals, Integers, Text, Real, Integer };

// One key of one primitive type: its kind, the numbers per row (1 for scalars), whether it is
// required, and how many rows it must have (any, one per point, one or one per point, fixed).
struct KeySpec {
  const char* key;
  Kind kind;
  int columns;
  bool required;
  enum Count { Any, PerPoint, PerPointOrOne, Fixed } count;
};

struct TypeSpec {
  const char* type;
  const char* pointsKey;  // the key whose rows are the points other keys refer to
  std::vector<KeySpec> keys;
};

// Exudyn's GraphicsData types (1.11: Line, Circle, Text, TriangleList; 1.13 adds Lines, Spheres
// and the quadratic triangles6/edges3 of TriangleList).
const std::vector<TypeSpec>& Specs() {
  static const std::vector<TypeSpec> specs = {
      {"Line",
       "data",
       {{"data", Kind::Reals, 3, true, KeySpec::Any}, {"color", Kind::Reals, 4, false, KeySpec::Fixed}}},
      {"Lines",
       "points",
       {{"points", Kind::Reals, 3, true, KeySpec::Any},
        {"colors", Kind::Reals, 4, false, KeySpec::PerPoint},
        {"color", Kind::Reals, 4, false, KeySpec::Fixed},
        {"shape", Kind::Text, 1, false, KeySpec::Fixed}}},
      {"Circle",
       "",
       {{"position", Kind::Reals, 3, true, KeySpec::Fixed},
        {"radius", Kind::Real, 1, true, KeySpec::Fixed},
        {"color", Kind::Reals, 4, false, KeySpec::Fixed}}},
      {"Text",
       "",
       {{"position", Kind::Reals, 3, true, KeySpec::Fixed},
        {"text", Kind::Text, 1, true, KeySpec::Fixed},
        {"color", Kind::Reals, 4, false, KeySpec::Fixed},
        {"fontSize", Kind::Real, 1, false, KeySpec::Fixed},
        {"offset", Kind::Reals, 2, false, KeySpec::Fixed}}},
      {"TriangleList",
       "points",
       {{"points", Kind::Reals, 3, true, KeySpec::Any},
        {"colors", Kind::Reals, 4, false, KeySpec::PerPoint},
        {"normals", Kind::Reals, 3, false, KeySpec::PerPoint},
        {"triangles", Kind::Integers, 3, false, KeySpec::Any},
        {"triangles6", Kind::Integers, 6, false, KeySpec::Any},
        {"edges", Kind::Integers, 2, false, KeySpec::Any},
        {"edges3", Kind::Integers, 3, false, KeySpec::Any},
        {"edgeColor", Kind::Reals, 4, false, KeySpec::Fixed}}},
      {"Spheres",
       "points",
       {{"points", Kind::Reals, 3, true, KeySpec::Any},
        {"radii", Kind::Reals, 1, true, KeySpec::PerPointOrOne},
        {"colors", Kind::Reals, 4, false, KeySpec::PerPointOrOne},
        {"resolution", Kind::Integer, 1, false, KeySpec::Fixed}}},
  };
  return specs;
}

std::string KnownTypes() {
  std::string text;
  for (const auto& spec : Specs()) text += (text.empty() ? "'" : ", '") + std::string(spec.type) + "'";
  return text;
}

std::string KnownKeys(const TypeSpec& spec) {
  std::string text;
  for (const auto& k : spec.keys) text += (text.empty() ? "'" : ", '") + std::string(k.key) + "'";
  return text;
}

// Flattens a flat list or a list of rows of `columns` numbers; throws naming `where`.
Json FlatNumbers(const Json& value, const KeySpec& spec, const std::string& where) {
  const bool integers = spec.kind == Kind::Integers;
  const std::string what = std::string(integers ? "integers" : "real numbers");
  if (!value.is_array()) throw TypeError(where + ": expected a list of " + what + ", got " + JsonKindName(value));
  Json flat = Json::array();
  auto add = [&](const Json& entry, size_t position) {
    if (entry.is_boolean() || !entry.is_number())
      throw TypeError(where + ": expected a list of " + what + ", but entry " + std::to_string(position) + " is " +
                      JsonKindName(entry));
    if (integers) {
      if (!entry.is_number_integer()) {
        const double v = entry.get<double>();
        if (!(std::isfinite(v) && v == std::floor(v)))
          throw TypeError(where + ": expected a list of integers, but entry " + std::to_string(position) + " is " +
                          entry.dump());
        flat.push_back(static_cast<long long>(v));
      } else {
        flat.push_back(entry.get<long long>());
      }
    } else {
      const double v = entry.get<double>();
      if (!std::isfinite(v))
        throw ValueError(where + ": expected finite numbers, but entry " + std::to_string(position) + " is " +
                         (std::isnan(v) ? "nan" : "inf"));
      flat.push_back(v);
    }
  };
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i].is_array()) {  // a row
      if (static_cast<int>(value[i].size()) != spec.columns)
        throw ValueError(where + ": expected rows of " + std::to_string(spec.columns) + " numbers, but row " +
                         std::to_string(i) + " has " + std::to_string(value[i].size()));
      for (size_t k = 0; k < value[i].size(); ++k) add(value[i][k], flat.size());
    } else {
      add(value[i], flat.size());
    }
  }
  if (flat.size() % spec.columns != 0)
    throw ValueError(where + ": expected a multiple of " + std::to_string(spec.columns) + " numbers, got " +
                     std::to_string(flat.size()));
  return flat;
}

Json NormalizeEntry(const Json& entry, const std::string& where) {
  if (!entry.is_object())
    throw TypeError(where + ": expected a graphics dict (e.g. graphics.Brick(...)), got " + JsonKindName(entry));
  if (!entry.contains("type") || !entry["type"].is_string())
    throw ValueError(where + ": the dict has no 'type' (one of " + KnownTypes() + ")");
  const std::string type = entry["type"].get<std::string>();
  const TypeSpec* spec = nullptr;
  for (const auto& s : Specs())
    if (type == s.type) spec = &s;
  if (!spec) throw ValueError(where + ": unknown type '" + type + "'; known: " + KnownTypes());
  const std::string at = where + " ('" + type + "')";

  Json result = Json::object();
  result["type"] = type;
  for (auto it = entry.begin(); it != entry.end(); ++it) {
    if (it.key() == "type") continue;
    const KeySpec* key = nullptr;
    for (const auto& k : spec->keys)
      if (it.key() == k.key) key = &k;
    if (!key) throw ValueError(at + ": unknown key '" + it.key() + "'; the keys are: " + KnownKeys(*spec));
    const std::string keyWhere = at + " '" + it.key() + "'";
    const Json& value = it.value();
    switch (key->kind) {
      case Kind::Text:
        if (!value.is_string()) throw TypeError(keyWhere + ": expected a string, got " + JsonKindName(value));
        result[it.key()] = value;
        break;
      case Kind::Real: {
        double v = 0.;
        try {
          v = RealFromJson(value);
        } catch (const TypeError& e) {
          throw TypeError(keyWhere + ": " + e.what());
        } catch (const std::exception& e) {
          throw ValueError(keyWhere + ": " + e.what());
        }
        if (v < 0.) throw ValueError(keyWhere + ": expected a number >= 0, got " + value.dump());
        result[it.key()] = v;
        break;
      }
      case Kind::Integer:
        if (!value.is_number_integer() || value.is_boolean())
          throw TypeError(keyWhere + ": expected an integer, got " + JsonKindName(value));
        result[it.key()] = value;
        break;
      default: {
        Json flat = FlatNumbers(value, *key, keyWhere);
        if (key->count == KeySpec::Fixed && static_cast<int>(flat.size()) != key->columns)
          throw ValueError(keyWhere + ": expected " + std::to_string(key->columns) + " numbers, got " +
                           std::to_string(flat.size()));
        result[it.key()] = std::move(flat);
      }
    }
  }
  for (const auto& k : spec->keys)
    if (k.required && !result.contains(k.key))
      throw ValueError(at + ": the key '" + std::string(k.key) + "' is missing");
  if (type == "TriangleList" && !result.contains("triangles") && !result.contains("triangles6"))
    throw ValueError(at + ": the key 'triangles' (or 'triangles6') is missing");
  if (type == "Lines" && result.contains("shape")) {
    const std::string shape = result["shape"].get<std::string>();
    if (shape != "linear" && shape != "quadratic")
      throw ValueError(at + " 'shape': expected 'linear' or 'quadratic', got '" + shape + "'");
  }

  // Counts against the number of points, and indices within range.
  if (spec->pointsKey[0] != '\0') {
    const size_t points = result[spec->pointsKey].size() / 3;
    for (const auto& k : spec->keys) {
      if (!result.contains(k.key) || k.kind == Kind::Text) continue;
      const size_t rows = result[k.key].size() / k.columns;
      if (k.count == KeySpec::PerPoint && rows != points)
        throw ValueError(at + " '" + k.key + "': expected one row of " + std::to_string(k.columns) + " per point (" +
                         std::to_string(points) + "), got " + std::to_string(rows));
      if (k.count == KeySpec::PerPointOrOne && rows != points && rows != 1)
        throw ValueError(at + " '" + k.key + "': expected one row of " + std::to_string(k.columns) +
                         " for all points or one per point (" + std::to_string(points) + "), got " +
                         std::to_string(rows));
      if (k.kind == Kind::Integers) {
        const Json& indices = result[k.key];
        for (size_t i = 0; i < indices.size(); ++i) {
          const long long index = indices[i].get<long long>();
          if (index < 0 || index >= static_cast<long long>(points))
            throw ValueError(at + " '" + k.key + "': entry " + std::to_string(i) + " refers to point " +
                             std::to_string(index) + ", but there are " + std::to_string(points) + " points");
        }
      }
    }
  }
  return result;
}

}  // namespace

Json NormalizeGraphicsDataList(const Json& list) {
  if (!list.is_array())
    throw TypeError("expected a list of graphics dicts (e.g. [graphics.Brick(...)]), got " + JsonKindName(list));
  Json result = Json::array();
  for (size_t i = 0; i < list.size(); ++i)
    result.push_back(NormalizeEntry(list[i], "graphicsData[" + std::to_string(i) + "]"));
  return result;
}

}  // namespace multidyn
