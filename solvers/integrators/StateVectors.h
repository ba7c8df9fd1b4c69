// Element loops on the vectors of a SystemState for the fixed per-step work of the solvers and
// the state writer. On a small model a step costs a few hundred instructions, and each Eigen
// assignment of a dynamic vector adds tens of its own (size checks, packet prologue and tail);
// these loops cost a compare for an empty vector and one load/store per element otherwise.
// The arithmetic is Eigen's, element by element and in the same order (x + f*k), so results
// are bitwise the same.
#pragma once

#include <cmath>

#include "core/foundation/SystemState.h"

namespace multidyn {

// to = from; resizes only when the sizes differ (the first step of a solve).
inline void CopyValues(const VectorX& from, VectorX& to) {
  const Index n = from.size();
  if (to.size() != n) to.resize(n);
  const double* __restrict f = from.data();
  double* __restrict t = to.data();
  for (Index i = 0; i < n; ++i) t[i] = f[i];
}

inline void CopyState(const SystemState& from, SystemState& to) {
  to.time = from.time;
  CopyValues(from.ode2, to.ode2);
  CopyValues(from.ode2_t, to.ode2_t);
  CopyValues(from.ode2_tt, to.ode2_tt);
  CopyValues(from.ode1, to.ode1);
  CopyValues(from.ode1_t, to.ode1_t);
  CopyValues(from.ae, to.ae);
  CopyValues(from.data, to.data);
}

// x += factor * k (sizes equal)
inline void AddScaled(double factor, const VectorX& k, VectorX& x) {
  const Index n = x.size();
  const double* __restrict kk = k.data();
  double* __restrict xx = x.data();
  for (Index i = 0; i < n; ++i) xx[i] += factor * kk[i];
}

// x = x0 + factor * k (x resized to x0's size if it differs).
inline void SetSum(const VectorX& x0, double factor, const VectorX& k, VectorX& x) {
  const Index n = x0.size();
  if (x.size() != n) x.resize(n);
  const double* __restrict x0x = x0.data();
  const double* __restrict kk = k.data();
  double* __restrict xx = x.data();
  for (Index i = 0; i < n; ++i) xx[i] = x0x[i] + factor * kk[i];
}

// x = x0 + factor * k (sizes equal; x sized already; x0 may be x itself), returning the sum of
// x_i - x_i over the new values: 0 exactly when all are finite (x - x is 0 for finite x, NaN for
// inf and NaN), so the check costs no pass of its own.
inline double SetSumCheckFinite(const VectorX& x0, double factor, const VectorX& k, VectorX& x) {
  const Index n = x.size();
  const double* x0x = x0.data();  // no __restrict: x0 and x may be the same vector
  const double* kk = k.data();
  double* xx = x.data();
  double nonFinite = 0.;
  for (Index i = 0; i < n; ++i) {
    const double value = x0x[i] + factor * kk[i];
    xx[i] = value;
    nonFinite += value - value;
  }
  return nonFinite;
}

// x += factor * k, returning as SetSumCheckFinite.
inline double AddScaledCheckFinite(double factor, const VectorX& k, VectorX& x) {
  return SetSumCheckFinite(x, factor, k, x);
}

// True if every element is finite (the sum of x - x, as above: no branch per element).
inline bool AllFinite(const VectorX& v) {
  const Index n = v.size();
  const double* x = v.data();
  double sum = 0.;
  for (Index i = 0; i < n; ++i) sum += x[i] - x[i];
  return sum == 0.;
}

// The index of the first non-finite element, or -1.
inline Index FirstNonFinite(const VectorX& v) {
  const Index n = v.size();
  const double* x = v.data();
  for (Index i = 0; i < n; ++i)
    if (!std::isfinite(x[i])) return i;
  return -1;
}

}  // namespace multidyn
