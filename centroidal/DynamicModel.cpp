#include "centroidal/DynamicModel.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace multidyn {
namespace centroidal {

namespace {

void CheckEndEffectorVectors(const EndEffectorVectors& vectors, int eeCount, const std::string& what) {
  if (static_cast<int>(vectors.size()) != eeCount)
    throw std::invalid_argument(what + ": expected one 3-vector per end-effector (" + std::to_string(eeCount) +
                                "), got " + std::to_string(vectors.size()));
  for (size_t e = 0; e < vectors.size(); ++e) CheckFinite(vectors[e], what + "[" + std::to_string(e) + "]");
}

}  // namespace

DynamicModel::DynamicModel(double mass, int eeCount) : mass_(mass), eeCount_(eeCount) {
  if (!(std::isfinite(mass) && mass > 0.))
    throw std::invalid_argument("mass: expected a finite value > 0, got " + std::to_string(mass));
  if (eeCount < 0) throw std::invalid_argument("eeCount: expected >= 0, got " + std::to_string(eeCount));
  ee_force_.assign(static_cast<size_t>(eeCount), Vector3d::Zero());
  ee_pos_.assign(static_cast<size_t>(eeCount), Vector3d::Zero());
}

void DynamicModel::CheckEndEffector(int ee) const {
  if (ee < 0 || ee >= eeCount_)
    throw std::out_of_range("ee: expected an end-effector index in [0, " + std::to_string(eeCount_) + "), got " +
                            std::to_string(ee));
}

void DynamicModel::SetCurrent(const Vector3d& com_W, const Vector3d& com_acc_W, const Matrix3d& w_R_b,
                              const Vector3d& omega_W, const Vector3d& omega_dot_W, const EndEffectorVectors& force_W,
                              const EndEffectorVectors& pos_W) {
  CheckFinite(com_W, "com_W");
  CheckFinite(com_acc_W, "com_acc_W");
  if (!w_R_b.allFinite()) throw std::invalid_argument("w_R_b: expected 9 finite values");
  const double orthonormalityError = (w_R_b.transpose() * w_R_b - Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (orthonormalityError > 1e-6 || w_R_b.determinant() < 0.)
    throw std::invalid_argument("w_R_b: expected a rotation matrix (R^T R = I to 1e-6, det = +1); |R^T R - I| = " +
                                std::to_string(orthonormalityError) + ", det = " + std::to_string(w_R_b.determinant()));
  CheckFinite(omega_W, "omega_W");
  CheckFinite(omega_dot_W, "omega_dot_W");
  CheckEndEffectorVectors(force_W, eeCount_, "force_W");
  CheckEndEffectorVectors(pos_W, eeCount_, "pos_W");
  com_pos_ = com_W;
  com_acc_ = com_acc_W;
  w_R_b_ = w_R_b;
  omega_ = omega_W;
  omega_dot_ = omega_dot_W;
  ee_force_ = force_W;
  ee_pos_ = pos_W;
}

}  // namespace centroidal
}  // namespace multidyn
