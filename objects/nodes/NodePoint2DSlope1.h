// A planar point with a slope vector, the node of ANCF cable elements (ObjectANCFCable2D): four
// displacement coordinates (ODE2), q = [u_x, u_y, u'_x, u'_y]; with the reference values
// [r_x, r_y, r'_x, r'_y] its position is p = [r_x + u_x, r_y + u_y, 0] and its slope
// r' = dr/dx (the derivative along the cable's axial reference coordinate) = [r'_x + u'_x, r'_y + u'_y].
#pragma once

#include "core/items/Node.h"

namespace multidyn {

class NodePoint2DSlope1 : public NodeKernels<NodePoint2DSlope1> {
 public:
  using Vector4 = Eigen::Matrix<double, 4, 1>;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 4; }
  bool ProvidesPosition() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }

  // The slope coordinates are not a rotation: the node has no orientation of its own (a body
  // frame on the cable has one, from the slope; ObjectANCFCable2D::Frame).
  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    k.position << c.q(0), c.q(1), S(0.);
    k.velocity << c.q_t(0), c.q_t(1), S(0.);
    k.numberOfCoordinates = 4;
    k.positionCoordinates = 2;
    k.rotationStart = 4;
    k.hasOrientation = false;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector4 referenceCoordinates = (Vector4() << 0., 0., 1., 0.).finished();  // straight along x
  Vector4 initialCoordinates = Vector4::Zero();
  Vector4 initialVelocities = Vector4::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
