// Error types; the Python module maps each to the Python exception named in its comment.
#pragma once

#include <stdexcept>
#include <string>

namespace multidyn {

// -> ValueError: a value that is out of range, the wrong size, not finite, or inconsistent.
class ValueError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> TypeError: a value of the wrong kind (a string where a number was expected, ...).
class TypeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> IndexError: an item index that does not exist.
class IndexError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> multidyn.NotAssembledError: the system changed structurally since the last Assemble().
class NotAssembledError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> multidyn.UserFunctionError: a Python user function raised or returned a bad value.
class UserFunctionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> multidyn.SolverError: Newton did not converge, the Jacobian is singular, ...
class SolverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// -> multidyn.SolveInProgressError: a structural change (Assemble, Reset, Add..., a structural
// parameter, a user function replaced, Load, a nested solve) asked for while the system is
// being solved, typically from a user function.
class SolveInProgressError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace multidyn
