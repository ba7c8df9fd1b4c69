// Distance constraint between two position markers (see docs/theory/DistanceConstraint.md):
//   g = |p_m1 - p_m0| - d = 0   (position level, index 3), or
//   g_t = e . (v_m1 - v_m0) = 0 (velocity level, index 2), e = (p_m1 - p_m0) / |p_m1 - p_m0|;
// the multiplier lambda is the force along e on marker 0 (marker 1 gets the opposite):
// lambda > 0 pulls the markers together (the rod is in tension).
#pragma once

#include <cmath>

#include "core/items/Constraint.h"

namespace multidyn {

class ObjectConnectorDistance : public ConstraintKernels<ObjectConnectorDistance> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return 1; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  // e = (p_m1 - p_m0) / |p_m1 - p_m0|, or zero where the markers coincide (no direction; the
  // constraint Jacobian then vanishes and the solver reports a singular system).
  template <class S> static Vec3<S> Direction(const MarkerData<S>& m0, const MarkerData<S>& m1, S& length) {
    using std::sqrt;
    const Vec3<S> relativePosition = m1.position - m0.position;
    if (ValueOf(relativePosition.squaredNorm()) == 0.) {
      length = S(0.);
      return Vec3<S>::Zero();
    }
    length = sqrt(relativePosition.squaredNorm());
    return relativePosition / length;
  }

  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    S length;
    const Vec3<S> e = Direction(m0, m1, length);
    g.resize(1);
    g(0) = velocityLevel ? S(e.dot(m1.velocity - m0.velocity)) : S(length - distance);
  }

  // -C_q^T lambda with C_q = e^T [-J_pos,m0, J_pos,m1]: lambda e on marker 0, -lambda e on marker 1.
  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    S length;
    const Vec3<S> force = S(lambda(0)) * Direction(m0, m1, length);
    loads[0].force = force;
    loads[1].force = -force;
  }

  double distance = 0.;
  BasicVisualization visualization;
};

}  // namespace multidyn
