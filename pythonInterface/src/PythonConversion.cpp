#include "PythonConversion.h"

#include <pybind11/numpy.h>

#include "core/foundation/Errors.h"
#include "core/items/FieldTable.h"

namespace py = pybind11;

namespace multidyn {

std::string ReprForMessage(const py::handle& value) {
  try {
    std::string text = py::str(py::repr(value)).cast<std::string>();
    if (text.size() > 120) text = text.substr(0, 100) + "... (" + std::to_string(text.size()) + " characters)";
    return text;
  } catch (const std::exception&) {
    PyErr_Clear();
    return "a " + std::string(Py_TYPE(value.ptr())->tp_name);
  }
}

std::string TextFromPython(const py::handle& value, const std::string& what) {
  const std::string prefix = what.empty() ? std::string() : what + ": ";
  if (!py::isinstance<py::str>(value)) throw TypeError(prefix + "expected a string, got " + ReprForMessage(value));
  Py_ssize_t size = 0;
  const char* text = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
  if (!text) {
    PyErr_Clear();
    throw ValueError(prefix + "the string " + ReprForMessage(value) +
                     " is not valid text (it holds a lone surrogate character)");
  }
  return std::string(text, static_cast<size_t>(size));
}

namespace {
Json IntegerToJson(const py::handle& value) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow == 0 && !(v == -1 && PyErr_Occurred())) return Json(v);
  PyErr_Clear();
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(value.ptr());
    if (!PyErr_Occurred()) return Json(u);
    PyErr_Clear();
  }
  const double d = PyLong_AsDouble(value.ptr());  // beyond 64 bits: the real number it is
  if (d == -1. && PyErr_Occurred()) {
    PyErr_Clear();
    throw ValueError("the integer " + ReprForMessage(value) + " is too large for a number (larger than 1.8e308)");
  }
  return Json(d);
}

Json ToJson(const py::handle& value, int depth) {
  if (depth > maximumNesting)
    throw ValueError("the value is nested more than " + std::to_string(maximumNesting) + " levels deep");
  if (value.is_none()) return Json(nullptr);
  // The exact built-in types first, by their C checks: a failed hasattr below raises and clears an
  // AttributeError, which cost more than the rest of adding an item.
  PyObject* object = value.ptr();
  if (PyFloat_CheckExact(object)) return Json(PyFloat_AS_DOUBLE(object));
  if (PyList_CheckExact(object) || PyTuple_CheckExact(object)) {
    const bool isList = PyList_CheckExact(object);
    // the size is read again at every element: a conversion that calls Python (__float__) may change a list
    const auto size = [&] { return isList ? PyList_GET_SIZE(object) : PyTuple_GET_SIZE(object); };
    Json array = Json::array();
    array.get_ref<Json::array_t&>().reserve(size_t(size()));
    for (Py_ssize_t i = 0; i < size(); ++i) {
      const py::object item =
          py::reinterpret_borrow<py::object>(isList ? PyList_GET_ITEM(object, i) : PyTuple_GET_ITEM(object, i));
      array.push_back(ToJson(item, depth + 1));
    }
    return array;
  }
  if (PyLong_CheckExact(object)) return IntegerToJson(value);
  if (py::isinstance<py::bool_>(value)) return Json(value.cast<bool>());
  if (py::isinstance<py::int_>(value)) return IntegerToJson(value);
  if (py::isinstance<py::float_>(value)) return Json(PyFloat_AsDouble(value.ptr()));
  if (py::isinstance<py::str>(value)) return Json(TextFromPython(value, ""));
  if (py::hasattr(value, "name") && py::hasattr(value, "__members__")) {
    return Json(TextFromPython(py::str(value.attr("name")), ""));  // enum value -> its name
  }
  if (py::isinstance<py::array>(value)) return ToJson(value.attr("tolist")(), depth);
  if (py::isinstance<py::dict>(value)) {
    Json object = Json::object();
    for (auto item : py::reinterpret_borrow<py::dict>(value))
      object[TextFromPython(py::str(item.first), "a dict key")] = ToJson(item.second, depth + 1);
    return object;
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    Json array = Json::array();
    for (auto item : value) array.push_back(ToJson(item, depth + 1));
    return array;
  }
  // an exu.MatrixContainer (e.g. ObjectGenericODE2's massMatrix, as Exudyn accepts) by its dense
  // matrix, or, stored sparse, by the sparse form (FieldTable.h: SparseMatrixFromJson)
  if (py::hasattr(value, "_SparseTriplets") && py::hasattr(value, "Convert2DenseMatrix"))
    return ToJson(
        value.attr("UseDenseMatrix")().cast<bool>() ? value.attr("Convert2DenseMatrix")() : value.attr("_SparseForm")(),
        depth + 1);
  // parameter objects (e.g. ExponentialSpringParameters) by their dict form
  if (py::hasattr(value, "_ParameterSetDict")) return ToJson(value.attr("_ParameterSetDict")(), depth + 1);
  // numpy scalars and other number-like objects
  if (py::hasattr(value, "__index__")) {
    const py::object index = value.attr("__index__")();
    if (py::isinstance<py::int_>(index)) return IntegerToJson(index);
  }
  if (py::hasattr(value, "__float__")) {
    const py::object real = value.attr("__float__")();
    if (py::isinstance<py::float_>(real)) return Json(PyFloat_AsDouble(real.ptr()));
  }
  throw TypeError("expected a number, bool, string or list, got " + ReprForMessage(value) + " (a " +
                  std::string(Py_TYPE(value.ptr())->tp_name) + ")");
}
}  // namespace

Json PythonToJson(const py::handle& value) { return ToJson(value, 0); }

Json PythonToJson(const py::handle& value, const std::string& where) {
  try {
    return ToJson(value, 0);
  } catch (const TypeError& e) {
    throw TypeError(where + ": " + e.what());
  } catch (const ValueError& e) {
    throw ValueError(where + ": " + e.what());
  }
}

std::vector<double> VectorFromPython(const py::handle& value, int size, const std::string& where) {
  std::vector<double> values;
  try {
    VectorFromJson(ToJson(value, 0), size, values);
  } catch (const TypeError& e) {
    throw TypeError(where + ": " + e.what());
  } catch (const ValueError& e) {
    throw ValueError(where + ": " + e.what());
  }
  return values;
}

py::object JsonToPython(const Json& value) {
  if (value.is_null()) return py::none();
  if (value.is_boolean()) return py::bool_(value.get<bool>());
  if (value.is_number_unsigned()) return py::int_(value.get<unsigned long long>());
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

py::object MatrixToPython(const MatrixX& matrix) {
  py::array_t<double> array({matrix.rows(), matrix.cols()});
  auto view = array.mutable_unchecked<2>();
  for (Index i = 0; i < matrix.rows(); ++i)
    for (Index j = 0; j < matrix.cols(); ++j) view(i, j) = matrix(i, j);
  return std::move(array);
}

}  // namespace multidyn
