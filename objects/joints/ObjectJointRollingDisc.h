// Rolling disc joint (docs/theory/RollingDisc.md): an infinitely thin disc (center and frame of
// marker 1, axis w1 = A_0M1 discAxis, radius r) rolls without slipping on the plane of marker 0
// (normal n0 = A_0M0 planeNormal). With wForward = unit(w1 x n0), w3 = w1 x wForward, the contact
// point p_C = p_m1 + r w3 moves, as a point of the disc and of the plane, with
//   v_C1 = v_m1 + omega1 x (r w3),   v_C0 = v_m0 + omega0 x (p_C - p_m0)   (omega global).
// Equations on velocities (Exudyn's, all three including the normal one): for each locked axis
// of the joint frame A_0J = [wLateral = n0 x wForward, wForward, n0],
//   g_v = A_0J^T (v_C1 - v_C0) = 0.
// Loads -(dg_v/dq_t)^T lambda: the force F = A_0J lambda on marker 0 at the contact point
// (torque (p_C - p_m0) x F) and -F on the disc (torque r w3 x -F).
#pragma once

#include <array>

#include "core/items/Constraint.h"
#include "objects/joints/JointAxes.h"

namespace multidyn {

class ObjectJointRollingDisc : public ConstraintKernels<ObjectJointRollingDisc> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(MainSystem& system);

  std::vector<MarkerIndex> MarkerNumbers() const override { return {markerNumbers[0], markerNumbers[1]}; }
  Index NumberOfAlgebraicEquations() const override;
  bool IsActive() const override { return activeConnector; }
  bool IsVelocityLevel() const override { return true; }
  void Check(const MainSystem& system) const override;
  bool GetOutput(OutputVariableType type, const EvaluationContext& context, const MarkerData<double>& m0,
                 const MarkerData<double>& m1, const VectorX& lambda, VectorX& value) const override;

  template <class S> struct Contact {
    Mat3<S> A_0J;        // columns wLateral, wForward, n0
    Vec3<S> w3;          // unit vector from the disc center to the contact point
    Vec3<S> p_C;         // contact point
    Vec3<S> omega0, omega1;
  };
  template <class S> Contact<S> ContactOf(const MarkerData<S>& m0, const MarkerData<S>& m1) const {
    using std::sqrt;
    Contact<S> c;
    const Vec3<S> n0 = m0.orientation * planeNormal.cast<S>();
    const Vec3<S> w1 = m1.orientation * discAxis.cast<S>();
    Vec3<S> forward = w1.cross(n0);
    // a disc lying flat (w1 parallel to n0) has no rolling direction: the rows become zero and
    // the solver reports a singular matrix naming this joint's equations
    const S length = sqrt(forward.squaredNorm());
    if (ValueOf(length) > 0.) forward /= length;
    c.w3 = w1.cross(forward);
    c.A_0J.col(0) = n0.cross(forward);
    c.A_0J.col(1) = forward;
    c.A_0J.col(2) = n0;
    c.p_C = m1.position + S(discRadius) * c.w3;
    c.omega0 = m0.orientation * m0.angularVelocityLocal;
    c.omega1 = m1.orientation * m1.angularVelocityLocal;
    return c;
  }

  // The same equation at either level (IsVelocityLevel).
  template <class S> void AlgebraicEquations(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                             bool, VecX<S>& g) const {
    const Contact<S> c = ContactOf(m0, m1);
    const Vec3<S> v_C1 = m1.velocity + c.omega1.cross(S(discRadius) * c.w3);
    const Vec3<S> v_C0 = m0.velocity + c.omega0.cross(Vec3<S>(c.p_C - m0.position));
    const Vec3<S> local = c.A_0J.transpose() * (v_C1 - v_C0);
    const std::array<bool, 3> locked = LockedAxes<3>(constrainedAxes);
    g.resize(NumberOfAlgebraicEquations());
    for (Index k = 0, row = 0; k < 3; ++k)
      if (locked[k]) g(row++) = local(k);
  }

  template <class S> void ConstraintLoads(const EvaluationContext&, const MarkerData<S>& m0, const MarkerData<S>& m1,
                                          const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    const Contact<S> c = ContactOf(m0, m1);
    const Vec3<S> force = c.A_0J * LocalMultipliers(lambda).cast<S>();
    loads[0].force = force;
    loads[0].torque = Vec3<S>(c.p_C - m0.position).cross(force);
    loads[1].force = -force;
    loads[1].torque = (S(discRadius) * c.w3).cross(Vec3<S>(-force));
  }

  // lambda of the locked axes as [lateral, forward, normal] (0 on free axes).
  Vector3 LocalMultipliers(const VectorX& lambda) const;

  MarkerIndexPair markerNumbers;
  IntegerList constrainedAxes = {1, 1, 1};
  bool activeConnector = true;
  double discRadius = 0.;
  Vector3 discAxis = Vector3::UnitX();
  Vector3 planeNormal = Vector3::UnitZ();
  bool visualizationShow = true;
  float visualizationDiscWidth = 0.1f;
  Color4 visualizationColor = {-1.f, -1.f, -1.f, -1.f};
};

}  // namespace multidyn
