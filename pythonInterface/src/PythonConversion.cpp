#include "PythonConversion.h"

#include <pybind11/numpy.h>

#include "core/Errors.h"

namespace py = pybind11;

namespace multidyn {

Json PythonToJson(const py::handle& value) {
  if (value.is_none()) return Json(nullptr);
  if (py::isinstance<py::bool_>(value)) return Json(value.cast<bool>());
  if (py::isinstance<py::int_>(value)) return Json(value.cast<long long>());
  if (py::isinstance<py::float_>(value)) return Json(value.cast<double>());
  if (py::isinstance<py::str>(value)) return Json(value.cast<std::string>());
  if (py::hasattr(value, "name") && py::hasattr(value, "__members__")) {
    return Json(py::str(value.attr("name")).cast<std::string>());  // enum value -> its name
  }
  if (py::isinstance<py::array>(value)) return PythonToJson(value.attr("tolist")());
  if (py::isinstance<py::dict>(value)) {
    Json object = Json::object();
    for (auto item : py::reinterpret_borrow<py::dict>(value)) object[py::str(item.first).cast<std::string>()] = PythonToJson(item.second);
    return object;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json array = Json::array();
    for (auto item : value) array.push_back(PythonToJson(item));
    return array;
  }
  // numpy scalars and other number-like objects
  if (py::hasattr(value, "__index__")) return Json(value.attr("__index__")().cast<long long>());
  if (py::hasattr(value, "__float__")) return Json(value.attr("__float__")().cast<double>());
  throw TypeError("expected a number, bool, string or list, got a " +
                  py::str(value.get_type().attr("__name__")).cast<std::string>());
}

py::object JsonToPython(const Json& value) {
  if (value.is_null()) return py::none();
  if (value.is_boolean()) return py::bool_(value.get<bool>());
  if (value.is_number_integer()) return py::int_(value.get<long long>());
  if (value.is_number()) return py::float_(value.get<double>());
  if (value.is_string()) return py::str(value.get<std::string>());
  if (value.is_array()) {
    py::list list;
    for (const auto& item : value) list.append(JsonToPython(item));
    return std::move(list);
  }
  py::dict dict;
  for (auto it = value.begin(); it != value.end(); ++it) dict[py::str(it.key())] = JsonToPython(it.value());
  return std::move(dict);
}

py::object VectorToPython(const VectorX& vector) {
  py::array_t<double> array(vector.size());
  auto view = array.mutable_unchecked<1>();
  for (Index i = 0; i < vector.size(); ++i) view(i) = vector(i);
  return std::move(array);
}

}  // namespace multidyn
