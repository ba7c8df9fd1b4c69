// Spherical joint: the marker points coincide along each locked global axis (constrainedAxes),
//   g_k = (p_m1 - p_m0)_k = 0; the multipliers are the force on marker 0 (objects/joints/JointAxes.h).
#pragma once

#include "core/items/Constraint.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

class ObjectJointSpherical : public ConstraintKernels<ObjectJointSpherical> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return Axes().NumberOfEquations(); }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  JointAxes Axes() const {
    const std::array<bool, 3> locked = LockedAxes<3>(constrainedAxes);
    return JointAxes({locked[0], locked[1], locked[2], false, false, false}, true);
  }

  // Only positions and velocities enter: the markers' orientations are not used.
  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    Axes().Equations(Frames(m0, m1), Vector6::Zero(), velocityLevel, g);
  }

  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    Axes().Loads(Frames(m0, m1), lambda, loads);
  }

  template <class S> static JointFrames<S> Frames(const MarkerData<S>& m0, const MarkerData<S>& m1) {
    JointFrames<S> frames;
    frames.p_M0M1 = m1.position - m0.position;
    frames.v_M0M1 = m1.velocity - m0.velocity;
    return frames;
  }

  IntegerList constrainedAxes = {1, 1, 1};
  bool visualizationShow = true;
  float visualizationJointRadius = 0.1f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
