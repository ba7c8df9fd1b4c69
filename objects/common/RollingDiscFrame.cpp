#include "objects/common/RollingDiscFrame.h"

namespace multidyn {

Vector3 RollingDiscTrailVelocity(const RollingDiscFrame<double>& f, const MarkerData<double>& m0,
                                 const MarkerData<double>& m1, const Vector3& discAxis, double radius) {
  const Vector3 n0 = f.A_0J.col(2), w1 = m1.orientation * discAxis;
  const Vector3 w1_t = f.omega1.cross(w1), n0_t = f.omega0.cross(n0);
  const Vector3 forward = w1.cross(n0), forward_t = w1_t.cross(n0) + w1.cross(n0_t);
  const double length = forward.norm();
  Vector3 w3_t = Vector3::Zero();
  if (length > 0.) {
    const Vector3 unitForward_t = (forward_t - forward * (forward.dot(forward_t) / (length * length))) / length;
    w3_t = w1_t.cross(f.A_0J.col(1)) + w1.cross(unitForward_t);
  }
  return m1.velocity + radius * w3_t - (m0.velocity + f.omega0.cross(Vector3(f.p_C - m0.position)));
}

}  // namespace multidyn
