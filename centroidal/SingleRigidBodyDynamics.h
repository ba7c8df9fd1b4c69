// Single-rigid-body (centroidal) dynamics of a legged robot: the whole robot is one rigid body
// with constant inertia about its centre of mass (legs massless), pushed by point forces at
// the feet and pulled by gravity. Newton-Euler about the CoM, in world coordinates:
//   g_ang = I_W omegaDot + omega x (I_W omega) - sum_e (p_e - c) x f_e,   I_W = R I_b R^T
//   g_lin = m cDDot - sum_e f_e + (0, 0, m g)
// Theory and Jacobian derivations: docs/theory/CentroidalDynamics.md.
#pragma once

#include "centroidal/DynamicModel.h"

namespace multidyn {
namespace centroidal {

class SingleRigidBodyDynamics : public DynamicModel {
 public:
  // inertia_b: 3 x 3 inertia tensor [kg*m^2] about the CoM in base axes (symmetric, finite)
  SingleRigidBodyDynamics(double mass, const Matrix3d& inertia_b, int eeCount);
  // the six scalars; products of inertia are integrals (Ixy = int x y dm) and enter the
  // tensor negated: [[Ixx, -Ixy, -Ixz], [-Ixy, Iyy, -Iyz], [-Ixz, -Iyz, Izz]]
  SingleRigidBodyDynamics(double mass, double Ixx, double Iyy, double Izz, double Ixy, double Ixz, double Iyz,
                          int eeCount);

  // the tensor in base axes, from the six scalars as described above
  static Matrix3d BuildInertiaTensor(double Ixx, double Iyy, double Izz, double Ixy, double Ixz, double Iyz);

  const Matrix3d& GetInertiaInBase() const { return inertia_b_; }
  Matrix3d GetInertiaInWorld() const { return w_R_b_ * inertia_b_ * w_R_b_.transpose(); }

  Vector6d GetDynamicViolation() const override;
  Jacobian GetJacobianWrtBaseLin(const Jacobian& jac_base_lin_pos, const Jacobian& jac_base_lin_acc) const override;
  Jacobian GetJacobianWrtBaseAng(const EulerConverter& base_angular, double t) const override;
  Jacobian GetJacobianWrtForce(const Jacobian& ee_force, int ee) const override;
  Jacobian GetJacobianWrtEEPos(const Jacobian& ee_pos, int ee) const override;

 private:
  Matrix3d inertia_b_;
};

}  // namespace centroidal
}  // namespace multidyn
