// A constraint whose loads come from one expensive evaluation (a Jacobian user function) can give
// the loads of all unit multipliers e_k at once: the columns of -C_q^T from which the Newton
// matrix takes the constraint rows and multiplier columns. Without it (or when it declines), the
// system evaluates the loads once per multiplier.
#pragma once

#include "core/items/Constraint.h"

namespace multidyn {

class UnitConstraintLoads {
 public:
  virtual ~UnitConstraintLoads() = default;
  // The loads of e_k, k < size, into unitLoads[2k] (marker 0) and unitLoads[2k + 1] (marker 1);
  // false: not provided (the caller evaluates them per multiplier).
  virtual bool ComputeUnitConstraintLoads(const EvaluationContext& context, const MarkerData<double>& m0,
                                          const MarkerData<double>& m1, Index size,
                                          MarkerLoad<double>* unitLoads) const = 0;
};

}  // namespace multidyn
