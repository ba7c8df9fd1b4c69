// Planar revolute joint: the x and y positions of two position markers coincide,
//   g = [(p_m1 - p_m0)_x, (p_m1 - p_m0)_y] = 0   (or the velocities at velocity level);
// the multipliers are the global x and y forces on marker 0 (marker 1 gets the opposite).
#pragma once

#include "core/items/Constraint.h"

namespace multidyn {

class ObjectJointRevolute2D : public ConstraintKernels<ObjectJointRevolute2D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return 2; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    g = velocityLevel ? Vec3<S>(m1.velocity - m0.velocity).template head<2>()
                      : Vec3<S>(m1.position - m0.position).template head<2>();
  }

  // -C_q^T lambda with C_q = [-J_pos,m0; J_pos,m1] (x and y rows).
  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>&, const MarkerData<S>&,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    const Vec3<S> force = Vector3(lambda(0), lambda(1), 0.).cast<S>();
    loads[0].force = force;
    loads[1].force = -force;
  }

  BasicVisualization visualization;
};

}  // namespace multidyn
