// Conversion between Python values and JSON, the one interchange form of parameters.
#pragma once

#include <pybind11/pybind11.h>

#include "core/Json.h"
#include "core/Types.h"

namespace multidyn {

// bool, int (also typed indices), float, str, list/tuple/numpy arrays, dict, None and
// objects with __index__ or __float__; enums become their names. Throws TypeError otherwise.
Json PythonToJson(const pybind11::handle& value);
pybind11::object JsonToPython(const Json& value);
pybind11::object VectorToPython(const VectorX& vector);

}  // namespace multidyn
