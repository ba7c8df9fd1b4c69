// Raised by LinearSolver when the Newton matrix is singular or nearly so; carries the
// unknowns (rows/columns of the system) found to be dependent, so callers can name items.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/foundation/Errors.h"
#include "core/foundation/Types.h"

namespace multidyn {

class SingularMatrixError : public SolverError {
 public:
  SingularMatrixError(const std::string& message, std::vector<Index> unknowns)
      : SolverError(message), unknowns_(std::move(unknowns)) {}
  // Unknowns whose columns are (nearly) linear combinations of earlier ones; first = pivot column.
  const std::vector<Index>& Unknowns() const { return unknowns_; }

 private:
  std::vector<Index> unknowns_;
};

}  // namespace multidyn
