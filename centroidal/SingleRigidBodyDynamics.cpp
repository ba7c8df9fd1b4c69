#include "centroidal/SingleRigidBodyDynamics.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "centroidal/SparseAlgebra.h"

namespace multidyn {
namespace centroidal {

SingleRigidBodyDynamics::SingleRigidBodyDynamics(double mass, const Matrix3d& inertia_b, int eeCount)
    : DynamicModel(mass, eeCount), inertia_b_(inertia_b) {
  if (!inertia_b.allFinite()) throw std::invalid_argument("inertia: expected 9 finite values");
  const double asymmetry = (inertia_b - inertia_b.transpose()).cwiseAbs().maxCoeff();
  if (asymmetry > 1e-12 * std::max(1., inertia_b.cwiseAbs().maxCoeff()))
    throw std::invalid_argument("inertia: expected a symmetric 3 x 3 tensor, |I - I^T| = " + std::to_string(asymmetry));
}

SingleRigidBodyDynamics::SingleRigidBodyDynamics(double mass, double Ixx, double Iyy, double Izz, double Ixy,
                                                 double Ixz, double Iyz, int eeCount)
    : SingleRigidBodyDynamics(mass, BuildInertiaTensor(Ixx, Iyy, Izz, Ixy, Ixz, Iyz), eeCount) {}

Matrix3d SingleRigidBodyDynamics::BuildInertiaTensor(double Ixx, double Iyy, double Izz, double Ixy, double Ixz,
                                                     double Iyz) {
  Matrix3d inertia;
  inertia << Ixx, -Ixy, -Ixz, -Ixy, Iyy, -Iyz, -Ixz, -Iyz, Izz;
  return inertia;
}

Vector6d SingleRigidBodyDynamics::GetDynamicViolation() const {
  Vector3d forceSum = Vector3d::Zero();
  Vector3d momentAboutCom = Vector3d::Zero();
  for (int e = 0; e < GetEECount(); ++e) {
    forceSum += ee_force_[e];
    momentAboutCom += (ee_pos_[e] - com_pos_).cross(ee_force_[e]);
  }
  const Matrix3d inertia_W = GetInertiaInWorld();
  Vector6d violation;
  violation.head<3>() = inertia_W * omega_dot_ + omega_.cross(inertia_W * omega_) - momentAboutCom;
  violation.tail<3>() = m() * com_acc_ - forceSum + Vector3d(0., 0., m() * g());
  return violation;
}

// c enters only through the moment arms: d(-(p_e - c) x f_e)/dc = -[f_e]x
Jacobian SingleRigidBodyDynamics::GetJacobianWrtBaseLin(const Jacobian& jac_base_lin_pos,
                                                        const Jacobian& jac_base_lin_acc) const {
  CheckJacobian3(jac_base_lin_pos, "jac_base_lin_pos");
  CheckJacobian3(jac_base_lin_acc, "jac_base_lin_acc");
  if (jac_base_lin_pos.cols() != jac_base_lin_acc.cols())
    throw std::invalid_argument("jac_base_lin_acc: expected " + std::to_string(jac_base_lin_pos.cols()) +
                                " columns as jac_base_lin_pos, got " + std::to_string(jac_base_lin_acc.cols()));
  Matrix3d forceCrossSum = Matrix3d::Zero();
  for (const Vector3d& f : ee_force_) forceCrossSum += CrossMatrix(f);
  const Jacobian angular = MultiplyBlock(-forceCrossSum, jac_base_lin_pos);
  const Jacobian linear = m() * jac_base_lin_acc;
  return StackAngularLinear(angular, linear);
}

// Only the angular rows depend on the orientation, through I_W = R I_b R^T, omega and omegaDot:
//   d(I_W v)/du = dR/du (I_b R^T v) + R I_b d(R^T v)/du + I_W dv/du        (v = omegaDot or omega)
//   d(omega x h)/du = [omega]x dh/du - [h]x domega/du                    (h = I_W omega)
Jacobian SingleRigidBodyDynamics::GetJacobianWrtBaseAng(const EulerConverter& base_angular, double t) const {
  base_angular.CheckTime(t);
  const Matrix3d R = base_angular.GetRotationMatrixBaseToWorld();
  if ((R - w_R_b_).cwiseAbs().maxCoeff() > 1e-9)
    throw std::invalid_argument("base_angular: its rotation matrix differs from the w_R_b given to SetCurrent");
  const Matrix3d inertia_W = GetInertiaInWorld();
  const int n = base_angular.GetVariableCount();
  const Jacobian jacOmega = base_angular.GetDerivOfAngVelWrtEulerNodes();
  const Jacobian jacOmegaDot = base_angular.GetDerivOfAngAccWrtEulerNodes();

  auto derivativeOfInertiaTimes = [&](const Vector3d& v, const Jacobian& jacV) {
    Jacobian d = base_angular.DerivOfRotVecMult(inertia_b_ * R.transpose() * v, false) +
                 MultiplyBlock(R * inertia_b_, base_angular.DerivOfRotVecMult(v, true)) +
                 MultiplyBlock(inertia_W, jacV);
    return d;
  };
  const Jacobian jacMomentum = derivativeOfInertiaTimes(omega_, jacOmega);
  const Jacobian angular = derivativeOfInertiaTimes(omega_dot_, jacOmegaDot) +
                           MultiplyBlock(CrossMatrix(omega_), jacMomentum) -
                           MultiplyBlock(CrossMatrix(inertia_W * omega_), jacOmega);
  return StackAngularLinear(angular, Jacobian(3, n));
}

Jacobian SingleRigidBodyDynamics::GetJacobianWrtForce(const Jacobian& ee_force, int ee) const {
  CheckEndEffector(ee);
  CheckJacobian3(ee_force, "ee_force");
  const Jacobian angular = MultiplyBlock(CrossMatrix(com_pos_ - ee_pos_[ee]), ee_force);
  const Jacobian linear = -ee_force;
  return StackAngularLinear(angular, linear);
}

Jacobian SingleRigidBodyDynamics::GetJacobianWrtEEPos(const Jacobian& ee_pos, int ee) const {
  CheckEndEffector(ee);
  CheckJacobian3(ee_pos, "ee_pos");
  const Jacobian angular = MultiplyBlock(CrossMatrix(ee_force_[ee]), ee_pos);
  return StackAngularLinear(angular, Jacobian(3, ee_pos.cols()));
}

}  // namespace centroidal
}  // namespace multidyn
