// The dynamics of a legged robot as a trajectory optimiser sees them: given the state and the
// foot forces at one instant, the 6-vector violation g = (angular; linear) of the equations of
// motion, and its Jacobians with respect to the optimisation variables. Every quantity is in
// world coordinates (W); gravity g [m/s^2] is positive and acts along -z.
#pragma once

#include "centroidal/CentroidalTypes.h"
#include "centroidal/EulerConverter.h"

namespace multidyn {
namespace centroidal {

class DynamicModel {
 public:
  static constexpr double kGravity = 9.80665;  // [m/s^2], standard gravity

  virtual ~DynamicModel() = default;

  double m() const { return mass_; }  // [kg]
  double g() const { return gravity_; }  // [m/s^2], positive
  int GetEECount() const { return eeCount_; }

  // The state and input at one instant, all in world coordinates: CoM position [m] and
  // acceleration [m/s^2], base-to-world rotation, angular velocity [rad/s] and acceleration
  // [rad/s^2], and per end-effector the force [N] and the point where it acts [m].
  // Throws std::invalid_argument on a count mismatch, non-finite values or a w_R_b that is
  // not a proper rotation (orthonormal, det +1, to 1e-6).
  void SetCurrent(const Vector3d& com_W, const Vector3d& com_acc_W, const Matrix3d& w_R_b, const Vector3d& omega_W,
                  const Vector3d& omega_dot_W, const EndEffectorVectors& force_W, const EndEffectorVectors& pos_W);

  // The 6-dimension generalized force violation (angular, linear) at the current values.
  virtual Vector6d GetDynamicViolation() const = 0;
  // d g/du from the 3 x n Jacobians of the CoM position and acceleration
  virtual Jacobian GetJacobianWrtBaseLin(const Jacobian& jac_base_lin_pos, const Jacobian& jac_base_lin_acc) const = 0;
  // d g/du for the variables of the base orientation (Euler angles at time t)
  virtual Jacobian GetJacobianWrtBaseAng(const EulerConverter& base_angular, double t) const = 0;
  // d g/du from the 3 x n Jacobian of the force of end-effector ee
  virtual Jacobian GetJacobianWrtForce(const Jacobian& ee_force, int ee) const = 0;
  // d g/du from the 3 x n Jacobian of the position of end-effector ee
  virtual Jacobian GetJacobianWrtEEPos(const Jacobian& ee_pos, int ee) const = 0;

 protected:
  DynamicModel(double mass, int eeCount);

  // throws std::out_of_range unless 0 <= ee < GetEECount()
  void CheckEndEffector(int ee) const;

  Vector3d com_pos_ = Vector3d::Zero();
  Vector3d com_acc_ = Vector3d::Zero();
  Matrix3d w_R_b_ = Matrix3d::Identity();
  Vector3d omega_ = Vector3d::Zero();
  Vector3d omega_dot_ = Vector3d::Zero();
  EndEffectorVectors ee_force_;
  EndEffectorVectors ee_pos_;

 private:
  double mass_;
  double gravity_ = kGravity;
  int eeCount_;
};

}  // namespace centroidal
}  // namespace multidyn
