// One rotation "coordinate" of a rigid node, as Exudyn's MarkerNodeRotationCoordinate defines it
// (docs/theory/MarkerNodeRotationCoordinate.md): the Tait-Bryan xyz angle i = rotationCoordinate
// of the node's rotation matrix, its rate the global angular velocity component omega_i and its
// Jacobian row i of the node's global angular velocity Jacobian G (omega = G theta_t), which is
// the derivative of the angle only where the angles are small: the rotation linearised about the
// global axis i, as in Exudyn.
#pragma once

#include "core/foundation/Rotations.h"
#include "core/items/Marker.h"

namespace multidyn {

class MarkerNodeRotationCoordinate : public MarkerKernels<MarkerNodeRotationCoordinate> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesPosition() const override { return false; }
  bool ProvidesCoordinate() const override { return true; }
  NodeIndex NodeNumber() const override { return nodeNumber; }
  void Check(const SystemView& system) const override;

  template <class S> void MarkerDataOf(const Body*, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    const NodeKinematics<S>& node = nodes[0];
    const Index i = rotationCoordinate;
    data.position = node.position;  // the node's position, for outputs (as Exudyn's marker position)
    data.velocity = node.velocity;
    data.coordinate = RotationMatrixToRotXYZ(node.rotation)(i);
    // omega_0 = A_0N omega_N, component i
    data.coordinate_t = node.rotation.row(i).dot(node.angularVelocityLocal);
    data.coordinateJacobian.setZero(1, node.numberOfCoordinates);
    for (Index j = 0; j < node.G.cols(); ++j) data.coordinateJacobian(0, node.rotationStart + j) = node.G(i, j);
  }

  NodeIndex nodeNumber;
  Index rotationCoordinate = invalidIndex;  // 0, 1 or 2: the angle about the global x, y or z axis
  bool visualizationShow = true;
};

}  // namespace multidyn
