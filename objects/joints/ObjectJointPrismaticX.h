// Prismatic joint along the x-axis of joint frame 0: joint frame 1 may only slide along it
// (five equations: the local y and z translations, three rotations; objects/joints/JointAxes.h).
#pragma once

#include "core/items/Constraint.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

class ObjectJointPrismaticX : public ConstraintKernels<ObjectJointPrismaticX> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return 5; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  static JointAxes Axes() { return JointAxes({false, true, true, true, true, true}, false); }

  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool velocityLevel, VecX<S>& g) const {
    Axes().Equations(JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, velocityLevel), Vector6::Zero(),
                     velocityLevel, g);
  }

  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    Axes().Loads(JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, false), lambda, loads);
  }

  Matrix3 rotationMarker0 = Matrix3::Identity();
  Matrix3 rotationMarker1 = Matrix3::Identity();
  bool visualizationShow = true;
  float visualizationAxisRadius = 0.1f;
  float visualizationAxisLength = 0.4f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
