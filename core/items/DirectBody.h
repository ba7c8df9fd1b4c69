// Bodies that evaluate directly on their coordinate vectors, of any size: their ODE2 LHS, mass
// matrix and whole Newton-matrix block come from their own (analytic) algorithms, on vectors
// that are views of the system's and on a workspace of their own allocated by Assemble(), instead
// of node kinematics, kernel vectors of at most maxItemCoordinates entries and automatic
// differentiation. Assemble() lets such a body have more than maxItemCoordinates coordinates
// (markers on its nodes are still bounded). A body may also solve M(q) a = b itself, e.g. in O(n)
// for a kinematic tree (explicit solvers then neither assemble nor factorize M). A body opts in by
// deriving from this class besides Body; its coordinates must be contiguous (one node).
#pragma once

#include "core/items/Object.h"

namespace multidyn {

class DirectBody {
 public:
  using ConstVectorView = Eigen::Ref<const VectorX>;
  using VectorView = Eigen::Ref<VectorX>;
  virtual ~DirectBody() = default;
  // lhs += M(q) q_tt + h(q, q_t) - f(q, q_t, t) (as Body::ComputeODE2LHS); q: total coordinates
  // (with reference values), q_t, q_tt: their rates.
  virtual void AddDirectODE2LHS(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t,
                                ConstVectorView q_tt, VectorView lhs) const = 0;
  virtual void DirectMassMatrix(const EvaluationContext& context, ConstVectorView q, MatrixX& massMatrix) const = 0;
  // block = massFactor M + stiffnessFactor d(lhs)/dq + dampingFactor d(lhs)/dq_t (n x n).
  virtual void DirectNewtonBlock(const EvaluationContext& context, ConstVectorView q, ConstVectorView q_t,
                                 ConstVectorView q_tt, double massFactor, double stiffnessFactor, double dampingFactor,
                                 MatrixX& block) const = 0;
  // Whether SolveDirectMassMatrix is available.
  virtual bool SolvesMassMatrix() const { return false; }
  // rhs := M(q)^-1 rhs.
  virtual void SolveDirectMassMatrix(const EvaluationContext& context, ConstVectorView q, VectorView rhs) const {}
};

}  // namespace multidyn
