// The motion of the links of an ObjectKinematicTree in one configuration: each link's pose
// relative to its parent and to the global frame, its velocities and (if asked) accelerations.
// Fixed capacity (the most links a kernel of scalar S handles), so that an evaluation allocates
// nothing.
#pragma once

#include <array>

#include "core/foundation/Types.h"

namespace multidyn {

template <class S> struct KinematicTreeMotion {
  static constexpr int capacity = MaxLocalCoordinates<S>::value;
  Index numberOfLinks = 0;
  std::array<Mat3<S>, capacity> A_PL;  // link axes -> parent axes (parent: the base for root links)
  std::array<Vec3<S>, capacity> p_PL;  // link origin (joint point) in parent axes, from the parent's origin
  std::array<Vec3<S>, capacity> omega_L;  // angular velocity, link axes [rad/s]
  // With global poses only (ObjectKinematicTree::ComputeMotion's globalPoses):
  std::array<Mat3<S>, capacity> A_0L;  // link axes -> global axes
  std::array<Vec3<S>, capacity> p_0L;  // link origin, global
  std::array<Vec3<S>, capacity> v_L;  // velocity of the link origin, link axes [m/s]
  // With accelerations only: angular acceleration [rad/s^2] and acceleration of the link origin
  // [m/s^2], link axes; in the equations of motion the base accelerates with -gravity, so that
  // gravity enters as an inertial force.
  std::array<Vec3<S>, capacity> alpha_L;
  std::array<Vec3<S>, capacity> a_L;
};

}  // namespace multidyn
