// A rigid body on a rigid-body node (Rxyz or Euler parameters).
#pragma once

#include "core/items/Body.h"
#include "core/items/BodyLHSJacobian.h"

namespace multidyn {

class ObjectRigidBody : public BodyKernels<ObjectRigidBody>, public BodyLHSJacobian {
 public:
  using Vector6 = Eigen::Matrix<double, 6, 1>;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  std::vector<NodeIndex> NodeNumbers() const override { return {nodeNumber}; }
  bool ProvidesOrientation() const override { return true; }
  void Check(const SystemView& system) const override;
  void ComputeMassMatrix(const EvaluationContext&, const NodeKinematics<double>* nodes,
                         MatrixX& massMatrix) const override;
  double KineticEnergy(const NodeKinematics<double>* nodes) const override;
  bool MassAndCenterOfMass(double& m, Vector3& center) const override {
    m = mass;
    center = centerOfMass;
    return true;
  }

  // On a NodeRigidBodyEP node: the derivatives of ODE2LHS by AD seeded in the Euler parameters
  // and their rates only (the LHS does not depend on the position coordinates and velocities).
  bool ProvidesLHSJacobian(const SystemView& system) const override;
  void ComputeLHSJacobian(const EvaluationContext& context, const NodeKinematics<double>* nodes, const VectorX& q,
                          const VectorX& q_t, const VectorX& q_tt, MatrixX& lhs_q, MatrixX& lhs_q_t) const override;

  // Inertia tensor J_B about the body reference point, in body axes.
  Matrix3 InertiaTensor() const {
    Matrix3 J;
    J << inertia(0), inertia(5), inertia(4), inertia(5), inertia(1), inertia(3), inertia(4), inertia(3), inertia(2);
    return J;
  }

  template <class S>
  void Frame(const NodeKinematics<S>* nodes, const Vector3& localPosition, MarkerData<S>& frame) const {
    RigidFrameFromNode(nodes[0], localPosition, frame);
  }

  // M(q) q_tt - f_quadraticVelocity, with rows of rotation premultiplied by Glocal^T:
  //   m a - m A b~ Gl theta_tt - m A w~ b~ w - m A b~ Gl_t theta_t
  //   m Gl^T b~ A^T a + Gl^T J Gl theta_tt + Gl^T (w~ J w + J Gl_t theta_t)
  // Constants (J, b~, q_tt) stay double: with AD scalars a double x AD product gives the same
  // bits as an AD x AD product with a constant factor, at a fraction of the cost. For b = 0 the
  // b~ terms, exactly zero, are left out (the same sums: 0 + x = x).
  template <class S> void ODE2LHS(const NodeKinematics<S>* nodes, const VectorX& q_tt, VecX<S>& lhs) const {
    if constexpr (std::is_same<S, double>::value)
      if (nodes[0].Glocal.cols() == 4 && centerOfMass.isZero(0.))
        return ValueODE2LHSOnEulerParameters(nodes[0], q_tt, lhs);
    FormulaODE2LHS(nodes, q_tt, lhs);
  }
  template <class S> void FormulaODE2LHS(const NodeKinematics<S>* nodes, const VectorX& q_tt, VecX<S>& lhs) const {
    const NodeKinematics<S>& k = nodes[0];
    const Index nRot = k.Glocal.cols();
    const Vector3 a = q_tt.head<3>();
    const VecX<double> theta_tt = q_tt.segment(3, nRot);
    const Matrix3 J = InertiaTensor();
    const Vec3<S>& w = k.angularVelocityLocal;
    const Vec3<S> alphaLocal = k.Glocal * theta_tt + k.Glocal_tTheta_t;
    lhs.resize(3 + nRot);
    if (centerOfMass.isZero(0.)) {
      lhs.template head<3>() = (mass * a).template cast<S>();
      lhs.tail(nRot) = k.Glocal.transpose() * (J * alphaLocal + w.cross(Vec3<S>(J * w)));
      return;
    }
    const Matrix3 bTilde = Skew<double>(centerOfMass);
    lhs.template head<3>() =
        mass * a - mass * (k.rotation * (bTilde * alphaLocal)) - mass * (k.rotation * (w.cross(Vec3<S>(bTilde * w))));
    lhs.tail(nRot) = k.Glocal.transpose() *
                     (mass * (bTilde * (k.rotation.transpose() * a)) + J * alphaLocal + w.cross(Vec3<S>(J * w)));
  }

  // FormulaODE2LHS in double for Euler parameters and b = 0, without sizes known at run time: the
  // same operations in the same order, so the same bits (ObjectRigidBodyTest). The sums are those
  // Eigen 3.4 forms for the formula's products of run-time size (Glocal theta_tt in sequence,
  // Glocal^T x as (p0 + p1) + p2); the 3 x 3 products, of fixed size there too, stay Eigen's.
  void ValueODE2LHSOnEulerParameters(const NodeKinematics<double>& k, const VectorX& q_tt, VecX<double>& lhs) const {
    const Eigen::Map<const Eigen::Matrix<double, 3, 4>> Glocal(k.Glocal.data());
    Vector3 alphaLocal;
    for (Index i = 0; i < 3; ++i) {
      const double product =
          ((Glocal(i, 0) * q_tt(3) + Glocal(i, 1) * q_tt(4)) + Glocal(i, 2) * q_tt(5)) + Glocal(i, 3) * q_tt(6);
      alphaLocal(i) = product + k.Glocal_tTheta_t(i);
    }
    const Matrix3 J = InertiaTensor();
    const Vector3& w = k.angularVelocityLocal;
    const Vector3 inertiaMoment = J * alphaLocal + w.cross(Vector3(J * w));  // in body axes
    const Vector3& m = inertiaMoment;
    Eigen::Vector4d rotationRows;
    for (Index j = 0; j < 4; ++j) rotationRows(j) = (Glocal(0, j) * m(0) + Glocal(1, j) * m(1)) + Glocal(2, j) * m(2);
    lhs.resize(7);
    lhs.head<3>() = mass * q_tt.head<3>();
    lhs.tail<4>() = rotationRows;
  }

  double mass = 0.;
  Vector6 inertia = Vector6::Zero();
  Vector3 centerOfMass = Vector3::Zero();
  NodeIndex nodeNumber;
  BodyVisualization visualization;
};

}  // namespace multidyn
