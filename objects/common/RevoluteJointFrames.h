// What an item needs to read the coordinate of a revolute joint object (ObjectJointRevoluteZ,
// ObjectJointRevolute2D): its two markers (structural: resolved once by the item's Check) and
// the rotations from marker to joint frames (run-time parameters of the joint: read when used).
#pragma once

#include <array>
#include <string>

#include "core/items/SystemView.h"

namespace multidyn {

// The markers of object `joint`; throws TypeError naming `parameter` if it is no revolute joint
// or a side has no rotation to measure (and to apply a torque to): the joint must connect rigid
// bodies or ground.
std::array<MarkerIndex, 2> ResolveRevoluteJoint(const SystemView& system, Index joint, const std::string& parameter);

// The joint's rotations A_M0J0, A_M1J1 from marker to joint frames (identity for the 2D joint);
// `joint` has passed ResolveRevoluteJoint.
void RevoluteJointRotations(const Object& joint, Matrix3& rotation0, Matrix3& rotation1);

}  // namespace multidyn
