// Euler ZYX angles of a floating base at one instant, with the derivatives of the rotation
// matrix, the angular velocity and the angular acceleration with respect to the optimisation
// variables u that define the angles (e.g. the node values of a spline).
//
// Angles are stored as (roll x, pitch y, yaw z); the base-to-world rotation is
// w_R_b = Rz(yaw) * Ry(pitch) * Rx(roll). Angular velocity and acceleration are in world
// coordinates: omega_W = M(e) * eDot, omegaDot_W = MDot(e, eDot) * eDot + M(e) * eDDot.
// Theory: docs/theory/CentroidalDynamics.md.
#pragma once

#include <limits>

#include "centroidal/CentroidalTypes.h"

namespace multidyn {
namespace centroidal {

class EulerConverter {
 public:
  // euler = (roll, pitch, yaw) [rad], eulerDot [rad/s], eulerDDot [rad/s^2]; jac* are the
  // 3 x n Jacobians of these three with respect to the n optimisation variables (same n).
  // time [s] is optional: when finite, queries that pass a time check it matches.
  EulerConverter(const Vector3d& euler, const Vector3d& eulerDot, const Vector3d& eulerDDot, const Jacobian& jacEuler,
                 const Jacobian& jacEulerDot, const Jacobian& jacEulerDDot,
                 double time = std::numeric_limits<double>::quiet_NaN());

  int GetVariableCount() const { return static_cast<int>(jacEuler_.cols()); }
  double GetTime() const { return time_; }
  // throws std::invalid_argument if this instant has a time and t is not it
  void CheckTime(double t) const;

  const Vector3d& GetEuler() const { return euler_; }
  const Vector3d& GetEulerDot() const { return eulerDot_; }
  const Vector3d& GetEulerDDot() const { return eulerDDot_; }

  Matrix3d GetRotationMatrixBaseToWorld() const;
  Vector3d GetAngularVelocityInWorld() const;
  Vector3d GetAngularAccelerationInWorld() const;

  // d(omega_W)/du and d(omegaDot_W)/du, each 3 x n
  Jacobian GetDerivOfAngVelWrtEulerNodes() const;
  Jacobian GetDerivOfAngAccWrtEulerNodes() const;
  // d(w_R_b * v)/du for a fixed vector v, or d(w_R_b^T * v)/du if inverse; 3 x n
  Jacobian DerivOfRotVecMult(const Vector3d& v, bool inverse) const;

  // Building blocks (also used by the tests): the rotation about one axis, the matrix M
  // mapping (roll, pitch, yaw) rates to omega_W, and its partial derivatives.
  static Matrix3d RotationX(double angle);
  static Matrix3d RotationY(double angle);
  static Matrix3d RotationZ(double angle);
  static Matrix3d GetRotationMatrix(const Vector3d& euler);
  static Matrix3d GetRateMatrix(const Vector3d& euler);
  // dM/d(euler[k])
  static Matrix3d GetRateMatrixDerivative(const Vector3d& euler, int k);
  // d^2 M/(d euler[k] d euler[m])
  static Matrix3d GetRateMatrixSecondDerivative(const Vector3d& euler, int k, int m);
  // dR/d(euler[k])
  static Matrix3d GetRotationMatrixDerivative(const Vector3d& euler, int k);

 private:
  // d/dt M = sum_k dM/de_k * eDot_k
  Matrix3d GetRateMatrixTimeDerivative() const;

  Vector3d euler_, eulerDot_, eulerDDot_;
  Jacobian jacEuler_, jacEulerDot_, jacEulerDDot_;
  double time_;
};

}  // namespace centroidal
}  // namespace multidyn
