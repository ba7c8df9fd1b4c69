// A user function given from a script (a Python callable). Core calls it only through this
// interface, so that nothing outside pythonInterface/ depends on Python.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <Eigen/SparseCore>

#include "core/foundation/Errors.h"
#include "core/foundation/OutputVariableType.h"
#include "core/foundation/Types.h"

namespace multidyn {

class SystemView;  // the system as items see it (core/items/SystemView.h); given to Python as mbs

// VectorX: coordinate vectors of any size (e.g. ODE1 coordinates), given to Python as numpy arrays;
// IndexList: item numbers (a Python list of ints); ConfigurationType: Python's exu.ConfigurationType;
// bool: a flag (True/False), e.g. the velocityLevel of a constraint's user functions.
using IndexList = std::vector<Index>;
using ScriptArgument =
    std::variant<double, Index, Vector3, const SystemView*, VectorX, MatrixX, IndexList, ConfigurationType, bool>;

// The arguments of one call, a braced list written at the call site: passing it copies and
// allocates nothing but IndexList arguments (the list's values live until the end of the call's
// full expression).
using ScriptArguments = std::initializer_list<ScriptArgument>;

class ScriptFunction {
 public:
  virtual ~ScriptFunction() = default;
  // Each throws UserFunctionError with the script's error text when the call fails or the
  // result is not a real number / a vector of expectedSize finite numbers.
  virtual double CallReal(ScriptArguments arguments) const = 0;
  // expectedSize < 0: any number of values.
  virtual VectorX CallVector(ScriptArguments arguments, Index expectedSize) const = 0;
  // A rows x cols matrix of finite numbers (a 2-D numpy array or a list of rows), e.g. a
  // constraint's Jacobian.
  virtual MatrixX CallMatrix(ScriptArguments arguments, Index rows, Index cols) const {
    throw UserFunctionError(Description() + " cannot return a matrix");
  }
  // A bool result (True/False), e.g. of preStepUserFunction.
  virtual bool CallBool(ScriptArguments arguments) const {
    throw UserFunctionError(Description() + " cannot return True/False");
  }
  // A call whose result is ignored (Exudyn's functions that return nothing, e.g.
  // preNewtonResidualUserFunction).
  virtual void CallIgnoringResult(ScriptArguments arguments) const {
    throw UserFunctionError(Description() + " cannot be called");
  }
  // A matrix as sparse entries (row, column, value), appended to `entries`: Exudyn's MatrixContainer
  // (dense or sparse; repeated entries are to be summed), e.g. of systemJacobianUserFunction.
  virtual void CallSparseMatrix(ScriptArguments arguments, std::vector<Eigen::Triplet<double>>& entries) const {
    throw UserFunctionError(Description() + " cannot return a MatrixContainer");
  }
  // e.g. "Python function UFforce"; used in messages.
  virtual std::string Description() const = 0;
};

using ScriptFunctionPtr = std::shared_ptr<const ScriptFunction>;

}  // namespace multidyn
