// A serial N_Vector owned by a C++ object, and views of any serial N_Vector as an Eigen vector.
#pragma once

#include <nvector/nvector_serial.h>
#include <Eigen/Dense>

#include "core/foundation/Errors.h"
#include "core/foundation/Types.h"

namespace multidyn {

inline Eigen::Map<VectorX> VectorOf(N_Vector v) {
  return Eigen::Map<VectorX>(N_VGetArrayPointer(v), Index(N_VGetLength(v)));
}

class SundialsVector {
 public:
  SundialsVector(Index size, SUNContext context) : vector_(N_VNew_Serial(sunindextype(size), context)) {
    if (!vector_) throw SolverError("SUNDIALS: N_VNew_Serial failed");
    N_VConst(0., vector_);
  }
  ~SundialsVector() { N_VDestroy(vector_); }
  SundialsVector(const SundialsVector&) = delete;
  SundialsVector& operator=(const SundialsVector&) = delete;

  N_Vector Get() const { return vector_; }
  Eigen::Map<VectorX> Values() const { return VectorOf(vector_); }

 private:
  N_Vector vector_;
};

}  // namespace multidyn
