#include "objects/joints/JointAxes.h"

#include <string>

#include "core/foundation/Errors.h"
#include "core/foundation/Rotations.h"

namespace multidyn {

void CheckLockedAxes(const std::vector<Index>& constrainedAxes, std::size_t size) {
  bool valid = constrainedAxes.size() == size;
  for (Index flag : constrainedAxes) valid = valid && (flag == 0 || flag == 1);
  if (valid) return;
  std::string given = "[";
  for (std::size_t k = 0; k < constrainedAxes.size(); ++k)
    given += (k ? ", " : "") + std::to_string(constrainedAxes[k]);
  throw ValueError("parameter 'constrainedAxes': expected " + std::to_string(size) +
                   " flags, each 0 (free axis) or 1 (locked axis), got " + given + "]");
}

bool JointFrameOutput(OutputVariableType type, const JointAxes& axes, const JointFrames<double>& frames,
                      const MarkerData<double>& m0, const VectorX& lambda, VectorX& value) {
  const Matrix3& A_0J0 = frames.A_0J0;
  switch (type) {
    case OutputVariableType::Position: value = m0.position; return true;
    case OutputVariableType::Velocity: value = m0.velocity; return true;
    case OutputVariableType::DisplacementLocal: value = A_0J0.transpose() * frames.p_M0M1; return true;
    case OutputVariableType::VelocityLocal: value = A_0J0.transpose() * frames.v_M0M1; return true;
    case OutputVariableType::Rotation: value = RotationMatrixToRotXYZ(A_0J0.transpose() * frames.A_0J1); return true;
    case OutputVariableType::AngularVelocityLocal:
      value = A_0J0.transpose() * (frames.omega1 - frames.omega0);
      return true;
    case OutputVariableType::ForceLocal: {
      const Vector3 force = axes.MultipliersPerAxis(lambda).head<3>();
      value = axes.GlobalTranslations() ? Vector3(A_0J0.transpose() * force) : force;
      return true;
    }
    case OutputVariableType::TorqueLocal: value = axes.MultipliersPerAxis(lambda).tail<3>(); return true;
    default: return false;
  }
}

}  // namespace multidyn
