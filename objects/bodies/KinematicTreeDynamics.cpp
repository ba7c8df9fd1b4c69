#include "objects/bodies/KinematicTreeDynamics.h"

#include <algorithm>
#include <string>

#include "core/foundation/Errors.h"
#include "objects/bodies/ObjectKinematicTree.h"

namespace multidyn {

namespace {
using Matrix6 = KinematicTreeDynamics::Matrix6;
using Vector6 = KinematicTreeDynamics::Vector6;

// X^T B X for the motion transform X from the parent's to the link's axes (link origin p_PL and
// rotation A_PL = R in parent axes): rotate the blocks by R, then shift them by P = [p]x:
// [B11 - B12 P + P B21 - P B22 P, B12 + P B22; B21 - B22 P, B22] (B = the rotated blocks).
void AddTransformedInertia(const Matrix3& R, const Vector3& p, const Matrix6& inertia, Matrix6& parent) {
  const Matrix3 B11 = R * inertia.block<3, 3>(0, 0) * R.transpose();
  const Matrix3 B12 = R * inertia.block<3, 3>(0, 3) * R.transpose();
  const Matrix3 B22 = R * inertia.block<3, 3>(3, 3) * R.transpose();
  const Matrix3 P = Skew<double>(p);
  const Matrix3 B22P = B22 * P;
  const Matrix3 topRight = B12 + P * B22;
  parent.block<3, 3>(0, 0) += B11 - B12 * P + P * B12.transpose() - P * B22P;
  parent.block<3, 3>(0, 3) += topRight;
  parent.block<3, 3>(3, 0) += topRight.transpose();
  parent.block<3, 3>(3, 3) += B22;
}

// A spatial force [moment; force] at the link origin carried to the parent's origin, parent axes.
void AddTransformedForce(const Matrix3& R, const Vector3& p, const Vector6& f, Vector6& parent) {
  const Vector3 force = R * f.tail<3>();
  parent.head<3>() += R * f.head<3>() + p.cross(force);
  parent.tail<3>() += force;
}
// Spatial cross products (Featherstone): m x x for motions, m x* f for forces, m = [omega; v].
Vector6 CrossMotion(const Vector6& m, const Vector6& x) {
  Vector6 r;
  r.head<3>() = m.head<3>().cross(x.head<3>());
  r.tail<3>() = m.head<3>().cross(x.tail<3>()) + m.tail<3>().cross(x.head<3>());
  return r;
}
Vector6 CrossForce(const Vector6& m, const Vector6& f) {
  Vector6 r;
  r.head<3>() = m.head<3>().cross(f.head<3>()) + m.tail<3>().cross(f.tail<3>());
  r.tail<3>() = m.head<3>().cross(f.tail<3>());
  return r;
}
}  // namespace

void KinematicTreeDynamics::Resize(const ObjectKinematicTree& tree) {
  const Index n = tree.NumberOfLinks();
  tree_ = &tree;
  parent_.resize(n);
  axis_.resize(n);
  revolute_.resize(n);
  for (Index i = 0; i < n; ++i) {
    parent_[i] = tree.linkParents[i];
    axis_[i] = JointAxisIndex(tree.jointTypes[i]);
    revolute_[i] = IsRevolute(tree.jointTypes[i]);
  }
  for (auto* v : {&A_PL_, &A_0L_, &compositeInertia_}) v->assign(n, Matrix3::Zero());
  for (auto* v : {&p_PL_,
                  &p_0L_,
                  &omega_,
                  &v_,
                  &alpha_,
                  &a_,
                  &u_,
                  &alphaRotated_,
                  &bRotated_,
                  &force_,
                  &moment_,
                  &linkForceLocal_,
                  &linkTorqueLocal_,
                  &compositeFirstMoment_,
                  &dOmega_,
                  &dAlpha_,
                  &dA_,
                  &dPhi_,
                  &dForce_,
                  &dMoment_,
                  &omegaCrossP_,
                  &omegaCrossC_,
                  &Jomega_})
    v->assign(n, Vector3::Zero());
  for (auto* v : {&qd_, &qdd_, &compositeMass_, &Dinverse_, &u_solve_, &posesQ_}) v->assign(n, 0.);
  posesValid_ = false;
  articulated_.assign(n, Matrix6::Zero());
  for (auto* v : {&S_, &spatialVelocity_, &spatialAccelerationW_, &hC_, &FC_, &FextC_, &alphaC_, &eta_})
    v->assign(n, Vector6::Zero());
  IC_.assign(n, SpatialBlocks());
  BC_.assign(n, SpatialBlocks());
  PC_.assign(n, Matrix3::Zero());
  fextC_.assign(n, Vector3::Zero());
  for (auto* v : {&U_, &bias_, &spatialAcceleration_}) v->assign(n, Vector6::Zero());
  tau_q_.setZero(n, n);
  tau_q_t_.setZero(n, n);
  inSubtree_.assign(n, 0);
  forceActive_.assign(n, 0);
}

void KinematicTreeDynamics::JointPose(const Matrix3& A, const Vector3& offset, Index k, bool revolute, double q,
                                      Matrix3& A_PL, Vector3& p_PL) {
  p_PL = offset;
  if (revolute) {  // A R_k(q): R_k keeps axis k and turns the two others by q (cyclic order)
    const double c = std::cos(q), s = std::sin(q);
    const Index k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    A_PL.col(k) = A.col(k);
    A_PL.col(k1) = c * A.col(k1) + s * A.col(k2);
    A_PL.col(k2) = c * A.col(k2) - s * A.col(k1);
  } else {
    A_PL = A;
    p_PL += A.col(k) * q;
  }
}

void KinematicTreeDynamics::JointRotation(Index i, double q_i) {
  JointPose(tree_->jointTransformations[i], tree_->jointOffsets[i], axis_[i], revolute_[i], q_i, A_PL_[i], p_PL_[i]);
}

void KinematicTreeDynamics::Motion(const ObjectKinematicTree& tree, const double* q, const double* q_t,
                                   const double* q_tt, bool withGravity, bool globalPoses) {
  tree_ = &tree;
  const Index n = NumberOfLinks();
  const Vector3 zero = Vector3::Zero();
  const Vector3 baseAcceleration = withGravity ? Vector3(-tree.gravity) : zero;
  posesValid_ = true;  // jointOffsets/jointTransformations may change between solves, not within an evaluation
  for (Index i = 0; i < n; ++i) {
    const Index parent = parent_[i], k = axis_[i];
    const bool revolute = revolute_[i];
    JointRotation(i, q[i]);
    posesQ_[i] = q[i];
    const Matrix3& R = A_PL_[i];
    const Vector3& p = p_PL_[i];
    const double qd = q_t ? q_t[i] : 0.;
    qd_[i] = qd;
    const Vector3& omega_P = parent < 0 ? zero : omega_[parent];
    const Vector3 u = R.transpose() * omega_P;  // the parent's angular velocity in link axes
    u_[i] = u;
    omega_[i] = u;
    if (revolute) omega_[i](k) += qd;
    if (globalPoses) {
      const Vector3& v_P = parent < 0 ? zero : v_[parent];
      v_[i] = R.transpose() * (v_P + omega_P.cross(p));
      if (!revolute) v_[i](k) += qd;
      if (parent < 0) {
        A_0L_[i] = R;
        p_0L_[i] = tree.baseOffset + p;
      } else {
        A_0L_[i].noalias() = A_0L_[parent] * R;
        p_0L_[i] = p_0L_[parent] + A_0L_[parent] * p;
      }
    }
    if (!q_tt) continue;
    const double qdd = q_tt[i];
    qdd_[i] = qdd;
    const Vector3& alpha_P = parent < 0 ? zero : alpha_[parent];
    const Vector3& a_P = parent < 0 ? baseAcceleration : a_[parent];
    alphaRotated_[i] = R.transpose() * alpha_P;
    omegaCrossP_[i] = omega_P.cross(p);
    bRotated_[i] = R.transpose() * (a_P + alpha_P.cross(p) + omega_P.cross(omegaCrossP_[i]));
    alpha_[i] = alphaRotated_[i];
    a_[i] = bRotated_[i];
    Vector3 axisRate = zero;  // axis * q_t
    axisRate(k) = qd;
    if (revolute) {
      alpha_[i](k) += qdd;
      alpha_[i] += u.cross(axisRate);
    } else {
      a_[i](k) += qdd;
      a_[i] += 2. * u.cross(axisRate);
    }
  }
}

void KinematicTreeDynamics::InverseDynamics(const ObjectKinematicTree& tree, const double* q, const double* q_t,
                                            const double* q_tt, double* tau) {
  const bool linkLoads = !tree.linkForces.empty() || !tree.linkTorques.empty();
  Motion(tree, q, q_t, q_tt, true, linkLoads);
  const Index n = NumberOfLinks();
  for (Index i = 0; i < n; ++i) {
    const Vector3& c = tree.linkCOMs[i];
    const Vector3& w = omega_[i];
    const Vector3& alpha = alpha_[i];
    omegaCrossC_[i] = w.cross(c);
    const Vector3 a_C = a_[i] + alpha.cross(c) + w.cross(omegaCrossC_[i]);
    const Matrix3& J_C = tree.linkInertiasCOM[i];
    Jomega_[i] = J_C * w;
    force_[i] = tree.linkMasses(i) * a_C;
    moment_[i] = J_C * alpha + w.cross(Jomega_[i]) + c.cross(force_[i]);
    if (linkLoads) {
      linkForceLocal_[i] =
          tree.linkForces.empty() ? Vector3::Zero() : Vector3(A_0L_[i].transpose() * tree.linkForces[i]);
      linkTorqueLocal_[i] =
          tree.linkTorques.empty() ? Vector3::Zero() : Vector3(A_0L_[i].transpose() * tree.linkTorques[i]);
      force_[i] -= linkForceLocal_[i];
      moment_[i] -= linkTorqueLocal_[i];
    }
  }
  for (Index i = n - 1; i >= 0; --i) {
    const Index k = axis_[i];
    tau[i] = revolute_[i] ? moment_[i](k) : force_[i](k);
    const Index parent = parent_[i];
    if (parent < 0) continue;
    const Vector3 forceInParent = A_PL_[i] * force_[i];
    force_[parent] += forceInParent;
    moment_[parent] += A_PL_[i] * moment_[i] + p_PL_[i].cross(forceInParent);
  }
}

void KinematicTreeDynamics::MassMatrix(const ObjectKinematicTree& tree, const double* q, MatrixX& massMatrix) {
  Motion(tree, q, nullptr, nullptr, false, false);
  const Index n = NumberOfLinks();
  // Composite bodies (a link and all its descendants) in link axes: mass, first moment m*c and
  // inertia about the link origin, accumulated from the leaves.
  for (Index i = 0; i < n; ++i) {
    const Matrix3 cTilde = Skew<double>(tree.linkCOMs[i]);
    compositeMass_[i] = tree.linkMasses(i);
    compositeFirstMoment_[i] = tree.linkMasses(i) * tree.linkCOMs[i];
    compositeInertia_[i] = tree.linkInertiasCOM[i] - tree.linkMasses(i) * cTilde * cTilde;
  }
  for (Index i = n - 1; i >= 0; --i) {
    const Index parent = parent_[i];
    if (parent < 0) continue;
    const Matrix3& A = A_PL_[i];
    const Vector3& p = p_PL_[i];
    const Vector3 h = A * compositeFirstMoment_[i];
    const Matrix3 pTilde = Skew<double>(p), hTilde = Skew<double>(h);
    compositeMass_[parent] += compositeMass_[i];
    compositeFirstMoment_[parent] += h + compositeMass_[i] * p;
    compositeInertia_[parent] += A * compositeInertia_[i] * A.transpose() - compositeMass_[i] * pTilde * pTilde -
                                 (pTilde * hTilde + hTilde * pTilde);
  }
  // Column i: the force and moment (about the link origin) the composite body of link i needs
  // for a unit rate of joint i, carried to each ancestor j and projected on its axis.
  if (massMatrix.rows() != n || massMatrix.cols() != n) massMatrix.resize(n, n);
  massMatrix.setZero();
  for (Index i = 0; i < n; ++i) {
    const Vector3 axis = Vector3::Unit(axis_[i]);
    Vector3 force, moment;
    if (revolute_[i]) {
      force = axis.cross(compositeFirstMoment_[i]);
      moment = compositeInertia_[i] * axis;
    } else {
      force = compositeMass_[i] * axis;
      moment = compositeFirstMoment_[i].cross(axis);
    }
    massMatrix(i, i) = revolute_[i] ? moment(axis_[i]) : force(axis_[i]);
    for (Index j = i; parent_[j] >= 0;) {
      force = A_PL_[j] * force;
      moment = A_PL_[j] * moment + p_PL_[j].cross(force);
      j = parent_[j];
      massMatrix(i, j) = massMatrix(j, i) = revolute_[j] ? moment(axis_[j]) : force(axis_[j]);
    }
  }
}

void KinematicTreeDynamics::FactorizeMassMatrix(const ObjectKinematicTree& tree, const double* q) {
  const Index n = NumberOfLinks();
  // the poses of the residual at the same q (explicit solvers) are reused
  if (!(posesValid_ && tree_ == &tree && std::equal(q, q + n, posesQ_.begin())))
    Motion(tree, q, nullptr, nullptr, false, false);
  for (Index i = 0; i < n; ++i) {  // each link's spatial inertia at its origin, [angular; linear]
    const double m = tree.linkMasses(i);
    const Matrix3 cTilde = Skew<double>(tree.linkCOMs[i]);
    Matrix6& I = articulated_[i];
    I.block<3, 3>(0, 0) = tree.linkInertiasCOM[i] - m * cTilde * cTilde;
    I.block<3, 3>(0, 3) = m * cTilde;
    I.block<3, 3>(3, 0) = -m * cTilde;
    I.block<3, 3>(3, 3) = m * Matrix3::Identity();
  }
  // Articulated inertias from the leaves: I^A_P += X^T (I^A - U U^T / D) X, U = I^A S, D = S^T U.
  for (Index i = n - 1; i >= 0; --i) {
    const Index column = revolute_[i] ? axis_[i] : 3 + axis_[i];
    U_[i] = articulated_[i].col(column);
    const double D = U_[i](column);
    const double scale = articulated_[i].diagonal().cwiseAbs().maxCoeff();
    if (!(D > 1e-13 * scale) || !(scale > 0.))
      throw SolverError("ObjectKinematicTree: the mass matrix is not positive definite: joint " + std::to_string(i) +
                        " moves no mass or inertia (articulated inertia about its axis " + std::to_string(D) +
                        "); give link " + std::to_string(i) +
                        " or its descendants linkMasses/linkInertiasCOM along "
                        "that joint");
    Dinverse_[i] = 1. / D;
    const Index parent = parent_[i];
    if (parent < 0) continue;
    articulated_[i].noalias() -= (U_[i] * Dinverse_[i]) * U_[i].transpose();
    AddTransformedInertia(A_PL_[i], p_PL_[i], articulated_[i], articulated_[parent]);
  }
}

void KinematicTreeDynamics::SolveMassMatrix(double* b) {
  const Index n = NumberOfLinks();
  for (Index i = 0; i < n; ++i) bias_[i].setZero();
  for (Index i = n - 1; i >= 0; --i) {
    const Index column = revolute_[i] ? axis_[i] : 3 + axis_[i];
    u_solve_[i] = b[i] - bias_[i](column);
    const Index parent = parent_[i];
    if (parent < 0) continue;
    const Vector6 carried = bias_[i] + U_[i] * (u_solve_[i] * Dinverse_[i]);
    AddTransformedForce(A_PL_[i], p_PL_[i], carried, bias_[parent]);
  }
  for (Index i = 0; i < n; ++i) {
    const Index parent = parent_[i];
    Vector6& a = spatialAcceleration_[i];
    if (parent < 0) {
      a.setZero();
    } else {  // X a_P: omega' = R^T omega_P, v' = R^T (v_P + omega_P x p)
      const Matrix3& R = A_PL_[i];
      const Vector6& aP = spatialAcceleration_[parent];
      a.head<3>() = R.transpose() * aP.head<3>();
      a.tail<3>() = R.transpose() * (aP.tail<3>() + aP.head<3>().cross(p_PL_[i]));
    }
    const Index column = revolute_[i] ? axis_[i] : 3 + axis_[i];
    const double acceleration = (u_solve_[i] - U_[i].dot(a)) * Dinverse_[i];
    a(column) += acceleration;
    b[i] = acceleration;
  }
}

void KinematicTreeDynamics::InverseDynamicsDerivatives(const ObjectKinematicTree& tree, const double* q,
                                                       const double* q_t, const double* q_tt) {
  const Index n = NumberOfLinks();
  // the values the tangents need (u_, alphaRotated_, bRotated_, force_, moment_, ...); tau
  // itself goes to a scratch vector that is free here
  InverseDynamics(tree, q, q_t, q_tt, u_solve_.data());
  for (Index j = 0; j < n; ++j) {
    TangentColumn(j, 1., 0., 0., tau_q_);
    TangentColumn(j, 0., 1., 0., tau_q_t_);
  }
}

void KinematicTreeDynamics::NewtonBlockByTangents(const ObjectKinematicTree& tree, const double* q, const double* q_t,
                                                  const double* q_tt, double massFactor, double stiffnessFactor,
                                                  double dampingFactor, MatrixX& block) {
  const Index n = NumberOfLinks();
  InverseDynamics(tree, q, q_t, q_tt, u_solve_.data());
  if (block.rows() != n || block.cols() != n) block.resize(n, n);
  for (Index j = 0; j < n; ++j) TangentColumn(j, stiffnessFactor, dampingFactor, massFactor, block);
}

void KinematicTreeDynamics::NewtonBlock(const ObjectKinematicTree& tree, const double* q, const double* q_t,
                                        const double* q_tt, double massFactor, double stiffnessFactor,
                                        double dampingFactor, MatrixX& block) {
  Motion(tree, q, nullptr, nullptr, false, true);  // global poses
  const Index n = NumberOfLinks();
  const bool linkLoads = !tree.linkForces.empty() || !tree.linkTorques.empty();
  Vector6 baseAcceleration = Vector6::Zero();  // the base accelerates with -gravity
  baseAcceleration.tail<3>() = -tree.gravity;
  // Forward: joint axes S, velocities v = v_P + S q_t, accelerations a = a_P + S q_tt + (v x S) q_t,
  // world spatial inertias I, momenta h = I v, B = (v x*) I - I (v x) and forces I a + v x* h.
  for (Index i = 0; i < n; ++i) {
    const Index parent = parent_[i];
    const Vector3 e = A_0L_[i].col(axis_[i]);
    const Vector3& o = p_0L_[i];
    Vector6& S = S_[i];
    if (revolute_[i])
      S << e, o.cross(e);
    else
      S << Vector3::Zero(), e;
    const Vector6 vP = parent < 0 ? Vector6::Zero() : spatialVelocity_[parent];
    const Vector6 aP = parent < 0 ? baseAcceleration : spatialAccelerationW_[parent];
    Vector6& v = spatialVelocity_[i];
    v = vP + S * q_t[i];
    spatialAccelerationW_[i] = aP + S * q_tt[i] + CrossMotion(v, S) * q_t[i];
    const double m = tree.linkMasses(i);
    const Vector3 c = o + A_0L_[i] * tree.linkCOMs[i];
    const Matrix3 cTilde = Skew<double>(c);
    SpatialBlocks& I = IC_[i];  // [J, m C; -m C, m 1]
    const Matrix3 inertiaOrigin = A_0L_[i] * tree.linkInertiasCOM[i] * A_0L_[i].transpose() - m * cTilde * cTilde;
    I.J = inertiaOrigin;
    I.h = m * c;
    I.m = m;
    hC_[i] = I.Times(v);
    // B = (v x*) I - I (v x) from the blocks of I = [J, m C; -m C, m 1] (C = [c]x) and v = [w; u]:
    // with P = [w]x J, Q = [u]x C, R = [w]x C: B = [P + P^T - m (Q + Q^T), m (R - R^T + [u]x); -(that), 0]
    // (three 3x3 products instead of two 6x6 ones); R - R^T = [w x c]x, so B is symmetric with
    // B12 = [m (w x c + u)]x
    const Matrix3 wTilde = Skew<double>(Vector3(v.head<3>())), uTilde = Skew<double>(Vector3(v.tail<3>()));
    const Matrix3 P = wTilde * inertiaOrigin, Q = uTilde * cTilde;
    SpatialBlocks& B = BC_[i];
    B.J = P + P.transpose() - m * (Q + Q.transpose());
    B.h = m * (Vector3(v.head<3>()).cross(c) + v.tail<3>());
    B.m = 0.;
    FC_[i] = I.Times(spatialAccelerationW_[i]);
    FC_[i] += CrossForce(v, hC_[i]);
    if (linkLoads) {  // global force at the link origin and global torque, as spatial forces
      const Vector3 f = tree.linkForces.empty() ? Vector3::Zero() : tree.linkForces[i];
      const Vector3 t = tree.linkTorques.empty() ? Vector3::Zero() : tree.linkTorques[i];
      FextC_[i] << t + o.cross(f), f;
      fextC_[i] = f;
      PC_[i] = o * f.transpose();
    }
  }
  // Composites, leaves first.
  for (Index i = n - 1; i >= 0; --i) {
    const Index parent = parent_[i];
    if (parent < 0) continue;
    IC_[parent].Add(IC_[i]);
    BC_[parent].Add(BC_[i]);
    hC_[parent] += hC_[i];
    FC_[parent] += FC_[i];
    if (linkLoads) {
      FextC_[parent] += FextC_[i];
      fextC_[parent] += fextC_[i];
      PC_[parent] += PC_[i];
    }
  }
  // alpha_k = I^C_k S_k, eta_k = B^C_k^T S_k - S_k x* h^C_k: an entry (k, j) of a joint k in the
  // subtree of j is alpha_k . X_j + eta_k . Y_j.
  for (Index k = 0; k < n; ++k) {
    alphaC_[k] = IC_[k].Times(S_[k]);
    eta_[k] = BC_[k].Times(S_[k]);  // B is symmetric
    eta_[k] -= CrossForce(S_[k], hC_[k]);
  }
  if (block.rows() != n || block.cols() != n) block.resize(n, n);
  // the change of the subtree's link loads (world-constant) when its points move with the twist S
  const auto externalChange = [this](Index k, const Vector6& twist) {
    Vector6 change = Vector6::Zero();
    const Vector3 w = twist.head<3>();
    change.head<3>() = (PC_[k] - PC_[k].trace() * Matrix3::Identity()) * w + Vector3(twist.tail<3>()).cross(fextC_[k]);
    return change;
  };
  for (Index j = 0; j < n; ++j) {
    const Index parent = parent_[j];
    const Vector6 vP = parent < 0 ? Vector6::Zero() : spatialVelocity_[parent];
    const Vector6 aP = parent < 0 ? baseAcceleration : spatialAccelerationW_[parent];
    const Vector6& S = S_[j];
    const Vector6 psi = CrossMotion(vP, S);  // d(S)/dt
    const Vector6 psiDot = CrossMotion(aP, S) + CrossMotion(vP, psi);
    const Vector6 X = stiffnessFactor * psiDot + (2. * dampingFactor) * psi + massFactor * S;
    const Vector6 Y = stiffnessFactor * psi + dampingFactor * S;
    block.col(j).setZero();
    for (Index k = j; k < n; ++k) {
      inSubtree_[k] = k == j || (parent_[k] >= j && inSubtree_[parent_[k]]);
      if (!inSubtree_[k]) continue;
      double entry = alphaC_[k].dot(X) + eta_[k].dot(Y);
      if (linkLoads && stiffnessFactor != 0.)
        entry += stiffnessFactor * S_[k].dot(CrossForce(S, FextC_[k]) - externalChange(k, S));
      block(k, j) = entry;
    }
    if (parent < 0) continue;
    // the ancestors see the change of the subtree's total force
    Vector6 W = massFactor * alphaC_[j];
    if (stiffnessFactor != 0.) {
      Vector6 Wq = CrossForce(S, FC_[j]) + IC_[j].Times(psiDot) + CrossForce(psi, hC_[j]) + BC_[j].Times(psi);
      if (linkLoads) Wq -= externalChange(j, S);
      W += stiffnessFactor * Wq;
    }
    if (dampingFactor != 0.) W += dampingFactor * (2. * IC_[j].Times(psi) + CrossForce(S, hC_[j]) + BC_[j].Times(S));
    for (Index k = parent; k >= 0; k = parent_[k]) block(k, j) = S_[k].dot(W);
  }
}

void KinematicTreeDynamics::TangentColumn(Index j, double dq, double dq_t, double dq_tt, MatrixX& out) {
  const ObjectKinematicTree& tree = *tree_;
  const Index n = NumberOfLinks();
  const bool linkLoads = !tree.linkForces.empty() || !tree.linkTorques.empty();
  out.col(j).setZero();
  const Vector3 zero = Vector3::Zero();
  // Forward: the tangents of the motion of the subtree of j (the other links do not move).
  for (Index i = j; i < n; ++i) {
    const Index parent = parent_[i];
    inSubtree_[i] = i == j || (parent >= j && inSubtree_[parent]);
    if (!inSubtree_[i]) continue;
    const Index k = axis_[i];
    const bool revolute = revolute_[i];
    const Vector3 axis = Vector3::Unit(k);
    const Matrix3& R = A_PL_[i];
    const Vector3& p = p_PL_[i];
    const Vector3& u = u_[i];
    const double qd = qd_[i];
    Vector3 dOmega, dAlpha, dA, dPhi = zero;
    if (i == j) {
      if (revolute) {  // R turns about the axis by dq (dR = R [axis]x dq); the rates change by dq_t, dq_tt
        const Vector3 uCrossAxis = u.cross(axis);
        const Vector3 dU = dq * uCrossAxis;
        dOmega = dU + dq_t * axis;
        dAlpha = dq * alphaRotated_[i].cross(axis) + qd * dU.cross(axis) + dq_t * uCrossAxis + dq_tt * axis;
        dA = dq * bRotated_[i].cross(axis);
        dPhi = dq * axis;
      } else {  // the origin moves along the axis, dp = R axis dq (parent axes)
        const Vector3 dp = dq * R.col(k);
        const Vector3& omega_P = parent < 0 ? zero : omega_[parent];
        const Vector3& alpha_P = parent < 0 ? zero : alpha_[parent];
        dOmega = zero;
        dAlpha = zero;
        dA = R.transpose() * (alpha_P.cross(dp) + omega_P.cross(omega_P.cross(dp))) + (2. * dq_t) * u.cross(axis) +
             dq_tt * axis;
      }
    } else {  // carried from the parent
      const Vector3& dOmega_P = dOmega_[parent];
      const Vector3& dAlpha_P = dAlpha_[parent];
      const Vector3& omega_P = omega_[parent];
      const Vector3 dU = R.transpose() * dOmega_P;
      dOmega = dU;
      dAlpha = R.transpose() * dAlpha_P;
      const Vector3 db =
          dA_[parent] + dAlpha_P.cross(p) + dOmega_P.cross(omegaCrossP_[i]) + omega_P.cross(dOmega_P.cross(p));
      dA = R.transpose() * db;
      if (revolute)
        dAlpha += qd * dU.cross(axis);
      else
        dA += (2. * qd) * dU.cross(axis);
      if (linkLoads) dPhi = R.transpose() * dPhi_[parent];
    }
    dOmega_[i] = dOmega;
    dAlpha_[i] = dAlpha;
    dA_[i] = dA;
    dPhi_[i] = dPhi;
    // the link's own inertial force and moment
    const Vector3& c = tree.linkCOMs[i];
    const Vector3& w = omega_[i];
    const Matrix3& J_C = tree.linkInertiasCOM[i];
    const Vector3 dA_C = dA + dAlpha.cross(c) + dOmega.cross(omegaCrossC_[i]) + w.cross(dOmega.cross(c));
    const Vector3 dF = tree.linkMasses(i) * dA_C;
    dForce_[i] = dF;
    dMoment_[i] = J_C * dAlpha + dOmega.cross(Jomega_[i]) + w.cross(J_C * dOmega) + c.cross(dF);
    if (linkLoads) {  // d(R_0L^T f) = (R_0L^T f) x dphi
      dForce_[i] -= linkForceLocal_[i].cross(dPhi);
      dMoment_[i] -= linkTorqueLocal_[i].cross(dPhi);
    }
  }
  // Backward: the subtree's tangent forces, carried to the base through the ancestors of j.
  for (Index i = 0; i < j; ++i) forceActive_[i] = 0;
  for (Index i = j; i < n; ++i) forceActive_[i] = inSubtree_[i];
  for (Index a = parent_[j]; a >= 0; a = parent_[a]) {
    forceActive_[a] = 1;
    dForce_[a].setZero();
    dMoment_[a].setZero();
  }
  for (Index i = n - 1; i >= 0; --i) {
    if (!forceActive_[i]) continue;
    const Index k = axis_[i];
    out(i, j) = revolute_[i] ? dMoment_[i](k) : dForce_[i](k);
    const Index parent = parent_[i];
    if (parent < 0) continue;
    const Matrix3& R = A_PL_[i];
    const Vector3& p = p_PL_[i];
    Vector3 dF = dForce_[i], dN = dMoment_[i];
    const bool ownJoint = i == j && dq != 0.;
    if (ownJoint && revolute_[i]) {  // d(R f) = R (dF + dq axis x f)
      const Vector3 axis = Vector3::Unit(k);
      dF += dq * axis.cross(force_[i]);
      dN += dq * axis.cross(moment_[i]);
    }
    const Vector3 dFInParent = R * dF;
    dForce_[parent] += dFInParent;
    dMoment_[parent] += R * dN + p.cross(dFInParent);
    if (ownJoint && !revolute_[i]) dMoment_[parent] += (dq * R.col(k)).cross(R * force_[i]);  // dp x (R f)
  }
}

void KinematicTreeDynamics::PointJacobian(Index link, const Vector3& localPosition,
                                          Eigen::Ref<MatrixX> positionJacobian,
                                          Eigen::Ref<MatrixX> rotationJacobian) const {
  positionJacobian.setZero();
  rotationJacobian.setZero();
  const Vector3 point = p_0L_[link] + A_0L_[link] * localPosition;
  for (Index j = link; j >= 0; j = parent_[j]) {
    const Vector3 axis = A_0L_[j].col(axis_[j]);
    if (revolute_[j]) {
      rotationJacobian.col(j) = axis;
      positionJacobian.col(j) = axis.cross(point - p_0L_[j]);
    } else {
      positionJacobian.col(j) = axis;
    }
  }
}

}  // namespace multidyn
