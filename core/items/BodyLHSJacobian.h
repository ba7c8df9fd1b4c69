// Bodies that compute the derivatives of their ODE2 LHS (Body::ComputeODE2LHS) with respect to
// their coordinates and velocities themselves, for some of their node types, more cheaply than
// the generic differentiation (core/evaluation/ItemDifferentiation.h) and with the same result
// (docs/dev/decisions.md 23). A body opts in by deriving from this class besides Body.
#pragma once

#include "core/items/Object.h"

namespace multidyn {

class BodyLHSJacobian {
 public:
  virtual ~BodyLHSJacobian() = default;
  // Whether ComputeLHSJacobian holds for the body's nodes in `system` (asked once per solve).
  virtual bool ProvidesLHSJacobian(const SystemView& system) const = 0;
  // d(lhs)/dq and d(lhs)/dq_t of ComputeODE2LHS in the body's local coordinates; q, q_t, q_tt:
  // the total coordinates, velocities and accelerations of its nodes, `nodes` their kinematics.
  virtual void ComputeLHSJacobian(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                                  const VectorX& q, const VectorX& q_t, const VectorX& q_tt, MatrixX& lhs_q,
                                  MatrixX& lhs_q_t) const = 0;
};

}  // namespace multidyn
