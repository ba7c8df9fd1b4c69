#include "PythonScriptFunction.h"

#include <array>
#include <cmath>
#include <string>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "PythonConversion.h"
#include "core/foundation/Errors.h"
#include "core/foundation/ScriptDerivativeRequest.h"
#include "core/model/MainSystem.h"

namespace py = pybind11;

namespace multidyn {

PythonScriptFunction::PythonScriptFunction(py::object callable) : callable_(std::move(callable)) {}

PythonScriptFunction::~PythonScriptFunction() {
  py::gil_scoped_acquire gil;
  callable_ = py::object();
  cachedSystemObject_ = py::object();
}

std::string PythonScriptFunction::Description() const {
  py::gil_scoped_acquire gil;
  if (py::hasattr(callable_, "__name__"))
    return "Python function " + py::str(callable_.attr("__name__")).cast<std::string>();
  return "Python callable";
}

py::object PythonScriptFunction::SystemObject(const SystemView* system) const {
  // The Python wrapper registered for this MainSystem (mbs), not a copy. Looking it up through
  // pybind11 hashes type names on every call; the weak reference costs nothing and keeps no
  // cycle (system -> item -> function -> wrapper) alive. A dead reference means the wrapper was
  // collected: a new one is registered on the next cast.
  if (system == cachedSystem_ && cachedSystemObject_) {
    PyObject* alive = PyWeakref_GetObject(cachedSystemObject_.ptr());
    if (alive && alive != Py_None) return py::reinterpret_borrow<py::object>(alive);
  }
  // Items hold the system as their read-only view; the Python object is the MainSystem behind it.
  const MainSystem* mainSystem = dynamic_cast<const MainSystem*>(system);
  if (!mainSystem) throw UserFunctionError("a user function's system argument is not a MainSystem");
  py::object wrapper = py::cast(const_cast<MainSystem*>(mainSystem), py::return_value_policy::reference);
  cachedSystemObject_ = py::reinterpret_steal<py::object>(PyWeakref_NewRef(wrapper.ptr(), nullptr));
  if (!cachedSystemObject_) PyErr_Clear();  // not weakly referencable: no cache
  cachedSystem_ = system;
  return wrapper;
}

namespace {
// The new references of a call's arguments, released when the call is over (also when building
// an argument throws): plain pointers, so that a call with few arguments touches only those.
struct ArgumentReferences {
  // PyObject_Vectorcall may use stack[-1]: one slot in front (PY_VECTORCALL_ARGUMENTS_OFFSET).
  std::array<PyObject*, 17> slots;
  size_t count = 0;
  PyObject** Arguments() { return slots.data() + 1; }
  void Add(py::object argument) { slots[1 + count++] = argument.release().ptr(); }
  ~ArgumentReferences() {
    for (size_t i = 1; i <= count; ++i) Py_XDECREF(slots[i]);
  }
};
}  // namespace

namespace {
std::string UserErrorText(py::error_already_set& e, const py::module_& compiled) {
  // The exception keeps its traceback, which holds the user's frames only (the function was called
  // from C++); the Python side (multidyn.api.userFunctionErrors) raises the UserFunctionError from
  // it, so that Python prints the user's frames first and none of multidyn's between them. The text
  // names the exception and the user's innermost line, without pybind11's list of the whole stack.
  try {
    py::object value = e.value();
    if (e.trace()) PyException_SetTraceback(value.ptr(), e.trace().ptr());
    compiled.attr("_lastUserFunctionException") = value;
    std::string text =
        py::str(e.type().attr("__name__")).cast<std::string>() + ": " + py::str(value).cast<std::string>();
    if (e.trace()) {
      const py::object innermost = py::module_::import("traceback").attr("extract_tb")(e.trace())[py::int_(-1)];
      text += " (" + py::str(innermost.attr("filename")).cast<std::string>() + ", line " +
              py::str(innermost.attr("lineno")).cast<std::string>() + ", in " +
              py::str(innermost.attr("name")).cast<std::string>() + ")";
    }
    return text;
  } catch (py::error_already_set&) {  // an exception whose str() raises: pybind11's text
    return e.what();
  }
}
}  // namespace

py::object PythonScriptFunction::Call(ScriptArguments arguments) const {
  // Called in every evaluation: the arguments go to a vectorcall directly, without a tuple, from
  // a fixed array on the stack.
  static_assert(maximumArguments + 1 == std::tuple_size_v<decltype(ArgumentReferences::slots)>);
  if (arguments.size() > maximumArguments)
    throw UserFunctionError("called with " + std::to_string(arguments.size()) + " arguments; at most " +
                            std::to_string(maximumArguments) + " are supported");
  // An item's request for exact derivatives is not this function's to answer, nor that of any
  // function it calls in turn (e.g. another item's, through mbs): the item differentiates numerically.
  ScriptDerivativeRequest::Scope noDerivativeRequest(nullptr);
  ArgumentReferences references;
  for (const ScriptArgument& a : arguments) {
    PyObject* scalar = nullptr;  // the common arguments, built without pybind11's casters
    if (const double* value = std::get_if<double>(&a)) {
      scalar = PyFloat_FromDouble(*value);
    } else if (const Index* value = std::get_if<Index>(&a)) {
      scalar = PyLong_FromLong(*value);
    } else if (const SystemView* const* system = std::get_if<const SystemView*>(&a)) {
      references.Add(SystemObject(*system));
      continue;
    } else if (const bool* value = std::get_if<bool>(&a)) {
      scalar = PyBool_FromLong(*value);
    } else if (const Vector3* v = std::get_if<Vector3>(&a)) {
      references.Add(py::cast(std::vector<double>{(*v)(0), (*v)(1), (*v)(2)}));
      continue;
    } else if (const VectorX* v = std::get_if<VectorX>(&a)) {
      references.Add(VectorToPython(*v));
      continue;
    } else if (const MatrixX* m = std::get_if<MatrixX>(&a)) {
      references.Add(MatrixToPython(*m));
      continue;
    } else if (const IndexList* list = std::get_if<IndexList>(&a)) {
      references.Add(py::cast(*list));
      continue;
    } else {
      references.Add(py::cast(std::get<ConfigurationType>(a)));
      continue;
    }
    if (!scalar) throw py::error_already_set();
    references.slots[1 + references.count++] = scalar;
  }
  try {
    PyObject* result = PyObject_Vectorcall(callable_.ptr(), references.Arguments(),
                                           references.count | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(result);
  } catch (py::error_already_set& e) {
    // KeyboardInterrupt (Ctrl-C: Python runs the signal handler in the function) and SystemExit
    // are no errors of the function: they stop the solve as themselves.
    if (!e.matches(PyExc_Exception)) throw;
    const py::module_ compiled = py::module_::import("multidyn._multidyn");
    if (e.matches(compiled.attr("SolveInProgressError")))
      throw SolveInProgressError(py::str(e.value()).cast<std::string>());
    throw UserFunctionError(UserErrorText(e, compiled));
  }
}

namespace {
std::string NumberText(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return py::str(py::float_(value)).cast<std::string>();
}

}  // namespace

double PythonScriptFunction::CallReal(ScriptArguments arguments) const {
  py::gil_scoped_acquire gil;
  const py::object result = Call(arguments);
  double value;
  if (PyFloat_Check(result.ptr())) {  // float and numpy.float64, the usual results, without a caster
    value = PyFloat_AS_DOUBLE(result.ptr());
  } else {
    try {
      if (py::isinstance<py::bool_>(result)) throw py::cast_error();
      value = result.cast<double>();
    } catch (const py::cast_error&) {
      throw UserFunctionError("returned " + ReprForMessage(result) + "; expected a real number");
    }
  }
  if (!std::isfinite(value)) throw UserFunctionError("returned " + NumberText(value) + "; expected a finite number");
  return value;
}

namespace {
// The numbers of a flat list or tuple of Python floats and ints, or of a contiguous 1-D float64
// array, read without numpy calls: the common results of user functions, in every evaluation.
bool ReadFlatNumbers(const py::object& result, std::vector<double>& values) {
  values.clear();
  if (PyList_CheckExact(result.ptr()) || PyTuple_CheckExact(result.ptr())) {
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(result.ptr());
    PyObject** items = PySequence_Fast_ITEMS(result.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) {
      if (PyFloat_CheckExact(items[i])) {
        values.push_back(PyFloat_AS_DOUBLE(items[i]));
      } else if (PyLong_CheckExact(items[i])) {
        const double value = PyLong_AsDouble(items[i]);
        if (value == -1. && PyErr_Occurred()) {
          PyErr_Clear();
          return false;
        }  // too large: numpy's message
        values.push_back(value);
      } else {
        return false;
      }
    }
    return true;
  }
  if (py::isinstance<py::array_t<double>>(result)) {
    const auto array = py::reinterpret_borrow<py::array_t<double>>(result);
    if (array.ndim() != 1 || array.strides(0) != sizeof(double)) return false;
    values.assign(array.data(), array.data() + array.size());
    return true;
  }
  return false;
}
}  // namespace

VectorX PythonScriptFunction::CallVector(ScriptArguments arguments, Index expectedSize) const {
  py::gil_scoped_acquire gil;
  const py::object result = Call(arguments);
  thread_local std::vector<double> values;
  if (!ReadFlatNumbers(result, values)) {  // anything else numpy turns into numbers, flattened
    try {
      values = py::module_::import("numpy")
                   .attr("asarray")(result, "float")
                   .attr("ravel")()
                   .attr("tolist")()
                   .cast<std::vector<double>>();
    } catch (const std::exception&) {
      throw UserFunctionError("returned " + ReprForMessage(result) + "; expected a list of " +
                              (expectedSize < 0 ? std::string("") : std::to_string(expectedSize) + " ") +
                              "real numbers");
    }
  }
  if (expectedSize < 0) expectedSize = static_cast<Index>(values.size());
  if (static_cast<Index>(values.size()) != expectedSize)
    throw UserFunctionError("returned " + std::to_string(values.size()) + " values; expected " +
                            std::to_string(expectedSize));
  VectorX vector(expectedSize);
  for (Index i = 0; i < expectedSize; ++i) {
    if (!std::isfinite(values[i]))
      throw UserFunctionError("returned " + NumberText(values[i]) + " as value " + std::to_string(i) +
                              "; expected finite numbers");
    vector(i) = values[i];
  }
  return vector;
}

MatrixX PythonScriptFunction::CallMatrix(ScriptArguments arguments, Index rows, Index cols) const {
  py::gil_scoped_acquire gil;
  py::object result = Call(arguments);
  // an exu.MatrixContainer (Exudyn's jacobianUserFunction may return one) by its dense matrix
  if (py::hasattr(result, "_SparseTriplets") && py::hasattr(result, "Convert2DenseMatrix"))
    result = result.attr("Convert2DenseMatrix")();
  const std::string expected = "expected a " + std::to_string(rows) + "x" + std::to_string(cols) +
                               " matrix (a 2-D numpy array, a list of " + std::to_string(rows) +
                               " rows or an exu.MatrixContainer)";
  using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;
  Array array;
  try {
    array = Array::ensure(py::module_::import("numpy").attr("asarray")(result, "float"));
  } catch (const std::exception&) {
  }
  if (!array) throw UserFunctionError("returned " + ReprForMessage(result) + "; " + expected);
  if (array.ndim() != 2 || array.shape(0) != rows || array.shape(1) != cols) {
    std::string shape;
    for (py::ssize_t i = 0; i < array.ndim(); ++i) shape += (i ? "x" : "") + std::to_string(array.shape(i));
    throw UserFunctionError("returned an array of shape " + (array.ndim() == 0 ? std::string("()") : shape) + "; " +
                            expected);
  }
  MatrixX matrix(rows, cols);
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < cols; ++j) {
      const double value = array.at(i, j);
      if (!std::isfinite(value))
        throw UserFunctionError("returned " + NumberText(value) + " as entry (" + std::to_string(i) + ", " +
                                std::to_string(j) + "); expected finite numbers");
      matrix(i, j) = value;
    }
  return matrix;
}

}  // namespace multidyn

namespace multidyn {

bool PythonScriptFunction::CallBool(ScriptArguments arguments) const {
  py::gil_scoped_acquire gil;
  const py::object result = Call(arguments);
  if (!py::isinstance<py::bool_>(result) && !(py::isinstance(result, py::module_::import("numpy").attr("bool_"))))
    throw UserFunctionError("returned " + ReprForMessage(result) +
                            "; expected True (continue) or False (stop the simulation)");
  return result.cast<bool>();
}

void PythonScriptFunction::CallIgnoringResult(ScriptArguments arguments) const {
  py::gil_scoped_acquire gil;
  Call(arguments);
}

void PythonScriptFunction::CallSparseMatrix(ScriptArguments arguments,
                                            std::vector<Eigen::Triplet<double>>& entries) const {
  py::gil_scoped_acquire gil;
  const py::object result = Call(arguments);
  const py::object containerType = py::module_::import("multidyn.api.matrixContainer").attr("MatrixContainer");
  if (!py::isinstance(result, containerType))
    throw UserFunctionError("returned " + ReprForMessage(result) +
                            "; expected an exu.MatrixContainer, e.g. mc = exu.MatrixContainer(); "
                            "mc.SetWithSparseMatrix([[row, column, value], ...], numberOfRows, numberOfColumns)");
  // The container checked its entries when they were set; checked again here, as a script may
  // have changed its internals.
  using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;
  const Array triplets = Array::ensure(result.attr("_SparseTriplets")()[py::int_(0)]);
  if (!triplets || triplets.ndim() != 2 || (triplets.shape(0) > 0 && triplets.shape(1) != 3))
    throw UserFunctionError("returned a MatrixContainer whose triplets are not an n x 3 array");
  const double* t = triplets.data();
  for (py::ssize_t k = 0; k < triplets.shape(0); ++k, t += 3) {
    if (!(t[0] >= 0. && t[1] >= 0. && t[0] == std::floor(t[0]) && t[1] == std::floor(t[1]) && t[0] < 2e9 &&
          t[1] < 2e9 && std::isfinite(t[2])))
      throw UserFunctionError("returned a MatrixContainer with the entry [" + NumberText(t[0]) + ", " +
                              NumberText(t[1]) + ", " + NumberText(t[2]) +
                              "]; expected integer row and column >= 0 and a finite value");
    entries.emplace_back(Index(t[0]), Index(t[1]), t[2]);
  }
}

}  // namespace multidyn
