// A mass on the coordinate of a Node1D, moving along the x-axis of its constant frame
// (see docs/theory/Mass1D.md): m c_tt = f, with the total coordinate p_0 = c_ref + c at
//   p = p_ref + A_0 ([p_0, 0, 0] + b)   for a point b in body axes; J_pos = A_0 e_x.
#pragma once

#include "objects/bodies/Node1DBody.h"

namespace multidyn {

class ObjectMass1D : public Node1DBody<ObjectMass1D> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  double Coefficient() const { return mass; }
  bool MassAndCenterOfMass(double& m, Vector3& centerOfMass) const override {
    m = mass;
    centerOfMass.setZero();
    return true;
  }

  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    const S p0 = nodes[0].position(0), p0_t = nodes[0].velocity(0);  // Node1D: [c_ref + c, 0, 0], [c_t, 0, 0]
    frame.position = referencePosition.cast<S>() +
                     referenceRotation.cast<S>() * (Vec3<S>(p0, S(0.), S(0.)) + localPosition.cast<S>());
    frame.velocity = referenceRotation.col(0).cast<S>() * p0_t;
    frame.orientation = referenceRotation.cast<S>();
    frame.angularVelocityLocal.setZero();
    frame.positionJacobian = referenceRotation.col(0).cast<S>();
    frame.rotationJacobian = Mat3X<S>::Zero(3, 1);
  }

  double mass = 0.;
};

}  // namespace multidyn
