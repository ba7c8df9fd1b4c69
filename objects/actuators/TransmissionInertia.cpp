#include "objects/actuators/TransmissionInertia.h"

#include <cmath>

#include "core/foundation/Errors.h"
#include "objects/common/RevoluteJointFrames.h"

namespace multidyn {

VectorX TransmissionDirection(const SystemView& system, ObjectIndex joint, MarkerIndex m0, MarkerIndex m1) {
  const CompiledSystem& c = system.Compiled();
  const SystemState& state = system.State(ConfigurationType::Reference);
  // J = dq_t/dq_t(system): from the markers' Jacobians, scattered to global ODE2 indices
  VectorX J = VectorX::Zero(c.numberOfODE2);
  std::array<MarkerIndex, 2> markers = {m0, m1};
  Matrix3 A_M0J0 = Matrix3::Identity(), A_M1J1 = Matrix3::Identity();
  if (joint.IsValid()) {
    markers = ResolveRevoluteJoint(system, joint.value, "jointNumber");
    RevoluteJointRotations(system.GetObject(joint.value), A_M0J0, A_M1J1);
  }
  const MarkerData<double> data0 = system.MarkerDataOf(markers[0].value, state);
  const Vector3 axis = data0.orientation * A_M0J0.col(2);
  for (int side = 0; side < 2; ++side) {
    const MarkerData<double> data = side == 0 ? data0 : system.MarkerDataOf(markers[1].value, state);
    const auto& indices = c.markerODE2Indices[markers[side].value];
    const double sign = side == 0 ? -1. : 1.;
    for (size_t k = 0; k < indices.size(); ++k) {
      const Index i = static_cast<Index>(k);
      double value = 0.;
      if (joint.IsValid()) {
        if (i < data.rotationJacobian.cols()) value = axis.dot(data.rotationJacobian.col(i));
      } else if (i < data.coordinateJacobian.cols()) {
        value = data.coordinateJacobian(i);
      }
      J(indices[k]) += sign * value;
    }
  }
  return J;
}

}  // namespace multidyn
