#include "SymbolicBindings.h"

#include <pybind11/stl.h>

#include "PythonConversion.h"
#include "PythonScriptFunction.h"
#include "core/foundation/Errors.h"
#include "core/symbolic/SymbolicScriptFunction.h"

namespace py = pybind11;

namespace multidyn {

namespace {

using Kind = SymbolicScriptFunction::ArgumentKind;

// The Python object of a symbolic user function: its compiled function, replaced as a whole by
// SetUserFunction (items keep the function they were given).
struct SymbolicUserFunctionHandle {
  std::shared_ptr<const SymbolicScriptFunction> function;
};

Kind KindFromName(const std::string& name, const std::string& where) {
  if (name == "System") return Kind::System;
  if (name == "Real") return Kind::Scalar;
  if (name == "Vector") return Kind::Vector;
  if (name == "Matrix") return Kind::Matrix;
  throw ValueError(where + ": unknown kind '" + name + "' (System, Real, Vector or Matrix)");
}

const SymbolicScriptFunction& FunctionOf(const SymbolicUserFunctionHandle& handle) {
  if (!handle.function)
    throw ValueError(
        "symbolic.UserFunction has no function yet: create it with CreateSymbolicUserFunction(mbs, "
        "function, userFunctionName, itemIndex)");
  return *handle.function;
}

// Evaluate(mbs, t, ...) from Python: each argument as the function was recorded with.
py::object EvaluateFromPython(const SymbolicUserFunctionHandle& handle, const py::args& values) {
  const SymbolicScriptFunction& function = FunctionOf(handle);
  const auto& arguments = function.Arguments();
  if (values.size() != arguments.size()) {
    std::string names;
    for (const auto& a : arguments) names += (names.empty() ? "" : ", ") + a.name;
    throw TypeError(function.Description() + ".Evaluate: " + std::to_string(arguments.size()) + " arguments (" + names +
                    ") expected, " + std::to_string(values.size()) + " given");
  }
  std::vector<ScriptArgument> converted;
  for (std::size_t k = 0; k < arguments.size(); ++k) {
    const auto& a = arguments[k];
    const std::string where = function.Description() + ".Evaluate: argument '" + a.name + "'";
    switch (a.kind) {
      case Kind::System: converted.emplace_back(static_cast<const SystemView*>(nullptr)); break;
      case Kind::Scalar: converted.emplace_back(VectorFromPython(py::make_tuple(values[k]), 1, where)[0]); break;
      case Kind::Vector: {
        const std::vector<double> v = VectorFromPython(values[k], -1, where);
        converted.emplace_back(VectorX(Eigen::Map<const VectorX>(v.data(), Index(v.size()))));
        break;
      }
      case Kind::Matrix: {
        const py::list rows = py::list(values[k]);
        MatrixX m(Index(rows.size()), rows.size() ? Index(py::len(rows[0])) : 0);
        for (Index i = 0; i < m.rows(); ++i) {
          const std::vector<double> row =
              VectorFromPython(rows[i], Index(m.cols()), where + " row " + std::to_string(i));
          for (Index j = 0; j < m.cols(); ++j) m(i, j) = row[j];
        }
        converted.emplace_back(std::move(m));
        break;
      }
    }
  }
  try {
    const std::vector<double> value = function.EvaluateList(converted);
    switch (function.ResultKind()) {
      case Kind::Scalar: return py::float_(value[0]);
      case Kind::Matrix: {
        MatrixX m(function.ResultRows(), function.ResultColumns());
        for (Index i = 0; i < m.rows(); ++i)
          for (Index j = 0; j < m.cols(); ++j) m(i, j) = value[i * m.cols() + j];
        return MatrixToPython(m);
      }
      default: return VectorToPython(Eigen::Map<const VectorX>(value.data(), Index(value.size())));
    }
  } catch (const UserFunctionError& e) {
    throw ValueError(function.Description() + ".Evaluate: " + e.what());
  }
}

}  // namespace

ScriptFunctionPtr ScriptFunctionFromPython(const py::object& function) {
  if (py::isinstance<SymbolicUserFunctionHandle>(function)) {
    const auto& handle = function.cast<const SymbolicUserFunctionHandle&>();
    FunctionOf(handle);
    return handle.function;
  }
  return std::make_shared<PythonScriptFunction>(function);
}

py::object ScriptFunctionToPython(const ScriptFunctionPtr& function) {
  if (auto python = std::dynamic_pointer_cast<const PythonScriptFunction>(function)) return python->Callable();
  if (auto symbolic = std::dynamic_pointer_cast<const SymbolicScriptFunction>(function)) {
    py::object handle = py::module_::import("multidyn.symbolic").attr("UserFunction")();
    handle.cast<SymbolicUserFunctionHandle&>().function = symbolic;
    return handle;
  }
  return py::int_(0);
}

void RegisterSymbolicBindings(py::module_& m) {
  py::module_ s = m.def_submodule("_symbolic", "compiled part of multidyn.symbolic");
  using NodeHolder = std::shared_ptr<SymbolicNode>;
  auto mutableNode = [](const SymbolicNodePtr& node) { return std::const_pointer_cast<SymbolicNode>(node); };

  py::class_<SymbolicVariable, std::shared_ptr<SymbolicVariable>>(s, "Variable")
      .def(py::init<std::string, double>(), py::arg("name"), py::arg("value"))
      .def_property_readonly("name", &SymbolicVariable::Name)
      .def_property("value", &SymbolicVariable::Value, &SymbolicVariable::SetValue);

  py::class_<SymbolicNode, NodeHolder>(s, "Node")
      .def_static("Constant", [=](double value) { return mutableNode(SymbolicNode::Constant(value)); })
      .def_static("Variable",
                  [=](std::shared_ptr<SymbolicVariable> variable) {
                    return mutableNode(SymbolicNode::Variable(std::move(variable)));
                  })
      .def_static(
          "Operation",
          [=](const std::string& name, NodeHolder a, NodeHolder b, NodeHolder c) {
            return mutableNode(SymbolicNode::Operation(SymbolicOperationFromName(name), a, b, c));
          },
          py::arg("name"), py::arg("a"), py::arg("b") = nullptr, py::arg("c") = nullptr)
      .def("IsConstant", &SymbolicNode::IsConstant)
      .def("IsVariable", [](const SymbolicNode& n) { return n.Kind() == SymbolicOperation::Variable; })
      .def_property_readonly("constantValue", &SymbolicNode::ConstantValue)
      .def_property_readonly("variable", [](const SymbolicNode& n) { return n.VariableCell(); })
      .def("Evaluate", &SymbolicNode::Evaluate)
      .def("Diff",
           [](const NodeHolder& self, const std::shared_ptr<SymbolicVariable>& variable) {
             // one evaluation of the expression's tape on ADScalar16, seeded in the variable
             const SymbolicTape tape({variable}, {self});
             ADScalar16 input(variable->Value()), output;
             input.derivatives()(0) = 1.;
             tape.Evaluate<ADScalar16>(&input, &output);
             return output.derivatives()(0);
           })
      .def("__str__", &SymbolicNode::ToString);

  py::class_<SymbolicUserFunctionHandle, std::shared_ptr<SymbolicUserFunctionHandle>>(s, "UserFunction",
                                                                                      py::dynamic_attr())
      .def(py::init<>())
      .def(
          "_Compile",
          [](SymbolicUserFunctionHandle& self, const std::string& functionName, const py::list& arguments,
             const std::string& resultKind, Index rows, Index columns, const std::vector<NodeHolder>& result) {
            std::vector<SymbolicScriptFunction::Argument> converted;
            for (const py::handle a : arguments) {
              const py::tuple t = a.cast<py::tuple>();
              SymbolicScriptFunction::Argument argument;
              argument.name = t[0].cast<std::string>();
              argument.kind = KindFromName(t[1].cast<std::string>(), "argument '" + argument.name + "'");
              argument.rows = t[2].cast<Index>();
              argument.columns = t[3].cast<Index>();
              argument.components = t[4].cast<std::vector<std::shared_ptr<SymbolicVariable>>>();
              converted.push_back(std::move(argument));
            }
            const std::vector<SymbolicNodePtr> nodes(result.begin(), result.end());
            self.function = std::make_shared<SymbolicScriptFunction>(
                functionName, std::move(converted), KindFromName(resultKind, "result"), rows, columns, nodes);
          },
          py::arg("functionName"), py::arg("arguments"), py::arg("resultKind"), py::arg("rows"), py::arg("columns"),
          py::arg("result"))
      .def("_IsSet", [](const SymbolicUserFunctionHandle& self) { return bool(self.function); })
      .def("_ArgumentNames",
           [](const SymbolicUserFunctionHandle& self) {
             std::vector<std::string> names;
             for (const auto& a : FunctionOf(self).Arguments()) names.push_back(a.name);
             return names;
           })
      .def("Evaluate", &EvaluateFromPython)
      .def("__call__", &EvaluateFromPython)
      .def("__str__", [](const SymbolicUserFunctionHandle& self) {
        return self.function ? self.function->ToString() : std::string("<symbolic.UserFunction without function>");
      });
}

}  // namespace multidyn
