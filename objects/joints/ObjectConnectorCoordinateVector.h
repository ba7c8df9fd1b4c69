// Constraint between the coordinate vectors q_m0, q_m1 of two coordinate-vector markers
// (MarkerNodeCoordinates, MarkerObjectODE2Coordinates; totals, reference included), Exudyn's
// CoordinateVectorConstraint (docs/theory/CoordinateVectorConstraint.md). With X_k the scaling and
// Y_k the quadratic-term matrices (n_ae x n_qk; empty: none) and q^2 taken entrywise:
//   g   = X1 q1 + Y1 q1^2 - X0 q0 - Y0 q0^2 - v_off = 0                       (position level)
//   g_t = (X1 + 2 Y1 diag q1) q1_t - (X0 + 2 Y0 diag q0) q0_t = 0             (its time derivative,
//         the equation of index-2 solvers)
//   g_v = X1 q1_t + Y1 q1_t^2 - X0 q0_t - Y0 q0_t^2 - v_off = 0               (velocityLevel: the only one)
// A constraintUserFunction replaces g (g_v with velocityLevel, and for index-2 solvers, which call
// it with velocityLevel=True) and its jacobianUserFunction gives C_q = dg/d[q0; q1] (dg_v/d[q0_t; q1_t]).
// The multipliers lambda act as -C_q^T lambda: the load on marker k's coordinates is -C_k^T lambda.
#pragma once

#include <type_traits>

#include "core/foundation/ScriptFunction.h"
#include "core/items/Constraint.h"
#include "core/items/UnitConstraintLoads.h"

namespace multidyn {

class ObjectConnectorCoordinateVector : public ConstraintKernels<ObjectConnectorCoordinateVector>,
                                        public UnitConstraintLoads {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  // The largest number of rows of the four matrices (Exudyn's rule).
  Index NumberOfAlgebraicEquations() const override;
  bool IsVelocityLevel() const override { return velocityLevel; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> void AlgebraicEquations(const EvaluationContext& context, const MarkerData<S>& m0,
                                             const MarkerData<S>& m1, bool velocityLevelEquation, VecX<S>& g) const {
    const bool onVelocities = velocityLevelEquation || velocityLevel;
    if (constraintUserFunction) {
      UserEquations(context, m0, m1, onVelocities, g);
      return;
    }
    g.setZero(NumberOfAlgebraicEquations());
    AddMarkerTerms(-1., scalingMarker0, quadraticTermMarker0, m0, velocityLevelEquation, g);
    AddMarkerTerms(1., scalingMarker1, quadraticTermMarker1, m1, velocityLevelEquation, g);
    if (offset.size() > 0 && (!onVelocities || velocityLevel))  // the index-2 form of g has no offset
      for (Index i = 0; i < g.size(); ++i) g(i) -= offset(i);
  }

  // -C_k^T lambda on the coordinates of marker k.
  template <class S> void ConstraintLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                          const MarkerData<S>& m1, const VectorX& lambda,
                                          MarkerLoad<S> loads[2]) const {
    if (constraintUserFunction) {
      UserLoads(context, m0, m1, lambda, loads);
      return;
    }
    MarkerLoadOf(-1., scalingMarker0, quadraticTermMarker0, m0, lambda, loads[0]);
    MarkerLoadOf(1., scalingMarker1, quadraticTermMarker1, m1, lambda, loads[1]);
  }

  // With the user functions: one call of jacobianUserFunction for all rows of C_q (as Exudyn calls
  // it once per Newton matrix), instead of one load evaluation per multiplier.
  bool ComputeUnitConstraintLoads(const EvaluationContext& context, const MarkerData<double>& m0,
                                  const MarkerData<double>& m1, Index size,
                                  MarkerLoad<double>* unitLoads) const override;

  MatrixX scalingMarker0;  // X0, n_ae x n_q0; empty: none
  MatrixX scalingMarker1;  // X1
  MatrixX quadraticTermMarker0;  // Y0
  MatrixX quadraticTermMarker1;  // Y1
  VectorX offset;  // v_off, n_ae values; empty: none
  bool velocityLevel = false;
  ScriptFunctionPtr constraintUserFunction;
  ScriptFunctionPtr jacobianUserFunction;
  BasicVisualization visualization;

 private:
  // g += sign (X q + Y q^2) (position level), sign (X + 2 Y diag q) q_t (its time derivative) or,
  // with velocityLevel, sign (X q_t + Y q_t^2).
  template <class S> void AddMarkerTerms(double sign, const MatrixX& X, const MatrixX& Y, const MarkerData<S>& m,
                                         bool velocityLevelEquation, VecX<S>& g) const {
    const VecX<S>& q = m.coordinateVector;
    const VecX<S>& q_t = m.coordinateVector_t;
    const bool linear = X.size() > 0, quadratic = Y.size() > 0;
    const bool derivative = velocityLevelEquation && !velocityLevel;  // g_t, the time derivative of g
    for (Index j = 0; j < Index(q.size()); ++j) {
      const S& x = velocityLevel ? q_t(j) : q(j);  // the argument of g (velocityLevel: of g_v)
      for (Index i = 0; i < Index(g.size()); ++i) {
        if (derivative) {
          if (linear) AddTo(g(i), S((sign * X(i, j)) * q_t(j)));
          if (quadratic) AddTo(g(i), S((2. * sign * Y(i, j)) * (q(j) * q_t(j))));
        } else {
          if (linear) AddTo(g(i), S((sign * X(i, j)) * x));
          if (quadratic) AddTo(g(i), S((sign * Y(i, j)) * (x * x)));
        }
      }
    }
  }

  // a += b.
  template <class S> static void AddTo(S& a, const S& b) { a += b; }

  // The load on marker k: -C_k^T lambda, C_k = sign (X + 2 Y diag x), x = q (velocityLevel: q_t).
  template <class S> void MarkerLoadOf(double sign, const MatrixX& X, const MatrixX& Y, const MarkerData<S>& m,
                                       const VectorX& lambda, MarkerLoad<S>& load) const {
    const VecX<S>& x = velocityLevel ? m.coordinateVector_t : m.coordinateVector;
    const Index n = Index(x.size());
    load.coordinateVectorForce.resize(n);
    for (Index j = 0; j < n; ++j) {
      double linearPart = 0., quadraticPart = 0.;
      if (X.size() > 0) linearPart = X.col(j).dot(lambda);
      if (Y.size() > 0) quadraticPart = 2. * Y.col(j).dot(lambda);
      load.coordinateVectorForce(j) = S(-sign * linearPart) - (sign * quadraticPart) * x(j);
    }
  }

  // [q_m0; q_m1] and [q_m0_t; q_m1_t] as values, the arguments of the user functions.
  template <class S>
  static void StackedValues(const MarkerData<S>& m0, const MarkerData<S>& m1, VectorX& q, VectorX& q_t);
  VectorX CallConstraintUserFunction(const EvaluationContext& context, const VectorX& q, const VectorX& q_t,
                                     bool onVelocities) const;
  MatrixX CallJacobianUserFunction(const EvaluationContext& context, const VectorX& q, const VectorX& q_t) const;
  // With AD scalars: callback(dC, seed) with dC = dC/dx_j by a forward difference of the
  // jacobianUserFunction (a black box, decision 4) for each argument x_j of [q; q_t] that carries
  // derivatives, and seed those derivatives.
  template <class S, class Callback>
  void ForEachUserJacobianDerivative(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                     VectorX& q, VectorX& q_t, const MatrixX& jacobian, Callback&& callback) const;
  // g from constraintUserFunction; with AD scalars its derivatives are the jacobianUserFunction's
  // C chained onto those of the marker coordinates (of their velocities for g_v); the index-2 form
  // of a position-level g is C q_t, with d(C q_t)/dq by forward differences of C.
  template <class S> void UserEquations(const EvaluationContext& context, const MarkerData<S>& m0,
                                        const MarkerData<S>& m1, bool onVelocities, VecX<S>& g) const;
  // -C_k^T lambda by the user's C; with AD scalars d(C^T lambda)/d[q, q_t] by forward differences of C.
  template <class S> void UserLoads(const EvaluationContext& context, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                    const VectorX& lambda, MarkerLoad<S> loads[2]) const;
};

}  // namespace multidyn
