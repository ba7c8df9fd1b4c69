// Conversion between Python values and JSON, the one interchange form of parameters.
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "core/foundation/Json.h"
#include "core/foundation/Types.h"

namespace multidyn {

// bool, int (also typed indices), float, str, list/tuple/numpy arrays, dict, None and
// objects with __index__ or __float__; enums become their names. Integers beyond 64 bits become
// reals. Throws TypeError for other kinds, ValueError for text that is not valid Unicode
// (lone surrogates) and nesting deeper than maximumNesting.
Json PythonToJson(const pybind11::handle& value);
// The same, with "<where>: " put before any error (e.g. "object 2 (...): parameter 'stiffness'").
Json PythonToJson(const pybind11::handle& value, const std::string& where);
// A list of `size` finite reals (size -1: any), errors prefixed by "<where>: ".
std::vector<double> VectorFromPython(const pybind11::handle& value, int size, const std::string& where);
// A str as UTF-8; TypeError if it is no str, ValueError if it is not valid text; `what` (if not
// empty) is put before the message.
std::string TextFromPython(const pybind11::handle& value, const std::string& what);
// repr() of a value for messages, shortened; never throws.
std::string ReprForMessage(const pybind11::handle& value);
pybind11::object JsonToPython(const Json& value);
pybind11::object VectorToPython(const VectorX& vector);  // a 1D numpy array
pybind11::object MatrixToPython(const MatrixX& matrix);  // a 2D numpy array

constexpr int maximumNesting = 64;

}  // namespace multidyn
