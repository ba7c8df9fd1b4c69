// What an item needs to read the coordinate of a revolute joint object (ObjectJointRevoluteZ,
// ObjectJointRevolute2D): its two markers and the rotations from marker to joint frames.
#pragma once

#include <array>
#include <string>

#include "core/MainSystem.h"

namespace multidyn {

struct RevoluteJointFrames {
  std::array<MarkerIndex, 2> markers;
  Matrix3 rotation0 = Matrix3::Identity(), rotation1 = Matrix3::Identity();  // A_MiJi (identity for 2D)
};

// The frames of object `joint`; throws TypeError naming `parameter` if it is no revolute joint or
// a side has no rotation to measure (and to apply a torque to): the joint must connect rigid
// bodies or ground.
RevoluteJointFrames ResolveRevoluteJoint(const MainSystem& system, Index joint, const std::string& parameter);

}  // namespace multidyn
