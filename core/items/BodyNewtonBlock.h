// Bodies that write their whole block of the Newton matrix themselves, entry by entry in their
// local coordinates: massFactor*M + stiffnessFactor*d(lhs)/dq + dampingFactor*d(lhs)/dq_t. For
// linear items (ObjectGenericODE2), whose block is their matrices combined: exact, without
// differentiating ComputeODE2LHS over all their coordinates. A body writes the same entries in the
// same order in every evaluation, zero or not, so that the sparse pattern does not depend on values.
#pragma once

#include <vector>

#include <Eigen/SparseCore>

#include "core/items/Object.h"

namespace multidyn {

// (local row, local column, value); repeated entries are summed.
using LocalEntries = std::vector<Eigen::Triplet<double>>;

class BodyNewtonBlock {
 public:
  virtual ~BodyNewtonBlock() = default;
  // Appends the entries. `entries` belongs to the evaluation's workspace and keeps its capacity
  // between evaluations, so that once it has grown an evaluation allocates nothing.
  virtual void ComputeNewtonBlock(const EvaluationContext& context, const NodeKinematics<double>* nodes,
                                  double massFactor, double stiffnessFactor, double dampingFactor,
                                  LocalEntries& entries) const = 0;
};

}  // namespace multidyn
