// A linear first-order system y_t = A y + f (+ a user function) on the ODE1 coordinates of its
// nodes.
#pragma once

#include "core/items/Object.h"

namespace multidyn {

class ObjectGenericODE1 : public ItemOf<ObjectGenericODE1, Object> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  ObjectKind Kind() const override { return ObjectKind::FirstOrder; }
  std::vector<NodeIndex> NodeNumbers() const override { return nodeNumbers; }
  void Check(const SystemView& system) const override;

  bool HasODE1Equations() const override { return true; }
  void ComputeODE1RightHandSide(const EvaluationContext& context, const VectorX& y, VectorX& f) const override;
  // A exactly; a user function's part by forward differences in y (the function is a black box).
  void ComputeODE1Jacobian(const EvaluationContext& context, const VectorX& y, MatrixX& dfdy) const override;

  NodeIndexList nodeNumbers;
  MatrixX systemMatrix;  // empty: no linear term
  VectorX rhsVector;  // empty: no constant term
  ScriptFunctionPtr rhsUserFunction;

 private:
  VectorX UserFunctionValue(const EvaluationContext& context, const VectorX& y) const;
};

}  // namespace multidyn
