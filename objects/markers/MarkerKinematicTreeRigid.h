// Exudyn's MarkerKinematicTreeRigid: a frame on one link of an ObjectKinematicTree (position,
// orientation and their Jacobians with respect to the tree's joint coordinates), so that loads,
// connectors and joints act on the link.
#pragma once

#include <type_traits>

#include "core/items/Marker.h"
#include "objects/bodies/ObjectKinematicTree.h"

namespace multidyn {

class MarkerKinematicTreeRigid : public MarkerKernels<MarkerKinematicTreeRigid> {
 public:
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  bool ProvidesOrientation() const override { return true; }
  ObjectIndex BodyNumber() const override { return objectNumber; }
  void Check(const SystemView& system) const override;

  // Check() makes sure that the body is an ObjectKinematicTree with this link. A_0M = A_0L * A_LM;
  // omega in marker axes = A_LM^T * omega in link axes.
  template <class S> void MarkerDataOf(const Body* body, const NodeKinematics<S>* nodes, MarkerData<S>& data) const {
    const auto* tree = static_cast<const ObjectKinematicTree*>(body);
    if constexpr (std::is_same<S, double>::value)
      tree->LinkFrameOnPath(nodes[0], linkNumber, localPosition, data);
    else
      tree->LinkFrame(nodes, linkNumber, localPosition, data);
    if (localRotationMatrix == Matrix3::Identity()) return;
    data.orientation = RotatedBy(data.orientation, localRotationMatrix);
    data.angularVelocityLocal = localRotationMatrix.transpose().cast<S>() * data.angularVelocityLocal;
  }

  ObjectIndex objectNumber;
  Index linkNumber = invalidIndex;
  Vector3 localPosition = Vector3::Zero();
  Matrix3 localRotationMatrix = Matrix3::Identity();
  bool visualizationShow = true;
};

}  // namespace multidyn
