#include "core/items/FieldTable.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace multidyn {

std::string JsonNumberText(const Json& value) {
  if (value.is_number_float()) {
    const double v = value.get<double>();
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  }
  return value.dump();
}

std::string JsonKindName(const Json& value) {
  if (value.is_null()) return "None";
  if (value.is_boolean()) return std::string("the bool ") + (value.get<bool>() ? "True" : "False");
  if (value.is_number()) return "the number " + JsonNumberText(value);
  if (value.is_string()) return "the string '" + value.get<std::string>() + "'";
  if (value.is_array()) return "a list of " + std::to_string(value.size()) + " items";
  if (value.is_object()) return "a dict";
  return "a value of unknown kind";
}

double RealFromJson(const Json& value) {
  if (value.is_boolean() || !value.is_number()) throw TypeError("expected a real number, got " + JsonKindName(value));
  const double v = value.get<double>();
  if (std::isnan(v)) throw ValueError("expected a finite real number, got nan");
  if (std::isinf(v)) throw ValueError(std::string("expected a finite real number, got ") + (v > 0 ? "inf" : "-inf"));
  return v;
}

void FieldConverter<bool>::FromJson(const Json& j, bool& v) {
  if (j.is_boolean()) {
    v = j.get<bool>();
  } else if (j.is_number_integer() && (j.get<long long>() == 0 || j.get<long long>() == 1)) {
    v = j.get<long long>() == 1;
  } else {
    throw TypeError("expected True or False, got " + JsonKindName(j));
  }
}

void FieldConverter<Index>::FromJson(const Json& j, Index& v) {
  if (!j.is_number_integer() || j.is_boolean()) throw TypeError("expected an integer, got " + JsonKindName(j));
  constexpr long long lowest = std::numeric_limits<Index>::min(), highest = std::numeric_limits<Index>::max();
  if ((j.is_number_unsigned() && j.get<unsigned long long>() > static_cast<unsigned long long>(highest)) ||
      (!j.is_number_unsigned() && (j.get<long long>() < lowest || j.get<long long>() > highest)))
    throw ValueError("expected an integer from " + std::to_string(lowest) + " to " + std::to_string(highest) +
                     ", got " + j.dump());
  v = j.get<Index>();
}

void FieldConverter<std::string>::FromJson(const Json& j, std::string& v) {
  if (!j.is_string()) throw TypeError("expected a string, got " + JsonKindName(j));
  v = j.get<std::string>();
}

void FieldConverter<OutputVariableType>::FromJson(const Json& j, OutputVariableType& v) {
  if (!j.is_string()) throw TypeError("expected an OutputVariableType, got " + JsonKindName(j));
  v = OutputVariableTypeFromName(j.get<std::string>());
}

void FieldConverter<Color4>::FromJson(const Json& j, Color4& v) {
  std::vector<double> values;
  VectorFromJson(j, 4, values);
  for (int i = 0; i < 4; ++i) v[i] = static_cast<float>(values[i]);
}

void VectorFromJson(const Json& j, int expectedSize, std::vector<double>& out) {
  const std::string what =
      expectedSize < 0 ? "a list of real numbers" : "a list of " + std::to_string(expectedSize) + " real numbers";
  if (!j.is_array()) throw TypeError("expected " + what + ", got " + JsonKindName(j));
  if (expectedSize >= 0 && static_cast<int>(j.size()) != expectedSize)
    throw ValueError("expected " + what + ", got a list of " + std::to_string(j.size()) + " items");
  out.clear();
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(RealFromJson(j[i]));
    } catch (const std::exception& e) {
      throw ValueError("expected " + what + ", but item " + std::to_string(i) + ": " + e.what());
    }
  }
}

void MatrixFromJson(const Json& j, int rows, int cols, std::vector<double>& out) {
  const std::string what = "a " + std::to_string(rows) + "x" + std::to_string(cols) + " matrix (a list of " +
                           std::to_string(rows) + " rows of " + std::to_string(cols) + " real numbers)";
  if (!j.is_array() || static_cast<int>(j.size()) != rows)
    throw ValueError("expected " + what + ", got " + JsonKindName(j));
  out.clear();
  for (int r = 0; r < rows; ++r) {
    if (!j[r].is_array() || static_cast<int>(j[r].size()) != cols)
      throw ValueError("expected " + what + ", but row " + std::to_string(r) + " is " + JsonKindName(j[r]));
    for (int c = 0; c < cols; ++c) {
      try {
        out.push_back(RealFromJson(j[r][c]));
      } catch (const std::exception& e) {
        throw ValueError("expected " + what + ", but entry [" + std::to_string(r) + "][" + std::to_string(c) +
                         "]: " + e.what());
      }
    }
  }
}

bool IsSparseMatrixJson(const Json& j) { return j.is_object() && j.contains("triplets"); }

void SparseMatrixFromJson(const Json& j, DenseOrSparseMatrix& m) {
  const std::string what =
      "a sparse matrix {'numberOfRows': r, 'numberOfColumns': c, 'triplets': [[row, column, value], ...]}";
  if (!IsSparseMatrixJson(j) || !j.contains("numberOfRows") || !j.contains("numberOfColumns") || j.size() != 3)
    throw TypeError("expected " + what + ", got " + JsonKindName(j));
  const auto size = [&](const char* key) {
    const Json& value = j[key];
    if (!value.is_number_integer() || value.is_boolean() || value.get<long long>() < 0 ||
        value.get<long long>() > 100000000LL)
      throw ValueError("expected " + what + ", but '" + key + "' is " + JsonKindName(value) +
                       " (expected an integer >= 0)");
    return Index(value.get<long long>());
  };
  const Index rows = size("numberOfRows"), cols = size("numberOfColumns");
  const Json& triplets = j["triplets"];
  if (!triplets.is_array()) throw TypeError("expected " + what + ", but 'triplets' is " + JsonKindName(triplets));
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(triplets.size());
  for (size_t k = 0; k < triplets.size(); ++k) {
    const Json& t = triplets[k];
    const std::string where = "triplet " + std::to_string(k);
    if (!t.is_array() || t.size() != 3)
      throw ValueError("expected " + what + ", but " + where + " is " + JsonKindName(t) +
                       " (expected [row, column, value])");
    const auto index = [&](const Json& value, Index bound, const char* name) {
      const double x = RealFromJson(value);
      if (x != std::floor(x) || x < 0 || x >= bound)
        throw ValueError("expected " + what + ", but the " + name + " of " + where + " is " + value.dump() +
                         " (expected an integer in [0, " + std::to_string(bound) + "))");
      return Index(x);
    };
    const Index row = index(t[0], rows, "row"), column = index(t[1], cols, "column");
    double value = 0.;
    try {
      value = RealFromJson(t[2]);
    } catch (const std::exception& e) {
      throw ValueError("expected " + what + ", but the value of " + where + ": " + e.what());
    }
    entries.emplace_back(row, column, value);
  }
  m.SetSparse(rows, cols, entries);
}

Json SparseMatrixToJson(const DenseOrSparseMatrix& m) {
  Json triplets = Json::array();
  m.ForEachEntry([&](Index row, Index column, double value) { triplets.push_back({row, column, value}); });
  return {{"numberOfRows", m.rows()}, {"numberOfColumns", m.cols()}, {"triplets", triplets}};
}

void DynamicMatrixFromJson(const Json& j, MatrixX& m) {
  if (IsSparseMatrixJson(j)) {
    DenseOrSparseMatrix sparse;
    SparseMatrixFromJson(j, sparse);
    m = sparse.ToDense();
    return;
  }
  const std::string what = "a matrix (a list of rows of equally many real numbers)";
  if (!j.is_array()) throw TypeError("expected " + what + ", got " + JsonKindName(j));
  const Index rows = static_cast<Index>(j.size());
  const Index cols = rows > 0 && j[0].is_array() ? static_cast<Index>(j[0].size()) : 0;
  MatrixX value(rows, cols);
  for (Index r = 0; r < rows; ++r) {
    if (!j[r].is_array() || static_cast<Index>(j[r].size()) != cols)
      throw ValueError("expected " + what + ", but row " + std::to_string(r) + " is " + JsonKindName(j[r]) +
                       (r > 0 ? " (row 0 has " + std::to_string(cols) + ")" : std::string()));
    for (Index c = 0; c < cols; ++c) {
      try {
        value(r, c) = RealFromJson(j[r][c]);
      } catch (const std::exception& e) {
        throw ValueError("expected " + what + ", but entry [" + std::to_string(r) + "][" + std::to_string(c) +
                         "]: " + e.what());
      }
    }
  }
  m = value;
}

void IndexFromJson(const Json& j, Index& v) {
  if (!j.is_number_integer() || j.is_boolean())
    throw TypeError("expected an item index (an integer), got " + JsonKindName(j));
  const long long value =
      j.is_number_unsigned() && j.get<unsigned long long>() > 1000000000ULL ? 1000000001LL : j.get<long long>();
  if (value < -1 || value > 1000000000LL)
    throw ValueError("expected an item index >= 0 (or -1 for none), got " + j.dump());
  v = static_cast<Index>(value);
}

void FieldConverter<MarkerIndexPair>::FromJson(const Json& j, MarkerIndexPair& v) {
  if (!j.is_array() || j.size() != 2) throw ValueError("expected a list of 2 marker indices, got " + JsonKindName(j));
  IndexFromJson(j[0], v[0].value);
  IndexFromJson(j[1], v[1].value);
}

void IndexListFromJson(const Json& j, ItemCategory category, std::vector<Index>& values) {
  if (!j.is_array())
    throw TypeError(std::string("expected a list of ") + CategoryName(category) + " indices, got " + JsonKindName(j));
  std::vector<Index> read(j.size());
  for (size_t i = 0; i < j.size(); ++i) IndexFromJson(j[i], read[i]);
  values = read;
}

std::optional<ItemCategory> ReferencedCategory(FieldType type) {
  switch (type) {
    case FieldType::NodeIndex:
    case FieldType::NodeIndexList: return ItemCategory::Node;
    case FieldType::ObjectIndex:
    case FieldType::ObjectIndexList: return ItemCategory::Object;
    case FieldType::MarkerIndex:
    case FieldType::MarkerIndexList: return ItemCategory::Marker;
    case FieldType::LoadIndex: return ItemCategory::Load;
    case FieldType::SensorIndex:
    case FieldType::SensorIndexList: return ItemCategory::Sensor;
    default: return std::nullopt;
  }
}

void FieldConverter<Vector3List>::FromJson(const Json& j, Vector3List& v) {
  if (!j.is_array()) throw TypeError("expected a list of 3-vectors (Vector3DList), got " + JsonKindName(j));
  Vector3List values(j.size());
  std::vector<double> x;
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      VectorFromJson(j[i], 3, x);
    } catch (const std::exception& e) {
      throw ValueError("expected a list of 3-vectors (Vector3DList), but item " + std::to_string(i) + ": " + e.what());
    }
    values[i] = Vector3(x[0], x[1], x[2]);
  }
  v = values;
}

void FieldConverter<Matrix3List>::FromJson(const Json& j, Matrix3List& v) {
  if (!j.is_array()) throw TypeError("expected a list of 3x3 matrices (Matrix3DList), got " + JsonKindName(j));
  Matrix3List values(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      FieldConverter<Matrix3>::FromJson(j[i], values[i]);
    } catch (const std::exception& e) {
      throw ValueError("expected a list of 3x3 matrices (Matrix3DList), but item " + std::to_string(i) + ": " +
                       e.what());
    }
  }
  v = values;
}

void FieldConverter<IntegerList>::FromJson(const Json& j, IntegerList& v) {
  if (!j.is_array()) throw TypeError("expected a list of integers, got " + JsonKindName(j));
  IntegerList values(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      FieldConverter<Index>::FromJson(j[i], values[i]);
    } catch (const std::exception& e) {
      throw ValueError("expected a list of integers, but item " + std::to_string(i) + ": " + e.what());
    }
  }
  v = values;
}

void CheckConstraint(const FieldDescriptor& field, double value) {
  if (field.constraint == FieldConstraint::NonNegative && !(value >= 0.))
    throw ValueError("expected a real number >= 0, got " + JsonNumberText(Json(value)));
  if (field.constraint == FieldConstraint::Positive && !(value > 0.))
    throw ValueError("expected a real number > 0, got " + JsonNumberText(Json(value)));
}

void CheckVectorConstraint(const FieldDescriptor& field, bool isZero) {
  if (field.constraint == FieldConstraint::NonZero && isZero)
    throw ValueError("expected a nonzero vector (a direction), got all zeros");
}

std::string FieldDescriptor::TypeName() const {
  switch (type) {
    case FieldType::Real: return "Real";
    case FieldType::Bool: return "Bool";
    case FieldType::Integer: return "Index";
    case FieldType::String: return "String";
    case FieldType::Vector: return rows < 0 ? "Vector" : "Vector" + std::to_string(rows) + "D";
    case FieldType::Matrix: return rows < 0 ? "Matrix" : "Matrix" + std::to_string(rows) + "D";
    case FieldType::NodeIndex: return "NodeIndex";
    case FieldType::ObjectIndex: return "ObjectIndex";
    case FieldType::MarkerIndex: return "MarkerIndex";
    case FieldType::LoadIndex: return "LoadIndex";
    case FieldType::SensorIndex: return "SensorIndex";
    case FieldType::MarkerIndexList: return "MarkerIndex[2]";
    case FieldType::NodeIndexList: return "NodeIndex[]";
    case FieldType::SensorIndexList: return "SensorIndex[]";
    case FieldType::ObjectIndexList: return "ObjectIndex[]";
    case FieldType::OutputVariableType: return "OutputVariableType";
    case FieldType::Color: return "Float4";
    case FieldType::UserFunction: return "UserFunction";
    case FieldType::Nested: return "Settings";
    case FieldType::GraphicsDataList: return "BodyGraphicsData";
    case FieldType::ParameterSet: return "ParameterSet";
    case FieldType::Vector3List: return "Vector3DList";
    case FieldType::Matrix3List: return "Matrix3DList";
    case FieldType::IntegerList: return "ArrayIndex";
    case FieldType::JointTypeList: return "JointTypeList";
  }
  return "?";
}

std::string FieldDescriptor::Expected() const {
  std::string text;
  switch (type) {
    case FieldType::Real: text = "a finite real number"; break;
    case FieldType::Bool: text = "True or False"; break;
    case FieldType::Integer: text = "an integer"; break;
    case FieldType::String: text = "a string"; break;
    case FieldType::Vector:
      text = rows < 0 ? "a list of real numbers" : "a list of " + std::to_string(rows) + " real numbers";
      break;
    case FieldType::Matrix:
      text =
          rows < 0 ? "a matrix (list of rows)" : "a " + std::to_string(rows) + "x" + std::to_string(cols) + " matrix";
      break;
    case FieldType::MarkerIndexList: text = "a list of 2 marker indices"; break;
    case FieldType::NodeIndexList: text = "a list of node indices"; break;
    case FieldType::SensorIndexList: text = "a list of sensor indices"; break;
    case FieldType::ObjectIndexList: text = "a list of object indices"; break;
    case FieldType::OutputVariableType: text = "an exu.OutputVariableType"; break;
    case FieldType::Color: text = "a list of 4 numbers (RGBA)"; break;
    case FieldType::UserFunction: text = "a Python function or 0"; break;
    case FieldType::Nested: text = "a settings structure"; break;
    case FieldType::GraphicsDataList: text = "a list of graphics dicts"; break;
    case FieldType::ParameterSet: text = "a parameter object (e.g. ExponentialSpringParameters) or its dict"; break;
    case FieldType::Vector3List: text = "a list of 3-vectors"; break;
    case FieldType::Matrix3List: text = "a list of 3x3 matrices"; break;
    case FieldType::IntegerList: text = "a list of integers"; break;
    case FieldType::JointTypeList: text = "a list of exu.JointType values"; break;
    default: text = "an item index"; break;
  }
  if (constraint == FieldConstraint::NonNegative) text += " >= 0";
  if (constraint == FieldConstraint::Positive) text += " > 0";
  if (constraint == FieldConstraint::NonZero) text += ", not all zero";
  return text;
}

bool FieldDescriptor::Matches(const std::string& someName) const {
  if (someName == name || someName == key) return true;
  for (const auto& alias : aliases)
    if (alias == someName) return true;
  return false;
}

const FieldDescriptor* FieldTable::Find(const std::string& someName) const {
  for (const auto& field : fields)
    if (field.Matches(someName)) return &field;
  return nullptr;
}

}  // namespace multidyn
