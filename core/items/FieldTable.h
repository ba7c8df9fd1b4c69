// One declaration per parameter: name, type, default, unit, constraint, role, description.
// Generic code walks these tables to build the Python classes, convert dicts and JSON,
// validate values, and write the reference pages; nothing lists a parameter twice.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/foundation/DenseOrSparseMatrix.h"
#include "core/foundation/Errors.h"
#include "core/foundation/Json.h"
#include "core/foundation/OutputVariableType.h"
#include "core/foundation/ScriptFunction.h"
#include "core/foundation/Types.h"
#include "core/items/GraphicsData.h"
#include "core/items/ItemIndex.h"

namespace multidyn {

enum class FieldType {
  Real,
  Bool,
  Integer,
  String,
  Vector,
  Matrix,
  NodeIndex,
  ObjectIndex,
  MarkerIndex,
  LoadIndex,
  SensorIndex,
  MarkerIndexList,
  NodeIndexList,  // any number of node indices (e.g. the nodes of a generic ODE1 object)
  SensorIndexList,  // any number of sensor indices (e.g. the sensors a user-function sensor reads)
  ObjectIndexList,  // any number of object indices (e.g. the joints a module reads)
  OutputVariableType,
  Color,
  UserFunction,
  Nested,
  GraphicsDataList,  // a list of graphics dicts (Exudyn's BodyGraphicsData), see core/items/GraphicsData.h
  ParameterSet,  // a parameter class of its own (e.g. ExponentialSpringParameters), as a dict in JSON
  Vector3List,  // any number of 3-vectors (Exudyn's Vector3DList)
  Matrix3List,  // any number of 3x3 matrices (Exudyn's Matrix3DList)
  IntegerList,  // any number of integers (Exudyn's ArrayIndex)
  JointTypeList,  // any number of exu.JointType values; converter beside the item that uses it
};

// The category an index field (or list of indices) refers to; none for other fields. The one
// place that knows it: reference checks, the renumbering after a deletion and the typed indices
// of Python dicts all ask here.
std::optional<ItemCategory> ReferencedCategory(FieldType type);

enum class FieldConstraint { None, NonNegative, Positive, NonZero };  // NonZero: vectors, not all 0

// Run-time parameters may change between steps; changing a structural one requires Assemble().
enum class FieldRole { RunTime, Structural };

using Color4 = std::array<float, 4>;

// The visualization parameters most items share (VNode..., VObject... in Exudyn).
struct BasicVisualization {
  bool show = true;
  float drawSize = -1.f;  // [m]; -1: default size
  Color4 color = {-1.f, -1.f, -1.f, -1.f};  // RGBA; R = -1: default color
};
// Bodies' visualization adds the graphics they are drawn with (VObjectGround(graphicsData=[...])).
struct BodyVisualization : BasicVisualization {
  GraphicsDataList graphicsData;
  ScriptFunctionPtr graphicsDataUserFunction;  // called by the viewer at each graphics update
};
using MarkerIndexPair = std::array<MarkerIndex, 2>;
using NodeIndexList = std::vector<NodeIndex>;
using SensorIndexList = std::vector<SensorIndex>;
using ObjectIndexList = std::vector<ObjectIndex>;
using Vector3List = std::vector<Vector3>;
using Matrix3List = std::vector<Matrix3>;
using IntegerList = std::vector<Index>;

class FieldTable;

struct FieldDescriptor {
  std::string name;  // the one name: C++ field, Python keyword, docs
  std::string key;  // dict and JSON key: the name, or "V"+name for visualization
  std::string group;  // "" or "visualization"
  FieldType type = FieldType::Real;
  int rows = 1;  // vector size or matrix rows; -1: any size
  int cols = 1;
  std::string unit;  // SI unit in brackets' style, e.g. "N*m/rad"; "" if none
  std::string description;
  FieldConstraint constraint = FieldConstraint::None;
  FieldRole role = FieldRole::RunTime;
  std::vector<std::string> aliases;  // other accepted names (Exudyn's, deprecated ones)
  std::string deprecation;  // non-empty: deprecated; the text says what to use instead
  std::string userFunctionSignature;  // for user functions: argument list and result
  Json defaultValue;  // not set for user functions and nested settings
  Json testValue;  // null, or the item's own test value: FieldTableBuilder::TestValue
  const FieldTable* nested = nullptr;  // for FieldType::Nested

  std::function<Json(const void*)> get;
  // Validates; throws ValueError/TypeError. Call as field.set(field, owner, value).
  std::function<void(const FieldDescriptor&, void*, const Json&)> set;
  std::function<ScriptFunctionPtr(const void*)> getFunction;
  std::function<void(void*, ScriptFunctionPtr)> setFunction;
  std::function<void*(void*)> nestedAccess;

  std::string TypeName() const;  // "Real", "Vector3D", "Matrix3D", "MarkerIndex[2]", ...
  std::string Expected() const;  // "a finite real number >= 0", ...
  bool Matches(const std::string& someName) const;
};

class FieldTable {
 public:
  std::vector<FieldDescriptor> fields;
  // By name, key or alias; nullptr if none.
  const FieldDescriptor* Find(const std::string& someName) const;
};

// ---- conversion of each C++ field type to and from JSON --------------------------------

std::string JsonKindName(const Json& value);  // "a string", "a list of 2 items", ...
std::string JsonNumberText(const Json& number);  // as a user writes it: 1.5, nan, inf, -inf
double RealFromJson(const Json& value);  // throws TypeError / ValueError (non-finite)

template <class T, class Enable = void> struct FieldConverter;

template <> struct FieldConverter<double> {
  static constexpr FieldType type = FieldType::Real;
  static Json ToJson(double v) { return v; }
  static void FromJson(const Json& j, double& v) { v = RealFromJson(j); }
};
template <> struct FieldConverter<float> {
  static constexpr FieldType type = FieldType::Real;
  static Json ToJson(float v) { return static_cast<double>(v); }
  static void FromJson(const Json& j, float& v) { v = static_cast<float>(RealFromJson(j)); }
};
template <> struct FieldConverter<bool> {
  static constexpr FieldType type = FieldType::Bool;
  static Json ToJson(bool v) { return v; }
  static void FromJson(const Json& j, bool& v);
};
template <> struct FieldConverter<Index> {
  static constexpr FieldType type = FieldType::Integer;
  static Json ToJson(Index v) { return v; }
  static void FromJson(const Json& j, Index& v);
};
template <> struct FieldConverter<std::string> {
  static constexpr FieldType type = FieldType::String;
  static Json ToJson(const std::string& v) { return v; }
  static void FromJson(const Json& j, std::string& v);
};
template <> struct FieldConverter<OutputVariableType> {
  static constexpr FieldType type = FieldType::OutputVariableType;
  static Json ToJson(OutputVariableType v) { return OutputVariableTypeName(v); }
  static void FromJson(const Json& j, OutputVariableType& v);
};
template <> struct FieldConverter<Color4> {
  static constexpr FieldType type = FieldType::Color;
  static Json ToJson(const Color4& v) { return Json::array({v[0], v[1], v[2], v[3]}); }
  static void FromJson(const Json& j, Color4& v);
};

void VectorFromJson(const Json& j, int expectedSize, std::vector<double>& out);
void MatrixFromJson(const Json& j, int rows, int cols, std::vector<double>& out);  // row-major
// A matrix of any size: a list of equally long rows; [] is the empty (0x0) matrix.
void DynamicMatrixFromJson(const Json& j, MatrixX& m);  // also the sparse form, made dense
// The sparse form {"numberOfRows": r, "numberOfColumns": c, "triplets": [[row, column, value], ...]}
// (Exudyn's sparse MatrixContainer); triplets must lie in the matrix, repeated ones are summed.
bool IsSparseMatrixJson(const Json& j);
void SparseMatrixFromJson(const Json& j, DenseOrSparseMatrix& m);
Json SparseMatrixToJson(const DenseOrSparseMatrix& m);  // its stored entries (a dense one: all)

template <int N> struct FieldConverter<Eigen::Matrix<double, N, 1>> {
  static constexpr FieldType type = FieldType::Vector;
  static Json ToJson(const Eigen::Matrix<double, N, 1>& v) {
    Json array = Json::array();
    for (Index i = 0; i < v.size(); ++i) array.push_back(v(i));
    return array;
  }
  static void FromJson(const Json& j, Eigen::Matrix<double, N, 1>& v) {
    std::vector<double> values;
    VectorFromJson(j, N == Eigen::Dynamic ? -1 : N, values);
    v = Eigen::Map<const Eigen::Matrix<double, N, 1>>(values.data(), static_cast<Index>(values.size()));
  }
};
template <> struct FieldConverter<Matrix3> {
  static constexpr FieldType type = FieldType::Matrix;
  static Json ToJson(const Matrix3& m) {
    Json rows = Json::array();
    for (Index i = 0; i < 3; ++i) rows.push_back(Json::array({m(i, 0), m(i, 1), m(i, 2)}));
    return rows;
  }
  static void FromJson(const Json& j, Matrix3& m) {
    std::vector<double> values;
    MatrixFromJson(j, 3, 3, values);
    for (Index i = 0; i < 9; ++i) m(i / 3, i % 3) = values[i];
  }
};

template <> struct FieldConverter<MatrixX> {
  static constexpr FieldType type = FieldType::Matrix;
  static Json ToJson(const MatrixX& m) {
    Json rows = Json::array();
    for (Index i = 0; i < m.rows(); ++i) {
      Json row = Json::array();
      for (Index k = 0; k < m.cols(); ++k) row.push_back(m(i, k));
      rows.push_back(row);
    }
    return rows;
  }
  static void FromJson(const Json& j, MatrixX& m) { DynamicMatrixFromJson(j, m); }
};

// A list of rows (dense) or the sparse form: kept as given.
template <> struct FieldConverter<DenseOrSparseMatrix> {
  static constexpr FieldType type = FieldType::Matrix;
  static Json ToJson(const DenseOrSparseMatrix& m) {
    return m.IsSparse() ? SparseMatrixToJson(m) : FieldConverter<MatrixX>::ToJson(m.Dense());
  }
  static void FromJson(const Json& j, DenseOrSparseMatrix& m) {
    if (IsSparseMatrixJson(j)) {
      SparseMatrixFromJson(j, m);
    } else {
      MatrixX dense;
      DynamicMatrixFromJson(j, dense);
      m = dense;
    }
  }
};

void IndexFromJson(const Json& j, Index& v);  // an integer >= -1 (-1: invalid index)

template <ItemCategory c> struct FieldConverter<TypedIndex<c>> {
  static constexpr FieldType type = c == ItemCategory::Node     ? FieldType::NodeIndex
                                    : c == ItemCategory::Object ? FieldType::ObjectIndex
                                    : c == ItemCategory::Marker ? FieldType::MarkerIndex
                                    : c == ItemCategory::Load   ? FieldType::LoadIndex
                                                                : FieldType::SensorIndex;
  static Json ToJson(TypedIndex<c> v) { return v.value; }
  static void FromJson(const Json& j, TypedIndex<c>& v) { IndexFromJson(j, v.value); }
};
template <> struct FieldConverter<MarkerIndexPair> {
  static constexpr FieldType type = FieldType::MarkerIndexList;
  static Json ToJson(const MarkerIndexPair& v) { return Json::array({v[0].value, v[1].value}); }
  static void FromJson(const Json& j, MarkerIndexPair& v);
};
// -1 is accepted in a list, as for single indices, so that deleting an item can mark a reference to
// it; MainSystem::CheckReferences refuses it in a list, where no entry is optional.
void IndexListFromJson(const Json& j, ItemCategory category, std::vector<Index>& values);
// Any number of node, object or sensor indices (the nodes of a generic ODE1 object, the joints a
// module reads, the sensors a user-function sensor reads): one converter for all.
template <ItemCategory c> struct FieldConverter<std::vector<TypedIndex<c>>> {
  static_assert(c == ItemCategory::Node || c == ItemCategory::Object || c == ItemCategory::Sensor,
                "no FieldType for this index list");
  static constexpr FieldType type = c == ItemCategory::Node     ? FieldType::NodeIndexList
                                    : c == ItemCategory::Object ? FieldType::ObjectIndexList
                                                                : FieldType::SensorIndexList;
  static Json ToJson(const std::vector<TypedIndex<c>>& v) {
    Json array = Json::array();
    for (TypedIndex<c> i : v) array.push_back(i.value);
    return array;
  }
  static void FromJson(const Json& j, std::vector<TypedIndex<c>>& v) {
    std::vector<Index> values;
    IndexListFromJson(j, c, values);
    v.assign(values.size(), TypedIndex<c>{});
    for (size_t i = 0; i < values.size(); ++i) v[i].value = values[i];
  }
};

template <> struct FieldConverter<GraphicsDataList> {
  static constexpr FieldType type = FieldType::GraphicsDataList;
  static Json ToJson(const GraphicsDataList& v) { return v.items; }
  static void FromJson(const Json& j, GraphicsDataList& v) { v.items = NormalizeGraphicsDataList(j); }
};

template <> struct FieldConverter<Vector3List> {
  static constexpr FieldType type = FieldType::Vector3List;
  static Json ToJson(const Vector3List& v) {
    Json array = Json::array();
    for (const Vector3& x : v) array.push_back(Json::array({x(0), x(1), x(2)}));
    return array;
  }
  static void FromJson(const Json& j, Vector3List& v);
};
template <> struct FieldConverter<Matrix3List> {
  static constexpr FieldType type = FieldType::Matrix3List;
  static Json ToJson(const Matrix3List& v) {
    Json array = Json::array();
    for (const Matrix3& m : v) array.push_back(FieldConverter<Matrix3>::ToJson(m));
    return array;
  }
  static void FromJson(const Json& j, Matrix3List& v);
};
template <> struct FieldConverter<IntegerList> {
  static constexpr FieldType type = FieldType::IntegerList;
  static Json ToJson(const IntegerList& v) { return Json(v); }
  static void FromJson(const Json& j, IntegerList& v);
};

template <class V> constexpr int FieldRows() {
  if constexpr (std::is_same_v<V, Matrix3>)
    return 3;
  else if constexpr (std::is_same_v<V, Color4>)
    return 4;
  else if constexpr (std::is_same_v<V, MarkerIndexPair>)
    return 2;
  else if constexpr (std::is_same_v<V, NodeIndexList> || std::is_same_v<V, SensorIndexList> ||
                     std::is_same_v<V, ObjectIndexList> || std::is_same_v<V, MatrixX> ||
                     std::is_same_v<V, DenseOrSparseMatrix> || std::is_same_v<V, GraphicsDataList> ||
                     std::is_same_v<V, Vector3List> || std::is_same_v<V, Matrix3List> ||
                     std::is_same_v<V, IntegerList> || FieldConverter<V>::type == FieldType::JointTypeList)
    return -1;
  else if constexpr (FieldConverter<V>::type == FieldType::Vector)
    return V::RowsAtCompileTime;
  else
    return 1;
}

void CheckConstraint(const FieldDescriptor& field, double value);  // throws ValueError
void CheckVectorConstraint(const FieldDescriptor& field, bool isZero);  // throws ValueError

// ---- building a table ------------------------------------------------------------------

template <class Owner> class FieldTableBuilder {
 public:
  // A parameter that is a member of Owner (or of one of its bases).
  template <class V, class Class> FieldTableBuilder& Add(V Class::*member, const std::string& name,
                                                         const std::string& unit, const std::string& description) {
    static_assert(std::is_base_of_v<Class, Owner>, "the member must belong to the item or one of its bases");
    return AddAccessed<V>([member](Owner& o) -> V& { return o.*member; }, name, unit, description);
  }
  // A parameter reached through an accessor, e.g. a member of a nested visualization struct.
  template <class V, class Access> FieldTableBuilder& AddAccessed(Access access, const std::string& name,
                                                                  const std::string& unit,
                                                                  const std::string& description) {
    FieldDescriptor f;
    f.name = name;
    f.key = name;
    f.type = FieldConverter<V>::type;
    f.rows = FieldRows<V>();
    f.cols = std::is_same_v<V, Matrix3>                                             ? 3
             : std::is_same_v<V, MatrixX> || std::is_same_v<V, DenseOrSparseMatrix> ? -1
                                                                                    : 1;
    f.unit = unit;
    f.description = description;
    if (ReferencedCategory(f.type)) f.role = FieldRole::Structural;
    f.get = [access](const void* o) {
      return FieldConverter<V>::ToJson(access(*const_cast<Owner*>(static_cast<const Owner*>(o))));
    };
    f.set = [access](const FieldDescriptor& self, void* o, const Json& j) {
      V value{};
      FieldConverter<V>::FromJson(j, value);
      if constexpr (std::is_same_v<V, double> || std::is_same_v<V, float> || std::is_same_v<V, Index>)
        CheckConstraint(self, static_cast<double>(value));
      if constexpr (FieldConverter<V>::type == FieldType::Vector) CheckVectorConstraint(self, value.isZero(0.));
      access(*static_cast<Owner*>(o)) = value;
    };
    table_.fields.push_back(std::move(f));
    return *this;
  }
  // Exudyn's activeConnector of connectors and joints between two markers (TwoMarkerObject), with one
  // description for all.
  FieldTableBuilder& AddActiveConnector() {
    return Add(&Owner::activeConnector, "activeConnector", "",
               "flag, which determines, if the connector is active; used to deactivate (temporarily) a connector or "
               "constraint: an inactive connector applies no force, an inactive constraint's multipliers are 0");
  }
  FieldTableBuilder& AddUserFunction(ScriptFunctionPtr Owner::*member, const std::string& name,
                                     const std::string& signature, const std::string& description) {
    FieldDescriptor f;
    f.name = name;
    f.key = name;
    f.type = FieldType::UserFunction;
    f.description = description;
    f.userFunctionSignature = signature;
    f.getFunction = [member](const void* o) { return static_cast<const Owner*>(o)->*member; };
    f.setFunction = [member](void* o, ScriptFunctionPtr function) {
      static_cast<Owner*>(o)->*member = std::move(function);
    };
    table_.fields.push_back(std::move(f));
    return *this;
  }
  // A nested settings structure (e.g. timeIntegration.newton); Nested has its own Fields().
  template <class Nested>
  FieldTableBuilder& AddNested(Nested Owner::*member, const std::string& name, const std::string& description) {
    FieldDescriptor f;
    f.name = name;
    f.key = name;
    f.type = FieldType::Nested;
    f.description = description;
    f.nested = &Nested::Fields();
    f.nestedAccess = [member](void* o) -> void* { return &(static_cast<Owner*>(o)->*member); };
    table_.fields.push_back(std::move(f));
    return *this;
  }

  // show, drawSize and color of a BasicVisualization member, as visualization parameters.
  FieldTableBuilder& AddVisualization(BasicVisualization Owner::*member, const std::string& drawSizeMeaning) {
    return AddBasicVisualization([member](Owner& o) -> BasicVisualization& { return o.*member; }, drawSizeMeaning);
  }
  // A body's: show, drawSize, color, graphicsData and graphicsDataUserFunction (drawn in body
  // coordinates unless userGraphicsDescription says otherwise).
  FieldTableBuilder& AddVisualization(
      BodyVisualization Owner::*member, const std::string& drawSizeMeaning,
      const std::string& userGraphicsDescription =
          "graphics computed each time the body is drawn, in body coordinates: the viewer calls it at each "
          "graphics update and draws the list it returns (besides graphicsData)") {
    AddBasicVisualization([member](Owner& o) -> BasicVisualization& { return o.*member; }, drawSizeMeaning);
    AddAccessed<GraphicsDataList>(
        [member](Owner& o) -> GraphicsDataList& { return (o.*member).graphicsData; }, "graphicsData", "",
        "list of graphics dicts (exudyn.graphics / multidyn.graphics primitives) the body is "
        "drawn with, in body coordinates; the viewer (multidyn.viewer) draws the body with it instead "
        "of its default drawing; saved with the model")
        .Visualization();
    FieldDescriptor f;
    f.name = f.key = "graphicsDataUserFunction";
    f.type = FieldType::UserFunction;
    f.userFunctionSignature = "graphicsDataUserFunction(mbs, itemNumber) -> list of graphics dicts";
    f.description = userGraphicsDescription;
    f.getFunction = [member](const void* o) {
      return (static_cast<const Owner*>(o)->*member).graphicsDataUserFunction;
    };
    f.setFunction = [member](void* o, ScriptFunctionPtr function) {
      (static_cast<Owner*>(o)->*member).graphicsDataUserFunction = std::move(function);
    };
    table_.fields.push_back(std::move(f));
    return Visualization();
  }

  // Modifiers of the parameter added last.
  FieldTableBuilder& Structural() {
    return Last([](FieldDescriptor& f) { f.role = FieldRole::Structural; });
  }
  FieldTableBuilder& NonNegative() {
    return Last([](FieldDescriptor& f) { f.constraint = FieldConstraint::NonNegative; });
  }
  FieldTableBuilder& Positive() {
    return Last([](FieldDescriptor& f) { f.constraint = FieldConstraint::Positive; });
  }
  // A direction (axis, normal) given as a vector: any length but zero.
  FieldTableBuilder& NonZero() {
    return Last([](FieldDescriptor& f) { f.constraint = FieldConstraint::NonZero; });
  }
  // An integer level that scripts also set to True/False (verboseMode = useGraphics, as Exudyn takes it): 1/0.
  FieldTableBuilder& LevelAcceptsBool() {
    return Last([](FieldDescriptor& f) {
      f.set = [set = f.set](const FieldDescriptor& field, void* owner, const Json& value) {
        set(field, owner, value.is_boolean() ? Json(value.get<bool>() ? 1 : 0) : value);
      };
    });
  }
  FieldTableBuilder& Alias(const std::string& alias) {
    return Last([&](FieldDescriptor& f) { f.aliases.push_back(alias); });
  }
  FieldTableBuilder& Visualization() {
    return Last([](FieldDescriptor& f) {
      f.group = "visualization";
      f.key = "V" + f.name;
    });
  }
  FieldTableBuilder& Deprecated(const std::string& whatInstead) {
    return Last([&](FieldDescriptor& f) { f.deprecation = whatInstead; });
  }
  // The value, other than the default, that tests setting every parameter of the item give this
  // one (saving and loading, dictionaries), as JSON text; declared where the rule the tests apply
  // to the field's type would not be valid here (a range, a shape that other fields fix). For an
  // index field it describes the item to add and refer to: {"type": "NodePoint", ...its fields}
  // (a list of such for an index list); that item gets its own declared test values too.
  FieldTableBuilder& TestValue(const std::string& jsonText) {
    return Last([&](FieldDescriptor& f) { f.testValue = Json::parse(jsonText); });
  }
  // The field stays at its default in those tests, for `reason`.
  FieldTableBuilder& KeepsDefaultInTests(const std::string& reason) {
    return Last([&](FieldDescriptor& f) { f.testValue = Json{{"keepsDefault", reason}}; });
  }

  // Defaults are read from a default-constructed Owner: the member initializers are the
  // one place that states them.
  FieldTable Build() {
    const Owner prototype{};
    for (auto& f : table_.fields)
      if (f.get) f.defaultValue = f.get(&prototype);
    return std::move(table_);
  }

 private:
  template <class Access>
  FieldTableBuilder& AddBasicVisualization(Access visualization, const std::string& drawSizeMeaning) {
    AddAccessed<bool>([visualization](Owner& o) -> bool& { return visualization(o).show; }, "show", "",
                      "set true, if item is shown in visualization and false if it is not shown")
        .Visualization();
    AddAccessed<float>([visualization](Owner& o) -> float& { return visualization(o).drawSize; }, "drawSize", "m",
                       drawSizeMeaning + "; -1: default size")
        .Visualization();
    AddAccessed<Color4>([visualization](Owner& o) -> Color4& { return visualization(o).color; }, "color", "",
                        "RGBA color; R = -1: default color")
        .Visualization();
    return *this;
  }
  template <class Change> FieldTableBuilder& Last(Change change) {
    change(table_.fields.back());
    return *this;
  }
  FieldTable table_;
};

}  // namespace multidyn
