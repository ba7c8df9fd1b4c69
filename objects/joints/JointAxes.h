// The constraint equations of a joint between two joint frames J0, J1 whose six axes are each
// locked or free (ObjectJointGeneric, ObjectJointPrismaticX, ObjectJointSpherical); see
// docs/theory/GenericJoint.md. Axes 0..2 are translations, 3..5 rotations about the axes of J0.
//   translations: g_k = t_k0 . (p_m1 - p_m0) - u_k, t_k0 column k of A_0J0 (or of I: global axes)
//   rotations:    g_k = a . b, a a column of A_0J0, b a column of A_0J1, chosen as Exudyn does
//                 (three locked: z0.y1, z0.x1, x0.y1; two locked, free f: f0.l1 for each locked
//                 l; one locked l, free f1 < f2: f1_0.f2_1)
// Only the locked axes have an equation (and a multiplier), in axis order.
#pragma once

#include <array>
#include <vector>

#include "core/foundation/Kinematics.h"
#include "core/foundation/OutputVariableType.h"

namespace multidyn {

using Vector6 = Eigen::Matrix<double, 6, 1>;

// The joint frames' axes and relative motion, global: A_0Ji = A_0Mi * A_MiJi, omega_i the
// angular velocity of frame Ji.
template <class S> struct JointFrames {
  Mat3<S> A_0J0 = Mat3<S>::Identity();
  Mat3<S> A_0J1 = Mat3<S>::Identity();
  Vec3<S> p_M0M1 = Vec3<S>::Zero();  // p_m1 - p_m0 [m]
  Vec3<S> v_M0M1 = Vec3<S>::Zero();  // v_m1 - v_m0 [m/s]
  Vec3<S> omega0 = Vec3<S>::Zero();  // [rad/s]
  Vec3<S> omega1 = Vec3<S>::Zero();
};

// Frames of two markers turned by constant rotations A_M0J0, A_M1J1; the velocities only where
// they are read (velocity-level equations, outputs), else they stay zero.
template <class S> JointFrames<S> JointFramesOf(const MarkerData<S>& m0, const MarkerData<S>& m1, const Matrix3& A_M0J0,
                                                const Matrix3& A_M1J1, bool withVelocities) {
  JointFrames<S> f;
  f.A_0J0 = RotatedBy(m0.orientation, A_M0J0);
  f.A_0J1 = RotatedBy(m1.orientation, A_M1J1);
  f.p_M0M1 = m1.position - m0.position;
  if (withVelocities) {
    f.v_M0M1 = m1.velocity - m0.velocity;
    f.omega0 = m0.orientation * m0.angularVelocityLocal;
    f.omega1 = m1.orientation * m1.angularVelocityLocal;
  }
  return f;
}

// constrainedAxes (Exudyn's flags, 1 = locked) as N locked axes; entries beyond the list are free
// (CheckLockedAxes refuses such a list where the item is checked).
template <std::size_t N> std::array<bool, N> LockedAxes(const std::vector<Index>& constrainedAxes) {
  std::array<bool, N> locked{};
  for (std::size_t k = 0; k < N && k < constrainedAxes.size(); ++k) locked[k] = constrainedAxes[k] != 0;
  return locked;
}
// Throws ValueError unless constrainedAxes has `size` entries, each 0 or 1.
void CheckLockedAxes(const std::vector<Index>& constrainedAxes, std::size_t size);

class JointAxes {
 public:
  // locked[k]: axis k has an equation. globalTranslations: translations along the global axes
  // (Exudyn does so when all three are locked, and always in the spherical joint).
  JointAxes(const std::array<bool, 6>& locked, bool globalTranslations)
      : locked_(locked), globalTranslations_(globalTranslations) {
    const int lockedRotations = int(locked[3]) + int(locked[4]) + int(locked[5]);
    int free[3] = {0, 0, 0}, numberOfFree = 0;
    for (int axis = 0; axis < 3; ++axis)
      if (!locked[3 + axis]) free[numberOfFree++] = axis;
    for (int axis = 0; axis < 3; ++axis) {
      if (!locked[3 + axis]) continue;
      RotationEquation& e = rotations_[numberOfRotations_++];
      if (lockedRotations == 3) {
        static const int column0[3] = {2, 2, 0}, column1[3] = {1, 0, 1};
        e.column0 = column0[axis];
        e.column1 = column1[axis];
      } else if (lockedRotations == 2) {
        e.column0 = free[0];
        e.column1 = axis;
      } else {
        e.column0 = free[0];
        e.column1 = free[1];
      }
    }
    for (int k = 0; k < 3; ++k) numberOfTranslations_ += int(locked[k]);
  }

  Index NumberOfEquations() const { return numberOfTranslations_ + numberOfRotations_; }
  bool GlobalTranslations() const { return globalTranslations_; }

  // g at position level (offset u: translations 0..2, the rotation offset is already in A_0J0),
  // or its time derivative with the offset rates u_t (velocity level).
  template <class S>
  void Equations(const JointFrames<S>& f, const Vector6& offset, bool velocityLevel, VecX<S>& g) const {
    g.resize(NumberOfEquations());
    Index row = 0;
    for (int k = 0; k < 3; ++k) {
      if (!locked_[k]) continue;
      if (globalTranslations_) {
        g(row) = (velocityLevel ? f.v_M0M1(k) : f.p_M0M1(k)) - offset(k);
      } else {
        const Vec3<S> t = f.A_0J0.col(k);
        g(row) = velocityLevel ? S(t.dot(f.v_M0M1) + f.omega0.cross(t).dot(f.p_M0M1) - offset(k))
                               : S(t.dot(f.p_M0M1) - offset(k));
      }
      ++row;
    }
    for (int r = 0; r < numberOfRotations_; ++r, ++row) {
      const Vec3<S> a = f.A_0J0.col(rotations_[r].column0);
      const Vec3<S> b = f.A_0J1.col(rotations_[r].column1);
      g(row) = velocityLevel ? S(f.omega0.cross(a).dot(b) + a.dot(f.omega1.cross(b))) : S(a.dot(b));
    }
  }

  // -C_q^T lambda: from dg_k = t.(dp_1 - dp_0) + dphi_0.(t x dp) and d(a.b) = (dphi_0 - dphi_1).(a x b).
  template <class S> void Loads(const JointFrames<S>& f, const VectorX& lambda, MarkerLoad<S> loads[2]) const {
    Vec3<S> force = Vec3<S>::Zero(), torque0 = Vec3<S>::Zero(), torque1 = Vec3<S>::Zero();
    Index row = 0;
    for (int k = 0; k < 3; ++k) {
      if (!locked_[k]) continue;
      if (globalTranslations_) {
        force(k) += S(lambda(row));
      } else {
        const Vec3<S> t = f.A_0J0.col(k);
        force += S(lambda(row)) * t;
        torque0 -= S(lambda(row)) * t.cross(f.p_M0M1);
      }
      ++row;
    }
    for (int r = 0; r < numberOfRotations_; ++r, ++row) {
      const Vec3<S> axb = f.A_0J0.col(rotations_[r].column0).cross(Vec3<S>(f.A_0J1.col(rotations_[r].column1)));
      torque0 -= S(lambda(row)) * axb;
      torque1 += S(lambda(row)) * axb;
    }
    loads[0].force = force;
    loads[1].force = -force;
    loads[0].torque = torque0;
    loads[1].torque = torque1;
  }

  // The multipliers per axis, 0 on free axes (Exudyn's six multipliers).
  Vector6 MultipliersPerAxis(const VectorX& lambda) const {
    Vector6 perAxis = Vector6::Zero();
    Index row = 0;
    for (int k = 0; k < 6; ++k)
      if (locked_[k]) perAxis(k) = lambda(row++);
    return perAxis;
  }

 private:
  struct RotationEquation {  // g = (column0 of A_0J0) . (column1 of A_0J1)
    int column0 = 0, column1 = 0;
  };
  std::array<bool, 6> locked_;
  bool globalTranslations_;
  int numberOfTranslations_ = 0;
  int numberOfRotations_ = 0;
  std::array<RotationEquation, 3> rotations_;
};

// The outputs of joints between frames (Exudyn's ObjectJointGeneric and ObjectJointPrismaticX):
// Position, Velocity (of marker 0), DisplacementLocal, VelocityLocal, Rotation (Tait-Bryan xyz of
// A_J0J1), AngularVelocityLocal (in J0), ForceLocal, TorqueLocal (multipliers per axis, the
// translational ones turned into J0 where they are global). False for other types.
bool JointFrameOutput(OutputVariableType type, const JointAxes& axes, const JointFrames<double>& frames,
                      const MarkerData<double>& m0, const VectorX& lambda, VectorX& value);

}  // namespace multidyn
