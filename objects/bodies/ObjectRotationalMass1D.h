// A rotor on the coordinate of a Node1D, turning about the z-axis of its constant frame
// (see docs/theory/Mass1D.md): J psi_tt = tau, with the total angle theta = c_ref + c,
//   A = A_0 Rz(theta),  omega = A_0 e_z psi_t,  p = p_ref + A b;  J_rot = A_0 e_z.
#pragma once

#include <cmath>

#include "objects/bodies/Node1DBody.h"

namespace multidyn {

class ObjectRotationalMass1D : public Node1DBody<ObjectRotationalMass1D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  double Coefficient() const { return inertia; }
  bool GetBodyOutput(OutputVariableType type, const SystemView& system, const SystemState& state,
                     const Vector3& localPosition, VectorX& value) const override;

  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    using std::cos;
    using std::sin;
    const S theta = nodes[0].position(0), theta_t = nodes[0].velocity(0);  // Node1D: [c_ref + c, 0, 0], [c_t, 0, 0]
    const S c = cos(theta), s = sin(theta);
    Mat3<S> rotationZ;
    rotationZ << c, -s, S(0.), s, c, S(0.), S(0.), S(0.), S(1.);
    const Mat3<S> A = referenceRotation.cast<S>() * rotationZ;
    const Vec3<S> axis = referenceRotation.col(2).cast<S>();  // omega = axis * theta_t
    const Vec3<S> arm = A * localPosition.cast<S>();
    frame.position = referencePosition.cast<S>() + arm;
    frame.velocity = axis.cross(arm) * theta_t;
    frame.orientation = A;
    frame.angularVelocityLocal = Vec3<S>(S(0.), S(0.), theta_t);
    frame.positionJacobian = axis.cross(arm);
    frame.rotationJacobian = axis;
  }

  double inertia = 0.;
};

}  // namespace multidyn
