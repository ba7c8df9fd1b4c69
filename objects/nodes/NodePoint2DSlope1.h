// A planar point with a slope vector, the node of ANCF cable elements (ObjectANCFCable2D): four
// displacement coordinates (ODE2), q = [u_x, u_y, u'_x, u'_y]; with the reference values
// [r_x, r_y, r'_x, r'_y] its position is p = [r_x + u_x, r_y + u_y, 0] and its slope
// r' = dr/dx (the derivative along the cable's axial reference coordinate) = [r'_x + u'_x, r'_y + u'_y].
#pragma once

#include <cmath>

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

  // The node's frame turns with the slope s = r' (as Exudyn's, which lets MarkerNodeRigid use it, e.g.
  // for a torque at a cable's end): A_0N = Rz(theta), theta = atan2(s_y, s_x), so its x-axis is s/|s|.
  // The rotation parameters are the slope coordinates: omega_z = (s_x s_y_t - s_y s_x_t)/|s|^2, so
  // G = [0; 0; (-s_y, s_x)/|s|^2] (3 x 2) and d(G)/dt s_t = -2 (s . s_t) omega_z/|s|^2 e_z.
  bool ProvidesOrientation() const override { return true; }
  // [0, 0, theta] with theta = atan2(s_y, s_x) in (-pi, pi]
  Vector3 RotationOutput(const NodeCoordinates<double>& c) const override {
    return Vector3(0., 0., std::atan2(c.q(3), c.q(2)));
  }

  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    using std::sqrt;
    const S sx = c.q(2), sy = c.q(3), sx_t = c.q_t(2), sy_t = c.q_t(3);
    // a zero slope (a cable compressed to a point) has no direction: the frame stays the global one
    const S lengthSquared = sx * sx + sy * sy;
    const bool hasDirection = lengthSquared > S(0.);
    const S inverseSquared = hasDirection ? S(1.) / lengthSquared : S(0.);
    const S inverseLength = hasDirection ? S(1.) / sqrt(lengthSquared) : S(0.);
    const S cosTheta = hasDirection ? sx * inverseLength : S(1.), sinTheta = sy * inverseLength;
    const S omega = (sx * sy_t - sy * sx_t) * inverseSquared;
    k.position << c.q(0), c.q(1), S(0.);
    k.velocity << c.q_t(0), c.q_t(1), S(0.);
    k.rotation << cosTheta, -sinTheta, S(0.), sinTheta, cosTheta, S(0.), S(0.), S(0.), S(1.);
    k.G.setZero(3, 2);  // omega about z in global and in node axes
    k.G(2, 0) = -sy * inverseSquared;
    k.G(2, 1) = sx * inverseSquared;
    k.Glocal = k.G;
    k.angularVelocityLocal << S(0.), S(0.), omega;
    k.Glocal_tTheta_t << S(0.), S(0.), S(-2.) * (sx * sx_t + sy * sy_t) * omega * inverseSquared;
    k.numberOfCoordinates = 4;
    k.positionCoordinates = 2;
    k.rotationStart = 2;
    k.hasOrientation = true;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }

  Vector4 referenceCoordinates = (Vector4() << 0., 0., 1., 0.).finished();  // straight along x
  Vector4 initialCoordinates = Vector4::Zero();
  Vector4 initialVelocities = Vector4::Zero();
  BasicVisualization visualization;
};

}  // namespace multidyn
