// Planar prismatic joint (docs/theory/Prismatic2D.md): the point of marker 1 stays on the line
// through marker 0 normal to n1, and, with constrainRotation, the axis t0 keeps normal to n1:
//   g0 = (p_m1 - p_m0) . n1 = 0,    n1 = A_0M1 normalMarker1,
//   g1 = t0 . n1 = 0,               t0 = A_0M0 axisMarker0   (only with constrainRotation).
// Velocity level: g0_t = (v_m1 - v_m0) . n1 + d . (omega1 x n1), g1_t = (omega0 x t0) . n1 + t0 . (omega1 x n1),
// d = p_m1 - p_m0, omega global. Loads -C_q^T lambda: marker 0 gets force lambda0 n1 and torque
// -lambda1 t0 x n1; marker 1 the opposite force, torque -lambda0 n1 x d + lambda1 t0 x n1.
#pragma once

#include "core/items/Constraint.h"

namespace multidyn {

class ObjectJointPrismatic2D : public ConstraintKernels<ObjectJointPrismatic2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return constrainRotation ? 2 : 1; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    g.resize(NumberOfAlgebraicEquations());
    const Vec3<S> n1 = m1.orientation * normalMarker1.cast<S>();
    const Vec3<S> t0 = m0.orientation * axisMarker0.cast<S>();
    const Vec3<S> d = m1.position - m0.position;
    if (!velocityLevel) {
      g(0) = d.dot(n1);
      if (constrainRotation) g(1) = t0.dot(n1);
      return;
    }
    const Vec3<S> n1_t = (m1.orientation * m1.angularVelocityLocal).cross(n1);
    g(0) = (m1.velocity - m0.velocity).dot(n1) + d.dot(n1_t);
    if (constrainRotation) g(1) = (m0.orientation * m0.angularVelocityLocal).cross(t0).dot(n1) + t0.dot(n1_t);
  }

  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    const Vec3<S> n1 = m1.orientation * normalMarker1.cast<S>();
    const Vec3<S> d = m1.position - m0.position;
    loads[0].force = S(lambda(0)) * n1;
    loads[1].force = -loads[0].force;
    loads[1].torque = -S(lambda(0)) * n1.cross(d);
    if (!constrainRotation) return;
    const Vec3<S> t0xn1 = (m0.orientation * axisMarker0.cast<S>()).cross(n1);
    loads[0].torque = -S(lambda(1)) * t0xn1;
    loads[1].torque += S(lambda(1)) * t0xn1;
  }

  Vector3 axisMarker0 = Vector3::UnitX();
  Vector3 normalMarker1 = Vector3::UnitY();
  bool constrainRotation = true;
  BasicVisualization visualization;
};

}  // namespace multidyn
