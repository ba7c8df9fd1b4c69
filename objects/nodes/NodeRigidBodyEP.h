// A rigid-body node: displacements and Euler parameters (7 ODE2 coordinates) plus the
// algebraic equation that keeps the Euler parameters of unit length.
#pragma once

#include "core/foundation/Rotations.h"
#include "core/items/Node.h"

#include <type_traits>

namespace multidyn {

template <class S> struct IsFixedSizeAD : std::false_type {};
template <class Derivatives> struct IsFixedSizeAD<Eigen::AutoDiffScalar<Derivatives>>
    : std::integral_constant<bool, Derivatives::RowsAtCompileTime != Eigen::Dynamic> {};

class NodeRigidBodyEP : public NodeKernels<NodeRigidBodyEP> {
 public:
  using Vector7 = Eigen::Matrix<double, 7, 1>;
  static const ItemTypeInfo& Info();
  static void AddTestInstance(SystemBuilder& system);

  Index NumberOfODE2Coordinates() const override { return 7; }
  Index NumberOfAlgebraicEquations() const override { return addConstraintEquation ? 1 : 0; }
  bool ProvidesPosition() const override { return true; }
  bool ProvidesOrientation() const override { return true; }
  VectorX ReferenceCoordinates() const override { return referenceCoordinates; }
  VectorX InitialCoordinates() const override { return initialCoordinates; }
  VectorX InitialVelocities() const override { return initialVelocities; }
  Vector3 RotationOutput(const NodeCoordinates<double>& c) const override;
  void Check(const SystemView& system) const override;

  // With fixed-size AD scalars (the Newton matrix) the derivatives follow by the chain rule from
  // closed-form partial derivatives (SeededKinematics), several times cheaper than the scalar
  // operations of the formulas; other scalars evaluate the formulas (FormulaKinematics).
  template <class S> void Kinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    if constexpr (IsFixedSizeAD<S>::value)
      SeededKinematics(c, k);
    else if constexpr (std::is_same<S, double>::value)
      ValueKinematics(c, k);
    else
      FormulaKinematics(c, k);
  }

  // FormulaKinematics in double, sizes fixed at compile time and results written in place: the
  // same operations, the same bits (NodeRigidBodyEPTest), at a fraction of the bookkeeping.
  void ValueKinematics(const NodeCoordinates<double>& c, NodeKinematics<double>& k) const {
    const Eigen::Map<const Vector7> q(c.q.data()), q_t(c.q_t.data());
    const Eigen::Vector4d e = q.segment<4>(3), e_t = q_t.segment<4>(3);
    k.position = q.head<3>();
    k.velocity = q_t.head<3>();
    EulerParametersToRotationMatrix(e, k.rotation);
    k.G.resize(3, 4);
    k.Glocal.resize(3, 4);
    Eigen::Map<Eigen::Matrix<double, 3, 4>> G(k.G.data()), Glocal(k.Glocal.data());
    EulerParametersToG(e, G);
    EulerParametersToGLocal(e, Glocal);
    for (Index i = 0; i < 3; ++i)  // Glocal e_t, summed in sequence as Eigen's product of run-time size
      k.angularVelocityLocal(i) =
          ((Glocal(i, 0) * e_t(0) + Glocal(i, 1) * e_t(1)) + Glocal(i, 2) * e_t(2)) + Glocal(i, 3) * e_t(3);
    k.Glocal_tTheta_t.setZero();
    k.numberOfCoordinates = 7;
    k.rotationStart = 3;
    k.hasOrientation = true;
    k.coordinates = q - referenceCoordinates;
    k.coordinates_t = q_t;
    k.referenceCoordinates = referenceCoordinates.data();
  }

  template <class S> void FormulaKinematics(const NodeCoordinates<S>& c, NodeKinematics<S>& k) const {
    const Eigen::Matrix<S, 4, 1> e = c.q.template segment<4>(3);
    const Eigen::Matrix<S, 4, 1> e_t = c.q_t.template segment<4>(3);
    k.position = c.q.template head<3>();
    k.velocity = c.q_t.template head<3>();
    k.rotation = EulerParametersToRotationMatrix(e);
    k.G = EulerParametersToG(e);
    k.Glocal = EulerParametersToGLocal(e);
    k.angularVelocityLocal = k.Glocal * e_t;
    k.Glocal_tTheta_t.setZero();  // Glocal(e_t) * e_t = 0 identically
    k.numberOfCoordinates = 7;
    k.rotationStart = 3;
    k.hasOrientation = true;
    StoreNodeCoordinates(c, referenceCoordinates, k);
  }
  // FormulaKinematics for AD scalars with fixed-size derivative vectors, bit for bit when each
  // derivative component is seeded in one coordinate at most (as the Jacobian seeds them;
  // NodeRigidBodyEPTest): values as the formulas compute them in double; derivatives
  // dA = sum_k dA/de_k de_k (A is quadratic in e), G and Glocal linear in e, and
  // dw = -Glocal(e_t) de + Glocal(e) de_t for w = Glocal(e) e_t (Glocal(e) x = -Glocal(x) e).
  template <class AD> void SeededKinematics(const NodeCoordinates<AD>& c, NodeKinematics<AD>& k) const {
    using Der = typename AD::DerType;
    Eigen::Vector4d e, e_t;
    Der de[4], de_t[4];  // copies: the coordinates' coefficients may be returned by value
    for (int i = 0; i < 4; ++i) {
      e(i) = c.q(3 + i).value();
      e_t(i) = c.q_t(3 + i).value();
      de[i] = c.q(3 + i).derivatives();
      de_t[i] = c.q_t(3 + i).derivatives();
    }
    k.position = c.q.template head<3>();
    k.velocity = c.q_t.template head<3>();
    const double e0 = e(0), e1 = e(1), e2 = e(2), e3 = e(3);
    const Matrix3 A = EulerParametersToRotationMatrix<double>(e);
    // dA(i, j)/de_k, as the scalar operations of the formula give them
    const double dA[3][3][4] = {
        {{0., 0., -4. * e2, -4. * e3}, {-2. * e3, 2. * e2, 2. * e1, -2. * e0}, {2. * e2, 2. * e3, 2. * e0, 2. * e1}},
        {{2. * e3, 2. * e2, 2. * e1, 2. * e0}, {0., -4. * e1, 0., -4. * e3}, {-2. * e1, -2. * e0, 2. * e3, 2. * e2}},
        {{-2. * e2, 2. * e3, -2. * e0, 2. * e1}, {2. * e1, 2. * e0, 2. * e3, 2. * e2}, {0., -4. * e1, -4. * e2, 0.}}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const double* d = dA[i][j];
        k.rotation(i, j) = AD(A(i, j), Der(d[0] * de[0] + d[1] * de[1] + d[2] * de[2] + d[3] * de[3]));
      }
    // G and Glocal: 2 * (+-e_k) entries; the unit-vector images give sign and k
    const Eigen::Matrix<double, 3, 4> G = EulerParametersToG<double>(e), Glocal = EulerParametersToGLocal<double>(e);
    k.G.resize(3, 4);
    k.Glocal.resize(3, 4);
    for (int kk = 0; kk < 4; ++kk) {
      const Eigen::Matrix<double, 3, 4> GOfUnit = EulerParametersToG<double>(Eigen::Vector4d::Unit(kk));
      const Eigen::Matrix<double, 3, 4> GlocalOfUnit = EulerParametersToGLocal<double>(Eigen::Vector4d::Unit(kk));
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) {
          if (GOfUnit(i, j) != 0.) k.G(i, j) = AD(G(i, j), Der(GOfUnit(i, j) * de[kk]));
          if (GlocalOfUnit(i, j) != 0.) k.Glocal(i, j) = AD(Glocal(i, j), Der(GlocalOfUnit(i, j) * de[kk]));
        }
    }
    const Eigen::Matrix<double, 3, 4> w_e = -EulerParametersToGLocal<double>(e_t);
    for (int i = 0; i < 3; ++i) {
      // the sum in the order of the AD product
      const double w =
          ((Glocal(i, 0) * e_t(0) + Glocal(i, 1) * e_t(1)) + Glocal(i, 2) * e_t(2)) + Glocal(i, 3) * e_t(3);
      Der dw = w_e(i, 0) * de[0] + w_e(i, 1) * de[1] + w_e(i, 2) * de[2] + w_e(i, 3) * de[3];
      dw += Glocal(i, 0) * de_t[0] + Glocal(i, 1) * de_t[1] + Glocal(i, 2) * de_t[2] + Glocal(i, 3) * de_t[3];
      k.angularVelocityLocal(i) = AD(w, dw);
    }
    k.Glocal_tTheta_t.setZero();
    k.numberOfCoordinates = 7;
    k.rotationStart = 3;
    k.hasOrientation = true;
    k.coordinates.resize(7);
    for (int i = 0; i < 7; ++i) k.coordinates(i) = AD(c.q(i).value() - referenceCoordinates(i), c.q(i).derivatives());
    k.coordinates_t = c.q_t;
    k.referenceCoordinates = referenceCoordinates.data();
  }

  // g = e^T e - 1 (position level) or 2 e^T e_t (velocity level).
  template <class S> void AlgebraicEquations(const NodeCoordinates<S>& c, bool velocityLevel, VecX<S>& g) const {
    g.resize(NumberOfAlgebraicEquations());
    if (g.size() == 0) return;
    const Eigen::Matrix<S, 4, 1> e = c.q.template segment<4>(3);
    g(0) = velocityLevel ? S(2. * e.dot(c.q_t.template segment<4>(3))) : S(e.squaredNorm() - 1.);
  }
  // C_q^T lambda = [0; 2 e lambda]
  template <class S> void AlgebraicForces(const NodeCoordinates<S>& c, const VectorX& lambda, VecX<S>& f) const {
    f.setZero(7);
    if (NumberOfAlgebraicEquations() == 0) return;
    f.template segment<4>(3) = c.q.template segment<4>(3) * S(2. * lambda(0));
  }

  Vector7 referenceCoordinates = (Vector7() << 0., 0., 0., 1., 0., 0., 0.).finished();
  Vector7 initialCoordinates = Vector7::Zero();
  Vector7 initialVelocities = Vector7::Zero();
  bool addConstraintEquation = true;
  BasicVisualization visualization;
};

}  // namespace multidyn
