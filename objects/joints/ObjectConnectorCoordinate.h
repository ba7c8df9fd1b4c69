// Coordinate constraint between two coordinate markers (see docs/theory/CoordinateConstraint.md):
//   g = k_m1 q_m1 - q_m0 - l_off(t) = 0     (index 3; l_off = offset or offsetUserFunction)
//   g_t = k_m1 v_m1 - v_m0 - l_off_t(t) = 0  (velocity level; l_off_t = offsetUserFunction_t or 0)
// With velocityLevel the constraint has only g_t, in every solver, and l_off_t is offset unless
// offsetUserFunction_t is given (Exudyn's).
// The multiplier lambda is the constraint force: marker 0 is loaded with +lambda, marker 1
// with -k_m1 lambda.
#pragma once

#include "core/items/Constraint.h"

namespace multidyn {

class ObjectConnectorCoordinate : public ConstraintKernels<ObjectConnectorCoordinate> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return 1; }
  bool IsVelocityLevel() const override { return velocityLevel; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // The offset l_off at position level and its rate at velocity level, at the context's time.
  double Offset(const EvaluationContext& context) const;
  double Offset_t(const EvaluationContext& context) const;

  template <class S> void AlgebraicEquations(const EvaluationContext& context, const MarkerData<S>& m0,
                                             const MarkerData<S>& m1, bool velocityLevelEquation, VecX<S>& g) const {
    g.resize(1);
    if (!velocityLevelEquation)
      g(0) = factorValue1 * m1.coordinate - m0.coordinate - Offset(context);
    else
      g(0) = factorValue1 * m1.coordinate_t - m0.coordinate_t - Offset_t(context);
  }

  // -C_q^T lambda with C_q = [-J_m0, k_m1 J_m1] (coordinate Jacobians of the markers).
  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>&, const MarkerData<S>&,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    loads[0].coordinateForce = S(lambda(0));
    loads[1].coordinateForce = S(-factorValue1 * lambda(0));
  }

  double offset = 0.;
  double factorValue1 = 1.;
  bool velocityLevel = false;
  ScriptFunctionPtr offsetUserFunction;
  ScriptFunctionPtr offsetUserFunction_t;
  BasicVisualization visualization;
};

}  // namespace multidyn
