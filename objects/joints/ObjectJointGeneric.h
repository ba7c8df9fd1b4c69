// Generic joint: each of the six relative translations (along) and rotations (about the axes of)
// joint frame 0 is locked or free (constrainedAxes); equations in objects/joints/JointAxes.h,
// docs/theory/GenericJoint.md. offsetUserFunction(t) prescribes the locked coordinates: the
// translations, and Tait-Bryan angles turning joint frame 0.
#pragma once

#include "core/foundation/Rotations.h"
#include "core/items/Constraint.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

class ObjectJointGeneric : public ConstraintKernels<ObjectJointGeneric> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override { return Axes().NumberOfEquations(); }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  JointAxes Axes() const;
  // offsetUserFunction's and offsetUserFunction_t's values at the context's time (zero without them).
  Vector6 Offset(const EvaluationContext& context) const;
  Vector6 Offset_t(const EvaluationContext& context) const;

  // The joint frames, frame 0 turned by the offset angles u_3..5 (and turning at their rates).
  template <class S> JointFrames<S> Frames(const MarkerData<S>& m0, const MarkerData<S>& m1, const Vector6& offset,
                                           const Vector6& offset_t, bool withVelocities) const {
    JointFrames<S> frames = JointFramesOf(m0, m1, rotationMarker0, rotationMarker1, withVelocities);
    if (offset.tail<3>().isZero() && offset_t.tail<3>().isZero()) return frames;
    const Vector3 angles = offset.tail<3>(), angles_t = offset_t.tail<3>();
    frames.A_0J0 = frames.A_0J0 * RotXYZToRotationMatrix<double>(angles(0), angles(1), angles(2)).cast<S>();
    if (withVelocities)
      frames.omega0 += frames.A_0J0 * (RotXYZToGLocal<double>(angles(1), angles(2)) * angles_t).cast<S>();
    return frames;
  }

  template <class S> void AlgebraicEquations(const EvaluationContext& context, const MarkerData<S>& m0,
                                             const MarkerData<S>& m1, bool velocityLevel, VecX<S>& g) const {
    const Vector6 offset = Offset(context);
    const Vector6 offset_t = velocityLevel ? Offset_t(context) : Vector6::Zero();
    Axes().Equations(Frames(m0, m1, offset, offset_t, velocityLevel), velocityLevel ? offset_t : offset, velocityLevel,
                     g);
  }

  template <class S> void ConstraintLoads(const EvaluationContext& context, const MarkerData<S>& m0,
                                          const MarkerData<S>& m1, const VectorX& lambda,
                                          MarkerLoad<S> loads[2]) const {
    Axes().Loads(Frames(m0, m1, Offset(context), Vector6::Zero(), false), lambda, loads);
  }

  IntegerList constrainedAxes = {1, 1, 1, 1, 1, 1};
  Matrix3 rotationMarker0 = Matrix3::Identity();
  Matrix3 rotationMarker1 = Matrix3::Identity();
  Vector6 offsetUserFunctionParameters = Vector6::Zero();
  ScriptFunctionPtr offsetUserFunction;
  ScriptFunctionPtr offsetUserFunction_t;
  bool alternativeConstraints = false;
  bool visualizationShow = true;
  float visualizationAxesRadius = 0.1f;
  float visualizationAxesLength = 0.4f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
