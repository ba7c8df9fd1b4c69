// Geometry of a thin disc on a plane, shared by the rolling disc joint and the penalty rolling
// disc (docs/theory/RollingDisc.md): marker 1 is the disc's center and frame (axis w1 = A_0M1
// discAxis), marker 0 carries the plane (normal n0 = A_0M0 planeNormal, towards the disc).
//   wForward = unit(w1 x n0), w3 = w1 x wForward (center -> contact point), wLateral = n0 x wForward,
//   p_C = p_m1 + r w3,
//   v_C1 - v_C0 = v_m1 + omega1 x (r w3) - (v_m0 + omega0 x (p_C - p_m0))   (slip of the contact point).
#pragma once

#include "core/foundation/Kinematics.h"

namespace multidyn {

template <class S> struct RollingDiscFrame {
  Mat3<S> A_0J;  // joint axes: columns wLateral, wForward, n0
  Vec3<S> w3;  // from the disc center towards the contact point (unit for a unit axis)
  Vec3<S> p_C;  // contact point
  Vec3<S> omega0, omega1;  // global angular velocities of the markers
};

template <class S> RollingDiscFrame<S> RollingDiscFrameOf(const MarkerData<S>& m0, const MarkerData<S>& m1,
                                                          const Vector3& discAxis, const Vector3& planeNormal,
                                                          double radius) {
  using std::sqrt;
  RollingDiscFrame<S> f;
  const Vec3<S> n0 = m0.orientation * planeNormal.cast<S>();
  const Vec3<S> w1 = m1.orientation * discAxis.cast<S>();
  Vec3<S> forward = w1.cross(n0);
  // a disc lying flat (w1 parallel to n0) has no rolling direction: the rows and loads of the
  // lateral and forward axes become zero (a joint's solver then reports a singular matrix)
  const S length = sqrt(forward.squaredNorm());
  if (ValueOf(length) > 0.) forward /= length;
  f.w3 = w1.cross(forward);
  f.A_0J.col(0) = n0.cross(forward);
  f.A_0J.col(1) = forward;
  f.A_0J.col(2) = n0;
  f.p_C = m1.position + S(radius) * f.w3;
  f.omega0 = m0.orientation * m0.angularVelocityLocal;
  f.omega1 = m1.orientation * m1.angularVelocityLocal;
  return f;
}

// v_C1 - v_C0: the disc's material point at the contact relative to the plane's (global axes).
template <class S> Vec3<S> RollingDiscSlipVelocity(const RollingDiscFrame<S>& f, const MarkerData<S>& m0,
                                                   const MarkerData<S>& m1, double radius) {
  return m1.velocity + f.omega1.cross(S(radius) * f.w3) - (m0.velocity + f.omega0.cross(Vec3<S>(f.p_C - m0.position)));
}

// Velocity of the contact point along its trail relative to the plane (not of a material point):
// d/dt(p_m1 + r w3) with w3 differentiated through wForward, minus the plane's point velocity.
Vector3 RollingDiscTrailVelocity(const RollingDiscFrame<double>& f, const MarkerData<double>& m0,
                                 const MarkerData<double>& m1, const Vector3& discAxis, double radius);

}  // namespace multidyn
