// Rolling disc joint (docs/theory/RollingDisc.md): an infinitely thin disc (center and frame of
// marker 1, radius r) rolls without slipping on the plane of marker 0; geometry and the contact
// point's velocities v_C1, v_C0 in objects/common/RollingDiscFrame.h.
// Equations on velocities (Exudyn's, all three including the normal one): for each locked axis
// of the joint frame A_0J = [wLateral = n0 x wForward, wForward, n0],
//   g_v = A_0J^T (v_C1 - v_C0) = 0.
// Loads -(dg_v/dq_t)^T lambda: the force F = A_0J lambda on marker 0 at the contact point
// (torque (p_C - p_m0) x F) and -F on the disc (torque r w3 x -F).
#pragma once

#include <array>

#include "core/items/Constraint.h"
#include "objects/common/RollingDiscFrame.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

class ObjectJointRollingDisc : public ConstraintKernels<ObjectJointRollingDisc> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfAlgebraicEquations() const override;
  bool IsVelocityLevel() const override { return true; }
  void Check(const SystemView& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> RollingDiscFrame<S> FrameOf(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    return RollingDiscFrameOf(m0, m1, discAxis, planeNormal, discRadius);
  }

  // The same equation at either level (IsVelocityLevel).
  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool, VecX<S>& g) const {
    const RollingDiscFrame<S> f = FrameOf(m0, m1);
    const Vec3<S> local = f.A_0J.transpose() * RollingDiscSlipVelocity(f, m0, m1, discRadius);
    const std::array<bool, 3> locked = LockedAxes<3>(constrainedAxes);
    g.resize(NumberOfAlgebraicEquations());
    for (Index k = 0, row = 0; k < 3; ++k)
      if (locked[k]) g(row++) = local(k);
  }

  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    const RollingDiscFrame<S> f = FrameOf(m0, m1);
    const Vec3<S> force = f.A_0J * LocalMultipliers(lambda).cast<S>();
    loads[0].force = force;
    loads[0].torque = Vec3<S>(f.p_C - m0.position).cross(force);
    loads[1].force = -force;
    loads[1].torque = (S(discRadius) * f.w3).cross(Vec3<S>(-force));
  }

  // lambda of the locked axes as [lateral, forward, normal] (0 on free axes).
  Vector3 LocalMultipliers(const VectorX& lambda) const;

  IntegerList constrainedAxes = {1, 1, 1};
  double discRadius = 0.;
  Vector3 discAxis = Vector3::UnitX();
  Vector3 planeNormal = Vector3::UnitZ();
  bool visualizationShow = true;
  float visualizationDiscWidth = 0.1f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
