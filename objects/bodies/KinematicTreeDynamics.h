// The dynamics algorithms of an ObjectKinematicTree on vectors of any size, in double, with the
// workspace allocated once (Resize, from the tree's Check(), which Assemble() runs), so that an
// evaluation allocates nothing (docs/theory/KinematicTree.md):
//   - recursive Newton-Euler (RNEA): tau = M(q) q_tt + h(q, q_t) - (applied link loads), O(n);
//   - composite-rigid-body algorithm (CRBA): M(q), O(n d) for depth d;
//   - the articulated-body algorithm (ABA) with zero velocity as a factorization of M: its
//     articulated inertias (depending on q only) once, then a = M^-1 b for any b in O(n);
//   - the analytic derivatives of RNEA for the Newton matrix: world-frame spatial composites
//     (Carpentier and Mansard's form), two 6-vector dot products per entry, O(n d); and, as an
//     independent formula for the tests, directional derivatives of the link-frame recursions
//     (d(tau)/dq, d(tau)/dq_t), one forward pass over the subtree of each joint and one backward.
// Conventions: vectors of link i in link axes; force and moment of link i at its origin (joint
// point); the base accelerates with -gravity, so gravity enters as an inertial force.
#pragma once

#include <vector>

#include "core/foundation/Types.h"

namespace multidyn {

class ObjectKinematicTree;

class KinematicTreeDynamics {
 public:
  using Matrix6 = Eigen::Matrix<double, 6, 6>;
  using Vector6 = Eigen::Matrix<double, 6, 1>;

  // A_PL and p_PL of a joint at its total coordinate q: the joint frame (A, offset) turned about (revolute) or
  // moved along its axis k.
  static void JointPose(const Matrix3& A, const Vector3& offset, Index k, bool revolute, double q, Matrix3& A_PL,
                        Vector3& p_PL);

  // Sizes the workspace for the tree's links and copies its structure (joint types, parents);
  // allocates, so it is called by the tree's Check() (Assemble), not in the hot path. The other
  // functions read the tree's run-time parameters (masses, offsets, ...) when called.
  void Resize(const ObjectKinematicTree& tree);
  Index NumberOfLinks() const { return Index(parent_.size()); }

  // Poses of all links (A_PL, p_PL; with globalPoses also A_0L, p_0L) and, with q_t, their
  // angular velocities; with q_tt also the accelerations (base at -gravity if withGravity).
  // q: total joint coordinates. q_t, q_tt may be nullptr.
  void Motion(const ObjectKinematicTree& tree, const double* q, const double* q_t, const double* q_tt, bool withGravity,
              bool globalPoses);
  // RNEA: tau = M q_tt + h(q, q_t) - (linkForces, linkTorques projected), into tau[0, n).
  void InverseDynamics(const ObjectKinematicTree& tree, const double* q, const double* q_t, const double* q_tt,
                       double* tau);
  // CRBA: M(q) into massMatrix (n x n; resized only if its size differs).
  void MassMatrix(const ObjectKinematicTree& tree, const double* q, MatrixX& massMatrix);
  // ABA's articulated inertias at q; throws ValueError naming the link if M is not positive definite.
  void FactorizeMassMatrix(const ObjectKinematicTree& tree, const double* q);
  // b := M^-1 b, with the factorization of the last FactorizeMassMatrix.
  void SolveMassMatrix(double* b);
  // d(tau)/dq and d(tau)/dq_t of InverseDynamics at (q, q_t, q_tt) into the workspace's matrices.
  void InverseDynamicsDerivatives(const ObjectKinematicTree& tree, const double* q, const double* q_t,
                                  const double* q_tt);
  const MatrixX& Tau_q() const { return tau_q_; }
  const MatrixX& Tau_q_t() const { return tau_q_t_; }
  // block = massFactor M + stiffnessFactor d(tau)/dq + dampingFactor d(tau)/dq_t at (q, q_t, q_tt),
  // from world-frame spatial quantities and their composites (Carpentier and Mansard's form): two
  // 6-vector dot products per entry of a joint and its subtree, one per ancestor.
  void NewtonBlock(const ObjectKinematicTree& tree, const double* q, const double* q_t, const double* q_tt,
                   double massFactor, double stiffnessFactor, double dampingFactor, MatrixX& block);
  // The same by the directional derivatives of the link-frame recursions (TangentColumn), one per
  // column in the direction (stiffnessFactor e_j, dampingFactor e_j, massFactor e_j) of (q, q_t,
  // q_tt): an independent formula for the tests.
  void NewtonBlockByTangents(const ObjectKinematicTree& tree, const double* q, const double* q_t, const double* q_tt,
                             double massFactor, double stiffnessFactor, double dampingFactor, MatrixX& block);

  // After Motion: the link's frame (global).
  const Matrix3& LinkRotation(Index link) const { return A_0L_[link]; }
  const Vector3& LinkOrigin(Index link) const { return p_0L_[link]; }
  const Vector3& AngularVelocityLocal(Index link) const { return omega_[link]; }
  // After Motion with velocities: velocity of the link origin, link axes (needs globalPoses).
  const Vector3& VelocityLocal(Index link) const { return v_[link]; }
  // After Motion with accelerations: angular acceleration and acceleration of the origin, link axes.
  const Vector3& AngularAccelerationLocal(Index link) const { return alpha_[link]; }
  const Vector3& AccelerationLocal(Index link) const { return a_[link]; }
  // After Motion with globalPoses: d(p_0P)/dq (3 x n) and d(omega_0)/dq_t (3 x n) of the point
  // localPosition (link axes) of link; only the columns of the link's path to the base are nonzero.
  void PointJacobian(Index link, const Vector3& localPosition, Eigen::Ref<MatrixX> positionJacobian,
                     Eigen::Ref<MatrixX> rotationJacobian) const;

 private:
  // Directional derivative of tau in the direction (dq e_j, dq_t e_j, dq_tt e_j) into column j of out.
  void TangentColumn(Index j, double dq, double dq_t, double dq_tt, MatrixX& out);
  void JointRotation(Index i, double q_i);  // A_PL_[i], p_PL_[i]

  const ObjectKinematicTree* tree_ = nullptr;
  // Structure, copied by Resize.
  std::vector<Index> parent_, axis_;
  std::vector<char> revolute_;
  bool hasLinkLoads_ = false;
  // Motion.
  std::vector<Matrix3> A_PL_, A_0L_;
  std::vector<Vector3> p_PL_, p_0L_;
  std::vector<Vector3> omega_, v_, alpha_, a_;
  std::vector<Vector3> u_, alphaRotated_, bRotated_;  // R^T omega_P, R^T alpha_P, R^T b_P (tangents need them)
  std::vector<Vector3> omegaCrossP_, omegaCrossC_, Jomega_;  // omega_P x p, omega x c, J_C omega
  std::vector<double> qd_, qdd_;
  // The coordinates of the last poses (A_PL_, p_PL_): the explicit solvers factorize M at the q of
  // the residual just computed, whose poses are then reused.
  std::vector<double> posesQ_;
  bool posesValid_ = false;
  // RNEA's accumulated force and moment of each subtree at the link origin, link axes.
  std::vector<Vector3> force_, moment_;
  std::vector<Vector3> linkForceLocal_, linkTorqueLocal_;  // R_0L^T f, R_0L^T tau
  // CRBA composites.
  std::vector<double> compositeMass_;
  std::vector<Vector3> compositeFirstMoment_;
  std::vector<Matrix3> compositeInertia_;
  // ABA.
  std::vector<Matrix6> articulated_;
  // World-frame spatial quantities (at the global origin, [angular; linear]) and composites of the
  // subtrees, for NewtonBlock.
  std::vector<Vector6> S_, spatialVelocity_, spatialAccelerationW_, hC_, FC_, FextC_, alphaC_, eta_;
  // A symmetric 6x6 matrix [J, [h]x; -[h]x, m 1] kept as its blocks (13 numbers instead of 36): a
  // spatial inertia at the global origin (h = m c) or, with m = 0, NewtonBlock's B.
  struct SpatialBlocks {
    Matrix3 J = Matrix3::Zero();
    Vector3 h = Vector3::Zero();
    double m = 0.;
    EIGEN_STRONG_INLINE Vector6 Times(const Vector6& x) const {  // [J w + h x u; m u - h x w] for x = [w; u]
      Vector6 y;
      const Vector3 w = x.head<3>(), u = x.tail<3>();
      y.head<3>() = J * w + h.cross(u);
      y.tail<3>() = m * u - h.cross(w);
      return y;
    }
    void Add(const SpatialBlocks& other) {
      J += other.J;
      h += other.h;
      m += other.m;
    }
  };
  std::vector<SpatialBlocks> IC_, BC_;
  std::vector<Matrix3> PC_;  // sum of p f^T of the link loads of the subtree
  std::vector<Vector3> fextC_;  // sum of the link forces of the subtree
  std::vector<Vector6> U_, bias_;
  std::vector<double> Dinverse_, u_solve_;
  std::vector<Vector6> spatialAcceleration_;
  // Derivatives.
  MatrixX tau_q_, tau_q_t_;
  std::vector<Vector3> dOmega_, dAlpha_, dA_, dPhi_, dForce_, dMoment_;
  std::vector<char> inSubtree_, forceActive_;
};

}  // namespace multidyn
