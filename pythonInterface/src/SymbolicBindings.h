// The compiled part of exu.symbolic (multidyn/symbolic.py builds Real, Vector and Matrix on it):
// expression nodes, named variables and the symbolic user function, and the conversion of a Python
// value given as a user function into the ScriptFunction an item holds.
#pragma once

#include <pybind11/pybind11.h>

#include "core/foundation/ScriptFunction.h"

namespace multidyn {

// adds the submodule _multidyn._symbolic (Node, Variable, UserFunction)
void RegisterSymbolicBindings(pybind11::module_& m);

// A symbolic.UserFunction gives its compiled function (ValueError if it has none yet); any other
// callable is wrapped in a PythonScriptFunction.
ScriptFunctionPtr ScriptFunctionFromPython(const pybind11::object& function);
// What a script reads back for an item's function: the Python callable, a symbolic.UserFunction,
// or 0 if there is none.
pybind11::object ScriptFunctionToPython(const ScriptFunctionPtr& function);

}  // namespace multidyn
