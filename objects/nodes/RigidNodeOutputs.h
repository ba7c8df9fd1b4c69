// The output variables every rigid-body node provides.
#pragma once

#include <vector>

#include "core/foundation/OutputVariableType.h"

namespace multidyn {

inline std::vector<OutputVariableType> RigidNodeOutputs() {
  using T = OutputVariableType;
  return {T::Position,        T::Displacement,         T::Velocity,
          T::Acceleration,    T::RotationMatrix,       T::Rotation,
          T::AngularVelocity, T::AngularVelocityLocal, T::AngularAcceleration,
          T::Coordinates,     T::Coordinates_t,        T::Coordinates_tt,
          T::CoordinatesTotal};
}

}  // namespace multidyn
